import type { INodeProperties } from 'n8n-workflow';

import * as canSchedule from './canSchedule';
import * as getStatus from './getStatus';
import * as pause from './pause';
import * as resume from './resume';

export const operations = { canSchedule, getStatus, pause, resume };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['scheduler'] } },
		options: [
			{
				name: 'Can Schedule',
				value: 'canSchedule',
				action: 'Check whether user may schedule',
				description: 'Whether the user of the credential may schedule content',
			},
			{
				name: 'Get Status',
				value: 'getStatus',
				action: 'Get scheduler status',
				description: 'Get whether the scheduler is running, paused or stopped',
			},
			{ name: 'Pause', value: 'pause', action: 'Pause scheduler', description: 'Stop the scheduler from running any job until resumed' },
			{ name: 'Resume', value: 'resume', action: 'Resume scheduler', description: 'Start a paused scheduler again' },
		],
		default: 'canSchedule',
	},
	...canSchedule.description,
	...getStatus.description,
	...pause.description,
	...resume.description,
];
