import type { INodeProperties } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { jobsFromBody, normalizeJob } from '../../shared/jobs';
import { schedulerRequest } from '../../shared/request';

const show = { resource: ['blockout'], operation: ['getMany'] };

export const description: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
		displayOptions: { show },
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { ...show, returnAll: [false] } },
	},
];

export const execute = defineOperation<{ limit?: number }>({
	plan(itemIndex) {
		const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
		return returnAll ? {} : { limit: this.getNodeParameter('limit', itemIndex, 50) as number };
	},
	async run({ limit }, itemIndex) {
		const { body } = await schedulerRequest(this, { method: 'GET', endpoint: 'blockout/blockoutjobs', expect: 'json', itemIndex });
		const blockouts = jobsFromBody(body).map(normalizeJob);
		return toItems(limit === undefined ? blockouts : blockouts.slice(0, limit));
	},
});
