/** The log settings of backup and restore. */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

export const LOG_LEVEL_OPTION: INodeProperties = {
	displayName: 'Log Level',
	name: 'logLevel',
	type: 'options',
	options: [
		{ name: 'Debug', value: 'DEBUG' },
		{ name: 'Error', value: 'ERROR' },
		{ name: 'Info', value: 'INFO' },
		{ name: 'Trace', value: 'TRACE' },
		{ name: 'Warn', value: 'WARN' },
	],
	default: 'INFO',
	description: 'How much the server logs about the operation',
};

export const LOG_FILE_OPTION: INodeProperties = {
	displayName: 'Log File',
	name: 'logFile',
	type: 'string',
	default: '',
	placeholder: 'backup.log',
	description: "Name of the server's log file for the operation (left out when empty)",
};

/** The log fields to send: the level always, the file when given. */
export function logFields(options: IDataObject): Record<string, string> {
	const out: Record<string, string> = { logLevel: String(options.logLevel || 'INFO') };
	const logFile = String(options.logFile ?? '').trim();
	if (logFile !== '') out.logFile = logFile;
	return out;
}
