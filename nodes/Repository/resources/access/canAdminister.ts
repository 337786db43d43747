import type { INodeProperties } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { YES_NO, yesNoAnswer } from '../../shared/builders';
import { FILES } from '../../shared/paths';

/** Whether the current user may administer the repository: `GET /api/repo/files/canAdminister`. */
export const description: INodeProperties[] = [];

export const execute = requestOperation({
	plan: () => ({}),
	request() {
		return { ...YES_NO, path: `${FILES}/canAdminister` };
	},
	output(_plan, response, itemIndex) {
		return { canAdminister: yesNoAnswer(this, response, itemIndex) };
	},
});
