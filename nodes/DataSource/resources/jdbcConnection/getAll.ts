import { updateDisplayOptions } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { limitOf, returnAllFields } from '../../../common/fields';
import { namesFromList } from '../../shared/nameList';
import { LIST_REFUSED } from '../../shared/jdbc';
import { JDBC_PATH } from '../../shared/paths';
import { refusals } from '../../shared/request';

const show = { resource: ['jdbcConnection'], operation: ['getAll'] };

export const description = updateDisplayOptions({ show }, [...returnAllFields()]);

export const execute = requestOperation<{ limit?: number }>({
	plan(itemIndex) {
		return { limit: limitOf(this, itemIndex) };
	},
	request() {
		return { method: 'GET', path: JDBC_PATH, expect: 'json', refusals: refusals({ 500: LIST_REFUSED }) };
	},
	output(plan, { body }) {
		const names = namesFromList(body);
		return (plan.limit === undefined ? names : names.slice(0, plan.limit)).map((name) => ({ name }));
	},
});
