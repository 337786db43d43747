import type { INodeProperties } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { locatorField, locatorValue } from '../../shared/locators';
import { ANALYSIS_PATH, segment } from '../../shared/paths';
import { dataflowRequest } from '../../../common/transport';
import { refusals } from '../../shared/request';

const show = { resource: ['analysisSchema'], operation: ['delete'] };

export const description: INodeProperties[] = [
	locatorField({
		displayName: 'Catalog',
		name: 'catalog',
		description: 'The analysis catalog to remove',
		searchListMethod: 'searchCatalogs',
		placeholder: 'SteelWheels',
		show,
	}),
];

export const execute = defineOperation<{ catalogId: string }>({
	plan(itemIndex) {
		return { catalogId: locatorValue(this, 'catalog', itemIndex, 'Catalog') };
	},
	async run(plan, itemIndex) {
		// 200 without a body; a missing catalog fails inside the server (500 without a message of its own).
		await dataflowRequest(this, {
			method: 'DELETE', path: `${ANALYSIS_PATH}/${segment(plan.catalogId)}`, expect: 'empty',
			itemIndex,
			refusals: refusals({ 500: `The server could not remove the analysis catalog "${plan.catalogId}": it answers this way when no catalog has that name` }),
		});
		return toItems({ catalogId: plan.catalogId, deleted: true });
	},
});
