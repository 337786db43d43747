import { type IDataObject, updateDisplayOptions } from 'n8n-workflow';

import { requestOperation, toItems } from '../../../common/executor';
import { controlPlan, readExecuteAnswer } from '../../shared/control';
import { executeFields, readExecute, UNAUTHORIZED, type ExecutePlan } from '../../shared/execute';

const show = { resource: ['transformation'], operation: ['execute'] };

export const description = updateDisplayOptions({ show }, [
	{
		displayName:
			'The server runs the transformation to its end before it answers and gives no ID, so a cancelled n8n execution cannot stop it: use \'Run and Wait\' to follow a long run, see its steps, or have it stopped when the execution is cancelled',
		name: 'executeNotice',
		type: 'notice',
		default: '',
	},
	...executeFields('transformation'),
]);

export const execute = requestOperation<ExecutePlan>({
	plan(itemIndex) {
		return readExecute(this, itemIndex, 'transformation');
	},
	async request(plan) {
		// POST executeTrans with a form body (the repository password never goes into a URL). It answers
		// an empty body when the transformation ended without errors, HTTP 500 with a webresult ERROR and
		// the log when it ended with errors (raised by the transport).
		return await controlPlan(this, { endpoint: 'executeTrans', params: plan.form, form: true, secrets: [plan.password], unauthorized: UNAUTHORIZED });
	},
	output(plan, response, itemIndex) {
		const answer = readExecuteAnswer(this.getNode(), { status: response.status, raw: String(response.body ?? '') }, `the execution of ${plan.path}`, itemIndex, [plan.password]);
		const json: IDataObject = {
			transName: plan.name,
			transPath: plan.path,
			source: plan.source,
			success: true,
			message: answer.result.message || 'The transformation ended without errors',
		};
		if (plan.source === 'repository') json.repository = plan.repository;
		// A step that writes to the servlet output (for example "Output to servlet") answers its rows here.
		if (answer.isOutput) json.output = answer.raw;
		return toItems(json);
	},
});
