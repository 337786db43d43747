import { updateDisplayOptions } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { jobIdField, readJobId } from '../../shared/jobId';
import { schedulerCall, textAnswer } from '../../shared/request';

const show = { resource: ['schedule'], operation: ['remove'] };

export const description = updateDisplayOptions({ show }, [jobIdField()]);

export const execute = requestOperation<{ jobId: string }>({
	plan(itemIndex) {
		return { jobId: readJobId(this, itemIndex) };
	},
	async request({ jobId }) {
		return await schedulerCall(this, { method: 'PUT', endpoint: 'removeJob', body: { jobId }, expect: 'text' });
	},
	output({ jobId }, { body }, itemIndex) {
		// REMOVED when the job is gone; otherwise the server answers the state the job is still in.
		const state = textAnswer(this.getNode(), body, itemIndex, 'a job state');
		return { jobId, deleted: state.toUpperCase() === 'REMOVED', state };
	},
});
