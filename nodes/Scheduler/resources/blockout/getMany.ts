import type { INodeProperties } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { limitOf, returnAllFields } from '../../../common/fields';
import { jobsFromBody, describeJob } from '../../shared/jobs';
import { schedulerRequest } from '../../shared/request';

const show = { resource: ['blockout'], operation: ['getMany'] };

export const description: INodeProperties[] = [
	...returnAllFields(show),
];

export const execute = defineOperation<{ limit?: number }>({
	plan(itemIndex) {
		return { limit: limitOf(this, itemIndex) };
	},
	async run({ limit }, itemIndex) {
		const { body } = await schedulerRequest(this, { method: 'GET', endpoint: 'blockout/blockoutjobs', expect: 'json', itemIndex });
		const blockouts = jobsFromBody(body).map(describeJob);
		return toItems(limit === undefined ? blockouts : blockouts.slice(0, limit));
	},
});
