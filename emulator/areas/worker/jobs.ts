/**
 * The emulated worker's jobs. A job's life is computed from the emulator clock (`app.now()`), so
 * it needs no timers and follows `app.advanceClock`: Waiting for the first tenth of its duration (at most 250 ms),
 * then Running (Halting near the end when it is to be stopped), then Finished, Finished (with
 * errors) or Stopped. Its log lines appear evenly while it runs and get numbers from one line
 * counter shared by all jobs, as the real server's log buffer does.
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

export type JobOutcome = 'success' | 'errors' | 'stopped' | 'resultN';

export interface EmulatedJob {
	id: string;
	name: string;
	/** How it came: addJob (a job_configuration) or runJob (a repository path). */
	source: 'add' | 'run';
	/** Repository path (runJob). */
	path?: string;
	/** The job_configuration body (addJob). */
	configuration?: string;
	logLevel: string;
	parameters: Record<string, string>;
	variables: Record<string, string>;
	createdAt: number;
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
	readonly jobs: EmulatedJob[] = [];
	/** The last line number of the shared log buffer. */
	lastLineNr = 0;

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
		const job: EmulatedJob = {
			id: randomUUID(),
			name: input.name,
			source: input.source,
			path: input.path,
			configuration: input.configuration,
			logLevel: input.logLevel ?? 'Basic',
			parameters,
			variables,
			createdAt: this.now(),
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
		return job;
	}

	/** Jobs matching a name and/or an id (both must match when both are given). */
	find(name: string | undefined, id: string | undefined): EmulatedJob[] {
		return this.jobs.filter((job) => (!id || job.id === id) && (!name || job.name === name));
	}

	private lineTime(job: EmulatedJob, i: number): number {
		return job.createdAt + job.waitMs + ((job.durationMs - job.waitMs) * i) / job.logLineTotal;
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
			if (job.lines.length >= job.logLineTotal) continue;
			const elapsed = now - job.createdAt;
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
		const elapsed = now - job.createdAt;
		if (elapsed < job.waitMs) return 'Waiting';
		if (elapsed < job.durationMs) return job.outcome === 'stopped' && elapsed >= job.durationMs * 0.7 ? 'Halting' : 'Running';
		if (job.outcome === 'errors') return 'Finished (with errors)';
		if (job.outcome === 'stopped') return 'Stopped';
		return 'Finished';
	}

	isFinished(job: EmulatedJob, now = this.now()): boolean {
		return now - job.createdAt >= job.durationMs;
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

	/** The result counters at this moment (they grow while the job runs). */
	result(job: EmulatedJob, now = this.now()): Record<string, string | number> {
		const elapsed = now - job.createdAt;
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
			elapsedTimeMillis: Math.max(0, Math.min(elapsed, job.durationMs)),
			'result-file': '',
			'result-rows': '',
		};
	}
}

/** `<![CDATA[` + base64(gzip(text)) + `]]>`: what the worker puts (escaped) in `logging_string`. */
export function encodeLog(text: string): string {
	return `<![CDATA[${gzipSync(Buffer.from(text, 'utf8')).toString('base64')}]]>`;
}
