import type { INodeProperties } from 'n8n-workflow';

import { requestOperation } from '../../shared/builders';
import { dirsUrl, pathField, readPath, show } from '../../shared/paths';

const showOn = show('folder', 'getDefaultLocation');

export const description: INodeProperties[] = [
	pathField(showOn, { description: 'Repository path of the folder to open or save in', placeholder: '/public', folders: true }),
];

export const execute = requestOperation<{ path: string }>({
	plan(itemIndex) {
		return { path: readPath(this, itemIndex) };
	},
	request: (plan) => ({ method: 'GET', path: dirsUrl(plan.path, 'defaultLocation'), headers: { Accept: 'text/plain' }, expect: 'text' }),
	output: (plan, response) => ({ path: plan.path, defaultLocation: String(response.body ?? '').trim() }),
});
