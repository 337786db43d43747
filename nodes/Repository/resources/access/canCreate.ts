import type { INodeProperties } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { YES_NO, yesNoAnswer } from '../../shared/builders';
import { FILES } from '../../shared/paths';

/** Whether the current user may create content: `GET /api/repo/files/canCreate`. */
export const description: INodeProperties[] = [];

export const execute = requestOperation({
	plan: () => ({}),
	request() {
		return { ...YES_NO, path: `${FILES}/canCreate` };
	},
	output(_plan, response, itemIndex) {
		return { canCreate: yesNoAnswer(this, response, itemIndex) };
	},
});
