import { updateDisplayOptions } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { jobIdField, readJobId } from '../../shared/jobId';
import { schedulerCall, textAnswer } from '../../shared/request';

const show = { resource: ['schedule'], operation: ['getState'] };

export const description = updateDisplayOptions({ show }, [jobIdField()]);

export const execute = requestOperation<{ jobId: string }>({
	plan(itemIndex) {
		return { jobId: readJobId(this, itemIndex) };
	},
	async request({ jobId }) {
		return await schedulerCall(this, { method: 'POST', endpoint: 'jobState', body: { jobId }, expect: 'text' });
	},
	output({ jobId }, { body }, itemIndex) {
		return { jobId, state: textAnswer(this.getNode(), body, itemIndex, 'a job state') };
	},
});
