import type { INodeProperties } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { jobIdField, readJobId } from '../../shared/jobId';
import { schedulerRequest, textAnswer } from '../../shared/request';

const show = { resource: ['schedule'], operation: ['resume'] };

export const description: INodeProperties[] = [jobIdField(show)];

export const execute = defineOperation<{ jobId: string }>({
	plan(itemIndex) {
		return { jobId: readJobId(this, itemIndex) };
	},
	async run({ jobId }, itemIndex) {
		const { body } = await schedulerRequest(this, { method: 'POST', endpoint: 'resumeJob', body: { jobId }, expect: 'text', itemIndex });
		return toItems({ jobId, state: textAnswer(this.getNode(), body, itemIndex, 'a job state') });
	},
});
