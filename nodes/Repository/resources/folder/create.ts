import { NodeOperationError, type INodeProperties } from 'n8n-workflow';

import { requestOperation } from '../../shared/builders';
import { dirsUrl, filesUrl, pathField, readPath, show } from '../../shared/paths';
import { checkNames } from '../../shared/reserved';

const showOn = show('folder', 'create');

export const description: INodeProperties[] = [
	pathField(showOn, {
		description: 'Repository path of the new folder, such as /home/admin/reports. Missing parent folders are created too.',
		placeholder: '/home/admin/reports',
	}),
	{
		displayName: 'Use Files Endpoint',
		name: 'useFilesEndpoint',
		type: 'boolean',
		default: false,
		description:
			'Whether to create the folder with PUT /api/repo/files/{path}/createDir instead of PUT /api/repo/dirs/{path}, for servers that serve only that one',
		displayOptions: { show: showOn },
	},
];

interface Plan {
	path: string;
	useFilesEndpoint: boolean;
}

export const execute = requestOperation<Plan>({
	async plan(itemIndex) {
		const path = readPath(this, itemIndex);
		if (path === '/') throw new NodeOperationError(this.getNode(), 'The root folder already exists: give the path of a new folder', { itemIndex });
		await checkNames(this, itemIndex, path.split('/').filter(Boolean), 'The folder name');
		return { path, useFilesEndpoint: this.getNodeParameter('useFilesEndpoint', itemIndex, false) as boolean };
	},
	request: (plan) => ({
		method: 'PUT',
		path: plan.useFilesEndpoint ? filesUrl(plan.path, 'createDir') : dirsUrl(plan.path),
		expect: 'empty',
	}),
	output: (plan) => ({ path: plan.path, created: true }),
});
