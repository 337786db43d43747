/** The scheduler's built-in fixture (merged under `app.options.seed.scheduler`) and seeding. */
import { randomUUID } from 'node:crypto';

import type { EmulatorApp } from '../../core/app';
import { createJob, DAY, pathIdOf, type GeneratedFile, type JobState, type SchedulerState } from './store';

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
				outputFile: '/home/admin/workspace',
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

/** The scheduler's state, seeded from `app.options.seed.scheduler` or the built-in fixture. */
export function seedScheduler(app: EmulatorApp): SchedulerState {
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
	for (const file of seed.generatedContent ?? (daily ? [{ inputFile: daily.inputFile!, name: 'Daily sales load.txt', path: '/home/admin/workspace/Daily sales load.txt', createdDate: daily.lastRun }] : [])) {
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
	return state;
}
