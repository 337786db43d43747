/**
 * Pipelines on an Apache Hop Server (Hop's name for a transformation; the credential's Server Kind "Hop
 * Server"). The operations are kind-generic builders in ../hop/, shared with the Workflow resource.
 */
import type { INodeProperties } from 'n8n-workflow';

import * as execute from '../hop/execute';
import * as getImage from '../hop/getImage';
import * as getStatus from '../hop/getStatus';
import * as pause from '../hop/pause';
import * as register from '../hop/register';
import * as remove from '../hop/remove';
import * as runAndWait from '../hop/runAndWait';
import * as start from '../hop/start';
import * as stop from '../hop/stop';

const built = {
	execute: execute.build('pipeline'),
	getImage: getImage.build('pipeline'),
	getStatus: getStatus.build('pipeline'),
	pause: pause.build(true),
	register: register.build('pipeline'),
	remove: remove.build('pipeline'),
	resume: pause.build(false),
	runAndWait: runAndWait.build('pipeline'),
	start: start.build('pipeline'),
	stop: stop.build('pipeline'),
};

export const operations = built;

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['pipeline'] } },
		options: [
			{
				name: 'Execute',
				value: 'execute',
				action: 'Execute pipeline',
				description: 'Run a .hpl file of the Hop Server in one call that returns when it ends (Hop 2.17 or later)',
			},
			{
				name: 'Get Image',
				value: 'getImage',
				action: 'Get image of pipeline',
				description: 'Download a drawing of the pipeline as an SVG file',
			},
			{
				name: 'Get Status',
				value: 'getStatus',
				action: 'Get status of pipeline',
				description: 'Get the status, result counters, the rows of every transform and the log of a pipeline',
			},
			{
				name: 'Pause',
				value: 'pause',
				action: 'Pause pipeline',
				description: 'Pause a running pipeline (nothing is sent when it is already paused)',
			},
			{
				name: 'Register',
				value: 'register',
				action: 'Register pipeline',
				description: "Put a .hpl file from a binary field on the Hop Server, with its run configuration, parameters and variables; it waits there until 'Start'",
			},
			{
				name: 'Remove',
				value: 'remove',
				action: 'Remove pipeline',
				description: 'Remove an ended pipeline and its log from the Hop Server',
			},
			{
				name: 'Resume',
				value: 'resume',
				action: 'Resume pipeline',
				description: 'Resume a paused pipeline (nothing is sent when it is already running)',
			},
			{
				name: 'Run and Wait',
				value: 'runAndWait',
				action: 'Run pipeline and wait for it to finish',
				description: 'Run a .hpl file of the server or of a binary field, follow its transforms and log until it ends, and return the result',
			},
			{
				name: 'Start',
				value: 'start',
				action: 'Start pipeline',
				description: "Prepare and start a pipeline put on the server with 'Register'",
			},
			{
				name: 'Stop',
				value: 'stop',
				action: 'Stop pipeline',
				description: 'Stop every transform of a running pipeline (Hop Server has no safe stop)',
			},
		],
		default: 'runAndWait',
	},
	...built.execute.description,
	...built.getImage.description,
	...built.getStatus.description,
	...built.pause.description,
	...built.register.description,
	...built.remove.description,
	...built.resume.description,
	...built.runAndWait.description,
	...built.start.description,
	...built.stop.description,
];
