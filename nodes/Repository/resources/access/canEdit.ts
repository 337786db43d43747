import type { INodeProperties } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { requireVersion, YES_NO, yesNoAnswer } from '../../shared/builders';
import { FILES } from '../../shared/paths';

/** Whether the current user may edit content: `GET /api/repo/files/canEdit`, which exists from 9.4 on
 * (pentaho-platform:extensions/.../resources/FileResource.java `doGetCanEdit`@9.4.0.0-374; absent
 * @9.3.0.0-422, where the request would reach GET {pathId} and answer 404), so older servers are told before the request. */
export const description: INodeProperties[] = [];

export const execute = requestOperation({
	plan: () => ({}),
	async request(_plan, itemIndex) {
		await requireVersion(this, itemIndex, '9.4', 'Can Edit');
		return { ...YES_NO, path: `${FILES}/canEdit` };
	},
	output(_plan, response, itemIndex) {
		return { canEdit: yesNoAnswer(this, response, itemIndex) };
	},
});
