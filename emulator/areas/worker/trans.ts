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
import { webResultXml } from '../../core/app';
import { EmulatorHttpError } from '../../core/errors';
import type { RequestContext } from '../../core/types';
import { repositoryLookup } from '../repository/store';
import { carteDate, encodeLog, type EmulatedJob, type JobEngine } from './jobs';
import { jobPng } from './png';
import { esc, tag, XML_HEADER } from './xmlText';

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
	readonly list: EmulatedTrans[] = [];

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
		return trans;
	}

	/** By id (the name is then not compared, as the real map does), else the first of that name. */
	find(name: string, id: string): EmulatedTrans | undefined {
		if (id !== '') return this.list.find((t) => t.id === id);
		return this.list.find((t) => t.name === name);
	}

	remove(trans: EmulatedTrans): void {
		const index = this.list.indexOf(trans);
		if (index >= 0) this.list.splice(index, 1);
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
			elapsedTimeMillis: Math.round(this.effective(t, now)),
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

/** Query and form body together, as request.getParameter reads them (the query first). */
async function parametersOf(ctx: RequestContext): Promise<URLSearchParams> {
	const out = new URLSearchParams(ctx.query);
	const type = String(ctx.req.headers['content-type'] ?? '');
	if (ctx.method === 'POST' && /application\/x-www-form-urlencoded/i.test(type)) {
		for (const [key, value] of await ctx.form()) out.append(key, value);
	}
	return out;
}

function restOf(params: URLSearchParams, known: string[]): Record<string, string> {
	const out: Record<string, string> = {};
	for (const [key, value] of params) if (!known.includes(key) && !(key in out)) out[key] = value;
	return out;
}

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
	return control.trans.list
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
export function controlRoutes(app: EmulatorApp, control: ControlState): Record<string, Handler> {
	const { engine, trans } = control;
	const wantsXml = (params: URLSearchParams) => (params.get('xml') ?? '').toUpperCase() === 'Y';
	const htmlPage = (title: string, message: string) => `<HTML>\n<HEAD><TITLE>${esc(title)}</TITLE></HEAD>\n<BODY>\n<H1>${esc(message)}</H1>\n</BODY>\n</HTML>\n`;
	const html = (ctx: RequestContext, status: number, title: string, message: string) => ctx.send(status, htmlPage(title, message), HTML_TYPE);
	/**
	 * A webresult in XML mode, an HTML page otherwise (with its own status). As the real Carte servlets
	 * do, an error in XML mode is a webresult ERROR inside HTTP 200: an answer, not an EmulatorHttpError;
	 * an HTML error page with another status is thrown (core/errors.ts).
	 */
	const answer = (ctx: RequestContext, params: URLSearchParams, ok: boolean, message: string, id = '', htmlStatus = 200) => {
		if (wantsXml(params)) ctx.sendXml(200, webResultXml(ok ? 'OK' : 'ERROR', message, id));
		else if (!ok && htmlStatus !== 200) throw new EmulatorHttpError(htmlStatus, message, { body: htmlPage(message, message), contentType: HTML_TYPE });
		else html(ctx, ok ? 200 : htmlStatus, message, message);
	};
	const lookup = (path: string): boolean | undefined => {
		const known = repositoryLookup(app);
		if (!known) return undefined;
		return known(path) || known(`${path}.ktr`) || known(`${path}.kjb`);
	};
	const baseName = (path: string, ext: RegExp) => (path.split(/[/\\]/).pop() ?? '').replace(ext, '');
	const findTrans = (params: URLSearchParams) => trans.find((params.get('name') ?? '').trim(), (params.get('id') ?? '').trim());
	const findJob = (params: URLSearchParams): EmulatedJob | undefined => {
		const id = (params.get('id') ?? '').trim();
		const name = (params.get('name') ?? '').trim();
		if (id !== '') return engine.jobs.find((j) => j.id === id);
		return engine.jobs.find((j) => j.name === name);
	};

	// ---- transformations -------------------------------------------------------------------
	const runTrans: Handler = async (ctx) => {
		const params = await parametersOf(ctx);
		const path = (params.get('trans') ?? '').trim();
		// The real servlet answers a webresult with HTTP 200 and an HTML content type, errors included.
		const reply = (result: 'OK' | 'ERROR', message: string, id = '') => ctx.send(200, webResultXml(result, message, id), 'text/html; charset=UTF-8');
		if (path === '') {
			reply('ERROR', 'Unexpected error executing the transformation: \njava.lang.NullPointerException: the trans parameter is missing');
			return;
		}
		if (/\.kjb$/i.test(path) || lookup(path) === false) {
			reply('ERROR', `Unexpected error executing the transformation: \norg.pentaho.di.core.exception.KettleException: Unable to load transformation '${path}' from the repository`);
			return;
		}
		const t = trans.create({
			name: baseName(path, /\.ktr$/i),
			source: 'run',
			path,
			logLevel: params.get('level') ?? 'Basic',
			parameters: restOf(params, ['trans', 'level']),
		});
		reply('OK', 'Transformation started', t.id);
	};

	/** Opens the named repository as executeTrans/executeJob do (null: none named). */
	const openRepository = (params: URLSearchParams, kind: 'trans' | 'job'): RepositorySeed | null => {
		const rep = params.get('rep') ?? '';
		if (rep === '') return null;
		const repository = control.repositories.find((r) => r.name === rep);
		if (!repository) {
			if (kind === 'job') throw new EmulatorHttpError(404, `Unable to find repository: ${rep}`);
			throw new EmulatorHttpError(500, `Unexpected error executing the transformation: \norg.pentaho.di.core.exception.KettleException: Unable to find repository: ${rep}`);
		}
		const users = repository.users ?? {};
		const user = params.get('user') ?? '';
		if (Object.keys(users).length > 0 && users[user] !== (params.get('pass') ?? '')) {
			throw new EmulatorHttpError(401, `Authentication to the repository failed (${kind === 'job' ? '/kettle/executeJob' : '/kettle/executeTrans'})`);
		}
		return repository;
	};

	const executeTrans: Handler = async (ctx) => {
		const params = await parametersOf(ctx);
		const path = params.get('trans');
		if (path === null) throw new EmulatorHttpError(400, 'Missing mandatory parameter: trans');
		const repository = openRepository(params, 'trans');
		const known = repository === null ? /\.ktr$/i.test(path) && !/missing|not-found/i.test(path) : (lookup(path) ?? true) && !/\.kjb$/i.test(path);
		if (!known) throw new EmulatorHttpError(404, `Unable to find transformation: ${path}`);
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
		if (trans.errors(t) > 0) throw new EmulatorHttpError(500, `Error executing the transformation: ${trans.logAfter(t, 0)}`);
		ctx.send(200, '', 'application/xml;charset=UTF-8');
	};

	const transStatus: Handler = async (ctx) => {
		const params = await parametersOf(ctx);
		const now = app.now();
		trans.advance(now);
		const t = findTrans(params);
		const askedName = params.get('name') ?? '';
		if (!t) {
			if (wantsXml(params)) ctx.sendXml(200, webResultXml('ERROR', `The specified transformation [${askedName}] could not be found`));
			else html(ctx, 200, 'Transformation status', `Could not find transformation [${askedName}]`);
			return;
		}
		const from = Math.max(0, Number.parseInt(params.get('from') ?? '0', 10) || 0);
		const status = trans.status(t, now);
		if (!wantsXml(params)) {
			html(ctx, 200, `Status of ${t.name}`, `${t.name}: ${status}`);
			return;
		}
		const steps = trans
			.steps(t, now)
			.map((s) => `    <stepstatus>${Object.entries(s).map(([k, v]) => tag(k, v)).join('')}</stepstatus>\n`)
			.join('');
		const result = Object.entries(trans.result(t, now))
			.map(([k, v]) => tag(k, v))
			.join('');
		const xml =
			XML_HEADER +
			'<transstatus>\n' +
			[
				tag('transname', askedName),
				tag('id', t.id),
				tag('status_desc', status),
				tag('error_desc', ''),
				tag('log_date', carteDate(now)),
				tag('paused', trans.isPaused(t) ? 'Y' : 'N'),
			]
				.map((l) => `  ${l}\n`)
				.join('') +
			`  <stepstatuslist>\n${steps}  </stepstatuslist>\n` +
			`  ${tag('first_log_line_nr', from)}\n  ${tag('last_log_line_nr', engine.lastLineNr)}\n` +
			`<result>${result}</result>\n` +
			`  ${tag('logging_string', encodeLog(trans.logAfter(t, from)))}\n` +
			'</transstatus>';
		ctx.sendXml(200, xml);
	};

	const stopTrans: Handler = async (ctx) => {
		const params = await parametersOf(ctx);
		const t = findTrans(params);
		const name = params.get('name') ?? '';
		if (!t) {
			answer(ctx, params, false, `Transformation [${name}] could not be found.`, params.get('id') ?? '', 400);
			return;
		}
		trans.stop(t, (params.get('inputOnly') ?? '').toUpperCase() === 'Y');
		answer(ctx, params, true, `Transformation [${name}] stop requested.`, t.id);
	};

	const pauseTrans: Handler = async (ctx) => {
		const params = await parametersOf(ctx);
		const t = findTrans(params);
		const name = params.get('name') ?? '';
		if (!t) {
			answer(ctx, params, false, `Transformation [${name}] to be paused could not be found.`, '', 400);
			return;
		}
		const did = trans.togglePause(t);
		answer(ctx, params, true, did === 'paused' ? `Transformation [${name}] : pause requested.` : `Transformation [${name}] : resume requested.`);
	};

	const removeTrans: Handler = async (ctx) => {
		const params = await parametersOf(ctx);
		const t = findTrans(params);
		const name = params.get('name') ?? '';
		if (!t) {
			// With xml=Y an ERROR inside HTTP 200, as the real servlet answers; else a 400 page.
			const message = `Could not find transformation [${name}] with id [${params.get('id') ?? ''}]`;
			if (!wantsXml(params)) throw new EmulatorHttpError(400, message, { body: htmlPage('Transformation removed', message), contentType: HTML_TYPE });
			ctx.sendXml(200, webResultXml('ERROR', `The specified transformation [${name}] could not be found`));
			return;
		}
		trans.remove(t);
		if (wantsXml(params)) ctx.sendXml(200, webResultXml('OK', ''));
		else html(ctx, 200, 'Transformation removed', `The transformation [${name}] with id [${t.id}] was removed`);
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

	// ---- jobs ------------------------------------------------------------------------------
	const stopJob: Handler = async (ctx) => {
		const params = await parametersOf(ctx);
		const job = findJob(params);
		const name = params.get('name') ?? '';
		if (!job) {
			answer(ctx, params, false, `Job [${name}] could not be found.`, '', 400);
			return;
		}
		const now = app.now();
		engine.advance(now);
		if (!engine.isFinished(job, now)) {
			// stopAll: the job ends "Stopped" now, its last log line says so.
			job.outcome = 'stopped';
			const elapsed = Math.max(0, now - job.createdAt);
			job.waitMs = Math.min(job.waitMs, elapsed);
			job.durationMs = elapsed;
			job.logLineTotal = job.lines.length + 1;
			engine.advance(now);
		}
		answer(ctx, params, true, `Job [${name}] stop requested.`);
	};

	const removeJob: Handler = async (ctx) => {
		const params = await parametersOf(ctx);
		const job = findJob(params);
		const name = params.get('name') ?? '';
		if (!job) {
			// With xml=Y an ERROR inside HTTP 200, as the real servlet answers; else a 400 page.
			const message = `Could not find job [${name}] with id [${params.get('id') ?? ''}]`;
			if (!wantsXml(params)) throw new EmulatorHttpError(400, message, { body: htmlPage('Job removed', message), contentType: HTML_TYPE });
			ctx.sendXml(200, webResultXml('ERROR', `Could not find the job with specified name [${name}]!`));
			return;
		}
		engine.jobs.splice(engine.jobs.indexOf(job), 1);
		if (wantsXml(params)) ctx.sendXml(200, webResultXml('OK', ''));
		else html(ctx, 200, 'Job removed', `The job [${name}] with id [${job.id}] was removed`);
	};

	const startJob: Handler = async (ctx) => {
		const params = await parametersOf(ctx);
		const xml = wantsXml(params);
		const fail = (status: number, message: string) => {
			if (xml) ctx.sendXml(status, webResultXml('ERROR', message));
			else html(ctx, status, 'Start job', message);
		};
		if (params.get('name') === null && params.get('id') === null) {
			fail(400, 'The job name or id is mandatory');
			return;
		}
		const job = findJob(params);
		if (!job) {
			fail(404, `The specified job [${params.get('name') ?? ''}] could not be found`);
			return;
		}
		const now = app.now();
		engine.advance(now);
		if (!engine.isFinished(job, now)) {
			fail(500, 'Unexpected error starting the job: \njava.lang.IllegalThreadStateException: the job is still running');
			return;
		}
		// A finished job is re-created from its configuration and run again under the same entry.
		job.createdAt = now;
		job.lines = [];
		job.lineNrs = [];
		answer(ctx, params, true, `Job [${job.name}] was started.`, (params.get('id') ?? '') || job.id);
	};

	const executeJob: Handler = async (ctx) => {
		const params = await parametersOf(ctx);
		const repository = openRepository(params, 'job');
		const path = params.get('job') ?? '';
		const known = repository === null ? /\.kjb$/i.test(path) && !/missing|not-found/i.test(path) : (lookup(path) ?? true) && !/\.ktr$/i.test(path) && path !== '';
		if (!known) throw new EmulatorHttpError(404, repository === null ? `Unable to read the job file ${path}` : `Job '${baseName(path, /\.kjb$/i)}' was not found in the repository`);
		const job = engine.create({
			name: baseName(path, /\.kjb$/i),
			source: 'run',
			path,
			logLevel: params.get('level') ?? 'Basic',
			parameters: restOf(params, ['rep', 'user', 'pass', 'job', 'level']),
		});
		ctx.sendXml(200, webResultXml('OK', 'Job started', job.id));
	};

	return {
		runTrans,
		executeTrans,
		transStatus,
		stopTrans,
		pauseTrans,
		removeTrans,
		transImage,
		stopJob,
		removeJob,
		startJob,
		executeJob,
	};
}

