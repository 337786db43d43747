import { type IDataObject, updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { rawResponseOptions, readIncludeRaw } from '../../../common/fields';
import { readRunJob, runJobFields, startJob, type RunJobPlan } from '../../shared/runJob';

const show = { resource: ['job'], operation: ['run'] };

export const description = updateDisplayOptions({ show }, [
	...runJobFields(),
	rawResponseOptions(),
]);

interface Plan extends RunJobPlan {
	includeRaw: boolean;
}

export const execute = defineOperation<Plan>({
	plan(itemIndex) {
		return { ...readRunJob(this, itemIndex), includeRaw: readIncludeRaw(this, itemIndex) };
	},
	async run(plan, itemIndex) {
		const started = await startJob(this, plan, itemIndex);
		const json: IDataObject = { id: started.id, jobName: plan.jobName, jobPath: plan.jobPath, message: started.message };
		if (plan.includeRaw) json.raw = started.raw;
		return toItems(json);
	},
});
