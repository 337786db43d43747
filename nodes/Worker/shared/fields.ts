/**
 * Field definitions and parameter readers shared by several Worker operations: log levels,
 * name/value lists (job parameters, variables), the Get Status options, and the worker
 * path of the credential.
 */
import {
	NodeOperationError,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { INCLUDE_RAW_OPTION, optionsOf, pairListField } from '../../common/fields';
import { SIMPLIFY_OPTION } from '../../common/simplify';
import { LOG_LEVEL_OPTIONS } from '../../common/logLevels';
import { serverSettings, type RequestContext } from '../../common/transport';
import { toNumber } from '../../common/values';

const LOG_LEVELS = new Set(LOG_LEVEL_OPTIONS.map((o) => String(o.value).toLowerCase()));

export function logLevelField(description = 'How much the job writes to its log'): INodeProperties {
	return {
		displayName: 'Log Level',
		name: 'logLevel',
		type: 'options',
		options: LOG_LEVEL_OPTIONS,
		default: 'Basic',
		description,
	};
}

/** A list of name/value pairs (job parameters, variables). */
export function nameValueField(
	name: string,
	displayName: string,
	description: string,
): INodeProperties {
	return pairListField({ name, displayName, placeholder: `Add ${displayName.replace(/s$/, '')}`, description, entry: 'entry' });
}

/** The options of a Get Status' Options collection: Include Raw Response and Log From Line (with Run ID: runRef.ts refFields). */
export function statusOptions(): INodeProperties[] {
	return [
		INCLUDE_RAW_OPTION,
		{
			displayName: 'Log From Line',
			name: 'fromLine',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 0,
			description:
				'Return only the log after this line number. Pass the "lastLogLineNr" of an earlier answer to get only the new lines.',
		},
		SIMPLIFY_OPTION,
	];
}

/** Reads statusOptionsField: the first log line wanted (`from`) and Include Raw Response. */
export function readStatusOptions(ctx: IExecuteFunctions, itemIndex: number): { from: number; includeRaw: boolean } {
	const options = optionsOf(ctx, itemIndex);
	const from = optionalInteger(ctx, options.fromLine, itemIndex, 'Log From Line', 0) ?? 0;
	return { from, includeRaw: options.includeRaw === true };
}

/** Names the server reads as its own query parameters, as readPairs' `reserved` (with the reason it gives). */
export function reservedQueryNames(names: string[]): Array<{ name: string; reason: string }> {
	return names.map((name) => ({ name, reason: `the server reads "${name}" as its own query parameter` }));
}

/** The Log Level option of the Options collection (or `given`), Basic when absent, checked against the server's codes. */
export function readLogLevel(ctx: IExecuteFunctions, itemIndex: number, given?: unknown): string {
	const value = String((given === undefined ? (optionsOf(ctx, itemIndex).logLevel ?? 'Basic') : given) ?? '').trim();
	if (!LOG_LEVELS.has(value.toLowerCase())) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Unknown log level "${value}": use one of ${LOG_LEVEL_OPTIONS.map((o) => o.value).join(', ')}`,
			{ itemIndex },
		);
	}
	return LOG_LEVEL_OPTIONS.find((o) => String(o.value).toLowerCase() === value.toLowerCase())!.value as string;
}

/** A required text parameter, trimmed; empty is refused with the field's name. */
export function requiredText(ctx: IExecuteFunctions, parameter: string, itemIndex: number, label: string): string {
	const value = ctx.getNodeParameter(parameter, itemIndex, '') as unknown;
	const text = value === undefined || value === null ? '' : String(value).trim();
	if (text === '') throw new NodeOperationError(ctx.getNode(), `${label} is empty`, { itemIndex });
	return text;
}

/** An optional whole number in a range; undefined when empty. */
export function optionalInteger(
	ctx: IExecuteFunctions,
	value: unknown,
	itemIndex: number,
	label: string,
	min: number,
	max = Number.MAX_SAFE_INTEGER,
): number | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	const number = toNumber(value);
	if (number === undefined || !Number.isInteger(number) || number < min || number > max) {
		throw new NodeOperationError(
			ctx.getNode(),
			`${label} must be a whole number from ${min}${max === Number.MAX_SAFE_INTEGER ? ' up' : ` to ${max}`}, got "${String(value)}"`,
			{ itemIndex },
		);
	}
	return number;
}

/** The path of a worker endpoint under the credential's worker path: `/dataflow/status`. */
export async function workerEndpoint(ctx: RequestContext, endpoint: string): Promise<string> {
	const { workerPath } = await serverSettings(ctx);
	return `/${workerPath}/${endpoint}`;
}

/** The stop endpoint is named after the server: stopCarte under `kettle`, stopWorker otherwise. */
export async function stopEndpoint(ctx: RequestContext): Promise<string> {
	const { workerPath } = await serverSettings(ctx);
	return `/${workerPath}/${workerPath === 'kettle' ? 'stopCarte' : 'stopWorker'}`;
}
