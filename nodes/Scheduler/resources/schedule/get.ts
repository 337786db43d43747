import { NodeOperationError, type IDataObject, type INodeProperties } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { jobIdField, readJobId } from '../../shared/jobId';
import { jobFromBody, describeJob } from '../../shared/jobs';
import { schedulerRequest } from '../../shared/request';

const show = { resource: ['schedule'], operation: ['get'] };

export const description: INodeProperties[] = [jobIdField(show)];

export const execute = defineOperation<{ jobId: string }>({
	plan(itemIndex) {
		return { jobId: readJobId(this, itemIndex) };
	},
	async run({ jobId }, itemIndex) {
		const { body, status } = await schedulerRequest<IDataObject>(this, {
			method: 'GET',
			endpoint: 'jobinfo',
			qs: { jobId },
			expect: 'json',
			itemIndex,
		});
		const job = jobFromBody(body);
		if (!job) {
			throw new NodeOperationError(this.getNode(), `No job "${jobId.replace(/\t/g, '\\t')}": it has finished or does not exist`, {
				itemIndex,
				description: `The scheduler answered HTTP ${status} without a job`,
			});
		}
		return toItems(describeJob(job));
	},
});
