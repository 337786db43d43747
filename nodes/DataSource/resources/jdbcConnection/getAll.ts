import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { dataflowRequest } from '../../../common/transport';
import { limitOf, returnAllFields } from '../../shared/fields';
import { namesFromList } from '../../shared/nameList';
import { JDBC_PATH } from '../../shared/paths';

const show = { resource: ['jdbcConnection'], operation: ['getAll'] };

export const description: INodeProperties[] = [...returnAllFields(show)];

export const execute = defineOperation<{ limit?: number }>({
	plan(itemIndex) {
		return { limit: limitOf(this, itemIndex) };
	},
	async run(plan, itemIndex) {
		const { body } = await dataflowRequest<IDataObject>(this, { method: 'GET', path: JDBC_PATH, expect: 'json', itemIndex });
		const names = namesFromList(body);
		return toItems((plan.limit === undefined ? names : names.slice(0, plan.limit)).map((name) => ({ name })));
	},
});
