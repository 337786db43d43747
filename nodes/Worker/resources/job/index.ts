import type { INodeProperties } from 'n8n-workflow';

import * as add from './add';
import * as getImage from './getImage';
import * as getStatus from './getStatus';
import * as run from './run';
import * as runAndWait from './runAndWait';

export const operations = { add, getImage, getStatus, run, runAndWait };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['job'] } },
		options: [
			{
				name: 'Add',
				value: 'add',
				action: 'Add a job',
				description: 'Add a job to the server from a .kjb definition, with its log level, parameters and variables',
			},
			{
				name: 'Get Image',
				value: 'getImage',
				action: 'Get the image of a job',
				description: 'Download a drawing of the job as a PNG file',
			},
			{
				name: 'Get Status',
				value: 'getStatus',
				action: 'Get the status of a job',
				description: 'Get the status, result counters and log of a job',
			},
			{
				name: 'Run',
				value: 'run',
				action: 'Run a job',
				description: 'Start a job from the repository by its path and return its ID',
			},
			{
				name: 'Run and Wait',
				value: 'runAndWait',
				action: 'Run a job and wait for it to finish',
				description: 'Start a job by its path, follow its status and log until it ends, and return the result',
			},
		],
		default: 'runAndWait',
	},
	...add.description,
	...getImage.description,
	...getStatus.description,
	...run.description,
	...runAndWait.description,
];
