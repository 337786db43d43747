import type { INodeProperties } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { yesNo } from '../../shared/answers';
import { schedulerRequest } from '../../shared/request';

export const description: INodeProperties[] = [];

export const execute = defineOperation({
	plan: () => ({}),
	async run(_plan, itemIndex) {
		// The server produces this one as JSON only (a bare true or false).
		const { body } = await schedulerRequest(this, { method: 'GET', endpoint: 'canSchedule', expect: 'json', itemIndex });
		return toItems({ canSchedule: yesNo(this.getNode(), body, itemIndex) });
	},
});
