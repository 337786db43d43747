import type { INodeProperties } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { booleanAnswer } from '../../../common/values';
import { schedulerCall } from '../../shared/request';

export const description: INodeProperties[] = [];

export const execute = requestOperation({
	plan: () => ({}),
	async request() {
		return await schedulerCall(this, { method: 'GET', endpoint: 'blockout/hasblockouts', expect: 'text' });
	},
	output(_plan, { body }, itemIndex) {
		return { hasBlockouts: booleanAnswer(this, { body }, itemIndex) };
	},
});
