import { updateDisplayOptions } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
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
]);

export const execute = requestOperation({
	plan: () => ({}),
	async request() {
		// 204 No Content: the server has no cleaner job.
		return await schedulerCall(this, { method: 'GET', endpoint: 'getContentCleanerJob', expect: 'json' });
	},
	output(_plan, { body }) {
		const job = jobFromBody(body);
		return job ? describeJob(job) : [];
	},
});
