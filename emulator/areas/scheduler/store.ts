/**
 * The scheduler's state and what acts on it: jobs (created from schedule requests, with their trigger
 * and next run on the emulator clock), blockout windows, and simulated runs (`fireSchedule`,
 * `fireDueSchedules`), which record the files a run generates.
 */
import { randomUUID } from 'node:crypto';

import type { EmulatorApp } from '../../core/app';
import type { EmulatorUser } from '../../core/types';
import { formatInZone, knownTimeZone } from './time';
import { BadScheduleRequest, fireTimes, nextFire, triggerFromRequest, type ServerRules, type Trigger } from './triggers';

export type JobState = 'NORMAL' | 'PAUSED' | 'COMPLETE' | 'ERROR' | 'BLOCKED' | 'UNKNOWN';

export interface SchedulerJob {
	jobId: string;
	jobName: string;
	userName: string;
	state: JobState;
	trigger: Trigger;
	jobParams: Array<{ name: string; value: string }>;
	inputFile?: string;
	outputFolder?: string;
	lineageId: string;
	blockout: boolean;
	/** Blockout length in ms. */
	duration?: number;
	lastRun?: number;
	/** The last fire time handled (fired, or skipped by a blockout). */
	firedThrough?: number;
	timesFired: number;
	contentCleaner?: boolean;
	/** When the job was created (epoch ms): fire times before it were never due. */
	createdAt: number;
}

export interface GeneratedFile {
	id: string;
	name: string;
	path: string;
	createdDate: number;
	fileSize: number;
	/** The job's input file path id (`:home:admin:sales.ktr`). */
	lineagePathId: string;
	/** The job's `lineage-id` parameter. */
	lineageId: string;
	owner: string;
}

export interface SchedulerState {
	status: 'RUNNING' | 'PAUSED' | 'STOPPED';
	jobs: Map<string, SchedulerJob>;
	generated: GeneratedFile[];
	nextSuffix: number;
	/** `jackson` (11.x: typed JSON) or `jersey1` (≤ 10.x: every scalar a string, one-element lists bare). */
	jsonStyle: 'jackson' | 'jersey1';
}

export type Json = Record<string, unknown>;

export const DAY = 86_400_000;

export function stateOf(app: EmulatorApp): SchedulerState {
	const state = app.state.scheduler as SchedulerState | undefined;
	if (!state) throw new Error('The scheduler area is not registered');
	return state;
}

/**
 * Whether the profile's build has a change that shipped on two lines: the 10.2 service packs (`sp102`, a
 * 10.2.0.x build) and the main line (`main`, 10.3 and later). Service packs are builds of their own
 * (emulator/core/profiles.ts), so a 10.2.0.10 profile has what was backported by 10.2.0.10, and 10.2 GA
 * (10.2.0.0-222) has neither.
 */
export function builtWith(app: EmulatorApp, since: { sp102: string; main: string }): boolean {
	const profile = app.profile;
	if (profile.atLeast('10.2') && profile.before('10.3')) return profile.atLeast(since.sp102);
	return profile.atLeast(since.main);
}

/**
 * Which version's rules the scheduler follows (by the profile's whole build, see triggers.ts for what each
 * means) and the server JVM's time zone (the `serverTimeZone` emulator option, default UTC), which the real
 * servers use to read some dates.
 */
export function schedulerRules(app: EmulatorApp): ServerRules {
	const zone = (app.options as { serverTimeZone?: string }).serverTimeZone;
	return {
		// pentaho-scheduler-plugin 31e88a17 (first 10.2.0.2-270; 10.2.0.1-255 and 10.2.0.2-267 lack it) and 99bbbefd (first 10.3.0.0-116).
		modern: builtWith(app, { sp102: '10.2.0.2-270', main: '10.3.0.0-116' }),
		// Quartz 2.3.2: pentaho-scheduler-plugin e381752e (first 10.2.0.1-241) and 152f94e0 (first 10.3.0.0-31).
		timezoneParameter: !builtWith(app, { sp102: '10.2.0.1-241', main: '10.3.0.0-31' }),
		// addMinuteRecurrence in the plugin's SchedulerResourceUtil from 10eef812 (first 10.1.0.0-196) until
		// d60dee34 (first 10.2.0.6-362) and 65ae9ad9 (first 11.0.0.0-38); 9.3's platform code sets the minute.
		minuteZeroToo: app.profile.atLeast('10.1.0.0-196') && !builtWith(app, { sp102: '10.2.0.6-362', main: '11.0.0.0-38' }),
		serverTimeZone: knownTimeZone(zone) ? zone : 'UTC',
	};
}

/** A date as the server writes it (DateSerializer / JAXB): its wall clock and offset in the server's zone. */
export function serverDate(app: EmulatorApp, instant: number): string {
	return formatInZone(instant, schedulerRules(app).serverTimeZone);
}

export function pathIdOf(path: string): string {
	return ':' + path.replace(/^\/+|\/+$/g, '').split('/').join(':');
}

export function extensionOf(path: string | undefined): string {
	const match = /\.([A-Za-z0-9]+)$/.exec(path ?? '');
	return match ? match[1].toLowerCase() : '';
}

function baseNameWithoutExtension(path: string): string {
	const name = path.split('/').pop() ?? path;
	return name.replace(/\.[^.]+$/, '');
}

// ------------------------------------------------------------------------------------------------
// Jobs

export function nextRunOf(app: EmulatorApp, job: SchedulerJob): number | undefined {
	const after = Math.max(app.now(), (job.firedThrough ?? Number.NEGATIVE_INFINITY) + 1);
	const next = nextFire(job.trigger, after);
	if (next !== undefined) return next;
	// A one-off whose time has passed but that has not run yet is still due (a misfire).
	if (job.firedThrough === undefined && job.timesFired === 0) return nextFire(job.trigger, Number.NEGATIVE_INFINITY);
	return undefined;
}

export function isFinished(app: EmulatorApp, job: SchedulerJob): boolean {
	return job.state !== 'PAUSED' && nextRunOf(app, job) === undefined;
}

export function createJob(
	app: EmulatorApp,
	user: string,
	request: Json,
	options: { blockout?: boolean; contentCleaner?: boolean } = {},
): SchedulerJob {
	const state = stateOf(app);
	const trigger = triggerFromRequest(request, app.now(), schedulerRules(app));
	const inputFile = typeof request.inputFile === 'string' && request.inputFile.trim() !== '' ? request.inputFile.trim() : undefined;
	const outputFolder = typeof request.outputFile === 'string' && request.outputFile.trim() !== '' ? request.outputFile.trim().replace(/\/+$/, '') : undefined;
	const jobName = options.blockout
		? 'BlockoutAction'
		: typeof request.jobName === 'string' && request.jobName.trim() !== ''
			? request.jobName.trim()
			: inputFile
				? baseNameWithoutExtension(inputFile)
				: String(app.now());
	// QuartzJobKey: user TAB job name TAB UUIDUtil.getUUIDAsString() (a time-based, version 1 UUID)
	// (pentaho-scheduler-plugin:core/src/main/java/org/pentaho/platform/scheduler2/quartz/QuartzJobKey.java@11.0.0.0-237,
	// pentaho-platform:scheduler/…/QuartzJobKey.java@9.3.0.0-R; since pentaho-platform e98415a77a, 2018).
	state.nextSuffix++;
	const uuid = randomUUID();
	const jobId = `${user}\t${jobName}\t${uuid.slice(0, 14)}1${uuid.slice(15)}`;
	let lineageId: string = randomUUID();
	const params: Array<{ name: string; value: string }> = [];
	for (const parameter of toList(request.jobParameters)) {
		if (!parameter || typeof parameter !== 'object') continue;
		const { name, stringValue, type } = parameter as Json;
		if (typeof name !== 'string' || name === '') continue;
		for (const value of toList(stringValue)) {
			// JobScheduleParam.getValue parses dates with SimpleDateFormat("yyyy-MM-dd'T'HH:mm:ss.SSSZZZ"):
			// only an RFC 822 offset (+0100) parses; anything else is an IllegalArgumentException (500).
			// pentaho-scheduler-plugin:core/src/main/java/org/pentaho/platform/web/http/api/resources/JobScheduleParam.java@00d51c66,
			// pentaho-platform:extensions/src/main/java/org/pentaho/platform/web/http/api/resources/JobScheduleParam.java@9.3.0.0-422
			if ((type === 'date' || type === 'date[]') && !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{4}/.test(String(value ?? ''))) {
				throw new BadScheduleRequest(`java.text.ParseException: Unparseable date: "${String(value ?? '')}"`);
			}
			params.push({ name, value: String(value ?? '') });
		}
	}
	if (trigger.uiPassParam !== '') params.push({ name: 'uiPassParam', value: trigger.uiPassParam });
	params.push({ name: 'user_locale', value: 'en_US' });
	params.push({ name: 'ActionAdapterQuartzJob-ActionUser', value: user });
	let duration: number | undefined;
	if (options.blockout) {
		// DURATION_PARAM is the request's top-level duration (SchedulerService.addBlockout); JobScheduleRequest.duration is a long, 0 when absent.
		duration = Number.isFinite(Number(request.duration)) ? Math.trunc(Number(request.duration)) : 0;
		params.push({ name: 'ActionAdapterQuartzJob-ActionClass', value: 'org.pentaho.platform.scheduler2.blockout.BlockoutAction' });
		params.push({ name: 'DURATION_PARAM', value: String(duration) });
		params.push({ name: 'TIME_ZONE_PARAM', value: trigger.timeZone });
	} else if (options.contentCleaner) {
		params.push({ name: 'age', value: '15552000' });
		params.push({ name: 'ActionAdapterQuartzJob-ActionClass', value: 'org.pentaho.platform.admin.GeneratedContentCleaner' });
	} else if (inputFile) {
		params.push({ name: 'ActionAdapterQuartzJob-ActionId', value: `${extensionOf(inputFile)}.backgroundExecution` });
		params.push({
			name: 'ActionAdapterQuartzJob-StreamProvider',
			value: `input file = ${inputFile}:outputFile = ${outputFolder ?? inputFile.replace(/\/[^/]*$/, '')}/${jobName}.*`,
		});
		params.push({ name: 'ActionAdapterQuartzJob-StreamProvider-InputFile', value: inputFile });
	}
	// QuartzScheduler.createJob: a new UUID unless the job parameters already carry "lineage-id" (PUC's edit dialog
	// sends the old one back, ScheduleParamsHelper): the request's value is kept.
	const sentLineage = params.find((p) => p.name === 'lineage-id');
	if (sentLineage) lineageId = sentLineage.value;
	else params.push({ name: 'lineage-id', value: lineageId });
	const job: SchedulerJob = {
		jobId,
		jobName,
		userName: user,
		state: 'NORMAL',
		trigger,
		jobParams: params,
		inputFile,
		outputFolder,
		lineageId,
		blockout: options.blockout === true,
		duration,
		timesFired: 0,
		contentCleaner: options.contentCleaner,
		createdAt: app.now(),
	};
	state.jobs.set(jobId, job);
	return job;
}

function toList(value: unknown): unknown[] {
	if (value === undefined || value === null || value === '') return [];
	return Array.isArray(value) ? value : [value];
}

/** Whether a blockout window covers an instant. */
export function blockedAt(app: EmulatorApp, instant: number, except?: SchedulerJob): boolean {
	for (const job of stateOf(app).jobs.values()) {
		if (!job.blockout || job === except || !job.duration || job.duration <= 0) continue;
		const start = nextFire(job.trigger, instant - job.duration + 1);
		if (start !== undefined && start <= instant) return true;
	}
	return false;
}

export function hasBlockouts(app: EmulatorApp): boolean {
	return [...stateOf(app).jobs.values()].some((job) => job.blockout);
}

/** The first fire times of a trigger from now (or its start), for willFire and blockstatus. */
export function upcomingFires(app: EmulatorApp, trigger: Trigger): number[] {
	return fireTimes(trigger, app.now(), 200);
}

export function splitJobId(jobId: unknown): string[] | undefined {
	if (typeof jobId !== 'string' || jobId === '') return undefined;
	const parts = jobId.includes('\t') ? jobId.split('\t') : jobId.split(':');
	return parts.length === 3 && parts.every((p) => p !== '') ? parts : undefined;
}

export function visibleTo(user: EmulatorUser, job: SchedulerJob): boolean {
	return user.admin || job.userName === user.name;
}

// ------------------------------------------------------------------------------------------------
// Simulating runs

export interface FireResult {
	fired: boolean;
	reason?: 'paused' | 'schedulerPaused' | 'blocked' | 'finished';
	job: SchedulerJob;
	/** The run time (epoch ms). */
	at?: number;
	file?: GeneratedFile;
}

/**
 * Simulates the scheduler firing a job: by default at its next run time (pass `at` for another
 * time). Sets `lastRun`, moves `nextRun` to the following fire time and, when the job has an
 * output folder, records a generated file. A paused job or scheduler does not fire; a fire time
 * inside a blockout is skipped (nextRun moves on, lastRun stays).
 */
export function fireSchedule(app: EmulatorApp, jobId: string, options: { at?: number } = {}): FireResult {
	const state = stateOf(app);
	const job = state.jobs.get(jobId);
	if (!job) throw new Error(`No scheduled job ${JSON.stringify(jobId)}`);
	if (job.state === 'PAUSED') return { fired: false, reason: 'paused', job };
	if (state.status !== 'RUNNING') return { fired: false, reason: 'schedulerPaused', job };
	const at = options.at ?? nextRunOf(app, job);
	if (at === undefined) return { fired: false, reason: 'finished', job };
	job.firedThrough = Math.max(job.firedThrough ?? Number.NEGATIVE_INFINITY, at);
	if (!job.blockout && blockedAt(app, at)) return { fired: false, reason: 'blocked', job, at };
	job.lastRun = at;
	job.timesFired++;
	let file: GeneratedFile | undefined;
	if (!job.blockout && job.inputFile) {
		// SchedulerOutputPathResolver: the request's output folder (a trailing "/<name>.*" pattern stripped), else
		// the owner's home folder (its fallback when the folder is missing or not given; the user/system setting
		// default-scheduler-output-path is not modelled).
		// pentaho-scheduler-plugin:core/src/main/java/org/pentaho/platform/scheduler2/action/SchedulerOutputPathResolver.java@11.0.0.0-237
		const folder = (job.outputFolder ?? `/home/${job.userName}`).replace(/\/[^/]*\*$/, '').replace(/\/+$/, '');
		const extension = ['prpt', 'xanalyzer', 'prpti'].includes(extensionOf(job.inputFile)) ? 'pdf' : 'txt';
		const taken = state.generated.filter((f) => f.path.startsWith(`${folder}/${job.jobName}`)).length;
		const name = `${job.jobName}${taken === 0 ? '' : `(${taken})`}.${extension}`;
		file = {
			id: randomUUID(),
			name,
			path: `${folder}/${name}`,
			createdDate: at,
			fileSize: 1024 + job.timesFired,
			lineagePathId: pathIdOf(job.inputFile),
			lineageId: job.lineageId,
			owner: job.userName,
		};
		state.generated.push(file);
	}
	return { fired: true, job, at, file };
}

/** Fires every job whose next run is due on the emulator clock (after `app.advanceClock`). */
export function fireDueSchedules(app: EmulatorApp): FireResult[] {
	const results: FireResult[] = [];
	for (const job of [...stateOf(app).jobs.values()]) {
		if (job.blockout) continue;
		// The first fire time not yet handled: after the last one handled, or after creation.
		const cursor = job.firedThrough !== undefined ? job.firedThrough + 1 : job.createdAt;
		let next = nextFire(job.trigger, cursor) ?? (job.timesFired === 0 && job.firedThrough === undefined ? nextRunOf(app, job) : undefined);
		let guard = 0;
		// A clock moved past several fire times fires once per missed time, up to a bound.
		while (next !== undefined && next <= app.now() && guard++ < 100) {
			const result = fireSchedule(app, job.jobId, { at: next });
			results.push(result);
			if (result.reason === 'paused' || result.reason === 'schedulerPaused') break;
			next = nextFire(job.trigger, next + 1);
		}
	}
	return results;
}
