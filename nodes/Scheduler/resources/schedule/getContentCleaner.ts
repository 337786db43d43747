import type { INodeProperties } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { jobFromBody, describeJob } from '../../shared/jobs';
import { schedulerRequest } from '../../shared/request';

export const description: INodeProperties[] = [
	{
		displayName: 'Returns the job that deletes old generated content, or no item when the server has none',
		name: 'contentCleanerNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { resource: ['schedule'], operation: ['getContentCleaner'] } },
	},
];

export const execute = defineOperation({
	plan: () => ({}),
	async run(_plan, itemIndex) {
		// 204 No Content: the server has no cleaner job.
		const { body } = await schedulerRequest(this, { method: 'GET', endpoint: 'getContentCleanerJob', expect: 'json', itemIndex });
		const job = jobFromBody(body);
		return job ? toItems(describeJob(job)) : [];
	},
});
