import type { INodeProperties } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { booleanAnswer } from '../../../common/values';
import { schedulerCall } from '../../shared/request';

export const description: INodeProperties[] = [];

export const execute = requestOperation({
	plan: () => ({}),
	async request() {
		// The server produces this one as JSON only (a bare true or false).
		return await schedulerCall(this, { method: 'GET', endpoint: 'canSchedule', expect: 'json' });
	},
	output(_plan, { body }, itemIndex) {
		return { canSchedule: booleanAnswer(this, { body }, itemIndex) };
	},
});
