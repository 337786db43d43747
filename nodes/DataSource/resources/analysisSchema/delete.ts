import { updateDisplayOptions } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { locatorField, locatorValue } from '../../shared/locators';
import { ANALYSIS_PATH } from '../../shared/paths';
import { refusals } from '../../shared/request';

const show = { resource: ['analysisSchema'], operation: ['delete'] };

export const description = updateDisplayOptions({ show }, [
	locatorField({
		displayName: 'Catalog',
		name: 'catalog',
		description: 'The analysis catalog to remove',
		searchListMethod: 'searchCatalogs',
		placeholder: 'e.g. SteelWheels',
	}),
]);

export const execute = requestOperation<{ catalogId: string }>({
	plan(itemIndex) {
		return { catalogId: locatorValue(this, 'catalog', itemIndex, 'Catalog') };
	},
	request(plan) {
		// 200 without a body; a missing catalog fails inside the server (500 without a message of its own).
		return {
			method: 'DELETE', path: `${ANALYSIS_PATH}/${encodeURIComponent(plan.catalogId)}`, expect: 'empty',
			refusals: refusals({ 500: `The server could not remove the analysis catalog "${plan.catalogId}": it answers this way when no catalog has that name` }),
		};
	},
	output(plan) {
		return { catalogId: plan.catalogId, deleted: true };
	},
});
