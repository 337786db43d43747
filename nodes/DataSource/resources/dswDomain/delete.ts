import { updateDisplayOptions } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { locatorField, locatorValue } from '../../shared/locators';
import { DSW_PATH } from '../../shared/paths';
import { refusals } from '../../shared/request';

const show = { resource: ['dswDomain'], operation: ['delete'] };

export const description = updateDisplayOptions({ show }, [
	locatorField({
		displayName: 'Domain',
		name: 'domain',
		description: 'The data source wizard domain to remove',
		searchListMethod: 'searchDomains',
		placeholder: 'e.g. sales_model.xmi',
	}),
]);

export const execute = requestOperation<{ domainId: string }>({
	plan(itemIndex) {
		return { domainId: locatorValue(this, 'domain', itemIndex, 'Domain') };
	},
	request(plan) {
		// 200 without a body; the domain's analysis catalog is removed with it.
		return {
			method: 'DELETE', path: `${DSW_PATH}/${encodeURIComponent(plan.domainId)}`, expect: 'empty',
			refusals: refusals({ 500: `The server could not remove the domain "${plan.domainId}": it answers this way when no domain has that ID` }),
		};
	},
	output(plan) {
		return { domainId: plan.domainId, deleted: true };
	},
});
