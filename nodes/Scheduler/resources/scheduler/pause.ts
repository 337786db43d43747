import type { INodeProperties } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { schedulerCall, textAnswer } from '../../shared/request';

export const description: INodeProperties[] = [];

export const execute = requestOperation({
	concurrency: 1,
	plan: () => ({}),
	async request() {
		// The server pauses only for users who may schedule; others get the unchanged status.
		return await schedulerCall(this, { method: 'POST', endpoint: 'pause', expect: 'text' });
	},
	output(_plan, { body }, itemIndex) {
		return { status: textAnswer(this.getNode(), body, itemIndex, 'a scheduler status') };
	},
});
