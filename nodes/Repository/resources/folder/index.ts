import type { INodeProperties } from 'n8n-workflow';

import * as create from './create';
import * as getChildren from './getChildren';
import * as getDefaultLocation from './getDefaultLocation';
import * as getTree from './getTree';
import * as isVisible from './isVisible';

export const operations = { create, getChildren, getDefaultLocation, getTree, isVisible };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['folder'] } },
		options: [
			{ name: 'Create', value: 'create', action: 'Create folder', description: 'Create a folder and any missing parent folders' },
			{ name: 'Get Children', value: 'getChildren', action: 'Get children of folder', description: 'List the files and folders in a folder, one item each' },
			{ name: 'Get Default Location', value: 'getDefaultLocation', action: 'Get default location of folder', description: 'Get the default open or save location for a folder' },
			{ name: 'Get Tree', value: 'getTree', action: 'Get tree of folder', description: 'Get a folder with its files and folders to a given depth' },
			{ name: 'Is Visible', value: 'isVisible', action: 'Check whether folder is visible', description: 'Check whether a folder is visible to the current user' },
		],
		default: 'getChildren',
	},
	...create.description,
	...getChildren.description,
	...getTree.description,
	...isVisible.description,
	...getDefaultLocation.description,
];
