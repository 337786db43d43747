import type { INodeProperties } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { yesNo } from '../../shared/answers';
import { schedulerRequest } from '../../shared/request';

export const description: INodeProperties[] = [];

export const execute = defineOperation({
	plan: () => ({}),
	async run(_plan, itemIndex) {
		const { body } = await schedulerRequest(this, { method: 'GET', endpoint: 'blockout/hasblockouts', expect: 'text', itemIndex });
		return toItems({ hasBlockouts: yesNo(this.getNode(), body, itemIndex) });
	},
});
