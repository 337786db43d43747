import type { INodeProperties } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { schedulerRequest, textAnswer } from '../../shared/request';

export const description: INodeProperties[] = [];

export const execute = defineOperation({
	plan: () => ({}),
	async run(_plan, itemIndex) {
		const { body } = await schedulerRequest(this, { method: 'GET', endpoint: 'state', expect: 'text', itemIndex });
		return toItems({ status: textAnswer(this.getNode(), body, itemIndex, 'a scheduler status') });
	},
});
