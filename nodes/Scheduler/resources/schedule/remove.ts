import type { INodeProperties } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { jobIdField, readJobId } from '../../shared/jobId';
import { schedulerRequest, textAnswer } from '../../shared/request';

const show = { resource: ['schedule'], operation: ['remove'] };

export const description: INodeProperties[] = [jobIdField(show)];

export const execute = defineOperation<{ jobId: string }>({
	plan(itemIndex) {
		return { jobId: readJobId(this, itemIndex) };
	},
	async run({ jobId }, itemIndex) {
		const { body } = await schedulerRequest(this, { method: 'PUT', endpoint: 'removeJob', body: { jobId }, expect: 'text', itemIndex });
		// REMOVED when the job is gone; otherwise the server answers the state the job is still in.
		const state = textAnswer(this.getNode(), body, itemIndex, 'a job state');
		return toItems({ jobId, removed: state.toUpperCase() === 'REMOVED', state });
	},
});
