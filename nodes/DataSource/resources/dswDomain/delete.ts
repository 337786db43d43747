import type { INodeProperties } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { locatorField, locatorValue } from '../../shared/locators';
import { DSW_PATH, segment } from '../../shared/paths';
import { dataflowRequest } from '../../../common/transport';
import { refusals } from '../../shared/request';

const show = { resource: ['dswDomain'], operation: ['delete'] };

export const description: INodeProperties[] = [
	locatorField({
		displayName: 'Domain',
		name: 'domain',
		description: 'The data source wizard domain to remove',
		searchListMethod: 'searchDomains',
		placeholder: 'sales_model.xmi',
		show,
	}),
];

export const execute = defineOperation<{ domainId: string }>({
	plan(itemIndex) {
		return { domainId: locatorValue(this, 'domain', itemIndex, 'Domain') };
	},
	async run(plan, itemIndex) {
		// 200 without a body; the domain's analysis catalog is removed with it.
		await dataflowRequest(this, {
			method: 'DELETE', path: `${DSW_PATH}/${segment(plan.domainId)}`, expect: 'empty',
			itemIndex,
			refusals: refusals({ 500: `The server could not remove the domain "${plan.domainId}": it answers this way when no domain has that ID` }),
		});
		return toItems({ domainId: plan.domainId, deleted: true });
	},
});
