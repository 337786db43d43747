import type { INodeProperties } from 'n8n-workflow';

import * as getToken from './getToken';

export const operations = { getToken };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['token'] } },
		options: [
			{
				name: 'Get Token',
				value: 'getToken',
				action: 'Get access token',
				description: 'Log in and return a new access token with its expiry',
			},
		],
		default: 'getToken',
	},
	...getToken.description,
];
