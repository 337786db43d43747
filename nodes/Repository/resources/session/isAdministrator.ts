import type { INodeProperties } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { YES_NO, yesNoAnswer } from '../../shared/builders';

/** Whether the credential's user is an administrator: `GET /api/mantle/isAdministrator`. */
export const description: INodeProperties[] = [];

export const execute = requestOperation({
	plan: () => ({}),
	request() {
		return { ...YES_NO, path: '/api/mantle/isAdministrator' };
	},
	output(_plan, response, itemIndex) {
		return { isAdministrator: yesNoAnswer(this, response, itemIndex) };
	},
});
