import { type IDataObject, updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { controlRequest } from '../../shared/control';
import { executeFields, readExecute, UNAUTHORIZED, type ExecutePlan } from '../../shared/execute';
import { requireId } from '../../shared/webResult';

const show = { resource: ['job'], operation: ['execute'] };

export const description = updateDisplayOptions({ show }, [...executeFields('job')]);

export const execute = defineOperation<ExecutePlan>({
	plan(itemIndex) {
		return readExecute(this, itemIndex, 'job');
	},
	async run(plan, itemIndex) {
		const what = `the execution of ${plan.path}`;
		const { result } = await controlRequest(this, {
			endpoint: 'executeJob',
			params: plan.form,
			form: true,
			what,
			secrets: [plan.password],
			unauthorized: UNAUTHORIZED,
			itemIndex,
		});
		const json: IDataObject = {
			id: requireId(this.getNode(), result, itemIndex, what),
			jobName: plan.name,
			jobPath: plan.path,
			source: plan.source,
			message: result.message,
		};
		if (plan.source === 'repository') json.repository = plan.repository;
		return toItems(json);
	},
});
