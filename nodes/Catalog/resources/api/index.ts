import type { INodeProperties } from 'n8n-workflow';

import * as call from './call';

export const operations = { call };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['api'] } },
		options: [
			{
				name: 'Call',
				value: 'call',
				action: 'Call catalog API',
				description: 'Send an authenticated request to a path under /api/public/v1/',
			},
		],
		default: 'call',
	},
	...call.description,
];
