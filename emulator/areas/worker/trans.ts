/**
 * The emulated worker's transformations, and the control endpoints for transformations and jobs
 * (stop, pause/resume, remove, start, execute). Registered by `../worker.ts`.
 *
 * A transformation's life is computed from the emulator clock like a job's (no timers), with two
 * kinds of state the clock cannot give: pauses (paused time does not count) and a stop (its
 * counters freeze). Its steps pass rows along with a small lag, so a running transformation shows
 * each step at a different count, as the real status page does.
 *
 * What a transformation does is set by its parameters or variables (names in any case):
 *   FAIL=Y          the step named by FAIL_STEP (default the last step) fails at 60 %: the
 *                   transformation ends "Finished (with errors)", that step counts 1 error
 *                   (also when the transformation's name contains "fail")
 *   ROWS=n          rows the input step reads (default 100)
 *   DURATION_MS=n   how long it runs (default the emulator's jobDurationMs)
 *   STEPS=a,b,c     the step names (default Table input, Filter rows, Table output)
 *
 * Real sources followed (pentaho/pentaho-kettle, engine/src/main/java/org/pentaho/di/www/):
 *   RunTransServlet.java@00c601e0        runTrans: repository path in `trans`, `level`, other
 *                                         parameters set as parameters/variables; webresult
 *                                         "Transformation started" with the id; errors are a
 *                                         webresult ERROR with HTTP 200 (content type text/html).
 *   ExecuteTransServlet.java@00c601e0    executeTrans: `rep`/`user`/`pass`/`trans`/`level` read by
 *                                         getParameter (query or form body); it runs the
 *                                         transformation to its end inside the request and answers
 *                                         an EMPTY body on success (no id), 400 without `trans`,
 *                                         401 on repository authentication, 404 not found,
 *                                         500 with a webresult ERROR and the log when it ended with
 *                                         errors.
 *   GetTransStatusServlet.java@028843ec + SlaveServerTransStatus.java@12d25b5f: `transstatus` with
 *                                         `paused`, `stepstatuslist` (steps that ran), the result
 *                                         and the log; unknown → webresult ERROR, HTTP 200.
 *                                         error_desc is never set by the servlet.
 *   StopTransServlet.java@00c601e0       stopTrans (`inputOnly=Y` = safe stop): webresult OK with the id.
 *   PauseTransServlet.java@1c42d650      pauseTrans toggles: pauses a running transformation,
 *                                         resumes a paused one; webresult OK without id.
 *   RemoveTransServlet.java@2db5739c     removeTrans: webresult OK (empty message), unknown → ERROR.
 *   GetTransImageServlet.java@0c7b2157   transImage: PNG; unknown → HTTP 200 with an EMPTY body.
 *   StopJobServlet.java@00c601e0, RemoveJobServlet.java@213541e0, StartJobServlet.java@00c601e0,
 *   ExecuteJobServlet.java@12d25b5f      jobs: stop/remove as above (HTML mode: 400 when not
 *                                         found); startJob 400 without name and id, 404 unknown,
 *                                         re-runs a finished job under the same id (the reply
 *                                         echoes that id); 500 for a job still running (the real
 *                                         thread cannot start twice); executeJob answers
 *                                         "Job started" with the new id, 404 repository/job not
 *                                         found, 401 repository authentication.
 *   CarteObjectEntry.java@12d25b5f       entries are equal by id only: given an id, the name is
 *                                         not compared (GetTransStatusServlet echoes the asked name).
 * Messages: the English bundle, engine/src/main/resources/org/pentaho/di/www/messages/messages_en_US.properties@0c79dd7a
 * (some servlets' own texts shortened). Deliberate differences: the
 * emulator has no repository of its own (`repositoryLookup(app)`, repository/store.ts, decides which paths exist) and
 * knows the repositories of `seed.worker.repositories` (default `dataflow`, user admin/password).
 */
import { randomUUID } from 'node:crypto';

import type { EmulatorApp } from '../../core/app';
import type { ServletDeployment } from '../../core/charset';
import type { RequestContext } from '../../core/types';
import { repositoryLookup } from '../repository/store';
import { carteLink, forHtml, javaUrlEncode } from './format';
import { javaMapOrder } from './javaMap';
import { carteDate, encodeLog, type JobEngine } from './jobs';
import { jobPng } from './png';
import { javaInt, parametersOf, restOf } from './request';
import { javaText, tag, webResult, XML_HEADER } from './xmlText';

export interface EmulatedStep {
	name: string;
}

export interface EmulatedTrans {
	id: string;
	name: string;
	source: 'run' | 'execute';
	path: string;
	logLevel: string;
	parameters: Record<string, string>;
	createdAt: number;
	durationMs: number;
	waitMs: number;
	rows: number;
	steps: string[];
	/** Index of the step that fails, or -1. */
	failStep: number;
	/** Paused time already over, and the start of a pause going on. */
	pausedMs: number;
	pausedSince?: number;
	/** Effective time at which it was stopped, and how. */
	stoppedAt?: number;
	safeStop: boolean;
	lines: string[];
	lineNrs: number[];
	/** Log milestones already written. */
	written: Set<string>;
	logChannelId: string;
}

export interface NewTrans {
	name: string;
	source: 'run' | 'execute';
	path: string;
	logLevel?: string;
	parameters?: Record<string, string>;
}

const FAIL_AT = 0.6;

function control(parameters: Record<string, string>, name: string): string | undefined {
	const key = Object.keys(parameters).find((k) => k.toUpperCase() === name);
	return key === undefined ? undefined : parameters[key];
}

function positiveInt(value: string | undefined, fallback: number): number {
	if (value === undefined || !/^\d+$/.test(value.trim())) return fallback;
	return Number(value.trim());
}

export class TransEngine {
	/** Oldest first; ordered() gives the TransformationMap's order. */
	readonly list: EmulatedTrans[] = [];
	/** The most transformations the map held at once (its table never shrinks). */
	peakSize = 0;

	constructor(
		private readonly now: () => number,
		private readonly defaultDurationMs: number,
		/** The job engine: the worker has one log buffer, so both number lines from one counter. */
		private readonly jobs: JobEngine,
	) {}

	create(input: NewTrans): EmulatedTrans {
		const parameters = input.parameters ?? {};
		const stepList = (control(parameters, 'STEPS') ?? '')
			.split(',')
			.map((s) => s.trim())
			.filter((s) => s !== '');
		const steps = stepList.length > 0 ? stepList : ['Table input', 'Filter rows', 'Table output'];
		const fails = (control(parameters, 'FAIL') ?? '').trim().toUpperCase() === 'Y' || /fail/i.test(input.name);
		const failName = control(parameters, 'FAIL_STEP');
		const failIndex = failName === undefined ? steps.length - 1 : steps.indexOf(failName);
		const durationMs = positiveInt(control(parameters, 'DURATION_MS'), this.defaultDurationMs);
		const trans: EmulatedTrans = {
			id: randomUUID(),
			name: input.name,
			source: input.source,
			path: input.path,
			logLevel: input.logLevel || 'Basic',
			parameters,
			createdAt: this.now(),
			durationMs,
			waitMs: Math.min(Math.floor(durationMs * 0.1), 250),
			rows: positiveInt(control(parameters, 'ROWS'), 100),
			steps,
			failStep: fails ? (failIndex >= 0 ? failIndex : steps.length - 1) : -1,
			pausedMs: 0,
			safeStop: false,
			lines: [],
			lineNrs: [],
			written: new Set(),
			logChannelId: randomUUID(),
		};
		this.list.push(trans);
		this.peakSize = Math.max(this.peakSize, this.list.length);
		return trans;
	}

	/** By id (the name is then not compared, as the real map does), else the first of that name in the map's order. */
	find(name: string, id: string): EmulatedTrans | undefined {
		if (id !== '') return this.byId(id);
		return this.firstByName(name);
	}

	/** TransformationMap.getTransformation(new CarteObjectEntry(name, id)): by id only. */
	byId(id: string): EmulatedTrans | undefined {
		return this.list.find((t) => t.id === id);
	}

	/** TransformationMap.getFirstCarteObjectEntry(name): the first of that name in the ConcurrentHashMap's order (javaMap.ts). */
	firstByName(name: string | null | undefined): EmulatedTrans | undefined {
		return this.ordered().find((t) => t.name === name);
	}

	/** The transformations in the TransformationMap's iteration order (the status list's order). */
	ordered(): EmulatedTrans[] {
		return javaMapOrder(this.list, this.peakSize);
	}

	remove(trans: EmulatedTrans): void {
		const index = this.list.indexOf(trans);
		if (index >= 0) this.list.splice(index, 1);
	}

	/** What the steps write to the servlet output (Trans.setServletPrintWriter): the SERVLET_OUTPUT parameter, once it has run. */
	servletOutput(t: EmulatedTrans): string {
		return control(t.parameters, 'SERVLET_OUTPUT') ?? '';
	}

	/** Running time that counts: wall time minus pauses, frozen at a stop or an end. */
	private effective(t: EmulatedTrans, now: number): number {
		const paused = t.pausedMs + (t.pausedSince !== undefined ? now - t.pausedSince : 0);
		const elapsed = Math.max(0, now - t.createdAt - paused);
		return t.stoppedAt !== undefined ? Math.min(elapsed, t.stoppedAt) : elapsed;
	}

	private progress(t: EmulatedTrans, now: number): number {
		const e = this.effective(t, now);
		if (e < t.waitMs) return 0;
		return Math.min(1, (e - t.waitMs) / Math.max(1, t.durationMs - t.waitMs));
	}

	private failed(t: EmulatedTrans, now: number): boolean {
		return t.failStep >= 0 && this.progress(t, now) >= FAIL_AT;
	}

	isWaiting(t: EmulatedTrans, now = this.now()): boolean {
		return t.stoppedAt === undefined && this.effective(t, now) < t.waitMs;
	}

	isEnded(t: EmulatedTrans, now = this.now()): boolean {
		return t.stoppedAt !== undefined || this.failed(t, now) || this.progress(t, now) >= 1;
	}

	isPaused(t: EmulatedTrans): boolean {
		return t.pausedSince !== undefined;
	}

	status(t: EmulatedTrans, now = this.now()): string {
		if (t.stoppedAt !== undefined) return 'Stopped';
		if (this.failed(t, now)) return 'Finished (with errors)';
		if (this.progress(t, now) >= 1) return 'Finished';
		if (this.effective(t, now) < t.waitMs) return 'Waiting';
		return t.pausedSince !== undefined ? 'Paused' : 'Running';
	}

	/** Stops now (stopAll) or lets the input end and the rest finish its rows (safeStop). */
	stop(t: EmulatedTrans, safe: boolean, now = this.now()): void {
		if (this.isEnded(t, now)) return;
		this.advance(now);
		if (t.pausedSince !== undefined) {
			t.pausedMs += now - t.pausedSince;
			t.pausedSince = undefined;
		}
		t.stoppedAt = this.effective(t, now);
		t.safeStop = safe;
		this.write(t, 'stopped', `${t.name} - Transformation ${safe ? 'was stopped safely (input steps stopped, the rest finished)' : 'was stopped'}`, now);
	}

	/** pauseTrans: pauses a running transformation, resumes a paused one; answers which it did. */
	togglePause(t: EmulatedTrans, now = this.now()): 'paused' | 'resumed' {
		if (t.pausedSince !== undefined) {
			t.pausedMs += now - t.pausedSince;
			t.pausedSince = undefined;
			return 'resumed';
		}
		if (!this.isEnded(t, now)) t.pausedSince = now;
		return 'paused';
	}

	private write(t: EmulatedTrans, key: string, text: string, now: number): void {
		if (t.written.has(key)) return;
		t.written.add(key);
		t.lines.push(`${carteDate(now)} - ${text}`);
		t.lineNrs.push(++this.jobs.lastLineNr);
	}

	/** Rows that passed step `index` at this moment (later steps lag a little behind). */
	private stepRows(t: EmulatedTrans, index: number, now: number): number {
		const p = this.progress(t, now);
		const end = t.failStep >= 0 ? Math.min(p, FAIL_AT) : p;
		if (t.stoppedAt !== undefined && t.safeStop) return Math.floor(t.rows * Math.max(0, end));
		if (end >= 1) return t.rows;
		return Math.floor(t.rows * Math.max(0, end - 0.05 * index));
	}

	/** Writes the log lines due at `now`. */
	advance(now = this.now()): void {
		for (const t of this.list) {
			if (this.effective(t, now) < t.waitMs && t.stoppedAt === undefined) continue;
			this.write(t, 'start', `${t.name} - Dispatching started for transformation [${t.name}]`, now);
			const p = this.progress(t, now);
			if (t.failStep >= 0 && p >= FAIL_AT) {
				const step = t.steps[t.failStep];
				this.write(t, 'error', `${step}.0 - ERROR (version 9.3, build 1 from emulator) : Unexpected error: the step was asked to fail (FAIL=Y)`, now);
				this.write(t, 'end', `${t.name} - Transformation detected one or more steps with errors.`, now);
				continue;
			}
			if (t.stoppedAt !== undefined) continue;
			t.steps.forEach((step, index) => {
				if (p >= Math.min(1, (index + 1) / (t.steps.length + 1))) {
					const rows = this.stepRows(t, index, now);
					this.write(t, `step-${index}`, `${step}.0 - Finished processing (I=${index === 0 ? rows : 0}, O=${index === t.steps.length - 1 ? rows : 0}, R=${index === 0 ? 0 : rows}, W=${rows}, U=0, E=0)`, now);
				}
			});
			if (p >= 1) this.write(t, 'end', `${t.name} - Transformation finished`, now);
		}
	}

	logAfter(t: EmulatedTrans, from: number): string {
		const lines = t.lines.filter((_, i) => t.lineNrs[i] > from);
		return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
	}

	errors(t: EmulatedTrans, now = this.now()): number {
		return this.failed(t, now) ? 1 : 0;
	}

	/** The `stepstatus` entries of the steps that ran (none while waiting). */
	steps(t: EmulatedTrans, now = this.now()): Array<Record<string, string | number>> {
		if (this.isWaiting(t, now)) return [];
		const ended = this.isEnded(t, now);
		const seconds = (this.effective(t, now) / 1000).toFixed(1);
		return t.steps.map((name, index) => {
			const rows = this.stepRows(t, index, now);
			const failing = index === t.failStep && this.failed(t, now);
			let statusDescription = 'Running';
			if (t.pausedSince !== undefined) statusDescription = 'Paused';
			if (ended) statusDescription = t.stoppedAt !== undefined || this.failed(t, now) ? 'Stopped' : 'Finished';
			if (t.stoppedAt !== undefined && t.safeStop && index > 0) statusDescription = 'Finished';
			const stopped = statusDescription === 'Stopped';
			return {
				stepname: name,
				copy: 0,
				linesRead: index === 0 ? 0 : rows,
				linesWritten: failing ? Math.max(0, rows - 1) : rows,
				linesInput: index === 0 ? rows : 0,
				linesOutput: index === t.steps.length - 1 ? rows : 0,
				linesUpdated: 0,
				linesRejected: 0,
				errors: failing ? 1 : 0,
				statusDescription,
				seconds,
				speed: rows === 0 ? '-' : String(Math.round(rows / Math.max(0.1, Number(seconds)))),
				priority: ended ? '-' : '1/1',
				stopped: stopped ? 'Y' : 'N',
				paused: t.pausedSince !== undefined ? 'Y' : 'N',
			};
		});
	}

	/** The transformation's result (Result.getBasicXml fields). */
	result(t: EmulatedTrans, now = this.now()): Record<string, string | number> {
		const ended = this.isEnded(t, now);
		const last = this.stepRows(t, t.steps.length - 1, now);
		const first = this.stepRows(t, 0, now);
		const errors = this.errors(t, now);
		return {
			lines_input: first,
			lines_output: last,
			lines_read: first,
			lines_written: last,
			lines_updated: 0,
			lines_rejected: 0,
			lines_deleted: 0,
			nr_errors: errors,
			nr_files_retrieved: 0,
			entry_nr: 0,
			result: ended && errors === 0 && t.stoppedAt === undefined ? 'Y' : 'N',
			exit_status: ended && (errors > 0 || t.stoppedAt !== undefined) ? 1 : 0,
			is_stopped: t.stoppedAt !== undefined ? 'Y' : 'N',
			log_channel_id: t.logChannelId,
			log_text: '',
			// Always 0 on a worker server (only Kitchen and Pan set it: see JobEngine.result in jobs.ts); executionId is never set.
			elapsedTimeMillis: 0,
			executionId: '',
		};
	}
}

// ---- routes ---------------------------------------------------------------------------------

export interface RepositorySeed {
	name: string;
	users?: Record<string, string>;
}

export interface ControlState {
	engine: JobEngine;
	trans: TransEngine;
	repositories: RepositorySeed[];
}

const HTML_TYPE = 'text/html;charset=UTF-8';
const XML_TYPE = 'text/xml;charset=UTF-8';

export function createControlState(app: EmulatorApp, engine: JobEngine): ControlState {
	const seed = (app.options.seed.worker ?? {}) as { repositories?: RepositorySeed[] };
	return {
		engine,
		trans: new TransEngine(() => app.now(), app.options.jobDurationMs, engine),
		repositories: seed.repositories ?? [{ name: 'dataflow', users: { admin: 'password' } }],
	};
}

/** The `transstatus` entry of the server status list (no steps, no result, as GetStatusServlet writes). */
export function transListXml(control: ControlState, now: number): string {
	control.trans.advance(now);
	return control.trans
		.ordered()
		.map(
			(t) =>
				`<transstatus>${tag('transname', t.name)}${tag('id', t.id)}${tag('status_desc', control.trans.status(t, now))}${tag('error_desc', '')}${tag(
					'log_date',
					carteDate(t.createdAt),
				)}${tag('paused', control.trans.isPaused(t) ? 'Y' : 'N')}<stepstatuslist></stepstatuslist>${tag('first_log_line_nr', 0)}${tag(
					'last_log_line_nr',
					0,
				)}${tag('logging_string', '<![CDATA[]]>')}</transstatus>`,
		)
		.join('');
}

type Handler = (ctx: RequestContext) => void | Promise<void>;

/** The handlers by endpoint name; area.ts mounts them under /dataflow and /kettle. */
export function controlRoutes(app: EmulatorApp, control: ControlState, deployment: ServletDeployment = 'biServer'): Record<string, Handler> {
	const { engine, trans } = control;
	const link = (path: string) => carteLink(deployment, path);
	const wantsXml = (params: URLSearchParams) => (params.get('xml') ?? '').toUpperCase() === 'Y';
	const sendXml = (ctx: RequestContext, body: string) => ctx.send(200, body, XML_TYPE);
	const sendPage = (ctx: RequestContext, status: number, body: string) => ctx.send(status, body, HTML_TYPE);
	const backToStatus = `<a href="${link('/kettle/status')}">Back to the status page</a><p>\n`;
	const backToTrans = (name: string, id: string) =>
		`<a href="${link('/kettle/transStatus')}?name=${javaUrlEncode(name)}&id=${javaUrlEncode(id)}">Back to the transformation status page</a><p>\n`;
	const page = (title: string, refresh: string, body: string) =>
		`<HTML>\n<HEAD>\n<TITLE>${title}</TITLE>\n<META http-equiv="Refresh" content="2;url=${refresh}">\n<META http-equiv="Content-Type" content="text/html; charset=UTF-8">\n</HEAD>\n<BODY>\n${body}<p>\n</BODY>\n</HTML>\n`;
	const npeTrace = (servlet: string) =>
		`java.lang.NullPointerException\n\tat java.base/java.net.URLEncoder.encode(URLEncoder.java:208)\n\tat org.pentaho.di.www.${servlet}.doGet(${servlet}.java:150)\n`;
	const lookup = (path: string): boolean | undefined => {
		const known = repositoryLookup(app);
		if (!known) return undefined;
		return known(path) || known(`${path}.ktr`) || known(`${path}.kjb`);
	};
	const baseName = (path: string, ext: RegExp) => (path.split(/[/\\]/).pop() ?? '').replace(ext, '');
	/** As the servlets look a transformation up: by id when one is given (the name is not compared), else the first of the name. */
	const findTrans = (params: URLSearchParams) => {
		const id = params.get('id');
		return id !== null && id !== '' ? trans.byId(id) : trans.firstByName(params.get('name'));
	};
	// ---- transformations -------------------------------------------------------------------
	/**
	 * runTrans (RunTransServlet.java @0d46237290 9.3, @ae692d1261 10.2, @3a1f253bad 11.0): no content type (only
	 * text/html with KETTLE_DEFAULT_SERVLET_ENCODING), no XML declaration, HTTP 200 always. Success: the bare
	 * webresult "Transformation started" with the id, unless a step passes its rows to the servlet output: then it
	 * waits for the end and the body is only what the steps wrote (finishProcessing). Every failure (no `trans`, no
	 * repository configured, an unknown path) is the same bare webresult ERROR whose message is
	 * "!RunTransServlet.Error.UnexpectedError!": the key is missing from the message bundle, so BaseMessages answers
	 * the key between exclamation marks (GlobalMessageUtil.decorateMissingKey) and the stack trace is dropped.
	 * Upstream code after 2026-03-31 (RunTransServlet.java@00c601e019) writes it as text/html (contentTypeAndHeader).
	 */
	const runTrans: Handler = async (ctx) => {
		const params = await parametersOf(ctx);
		const path = params.get('trans') ?? '';
		const failed = () => ctx.send(200, `${webResult('ERROR', '!RunTransServlet.Error.UnexpectedError!')}\n`);
		if (path === '' || /\.(kjb|ktr)$/i.test(path) || lookup(path) === false) {
			failed();
			return;
		}
		const t = trans.create({
			name: baseName(path, /\.ktr$/i),
			source: 'run',
			path,
			logLevel: params.get('level') ?? 'Basic',
			parameters: restOf(params, ['trans', 'level']),
		});
		// Trans.execute (prepareExecution, startThreads) runs before the servlet answers, so the run is Running from the
		// first status request on (Trans.getStatus: "Waiting" only before it is prepared): no waiting phase.
		t.waitMs = 0;
		const output = trans.servletOutput(t);
		if (output !== '') {
			t.createdAt -= t.durationMs + 1;
			trans.advance(app.now());
			ctx.send(200, output);
			return;
		}
		ctx.send(200, `${webResult('OK', 'Transformation started', t.id)}\n`);
	};

	/**
	 * executeTrans (ExecuteTransServlet.java: branch 9.3 @0d46237290, master @ae692d1261 for 10.2, branch 11.0
	 * @3a1f253bad; the three differ only in what is noted here):
	 * - It sets NO content type (only `text/html; charset=<x>` when the JVM has KETTLE_DEFAULT_SERVLET_ENCODING)
	 *   and writes nothing before the run: it prepares, starts and waits for the transformation inside the
	 *   request, with the response's writer handed to the transformation (Trans.setServletPrintWriter), so the
	 *   body is whatever the steps write to the servlet output (the emulator: the SERVLET_OUTPUT parameter), and
	 *   an empty 200 when they write nothing. No id is answered.
	 * - Errors are bare webresults (no XML declaration, still no content type): 400 "Missing mandatory parameter
	 *   trans" (9.3.0.0 also refuses a request without `rep`: "Missing mandatory parameter rep"; dropped by
	 *   PDI-19444, 4b065834e2 on master 2022-05-25 and ec9ab257f5 on branch 9.3 2022-08-12, 9.3.0.1); 401
	 *   "Repository login failed. ..."; 404 "Unable to find transformation: <trans>" only when the exception's
	 *   message holds "Unable to find transformation" (a repository path without that object); every other
	 *   failure (unknown repository or folder, a file that cannot be read) is a 500 "Unexpected error executing
	 *   the transformation: " with the stack trace; a run that ended with errors is a 500 "Error executing
	 *   transformation: " with its log, written after whatever the steps wrote.
	 * - Upstream code after 2026-03-31 (ExecuteTransServlet.java@00c601e019) calls contentTypeAndHeader first:
	 *   application/xml and the XML declaration before the run. No profile plays it.
	 */
	const repRequired = app.profile.before('9.3.0.1');
	const executeTrans: Handler = async (ctx) => {
		const params = await parametersOf(ctx);
		const bare = (status: number, message: string) => ctx.send(status, webResult('ERROR', message));
		const rep = params.get('rep');
		const path = params.get('trans');
		if ((repRequired && rep === null) || path === null) {
			bare(400, `Missing mandatory parameter ${repRequired && rep === null ? 'rep' : 'trans'}`);
			return;
		}
		const unexpected = (exception: string) =>
			bare(500, `Unexpected error executing the transformation: \norg.pentaho.di.core.exception.KettleException: \n${exception}\n\n\tat org.pentaho.di.www.ExecuteTransServlet.doGet(ExecuteTransServlet.java:262)\n`);
		let repository: RepositorySeed | null = null;
		if ((rep ?? '') !== '') {
			repository = control.repositories.find((r) => r.name === rep) ?? null;
			if (!repository) {
				unexpected(`Unable to find repository: ${rep}`);
				return;
			}
			const users = repository.users ?? {};
			if (Object.keys(users).length > 0 && users[params.get('user') ?? ''] !== (params.get('pass') ?? '')) {
				bare(401, 'Repository login failed.\nYou need to be authenticated to call this web service, Service URL=/kettle/executeTrans');
				return;
			}
			const slash = path.lastIndexOf('/');
			const name = path.slice(slash + 1);
			if ((lookup(path) ?? true) === false || /\.(kjb|ktr)$/i.test(name) || name === '') {
				bare(404, `Unable to find transformation: ${path}`);
				return;
			}
		} else if (!/\.ktr$/i.test(path) || /missing|not-found/i.test(path)) {
			unexpected(`Error reading object from XML file\n\nUnable to read file [${path}]`);
			return;
		}
		const t = trans.create({
			name: baseName(path, /\.ktr$/i),
			source: 'execute',
			path,
			logLevel: params.get('level') ?? 'Basic',
			parameters: restOf(params, ['rep', 'user', 'pass', 'trans', 'level']),
		});
		// The real servlet runs the transformation to its end before it answers; the emulator's
		// clock-driven run is moved to its end at once (its log and status are as if it ran).
		t.createdAt -= t.durationMs + 1;
		trans.advance(app.now());
		const written = control.trans.servletOutput(t);
		if (trans.errors(t) > 0) {
			ctx.send(500, `${written}${webResult('ERROR', `Error executing transformation: ${trans.logAfter(t, 0)}`)}`);
			return;
		}
		ctx.send(200, written);
	};

	/**
	 * transStatus (GetTransStatusServlet.java, the same at the three commits but for the 11.0 headers): by id or the
	 * first of the name; XML: the declaration and SlaveServerTransStatus.getXML with the ASKED name, the log date of
	 * the run, the steps that ran, Result.getBasicXml and the log from `from`; unknown: a webresult ERROR WITHOUT the
	 * XML declaration, HTTP 200 (XML) or an H1 and a link, HTTP 200 (HTML).
	 */
	const transStatus: Handler = async (ctx) => {
		const params = await parametersOf(ctx);
		const now = app.now();
		trans.advance(now);
		const t = findTrans(params);
		const askedName = params.get('name');
		if (!t) {
			if (wantsXml(params)) sendXml(ctx, `${webResult('ERROR', `The specified transformation [${javaText(askedName)}] could not be found`)}\n`);
			else sendPage(ctx, 200, `<H1>${forHtml(`Transformation [${javaText(askedName)}] could not be found.`)}</H1>\n${backToStatus}`);
			return;
		}
		const from = javaInt(params.get('from'), 0);
		const status = trans.status(t, now);
		if (!wantsXml(params)) {
			sendPage(ctx, 200, `<HTML>\n<HEAD>\n<TITLE>Kettle transformation status</TITLE>\n</HEAD>\n<BODY>\n<H1>${forHtml(`${t.name} status`)}</H1>\n<p>${forHtml(status)}</p>\n</BODY>\n</HTML>\n`);
			return;
		}
		const steps = trans
			.steps(t, now)
			.map((s) => `    <stepstatus>${Object.entries(s).map(([k, v]) => tag(k, v)).join('')}</stepstatus>\n`)
			.join('');
		const result = Object.entries(trans.result(t, now))
			.map(([k, v]) => `${tag(k, v)}\n`)
			.join('');
		const xml =
			XML_HEADER +
			'<transstatus>\n' +
			[
				tag('transname', askedName),
				tag('id', t.id),
				tag('status_desc', status),
				tag('error_desc', ''),
				tag('log_date', carteDate(t.createdAt)),
				tag('paused', trans.isPaused(t) ? 'Y' : 'N'),
			]
				.map((l) => `  ${l}\n`)
				.join('') +
			`  <stepstatuslist>\n${steps}  </stepstatuslist>\n` +
			`  ${tag('first_log_line_nr', from)}\n  ${tag('last_log_line_nr', engine.lastLineNr)}\n` +
			`<result>${result}</result>` +
			`  ${tag('logging_string', encodeLog(trans.logAfter(t, from)))}\n` +
			'</transstatus>';
		sendXml(ctx, xml);
	};

	/**
	 * stopTrans (StopTransServlet.java, the same at the three commits): `inputOnly=Y` is safeStop, else stopAll;
	 * "Transformation [name] stop requested." with the ASKED name and the id; unknown: XML a webresult ERROR (with
	 * the asked id) in HTTP 200, HTML a 400 page. The HTML header URL-encodes the name inside the try block, so an
	 * HTML request without a name is a 400 with the NullPointerException's trace (and stops nothing).
	 */
	const stopTrans: Handler = async (ctx) => {
		const params = await parametersOf(ctx);
		const xml = wantsXml(params);
		const name = params.get('name');
		let id = params.get('id');
		if (!xml && name === null) {
			sendPage(ctx, 400, `<HTML>\n<HEAD>\n<TITLE>Stop transformation</TITLE>\n<p>\n<pre>\n${forHtml(npeTrace('StopTransServlet'))}\n</pre>\n<p>\n</BODY>\n</HTML>\n`);
			return;
		}
		const refresh = `${link('/kettle/transStatus')}?name=${javaUrlEncode(name ?? '')}`;
		const t = findTrans(params);
		if (!t) {
			const message = `Transformation [${javaText(name)}] could not be found.`;
			if (xml) sendXml(ctx, XML_HEADER + webResult('ERROR', message, id));
			else sendPage(ctx, 400, page('Stop transformation', refresh, `<H1>${forHtml(message)}</H1>\n${backToStatus}`));
			return;
		}
		if (id === null || id === '') id = t.id;
		trans.stop(t, (params.get('inputOnly') ?? '').toUpperCase() === 'Y');
		const message = `Transformation [${javaText(name)}] stop requested.`;
		if (xml) sendXml(ctx, XML_HEADER + webResult('OK', message, id));
		else sendPage(ctx, 200, page('Stop transformation', refresh, `<H1>${forHtml(message)}</H1>\n${backToTrans(javaText(name), id)}`));
	};

	/**
	 * pauseTrans (PauseTransServlet.java, the same at the three commits): a toggle (resumes a paused run, pauses any
	 * other); webresult OK without an id; unknown: XML ERROR in 200, HTML 400. The HTML header URL-encodes the name
	 * AND the id inside the try block: an HTML request without either is a 400 with the trace, and nothing toggles.
	 */
	const pauseTrans: Handler = async (ctx) => {
		const params = await parametersOf(ctx);
		const xml = wantsXml(params);
		const name = params.get('name');
		let id = params.get('id');
		if (!xml && (name === null || id === null)) {
			sendPage(ctx, 400, `<HTML>\n<HEAD>\n<TITLE>Pause transformation</TITLE>\n<p>\n<pre>\n${npeTrace('PauseTransServlet')}\n</pre>\n<p>\n</BODY>\n</HTML>\n`);
			return;
		}
		const refresh = `${link('/kettle/transStatus')}?name=${javaUrlEncode(name ?? '')}&id=${javaUrlEncode(id ?? '')}`;
		const t = findTrans(params);
		if (!t) {
			const message = `Transformation [${javaText(name)}] to be paused could not be found.`;
			if (xml) sendXml(ctx, XML_HEADER + webResult('ERROR', message));
			else sendPage(ctx, 400, page('Pause transformation', refresh, `<H1>${forHtml(message)}</H1>\n${backToStatus}`));
			return;
		}
		if (id === null || id === '') id = t.id;
		const did = trans.togglePause(t);
		const message = did === 'paused' ? `Transformation [${javaText(name)}] : pause requested.` : `Transformation [${javaText(name)}] : resume requested.`;
		if (xml) sendXml(ctx, XML_HEADER + webResult('OK', message));
		else sendPage(ctx, 200, page('Pause transformation', refresh, `<H1>${forHtml(message)}</H1>\n${backToTrans(javaText(name), id)}`));
	};

	/**
	 * removeTrans (RemoveTransServlet.java, the same at the three commits): removes even a running one; XML OK is the
	 * declaration and an empty webresult; unknown: XML a webresult ERROR WITHOUT the declaration ("The specified
	 * transformation [name] could not be found"), HTTP 200; HTML an H1 "Carte couldn't find ..." with HTTP 400.
	 */
	const removeTrans: Handler = async (ctx) => {
		const params = await parametersOf(ctx);
		const xml = wantsXml(params);
		const name = params.get('name');
		let id = params.get('id');
		const t = findTrans(params);
		if (!t) {
			if (xml) sendXml(ctx, `${webResult('ERROR', `The specified transformation [${javaText(name)}] could not be found`)}\n`);
			else
				sendPage(
					ctx,
					400,
					`<H1>${forHtml(`Carte couldn't find the transformation with name [${javaText(name)}] and carte object ID ${javaText(id)}.`)}</H1>\n${backToStatus}`,
				);
			return;
		}
		if (id === null || id === '') id = t.id;
		trans.remove(t);
		if (xml) {
			sendXml(ctx, XML_HEADER + webResult('OK', ''));
			return;
		}
		sendPage(
			ctx,
			200,
			`<HTML>\n<HEAD>\n<TITLE>The transformation was removed</TITLE>\n<META http-equiv="Content-Type" content="text/html; charset=UTF-8">\n</HEAD>\n<BODY>\n<H3>${forHtml(
				`The transformation with name [${javaText(name)}] and carte object id ${id} was removed from Carte.`,
			)}</H3>\n<a href="${link('/kettle/status')}">Back to the status page</a><br><p>\n</BODY>\n</HTML>\n`,
		);
	};

	const transImage: Handler = async (ctx) => {
		const params = await parametersOf(ctx);
		const t = findTrans(params);
		if (!t) {
			// The real servlet writes nothing at all for an unknown transformation (HTTP 200, empty).
			ctx.send(200, '', '');
			return;
		}
		const status = trans.status(t);
		ctx.send(200, jobPng(t.steps.length, /error|stopped/i.test(status) ? 'error' : trans.isEnded(t) ? 'ok' : 'running'), 'image/png');
	};

	return {
		runTrans,
		executeTrans,
		transStatus,
		stopTrans,
		pauseTrans,
		removeTrans,
		transImage,
	};
}

