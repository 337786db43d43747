import { updateDisplayOptions } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { limitOf, returnAllFields } from '../../../common/fields';
import { namesFromList } from '../../shared/nameList';
import { ANALYSIS_PATH } from '../../shared/paths';

const show = { resource: ['analysisSchema'], operation: ['getAll'] };

export const description = updateDisplayOptions({ show }, [...returnAllFields()]);

export const execute = requestOperation<{ limit?: number }>({
	plan(itemIndex) {
		return { limit: limitOf(this, itemIndex) };
	},
	request() {
		return { method: 'GET', path: ANALYSIS_PATH, expect: 'json' };
	},
	output(plan, { body }) {
		const ids = namesFromList(body);
		return (plan.limit === undefined ? ids : ids.slice(0, plan.limit)).map((catalogId) => ({ catalogId }));
	},
});
