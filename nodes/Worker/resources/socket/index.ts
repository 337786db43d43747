import type { INodeProperties } from 'n8n-workflow';

import * as allocate from './allocate';
import * as list from './list';

export const operations = { allocate, list };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['socket'] } },
		options: [
			{
				name: 'Allocate',
				value: 'allocate',
				action: 'Allocate socket port',
				description: 'Reserve a port, unique for its host, for data exchange between slave transformations',
			},
			{
				name: 'Get Many',
				value: 'list',
				action: 'Get many socket ports',
				description: 'List the ports of a host, one item per port',
			},
		],
		default: 'allocate',
	},
	...allocate.description,
	...list.description,
];
