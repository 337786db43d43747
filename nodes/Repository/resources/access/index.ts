import type { INodeProperties } from 'n8n-workflow';

import * as canAccess from './canAccess';
import * as canAdminister from './canAdminister';
import * as canCreate from './canCreate';
import * as canDownload from './canDownload';
import * as canEdit from './canEdit';
import * as canUpload from './canUpload';
import * as getAccessForPaths from './getAccessForPaths';
import * as getAccessMap from './getAccessMap';
import * as getAcl from './getAcl';
import * as updateAcl from './updateAcl';

export const operations = { canAccess, canAdminister, canCreate, canDownload, canEdit, canUpload, getAccessForPaths, getAccessMap, getAcl, updateAcl };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['access'] } },
		options: [
			{ name: 'Can Access', value: 'canAccess', action: 'Check access to file', description: 'Check whether the current user holds all the chosen permissions on a file' },
			{ name: 'Can Administer', value: 'canAdminister', action: 'Check whether user can administer', description: 'Check whether the current user may administer the repository' },
			{ name: 'Can Create', value: 'canCreate', action: 'Check whether user can create content', description: 'Check whether the current user may create content' },
			{ name: 'Can Download', value: 'canDownload', action: 'Check whether user can download', description: 'Check whether the current user may download (from a folder)' },
			{ name: 'Can Edit', value: 'canEdit', action: 'Check whether user can edit content', description: 'Check whether the current user may edit content' },
			{ name: 'Can Upload', value: 'canUpload', action: 'Check whether user can upload', description: 'Check whether the current user may upload (into a folder)' },
			{ name: 'Get Access for Paths', value: 'getAccessForPaths', action: 'Get access for several paths', description: 'Get the permissions the current user holds on several paths, one item per path' },
			{ name: 'Get Access Map', value: 'getAccessMap', action: 'Get access map of file', description: 'Check each chosen permission of the current user on a file' },
			{ name: 'Get ACL', value: 'getAcl', action: 'Get ACL of file', description: 'Get the access control list of a file or folder' },
			{ name: 'Update ACL', value: 'updateAcl', action: 'Update ACL of file', description: 'Replace the access control list of a file or folder' },
		],
		default: 'getAcl',
	},
	...getAcl.description,
	...updateAcl.description,
	...canAccess.description,
	...getAccessMap.description,
	...canAdminister.description,
	...canCreate.description,
	...canEdit.description,
	...canDownload.description,
	...canUpload.description,
	...getAccessForPaths.description,
];
