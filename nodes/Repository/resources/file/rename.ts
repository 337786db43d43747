import { NodeOperationError, type INodeProperties } from 'n8n-workflow';

import { apiError } from '../../../common/transport';
import { requestOperation } from '../../shared/builders';
import { filesUrl, joinPath, pathField, readPath, show } from '../../shared/paths';
import { checkNames } from '../../shared/reserved';
import { baseName } from '../../../common/repositoryPath';

const showOn = show('file', 'rename');

export const description: INodeProperties[] = [
	pathField(showOn, { description: 'Repository path of the file or folder to rename' }),
	{
		displayName: 'New Name',
		name: 'newName',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'sales_2024.ktr',
		description: 'The new name (only the name: the file stays in its folder)',
		displayOptions: { show: showOn },
	},
];

interface Plan {
	path: string;
	newName: string;
}

export const execute = requestOperation<Plan>({
	async plan(itemIndex) {
		const path = readPath(this, itemIndex);
		if (path === '/') throw new NodeOperationError(this.getNode(), 'The root folder cannot be renamed', { itemIndex });
		const newName = String(this.getNodeParameter('newName', itemIndex, '') ?? '').trim();
		if (newName === '') throw new NodeOperationError(this.getNode(), 'The new name is empty', { itemIndex });
		if (newName.includes('/') || newName.includes(':') || newName === '.' || newName === '..') {
			throw new NodeOperationError(this.getNode(), `The new name "${newName}" may not contain "/" or ":" (give only the name, not a path)`, { itemIndex });
		}
		await checkNames(this, itemIndex, [newName], 'The new name');
		return { path, newName };
	},
	request: (plan) => ({ method: 'PUT', path: filesUrl(plan.path, 'rename'), qs: { newName: plan.newName }, expect: 'text' }),
	output(plan, response, itemIndex) {
		const text = typeof response.body === 'string' ? response.body.trim() : '';
		// Older servers answer a missing file with 200 and a text saying so.
		if (/does not exist|not found/i.test(text)) {
			throw apiError(this.getNode(), { message: `${text} (${plan.path})`, httpCode: String(response.status), itemIndex });
		}
		const parent = plan.path.slice(0, plan.path.length - baseName(plan.path).length - 1) || '/';
		return { path: plan.path, newName: plan.newName, newPath: joinPath(parent, plan.newName), renamed: true };
	},
});
