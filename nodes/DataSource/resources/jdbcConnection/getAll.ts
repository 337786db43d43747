import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { limitOf, returnAllFields } from '../../shared/fields';
import { namesFromList } from '../../shared/nameList';
import { LIST_REFUSED } from '../../shared/jdbc';
import { JDBC_PATH } from '../../shared/paths';
import { dataflowRequest } from '../../../common/transport';
import { refusals } from '../../shared/request';

const show = { resource: ['jdbcConnection'], operation: ['getAll'] };

export const description: INodeProperties[] = [...returnAllFields(show)];

export const execute = defineOperation<{ limit?: number }>({
	plan(itemIndex) {
		return { limit: limitOf(this, itemIndex) };
	},
	async run(plan, itemIndex) {
		const { body } = await dataflowRequest<IDataObject>(this, { method: 'GET', path: JDBC_PATH, expect: 'json', itemIndex, refusals: refusals({ 500: LIST_REFUSED }) });
		const names = namesFromList(body);
		return toItems((plan.limit === undefined ? names : names.slice(0, plan.limit)).map((name) => ({ name })));
	},
});
