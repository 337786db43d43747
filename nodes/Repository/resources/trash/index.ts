import type { INodeProperties } from 'n8n-workflow';

import * as deletePermanently from './deletePermanently';
import * as getMany from './getMany';
import * as moveToTrash from './moveToTrash';
import * as restore from './restore';

export const operations = { deletePermanently, getMany, moveToTrash, restore };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['trash'] } },
		options: [
			{ name: 'Delete Permanently', value: 'deletePermanently', action: 'Delete files permanently', description: 'Delete files or folders for good, from the trash or in place' },
			{ name: 'Get Many', value: 'getMany', action: 'Get many files in trash', description: "List the files in the current user's trash, one item each" },
			{ name: 'Move to Trash', value: 'moveToTrash', action: 'Move files to trash', description: 'Move files or folders to the trash' },
			{
				name: 'Restore',
				value: 'restore',
				action: 'Restore files from trash',
				description: 'Put trashed files or folders back in their original folder or in your home folder',
			},
		],
		default: 'getMany',
	},
	...moveToTrash.description,
	...deletePermanently.description,
	...getMany.description,
	...restore.description,
];
