import type { INodeProperties } from 'n8n-workflow';

import { requestOperation } from '../../shared/builders';
import { FILES, pathField, readPath, show } from '../../shared/paths';

const showOn = show('file', 'exists');

export const description: INodeProperties[] = [pathField(showOn)];

export const execute = requestOperation<{ path: string }>({
	plan(itemIndex) {
		return { path: readPath(this, itemIndex) };
	},
	// The exists endpoint takes the URL-encoded slash path, not a path id.
	request: (plan) => ({ method: 'GET', path: `${FILES}/exists`, qs: { pathId: plan.path }, expect: 'empty', okStatuses: [404] }),
	output: (plan, response) => ({ path: plan.path, exists: response.status !== 404 }),
});
