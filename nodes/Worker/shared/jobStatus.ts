/**
 * The worker's job status document (`jobstatus`) as typed JSON, its log (base64 of gzip inside an
 * escaped CDATA wrapper) as text, and what a status means (still running, finished, failed).
 */
import type { IDataObject, IExecuteFunctions, INode, INodeProperties } from 'n8n-workflow';

import { gunzipBase64 } from '../../common/compression';
import { dataflowRequest } from '../../common/transport';
import { apiError } from '../../common/errors';
import { toIsoDate, toNumber, typed } from '../../common/values';
import { workerEndpoint } from './fields';
import { readRef, refFields, refQuery, type RefFieldsChoice, type RefWording, type RunRef } from './runRef';

/** Numeric fields of the nested `result` element. */
export const RESULT_NUMBERS = [
	'lines_input',
	'lines_output',
	'lines_read',
	'lines_written',
	'lines_updated',
	'lines_rejected',
	'lines_deleted',
	'nr_errors',
	'nr_files_retrieved',
	'entry_nr',
	'exit_status',
	'elapsedTimeMillis',
] as const;

/** Y/N fields of the nested `result` element. */
export const RESULT_BOOLEANS = ['result', 'is_stopped'] as const;

/**
 * The log of a status answer as text. Servers write `<![CDATA[` + base64(gzip(log)) + `]]>` escaped
 * as text (the parser has already unescaped it); a real CDATA section arrives as its content. A
 * value that is not gzip in base64 (which always starts with "H4sI") is taken as a plain-text log.
 */
export function decodeLoggingString(value: unknown): string {
	if (typeof value !== 'string') return '';
	let text = value.trim();
	const wrapped = /^<!\[CDATA\[([\s\S]*)\]\]>$/.exec(text);
	if (wrapped) text = wrapped[1].trim();
	if (text === '') return '';
	if (!text.startsWith('H4sI')) return text;
	return gunzipBase64(text);
}

/** The lines of a log text; a final newline does not make an empty last line. */
export function splitLines(text: string): string[] {
	if (text === '') return [];
	const lines = text.split(/\r?\n/);
	if (lines[lines.length - 1] === '') lines.pop();
	return lines;
}

/** The nested `result` element typed (counters as numbers, Y/N as booleans); empty lists dropped. */
export function typedResult(result: unknown): IDataObject | undefined {
	if (result === null || typeof result !== 'object' || Array.isArray(result)) return undefined;
	const out = typed(result as IDataObject, { numbers: RESULT_NUMBERS, booleans: RESULT_BOOLEANS });
	for (const key of ['result-file', 'result-rows']) {
		if (out[key] === '' || out[key] === undefined) delete out[key];
	}
	return out;
}

/** The fields a job status and a transformation status share (SlaveServerJobStatus, SlaveServerTransStatus). */
export interface StatusCommon {
	id: string;
	status_desc: string;
	error_desc: string;
	log_date?: string | null;
	first_log_line_nr?: number;
	last_log_line_nr?: number;
	/** The decoded log text of this answer. */
	log: string;
	result?: IDataObject;
}

export interface JobStatus extends StatusCommon {
	jobname: string;
}

/** A server field as text ('' when absent). */
export const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

/**
 * The root element `root` of a parsed status document (`jobstatus`, `transstatus`); anything else
 * is a server error naming what came back.
 */
export function statusRecord(node: INode, doc: IDataObject, root: string, what: string, itemIndex: number): IDataObject {
	const record = doc[root];
	if (record === null || typeof record !== 'object' || Array.isArray(record)) {
		throw apiError(node, {
			message: `The server answered a document without a ${what} status (root element: ${Object.keys(doc)[0] ?? 'none'})`,
			itemIndex,
		});
	}
	return record as IDataObject;
}

/** The fields every status record holds, typed; the log decoded. */
export function readStatusCommon(record: IDataObject): StatusCommon {
	const status: StatusCommon = {
		id: text(record.id),
		status_desc: text(record.status_desc),
		error_desc: text(record.error_desc),
		log: decodeLoggingString(record.logging_string),
	};
	if ('log_date' in record) status.log_date = record.log_date === '' ? null : (toIsoDate(record.log_date) ?? text(record.log_date));
	const first = toNumber(record.first_log_line_nr);
	const last = toNumber(record.last_log_line_nr);
	if (first !== undefined) status.first_log_line_nr = first;
	if (last !== undefined) status.last_log_line_nr = last;
	const result = typedResult(record.result);
	if (result) status.result = result;
	return status;
}

/**
 * A status as JSON in the server's field names, starting with the name field (`jobname`,
 * `transname`); `extra` (a transformation's `paused` and `steps`) comes after `log_date`. Outputs
 * pass it through camelKeys (outputKeys.ts); the trigger reads these names before it does.
 */
export function statusJson(nameKey: string, name: string, status: StatusCommon, extra: IDataObject = {}): IDataObject {
	const out: IDataObject = {
		[nameKey]: name,
		id: status.id,
		status_desc: status.status_desc,
		error_desc: status.error_desc,
	};
	if (status.log_date !== undefined) out.log_date = status.log_date;
	Object.assign(out, extra);
	if (status.first_log_line_nr !== undefined) out.first_log_line_nr = status.first_log_line_nr;
	if (status.last_log_line_nr !== undefined) out.last_log_line_nr = status.last_log_line_nr;
	out.log = status.log;
	if (status.result) out.result = status.result;
	return out;
}

/** Reads a parsed `jobstatus` document; anything else is a server error naming what came back. */
export function readJobStatus(node: INode, doc: IDataObject, itemIndex: number): JobStatus {
	const record = statusRecord(node, doc, 'jobstatus', 'job', itemIndex);
	return { jobname: text(record.jobname), ...readStatusCommon(record) };
}

/** The status as JSON in the server's field names (see statusJson), the log as text in `log`. */
export function jobStatusJson(status: JobStatus): IDataObject {
	return statusJson('jobname', status.jobname, status);
}

const FINISHED = new Set(['finished', 'finished (with errors)']);
const STOPPED = new Set(['stopped', 'stopped (with errors)']);

/** Whether a job in this status will not change any more (finished or stopped, with or without errors). */
export function isTerminal(statusDesc: string): boolean {
	const status = statusDesc.trim().toLowerCase();
	return FINISHED.has(status) || STOPPED.has(status);
}

export type FailureKind = 'errors' | 'stopped';

export interface Failure {
	kind: FailureKind;
	reason: string;
}

/** How a job failure speaks of the run and its parts: Kettle's words by default, Hop's for a workflow. */
export interface JobWords {
	/** 'job', 'workflow'. */
	run: string;
	/** 'entry', 'action'. */
	part: string;
}

const JOB_WORDS: JobWords = { run: 'job', part: 'entry' };

/**
 * Why a finished job counts as failed, or undefined when it succeeded: stopped (status or
 * `is_stopped`), "Finished (with errors)", errors counted, a result of N, or an error description.
 * A Hop workflow is judged the same way, in Hop's words (`words`): Workflow.getStatusDescription writes
 * the same status texts (apache/hop engine/src/main/java/org/apache/hop/workflow/Workflow.java@2.19.0-rc1).
 */
export function failureOf(status: JobStatus, words: JobWords = JOB_WORDS): Failure | undefined {
	const desc = status.status_desc.trim();
	const lower = desc.toLowerCase();
	const result = status.result ?? {};
	const errors = typeof result.nr_errors === 'number' ? result.nr_errors : 0;
	if (STOPPED.has(lower) || result.is_stopped === true) {
		return { kind: 'stopped', reason: `the ${words.run} was stopped (status "${desc}")` };
	}
	if (lower === 'finished (with errors)') {
		return { kind: 'errors', reason: `the ${words.run} finished with errors (${errors} error${errors === 1 ? '' : 's'})` };
	}
	if (errors > 0) return { kind: 'errors', reason: `the ${words.run} reported ${errors} error${errors === 1 ? '' : 's'}` };
	if (result.result === false) return { kind: 'errors', reason: `the ${words.run} finished with result "N" (its last ${words.part} failed)` };
	if (status.error_desc.trim() !== '') return { kind: 'errors', reason: `the server reported an error: ${status.error_desc.trim()}` };
	return undefined;
}

export type JobRef = RunRef;

/** The name and id fields that pick a job on the server. */
const JOB_REF: RefWording = {
	label: 'Job',
	what: 'job',
	prefix: 'job',
	extension: '.kjb',
	returnedBy: "'Add' or 'Run'",
	namePlaceholder: 'e.g. load_sales',
	idPlaceholder: 'e.g. 0f2b7c1e-…',
};

export function jobRefFields(choice?: RefFieldsChoice): INodeProperties[] {
	return refFields(JOB_REF, choice);
}

export function readJobRef(ctx: IExecuteFunctions, itemIndex: number): JobRef {
	return readRef(ctx, itemIndex, JOB_REF);
}

/** GET jobStatus?name=…&id=…&xml=Y&from=… → the typed status and the raw document. */
export async function fetchJobStatus(
	ctx: IExecuteFunctions,
	ref: JobRef,
	from: number,
	itemIndex: number,
): Promise<{ status: JobStatus; raw?: string }> {
	return await fetchStatus(ctx, 'jobStatus', ref, from, itemIndex, readJobStatus);
}

/** GET <endpoint>?name=…&id=…&xml=Y&from=… read by `read` (the job's or the transformation's status reader). */
export async function fetchStatus<S>(
	ctx: IExecuteFunctions,
	endpoint: string,
	ref: RunRef,
	from: number,
	itemIndex: number,
	read: (node: INode, doc: IDataObject, itemIndex: number) => S,
): Promise<{ status: S; raw?: string }> {
	const response = await dataflowRequest<IDataObject>(ctx, {
		method: 'GET',
		path: await workerEndpoint(ctx, endpoint),
		qs: { ...refQuery(ref), xml: 'Y', from },
		expect: 'xml',
		itemIndex,
	});
	return { status: read(ctx.getNode(), response.body, itemIndex), raw: response.raw };
}
