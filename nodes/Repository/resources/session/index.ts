import type { INodeProperties } from 'n8n-workflow';

import * as isAdministrator from './isAdministrator';
import * as isAuthenticated from './isAuthenticated';

export const operations = { isAdministrator, isAuthenticated };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['session'] } },
		options: [
			{ name: 'Is Administrator', value: 'isAdministrator', action: 'Check whether user is administrator', description: 'Check whether the credential\'s user is an administrator' },
			{ name: 'Is Authenticated', value: 'isAuthenticated', action: 'Check whether user is authenticated', description: 'Check whether the server accepts the credential\'s user' },
		],
		default: 'isAuthenticated',
	},
];
