import { updateDisplayOptions } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { rawResponseOptions, readIncludeRaw } from '../../../common/fields';
import { jobFromBody, describeJob } from '../../shared/jobs';
import { schedulerCall } from '../../shared/request';

const show = { resource: ['schedule'], operation: ['getContentCleaner'] };

export const description = updateDisplayOptions({ show }, [
	{
		displayName: 'Returns the job that deletes old generated content, or no item when the server has none',
		name: 'contentCleanerNotice',
		type: 'notice',
		default: '',
	},
	rawResponseOptions(),
]);

export const execute = requestOperation<{ includeRaw: boolean }>({
	plan(itemIndex) {
		return { includeRaw: readIncludeRaw(this, itemIndex) };
	},
	async request() {
		// 204 No Content: the server has no cleaner job.
		return await schedulerCall(this, { method: 'GET', endpoint: 'getContentCleanerJob', expect: 'json' });
	},
	output(plan, { body }) {
		const job = jobFromBody(body);
		return job ? describeJob(job, plan.includeRaw) : [];
	},
});
