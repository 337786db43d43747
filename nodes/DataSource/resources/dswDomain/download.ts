import type { INodeProperties } from 'n8n-workflow';

import { binaryFromResponse } from '../../../common/binary';
import { defineOperation } from '../../../common/executor';
import { binaryFieldName, outputBinaryField } from '../../shared/fields';
import { locatorField, locatorValue } from '../../shared/locators';
import { DSW_PATH, segment } from '../../shared/paths';
import { dataflowRequest } from '../../../common/transport';
import { refusals } from '../../shared/request';

const show = { resource: ['dswDomain'], operation: ['download'] };

export const description: INodeProperties[] = [
	locatorField({
		displayName: 'Domain',
		name: 'domain',
		description: 'The data source wizard domain to download',
		searchListMethod: 'searchDomains',
		placeholder: 'sales_model.xmi',
		show,
	}),
	outputBinaryField(show),
];

export const execute = defineOperation<{ domainId: string; binaryProperty: string }>({
	plan(itemIndex) {
		return { domainId: locatorValue(this, 'domain', itemIndex, 'Domain'), binaryProperty: binaryFieldName(this, itemIndex) };
	},
	async run(plan, itemIndex) {
		const response = await dataflowRequest(this, {
			method: 'GET', path: `${DSW_PATH}/${segment(plan.domainId)}`, expect: 'stream',
			itemIndex,
			refusals: refusals({ 500: `The server could not export the domain "${plan.domainId}": it answers this way when no domain has that ID` }),
		});
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
