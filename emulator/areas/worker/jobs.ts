/**
 * The emulated worker's jobs. A job's life is computed from the emulator clock (`app.now()`), so
 * it needs no timers and follows `app.advanceClock`: from its start, Waiting for the first tenth of its
 * duration (at most 250 ms), then Running (Halting near the end when it is to be stopped), then Finished,
 * Finished (with errors) or Stopped. Its log lines appear evenly while it runs and get numbers from one line
 * counter shared by all jobs, as the real server's log buffer does.
 *
 * A job added with addJob is NOT started: it stays Waiting (no log date, no result) until startJob starts it,
 * as the real AddJobServlet only puts the job in the JobMap (pentaho/pentaho-kettle:engine/src/main/java/org/
 * pentaho/di/www/AddJobServlet.java@ae692d1261, 10.2; the same at 0d46237290, 9.3, and 3a1f253bad, 11.0)
 * and Job.getStatus() says "Waiting" for a job neither active, finished nor stopped (engine/src/main/java/org/
 * pentaho/di/job/Job.java@ae692d1261). runJob and executeJob start theirs at once.
 *
 * The jobs are kept oldest first; `ordered()` gives them in the real JobMap's HashMap order (javaMap.ts),
 * which is the order of the status list and decides which run a name-only request finds first.
 *
 * What a job does is set by its parameters or variables (names in any case):
 *   FAIL=Y         finish "Finished (with errors)" (also when the job's name contains "fail")
 *   STOP=Y         end "Stopped"
 *   RESULT=N       finish "Finished" with result N (no errors counted)
 *   ERRORS=n       how many errors a failing job counts (default 1)
 *   LOG_LINES=n    how many log lines the job writes (default 6)
 *   ROWS=n         rows read and written (default 100)
 *   DURATION_MS=n  how long it runs (default the emulator's jobDurationMs)
 */
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';

import { javaMapOrder } from './javaMap';

export type JobOutcome = 'success' | 'errors' | 'stopped' | 'resultN';

/** What the JobMap keeps next to a job (its JobConfiguration): the run's parameters, variables and log level. */
export interface JobConfigurationSnapshot {
	parameters: Record<string, string>;
	variables: Record<string, string>;
	logLevel: string;
}

export interface EmulatedJob {
	/** The carteObjectId: the JobMap entry's id (kept when startJob re-creates the job). */
	id: string;
	/** The entry's name (the job's name when it was added; kept when startJob re-creates the job). */
	name: string;
	/** The Job object's own container id: the entry id at first, a new UUID after startJob re-created it. */
	containerObjectId: string;
	/** How it came: addJob (a job_configuration) or runJob (a repository path). */
	source: 'add' | 'run';
	/** Repository path (runJob). */
	path?: string;
	/** The job_configuration body (addJob). */
	configurationXml?: string;
	logLevel: string;
	parameters: Record<string, string>;
	variables: Record<string, string>;
	/** The JobConfiguration the JobMap holds for this entry (startJob may replace it). */
	configuration: JobConfigurationSnapshot | null;
	createdAt: number;
	/** When the job was started (undefined: added and not started yet). */
	startedAt?: number;
	/** stopJob on a job that was never started: Stopped, until a startJob runs it (Job.run clears the flag). */
	stoppedBeforeStart?: boolean;
	durationMs: number;
	waitMs: number;
	outcome: JobOutcome;
	errors: number;
	rows: number;
	/** Number of job entries (for the image). */
	entries: number;
	logLineTotal: number;
	/** Log lines written so far and their global line numbers. */
	lines: string[];
	lineNrs: number[];
	logChannelId: string;
}

export interface NewJob {
	name: string;
	source: 'add' | 'run';
	path?: string;
	configuration?: string;
	logLevel?: string;
	parameters?: Record<string, string>;
	variables?: Record<string, string>;
	entries?: number;
	/** Start it now (runJob, executeJob) rather than leave it Waiting for startJob (addJob). */
	start?: boolean;
}

/** `yyyy/MM/dd HH:mm:ss.SSS` in local time, as the worker writes dates. */
export function carteDate(ms: number): string {
	const d = new Date(ms);
	const p = (n: number, w = 2) => String(n).padStart(w, '0');
	return `${d.getFullYear()}/${p(d.getMonth() + 1)}/${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}.${p(d.getMilliseconds(), 3)}`;
}

function control(job: Pick<EmulatedJob, 'parameters' | 'variables'>, name: string): string | undefined {
	for (const source of [job.parameters, job.variables]) {
		const key = Object.keys(source).find((k) => k.toUpperCase() === name);
		if (key !== undefined) return source[key];
	}
	return undefined;
}

function positiveInt(value: string | undefined, fallback: number, min = 0): number {
	if (value === undefined || !/^\d+$/.test(value.trim())) return fallback;
	return Math.max(min, Number(value.trim()));
}

export class JobEngine {
	/** Oldest first (insertion order); see ordered() for the JobMap's order. */
	readonly jobs: EmulatedJob[] = [];
	/** The last line number of the shared log buffer. */
	lastLineNr = 0;
	/** The most jobs the JobMap held at once (its HashMap table never shrinks). */
	peakSize = 0;

	constructor(
		private readonly now: () => number,
		private readonly defaultDurationMs: number,
	) {}

	create(input: NewJob): EmulatedJob {
		const parameters = input.parameters ?? {};
		const variables = input.variables ?? {};
		const probe = { parameters, variables };
		const yes = (name: string) => (control(probe, name) ?? '').trim().toUpperCase() === 'Y';
		let outcome: JobOutcome = 'success';
		if (yes('STOP')) outcome = 'stopped';
		else if (yes('FAIL') || /fail/i.test(input.name)) outcome = 'errors';
		else if ((control(probe, 'RESULT') ?? '').trim().toUpperCase() === 'N') outcome = 'resultN';
		const durationMs = positiveInt(control(probe, 'DURATION_MS'), this.defaultDurationMs);
		const id = randomUUID();
		const now = this.now();
		const job: EmulatedJob = {
			id,
			name: input.name,
			containerObjectId: id,
			source: input.source,
			path: input.path,
			configurationXml: input.configuration,
			logLevel: input.logLevel ?? 'Basic',
			parameters,
			variables,
			configuration: { parameters: { ...parameters }, variables: { ...variables }, logLevel: input.logLevel ?? 'Basic' },
			createdAt: now,
			startedAt: input.start === false ? undefined : now,
			durationMs,
			waitMs: Math.min(Math.floor(durationMs * 0.1), 250),
			outcome,
			errors: outcome === 'errors' ? positiveInt(control(probe, 'ERRORS'), 1, 1) : 0,
			rows: positiveInt(control(probe, 'ROWS'), 100),
			entries: input.entries ?? 3,
			logLineTotal: positiveInt(control(probe, 'LOG_LINES'), 6, 1),
			lines: [],
			lineNrs: [],
			logChannelId: randomUUID(),
		};
		this.jobs.push(job);
		this.peakSize = Math.max(this.peakSize, this.jobs.length);
		return job;
	}

	/** The jobs in the real JobMap's iteration order (javaMap.ts). */
	ordered(): EmulatedJob[] {
		return javaMapOrder(this.jobs, this.peakSize);
	}

	/** JobMap.getFirstCarteObjectEntry(name): the first entry of that name in the map's order. */
	firstByName(name: string | null | undefined): EmulatedJob | undefined {
		return this.ordered().find((job) => job.name === name);
	}

	/** JobMap.getJob(new CarteObjectEntry(name, id)): by id only, the name is not compared. */
	byId(id: string): EmulatedJob | undefined {
		return this.jobs.find((job) => job.id === id);
	}

	/** JobMap.findJob(id): by the Job object's container id (a re-created job no longer has its entry's id). */
	byContainerId(id: string): EmulatedJob | undefined {
		return this.ordered().find((job) => job.containerObjectId === id);
	}

	/** JobMap.getConfiguration(name): the configuration of the first entry of that name in the map's order. */
	configurationByName(name: string | null | undefined): JobConfigurationSnapshot | null | undefined {
		const job = this.firstByName(name);
		return job === undefined ? undefined : job.configuration;
	}

	/** JobMap.getUniqueCarteObjectEntry(name) throws DuplicateKeyException: more than one entry of that name. */
	nameIsShared(name: string): boolean {
		return this.jobs.filter((job) => job.name === name).length > 1;
	}

	remove(job: EmulatedJob): void {
		const index = this.jobs.indexOf(job);
		if (index >= 0) this.jobs.splice(index, 1);
	}

	/** Starts a job that was added and not started (Job.start(): Job.run clears a stop asked before). */
	start(job: EmulatedJob, now = this.now()): void {
		job.startedAt = now;
		job.stoppedBeforeStart = false;
	}

	/**
	 * startJob on an ended job: a new Job object in the same JobMap entry (same id and name), with a new
	 * container id and log channel, an empty log, run from the given parameters and variables.
	 */
	restart(job: EmulatedJob, run: { parameters: Record<string, string>; variables: Record<string, string> }, now = this.now()): void {
		const peak = this.peakSize;
		const fresh = this.create({
			name: job.name,
			source: job.source,
			path: job.path,
			configuration: job.configurationXml,
			logLevel: job.logLevel,
			parameters: run.parameters,
			variables: run.variables,
			entries: job.entries,
		});
		this.jobs.pop();
		this.peakSize = peak;
		Object.assign(job, {
			containerObjectId: fresh.containerObjectId,
			parameters: run.parameters,
			variables: run.variables,
			startedAt: now,
			stoppedBeforeStart: false,
			durationMs: fresh.durationMs,
			waitMs: fresh.waitMs,
			outcome: fresh.outcome,
			errors: fresh.errors,
			rows: fresh.rows,
			logLineTotal: fresh.logLineTotal,
			lines: [],
			lineNrs: [],
			logChannelId: fresh.logChannelId,
		});
	}

	private lineTime(job: EmulatedJob, i: number): number {
		return (job.startedAt ?? job.createdAt) + job.waitMs + ((job.durationMs - job.waitMs) * i) / job.logLineTotal;
	}

	private lineText(job: EmulatedJob, i: number): string {
		let message: string;
		if (i === job.logLineTotal) {
			message = {
				success: 'Job execution finished',
				resultN: 'Job execution finished (result=[false])',
				errors: `ERROR: Job entry [Check data] failed (result=[false], ${job.errors} error${job.errors === 1 ? '' : 's'}): the job was asked to fail`,
				stopped: 'Job was stopped',
			}[job.outcome];
		} else if (i === 1) {
			message = 'Start of job execution';
		} else {
			message = `Processing step ${i} of ${job.logLineTotal}`;
		}
		return `${carteDate(this.lineTime(job, i))} - ${job.name} - ${message}`;
	}

	/**
	 * Writes every log line that is due at `now`, numbering them from the shared counter. A request
	 * reads the clock once and passes the same `now` to `status` and `result`, so an answer that says
	 * Finished always carries the job's last lines (as the real server writes them before it finishes).
	 */
	advance(now = this.now()): void {
		for (const job of this.jobs) {
			if (job.startedAt === undefined || job.lines.length >= job.logLineTotal) continue;
			const elapsed = now - job.startedAt;
			let due: number;
			if (elapsed >= job.durationMs) due = job.logLineTotal;
			else if (elapsed < job.waitMs) due = 0;
			else due = Math.min(job.logLineTotal, Math.floor(((elapsed - job.waitMs) / (job.durationMs - job.waitMs)) * job.logLineTotal));
			while (job.lines.length < due) {
				job.lines.push(this.lineText(job, job.lines.length + 1));
				job.lineNrs.push(++this.lastLineNr);
			}
		}
	}

	status(job: EmulatedJob, now = this.now()): string {
		if (job.startedAt === undefined) return job.stoppedBeforeStart ? 'Stopped' : 'Waiting';
		const elapsed = now - job.startedAt;
		if (elapsed < job.waitMs) return 'Waiting';
		if (elapsed < job.durationMs) return job.outcome === 'stopped' && elapsed >= job.durationMs * 0.7 ? 'Halting' : 'Running';
		if (job.outcome === 'errors') return 'Finished (with errors)';
		if (job.outcome === 'stopped') return 'Stopped';
		return 'Finished';
	}

	/** Ended (finished or stopped after running): Job.isInitialized() && !Job.isActive(). */
	isFinished(job: EmulatedJob, now = this.now()): boolean {
		return job.startedAt !== undefined && now - job.startedAt >= job.durationMs;
	}

	/** Running (or waiting to run) after a start: Job.isActive(). */
	isActive(job: EmulatedJob, now = this.now()): boolean {
		return job.startedAt !== undefined && now - job.startedAt < job.durationMs;
	}

	/** The log after line `from` (all of it when `from` is 0). */
	logAfter(job: EmulatedJob, from: number): string {
		let low = 0;
		let high = job.lineNrs.length;
		while (low < high) {
			const mid = (low + high) >> 1;
			if (job.lineNrs[mid] <= from) low = mid + 1;
			else high = mid;
		}
		return low >= job.lines.length ? '' : `${job.lines.slice(low).join('\n')}\n`;
	}

	/**
	 * Result.getBasicXml's fields at this moment (core/src/main/java/org/pentaho/di/core/Result.java@ae692d1261
	 * setBasicXmlAttrs; the same at 0d46237290 and 3a1f253bad). elapsedTimeMillis is always 0 on a worker
	 * server: only Kitchen and Pan call Result.setElapsedTimeMillis (KitchenCommandExecutor, PanCommandExecutor
	 * at those commits), so a Carte job's or transformation's result never carries its run time. executionId is
	 * never set either (an empty element). The status documents carry no result-file or result-rows: they write
	 * getBasicXml unless KETTLE_COMPATIBILITY_SEND_RESULT_XML_WITH_FULL_STATUS=Y (SlaveServerJobStatus.java).
	 */
	result(job: EmulatedJob, now = this.now()): Record<string, string | number> {
		const elapsed = now - (job.startedAt ?? now);
		const finished = elapsed >= job.durationMs;
		const progress = finished ? 1 : Math.max(0, Math.min(1, (elapsed - job.waitMs) / Math.max(1, job.durationMs - job.waitMs)));
		const share = job.outcome === 'stopped' ? Math.min(progress, 0.7) : progress;
		const rows = Math.floor(job.rows * share);
		const errors = finished ? job.errors : 0;
		return {
			lines_input: 0,
			lines_output: rows,
			lines_read: rows,
			lines_written: rows,
			lines_updated: 0,
			lines_rejected: errors,
			lines_deleted: 0,
			nr_errors: errors,
			nr_files_retrieved: 0,
			entry_nr: 0,
			result: finished && (job.outcome === 'success') ? 'Y' : 'N',
			exit_status: finished && job.outcome !== 'success' ? 1 : 0,
			is_stopped: finished && job.outcome === 'stopped' ? 'Y' : 'N',
			log_channel_id: job.logChannelId,
			log_text: '',
			elapsedTimeMillis: 0,
			executionId: '',
		};
	}
}

/** `<![CDATA[` + base64(gzip(text)) + `]]>`: what the worker puts (escaped) in `logging_string`. */
export function encodeLog(text: string): string {
	return `<![CDATA[${gzipSync(Buffer.from(text, 'utf8')).toString('base64')}]]>`;
}
