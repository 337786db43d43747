/**
 * The status documents, element by element as the status classes write them:
 * - server: apache/hop:engine/src/main/java/org/apache/hop/www/HopServerStatus.java (getXml: unindented
 *   tags, then the two lists; `shutting_down` from 2.19.0, 02b72d78af; `workflow_status_list` from 2.15.0,
 *   `job_status_list` before, e1056b53e7);
 * - pipeline: HopServerPipelineStatus.java (`pipeline-status`: pipeline_name, id, status_desc, error_desc,
 *   log_date, execution_start_date, execution_end_date, paused, transform_status_list, first/last_log_line_nr,
 *   then the result without indentation or line break, then logging_string); TransformStatus.java
 *   (engine/src/main/java/org/apache/hop/pipeline/transform/): camelCase elements on one line, `log_text`
 *   from 2.14.0 (9ba0d7fcb8);
 * - workflow: HopServerWorkflowStatus.java (`workflow-status`: workflowname, id, status_desc, error_desc,
 *   log_date, execution_start_date, execution_end_date, logging_string, first/last_log_line_nr,
 *   action_status_list (2.15.0), workflow_tracker (2.19.0, 1daf998807), result); ActionStatus.java
 *   (engine/src/main/java/org/apache/hop/workflow/action/: name and status code FINISHED/STOPPED/RUNNING),
 *   WorkflowTracker.java / ActionResult.java (engine/src/main/java/org/apache/hop/core/gui/, .../workflow/);
 * - Result.getBasicXml / getXml (core/src/main/java/org/apache/hop/core/Result.java): the metrics, result,
 *   exit_status, is_stopped, log_channel_id, log_text, elapsedTimeMillis, executionId, containerId; getXml adds
 *   the (empty) result-file and result-rows groups (pipelineStatus with sendResult=Y).
 * All @2.19.0-rc1 unless said; JSON is Jackson over the same beans (field order, then getter-only properties,
 * dates as yyyy-MM-dd'T'HH:mm:ss.SSS+0000, in UTC).
 */
import type { PipelineEntry, ResultState, TrackerEntry, TransformStatusView, WorkflowEntry } from './engine';
import type { HopServerState } from './state';
import { addDoubleTag, addTagValue, base64Zipped, buildCDATA, date2string, jacksonDate } from './xml';

// ---------------------------------------------------------------- result

export function resultBasicXml(r: ResultState, full = false): string {
	const body =
		addTagValue('lines_input', r.linesInput) +
		addTagValue('lines_output', r.linesOutput) +
		addTagValue('lines_read', r.linesRead) +
		addTagValue('lines_written', r.linesWritten) +
		addTagValue('lines_updated', r.linesUpdated) +
		addTagValue('lines_rejected', r.linesRejected) +
		addTagValue('lines_deleted', r.linesDeleted) +
		addTagValue('nr_errors', r.errors) +
		addTagValue('nr_files_retrieved', r.filesRetrieved) +
		addTagValue('entry_nr', r.entryNr) +
		addTagValue('result', r.result) +
		addTagValue('exit_status', r.exitStatus) +
		addTagValue('is_stopped', r.stopped) +
		addTagValue('log_channel_id', r.logChannelId) +
		addTagValue('log_text', r.logText) +
		addTagValue('elapsedTimeMillis', r.elapsedTimeMillis) +
		addTagValue('executionId', r.executionId) +
		addTagValue('containerId', r.containerId);
	return `<result>${body}${full ? '<result-file></result-file><result-rows></result-rows>' : ''}</result>`;
}

export function resultJson(r: ResultState): Record<string, unknown> {
	return {
		nrErrors: r.errors,
		nrLinesInput: r.linesInput,
		nrLinesOutput: r.linesOutput,
		nrLinesUpdated: r.linesUpdated,
		nrLinesRead: r.linesRead,
		nrLinesWritten: r.linesWritten,
		nrLinesDeleted: r.linesDeleted,
		nrFilesRetrieved: r.filesRetrieved,
		result: r.result,
		entryNr: r.entryNr,
		exitStatus: r.exitStatus,
		rows: [],
		resultFiles: {},
		stopped: r.stopped,
		nrLinesRejected: r.linesRejected,
		bytesReadThisAction: 0,
		bytesWrittenThisAction: 0,
		logChannelId: r.logChannelId ?? null,
		logText: r.logText ?? null,
		elapsedTimeMillis: r.elapsedTimeMillis,
		executionId: r.executionId ?? null,
		containerId: r.containerId ?? null,
	};
}

// ---------------------------------------------------------------- pipelines

function transformXml(state: HopServerState, t: TransformStatusView): string {
	let xml =
		'<transform_status>' +
		addTagValue('transformName', t.transformName, false) +
		addTagValue('copy', t.copy, false) +
		addTagValue('linesRead', t.linesRead, false) +
		addTagValue('linesWritten', t.linesWritten, false) +
		addTagValue('linesInput', t.linesInput, false) +
		addTagValue('linesOutput', t.linesOutput, false) +
		addTagValue('linesUpdated', t.linesUpdated, false) +
		addTagValue('linesRejected', t.linesRejected, false) +
		addTagValue('errors', t.errors, false) +
		addTagValue('input_buffer_size', t.inputBufferSize, false) +
		addTagValue('output_buffer_size', t.outputBufferSize, false) +
		addTagValue('statusDescription', t.statusDescription, false) +
		addDoubleTag('seconds', t.seconds, false) +
		addTagValue('speed', t.speed, false) +
		addTagValue('priority', t.priority, false) +
		addTagValue('stopped', t.stopped, false) +
		addTagValue('paused', t.paused, false);
	if (state.version.atLeast('2.14.0')) xml += addTagValue('log_text', buildCDATA(t.logText));
	return `${xml}</transform_status>`;
}

function transformJson(state: HopServerState, t: TransformStatusView): Record<string, unknown> {
	const json: Record<string, unknown> = {
		transformName: t.transformName,
		copy: t.copy,
		linesRead: t.linesRead,
		linesWritten: t.linesWritten,
		linesInput: t.linesInput,
		linesOutput: t.linesOutput,
		linesUpdated: t.linesUpdated,
		linesRejected: t.linesRejected,
	};
	if (state.version.atLeast('2.18.0')) Object.assign(json, { dataVolume: null, dataVolumeIn: null, dataVolumeOut: null });
	Object.assign(json, {
		inputBufferSize: t.inputBufferSize,
		outputBufferSize: t.outputBufferSize,
		errors: t.errors,
		statusDescription: t.statusDescription,
		seconds: t.seconds,
		speed: t.speed,
		priority: t.priority,
		stopped: t.stopped,
		paused: t.paused,
	});
	if (state.version.atLeast('2.14.0')) json.logText = t.logText;
	json.sampleRowMeta = null;
	json.sampleRows = [];
	return json;
}

export interface PipelineStatusView {
	name: string | null;
	id: string;
	statusDescription: string;
	logDate: number;
	executionStartDate?: number;
	executionEndDate?: number;
	paused: boolean;
	transforms: TransformStatusView[];
	firstLineNr: number;
	lastLineNr: number;
	result?: ResultState;
	/** base64-zipped log (undefined: none, written as an empty CDATA). */
	loggingString?: string;
}

/** The status GetPipelineStatusServlet builds (with the request's name, which may be null). */
export function pipelineStatusView(state: HopServerState, entry: PipelineEntry, requestName: string | null, from: number): PipelineStatusView {
	const now = state.now();
	const engine = entry.engine;
	const run = engine.run;
	const last = state.logs.lastLineNr;
	const statusDescription = engine.statusDescription(now);
	return {
		name: requestName,
		id: entry.id,
		statusDescription,
		logDate: now,
		executionStartDate: run?.preparedAt,
		executionEndDate: run?.endedAt,
		paused: engine.isPaused(),
		transforms: run ? run.transformStatuses(now, state.logs) : [],
		firstLineNr: from,
		lastLineNr: last,
		result: run ? run.result(now) : undefined,
		loggingString: base64Zipped(state.logs.text(engine.channel, from, last)),
	};
}

export function pipelineStatusXml(state: HopServerState, view: PipelineStatusView, full = false): string {
	const tz = state.app.options.serverTimeZone;
	let xml = '<pipeline-status>\n';
	xml += `  ${addTagValue('pipeline_name', view.name)}`;
	xml += `  ${addTagValue('id', view.id)}`;
	xml += `  ${addTagValue('status_desc', view.statusDescription)}`;
	xml += `  ${addTagValue('error_desc', undefined)}`;
	xml += `  ${addTagValue('log_date', date2string(view.logDate, tz))}`;
	xml += `  ${addTagValue('execution_start_date', date2string(view.executionStartDate, tz))}`;
	xml += `  ${addTagValue('execution_end_date', date2string(view.executionEndDate, tz))}`;
	xml += `  ${addTagValue('paused', view.paused)}`;
	xml += '  <transform_status_list>\n';
	for (const t of view.transforms) xml += `    ${transformXml(state, t)}\n`;
	xml += '  </transform_status_list>\n';
	xml += `  ${addTagValue('first_log_line_nr', view.firstLineNr)}`;
	xml += `  ${addTagValue('last_log_line_nr', view.lastLineNr)}`;
	if (view.result) xml += resultBasicXml(view.result, full);
	xml += `  ${addTagValue('logging_string', buildCDATA(view.loggingString))}`;
	return `${xml}</pipeline-status>`;
}

export function pipelineStatusJson(state: HopServerState, view: PipelineStatusView): Record<string, unknown> {
	const desc = view.statusDescription.toLowerCase();
	return {
		id: view.id,
		pipelineName: view.name,
		statusDescription: view.statusDescription,
		errorDescription: null,
		loggingString: view.loggingString ?? null,
		firstLoggingLineNr: view.firstLineNr,
		lastLoggingLineNr: view.lastLineNr,
		logDate: jacksonDate(view.logDate),
		transformStatusList: view.transforms.map((t) => transformJson(state, t)),
		result: view.result ? resultJson(view.result) : null,
		paused: view.paused,
		executionStartDate: jacksonDate(view.executionStartDate),
		executionEndDate: jacksonDate(view.executionEndDate),
		running: ['running', 'initializing', 'paused'].includes(desc),
		stopped: ['stopped', 'stopped (with errors)'].includes(desc),
		waiting: desc === 'waiting',
		finished: ['finished', 'finished (with errors)'].includes(desc),
		nrTransformErrors: view.transforms.reduce((sum, t) => sum + t.errors, 0),
	};
}

// ---------------------------------------------------------------- workflows

export interface WorkflowStatusView {
	name: string | null;
	id: string | null;
	statusDescription: string;
	logDate?: number;
	executionStartDate?: number;
	executionEndDate?: number;
	loggingString?: string;
	firstLineNr: number;
	lastLineNr: number;
	actions: Array<{ name: string; status: 'FINISHED' | 'STOPPED' | 'RUNNING'; result?: ResultState }>;
	tracker?: { workflowName: string; workflowFilename?: string; entries: TrackerEntry[] };
	result?: ResultState;
}

export function workflowStatusView(state: HopServerState, entry: WorkflowEntry, name: string | null, id: string | null, from: number): WorkflowStatusView {
	const now = state.now();
	const engine = entry.engine;
	const run = engine.run;
	const last = state.logs.lastLineNr;
	const actions: WorkflowStatusView['actions'] = [];
	if (run) {
		const { finished, active } = run.actions(now);
		for (const f of finished) actions.push({ name: f.step.action.name, status: f.result.result ? 'FINISHED' : 'STOPPED', result: f.result });
		for (const a of active) actions.push({ name: a.action.name, status: 'RUNNING' });
	}
	return {
		name,
		id,
		statusDescription: engine.statusDescription(now),
		// GetWorkflowStatusServlet sets the log date to the execution start date.
		logDate: run?.startedAt,
		executionStartDate: run?.startedAt,
		executionEndDate: run?.endedAt,
		loggingString: base64Zipped(state.logs.text(engine.channel, from, last)),
		firstLineNr: from,
		lastLineNr: last,
		actions,
		tracker: run ? { workflowName: engine.def.name, workflowFilename: engine.def.filename, entries: run.tracker(now) } : { workflowName: engine.def.name, workflowFilename: engine.def.filename, entries: [] },
		result: run?.result(now),
	};
}

function trackerXml(state: HopServerState, tracker: NonNullable<WorkflowStatusView['tracker']>): string {
	const tz = state.app.options.serverTimeZone;
	const child = (e: TrackerEntry) =>
		'<workflow_tracker>' +
		addTagValue('workflow_name', tracker.workflowName) +
		addTagValue('workflow_filename', tracker.workflowFilename) +
		'<action_result>' +
		addTagValue('action_name', e.actionName) +
		addTagValue('comment', e.comment) +
		addTagValue('reason', e.reason) +
		addTagValue('log_date', date2string(e.logDate, tz)) +
		addTagValue('action_filename', e.actionFilename ? state.resolve(e.actionFilename) : undefined) +
		addTagValue('log_channel_id', e.logChannelId) +
		addTagValue('checkpoint', false) +
		addTagValue('bytes_read', 0) +
		addTagValue('bytes_written', 0) +
		(e.result ? resultBasicXml(e.result) : '') +
		'</action_result><workflow_trackers></workflow_trackers></workflow_tracker>';
	return (
		'<workflow_tracker>' +
		addTagValue('workflow_name', tracker.workflowName) +
		addTagValue('workflow_filename', tracker.workflowFilename) +
		`<workflow_trackers>${tracker.entries.map(child).join('')}</workflow_trackers></workflow_tracker>`
	);
}

export function workflowStatusXml(state: HopServerState, view: WorkflowStatusView): string {
	const tz = state.app.options.serverTimeZone;
	let xml = '<workflow-status>\n';
	xml += `  ${addTagValue('workflowname', view.name)}`;
	xml += `  ${addTagValue('id', view.id)}`;
	xml += `  ${addTagValue('status_desc', view.statusDescription)}`;
	xml += `  ${addTagValue('error_desc', undefined)}`;
	xml += `  ${addTagValue('log_date', date2string(view.logDate, tz))}`;
	xml += `  ${addTagValue('execution_start_date', date2string(view.executionStartDate, tz))}`;
	xml += `  ${addTagValue('execution_end_date', date2string(view.executionEndDate, tz))}`;
	xml += `  ${addTagValue('logging_string', buildCDATA(view.loggingString))}`;
	xml += `  ${addTagValue('first_log_line_nr', view.firstLineNr)}`;
	xml += `  ${addTagValue('last_log_line_nr', view.lastLineNr)}`;
	if (state.version.atLeast('2.15.0')) {
		xml += '  <action_status_list>\n';
		for (const a of view.actions) xml += `<action_status>${addTagValue('name', a.name)}${addTagValue('status', a.status)}${a.result ? resultBasicXml(a.result) : ''}</action_status>\n`;
		xml += '  </action_status_list>\n';
	}
	if (state.version.atLeast('2.19.0') && view.tracker) xml += `${trackerXml(state, view.tracker)}\n`;
	if (view.result) xml += resultBasicXml(view.result);
	return `${xml}</workflow-status>`;
}

export function workflowStatusJson(state: HopServerState, view: WorkflowStatusView): Record<string, unknown> {
	const desc = view.statusDescription.toLowerCase();
	const json: Record<string, unknown> = {
		workflowName: view.name,
		id: view.id,
		statusDescription: view.statusDescription,
		errorDescription: null,
		loggingString: view.loggingString ?? null,
		firstLoggingLineNr: view.firstLineNr,
		lastLoggingLineNr: view.lastLineNr,
	};
	if (state.version.atLeast('2.15.0')) json.actionStatusList = view.actions.map((a) => ({ name: a.name, status: a.status, result: a.result ? resultJson(a.result) : null }));
	Object.assign(json, {
		result: view.result ? resultJson(view.result) : null,
		logDate: jacksonDate(view.logDate),
		executionStartDate: jacksonDate(view.executionStartDate),
		executionEndDate: jacksonDate(view.executionEndDate),
		running: ['running', 'initializing'].includes(desc),
		waiting: desc === 'waiting',
		finished: ['finished', 'finished (with errors)'].includes(desc),
		stopped: ['stopped', 'stopped (with errors)'].includes(desc),
	});
	return json;
}

// ---------------------------------------------------------------- server

/** The short entries the server status lists (no transforms, no log, no result; log date now for both). */
export function serverStatusXml(state: HopServerState): string {
	const now = state.now();
	const tz = state.app.options.serverTimeZone;
	const info = state.systemInfo();
	let xml = '<serverstatus>\n';
	xml += addTagValue('statusdesc', state.shuttingDown ? 'Shutting down' : 'Online');
	if (state.version.atLeast('2.19.0')) xml += addTagValue('shutting_down', state.shuttingDown);
	xml += addTagValue('memory_free', info.memoryFree);
	xml += addTagValue('memory_total', info.memoryTotal);
	xml += addTagValue('cpu_cores', info.cpuCores);
	xml += addTagValue('cpu_process_time', info.cpuProcessTime);
	xml += addTagValue('uptime', info.uptime);
	xml += addTagValue('thread_count', info.threadCount);
	xml += addDoubleTag('load_avg', info.loadAvg);
	xml += addTagValue('os_name', info.osName);
	xml += addTagValue('os_version', info.osVersion);
	xml += addTagValue('os_arch', info.osArch);
	xml += '  <pipeline_status_list>\n';
	for (const entry of state.pipelines) {
		const run = entry.engine.run;
		const view: PipelineStatusView = {
			name: entry.name,
			id: entry.id,
			statusDescription: entry.engine.statusDescription(now),
			logDate: now,
			executionStartDate: run?.preparedAt,
			executionEndDate: run?.endedAt,
			paused: entry.engine.isPaused(),
			transforms: [],
			firstLineNr: 0,
			lastLineNr: 0,
		};
		xml += `    ${pipelineStatusXml(state, view)}\n`;
	}
	xml += '  </pipeline_status_list>\n';
	const list = state.version.atLeast('2.15.0') ? 'workflow_status_list' : 'job_status_list';
	xml += `  <${list}>\n`;
	for (const entry of state.workflows) {
		const run = entry.engine.run;
		const view: WorkflowStatusView = {
			name: entry.name,
			id: entry.id,
			statusDescription: entry.engine.statusDescription(now),
			logDate: now,
			executionStartDate: run?.startedAt,
			executionEndDate: run?.endedAt,
			firstLineNr: 0,
			lastLineNr: 0,
			actions: [],
		};
		xml += `    ${workflowStatusXml(state, view)}\n`;
	}
	xml += `  </${list}>\n`;
	xml += '</serverstatus>\n';
	void tz;
	return xml;
}

export function serverStatusJson(state: HopServerState): Record<string, unknown> {
	const now = state.now();
	const info = state.systemInfo();
	const json: Record<string, unknown> = { statusDescription: state.shuttingDown ? 'Shutting down' : 'Online', errorDescription: null };
	if (state.version.atLeast('2.19.0')) json.shuttingDown = state.shuttingDown;
	json.pipelineStatusList = state.pipelines.map((entry) =>
		pipelineStatusJson(state, {
			name: entry.name,
			id: entry.id,
			statusDescription: entry.engine.statusDescription(now),
			logDate: now,
			executionStartDate: entry.engine.run?.preparedAt,
			executionEndDate: entry.engine.run?.endedAt,
			paused: entry.engine.isPaused(),
			transforms: [],
			firstLineNr: 0,
			lastLineNr: 0,
		}),
	);
	json.workflowStatusList = state.workflows.map((entry) =>
		workflowStatusJson(state, {
			name: entry.name,
			id: entry.id,
			statusDescription: entry.engine.statusDescription(now),
			logDate: now,
			executionStartDate: entry.engine.run?.startedAt,
			executionEndDate: entry.engine.run?.endedAt,
			firstLineNr: 0,
			lastLineNr: 0,
			actions: [],
		}),
	);
	Object.assign(json, {
		memoryFree: info.memoryFree,
		memoryTotal: info.memoryTotal,
		cpuCores: info.cpuCores,
		cpuProcessTime: info.cpuProcessTime,
		uptime: info.uptime,
		threadCount: info.threadCount,
		loadAvg: info.loadAvg,
		osName: info.osName,
		osVersion: info.osVersion,
		osArchitecture: info.osArch,
	});
	return json;
}
