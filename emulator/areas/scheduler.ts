/**
 * The scheduler area: the 18 scheduler endpoints of the specification (plus resumeJob, start and
 * state) under both `/api/scheduler/…` and `/plugin/scheduler-plugin/api/scheduler/…`.
 *
 * Behaviour, not canned answers: schedule requests (JSON or XML) become jobs with ids
 * `user<TAB>name<TAB>N` whose `nextRun` is computed from their trigger on the emulator clock;
 * jobs and the scheduler pause and resume; blockouts are jobs whose windows (`duration` from each
 * fire) drive hasblockouts, shouldFireNow, willFire and blockstatus. Jobs answer as JSON when
 * asked with `Accept: application/json`, else XML (`<jobs><job>…`, triggers with `xsi:type`); ids,
 * states and yes/no answer text/plain, and an Accept header that excludes what an endpoint
 * produces gets 406 as from the real server. Non-administrators cannot schedule: `canSchedule`
 * is false, creating a job or blockout answers 401 with no body, and they see only their own jobs.
 *
 * Nothing fires by itself: `fireSchedule(app, jobId)` and `fireDueSchedules(app)` simulate runs.
 */
import { randomUUID } from 'node:crypto';

import { XMLParser } from 'fast-xml-parser';

import type { EmulatorApp } from '../core/app';
import { jersey1Json } from '../core/jsonStyle';
import type { EmulatorUser, RequestContext } from '../core/types';
import { formatInZone, knownTimeZone } from './scheduler/time';
import { BadScheduleRequest, fireTimes, nextFire, triggerFromRequest, triggerJson, type ServerRules, type Trigger } from './scheduler/triggers';

export const SCHEDULER_BASES = ['/api/scheduler', '/plugin/scheduler-plugin/api/scheduler'] as const;

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

/** A job to seed: a schedule request as the API takes it, with its owner. */
export interface SeedSchedule {
	user?: string;
	request: Record<string, unknown>;
	state?: JobState;
	/** Epoch ms of a past run. */
	lastRun?: number;
}

export interface SchedulerSeed {
	schedules?: SeedSchedule[];
	blockouts?: SeedSchedule[];
	/** false for a server without the content cleaner (getContentCleanerJob answers 204). */
	contentCleaner?: boolean;
	status?: SchedulerState['status'];
	jsonStyle?: SchedulerState['jsonStyle'];
	generatedContent?: Array<Partial<GeneratedFile> & { inputFile: string; name: string }>;
}

/** What the Repository area may provide: look-ups of repository files. */
export interface RepositoryIndex {
	byPath(path: string): { id: string; path: string; name: string; folder: boolean } | undefined;
	byId(id: string): { id: string; path: string; name: string; folder: boolean } | undefined;
}

type Json = Record<string, unknown>;

const DAY = 86_400_000;

function stateOf(app: EmulatorApp): SchedulerState {
	const state = app.state.scheduler as SchedulerState | undefined;
	if (!state) throw new Error('The scheduler area is not registered');
	return state;
}

/**
 * Which version's rules the scheduler follows (app.profile: 10.3 and later read the start fields,
 * older ones startTime) and the server JVM's time zone (the `serverTimeZone` emulator option,
 * default UTC), which the real servers use to read some dates (see scheduler/triggers.ts).
 */
export function schedulerRules(app: EmulatorApp): ServerRules {
	const zone = (app.options as { serverTimeZone?: string }).serverTimeZone;
	return { modern: app.profile.atLeast('10.3'), serverTimeZone: knownTimeZone(zone) ? zone : 'UTC' };
}

/** A date as the server writes it (DateSerializer / JAXB): its wall clock and offset in the server's zone. */
function serverDate(app: EmulatorApp, instant: number): string {
	return formatInZone(instant, schedulerRules(app).serverTimeZone);
}

function repositoryIndex(app: EmulatorApp): RepositoryIndex | undefined {
	const index = app.state.repositoryIndex as RepositoryIndex | undefined;
	return index && typeof index.byPath === 'function' && typeof index.byId === 'function' ? index : undefined;
}

function pathIdOf(path: string): string {
	return ':' + path.replace(/^\/+|\/+$/g, '').split('/').join(':');
}

function extensionOf(path: string | undefined): string {
	const match = /\.([A-Za-z0-9]+)$/.exec(path ?? '');
	return match ? match[1].toLowerCase() : '';
}

function baseNameWithoutExtension(path: string): string {
	const name = path.split('/').pop() ?? path;
	return name.replace(/\.[^.]+$/, '');
}

// ------------------------------------------------------------------------------------------------
// Jobs

function nextRunOf(app: EmulatorApp, job: SchedulerJob): number | undefined {
	const after = Math.max(app.now(), (job.firedThrough ?? Number.NEGATIVE_INFINITY) + 1);
	const next = nextFire(job.trigger, after);
	if (next !== undefined) return next;
	// A one-off whose time has passed but that has not run yet is still due (a misfire).
	if (job.firedThrough === undefined && job.timesFired === 0) return nextFire(job.trigger, Number.NEGATIVE_INFINITY);
	return undefined;
}

function isFinished(app: EmulatorApp, job: SchedulerJob): boolean {
	return job.state !== 'PAUSED' && nextRunOf(app, job) === undefined;
}

function createJob(
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
				: 'Job';
	const jobId = `${user}\t${jobName}\t${state.nextSuffix++}`;
	const lineageId = randomUUID();
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
	params.push({ name: 'uiPassParam', value: trigger.uiPassParam });
	params.push({ name: 'user_locale', value: 'en_US' });
	params.push({ name: 'ActionAdapterQuartzJob-ActionUser', value: user });
	let duration: number | undefined;
	if (options.blockout) {
		duration = trigger.duration > 0 ? trigger.duration : Number(request.duration);
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
	params.push({ name: 'lineage-id', value: lineageId });
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
function blockedAt(app: EmulatorApp, instant: number, except?: SchedulerJob): boolean {
	for (const job of stateOf(app).jobs.values()) {
		if (!job.blockout || job === except || !job.duration || job.duration <= 0) continue;
		const start = nextFire(job.trigger, instant - job.duration + 1);
		if (start !== undefined && start <= instant) return true;
	}
	return false;
}

function hasBlockouts(app: EmulatorApp): boolean {
	return [...stateOf(app).jobs.values()].some((job) => job.blockout);
}

/** The first fire times of a trigger from now (or its start), for willFire and blockstatus. */
function upcomingFires(app: EmulatorApp, trigger: Trigger): number[] {
	return fireTimes(trigger, app.now(), 200);
}

// ------------------------------------------------------------------------------------------------
// Answers

function jobJson(app: EmulatorApp, job: SchedulerJob): Json {
	const next = nextRunOf(app, job);
	// In the order JAXB writes the elements.
	return {
		groupName: job.userName,
		jobId: job.jobId,
		jobName: job.jobName,
		jobParams: { jobParams: job.jobParams.map((p) => ({ ...p })) },
		jobTrigger: triggerJson(job.trigger, (instant) => serverDate(app, instant)),
		...(job.lastRun !== undefined ? { lastRun: serverDate(app, job.lastRun) } : {}),
		...(next !== undefined ? { nextRun: serverDate(app, next) } : {}),
		state: job.state,
		userName: job.userName,
	};
}

/** Jersey 1 "mapped" JSON (9.x/10.x): every scalar a string, a one-element list bare, empty lists left out. */
function jersey1(value: unknown): unknown {
	return jersey1Json(value);
}

function escapeXml(text: string): string {
	return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function xmlElement(name: string, value: unknown): string {
	if (value === undefined) return '';
	if (Array.isArray(value)) return value.map((v) => xmlElement(name, v)).join('');
	if (value === null || value === '') return `<${name}/>`;
	if (typeof value === 'object') {
		const entries = Object.entries(value as Json);
		const type = (value as Json)['@type'];
		const attributes =
			typeof type === 'string' ? ` xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="${escapeXml(type)}"` : '';
		const children = entries
			.filter(([k]) => !k.startsWith('@'))
			.map(([k, v]) => xmlElement(k, v))
			.join('');
		return children === '' ? `<${name}${attributes}/>` : `<${name}${attributes}>${children}</${name}>`;
	}
	return `<${name}>${escapeXml(String(value))}</${name}>`;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

function sendJobs(app: EmulatorApp, ctx: RequestContext, jobs: SchedulerJob[]): void {
	const list = jobs.map((job) => jobJson(app, job));
	if (ctx.wantsJson()) {
		const body = { job: list };
		ctx.sendJson(200, stateOf(app).jsonStyle === 'jersey1' ? jersey1(body) : body);
	} else {
		ctx.sendXml(200, `${XML_DECLARATION}<jobs>${list.map((j) => xmlElement('job', j)).join('')}</jobs>`, 'application/xml');
	}
}

function sendJob(app: EmulatorApp, ctx: RequestContext, job: SchedulerJob): void {
	const json = jobJson(app, job);
	if (ctx.wantsJson()) ctx.sendJson(200, stateOf(app).jsonStyle === 'jersey1' ? jersey1(json) : json);
	else ctx.sendXml(200, `${XML_DECLARATION}${xmlElement('job', json)}`, 'application/xml');
}

function fileJson(file: GeneratedFile): Json {
	return {
		id: file.id,
		name: file.name,
		path: file.path,
		title: file.name.replace(/\.[^.]+$/, ''),
		description: '',
		folder: 'false',
		hidden: 'false',
		versioned: 'false',
		locked: 'false',
		fileSize: String(file.fileSize),
		ownerType: '0',
		locale: 'en',
		createdDate: String(file.createdDate),
		lastModifiedDate: String(file.createdDate),
		originalParentFolderPath: file.path.replace(/\/[^/]*$/, ''),
	};
}

// ------------------------------------------------------------------------------------------------
// Requests

const xmlParser = new XMLParser({
	ignoreAttributes: true,
	parseTagValue: false,
	trimValues: true,
	isArray: (name) => ['daysOfWeek', 'daysOfMonth', 'weeksOfMonth', 'monthsOfYear', 'years', 'jobParameters', 'stringValue', 'jobIds'].includes(name),
});

class HttpProblem extends Error {
	constructor(
		readonly status: number,
		message: string,
	) {
		super(message);
	}
}

/** The body of a POST/PUT: JSON or XML by Content-Type (415 otherwise), as an object. */
async function readBody(ctx: RequestContext, root: string): Promise<Json> {
	const type = String(ctx.req.headers['content-type'] ?? '').toLowerCase();
	const text = await ctx.text();
	if (/json/.test(type)) {
		let value: unknown;
		try {
			value = text.trim() === '' ? {} : JSON.parse(text);
		} catch (error) {
			throw new HttpProblem(400, `Unexpected JSON: ${(error as Error).message}`);
		}
		if (!value || typeof value !== 'object' || Array.isArray(value)) throw new HttpProblem(400, 'Expected a JSON object');
		return value as Json;
	}
	if (/xml/.test(type)) {
		let doc: Json;
		try {
			doc = xmlParser.parse(text) as Json;
		} catch (error) {
			throw new HttpProblem(400, `Unexpected XML: ${(error as Error).message}`);
		}
		const value = doc[root];
		if (!value || typeof value !== 'object') throw new HttpProblem(400, `Expected the root element <${root}>`);
		return value as Json;
	}
	throw new HttpProblem(415, `Unsupported Media Type: ${type || 'none'}`);
}

function accepts(ctx: RequestContext, ...types: string[]): boolean {
	const header = String(ctx.req.headers.accept ?? '').toLowerCase();
	if (header.trim() === '') return true;
	return header
		.split(',')
		.map((part) => part.split(';')[0].trim())
		.some((type) => type === '*/*' || types.some((t) => t === type || type === `${t.split('/')[0]}/*`));
}

function splitJobId(jobId: unknown): string[] | undefined {
	if (typeof jobId !== 'string' || jobId === '') return undefined;
	const parts = jobId.includes('\t') ? jobId.split('\t') : jobId.split(':');
	return parts.length === 3 && parts.every((p) => p !== '') ? parts : undefined;
}

function visibleTo(user: EmulatorUser, job: SchedulerJob): boolean {
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
	if (!job.blockout && job.inputFile && job.outputFolder) {
		const extension = ['prpt', 'xanalyzer', 'prpti'].includes(extensionOf(job.inputFile)) ? 'pdf' : 'txt';
		const taken = state.generated.filter((f) => f.path.startsWith(`${job.outputFolder}/${job.jobName}`)).length;
		const name = `${job.jobName}${taken === 0 ? '' : `(${taken})`}.${extension}`;
		file = {
			id: randomUUID(),
			name,
			path: `${job.outputFolder}/${name}`,
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

/** A job in the API's JSON shape (for tests and other areas). */
export function schedulerJobJson(app: EmulatorApp, jobId: string): Json | undefined {
	const job = stateOf(app).jobs.get(jobId);
	return job ? jobJson(app, job) : undefined;
}

// ------------------------------------------------------------------------------------------------
// Seed

function seedSchedules(now: number): SeedSchedule[] {
	const midnight = Math.floor(now / DAY) * DAY;
	const iso = (t: number) => new Date(t).toISOString();
	const past = iso(midnight - 30 * DAY);
	return [
		{
			user: 'admin',
			request: {
				jobName: 'Daily sales load',
				inputFile: '/public/etl/load_sales.ktr',
				outputFile: '/home/admin',
				complexJobTrigger: { uiPassParam: 'DAILY', daysOfWeek: [1, 2, 3, 4, 5], startTime: past, startHour: 6, startMin: 0 },
				timeZone: 'Europe/Berlin',
				jobParameters: [{ name: 'region', type: 'string', stringValue: ['EMEA'] }],
			},
			lastRun: midnight - DAY + 5 * 3_600_000,
		},
		{
			user: 'admin',
			request: {
				jobName: 'Hourly ETL',
				inputFile: '/public/etl/daily_load.kjb',
				simpleJobTrigger: { uiPassParam: 'HOURS', repeatInterval: 3600, repeatCount: -1, startTime: past },
				timeZone: 'UTC',
			},
		},
		{
			user: 'admin',
			request: {
				jobName: 'Month-end close',
				inputFile: '/home/admin/cleanup.kjb',
				cronJobTrigger: { uiPassParam: 'CRON', cronString: '0 0 22 L * ?', startTime: past },
				timeZone: 'America/New_York',
			},
		},
		{
			user: 'suzy',
			request: {
				jobName: 'Weekly report',
				inputFile: '/public/Sample Reports/Sales Summary.prpt',
				outputFile: '/home/suzy',
				complexJobTrigger: { uiPassParam: 'WEEKLY', daysOfWeek: [1], startTime: past, startHour: 8, startMin: 0 },
				timeZone: 'Europe/London',
			},
			state: 'PAUSED',
		},
	];
}

function seedBlockouts(now: number): SeedSchedule[] {
	const midnight = Math.floor(now / DAY) * DAY;
	return [
		{
			user: 'admin',
			request: {
				complexJobTrigger: {
					uiPassParam: 'WEEKLY',
					daysOfWeek: [0],
					startTime: new Date(midnight - 60 * DAY).toISOString(),
					startHour: 1,
					startMin: 0,
				},
				timeZone: 'UTC',
				duration: 2 * 3_600_000,
			},
		},
	];
}

export function register(app: EmulatorApp): void {
	const seed = (app.options.seed.scheduler ?? {}) as SchedulerSeed;
	const now = app.now();
	const state: SchedulerState = {
		status: seed.status ?? 'RUNNING',
		jobs: new Map(),
		generated: [],
		nextSuffix: now,
		jsonStyle: seed.jsonStyle ?? app.profile.jsonStyle,
	};
	app.state.scheduler = state;

	for (const entry of seed.schedules ?? seedSchedules(now)) {
		const job = createJob(app, entry.user ?? 'admin', entry.request);
		if (entry.state) job.state = entry.state;
		if (entry.lastRun !== undefined) {
			job.lastRun = entry.lastRun;
			job.firedThrough = entry.lastRun;
			job.timesFired = 1;
		}
	}
	for (const entry of seed.blockouts ?? seedBlockouts(now)) {
		createJob(app, entry.user ?? 'admin', entry.request, { blockout: true });
	}
	if (seed.contentCleaner !== false) {
		const midnight = Math.floor(now / DAY) * DAY;
		const cleaner = createJob(
			app,
			'admin',
			{
				jobName: 'GeneratedContentCleaner',
				simpleJobTrigger: {
					uiPassParam: 'DAILY',
					repeatInterval: 86400,
					repeatCount: -1,
					startTime: new Date(midnight - 90 * DAY + 3 * 3_600_000).toISOString(),
				},
				timeZone: 'UTC',
			},
			{ contentCleaner: true },
		);
		cleaner.lastRun = midnight - DAY + 3 * 3_600_000;
		cleaner.firedThrough = cleaner.lastRun;
	}
	const daily = [...state.jobs.values()].find((j) => j.jobName === 'Daily sales load');
	for (const file of seed.generatedContent ?? (daily ? [{ inputFile: daily.inputFile!, name: 'Daily sales load.txt', path: '/home/admin/Daily sales load.txt', createdDate: daily.lastRun }] : [])) {
		const owner = [...state.jobs.values()].find((j) => j.inputFile === file.inputFile);
		state.generated.push({
			id: file.id ?? randomUUID(),
			name: file.name,
			path: file.path ?? `/home/admin/output/${file.name}`,
			createdDate: file.createdDate ?? now - DAY,
			fileSize: file.fileSize ?? 2048,
			lineagePathId: pathIdOf(file.inputFile),
			lineageId: file.lineageId ?? owner?.lineageId ?? randomUUID(),
			owner: file.owner ?? owner?.userName ?? 'admin',
		});
	}

	// For other areas and tools that cannot import this module.
	app.state.schedulerFire = (jobId: string, options?: { at?: number }) => fireSchedule(app, jobId, options);
	app.state.schedulerFireDue = () => fireDueSchedules(app);

	for (const base of SCHEDULER_BASES) registerRoutes(app, base);

	// The zone list PUC's schedule editor reads, with the server's own zone first
	// (pentaho-platform:extensions/src/main/java/org/pentaho/platform/web/http/api/resources/SystemResource.java@727e5c86b9
	// and @9.3.0.0-422, TimeZoneWrapper.java). The emulator lists a few zones, not all of Java's.
	app.server.add(
		'GET',
		'/api/system/timezones',
		(ctx) => {
			const serverTzId = schedulerRules(app).serverTimeZone;
			const ids = [...new Set([serverTzId, 'UTC', 'Europe/Berlin', 'Europe/London', 'America/New_York', 'Asia/Tokyo'])];
			const entries = ids.map((key) => ({ key, value: `${key} (${formatInZone(app.now(), key).slice(-6)})` }));
			if (ctx.wantsJson()) {
				// 11.x: TimeZonesEntries { entry: [...] }; 9.x/10.x: a map written by Jersey 1.
				const body = app.profile.atLeast('11') ? { timeZones: { entry: entries }, serverTzId } : jersey1Json({ timeZones: { entry: entries }, serverTzId });
				ctx.sendJson(200, body);
			} else {
				ctx.sendXml(
					200,
					`${XML_DECLARATION}<timeZoneWrapper><serverTzId>${escapeXml(serverTzId)}</serverTzId><timeZones>${entries.map((e) => `<entry><key>${escapeXml(e.key)}</key><value>${escapeXml(e.value)}</value></entry>`).join('')}</timeZones></timeZoneWrapper>`,
					'application/xml',
				);
			}
		},
		{ format: 'json', errorStyle: 'platform' },
	);
}

// ------------------------------------------------------------------------------------------------
// Routes
//
// Every route follows SchedulerResource and SchedulerService of the version the profile plays:
//   9.3   pentaho-platform:extensions/src/main/java/org/pentaho/platform/web/http/api/resources/SchedulerResource.java@9.3.0.0-422
//         (+ services/SchedulerService.java, SchedulerResourceUtil.java, JobScheduleRequest.java of that tag)
//   10.2  pentaho-scheduler-plugin:core/src/main/java/org/pentaho/platform/web/http/api/resources/SchedulerResource.java@10.2.0.0-222
//   11.x  pentaho-scheduler-plugin:core/src/main/java/org/pentaho/platform/web/http/api/resources/SchedulerResource.java@00d51c66
// Per route (same in the three unless said):
//   POST /job                    createJob: 200 text/plain id; SecurityException 401 (no body); IllegalAccessException
//                                (file not schedulable) 403; SchedulerException/IOException 500 with the message; a
//                                RuntimeException (bad date parameter, bad cron) 500 from the container.
//   GET  /getJobs                getJobs: JSON first; 11.x JobWrapper {"job":[…]}, 9.x/10.x Jersey 1 mapped JSON.
//   GET  /jobinfo                getJob: 204 when the job is finished or unknown, 500 for an id that is not one.
//   POST /jobState, /pauseJob, /resumeJob, PUT|DELETE /removeJob   text/plain state; invalid id → RuntimeException 500;
//                                jobState answers 401 to a user who may not see the job.
//   GET  /getContentCleanerJob   the cleaner job, 204 (null entity) when there is none.
//   GET  /generatedContentForSchedule?lineageId=   repositoryFileDto list (Jersey 1 style before 11).
//   GET  /isScheduleAllowed?id=  text/plain true/false; unknown id 500.
//   GET  /canSchedule            application/json only (a bare true/false).
//   POST /pause, /start, GET /state   text/plain scheduler status; pause/start only act for users who may schedule.
//   POST /blockout/add, /blockout/update?jobid=   any IOException/SchedulerException/IllegalAccessException → 401, no body.
//   GET  /blockout/blockoutjobs, /blockout/hasblockouts, /blockout/shouldFireNow; POST /blockout/willFire (text/plain),
//        /blockout/blockstatus (BlockStatusProxy; any error 401).
// Deliberate difference: both scheduler paths answer on every profile (9.3 serves only /api/scheduler,
// 10.x and 11.x only /plugin/scheduler-plugin/api/scheduler), so a credential set to either path works
// against any profile; the path is a credential setting (credentials/DataflowServerApi.credentials.ts).

function registerRoutes(app: EmulatorApp, base: string): void {
	const state = stateOf(app);
	const add = (method: string, path: string, handler: (ctx: RequestContext) => Promise<void> | void, format: 'text' | 'json' | 'xml') =>
		app.server.add(
			method,
			`${base}${path}`,
			async (ctx) => {
				try {
					await handler(ctx);
				} catch (error) {
					if (error instanceof HttpProblem) ctx.fail(error.status, error.message);
					else if (error instanceof BadScheduleRequest) ctx.fail(500, error.message);
					else throw error;
				}
			},
			{ format, errorStyle: 'platform' },
		);
	const text = (ctx: RequestContext, body: string) => {
		if (!accepts(ctx, 'text/plain')) throw new HttpProblem(406, 'Not Acceptable');
		ctx.sendText(200, body);
	};
	const structured = (ctx: RequestContext) => {
		if (!accepts(ctx, 'application/json', 'application/xml', 'text/xml')) throw new HttpProblem(406, 'Not Acceptable');
	};
	const jobOf = (ctx: RequestContext, jobId: unknown): SchedulerJob => {
		if (!splitJobId(jobId)) throw new HttpProblem(500, `Invalid jobId: ${String(jobId)}`);
		const job = state.jobs.get(jobId as string);
		if (!job || isFinished(app, job) || !visibleTo(ctx.user!, job)) {
			throw new HttpProblem(500, `Invalid jobId: ${String(jobId)}`);
		}
		return job;
	};
	const jobIdOfBody = async (ctx: RequestContext): Promise<unknown> => (await readBody(ctx, 'jobRequest')).jobId;

	// --- jobs ---
	add(
		'POST',
		'/job',
		async (ctx) => {
			if (!accepts(ctx, 'text/plain')) throw new HttpProblem(406, 'Not Acceptable');
			const request = await readBody(ctx, 'jobScheduleRequest');
			if (!ctx.user!.admin) {
				ctx.send(401);
				return;
			}
			const inputFile = typeof request.inputFile === 'string' ? request.inputFile.trim() : '';
			if (inputFile === '') throw new HttpProblem(500, 'Cannot find input source file (none given)');
			const index = repositoryIndex(app);
			if (index) {
				const file = index.byPath(inputFile);
				if (!file) throw new HttpProblem(500, `Cannot find input source file ${inputFile} Aborting schedule...`);
				if (file.folder) {
					ctx.send(403);
					return;
				}
			}
			const job = createJob(app, ctx.user!.name, request);
			text(ctx, job.jobId);
		},
		'text',
	);
	add(
		'GET',
		'/getJobs',
		(ctx) => {
			structured(ctx);
			const jobs = [...state.jobs.values()].filter((job) => !job.blockout && !isFinished(app, job) && visibleTo(ctx.user!, job));
			sendJobs(app, ctx, jobs);
		},
		'json',
	);
	add(
		'GET',
		'/jobinfo',
		(ctx) => {
			structured(ctx);
			const jobId = ctx.query.get('jobId');
			if (!splitJobId(jobId)) throw new HttpProblem(500, `Invalid jobId: ${String(jobId)}`);
			const job = state.jobs.get(jobId as string);
			if (!job || isFinished(app, job) || !visibleTo(ctx.user!, job)) {
				ctx.send(204);
				return;
			}
			sendJob(app, ctx, job);
		},
		'json',
	);
	add(
		'POST',
		'/jobState',
		async (ctx) => {
			const jobId = await jobIdOfBody(ctx);
			const job = state.jobs.get(jobId as string);
			if (job && !visibleTo(ctx.user!, job)) {
				ctx.send(401);
				return;
			}
			text(ctx, jobOf(ctx, jobId).state);
		},
		'text',
	);
	add(
		'POST',
		'/pauseJob',
		async (ctx) => {
			const job = jobOf(ctx, await jobIdOfBody(ctx));
			job.state = 'PAUSED';
			text(ctx, job.state);
		},
		'text',
	);
	add(
		'POST',
		'/resumeJob',
		async (ctx) => {
			const job = jobOf(ctx, await jobIdOfBody(ctx));
			job.state = 'NORMAL';
			text(ctx, job.state);
		},
		'text',
	);
	for (const method of ['PUT', 'DELETE']) {
		add(
			method,
			'/removeJob',
			async (ctx) => {
				const job = jobOf(ctx, await jobIdOfBody(ctx));
				state.jobs.delete(job.jobId);
				text(ctx, 'REMOVED');
			},
			'text',
		);
	}
	add(
		'GET',
		'/getContentCleanerJob',
		(ctx) => {
			structured(ctx);
			const cleaner = [...state.jobs.values()].find((job) => job.contentCleaner);
			if (!cleaner) {
				ctx.send(204);
				return;
			}
			sendJob(app, ctx, cleaner);
		},
		'json',
	);
	add(
		'GET',
		'/generatedContentForSchedule',
		(ctx) => {
			structured(ctx);
			const lineageId = ctx.query.get('lineageId') ?? '';
			const files = state.generated.filter((f) => lineageId !== '' && (f.lineagePathId === lineageId || f.lineageId === lineageId));
			const list = files.map(fileJson);
			if (ctx.wantsJson()) {
				ctx.sendJson(200, state.jsonStyle === 'jersey1' ? jersey1({ repositoryFileDto: list }) : list);
			} else {
				ctx.sendXml(
					200,
					`${XML_DECLARATION}<repositoryFileDtoes>${list.map((f) => xmlElement('repositoryFileDto', f)).join('')}</repositoryFileDtoes>`,
					'application/xml',
				);
			}
		},
		'json',
	);
	add(
		'GET',
		'/isScheduleAllowed',
		(ctx) => {
			const id = (ctx.query.get('id') ?? '').trim();
			if (id === '') throw new HttpProblem(500, 'Invalid repository file id');
			const index = repositoryIndex(app);
			let allowed = ctx.user!.admin;
			if (index) {
				const file = index.byId(id);
				if (!file) throw new HttpProblem(500, `Invalid repository file id: ${id}`);
				if (file.folder) allowed = false;
			}
			text(ctx, String(allowed));
		},
		'text',
	);
	add(
		'GET',
		'/canSchedule',
		(ctx) => {
			if (!accepts(ctx, 'application/json')) throw new HttpProblem(406, 'Not Acceptable');
			ctx.send(200, String(ctx.user!.admin), 'application/json');
		},
		'json',
	);

	// --- the scheduler ---
	add(
		'POST',
		'/pause',
		(ctx) => {
			if (ctx.user!.admin) state.status = 'PAUSED';
			text(ctx, state.status);
		},
		'text',
	);
	add(
		'POST',
		'/start',
		(ctx) => {
			if (ctx.user!.admin) state.status = 'RUNNING';
			text(ctx, state.status);
		},
		'text',
	);
	add('GET', '/state', (ctx) => text(ctx, state.status), 'text');

	// --- blockouts ---
	const readBlockout = async (ctx: RequestContext): Promise<Json | undefined> => {
		let request: Json;
		try {
			request = await readBody(ctx, 'jobScheduleRequest');
		} catch {
			ctx.send(401);
			return undefined;
		}
		if (!ctx.user!.admin) {
			ctx.send(401);
			return undefined;
		}
		return request;
	};
	const addBlockout = (ctx: RequestContext, request: Json): SchedulerJob | undefined => {
		try {
			const job = createJob(app, ctx.user!.name, request, { blockout: true });
			if (!job.duration || !(job.duration > 0)) {
				state.jobs.delete(job.jobId);
				ctx.send(401);
				return undefined;
			}
			return job;
		} catch {
			// The server answers 401 for any error of blockout/add and blockout/update.
			ctx.send(401);
			return undefined;
		}
	};
	add(
		'POST',
		'/blockout/add',
		async (ctx) => {
			const request = await readBlockout(ctx);
			if (!request) return;
			const job = addBlockout(ctx, request);
			if (job) ctx.sendText(200, job.jobId);
		},
		'text',
	);
	add(
		'POST',
		'/blockout/update',
		async (ctx) => {
			const request = await readBlockout(ctx);
			if (!request) return;
			const old = state.jobs.get(ctx.query.get('jobid') ?? '');
			if (!old || !old.blockout) {
				ctx.send(401);
				return;
			}
			state.jobs.delete(old.jobId);
			const job = addBlockout(ctx, request);
			if (job) ctx.sendText(200, job.jobId);
			else state.jobs.set(old.jobId, old);
		},
		'text',
	);
	add(
		'GET',
		'/blockout/blockoutjobs',
		(ctx) => {
			structured(ctx);
			sendJobs(
				app,
				ctx,
				[...state.jobs.values()].filter((job) => job.blockout),
			);
		},
		'json',
	);
	add('GET', '/blockout/hasblockouts', (ctx) => text(ctx, String(hasBlockouts(app))), 'text');
	add('GET', '/blockout/shouldFireNow', (ctx) => text(ctx, String(!blockedAt(app, app.now()))), 'text');
	add(
		'POST',
		'/blockout/willFire',
		async (ctx) => {
			if (!accepts(ctx, 'text/plain')) throw new HttpProblem(406, 'Not Acceptable');
			const request = await readBody(ctx, 'jobScheduleRequest');
			const fires = upcomingFires(app, triggerFromRequest(request, app.now(), schedulerRules(app), false));
			text(ctx, String(fires.some((t) => !blockedAt(app, t))));
		},
		'text',
	);
	add(
		'POST',
		'/blockout/blockstatus',
		async (ctx) => {
			structured(ctx);
			let trigger: Trigger;
			try {
				trigger = triggerFromRequest(await readBody(ctx, 'jobScheduleRequest'), app.now(), schedulerRules(app), false);
			} catch {
				ctx.send(401);
				return;
			}
			const fires = upcomingFires(app, trigger);
			const blocked = fires.map((t) => blockedAt(app, t));
			const partiallyBlocked = blocked.some(Boolean);
			const totallyBlocked = partiallyBlocked && !blocked.some((b) => !b);
			const status = { totallyBlocked, partiallyBlocked };
			if (ctx.wantsJson()) ctx.sendJson(200, state.jsonStyle === 'jersey1' ? jersey1(status) : status);
			else ctx.sendXml(200, `${XML_DECLARATION}${xmlElement('blockStatusProxy', status)}`, 'application/xml');
		},
		'json',
	);
}
