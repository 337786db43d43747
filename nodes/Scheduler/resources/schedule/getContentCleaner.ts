import { updateDisplayOptions } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { rawResponseOptions, readIncludeRaw } from '../../../common/fields';
import { jobFromBody, describeJob } from '../../shared/jobs';
import { schedulerCall } from '../../shared/request';
import { SIMPLE_SCHEDULE } from '../../shared/simplify';
import { SIMPLIFY_OPTION } from '../../../common/simplify';

const show = { resource: ['schedule'], operation: ['getContentCleaner'] };

export const description = updateDisplayOptions({ show }, [
	{
		displayName: 'Returns the job that deletes old generated content, or no item when the server has none',
		name: 'contentCleanerNotice',
		type: 'notice',
		default: '',
	},
	rawResponseOptions([SIMPLIFY_OPTION]),
]);

export const execute = requestOperation<{ includeRaw: boolean }>({
	plan(itemIndex) {
		return { includeRaw: readIncludeRaw(this, itemIndex) };
	},
	simplify: SIMPLE_SCHEDULE,
	async request() {
		// 204 No Content: the server has no cleaner job.
		return await schedulerCall(this, { method: 'GET', endpoint: 'getContentCleanerJob', expect: 'json' });
	},
	output(plan, { body }) {
		const job = jobFromBody(body);
		return job ? describeJob(job, plan.includeRaw) : [];
	},
});
