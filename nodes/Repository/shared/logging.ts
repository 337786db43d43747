/**
 * The log settings of backup and restore. From 10.2.0.3 on the server requires both: `logFile` is a
 * file ON THE SERVER (ending in .log or .txt, without "..", "//" or "\\\\") where it writes its log of
 * the operation, and `logLevel` a log4j level name; without them it fails with 500 (a null value),
 * with a bad file name 400 (pentaho-platform:extensions/.../resources/services/FileService.java
 * `systemBackup`/`systemRestore`/`validateFilePath`@10.2.0.3-305 and @727e5c86). Servers before
 * 10.2.0.3 take neither (9.3.0.0-422 and 10.2.0.0-222 log to their own logger only).
 */
import { NodeOperationError, type IDataObject, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';


/** The first version whose backup is a POST with a form and whose restore takes the log and bundle fields. */
export const LOGGED_BACKUP_SINCE = '10.2.0.3';

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
	description: 'How much the server writes to its log file (10.2.0.3 and later)',
};

export function logFileField(fallback: string): INodeProperties {
	return {
		displayName: 'Server Log File',
		name: 'logFile',
		type: 'string',
		default: fallback,
		required: true,
		placeholder: fallback,
		description:
			"File on the server where it writes its log of the operation (relative to the server's working folder unless absolute); it must end in .log or .txt. Used by servers 10.2.0.3 and later, which require it.",
	};
}

/** The log fields to send, checked as the server checks them, so a bad name fails before any request. */
export function readLogFields(ctx: IExecuteFunctions, itemIndex: number, options: IDataObject, fallback: string): { logFile: string; logLevel: string } {
	const logFile = String(ctx.getNodeParameter('logFile', itemIndex, fallback) ?? '').trim();
	if (logFile === '') throw new NodeOperationError(ctx.getNode(), 'The server log file is empty: the server needs a file name ending in .log or .txt', { itemIndex });
	if (logFile.includes('..') || logFile.includes('//') || logFile.includes('\\\\') || !/\.(log|txt)$/.test(logFile)) {
		throw new NodeOperationError(
			ctx.getNode(),
			`The server log file "${logFile}" is refused by the server: it must end in .log or .txt and may not contain "..", "//" or "\\\\"`,
			{ itemIndex },
		);
	}
	return { logFile, logLevel: String(options.logLevel || 'INFO') };
}
