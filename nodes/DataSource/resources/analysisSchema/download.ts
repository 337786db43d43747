import { updateDisplayOptions } from 'n8n-workflow';

import { binaryFromResponse } from '../../../common/binary';
import { requestOperation } from '../../../common/executor';
import { binaryOutputField, readBinaryPropertyName } from '../../../common/fields';
import { locatorField, locatorValue } from '../../shared/locators';
import { ANALYSIS_PATH } from '../../shared/paths';
import { refusals } from '../../shared/request';

const show = { resource: ['analysisSchema'], operation: ['download'] };

export const description = updateDisplayOptions({ show }, [
	locatorField({
		displayName: 'Catalog',
		name: 'catalog',
		description: 'The analysis catalog whose schema to download',
		searchListMethod: 'searchCatalogs',
		placeholder: 'e.g. SteelWheels',
	}),
	{ ...binaryOutputField(), displayOptions: { show } },
]);

export const execute = requestOperation<{ catalogId: string; binaryProperty: string }>({
	plan(itemIndex) {
		return { catalogId: locatorValue(this, 'catalog', itemIndex, 'Catalog'), binaryProperty: readBinaryPropertyName(this, itemIndex, 'output') };
	},
	request(plan) {
		// 400 without a message: no catalog of that name (the repository has no folder for it).
		return {
			method: 'GET', path: `${ANALYSIS_PATH}/${encodeURIComponent(plan.catalogId)}`, expect: 'stream',
			refusals: refusals({ 400: `The server has no analysis catalog "${plan.catalogId}" (it answered 400)` }),
		};
	},
	async output(plan, response) {
		const binary = await binaryFromResponse(this, response, {
			fileName: `${plan.catalogId}.mondrian.xml`,
			mimeType: 'application/xml',
		});
		return [
			{
				json: { catalogId: plan.catalogId, fileName: binary.fileName, mimeType: binary.mimeType },
				binary: { [plan.binaryProperty]: binary },
			},
		];
	},
});
