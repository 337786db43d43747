import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { rawResponseOptions, readIncludeRaw } from '../../../common/fields';
import { jobIdField, readJobId } from '../../shared/jobId';
import { jobFromBody, describeJob } from '../../shared/jobs';
import { schedulerCall } from '../../shared/request';
import { SIMPLE_SCHEDULE } from '../../shared/simplify';
import { SIMPLIFY_OPTION } from '../../../common/simplify';

const show = { resource: ['schedule'], operation: ['get'] };

export const description = updateDisplayOptions({ show }, [jobIdField(), rawResponseOptions([SIMPLIFY_OPTION])]);

export const execute = requestOperation<{ jobId: string; includeRaw: boolean }>({
	plan(itemIndex) {
		return { jobId: readJobId(this, itemIndex), includeRaw: readIncludeRaw(this, itemIndex) };
	},
	simplify: SIMPLE_SCHEDULE,
	async request({ jobId }) {
		return await schedulerCall(this, { method: 'GET', endpoint: 'jobinfo', qs: { jobId }, expect: 'json' });
	},
	output({ jobId, includeRaw }, { body, status }, itemIndex) {
		const job = jobFromBody(body);
		if (!job) {
			throw new NodeOperationError(this.getNode(), `No job "${jobId.replace(/\t/g, '\\t')}": it has finished or does not exist`, {
				itemIndex,
				description: `The scheduler answered HTTP ${status} without a job`,
			});
		}
		return describeJob(job, includeRaw);
	},
});
