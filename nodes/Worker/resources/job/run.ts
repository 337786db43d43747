import { type IDataObject, updateDisplayOptions } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { rawResponseOptions, readIncludeRaw } from '../../../common/fields';
import { workerEndpoint } from '../../shared/fields';
import { readRunJob, runJobFields, runJobLogLevel, type RunJobPlan } from '../../shared/runJob';
import { readWebResult, requireId } from '../../shared/webResult';

const show = { resource: ['job'], operation: ['run'] };

export const description = updateDisplayOptions({ show }, [
	...runJobFields(),
	rawResponseOptions([runJobLogLevel()]),
]);

interface Plan extends RunJobPlan {
	includeRaw: boolean;
}

export const execute = requestOperation<Plan>({
	plan(itemIndex) {
		return { ...readRunJob(this, itemIndex), includeRaw: readIncludeRaw(this, itemIndex) };
	},
	request: async function (plan) {
		return {
			method: 'GET',
			path: await workerEndpoint(this, 'runJob'),
			qs: { job: plan.jobPath, level: plan.level, ...plan.parameters },
			expect: 'xml',
		};
	},
	output(plan, response, itemIndex) {
		const what = `the run of ${plan.jobPath}`;
		const result = readWebResult(this.getNode(), response.body as IDataObject, itemIndex, what);
		const id = requireId(this.getNode(), result, itemIndex, what);
		const json: IDataObject = { id, jobName: plan.jobName, jobPath: plan.jobPath, message: result.message };
		if (plan.includeRaw) json.raw = response.raw;
		return json;
	},
});
