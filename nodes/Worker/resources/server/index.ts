import type { INodeProperties } from 'n8n-workflow';

import * as getStatus from './getStatus';
import * as stop from './stop';

export const operations = { getStatus, stop };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['server'] } },
		options: [
			{
				name: 'Get Status',
				value: 'getStatus',
				action: 'Get status of server',
				description: 'Get the operating system, memory and CPU of the server, and its jobs and transformations (on a Hop Server: its workflows and pipelines)',
			},
			{
				name: 'Stop',
				value: 'stop',
				action: 'Stop and shut down worker server',
				description: 'Shut a standalone worker server or a Hop Server (2.19 or later) down; the worker inside the BI server refuses',
			},
		],
		default: 'getStatus',
	},
	...getStatus.description,
	...stop.description,
];
