import { updateDisplayOptions } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { limitOf, rawResponseOptions, readIncludeRaw, returnAllFields } from '../../../common/fields';
import { jobsFromBody, describeJob } from '../../shared/jobs';
import { schedulerCall } from '../../shared/request';

const show = { resource: ['blockout'], operation: ['getMany'] };

export const description = updateDisplayOptions({ show }, [
	...returnAllFields(),
	rawResponseOptions(),
]);

export const execute = requestOperation<{ limit?: number; includeRaw: boolean }>({
	plan(itemIndex) {
		return { limit: limitOf(this, itemIndex), includeRaw: readIncludeRaw(this, itemIndex) };
	},
	async request() {
		return await schedulerCall(this, { method: 'GET', endpoint: 'blockout/blockoutjobs', expect: 'json' });
	},
	output({ limit, includeRaw }, { body }) {
		const blockouts = jobsFromBody(body).map((job) => describeJob(job, includeRaw));
		return limit === undefined ? blockouts : blockouts.slice(0, limit);
	},
});
