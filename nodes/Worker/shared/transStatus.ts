/**
 * The worker's transformation status document (`transstatus`): the fields of a job status plus
 * `paused` and the status of every step that ran (`stepstatuslist`), typed; and what a status means.
 * Follows SlaveServerTransStatus.getXML and StepStatus.getXML (pentaho-kettle engine/…/www/).
 */
import type { IDataObject, IExecuteFunctions, INode, INodeProperties } from 'n8n-workflow';

import { toArray, typed } from '../../common/values';
import { readRef, refFields, refQuery, type RefFieldsChoice, type RefWording, type RunRef } from './runRef';
import { fetchStatus, readStatusCommon, statusJson, statusRecord, text, type Failure, type StatusCommon } from './jobStatus';

/** Numeric fields of a `stepstatus`. */
export const STEP_NUMBERS = [
	'copy',
	'linesRead',
	'linesWritten',
	'linesInput',
	'linesOutput',
	'linesUpdated',
	'linesRejected',
	'errors',
	'input_buffer_size',
	'output_buffer_size',
	'seconds',
] as const;

export const STEP_BOOLEANS = ['stopped', 'paused'] as const;

export interface TransStatus extends StatusCommon {
	transname: string;
	paused?: boolean;
	steps: IDataObject[];
}

export type TransRef = RunRef;

/** One `stepstatus` typed: counters as numbers, Y/N as booleans; `speed` stays text ("-" when idle). */
export function typedStep(raw: IDataObject): IDataObject {
	const out = typed(raw, { numbers: STEP_NUMBERS, booleans: STEP_BOOLEANS });
	if (out.stepname === undefined) out.stepname = '';
	delete out.samples;
	return out;
}

/** Reads a parsed `transstatus` document; anything else is a server error naming what came back. */
export function readTransStatus(node: INode, doc: IDataObject, itemIndex: number): TransStatus {
	const record = statusRecord(node, doc, 'transstatus', 'transformation', itemIndex);
	const list = record.stepstatuslist;
	const steps = toArray((list && typeof list === 'object' ? (list as IDataObject).stepstatus : undefined) as IDataObject | IDataObject[] | undefined)
		.filter((s) => s !== null && typeof s === 'object')
		.map(typedStep);
	const status: TransStatus = { transname: text(record.transname), ...readStatusCommon(record), steps };
	if ('paused' in record) status.paused = text(record.paused).trim().toUpperCase() === 'Y';
	return status;
}

/** The status as JSON in the server's field names (see statusJson), the steps in `steps`, the log as text. */
export function transStatusJson(status: TransStatus): IDataObject {
	return statusJson('transname', status.transname, status, { ...(status.paused !== undefined ? { paused: status.paused } : {}), steps: status.steps });
}

const ENDED = new Set(['finished', 'finished (with errors)', 'stopped', 'stopped (with errors)']);

/** Whether a transformation in this status will not change any more. "Halting" and "Paused" are not ended. */
export function isTransTerminal(statusDesc: string): boolean {
	return ENDED.has(statusDesc.trim().toLowerCase());
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** How a failure speaks of the run and its parts: Kettle's words by default, Hop's for a pipeline. */
export interface RunWords {
	/** 'transformation', 'pipeline'. */
	run: string;
	/** 'step', 'transform'. */
	step: string;
}

const KETTLE_WORDS: RunWords = { run: 'transformation', step: 'step' };

/**
 * Why an ended transformation counts as failed, or undefined when it succeeded. Errors come first
 * (status "with errors", errors counted in the result or in any step), then a stop (status
 * "Stopped", `is_stopped`, or a step that was stopped while the others finished): a server may say
 * "Finished" for a transformation that was stopped, and the steps then say what happened. A Hop
 * pipeline is judged the same way, in Hop's words (`words`): a stopped pipeline ends "Finished" with
 * is_stopped=Y (Pipeline.getStatus checks isFinished before isStopped, apache/hop
 * engine/src/main/java/org/apache/hop/pipeline/Pipeline.java@2.19.0-rc1).
 */
export function transFailureOf(status: TransStatus, words: RunWords = KETTLE_WORDS): Failure | undefined {
	const desc = status.status_desc.trim();
	const lower = desc.toLowerCase();
	const result = status.result ?? {};
	const resultErrors = typeof result.nr_errors === 'number' ? result.nr_errors : 0;
	const failing = status.steps.filter((s) => typeof s.errors === 'number' && s.errors > 0);
	const stepErrors = failing.reduce((sum, s) => sum + (s.errors as number), 0);
	const errors = Math.max(resultErrors, stepErrors);
	const where = failing.length ? ` in ${words.step}${failing.length === 1 ? '' : 's'} ${failing.map((s) => `"${text(s.stepname)}"`).join(', ')}` : '';
	if (lower.endsWith('(with errors)') || errors > 0) {
		return { kind: 'errors', reason: `the ${words.run} ended with errors (${plural(errors, 'error')}${where}, status "${desc}")` };
	}
	if (status.error_desc.trim() !== '') {
		return { kind: 'errors', reason: `the ${words.run} reported an error: ${status.error_desc.trim()}` };
	}
	const stoppedSteps = status.steps.filter((s) => s.stopped === true);
	if (lower.startsWith('stopped') || result.is_stopped === true || stoppedSteps.length > 0) {
		const detail = stoppedSteps.length ? `; stopped ${words.step}${stoppedSteps.length === 1 ? '' : 's'}: ${stoppedSteps.map((s) => `"${text(s.stepname)}"`).join(', ')}` : '';
		return { kind: 'stopped', reason: `the ${words.run} was stopped (status "${desc}"${detail})` };
	}
	return undefined;
}

const TRANS_REF: RefWording = {
	label: 'Transformation',
	what: 'transformation',
	prefix: 'trans',
	extension: '.ktr',
	returnedBy: "'Run'",
	namePlaceholder: 'e.g. stage_customers',
	idPlaceholder: 'e.g. 7c082e8f-…',
};

export function transRefFields(choice?: RefFieldsChoice): INodeProperties[] {
	return refFields(TRANS_REF, choice);
}

export function readTransRef(ctx: IExecuteFunctions, itemIndex: number): TransRef {
	return readRef(ctx, itemIndex, TRANS_REF);
}

export { refQuery };

/** GET transStatus?name=…&id=…&xml=Y&from=… → the typed status and the raw document. */
export async function fetchTransStatus(
	ctx: IExecuteFunctions,
	ref: TransRef,
	from: number,
	itemIndex: number,
): Promise<{ status: TransStatus; raw?: string }> {
	return await fetchStatus(ctx, 'transStatus', ref, from, itemIndex, readTransStatus);
}
