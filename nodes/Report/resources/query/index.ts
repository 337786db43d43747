import type { INodeProperties } from 'n8n-workflow';

import * as listQueries from './listQueries';
import * as run from './run';

export const operations = { listQueries, run };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['query'] } },
		options: [
			{
				name: 'Get Many',
				value: 'listQueries',
				action: 'Get many queries of CDA file',
				description: "List the queries of a .cda data access file, one item each, with their parameters (name, type, default). Call it before 'Run' to know the query IDs and parameters.",
			},
			{
				name: 'Run',
				value: 'run',
				action: 'Run CDA query',
				description: 'Run a query of a .cda file with parameter values and get one item per row, columns typed from the answer\'s metadata',
			},
		],
		default: 'run',
	},
	...listQueries.description,
	...run.description,
];
