/**
 * The Scheduler Trigger's watch: the scheduler's jobs (schedules), keyed by job id, with the state,
 * last run and input file seen. `lastRun` moving is a run; the state changing (NORMAL → PAUSED …)
 * a state change; a new id a created schedule; an id gone a removed one (deleted, or a schedule
 * that ran for the last time and so left the scheduler's list). Several runs between two polls
 * show as one run: the latest.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { CursorValue, Emission, Watch } from '../../common/polling';
import { latestBy, wildcardMatcher } from '../../common/triggerFields';
import { jobsFromBody, normalizeJob } from './jobs';
import { schedulerRequest } from './request';

export const SCHEDULER_EVENTS = ['scheduleCreated', 'scheduleRan', 'scheduleRemoved', 'scheduleStateChanged'];

export interface SchedulerTriggerOptions {
	events: string[];
	/** Owners (user names), comma-separated; empty for every owner the user may see. */
	owner: string;
	/** Input file paths or wildcard patterns, comma-separated; empty for every file. */
	inputFile: string;
}

/** The state kept per schedule: state, last run (ISO or null) and input file. */
export interface ScheduleCursor {
	[key: string]: string | null;
	s: string;
	r: string | null;
	f: string | null;
}

function text(value: unknown): string {
	return value === undefined || value === null ? '' : String(value);
}

function lastRunOf(schedule: IDataObject): string | null {
	const value = schedule.lastRun;
	return typeof value === 'string' && value !== '' ? value : null;
}

/** What a removed schedule's item carries: the id's parts and what the cursor kept. */
export function removedSchedule(jobId: string, before: ScheduleCursor): IDataObject {
	const [userName = '', jobName = ''] = jobId.split('\t');
	const out: IDataObject = { jobId, jobName, userName, state: before.s, lastRun: before.r };
	if (before.f) out.inputFile = before.f;
	return out;
}

export function schedulesWatch(
	ctx: IPollFunctions,
	options: SchedulerTriggerOptions,
	scope: Record<string, CursorValue>,
): Watch<IDataObject, ScheduleCursor> {
	const owners = options.owner
		.split(',')
		.map((o) => o.trim())
		.filter((o) => o !== '');
	const inputMatches = wildcardMatcher(options.inputFile);
	const wants = (event: string) => options.events.includes(event);
	const keyOf = (schedule: IDataObject) => text(schedule.jobId);

	const ran = (schedule: IDataObject, previous: string | null): Emission[] => {
		const lastRun = lastRunOf(schedule);
		if (!wants('scheduleRan') || lastRun === null) return [];
		return [{ key: keyOf(schedule), event: 'scheduleRan', occurredAt: lastRun, data: { schedule, previous: { lastRun: previous } } }];
	};
	const created = (schedule: IDataObject, now: string): Emission[] =>
		wants('scheduleCreated') ? [{ key: keyOf(schedule), event: 'scheduleCreated', occurredAt: now, data: { schedule } }] : [];
	const appeared = (schedule: IDataObject, now: string) => [...created(schedule, now), ...ran(schedule, null)];

	return {
		section: 'schedules',
		scope: { ...scope, owners, inputFile: options.inputFile.trim() },
		async load() {
			const { body } = await schedulerRequest(ctx, { method: 'GET', endpoint: 'getJobs', expect: 'json' });
			return jobsFromBody(body)
				.map(normalizeJob)
				.filter(
					(schedule) =>
						// Blockouts are windows in which schedules do not run, not schedules.
						schedule.jobName !== 'BlockoutAction' &&
						(owners.length === 0 || owners.includes(text(schedule.userName))) &&
						(options.inputFile.trim() === '' || inputMatches(text(schedule.inputFile))),
				);
		},
		key: keyOf,
		state(schedule) {
			return { s: text(schedule.state), r: lastRunOf(schedule), f: text(schedule.inputFile) || null };
		},
		existing: appeared,
		added: appeared,
		changed(schedule, before, now) {
			const out: Emission[] = [];
			const lastRun = lastRunOf(schedule);
			if (lastRun !== null && lastRun !== before.r) out.push(...ran(schedule, before.r));
			const state = text(schedule.state);
			if (wants('scheduleStateChanged') && state !== before.s) {
				out.push({ key: keyOf(schedule), event: 'scheduleStateChanged', occurredAt: now, data: { schedule, previous: { state: before.s } } });
			}
			return out;
		},
		removed(jobId, before, now) {
			return wants('scheduleRemoved')
				? [{ key: jobId, event: 'scheduleRemoved', occurredAt: now, data: { schedule: removedSchedule(jobId, before) } }]
				: [];
		},
		sample(schedules, now) {
			if (wants('scheduleRan')) {
				const latest = latestBy(
					schedules.filter((s) => lastRunOf(s) !== null),
					lastRunOf,
				);
				if (latest) return ran(latest, null)[0];
			}
			const latest = latestBy(schedules, lastRunOf);
			if (!latest) return undefined;
			if (wants('scheduleCreated')) return created(latest, now)[0];
			if (wants('scheduleStateChanged')) {
				return { key: keyOf(latest), event: 'scheduleStateChanged', occurredAt: now, data: { schedule: latest, previous: { state: null } } };
			}
			if (wants('scheduleRemoved')) {
				const cursor = { s: text(latest.state), r: lastRunOf(latest), f: text(latest.inputFile) || null };
				return { key: keyOf(latest), event: 'scheduleRemoved', occurredAt: now, data: { schedule: removedSchedule(keyOf(latest), cursor) } };
			}
			return undefined;
		},
	};
}
