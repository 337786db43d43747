import type { INodeProperties } from 'n8n-workflow';

import * as reserve from './reserve';

export const operations = { reserve };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['sequence'] } },
		options: [
			{
				name: 'Reserve',
				value: 'reserve',
				action: 'Reserve block of sequence values',
				description: 'Reserve a block of values from a sequence configured on the server and return the first one',
			},
		],
		default: 'reserve',
	},
	...reserve.description,
];
