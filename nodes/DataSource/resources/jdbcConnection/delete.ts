import type { INodeProperties } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { locatorField, locatorValue } from '../../shared/locators';
import { JDBC_PATH, segment } from '../../shared/paths';
import { manageRequest } from '../../shared/request';

const show = { resource: ['jdbcConnection'], operation: ['delete'] };

export const description: INodeProperties[] = [
	locatorField({
		displayName: 'Connection',
		name: 'connection',
		description: 'The JDBC connection to remove',
		searchListMethod: 'searchConnections',
		placeholder: 'SampleData',
		show,
	}),
];

export const execute = defineOperation<{ name: string }>({
	plan(itemIndex) {
		return { name: locatorValue(this, 'connection', itemIndex, 'Connection') };
	},
	async run(plan, itemIndex) {
		// 204: removed. 304: nothing removed (no such connection, or the user may not remove it).
		const response = await manageRequest(this, {
			method: 'DELETE',
			path: `${JDBC_PATH}/${segment(plan.name)}`,
			expect: 'empty',
			okStatuses: [304],
			itemIndex,
		});
		return toItems({ name: plan.name, deleted: response.status !== 304 });
	},
});
