import type { INodeProperties } from 'n8n-workflow';

import { binaryFromResponse } from '../../../common/binary';
import { defineOperation } from '../../../common/executor';
import { binaryFieldName, outputBinaryField } from '../../shared/fields';
import { locatorField, locatorValue } from '../../shared/locators';
import { ANALYSIS_PATH, segment } from '../../shared/paths';
import { dataflowRequest } from '../../../common/transport';
import { refusals } from '../../shared/request';

const show = { resource: ['analysisSchema'], operation: ['download'] };

export const description: INodeProperties[] = [
	locatorField({
		displayName: 'Catalog',
		name: 'catalog',
		description: 'The analysis catalog whose schema to download',
		searchListMethod: 'searchCatalogs',
		placeholder: 'SteelWheels',
		show,
	}),
	outputBinaryField(show),
];

export const execute = defineOperation<{ catalogId: string; binaryProperty: string }>({
	plan(itemIndex) {
		return { catalogId: locatorValue(this, 'catalog', itemIndex, 'Catalog'), binaryProperty: binaryFieldName(this, itemIndex) };
	},
	async run(plan, itemIndex) {
		// 400 without a message: no catalog of that name (the repository has no folder for it).
		const response = await dataflowRequest(this, {
			method: 'GET', path: `${ANALYSIS_PATH}/${segment(plan.catalogId)}`, expect: 'stream',
			itemIndex,
			refusals: refusals({ 400: `The server has no analysis catalog "${plan.catalogId}" (it answered 400)` }),
		});
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
