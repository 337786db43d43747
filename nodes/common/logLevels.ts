/** The data-flow engine's log levels (its LogLevel codes), for jobs run by the worker or the scheduler. */
import type { INodePropertyOptions } from 'n8n-workflow';

export const LOG_LEVEL_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Basic', value: 'Basic' },
	{ name: 'Debug', value: 'Debug' },
	{ name: 'Detailed', value: 'Detailed' },
	{ name: 'Error', value: 'Error' },
	{ name: 'Minimal', value: 'Minimal' },
	{ name: 'Nothing', value: 'Nothing' },
	{ name: 'Row Level', value: 'Rowlevel' },
];
