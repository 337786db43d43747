import { updateDisplayOptions } from 'n8n-workflow';

import { binaryFromResponse } from '../../../common/binary';
import { requestOperation } from '../../../common/executor';
import { binaryOutputField, readBinaryPropertyName } from '../../../common/fields';
import { locatorField, locatorValue } from '../../shared/locators';
import { DSW_PATH } from '../../shared/paths';
import { refusals } from '../../shared/request';

const show = { resource: ['dswDomain'], operation: ['download'] };

export const description = updateDisplayOptions({ show }, [
	locatorField({
		displayName: 'Domain',
		name: 'domain',
		description: 'The data source wizard domain to download',
		searchListMethod: 'searchDomains',
		placeholder: 'e.g. sales_model.xmi',
	}),
	{ ...binaryOutputField(), displayOptions: { show } },
]);

export const execute = requestOperation<{ domainId: string; binaryProperty: string }>({
	plan(itemIndex) {
		return { domainId: locatorValue(this, 'domain', itemIndex, 'Domain'), binaryProperty: readBinaryPropertyName(this, itemIndex, 'output') };
	},
	request(plan) {
		return {
			method: 'GET', path: `${DSW_PATH}/${encodeURIComponent(plan.domainId)}`, expect: 'stream',
			refusals: refusals({ 500: `The server could not export the domain "${plan.domainId}": it answers this way when no domain has that ID` }),
		};
	},
	async output(plan, response) {
		// The server sends the XMI as it is, or a zip (XMI and analysis schema) named after the domain.
		const binary = await binaryFromResponse(this, response, {
			fileName: /\.xmi$/i.test(plan.domainId) ? plan.domainId : `${plan.domainId}.xmi`,
			mimeType: 'application/xml',
		});
		return [
			{
				json: { domainId: plan.domainId, fileName: binary.fileName, mimeType: binary.mimeType },
				binary: { [plan.binaryProperty]: binary },
			},
		];
	},
});
