import type { INodeProperties } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { schedulerRequest, textAnswer } from '../../shared/request';

export const description: INodeProperties[] = [];

export const execute = defineOperation({
	concurrency: 1,
	plan: () => ({}),
	async run(_plan, itemIndex) {
		// The server pauses only for users who may schedule; others get the unchanged status.
		const { body } = await schedulerRequest(this, { method: 'POST', endpoint: 'pause', expect: 'text', itemIndex });
		return toItems({ status: textAnswer(this.getNode(), body, itemIndex, 'a scheduler status') });
	},
});
