import type { INodeProperties } from 'n8n-workflow';

import * as add from './add';
import * as execute from './execute';
import * as getImage from './getImage';
import * as getStatus from './getStatus';
import * as remove from './remove';
import * as run from './run';
import * as runAndWait from './runAndWait';
import * as start from './start';
import * as stop from './stop';

export const operations = { add, execute, getImage, getStatus, remove, run, runAndWait, start, stop };

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
				action: 'Add job',
				description: 'Add a job to the server from a .kjb definition, with its log level, parameters and variables; it waits there until \'Start\'',
			},
			{
				name: 'Execute',
				value: 'execute',
				action: 'Execute job',
				description: 'Run a job from a named repository or a file, with parameters and variables, and return its ID',
			},
			{
				name: 'Get Image',
				value: 'getImage',
				action: 'Get image of job',
				description: 'Download a drawing of the job as a PNG file',
			},
			{
				name: 'Get Status',
				value: 'getStatus',
				action: 'Get status of job',
				description: 'Get the status, result counters and log of a job',
			},
			{
				name: 'Remove',
				value: 'remove',
				action: 'Remove job',
				description: 'Remove an ended job and its log from the server',
			},
			{
				name: 'Run',
				value: 'run',
				action: 'Run job',
				description: 'Start a job from the repository by its path and return its ID',
			},
			{
				name: 'Run and Wait',
				value: 'runAndWait',
				action: 'Run job and wait for it to finish',
				description: 'Start a job by its path, follow its status and log until it ends, and return the result',
			},
			{
				name: 'Start',
				value: 'start',
				action: 'Start job',
				description: "Start a job already on the server: one added with 'Add', or an ended one again",
			},
			{
				name: 'Stop',
				value: 'stop',
				action: 'Stop job',
				description: 'Stop a running job',
			},
		],
		default: 'runAndWait',
	},
	...add.description,
	...execute.description,
	...getImage.description,
	...getStatus.description,
	...remove.description,
	...run.description,
	...runAndWait.description,
	...start.description,
	...stop.description,
];
