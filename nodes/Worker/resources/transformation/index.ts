import type { INodeProperties } from 'n8n-workflow';

import * as execute from './execute';
import * as getImage from './getImage';
import * as getStatus from './getStatus';
import * as pause from './pause';
import * as remove from './remove';
import * as resume from './resume';
import * as run from './run';
import * as runAndWait from './runAndWait';
import * as stop from './stop';

export const operations = { execute, getImage, getStatus, pause, remove, resume, run, runAndWait, stop };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['transformation'] } },
		options: [
			{
				name: 'Execute',
				value: 'execute',
				action: 'Execute transformation',
				description: 'Run a transformation from a named repository or a file in one call that returns when it ends',
			},
			{
				name: 'Get Image',
				value: 'getImage',
				action: 'Get image of transformation',
				description: 'Download a drawing of the transformation as a PNG file',
			},
			{
				name: 'Get Status',
				value: 'getStatus',
				action: 'Get status of transformation',
				description: 'Get the status, result counters, the status of every step and the log of a transformation',
			},
			{
				name: 'Pause',
				value: 'pause',
				action: 'Pause transformation',
				description: 'Pause a running transformation (nothing is sent when it is already paused)',
			},
			{
				name: 'Remove',
				value: 'remove',
				action: 'Remove transformation',
				description: 'Remove an ended transformation and its log from the server',
			},
			{
				name: 'Resume',
				value: 'resume',
				action: 'Resume transformation',
				description: 'Resume a paused transformation (nothing is sent when it is already running)',
			},
			{
				name: 'Run',
				value: 'run',
				action: 'Run transformation',
				description: 'Start a transformation from the repository by its path and return its ID',
			},
			{
				name: 'Run and Wait',
				value: 'runAndWait',
				action: 'Run transformation and wait for it to finish',
				description: 'Start a transformation by its path, follow its steps and log until it ends, and return the result',
			},
			{
				name: 'Stop',
				value: 'stop',
				action: 'Stop transformation',
				description: 'Stop a running transformation, at once or safely (input steps first)',
			},
		],
		default: 'runAndWait',
	},
	...execute.description,
	...getImage.description,
	...getStatus.description,
	...pause.description,
	...remove.description,
	...resume.description,
	...run.description,
	...runAndWait.description,
	...stop.description,
];
