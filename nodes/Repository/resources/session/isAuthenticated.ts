import type { INodeProperties } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { YES_NO, yesNoAnswer } from '../../shared/builders';

/** Whether the server accepts the credential's user: `GET /api/mantle/isAuthenticated`; a 401 is the answer "false", not a failure. */
export const description: INodeProperties[] = [];

export const execute = requestOperation({
	plan: () => ({}),
	request() {
		return { ...YES_NO, path: '/api/mantle/isAuthenticated', okStatuses: [401] };
	},
	output(_plan, response, itemIndex) {
		return { isAuthenticated: yesNoAnswer(this, response, itemIndex, [401]) };
	},
});
