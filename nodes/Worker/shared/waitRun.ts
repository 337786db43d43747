/**
 * Following a run on the worker until it ends, shared by the job's and the transformation's Run and
 * Wait: status polls with the incremental log (each line fetched once), a timeout, the n8n
 * execution's cancel signal, and what happens to the remote run when the wait is given up (stopped
 * by default, or left running), and removing the finished run from the server once its result has
 * been read.
 */
import { INCLUDE_RAW_OPTION, optionsCollection, optionsOf } from '../../common/fields';
import { SIMPLIFY_OPTION } from '../../common/simplify';
import {
	NodeOperationError,
	sleep,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { withoutCancelSignal } from './control';
import { optionalInteger } from './fields';
import { LogCollector } from './logCollector';

export type OnAbort = 'stop' | 'safeStop' | 'leave';

/**
 * What is waited for, in the server's words: a Kettle job or transformation, or a Hop workflow or
 * pipeline. Only a Kettle transformation has a safe stop: Hop's StopPipelineServlet reads `inputOnly`
 * and ignores it, always calling stopAll (apache/hop engine/src/main/java/org/apache/hop/www/
 * StopPipelineServlet.java@2.19.0-rc1 and @2.9.0-rc1).
 */
export type RunKind = 'job' | 'transformation' | 'workflow' | 'pipeline';

export interface WaitPolicy {
	intervalMs: number;
	timeoutMs: number;
	onAbort: OnAbort;
	removeWhenDone: boolean;
	logLines: number;
}

export interface PollAnswer<S> {
	status: S;
	raw?: string;
	statusDesc: string;
	log: string;
	firstLineNr?: number;
	lastLineNr?: number;
}

export interface WaitTarget<S> {
	/** `the transformation "x" (id y)`, for messages. */
	what: string;
	poll(from: number): Promise<PollAnswer<S>>;
	isTerminal(statusDesc: string): boolean;
	/** Stops the run (safely when asked and supported) through `ctx`; returns the server's message. */
	stop(ctx: IExecuteFunctions, safe: boolean): Promise<string>;
	/** Removes the ended run from the server. */
	remove(): Promise<void>;
}

export interface WaitResult<S> {
	status: S;
	raw?: string;
	log: LogCollector;
	statusRequests: number;
	startedAt: number;
	finishedAt: number;
}

/** How often Run and Wait says how far it is when nothing changes. */
const PROGRESS_EVERY_MS = 30_000;

function seconds(ms: number): string {
	const value = ms / 1000;
	return `${Number.isInteger(value) ? value : value.toFixed(2).replace(/0+$/, '')} s`;
}

/** The Poll Interval and Timeout options (in runAndWaitOptionsField's `extra`), and the options every Run and Wait shares. */
export function waitFields(what: RunKind): INodeProperties[] {
	return [
		{
			displayName: 'Poll Interval (Seconds)',
			name: 'pollInterval',
			type: 'number',
			typeOptions: { minValue: 0.01 },
			default: 5,
			description: 'How long to wait between two status requests',
		},
		{
			displayName: 'Timeout (Seconds)',
			name: 'timeout',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 3600,
			description: `How long to wait for the ${what} to finish before failing with its last status; 0 waits without a limit. What happens to the ${what} on the server then is set by the option 'On Timeout or Cancel'.`,
		},
	];
}

/** Options of the "Options" collection shared by both Run and Wait operations. */
export function waitOptions(what: RunKind): INodeProperties[] {
	const abortOptions = [
		{ name: 'Leave It Running', value: 'leave', description: `The ${what} keeps running on the server` },
		{ name: 'Stop It', value: 'stop', description: `The ${what} is stopped on the server at once` },
		...(what === 'transformation'
			? [{ name: 'Stop It Safely', value: 'safeStop', description: 'The input steps stop, the rows already read are processed to the end' }]
			: []),
	];
	return [
		{
			displayName: 'On Timeout or Cancel',
			name: 'onAbort',
			type: 'options',
			options: abortOptions,
			default: 'stop',
			description: `What happens to the ${what} on the server when the wait times out or the n8n execution is cancelled; the error says what was done`,
		},
		{
			displayName: 'Remove From Server When Done',
			name: 'removeWhenDone',
			type: 'boolean',
			default: false,
			description: `Whether to remove the ${what} from the server once it has ended and its result has been read, so a long-lived server does not keep every run in memory`,
		},
	];
}

/** The option that makes a run ending with errors fail the node; each operation words what "errors" are. */
export interface ErrorsOption {
	displayName: string;
	name: string;
	description: string;
}

/**
 * The "Options" collection of a Run and Wait: the option for errors (`errors`), Error When Stopped
 * (`stoppedDescription` says what "stopped" is), Include Raw, Log Lines to Keep and the wait options.
 */
export function runAndWaitOptionsField(
	what: RunKind,
	errors: ErrorsOption,
	stoppedDescription: string,
	/** More options (Log Level, Poll Interval and Timeout; the Hop runs also Run Configuration), sorted in by name. */
	extra: INodeProperties[] = [],
): INodeProperties {
	const options: INodeProperties[] = [
		{ displayName: errors.displayName, name: errors.name, type: 'boolean', default: true, description: errors.description },
		{
			displayName: 'Error When Stopped',
			name: 'errorWhenStopped',
			type: 'boolean',
			default: true,
			description: stoppedDescription,
		},
		INCLUDE_RAW_OPTION,
		{
			displayName: 'Log Lines to Keep',
			name: 'logLines',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 0,
			description: 'Return only the last this many lines of the log; 0 returns the whole log',
		},
		...waitOptions(what),
		SIMPLIFY_OPTION,
	];
	if (extra.length === 0) return optionsCollection(options);
	return optionsCollection([...options, ...extra].sort((a, b) => a.displayName.localeCompare(b.displayName)));
}

export interface RunAndWaitOptions {
	policy: WaitPolicy;
	errorOnErrors: boolean;
	errorWhenStopped: boolean;
	includeRaw: boolean;
}

/** Reads the options of runAndWaitOptionsField (`errorsName`: the name of its errors option); bad values fail before any request. */
export function readRunAndWaitOptions(ctx: IExecuteFunctions, itemIndex: number, what: RunKind, errorsName: string): RunAndWaitOptions {
	const options = optionsOf(ctx, itemIndex);
	const logLines = optionalInteger(ctx, options.logLines, itemIndex, 'Log Lines to Keep', 0) ?? 0;
	return {
		policy: readWaitPolicy(ctx, itemIndex, options, logLines, what),
		errorOnErrors: options[errorsName] !== false,
		errorWhenStopped: options.errorWhenStopped !== false,
		includeRaw: options.includeRaw === true,
	};
}

/** Reads Poll Interval, Timeout and the shared options; bad values fail before any request. */
export function readWaitPolicy(ctx: IExecuteFunctions, itemIndex: number, options: IDataObject, logLines: number, what: RunKind): WaitPolicy {
	const node = ctx.getNode();
	// Options of the Options collection (runAndWaitOptionsField's `extra`); 5 s and 3600 s when absent.
	const interval = Number(options.pollInterval ?? 5);
	if (!Number.isFinite(interval) || interval <= 0) {
		throw new NodeOperationError(node, `Poll Interval must be a number of seconds above 0, got "${String(interval)}"`, { itemIndex });
	}
	const timeout = Number(options.timeout ?? 3600);
	if (!Number.isFinite(timeout) || timeout < 0) {
		throw new NodeOperationError(node, `Timeout must be a number of seconds (0 for no limit), got "${String(timeout)}"`, { itemIndex });
	}
	const onAbort = options.onAbort === undefined ? 'stop' : String(options.onAbort);
	const allowed = what === 'transformation' ? ['stop', 'safeStop', 'leave'] : ['stop', 'leave'];
	if (!allowed.includes(onAbort)) {
		throw new NodeOperationError(node, `'On Timeout or Cancel' must be one of ${allowed.join(', ')}, got "${onAbort}"`, { itemIndex });
	}
	return {
		intervalMs: Math.round(interval * 1000),
		timeoutMs: Math.round(timeout * 1000),
		onAbort: onAbort as OnAbort,
		removeWhenDone: options.removeWhenDone === true,
		logLines,
	};
}

/** What was done with the run when the wait was given up, as a sentence (also used when a Hop run is given up before it was followed). */
export async function giveUp<S>(ctx: IExecuteFunctions, target: WaitTarget<S>, policy: WaitPolicy): Promise<{ sentence: string; stopped: boolean }> {
	if (policy.onAbort === 'leave') {
		return { sentence: `It was left running on the server, as 'On Timeout or Cancel' asks.`, stopped: false };
	}
	try {
		const message = await target.stop(ctx, policy.onAbort === 'safeStop');
		return {
			sentence: `It was ${policy.onAbort === 'safeStop' ? 'stopped safely' : 'stopped'} on the server${message ? ` (the server said: ${message})` : ''}.`,
			stopped: true,
		};
	} catch (error) {
		return { sentence: `It could not be stopped on the server: ${(error as Error).message.replace(/\.+$/, '')}. It may still be running.`, stopped: false };
	}
}

/** Polls until the run ends; on timeout or cancel, stops it (or not) and fails saying which. */
export async function waitForEnd<S>(ctx: IExecuteFunctions, target: WaitTarget<S>, policy: WaitPolicy, itemIndex: number, startedAt: number): Promise<WaitResult<S>> {
	const node = ctx.getNode();
	const signal = ctx.getExecutionCancelSignal();
	const deadline = policy.timeoutMs > 0 ? startedAt + policy.timeoutMs : Infinity;
	const log = new LogCollector(policy.logLines);
	let from = 0;
	let statusRequests = 0;
	let last: PollAnswer<S> | undefined;

	// What the user can watch while waiting (up to hours): n8n's log (info) on every status change and
	// at least every 30 s, and in a manual run the browser console (n8n sends nothing else mid-node).
	let reportedStatus: string | undefined;
	let reportedAt = 0;
	const reportProgress = (statusDesc: string) => {
		const now = Date.now();
		if (statusDesc === reportedStatus && now - reportedAt < PROGRESS_EVERY_MS) return;
		reportedStatus = statusDesc;
		reportedAt = now;
		const line = `${target.what}: ${statusDesc || 'status unknown'} after ${seconds(now - startedAt)}, ${log.total} log line${log.total === 1 ? '' : 's'} so far`;
		ctx.logger.info(`Dataflow Run and Wait: ${line}`);
		ctx.sendMessageToUI(`Run and Wait: ${line}`);
	};

	const abandon = async (reason: 'timeout' | 'cancel'): Promise<never> => {
		// After a cancel, the stop must be sent without the cancel signal n8n puts on every request.
		const { sentence, stopped } = await giveUp(reason === 'cancel' ? withoutCancelSignal(ctx) : ctx, target, policy);
		const lastStatus = last ? `last status "${last.statusDesc || 'unknown'}"` : 'no status read yet';
		const message =
			reason === 'cancel'
				? `The n8n execution was cancelled while waiting for ${target.what}: ${lastStatus}. ${sentence}`
				: `${target.what[0].toUpperCase()}${target.what.slice(1)} did not finish within ${seconds(policy.timeoutMs)}: ${lastStatus}. ${sentence}`;
		// A cancelled execution shows no node error in the editor: n8n's log says what became of the remote run.
		ctx.logger.warn(`Dataflow Run and Wait: ${message}`);
		throw new NodeOperationError(node, message, {
			itemIndex,
			description: `${statusRequests} status request${statusRequests === 1 ? '' : 's'}; ${stopped ? 'stopped on the server' : 'not stopped on the server'}.${
				log.total ? ` Last log lines:\n${log.tail(10).join('\n')}` : ''
			}`,
		});
	};

	for (;;) {
		if (signal?.aborted) return await abandon('cancel');
		const wait = Math.min(policy.intervalMs, Math.max(0, deadline - Date.now()));
		if (wait > 0) {
			let cancelled = false;
			try {
				await sleep(wait, signal);
			} catch {
				cancelled = true;
			}
			if (cancelled || signal?.aborted) return await abandon('cancel');
		}
		let answer: PollAnswer<S> | undefined;
		let pollError: unknown;
		try {
			answer = await target.poll(from);
		} catch (error) {
			pollError = error;
		}
		// n8n aborts a request in flight when the execution is cancelled: that is a cancel, not a server fault.
		if (signal?.aborted) return await abandon('cancel');
		if (answer === undefined) throw pollError;
		statusRequests++;
		last = answer;
		log.add(answer.log, from, answer.firstLineNr);
		reportProgress(answer.statusDesc);
		if (answer.lastLineNr !== undefined && answer.lastLineNr > from) from = answer.lastLineNr;
		if (target.isTerminal(answer.statusDesc)) {
			return { status: answer.status, raw: answer.raw, log, statusRequests, startedAt, finishedAt: Date.now() };
		}
		if (signal?.aborted) return await abandon('cancel');
		if (Date.now() >= deadline) return await abandon('timeout');
	}
}

/** Removes the ended run when asked; a failure to remove is reported in the output, never hidden. */
export async function removeIfAsked<S>(target: WaitTarget<S>, policy: WaitPolicy, json: IDataObject): Promise<void> {
	if (!policy.removeWhenDone) return;
	try {
		await target.remove();
		json.removedFromServer = true;
	} catch (error) {
		json.removedFromServer = false;
		json.removeError = (error as Error).message;
	}
}
