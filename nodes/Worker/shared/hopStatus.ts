/**
 * Hop Server's status documents as typed JSON, in the Worker's output spelling (outputKeys.ts), and
 * what a status means:
 *
 * - `serverstatus` (GetStatusServlet → HopServerStatus.getXml): statusdesc, shutting_down (2.19.0),
 *   memory, CPU, OS, then `pipeline_status_list` and `workflow_status_list` (`job_status_list` before
 *   2.15.0, e1056b53e7) holding short `pipeline-status` / `workflow-status` entries.
 * - `pipeline-status` (GetPipelineStatusServlet → HopServerPipelineStatus.getXml): pipeline_name (the
 *   request's `name`), id, status_desc, error_desc, log_date (the time of the request),
 *   execution_start_date, execution_end_date, paused, `transform_status_list` of `transform_status`
 *   (TransformStatus.getXml: transformName, copy, linesRead … errors, statusDescription, seconds, speed,
 *   priority, stopped, paused, log_text since 2.14.0), first/last_log_line_nr, result, logging_string.
 * - `workflow-status` (GetWorkflowStatusServlet → HopServerWorkflowStatus.getXml): workflowname, id,
 *   status_desc, error_desc, log_date (the execution start), execution dates, logging_string, log line
 *   numbers, `action_status_list` of `action_status` (name, status, result; 2.15.0), workflow_tracker
 *   (2.19.0), result.
 *
 * All apache/hop engine/src/main/java/org/apache/hop/www/ (and pipeline/transform/TransformStatus.java,
 * workflow/action/ActionStatus.java) @2.19.0-rc1, compared with @2.9.0-rc1. The run's name, its
 * transforms and its actions keep one spelling with the Kettle outputs where the concept is the same:
 * `id`, `statusDesc`, `errorDesc`, `logDate`, `result`, `log`, `steps` (one per transform, its name in
 * `stepName`); what only Hop has keeps Hop's name (`pipelineName`, `workflowName`, `actions`,
 * `executionStartDate`).
 */
import type { IDataObject, IExecuteFunctions, INode, INodeProperties } from 'n8n-workflow';

import { apiError } from '../../common/errors';
import { toArray, typed } from '../../common/values';
import { hopDocument, type HopContext } from './hopServer';
import { failureOf, readStatusCommon, statusJson, text, typedResult, type Failure, type StatusCommon } from './jobStatus';
import { readRef, refFields, refQuery, type RefFieldsChoice, type RefWording, type RunRef } from './runRef';
import { date, SERVER_NUMBERS } from './serverStatus';
import { transFailureOf, typedStep } from './transStatus';

export interface HopDates {
	execution_start_date?: string | null;
	execution_end_date?: string | null;
}

export interface PipelineStatus extends StatusCommon, HopDates {
	pipeline_name: string;
	paused?: boolean;
	steps: IDataObject[];
}

export interface WorkflowStatus extends StatusCommon, HopDates {
	workflowname: string;
	actions: IDataObject[];
}

/** `<![CDATA[text]]>` as the parser leaves an escaped CDATA wrapper (TransformStatus's log_text): the text. */
function unwrapCdata(value: unknown): string {
	const raw = text(value).trim();
	const wrapped = /^<!\[CDATA\[([\s\S]*)\]\]>$/.exec(raw);
	return wrapped ? wrapped[1] : raw;
}

function hopDates(record: IDataObject): HopDates {
	const out: HopDates = {};
	if ('execution_start_date' in record) out.execution_start_date = date(record.execution_start_date) ?? null;
	if ('execution_end_date' in record) out.execution_end_date = date(record.execution_end_date) ?? null;
	return out;
}

const list = (value: unknown, key: string): IDataObject[] =>
	toArray((value && typeof value === 'object' ? (value as IDataObject)[key] : undefined) as IDataObject | IDataObject[] | undefined).filter(
		(entry) => entry !== null && typeof entry === 'object',
	);

/** One `transform_status` typed like a Kettle step (its name in `stepname`, so `stepName` in the output). */
export function typedTransform(raw: IDataObject): IDataObject {
	const { transformName, log_text: logText, ...rest } = raw;
	const out = typedStep({ stepname: text(transformName), ...rest });
	const log = unwrapCdata(logText);
	if (log !== '') out.log_text = log;
	return out;
}

/** Reads a parsed `pipeline-status` record. */
export function readPipelineStatus(record: IDataObject): PipelineStatus {
	const status: PipelineStatus = {
		pipeline_name: text(record.pipeline_name),
		...readStatusCommon(record),
		...hopDates(record),
		steps: list(record.transform_status_list, 'transform_status').map(typedTransform),
	};
	if ('paused' in record) status.paused = text(record.paused).trim().toUpperCase() === 'Y';
	return status;
}

/** Reads a parsed `workflow-status` record. */
export function readWorkflowStatus(record: IDataObject): WorkflowStatus {
	return {
		workflowname: text(record.workflowname),
		...readStatusCommon(record),
		...hopDates(record),
		actions: list(record.action_status_list, 'action_status').map((action) => {
			const out: IDataObject = { name: text(action.name), status: text(action.status) };
			const result = typedResult(action.result);
			if (result) out.result = result;
			return out;
		}),
	};
}

/** The pipeline status in the server's field names (camelKeys gives the output spelling). */
export function pipelineStatusJson(status: PipelineStatus): IDataObject {
	return statusJson('pipeline_name', status.pipeline_name, status, {
		...hopDatesJson(status),
		...(status.paused !== undefined ? { paused: status.paused } : {}),
		steps: status.steps,
	});
}

/** The workflow status in the server's field names (camelKeys gives the output spelling). */
export function workflowStatusJson(status: WorkflowStatus): IDataObject {
	return statusJson('workflowname', status.workflowname, status, { ...hopDatesJson(status), actions: status.actions });
}

function hopDatesJson(status: HopDates): IDataObject {
	const out: IDataObject = {};
	if (status.execution_start_date !== undefined) out.execution_start_date = status.execution_start_date;
	if (status.execution_end_date !== undefined) out.execution_end_date = status.execution_end_date;
	return out;
}

/** Why an ended pipeline counts as failed, in Hop's words; undefined when it succeeded. */
export function pipelineFailureOf(status: PipelineStatus): Failure | undefined {
	return transFailureOf({ ...status, transname: status.pipeline_name }, { run: 'pipeline', step: 'transform' });
}

/** Why an ended workflow counts as failed, in Hop's words; undefined when it succeeded. */
export function workflowFailureOf(status: WorkflowStatus): Failure | undefined {
	return failureOf({ ...status, jobname: status.workflowname }, { run: 'workflow', part: 'action' });
}

// ------------------------------------------------------------------ server status

export interface HopServerStatus {
	server: IDataObject;
	pipelines: IDataObject[];
	workflows: IDataObject[];
}

/** A short entry of the server's lists, without the empty log and transform fields the lists carry. */
function listEntry(kind: 'pipeline' | 'workflow', raw: IDataObject): IDataObject {
	const out: IDataObject = { kind };
	for (const [key, value] of Object.entries(raw)) {
		if (['logging_string', 'first_log_line_nr', 'last_log_line_nr', 'transform_status_list', 'action_status_list', 'workflow_tracker'].includes(key)) continue;
		if (key === 'log_date' || key === 'execution_start_date' || key === 'execution_end_date') out[key] = date(value);
		else if (key === 'paused') out.paused = text(value).trim().toUpperCase() === 'Y';
		else if (key === 'result') out.result = typedResult(value) ?? value;
		else out[key] = value;
	}
	return out;
}

/** Reads a parsed `serverstatus` record: the server, then each pipeline and workflow. */
export function readHopServerStatus(record: IDataObject): HopServerStatus {
	const server = { ...record };
	const pipelineList = server.pipeline_status_list;
	// `workflow_status_list` since 2.15.0 (apache/hop e1056b53e7), `job_status_list` before (HopServerStatus.java@2.9.0-rc1).
	const workflowList = server.workflow_status_list ?? server.job_status_list;
	delete server.pipeline_status_list;
	delete server.workflow_status_list;
	delete server.job_status_list;
	const pipelines = list(pipelineList, 'pipeline-status').map((p) => listEntry('pipeline', p));
	const workflows = list(workflowList, 'workflow-status').map((w) => listEntry('workflow', w));
	return {
		server: {
			kind: 'server',
			...typed(server, { numbers: SERVER_NUMBERS, booleans: ['shutting_down'] }),
			pipelineCount: pipelines.length,
			workflowCount: workflows.length,
		},
		pipelines,
		workflows,
	};
}

/** GET /hop/status/?xml=Y → the server, its pipelines and its workflows. */
export async function fetchHopServerStatus(ctx: HopContext, itemIndex: number): Promise<HopServerStatus & { raw: string }> {
	const { record, raw } = await hopDocument(ctx, 'status', {}, 'serverstatus', itemIndex);
	return { ...readHopServerStatus(record), raw };
}

// ------------------------------------------------------------------ naming a run

const PIPELINE_REF: RefWording = {
	label: 'Pipeline',
	what: 'pipeline',
	prefix: 'pipeline',
	extension: '.hpl',
	returnedBy: "'Register' or 'Run and Wait'",
	namePlaceholder: 'e.g. load-customers',
	idPlaceholder: 'e.g. 8bea27db-de97-4bd0-…',
};

const WORKFLOW_REF: RefWording = {
	label: 'Workflow',
	what: 'workflow',
	prefix: 'workflow',
	extension: '.hwf',
	returnedBy: "'Register' or 'Run and Wait'",
	namePlaceholder: 'e.g. nightly-load',
	idPlaceholder: 'e.g. c1451bfb-b867-…',
};

export function pipelineRefFields(choice?: RefFieldsChoice): INodeProperties[] {
	return refFields(PIPELINE_REF, choice);
}

export function workflowRefFields(choice?: RefFieldsChoice): INodeProperties[] {
	return refFields(WORKFLOW_REF, choice);
}

export function readPipelineRef(ctx: IExecuteFunctions, itemIndex: number, choice?: Pick<RefFieldsChoice, 'idRequired'>): RunRef {
	return readRef(ctx, itemIndex, PIPELINE_REF, choice);
}

export function readWorkflowRef(ctx: IExecuteFunctions, itemIndex: number): RunRef {
	return readRef(ctx, itemIndex, WORKFLOW_REF);
}

/** GET /hop/pipelineStatus/?name=…&id=…&from=…&xml=Y → the typed status and the raw document. */
export async function fetchPipelineStatus(ctx: HopContext, ref: RunRef, from: number, itemIndex: number): Promise<{ status: PipelineStatus; raw: string }> {
	const { record, raw } = await hopDocument(ctx, 'pipelineStatus', { ...refQuery(ref), from }, 'pipeline-status', itemIndex);
	return { status: readPipelineStatus(record), raw };
}

/** GET /hop/workflowStatus/?name=…&id=…&from=…&xml=Y → the typed status and the raw document. */
export async function fetchWorkflowStatus(ctx: HopContext, ref: RunRef, from: number, itemIndex: number): Promise<{ status: WorkflowStatus; raw: string }> {
	const { record, raw } = await hopDocument(ctx, 'workflowStatus', { ...refQuery(ref), from }, 'workflow-status', itemIndex);
	return { status: readWorkflowStatus(record), raw };
}

/** A Hop answer whose `webresult` lacks the id of what was registered or started. */
export function requireHopId(node: INode, id: string, message: string, itemIndex: number, what: string): string {
	if (id.trim() === '') {
		throw apiError(node, { message: `The Hop Server accepted ${what} but returned no id${message ? ` (message: ${message})` : ''}`, itemIndex });
	}
	return id.trim();
}
