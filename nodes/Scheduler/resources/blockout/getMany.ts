import { updateDisplayOptions } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { limitOf, returnAllFields } from '../../../common/fields';
import { jobsFromBody, describeJob } from '../../shared/jobs';
import { schedulerCall } from '../../shared/request';

const show = { resource: ['blockout'], operation: ['getMany'] };

export const description = updateDisplayOptions({ show }, [
	...returnAllFields(),
]);

export const execute = requestOperation<{ limit?: number }>({
	plan(itemIndex) {
		return { limit: limitOf(this, itemIndex) };
	},
	async request() {
		return await schedulerCall(this, { method: 'GET', endpoint: 'blockout/blockoutjobs', expect: 'json' });
	},
	output({ limit }, { body }) {
		const blockouts = jobsFromBody(body).map(describeJob);
		return limit === undefined ? blockouts : blockouts.slice(0, limit);
	},
});
