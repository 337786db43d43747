/**
 * The emulated Hop Server's engines: the pipeline map and workflow map the servlets share, and what
 * a pipeline or workflow does over time. Everything follows the emulator clock (`app.now()`): a
 * request first settles every run up to "now" (`settle`), which writes the log lines that became due
 * in time order and gives them numbers from one counter for the whole server, as HopLogStore's central
 * buffer does (getLastBufferLineNr is the server-wide last number; a channel's text is its lines with
 * from < nr ≤ last: apache/hop:core/src/main/java/org/apache/hop/core/logging/LoggingBuffer.java@2.19.0-rc1).
 *
 * Real life cycle (apache/hop:engine/src/main/java/org/apache/hop/pipeline/Pipeline.java@2.19.0-rc1):
 * - a registered pipeline has no transforms yet (transforms == null): status "Waiting", no components,
 *   getResult() null (no <result>), stopAll() does nothing, pauseExecution() throws a NullPointerException
 *   after setting the paused flag;
 * - prepareExecution sets the execution start date, a new log channel (so a new run's log starts empty),
 *   logs "Executing this pipeline using the Local Pipeline Engine with run configuration '…'" and
 *   "Execution started for pipeline […]", and makes it ready to start (status "Waiting", transforms "Idle");
 * - startThreads: "Running" ("Paused" while paused); when every transform has finished, the finished
 *   flag is set and running cleared, so the status reads "Finished", or "Finished (with errors)" with
 *   errors — also after stopAll (stopped transforms still finish; only isFinished() is asked first),
 *   the result then saying is_stopped=Y; each transform logs "Finished processing (I=…, O=…, R=…, W=…, U=…, E=…)"
 *   and the pipeline "Execution finished on a local pipeline engine with run configuration '…'".
 * Workflows (engine/src/main/java/org/apache/hop/workflow/Workflow.java@2.19.0-rc1): startExecution makes a
 * new log channel, "Start of workflow execution", then per action "Starting action […]" and "Finished action
 * […] (result=[…])" (at once from 2.18.0, 77825112a6; before, when the chain of following actions returned,
 * i.e. in reverse order at the end), then "Workflow execution finished"; finished → "Finished" (with errors
 * when the result counts errors); stopExecution → "Stopped" (not finished), "Stopped (with errors)" when the
 * result has errors (ActionAbort counts one and stops the workflow: plugins/actions/abort/.../ActionAbort.java).
 *
 * What each transform or action does is the emulator's model (defs.ts): rows flow from the inputs along
 * the enabled hops; a run lasts `durationMs` (seed.hop.durationMs, default the emulator's jobDurationMs)
 * plus every Delay transform's delay for each row it holds; a RowGenerator with never_ending=Y makes a row
 * every interval_in_ms until the pipeline is stopped; an Abort transform stops everything when its
 * (row_threshold+1)th row arrives, with one error unless its option is ABORT or SAFE_STOP. Actions: START
 * and the small ones (SUCCESS, DUMMY, WRITE_TO_LOG, ABORT) take no time, DELAY its wait, PIPELINE the
 * pipeline it names (seeded files), any other the base duration; ABORT and a PIPELINE whose pipeline fails
 * fail; hops are followed like Hop's (unconditional, or evaluation Y after success / N after failure).
 */
import { randomUUID } from 'node:crypto';

import type { ActionDef, ExecutionConfig, PipelineDef, TransformDef, WorkflowDef } from './defs';
import { logTime } from './xml';

// ---------------------------------------------------------------- log store

export interface LogLine {
	nr: number;
	time: number;
	/** The run's log channel. */
	channel: string;
	/** The transform (component) that wrote it, for the transform's own log text. */
	component?: string;
	text: string;
}

export const LOG_LEVELS = ['Nothing', 'Error', 'Minimal', 'Basic', 'Detailed', 'Debug', 'Rowlevel'] as const;

/** LogLevel.lookupCode: case-insensitive, BASIC when unknown. */
export function logLevelOf(code: string | undefined): string {
	const found = LOG_LEVELS.find((l) => l.toLowerCase() === String(code ?? '').toLowerCase());
	return found ?? 'Basic';
}

const levelNr = (level: string) => LOG_LEVELS.indexOf(logLevelOf(level) as (typeof LOG_LEVELS)[number]);

export class LogStore {
	readonly lines: LogLine[] = [];
	private last = 0;

	constructor(private readonly timeZone: () => string) {}

	/** HopLogLayout: "yyyy/MM/dd HH:mm:ss - subject - [ERROR: ]message", one line per message line. */
	write(channel: string, time: number, subject: string, message: string, options: { error?: boolean; component?: string } = {}): void {
		const stamp = logTime(time, this.timeZone());
		message.split('\n').forEach((part, index) => {
			this.last += 1;
			const text = `${stamp} - ${subject} - ${index === 0 && options.error ? 'ERROR: ' : ''}${part}`;
			this.lines.push({ nr: this.last, time, channel, component: options.component, text });
		});
	}

	get lastLineNr(): number {
		return this.lines.length === 0 ? 0 : this.lines[this.lines.length - 1].nr;
	}

	/** LoggingBuffer.getBuffer(channel, false, from, to): the lines with from < nr ≤ to, each with a line break. */
	text(channel: string | undefined, from = 0, to = this.lastLineNr, component?: string): string {
		if (channel === undefined) return '';
		return this.lines
			.filter((l) => l.channel === channel && l.nr > from && l.nr <= to && (component === undefined || l.component === component))
			.map((l) => `${l.text}\n`)
			.join('');
	}

	/** HopLogStore.discardLines(channel, true). */
	discard(channel: string | undefined): void {
		if (channel === undefined) return;
		for (let i = this.lines.length - 1; i >= 0; i--) if (this.lines[i].channel === channel) this.lines.splice(i, 1);
	}
}

/** A log event due at an instant (the engine runs them in time order across all runs). */
export interface HopEvent {
	at: number;
	run: () => void;
}

// ---------------------------------------------------------------- results

export interface ResultState {
	linesInput: number;
	linesOutput: number;
	linesRead: number;
	linesWritten: number;
	linesUpdated: number;
	linesRejected: number;
	linesDeleted: number;
	errors: number;
	filesRetrieved: number;
	result: boolean;
	entryNr: number;
	exitStatus: number;
	stopped: boolean;
	logChannelId?: string;
	logText?: string;
	elapsedTimeMillis: number;
	executionId?: string;
	containerId?: string;
}

export function emptyResult(): ResultState {
	return {
		linesInput: 0,
		linesOutput: 0,
		linesRead: 0,
		linesWritten: 0,
		linesUpdated: 0,
		linesRejected: 0,
		linesDeleted: 0,
		errors: 0,
		filesRetrieved: 0,
		result: true,
		entryNr: 0,
		exitStatus: 0,
		stopped: false,
		elapsedTimeMillis: 0,
	};
}

// ---------------------------------------------------------------- pipelines

const INPUT_TYPES = new Set(['RowGenerator', 'TextFileInput2', 'CSVInput', 'TableInput', 'JsonInput', 'ExcelInput', 'GetFileNames', 'DataGrid']);
const OUTPUT_TYPES = new Set(['TextFileOutput', 'TableOutput', 'JsonOutput', 'TypeExitExcelWriterTransform', 'InsertUpdate', 'Update']);

interface TransformPlan {
	def: TransformDef;
	read: number;
	written: number;
	input: number;
	output: number;
	errors: number;
}

interface PipelinePlan {
	/** Active ms until the end (Infinity: runs until stopped). */
	durationMs: number;
	/** Active ms at which an Abort transform stops everything. */
	abortAtMs?: number;
	abort?: { transform: string; rows: number; withError: boolean; message: string };
	transforms: TransformPlan[];
	/** A never-ending generator's interval (rows grow with time). */
	intervalMs?: number;
}

export interface TransformStatusView {
	transformName: string;
	copy: number;
	linesRead: number;
	linesWritten: number;
	linesInput: number;
	linesOutput: number;
	linesUpdated: number;
	linesRejected: number;
	errors: number;
	inputBufferSize: number;
	outputBufferSize: number;
	statusDescription: string;
	seconds: number;
	speed: string;
	priority: string;
	stopped: boolean;
	paused: boolean;
	logText: string;
}

/** Rounds half to even, as java.text.DecimalFormat does by default. */
function halfEven(value: number): number {
	const floor = Math.floor(value);
	const diff = value - floor;
	if (Math.abs(diff - 0.5) < 1e-9) return floor % 2 === 0 ? floor : floor + 1;
	return Math.round(value);
}

function planPipeline(def: PipelineDef, baseMs: number): PipelinePlan {
	const names = def.transforms.map((t) => t.name);
	const incoming = new Map<string, string[]>();
	for (const hop of def.hops) {
		if (!hop.enabled || !names.includes(hop.from) || !names.includes(hop.to)) continue;
		incoming.set(hop.to, [...(incoming.get(hop.to) ?? []), hop.from]);
	}
	const out = new Map<string, number>();
	const inRows = new Map<string, number>();
	const visiting = new Set<string>();
	const rowsOut = (name: string): number => {
		if (out.has(name)) return out.get(name)!;
		if (visiting.has(name)) return 0;
		visiting.add(name);
		const t = def.transforms.find((x) => x.name === name)!;
		const from = incoming.get(name) ?? [];
		let rows: number;
		if (from.length === 0) rows = t.type === 'RowGenerator' ? (t.limit ?? 10) : (t.rows ?? (INPUT_TYPES.has(t.type) ? 10 : 0));
		else rows = from.reduce((sum, f) => sum + rowsOut(f), 0);
		inRows.set(name, from.length === 0 ? 0 : rows);
		out.set(name, rows);
		visiting.delete(name);
		return rows;
	};
	names.forEach(rowsOut);
	let durationMs = baseMs;
	let intervalMs: number | undefined;
	for (const t of def.transforms) {
		if (t.type === 'Delay') durationMs += (t.delayMs ?? 1000) * (inRows.get(t.name) ?? 0);
		if (t.type === 'RowGenerator' && t.neverEnding && !(incoming.get(t.name) ?? []).length) {
			durationMs = Infinity;
			intervalMs = Math.max(1, t.intervalMs ?? 5000);
		}
	}
	const transforms = def.transforms.map((t): TransformPlan => {
		const read = inRows.get(t.name) ?? 0;
		const written = out.get(t.name) ?? 0;
		const isInput = !(incoming.get(t.name) ?? []).length;
		return {
			def: t,
			read,
			written,
			input: isInput && t.type !== 'RowGenerator' ? written : 0,
			output: OUTPUT_TYPES.has(t.type) ? written : 0,
			errors: 0,
		};
	});
	const plan: PipelinePlan = { durationMs, transforms, intervalMs };
	const abort = def.transforms.find((t) => t.type === 'Abort' && (inRows.get(t.name) ?? 0) > (t.abortThreshold ?? 0));
	if (abort && durationMs !== Infinity) {
		const rows = (abort.abortThreshold ?? 0) + 1;
		const fraction = rows / (inRows.get(abort.name) ?? rows);
		plan.abortAtMs = Math.round(durationMs * fraction);
		plan.abort = { transform: abort.name, rows, withError: (abort.abortOption ?? 'ABORT_WITH_ERROR') === 'ABORT_WITH_ERROR', message: abort.message ?? '' };
	}
	return plan;
}

/** One preparation (log channel) of a pipeline engine: from prepareExecution to its end. */
export class PipelineRun {
	readonly channel = randomUUID();
	startedAt?: number;
	endedAt?: number;
	pausedTotal = 0;
	pausedSince?: number;
	stopped = false;
	/** Active ms at which it stopped or aborted. */
	private stopAtMs?: number;
	readonly plan: PipelinePlan;
	private ended = false;

	constructor(
		readonly engine: PipelineEngine,
		readonly preparedAt: number,
		baseMs: number,
	) {
		this.plan = planPipeline(engine.def, baseMs);
	}

	activeMs(now: number): number {
		if (this.startedAt === undefined) return 0;
		const until = Math.min(now, this.pausedSince ?? now, this.endedAt ?? now);
		return Math.max(0, until - this.startedAt - this.pausedTotal);
	}

	get running(): boolean {
		return this.startedAt !== undefined && !this.ended;
	}

	get finished(): boolean {
		return this.ended;
	}

	/** When (absolute) the run ends by itself, if it is running and not paused. */
	dueAt(): number | undefined {
		if (!this.running || this.pausedSince !== undefined || this.startedAt === undefined) return undefined;
		const end = this.stopAtMs ?? this.plan.abortAtMs ?? this.plan.durationMs;
		if (!Number.isFinite(end)) return undefined;
		return this.startedAt + this.pausedTotal + end;
	}

	/** The fraction of the planned rows done at active ms. */
	private fraction(activeMs: number): number {
		if (!Number.isFinite(this.plan.durationMs)) return 1;
		if (this.plan.durationMs <= 0) return 1;
		return Math.min(1, activeMs / this.plan.durationMs);
	}

	/** Counters of a transform at an instant. */
	counters(t: TransformPlan, now: number): { read: number; written: number; input: number; output: number; errors: number } {
		const active = this.startedAt === undefined ? 0 : this.activeMs(now);
		if (this.plan.intervalMs !== undefined) {
			const rows = Math.floor(active / this.plan.intervalMs);
			const hasInput = t.read > 0 || t.def.type !== 'RowGenerator';
			return { read: hasInput && t.read >= 0 ? (t.read === 0 ? 0 : rows) : 0, written: rows, input: 0, output: t.output > 0 ? rows : 0, errors: 0 };
		}
		const f = this.fraction(active);
		const abort = this.plan.abort;
		if (abort && this.plan.abortAtMs !== undefined && active >= this.plan.abortAtMs && t.def.name === abort.transform) {
			return { read: abort.rows, written: abort.rows, input: 0, output: 0, errors: abort.withError ? 1 : 0 };
		}
		return {
			read: Math.floor(t.read * f),
			written: Math.floor(t.written * f),
			input: Math.floor(t.input * f),
			output: Math.floor(t.output * f),
			errors: 0,
		};
	}

	errors(now: number): number {
		return this.plan.transforms.reduce((sum, t) => sum + this.counters(t, now).errors, 0);
	}

	start(now: number): void {
		this.startedAt = now;
		// Transforms stopped before their threads started end at once.
		if (this.stopped) this.stopAtMs = 0;
	}

	pause(now: number): void {
		if (this.pausedSince === undefined) this.pausedSince = now;
	}

	resume(now: number): void {
		if (this.pausedSince !== undefined) {
			this.pausedTotal += now - this.pausedSince;
			this.pausedSince = undefined;
		}
	}

	/** stopAll on a running pipeline: the transforms stop now and the run ends (Finished, is_stopped=Y). */
	stop(now: number): void {
		// stopAll after the end still marks the transforms and the pipeline stopped (status stays Finished).
		this.stopped = true;
		if (this.ended) return;
		this.resume(now);
		if (this.running) this.stopAtMs = this.activeMs(now);
	}

	events(upTo: number, logs: LogStore): HopEvent[] {
		const due = this.dueAt();
		if (due === undefined || due > upTo) return [];
		return [{ at: due, run: () => this.finish(due, logs) }];
	}

	/** Ends the run at its due time and writes its closing lines. */
	finish(at: number, logs: LogStore): void {
		if (this.ended) return;
		const active = this.activeMs(at);
		this.endedAt = at;
		this.ended = true;
		const name = this.engine.def.name;
		const level = levelNr(this.engine.config.logLevel);
		const abort = this.plan.abort;
		if (abort && this.plan.abortAtMs !== undefined && active >= this.plan.abortAtMs && !(this.stopAtMs !== undefined && this.stopAtMs < this.plan.abortAtMs)) {
			this.stopped = true;
			if (level >= 1) {
				const label = abort.withError ? 'Abort with error' : 'Abort';
				logs.write(this.channel, at, `${abort.transform}.0`, `Row nr ${abort.rows} causing abort "${label}": [${this.sampleRow()}]`, { error: true, component: abort.transform });
				logs.write(this.channel, at, `${abort.transform}.0`, abort.message || `Aborting after having seen ${abort.rows} rows.`, { error: true, component: abort.transform });
			}
		}
		if (level >= 3) {
			for (const t of this.plan.transforms) {
				const c = this.counters(t, at);
				logs.write(this.channel, at, `${t.def.name}.0`, `Finished processing (I=${c.input}, O=${c.output}, R=${c.read}, W=${c.written}, U=0, E=${c.errors})`, { component: t.def.name });
			}
			logs.write(this.channel, at, name, `Execution finished on a local pipeline engine with run configuration '${this.engine.config.runConfiguration ?? 'local'}'`);
		}
	}

	private sampleRow(): string {
		const generator = this.engine.def.transforms.find((t) => t.type === 'RowGenerator');
		return (generator?.fields ?? []).map((f) => f.value).join(', ');
	}

	result(now: number): ResultState {
		const r = emptyResult();
		for (const t of this.plan.transforms) {
			const c = this.counters(t, now);
			r.errors += c.errors;
			r.linesRead = Math.max(r.linesRead, c.read);
			r.linesWritten = Math.max(r.linesWritten, c.written);
			r.linesInput = Math.max(r.linesInput, c.input);
			r.linesOutput = Math.max(r.linesOutput, c.output);
		}
		r.result = r.errors === 0;
		r.stopped = this.stopped;
		r.logChannelId = this.channel;
		return r;
	}

	statusDescription(now: number): string {
		if (this.running) return this.pausedSince !== undefined ? 'Paused' : 'Running';
		if (this.ended) return this.errors(now) > 0 ? 'Finished (with errors)' : 'Finished';
		// stopAll on prepared transforms that never ran: stopped, neither running nor finished.
		return this.stopped ? 'Stopped' : 'Waiting';
	}

	transformStatuses(now: number, logs: LogStore): TransformStatusView[] {
		const active = this.activeMs(now);
		const seconds = Math.floor((active / 1000) * 10 + 0.5) / 10;
		return this.plan.transforms.map((t) => {
			const c = this.counters(t, now);
			let status = 'Idle';
			if (this.running) status = this.pausedSince !== undefined ? 'Paused' : 'Running';
			else if (this.ended) status = this.stopped ? 'Stopped' : 'Finished';
			// TransformStatus.updateAll: rows per second (input or output side), floored to a tenth, then
			// DecimalFormat("#,###,###,###,##0") (HALF_EVEN) with a leading space; "-" before any time passed.
			const lapsed = active / 1000;
			const inProc = Math.max(c.input, c.read);
			const outProc = Math.max(c.output, c.written);
			const perSecond = lapsed === 0 ? 0 : Math.max(Math.floor((10 * inProc) / lapsed) / 10, Math.floor((10 * outProc) / lapsed) / 10);
			const speed = lapsed === 0 ? '-' : ` ${halfEven(perSecond).toLocaleString('en-US')}`;
			return {
				transformName: t.def.name,
				copy: 0,
				linesRead: c.read,
				linesWritten: c.written,
				linesInput: c.input,
				linesOutput: c.output,
				linesUpdated: 0,
				linesRejected: 0,
				errors: c.errors,
				inputBufferSize: 0,
				outputBufferSize: 0,
				statusDescription: status,
				seconds: this.startedAt === undefined ? 0 : seconds,
				speed,
				priority: this.running ? '   0/0' : '-',
				stopped: this.ended && this.stopped,
				paused: this.pausedSince !== undefined,
				logText: logs.text(this.channel, 0, logs.lastLineNr, t.def.name),
			};
		});
	}
}

/** What the PipelineMap holds: an engine (IPipelineEngine) and its configuration. */
export class PipelineEngine {
	/** The current preparation; undefined while transforms == null (registered, never prepared). */
	run?: PipelineRun;
	/** pauseExecution sets the flag before it fails on an unprepared pipeline. */
	pausedFlag = false;
	/** readyToStart stays true once a preparation finished (Pipeline.setReadyToStart is never reset). */
	readyToStart = false;
	/** The channel the engine was built with (before any preparation). */
	readonly initialChannel = randomUUID();

	constructor(
		readonly def: PipelineDef,
		readonly config: ExecutionConfig,
	) {}

	get channel(): string {
		return this.run?.channel ?? this.initialChannel;
	}

	/** Pipeline.isPaused: the flag pauseExecution sets (also on a pipeline that is not running). */
	isPaused(): boolean {
		return (this.run?.pausedSince !== undefined) || this.pausedFlag;
	}

	statusDescription(now: number): string {
		return this.run ? this.run.statusDescription(now) : 'Waiting';
	}
}

export interface PipelineEntry {
	/** The HopServerObjectEntry: name and id (equality is by id alone). */
	name: string;
	id: string;
	engine: PipelineEngine;
	/** Run configuration names the client's metadata (metastore_json) adds. */
	clientRunConfigurations: string[];
	seq: number;
}

// ---------------------------------------------------------------- workflows

interface StepPlan {
	action: ActionDef;
	nr: number;
	reason: string;
	startMs: number;
	endMs: number;
	ok: boolean;
	errors: number;
	/** ABORT: the workflow stops here. */
	stopsWorkflow?: boolean;
	/** PIPELINE: the pipeline's own result. */
	pipeline?: PipelineDef;
	channel: string;
}

export interface WorkflowPlanContext {
	baseMs: number;
	/** A pipeline file the PIPELINE action names (seeded files), if known. */
	pipelineFor(filename: string): PipelineDef | undefined;
}

const QUICK_ACTIONS = new Set(['SPECIAL', 'SUCCESS', 'DUMMY', 'WRITE_TO_LOG', 'ABORT']);

function planWorkflow(def: WorkflowDef, context: WorkflowPlanContext, startActionName?: string): StepPlan[] {
	const steps: StepPlan[] = [];
	const start = (startActionName ? def.actions.find((a) => a.name === startActionName) : undefined) ?? def.actions.find((a) => a.type === 'SPECIAL');
	if (!start) return steps;
	let clock = 0;
	const visit = (action: ActionDef, nr: number, reason: string): void => {
		if (steps.length >= 200) return;
		let duration = QUICK_ACTIONS.has(action.type) ? 0 : context.baseMs;
		let ok = !action.fails;
		let errors = action.fails ? 1 : 0;
		let pipeline: PipelineDef | undefined;
		if (action.type === 'DELAY') duration = action.delayMs ?? 0;
		if (action.type === 'ABORT') {
			ok = false;
			errors = 1;
		}
		if (action.type === 'PIPELINE' && action.filename) {
			pipeline = context.pipelineFor(action.filename);
			if (pipeline) {
				const plan = planPipeline(pipeline, context.baseMs);
				duration = plan.abortAtMs ?? (Number.isFinite(plan.durationMs) ? plan.durationMs : 24 * 3_600_000);
				if (plan.abort?.withError) {
					ok = false;
					errors = 1;
				}
			}
		}
		const step: StepPlan = { action, nr, reason, startMs: clock, endMs: clock + duration, ok, errors, stopsWorkflow: action.type === 'ABORT', pipeline, channel: randomUUID() };
		clock += duration;
		steps.push(step);
		if (step.stopsWorkflow) return;
		const next = def.hops.filter((h) => h.enabled && h.from === action.name && (h.unconditional || h.evaluation === ok));
		for (const hop of next) {
			const target = def.actions.find((a) => a.name === hop.to);
			if (!target) continue;
			const why = hop.unconditional ? 'Followed unconditional link' : ok ? 'Followed link after success' : 'Followed link after failure';
			visit(target, nr + 1, why);
			if (steps[steps.length - 1]?.stopsWorkflow) return;
		}
	};
	visit(start, 0, 'Start');
	return steps;
}

export interface TrackerEntry {
	actionName?: string;
	comment: string;
	reason?: string;
	logDate: number;
	actionFilename?: string;
	logChannelId?: string;
	result?: ResultState;
}

/** One execution (startExecution) of a workflow engine. */
export class WorkflowRun {
	readonly channel = randomUUID();
	readonly steps: StepPlan[];
	endedAt?: number;
	stopped = false;
	private stopAtMs?: number;
	private written = new Set<string>();
	private ended = false;

	constructor(
		readonly engine: WorkflowEngine,
		readonly startedAt: number,
		context: WorkflowPlanContext,
		private readonly finishedAtOnce: boolean,
	) {
		this.steps = planWorkflow(engine.def, context, engine.config.startActionName);
	}

	get plannedMs(): number {
		return this.steps.length === 0 ? 0 : this.steps[this.steps.length - 1].endMs;
	}

	activeMs(now: number): number {
		return Math.max(0, Math.min(now, this.endedAt ?? now) - this.startedAt);
	}

	get running(): boolean {
		return !this.ended;
	}

	dueAt(): number | undefined {
		if (this.ended) return undefined;
		return this.startedAt + (this.stopAtMs ?? this.plannedMs);
	}

	/** The steps done (or cut short by a stop) and the ones running at an instant. */
	private progress(now: number): { done: StepPlan[]; active: StepPlan[] } {
		const ms = this.activeMs(now);
		const limit = this.stopAtMs ?? Infinity;
		const done: StepPlan[] = [];
		const active: StepPlan[] = [];
		for (const step of this.steps) {
			if (step.startMs > Math.min(ms, limit)) break;
			if (step.endMs <= Math.min(ms, limit)) done.push(step);
			else if (this.ended) done.push(step);
			else active.push(step);
		}
		return { done, active };
	}

	/**
	 * The log events not written yet that are due at or before `upTo`, each at its own instant (the
	 * engine merges them with every other run's, so line numbers follow time across runs).
	 */
	events(upTo: number, logs: LogStore): HopEvent[] {
		if (this.ended) return [];
		const level = levelNr(this.engine.config.logLevel);
		const name = this.engine.def.name;
		const limit = this.stopAtMs ?? Infinity;
		const reach = Math.min(upTo - this.startedAt, limit);
		const out: HopEvent[] = [];
		const add = (key: string, offset: number, fn: () => void) => {
			if (this.written.has(key) || offset > reach) return;
			out.push({
				at: this.startedAt + offset,
				run: () => {
					if (this.written.has(key)) return;
					this.written.add(key);
					fn();
				},
			});
		};
		add('start', 0, () => level >= 3 && logs.write(this.channel, this.startedAt, name, 'Start of workflow execution'));
		for (const step of this.steps) {
			if (step.startMs > limit) break;
			const startAt = this.startedAt + step.startMs;
			if (step.action.type !== 'SPECIAL') add(`s${step.nr}:${step.startMs}`, step.startMs, () => level >= 3 && logs.write(this.channel, startAt, name, `Starting action [${step.action.name}]`));
			if (step.endMs > limit) break;
			const endAt = this.startedAt + step.endMs;
			if (step.action.type === 'WRITE_TO_LOG') add(`w${step.nr}:${step.startMs}`, step.endMs, () => level >= 3 && logs.write(this.channel, endAt, step.action.name, step.action.message ?? ''));
			if (step.action.type === 'ABORT')
				add(`a${step.nr}:${step.startMs}`, step.endMs, () => {
					if (level >= 1) logs.write(this.channel, endAt, step.action.name, step.action.message || 'Aborting workflow.', { error: true });
					if (level >= 3) logs.write(this.channel, endAt, name, 'Stop workflow execution');
				});
			if (step.action.type !== 'SPECIAL' && this.finishedAtOnce)
				add(`f${step.nr}:${step.startMs}`, step.endMs, () => level >= 3 && logs.write(this.channel, endAt, name, `Finished action [${step.action.name}] (result=[${step.ok}])`));
		}
		const end = this.stopAtMs ?? this.plannedMs;
		if (end <= upTo - this.startedAt) add('end', end, () => this.finish(this.startedAt + end, logs));
		return out;
	}

	/** Ends the run (its closing lines). */
	private finish(at: number, logs: LogStore): void {
		if (this.ended) return;
		const level = levelNr(this.engine.config.logLevel);
		const name = this.engine.def.name;
		const limit = this.stopAtMs ?? Infinity;
		if (!this.finishedAtOnce && level >= 3) {
			for (const step of [...this.steps].reverse()) {
				if (step.action.type === 'SPECIAL' || step.endMs > limit) continue;
				logs.write(this.channel, at, name, `Finished action [${step.action.name}] (result=[${step.ok}])`);
			}
		}
		if (this.steps.some((s) => s.stopsWorkflow && s.endMs <= limit)) this.stopped = true;
		this.endedAt = at;
		this.ended = true;
		if (level >= 3) logs.write(this.channel, at, name, 'Workflow execution finished');
	}

	/** stopExecution (the engine settled up to `now` first): the running action is cut short now. */
	stop(now: number, logs: LogStore): void {
		this.stopped = true;
		if (this.ended) return;
		this.stopAtMs = this.activeMs(now);
		if (levelNr(this.engine.config.logLevel) >= 3) logs.write(this.channel, now, this.engine.def.name, 'Stop workflow execution');
	}

	get finished(): boolean {
		return this.ended && !this.stopped;
	}

	actionResult(step: StepPlan, now: number): ResultState {
		const r = emptyResult();
		const interrupted = this.stopAtMs !== undefined && step.endMs > this.stopAtMs;
		r.result = interrupted ? false : step.ok;
		r.errors = interrupted ? 0 : step.errors;
		r.entryNr = step.nr;
		r.logChannelId = step.channel;
		r.elapsedTimeMillis = Math.max(0, Math.min(step.endMs, this.stopAtMs ?? step.endMs, this.activeMs(now)) - step.startMs);
		r.stopped = interrupted;
		if (step.pipeline) {
			const plan = planPipeline(step.pipeline, 0);
			const last = plan.transforms.reduce((m, t) => Math.max(m, t.written), 0);
			r.linesRead = plan.transforms.reduce((m, t) => Math.max(m, t.read), 0);
			r.linesWritten = last;
		}
		return r;
	}

	/** Results of the actions that ran (the ActionResult list), and the active ones. */
	actions(now: number): { finished: Array<{ step: StepPlan; result: ResultState }>; active: StepPlan[] } {
		const { done, active } = this.progress(now);
		return { finished: done.map((step) => ({ step, result: this.actionResult(step, now) })), active };
	}

	/** The workflow's Result: the last action's, with the errors of all. */
	result(now: number): ResultState | undefined {
		const { finished } = this.actions(now);
		if (!this.ended) return undefined;
		const last = finished[finished.length - 1];
		const r = last ? { ...last.result } : emptyResult();
		r.errors = finished.reduce((sum, f) => sum + f.result.errors, 0);
		r.stopped = this.stopped;
		return r;
	}

	statusDescription(now: number): string {
		if (!this.ended) return this.stopped ? 'Halting' : 'Running';
		const errors = this.result(now)?.errors ?? 0;
		const base = this.stopped ? 'Stopped' : 'Finished';
		return errors > 0 ? `${base} (with errors)` : base;
	}

	/** The tracker entries (Workflow.java jerStart, jerBefore, jerAfter, jerEnd). */
	tracker(now: number): TrackerEntry[] {
		const entries: TrackerEntry[] = [{ comment: 'Start of workflow execution', reason: 'Start', logDate: this.startedAt }];
		const { finished, active } = this.actions(now);
		const started = [...finished.map((f) => f.step), ...active].sort((a, b) => a.startMs - b.startMs || a.nr - b.nr);
		for (const step of started) {
			if (step.action.type === 'SPECIAL') continue;
			entries.push({ actionName: step.action.name, comment: 'Start of action', reason: step.reason, logDate: this.startedAt + step.startMs, actionFilename: step.action.filename });
			const done = finished.find((f) => f.step === step);
			if (done) entries.push({ actionName: step.action.name, comment: 'End of action', logDate: this.startedAt + Math.min(step.endMs, this.stopAtMs ?? step.endMs), actionFilename: step.action.filename, logChannelId: step.channel, result: done.result });
		}
		if (this.ended) entries.push({ comment: 'Workflow execution finished', reason: 'Finished', logDate: this.endedAt!, logChannelId: this.channel, result: this.result(now) });
		return entries;
	}
}

export class WorkflowEngine {
	run?: WorkflowRun;
	/** stopExecution before any start sets the flag (Workflow.getStatusDescription then needs a result it has not). */
	stoppedBeforeStart = false;
	/** The engine's container id (a restart makes a new engine with a new one: StartWorkflowServlet). */
	containerId: string;

	constructor(
		readonly def: WorkflowDef,
		readonly config: ExecutionConfig,
		containerId: string,
	) {
		this.containerId = containerId;
	}

	get channel(): string | undefined {
		return this.run?.channel;
	}

	/** Workflow.isInitialized(): it was started at least once. */
	get initialized(): boolean {
		return this.run !== undefined;
	}

	get active(): boolean {
		return this.run?.running ?? false;
	}

	statusDescription(now: number): string {
		if (this.run) return this.run.statusDescription(now);
		return this.stoppedBeforeStart ? 'Stopped' : 'Waiting';
	}
}

export interface WorkflowEntry {
	name: string;
	/** The map key's id (kept when startWorkflow replaces the engine). */
	id: string;
	engine: WorkflowEngine;
	clientRunConfigurations: string[];
	seq: number;
}
