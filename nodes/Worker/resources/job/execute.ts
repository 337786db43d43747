import { type IDataObject, updateDisplayOptions } from 'n8n-workflow';

import { requestOperation, toItems } from '../../../common/executor';
import { controlPlan, readControlAnswer } from '../../shared/control';
import { workerEndpoint } from '../../shared/fields';
import { executeFields, readExecute, UNAUTHORIZED, type ExecutePlan } from '../../shared/execute';
import { requireId } from '../../shared/webResult';

const show = { resource: ['job'], operation: ['execute'] };

export const description = updateDisplayOptions({ show }, [...executeFields('job')]);

export const execute = requestOperation<ExecutePlan>({
	plan(itemIndex) {
		return readExecute(this, itemIndex, 'job');
	},
	async request(plan) {
		// POST executeJob with a form body: the repository password never goes into a URL.
		return await controlPlan(this, { endpoint: 'executeJob', params: plan.form, form: true, secrets: [plan.password], unauthorized: UNAUTHORIZED });
	},
	async output(plan, response, itemIndex) {
		const what = `the execution of ${plan.path}`;
		const answer = { status: response.status, raw: String(response.body ?? ''), request: `POST ${await workerEndpoint(this, 'executeJob')}` };
		const { result } = readControlAnswer(this.getNode(), answer, what, itemIndex, [plan.password]);
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
