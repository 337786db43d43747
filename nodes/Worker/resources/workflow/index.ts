/**
 * Workflows on an Apache Hop Server (Hop's name for a job; the credential's Server Kind "Hop Server").
 * The operations are kind-generic builders in ../hop/, shared with the Pipeline resource.
 */
import type { INodeProperties } from 'n8n-workflow';

import * as execute from '../hop/execute';
import * as getImage from '../hop/getImage';
import * as getStatus from '../hop/getStatus';
import * as register from '../hop/register';
import * as remove from '../hop/remove';
import * as runAndWait from '../hop/runAndWait';
import * as start from '../hop/start';
import * as stop from '../hop/stop';

const built = {
	execute: execute.build('workflow'),
	getImage: getImage.build('workflow'),
	getStatus: getStatus.build('workflow'),
	register: register.build('workflow'),
	remove: remove.build('workflow'),
	runAndWait: runAndWait.build('workflow'),
	start: start.build('workflow'),
	stop: stop.build('workflow'),
};

export const operations = built;

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['workflow'] } },
		options: [
			{
				name: 'Execute',
				value: 'execute',
				action: 'Execute workflow',
				description: 'Run a .hwf file of the Hop Server in one call that returns when it ends (Hop 2.17 or later)',
			},
			{
				name: 'Get Image',
				value: 'getImage',
				action: 'Get image of workflow',
				description: 'Download a drawing of the workflow as an SVG file',
			},
			{
				name: 'Get Status',
				value: 'getStatus',
				action: 'Get status of workflow',
				description: 'Get the status, result counters, the status of every action and the log of a workflow',
			},
			{
				name: 'Register',
				value: 'register',
				action: 'Register workflow',
				description: "Put a .hwf file from a binary field on the Hop Server, with its run configuration, parameters and variables; it waits there until 'Start'",
			},
			{
				name: 'Remove',
				value: 'remove',
				action: 'Remove workflow',
				description: 'Remove an ended workflow and its log from the Hop Server',
			},
			{
				name: 'Run and Wait',
				value: 'runAndWait',
				action: 'Run workflow and wait for it to finish',
				description: 'Run a .hwf file of the server or of a binary field, follow its actions and log until it ends, and return the result',
			},
			{
				name: 'Start',
				value: 'start',
				action: 'Start workflow',
				description: "Start a workflow put on the server with 'Register', or an ended one again",
			},
			{
				name: 'Stop',
				value: 'stop',
				action: 'Stop workflow',
				description: 'Stop a running workflow',
			},
		],
		default: 'runAndWait',
	},
	...built.execute.description,
	...built.getImage.description,
	...built.getStatus.description,
	...built.register.description,
	...built.remove.description,
	...built.runAndWait.description,
	...built.start.description,
	...built.stop.description,
];
