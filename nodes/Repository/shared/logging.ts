/**
 * The log settings of backup and restore. From build 10.2.0.2-290 on the server requires both: `logFile` is a
 * file ON THE SERVER (ending in .log or .txt, without "..", "//" or "\\\\") where it writes its log of
 * the operation, and `logLevel` a log4j level name; without them it fails with 500 (a null value),
 * with a bad file name 400 (pentaho-platform:extensions/.../resources/services/FileService.java
 * `systemBackup`/`systemRestore`/`validateFilePath`@10.2.0.3-305 and @727e5c86). Older servers take
 * neither (9.3.0.0-422 and 10.2.0.0-222 log to their own logger only).
 *
 * Where the change is, from the tags' history of FileResource.java (`git log -S backupBundlePath`,
 * `git tag --contains`): on the 10.2 line commit ab03dbb3d7 "[SP-6762] [BISERVER-15169]", first in
 * 10.2.0.2-290 (10.2.0.2-289 has GET /backup) and in the 10.2.0.0-419 patch build, not in any 10.2.0.1
 * build; on the main line e47e4a28ab, first in 10.3.0.0-200. Every 11.x build has it.
 */
import { NodeOperationError, type IDataObject, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import type { ServerVersion } from '../../common/serverVersion';


/** Whether this server's backup is a POST with a form and its restore takes the log and bundle fields (see above). */
export function logsBackup(version: ServerVersion): boolean {
	if (version.atLeast('10.3')) return version.atLeast('10.3.0.0-200');
	if (version.major !== 10 || version.minor !== 2) return false;
	if (version.atLeast('10.2.0.2-290')) return true;
	return version.atLeast('10.2.0.0-419') && !version.atLeast('10.2.0.1');
}

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
	description: 'How much the server writes to its log file (10.2.0.2-290 and later)',
};

export function logFileField(fallback: string): INodeProperties {
	return {
		displayName: 'Server Log File',
		name: 'logFile',
		type: 'string',
		default: fallback,
		required: true,
		placeholder: `e.g. ${fallback}`,
		description:
			"File on the server where it writes its log of the operation (relative to the server's working folder unless absolute); it must end in .log or .txt. Used by servers from build 10.2.0.2-290 on (and 10.3+), which require it.",
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
