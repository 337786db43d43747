import type { INodeProperties } from 'n8n-workflow';

import { yesNoOperation } from '../../shared/builders';
import { dirsUrl, pathField, readPath, show } from '../../shared/paths';

const showOn = show('folder', 'isVisible');

export const description: INodeProperties[] = [pathField(showOn, { description: 'Repository path of the folder', placeholder: '/public', folders: true })];

export const execute = yesNoOperation({
	key: 'visible',
	plan(itemIndex) {
		return { path: readPath(this, itemIndex) };
	},
	path: (plan) => dirsUrl(plan.path, 'isVisible'),
});
