/**
 * Triggers as the emulated scheduler keeps them: built from schedule requests the way each server
 * build does, and their fire times computed with Quartz's rules. Two families of builds:
 *
 * LEGACY (9.3, 10.1, 10.2 GA 10.2.0.0-222, 10.2.0.1 and 10.2.0.2 before build 270):
 * pentaho-platform:extensions/src/main/java/org/pentaho/platform/web/http/api/resources/SchedulerResourceUtil.java@9.3.0.0-R (= 9.3.0.0-428)
 * and pentaho-scheduler-plugin:core/src/main/java/org/pentaho/platform/web/http/api/resources/SchedulerResourceUtil.java@10.2.0.0-222,
 * with QuartzScheduler.createQuartzTrigger of the same tags.
 * - The request's `startTime` is moved into the schedule's zone (`convertDateToServerTimeZone`):
 *   its wall clock in the SERVER's zone is read again as a wall clock in `timeZone`.
 * - Simple triggers are Quartz SimpleTriggers: start, start + interval (ms) …, `repeatCount`
 *   repeats (-1 forever), up to `endTime` (an instant, not moved).
 * - Complex triggers: the time of day is the hour and minute of the moved start in the SERVER's
 *   zone (`Calendar.setTime(startTime)`: a complex trigger without startTime is a NullPointerException,
 *   500); the cron trigger runs in the SERVER's zone, or (Quartz 1.7.2 only: 9.3, 10.2 GA, see
 *   `timezoneParameter`) in the zone of the job parameter "timezone"; start/end limit it
 *   (QuartzSchedulerAvailability). The plugin (10.1.0.0-196 on, see `minuteZeroToo`) ADDS the start
 *   minute to the ComplexJobTrigger's default minute 0: minutes `0,M`, so 09:30 also fires at 09:00.
 *   `startHour`, `startMin`, `startYear`, `startMonth`, `startDay` are not fields of the request there.
 * - Cron triggers: the expression is re-read (see serverCron.ts) and runs in the SERVER's zone.
 *
 * MODERN (10.2.0.2-270 and later 10.2 service packs: pentaho-scheduler-plugin 31e88a17 "[SP-6650][BISERVER-14374]
 * … backport to 10.2 suite for 10.2.0.2"; 10.3.0.0-116 and later: 99bbbefd; 11.x):
 * pentaho-scheduler-plugin:core/src/main/java/org/pentaho/platform/web/http/api/resources/SchedulerResourceUtil.java@11.0.0.0-237
 * (same lines @10.2.0.10-422 and @11.0.0.3-300) and core/src/main/java/org/pentaho/platform/scheduler2/quartz/QuartzScheduler.java.
 * - The complex trigger's start fields are Java ints of ComplexJobTriggerProxy with no initialiser: a field the
 *   request leaves out is 0, so a request without them (the 9.3/10.2 GA form, `startTime` only) gives
 *   Calendar.set(0, 0, 0, 0, 0, 0): the job runs at 00:00 in `timeZone`, and its start is 1899-12-31 00:00
 *   (startYear 0 + 1900, day 0), i.e. no limit. `startTime` is never copied to a complex trigger. Only an
 *   explicit negative startHour falls back to "now" (and -1/-1 is 22:59 through the lenient Calendar).
 * - Simple and cron triggers (JobTrigger fields, default -1): when `startHour` ≥ 0 the start is
 *   `startYear + 1900`/`startMonth`/`startDay` `startHour`:`startMin` in `timeZone`
 *   (getStartDateCalFromTrigger: java.util.Date years); otherwise `startTime` (now when absent).
 * - The end is the wall clock of `endTime` in the SERVER's zone read again in `timeZone`, to the
 *   minute (getEndDateCalFromTrigger).
 * - Simple triggers are CalendarIntervalTriggers in `timeZone`: the unit follows `uiPassParam`
 *   (SECONDS, MINUTES, HOURS, DAILY = days by the calendar); `repeatCount` is not read; RUN_ONCE
 *   ends one hour after its start.
 * - Complex and cron triggers run in `timeZone` (the server's when the request names none); the job
 *   parameter "timezone" changes nothing since Quartz 2.3.2 (QuartzScheduler.setTimezone builds a
 *   TriggerBuilder and drops it).
 *
 * Quartz gives up on a cron trigger that cannot fire before the year 2299 ("will never fire"):
 * the create request then fails (500; blockouts 401).
 */
import { EmulatorHttpError } from '../../core/errors';
import { nextCronFire, parseCron, type CronSchedule } from './cron';
import { serverCronString, ServerCronError } from './serverCron';
import { instantAt, knownTimeZone, parseServerDate, wallOf } from './time';

export interface ServerRules {
	/** The start-field rewrite: 10.2.0.2-270 and later 10.2 service packs, 10.3.0.0-116 and later (see the header). */
	modern: boolean;
	/** Quartz 1.7.2 (9.3, 10.2 GA, 10.2.0.1 before build 241): the job parameter "timezone" sets the cron trigger's zone. */
	timezoneParameter: boolean;
	/** The plugin's addMinuteRecurrence (10.1.0.0-196 … 10.2.0.6-361, 10.3, 11.0.0.0 before build 38): minutes `0,M`. */
	minuteZeroToo: boolean;
	/** The server JVM's default time zone. */
	serverTimeZone: string;
}

interface TriggerBase {
	uiPassParam: string;
	/** The first instant the trigger may fire at. */
	start: number;
	end?: number;
	/** The request's time zone (or the server's when it named none). */
	timeZone: string;
	duration: number;
	/**
	 * Modern complex/cron triggers: whether Quartz keeps a QuartzSchedulerAvailability calendar for them
	 * (createQuartzCalendar), from which the job's start fields and dates are written back.
	 */
	availability?: boolean;
	/** The start fields as the request carried them (-1 when absent), for the answer. */
	startHour: number;
	startMin: number;
	startYear: number;
	startMonth: number;
	startDay: number;
}

export interface SimpleTrigger extends TriggerBase {
	kind: 'simple';
	/** Legacy: a fixed interval in ms and a repeat count. Modern: a calendar interval. */
	intervalMs: number;
	calendarUnit?: 'SECOND' | 'MINUTE' | 'HOUR' | 'DAY' | 'YEAR';
	calendarAmount?: number;
	/** Seconds, as sent. */
	repeatInterval: number;
	repeatCount: number;
}

export interface CronTrigger extends TriggerBase {
	kind: 'complex' | 'cron';
	/** The expression Quartz runs. */
	cronString: string;
	cron: CronSchedule;
	/** The zone the expression runs in. */
	runsIn: string;
	repeatInterval: number;
}

export type Trigger = SimpleTrigger | CronTrigger;

type Json = Record<string, unknown>;

/**
 * A schedule request the server rejects. `runtime`: a RuntimeException (bad cron, NullPointerException,
 * ArrayIndexOutOfBounds), which no resource method catches, so the container answers 500 (blockout/add too);
 * `scheduler`: a SchedulerException (Quartz refusing the trigger), which createJob answers 500 with its
 * message and blockout/add|update 401 without a body.
 */
export class BadScheduleRequest extends EmulatorHttpError {
	constructor(
		message: string,
		readonly kind: 'runtime' | 'scheduler' = 'runtime',
	) {
		super(500, message);
	}
}

const LAST_YEAR_QUARTZ_TRIES = 2299;

function int(value: unknown, fallback: number): number {
	if (value === undefined || value === null || value === '') return fallback;
	const n = Number(value);
	if (!Number.isFinite(n)) throw new BadScheduleRequest(`"${String(value)}" is not a number`);
	return Math.trunc(n);
}

function intList(value: unknown): number[] {
	const list = Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value];
	return list.map((v) => int(v, 0));
}

function date(value: unknown, field: string): number | undefined {
	try {
		return parseServerDate(value, field);
	} catch (error) {
		throw new BadScheduleRequest((error as Error).message);
	}
}

/** java.util.Calendar, lenient: fields out of range roll over (minute -1 is the previous hour's 59). */
function lenientInstant(year: number, month0: number, day: number, hour: number, minute: number, timeZone: string): number {
	const normal = new Date(Date.UTC(year, month0, day, hour, minute, 0));
	return instantAt(
		{
			year: normal.getUTCFullYear(),
			month: normal.getUTCMonth() + 1,
			day: normal.getUTCDate(),
			hour: normal.getUTCHours(),
			minute: normal.getUTCMinutes(),
			second: 0,
		},
		timeZone,
	);
}

/** LEGACY convertDateToServerTimeZone: the wall clock in the server's zone, read in the schedule's zone. */
function movedIntoZone(instant: number, serverTimeZone: string, timeZone: string): number {
	if (serverTimeZone.toLowerCase() === timeZone.toLowerCase()) return instant;
	const wall = wallOf(instant, serverTimeZone);
	return instantAt(wall, timeZone) + (instant % 1000);
}

/** MODERN getEndDateCalFromTrigger: the end's wall clock in the server's zone, to the minute, read in the schedule's zone. */
function modernEnd(endTime: number | undefined, serverTimeZone: string, timeZone: string): number | undefined {
	if (endTime === undefined) return undefined;
	const wall = wallOf(endTime, serverTimeZone);
	return instantAt({ ...wall, second: 0 }, timeZone);
}

const CALENDAR_UNITS: Record<string, { unit: SimpleTrigger['calendarUnit']; seconds: number }> = {
	SECONDS: { unit: 'SECOND', seconds: 1 },
	MINUTES: { unit: 'MINUTE', seconds: 60 },
	HOURS: { unit: 'HOUR', seconds: 3600 },
	DAILY: { unit: 'DAY', seconds: 86400 },
};

function cronOf(expression: string): CronSchedule {
	try {
		return parseCron(expression);
	} catch (error) {
		throw new BadScheduleRequest(`Invalid cron expression "${expression}": ${(error as Error).message}`);
	}
}

/** The cron string the server builds from a complex trigger's recurrence fields. */
function complexCronString(complex: Json, hour: number, minute: number, minuteZeroToo: boolean): string {
	const daysOfWeek = intList(complex.daysOfWeek);
	const weeksOfMonth = intList(complex.weeksOfMonth);
	const daysOfMonth = intList(complex.daysOfMonth);
	const months = intList(complex.monthsOfYear);
	const years = intList(complex.years);
	for (const day of daysOfWeek) if (day < 0 || day > 6) throw new BadScheduleRequest(`ArrayIndexOutOfBoundsException: day of week ${day}`);
	for (const week of weeksOfMonth) if (week < 0 || week > 4) throw new BadScheduleRequest(`ArrayIndexOutOfBoundsException: week of month ${week}`);
	let dom = '*';
	let dow = '*';
	if (daysOfWeek.length > 0) {
		dow =
			weeksOfMonth.length > 0
				? daysOfWeek.flatMap((d) => weeksOfMonth.map((w) => (w === 4 ? `${d + 1}L` : `${d + 1}#${w + 1}`))).join(',')
				: daysOfWeek.map((d) => d + 1).join(',');
	} else if (daysOfMonth.length > 0) dom = daysOfMonth.join(',');
	if (dow === '*' && dom === '*') dow = '?';
	else if (dom !== '*') dow = '?';
	else dom = '?';
	const monthText = months.length > 0 ? months.map((m) => m + 1).join(',') : '*';
	const yearText = years.length > 0 ? years.join(',') : '*';
	// createComplexJobTrigger() starts with minute recurrence 0; addMinuteRecurrence keeps it (minuteZeroToo).
	const minuteText = minuteZeroToo ? `0,${minute}` : String(minute);
	return `0 ${minuteText} ${hour} ${dom} ${monthText} ${dow} ${yearText}`;
}

/**
 * The trigger of a schedule request; `now` is the server clock. `asJob` false for blockout/willFire
 * and blockout/blockstatus, which convert the request without creating a job (so the job
 * parameter "timezone" does not reach a Quartz trigger there). `moveStart` false for blockout/willFire,
 * which (legacy builds) converts the request without SchedulerService.updateStartDateForTimeZone
 * (SchedulerResource.blockoutWillFire@9.3.0.0-R; getBlockStatus does move it).
 */
export function triggerFromRequest(request: Json, now: number, rules: ServerRules, asJob = true, moveStart = true): Trigger {
	const serverZone = rules.serverTimeZone;
	// 9.3/10.2 only move the start when the request names a zone; 11.x uses it for everything.
	const named = knownTimeZone(request.timeZone) ? request.timeZone : undefined;
	const timeZone = named ?? serverZone;
	const topDuration = int(request.duration, -1);
	const simple = request.simpleJobTrigger as Json | undefined | null;
	const complex = request.complexJobTrigger as Json | undefined | null;
	const cron = request.cronJobTrigger as Json | undefined | null;
	const noStart = { startHour: -1, startMin: -1, startYear: -1, startMonth: -1, startDay: -1 };

	if (!simple && !complex && !cron) {
		// "Run in background": once, in about ten seconds.
		return {
			kind: 'simple',
			uiPassParam: 'RUN_ONCE',
			start: now + 10_000,
			...(rules.modern ? { end: now + 10_000 + 3_600_000 } : {}),
			intervalMs: 0,
			repeatInterval: 0,
			repeatCount: 0,
			timeZone,
			duration: topDuration,
			...noStart,
		};
	}
	const trigger = (simple ?? complex ?? cron) as Json;
	// The start fields are fields of the request from the rewrite on only. ComplexJobTriggerProxy keeps them in
	// int fields without an initialiser (0 when the request leaves them out); SimpleJobTrigger and CronJobTrigger
	// inherit JobTrigger's -1 (pentaho-scheduler-plugin:core/src/main/java/org/pentaho/platform/web/http/api/resources/ComplexJobTriggerProxy.java
	// and core/src/main/java/org/pentaho/platform/api/scheduler2/JobTrigger.java @10.2.0.2-270 … @11.0.0.3-300).
	const absent = complex ? 0 : -1;
	const fields = rules.modern
		? {
				startHour: int(trigger.startHour, absent),
				startMin: int(trigger.startMin, absent),
				startYear: int(trigger.startYear, absent),
				startMonth: int(trigger.startMonth, absent),
				startDay: int(trigger.startDay, absent),
			}
		: noStart;
	const startTime = date(trigger.startTime, 'startTime');
	const endTime = date(trigger.endTime, 'endTime');
	// '' = none sent: QuartzScheduler.createJob keeps a uiPassParam job parameter only when the trigger has one.
	const uiPassParam = trigger.uiPassParam === undefined || trigger.uiPassParam === null ? '' : String(trigger.uiPassParam);

	let start: number;
	let end: number | undefined;
	if (rules.modern) {
		// A complex trigger never gets the request's startTime (SchedulerResourceUtil copies it for cron only).
		const sentStart = complex ? undefined : startTime;
		start =
			fields.startHour >= 0
				? lenientInstant(fields.startYear + 1900, fields.startMonth, fields.startDay, fields.startHour, fields.startMin, timeZone)
				: (sentStart ?? now);
		end = modernEnd(endTime, serverZone, timeZone);
	} else {
		// Calendar.setTime(null) for a complex trigger without startTime.
		if (complex && startTime === undefined) {
			throw new BadScheduleRequest('java.lang.NullPointerException (complexJobTrigger without startTime)');
		}
		const sent = startTime ?? now;
		start = named && moveStart ? movedIntoZone(sent, serverZone, named) : sent;
		end = endTime;
	}

	if (simple) {
		const repeatInterval = int(simple.repeatInterval, 0);
		const repeatCount = int(simple.repeatCount, 0);
		const base = { kind: 'simple' as const, uiPassParam, start, end, timeZone, duration: int(simple.duration, topDuration), repeatInterval, repeatCount, ...fields };
		if (!rules.modern) {
			return { ...base, intervalMs: repeatInterval > 0 ? repeatInterval * 1000 : 0 };
		}
		// configureSimpleTrigger: no uiPassParam means SECONDS (9.x exports), and the trigger keeps SECONDS
		// (pentaho-scheduler-plugin 5312ca2d, first 10.3.0.0-391 / 11.0.0.0-2; 10.2 line 48e201ea, first 10.2.0.4-348).
		const pass = (uiPassParam || 'SECONDS').toUpperCase();
		base.uiPassParam = uiPassParam || 'SECONDS';
		if (pass === 'RUN_ONCE') {
			return { ...base, intervalMs: 0, calendarUnit: 'YEAR', calendarAmount: 2, end: start + 3_600_000 };
		}
		const unit = CALENDAR_UNITS[pass];
		if (!unit) throw new BadScheduleRequest(`Invalid UiPassParam: ${uiPassParam}`, 'scheduler');
		const amount = Math.trunc(repeatInterval / unit.seconds);
		if (amount < 1) throw new BadScheduleRequest('Repeat Interval cannot be zero.', 'scheduler');
		return { ...base, intervalMs: amount * unit.seconds * 1000, calendarUnit: unit.unit, calendarAmount: amount };
	}

	// Quartz 1.7.2 (9.3, 10.2 GA): a cron trigger runs in the zone of the job parameter "timezone", else in the
	// server's (QuartzScheduler.createJob → setTimezone → CronTrigger.setCronExpression(CronExpression),
	// pentaho-platform:scheduler/src/main/java/org/pentaho/platform/scheduler2/quartz/QuartzScheduler.java@9.3.0.0-R and
	// pentaho-scheduler-plugin:…/QuartzScheduler.java@10.2.0.0-222). From Quartz 2.3.2 setTimezone only configures
	// a TriggerBuilder it drops (…/QuartzScheduler.java@10.2.0.1-241, @11.0.0.0-237): the parameter changes nothing.
	const zoneParameter = (!asJob ? [] : Array.isArray(request.jobParameters) ? request.jobParameters : request.jobParameters ? [request.jobParameters] : [])
		.map((p) => p as Json)
		.find((p) => p && p.name === 'timezone');
	const parameterZone = zoneParameter ? [zoneParameter.stringValue].flat()[0] : undefined;
	const legacyZone = rules.timezoneParameter && knownTimeZone(parameterZone) ? parameterZone : serverZone;
	let cronString: string;
	let runsIn: string;
	let repeatInterval = 0;
	if (complex) {
		repeatInterval = int(complex.repeatInterval, 0);
		let hour: number;
		let minute: number;
		if (rules.modern) {
			// calendar.set(startYear, startMonth, startDay, startHour, startMin, 0): lenient.
			const normal = new Date(Date.UTC(2000, 0, 1, fields.startHour, fields.startMin, 0));
			hour = normal.getUTCHours();
			minute = normal.getUTCMinutes();
		} else {
			const wall = wallOf(start, serverZone);
			hour = wall.hour;
			minute = wall.minute;
		}
		if (complex.cronString === 'TO_BE_GENERATED') {
			const days = Math.max(1, Math.trunc(repeatInterval / 86400));
			cronString = `0 ${minute} ${hour} 1/${days} * ? *`;
		} else {
			cronString = complexCronString(complex, hour, minute, rules.minuteZeroToo);
		}
		runsIn = rules.modern ? timeZone : legacyZone;
	} else {
		try {
			cronString = serverCronString(String((cron as Json).cronString ?? ''));
		} catch (error) {
			if (error instanceof ServerCronError) throw new BadScheduleRequest(error.message);
			throw error;
		}
		runsIn = rules.modern ? timeZone : legacyZone;
	}
	// createQuartzCalendar: a QuartzSchedulerAvailability when startHour > -1, else when a start or end is kept
	// (a complex trigger keeps no startTime on modern builds).
	const availability = rules.modern ? fields.startHour > -1 || (!complex && startTime !== undefined) || endTime !== undefined : undefined;
	const result: CronTrigger = {
		kind: complex ? 'complex' : 'cron',
		availability,
		uiPassParam,
		start,
		end,
		timeZone,
		duration: complex ? topDuration : int((cron as Json).duration, topDuration),
		...fields,
		cronString,
		cron: cronOf(cronString),
		runsIn,
		repeatInterval,
	};
	if (wallOf(start, 'UTC').year > LAST_YEAR_QUARTZ_TRIES || nextFire(result, start) === undefined) {
		throw new BadScheduleRequest(
			`Based on configured schedule, the given trigger '${uiPassParam}' will never fire (first possible start ${new Date(start).toISOString()}).`,
			'scheduler',
		);
	}
	return result;
}

function addCalendar(start: number, unit: NonNullable<SimpleTrigger['calendarUnit']>, amount: number, timeZone: string): number {
	if (unit === 'SECOND') return start + amount * 1000;
	if (unit === 'MINUTE') return start + amount * 60_000;
	if (unit === 'HOUR') return start + amount * 3_600_000;
	const wall = wallOf(start, timeZone);
	const shifted = new Date(Date.UTC(wall.year + (unit === 'YEAR' ? amount : 0), wall.month - 1, wall.day + (unit === 'DAY' ? amount : 0)));
	return instantAt(
		{ year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate(), hour: wall.hour, minute: wall.minute, second: wall.second },
		timeZone,
	);
}

/** The first fire time at or after `after` (undefined when the trigger fires no more). */
export function nextFire(trigger: Trigger, after: number): number | undefined {
	const from = Math.max(after, trigger.start);
	let next: number | undefined;
	if (trigger.kind === 'simple') {
		if (trigger.calendarUnit === undefined) {
			// Quartz SimpleTrigger.
			const interval = trigger.intervalMs;
			if (from <= trigger.start) next = trigger.start;
			else if (interval <= 0) next = undefined;
			else {
				const k = Math.ceil((from - trigger.start) / interval);
				next = trigger.repeatCount >= 0 && k > trigger.repeatCount ? undefined : trigger.start + k * interval;
			}
		} else if (from <= trigger.start) next = trigger.start;
		else if (trigger.calendarUnit === 'DAY' || trigger.calendarUnit === 'YEAR') {
			// Quartz CalendarIntervalTrigger: whole days by the calendar of the zone.
			const step = trigger.calendarAmount ?? 1;
			const approx = trigger.calendarUnit === 'DAY' ? 86_400_000 * step : 365 * 86_400_000 * step;
			let k = Math.max(0, Math.floor((from - trigger.start) / approx) - 1);
			let candidate = addCalendar(trigger.start, trigger.calendarUnit, k * step, trigger.timeZone);
			while (candidate < from) candidate = addCalendar(trigger.start, trigger.calendarUnit, ++k * step, trigger.timeZone);
			next = candidate;
		} else {
			const interval = trigger.intervalMs;
			next = trigger.start + Math.ceil((from - trigger.start) / interval) * interval;
		}
	} else {
		next = nextCronFire(trigger.cron, from, trigger.runsIn);
	}
	if (next !== undefined && trigger.end !== undefined && next > trigger.end) return undefined;
	return next;
}

/** The first `count` fire times at or after `after`. */
export function fireTimes(trigger: Trigger, after: number, count: number): number[] {
	const times: number[] = [];
	let cursor = after;
	while (times.length < count) {
		const next = nextFire(trigger, cursor);
		if (next === undefined) break;
		times.push(next);
		cursor = next + 1;
	}
	return times;
}
