/**
 * Triggers as the emulated scheduler keeps them, built from schedule requests the way the server
 * does (SchedulerResourceUtil.convertScheduleRequestToJobTrigger, 10.3 and later), and their fire
 * times.
 *
 * - simple: fires at start, start + interval … (`repeatCount` repeats; -1 forever) until the end.
 * - complex: fires at `startHour:startMin` in the time zone (00:00 when only `startTime` was sent)
 *   on the matching days (days of week 0 = Sunday, weeks of month 0–3 and 4 = last, days of
 *   month, months 0–11, years), from the start date on; `cronString: TO_BE_GENERATED` with a
 *   `repeatInterval` of N × 86400 fires every N days.
 * - cron: a Quartz expression.
 */
import { nextCronFire, parseCron, type CronSchedule } from './cron';
import { daysInMonth, instantAt, knownTimeZone, nextDay, parseServerDate, wallOf, weekdayOf } from './time';

export interface SimpleTrigger {
	kind: 'simple';
	uiPassParam: string;
	start: number;
	end?: number;
	/** Seconds. */
	repeatInterval: number;
	repeatCount: number;
	timeZone: string;
	duration: number;
}

export interface ComplexTrigger {
	kind: 'complex';
	uiPassParam: string;
	start: number;
	end?: number;
	timeZone: string;
	hour: number;
	minute: number;
	daysOfWeek: number[];
	weeksOfMonth: number[];
	daysOfMonth: number[];
	monthsOfYear: number[];
	years: number[];
	everyNDays?: number;
	/** As sent (-1 when absent), for the answer. */
	startHour: number;
	startMin: number;
	startYear: number;
	startMonth: number;
	startDay: number;
	duration: number;
}

export interface CronTrigger {
	kind: 'cron';
	uiPassParam: string;
	cronString: string;
	cron: CronSchedule;
	start: number;
	end?: number;
	timeZone: string;
	duration: number;
	startHour: number;
	startMin: number;
}

export type Trigger = SimpleTrigger | ComplexTrigger | CronTrigger;

type Json = Record<string, unknown>;

/** A request the emulator cannot read (the server would answer 400 or 500). */
export class BadScheduleRequest extends Error {}

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

/** The trigger of a schedule request; `now` is the server clock, `defaultTimeZone` the server's zone. */
export function triggerFromRequest(request: Json, now: number, defaultTimeZone = 'UTC'): Trigger {
	const timeZone = knownTimeZone(request.timeZone) ? request.timeZone : defaultTimeZone;
	const topDuration = int(request.duration, -1);
	const simple = request.simpleJobTrigger as Json | undefined | null;
	const complex = request.complexJobTrigger as Json | undefined | null;
	const cron = request.cronJobTrigger as Json | undefined | null;

	if (!simple && !complex && !cron) {
		// "Run in background": once, in about ten seconds.
		return { kind: 'simple', uiPassParam: 'RUN_ONCE', start: now + 10_000, repeatInterval: 0, repeatCount: 0, timeZone, duration: topDuration };
	}
	if (simple) {
		return {
			kind: 'simple',
			uiPassParam: String(simple.uiPassParam ?? ''),
			start: date(simple.startTime, 'startTime') ?? now,
			end: date(simple.endTime, 'endTime'),
			repeatInterval: int(simple.repeatInterval, 0),
			repeatCount: int(simple.repeatCount, 0),
			timeZone,
			duration: int(simple.duration, topDuration),
		};
	}
	if (complex) {
		const startHour = int(complex.startHour, -1);
		const startMin = int(complex.startMin, -1);
		const startYear = int(complex.startYear, -1);
		const startMonth = int(complex.startMonth, -1);
		const startDay = int(complex.startDay, -1);
		const startTime = date(complex.startTime, 'startTime');
		// Since 10.3 the start date comes from startYear/startMonth/startDay; startTime is the fallback.
		let start: number;
		if (startYear >= 0 && startMonth >= 0 && startDay >= 1) {
			start = instantAt({ year: startYear, month: startMonth + 1, day: startDay, hour: 0, minute: 0, second: 0 }, timeZone);
		} else if (startTime !== undefined) {
			const wall = wallOf(startTime, timeZone);
			start = instantAt({ year: wall.year, month: wall.month, day: wall.day, hour: 0, minute: 0, second: 0 }, timeZone);
		} else {
			start = now;
		}
		const trigger: ComplexTrigger = {
			kind: 'complex',
			uiPassParam: String(complex.uiPassParam ?? ''),
			start,
			end: date(complex.endTime, 'endTime'),
			timeZone,
			// The 10.3 rule: the time of day is startHour/startMin; without them the job fires at 00:00.
			hour: startHour >= 0 && startHour <= 23 ? startHour : 0,
			minute: startMin >= 0 && startMin <= 59 ? startMin : 0,
			daysOfWeek: intList(complex.daysOfWeek),
			weeksOfMonth: intList(complex.weeksOfMonth),
			daysOfMonth: intList(complex.daysOfMonth),
			monthsOfYear: intList(complex.monthsOfYear),
			years: intList(complex.years),
			startHour,
			startMin,
			startYear,
			startMonth,
			startDay,
			duration: topDuration,
		};
		if (complex.cronString === 'TO_BE_GENERATED') {
			trigger.everyNDays = Math.max(1, Math.floor(int(complex.repeatInterval, 86400) / 86400));
		}
		for (const day of trigger.daysOfWeek) if (day < 0 || day > 6) throw new BadScheduleRequest(`Day of week ${day} is outside 0–6`);
		for (const week of trigger.weeksOfMonth) if (week < 0 || week > 4) throw new BadScheduleRequest(`Week of month ${week} is outside 0–4`);
		for (const day of trigger.daysOfMonth) if (day < 1 || day > 31) throw new BadScheduleRequest(`Day of month ${day} is outside 1–31`);
		for (const month of trigger.monthsOfYear) if (month < 0 || month > 11) throw new BadScheduleRequest(`Month ${month} is outside 0–11`);
		if (
			trigger.everyNDays === undefined &&
			trigger.daysOfWeek.length === 0 &&
			trigger.daysOfMonth.length === 0
		) {
			throw new BadScheduleRequest('A complex trigger needs days of week or days of month');
		}
		return trigger;
	}
	const c = cron as Json;
	let cronString = String(c.cronString ?? '').trim();
	if (cronString.split(/\s+/).length < 7) cronString += ' *';
	let parsed: CronSchedule;
	try {
		parsed = parseCron(cronString);
	} catch (error) {
		throw new BadScheduleRequest(`Invalid cron expression "${String(c.cronString ?? '')}": ${(error as Error).message}`);
	}
	return {
		kind: 'cron',
		uiPassParam: String(c.uiPassParam ?? 'CRON'),
		cronString,
		cron: parsed,
		start: date(c.startTime, 'startTime') ?? now,
		end: date(c.endTime, 'endTime'),
		timeZone,
		duration: int(c.duration, topDuration),
		startHour: int(c.startHour, -1),
		startMin: int(c.startMin, -1),
	};
}

function complexDayMatches(t: ComplexTrigger, year: number, month: number, day: number): boolean {
	if (t.years.length > 0 && !t.years.includes(year)) return false;
	if (t.monthsOfYear.length > 0 && !t.monthsOfYear.includes(month - 1)) return false;
	if (t.everyNDays !== undefined) {
		const startWall = wallOf(t.start, t.timeZone);
		const days = Math.round((Date.UTC(year, month - 1, day) - Date.UTC(startWall.year, startWall.month - 1, startWall.day)) / 86_400_000);
		return days >= 0 && days % t.everyNDays === 0;
	}
	if (t.daysOfWeek.length > 0) {
		if (!t.daysOfWeek.includes(weekdayOf(year, month, day))) return false;
		if (t.weeksOfMonth.length === 0) return true;
		return t.weeksOfMonth.some((week) => (week === 4 ? day + 7 > daysInMonth(year, month) : Math.floor((day - 1) / 7) === week));
	}
	return t.daysOfMonth.includes(day);
}

/** The first fire time at or after `after` (undefined when the trigger fires no more). */
export function nextFire(trigger: Trigger, after: number): number | undefined {
	const from = Math.max(after, trigger.start);
	let next: number | undefined;
	if (trigger.kind === 'simple') {
		const interval = trigger.repeatInterval * 1000;
		if (from <= trigger.start) next = trigger.start;
		else if (interval <= 0) next = undefined;
		else {
			const k = Math.ceil((from - trigger.start) / interval);
			next = trigger.repeatCount >= 0 && k > trigger.repeatCount ? undefined : trigger.start + k * interval;
		}
	} else if (trigger.kind === 'cron') {
		next = nextCronFire(trigger.cron, from, trigger.timeZone);
	} else {
		const wall = wallOf(from, trigger.timeZone);
		let day = { year: wall.year, month: wall.month, day: wall.day };
		for (let i = 0; i < 366 * 5 && next === undefined; i++, day = nextDay(day.year, day.month, day.day)) {
			if (!complexDayMatches(trigger, day.year, day.month, day.day)) continue;
			const instant = instantAt({ ...day, hour: trigger.hour, minute: trigger.minute, second: 0 }, trigger.timeZone);
			if (instant >= from) next = instant;
		}
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

const QUARTZ_DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
const QUALIFIERS = ['FIRST', 'SECOND', 'THIRD', 'FOURTH', 'LAST'];

/** The cron string the server generates for a complex trigger (for the answer). */
export function cronStringOf(trigger: Trigger): string | undefined {
	if (trigger.kind === 'cron') return trigger.cronString;
	if (trigger.kind !== 'complex') return undefined;
	const months = trigger.monthsOfYear.length ? trigger.monthsOfYear.map((m) => m + 1).join(',') : '*';
	const years = trigger.years.length ? trigger.years.join(',') : '*';
	let dom = '?';
	let dow = '?';
	if (trigger.everyNDays !== undefined) dom = `${wallOf(trigger.start, trigger.timeZone).day}/${trigger.everyNDays}`;
	else if (trigger.daysOfWeek.length && trigger.weeksOfMonth.length) {
		dow = trigger.daysOfWeek
			.flatMap((d) => trigger.weeksOfMonth.map((w) => (w === 4 ? `${d + 1}L` : `${d + 1}#${w + 1}`)))
			.join(',');
	} else if (trigger.daysOfWeek.length) dow = trigger.daysOfWeek.map((d) => d + 1).join(',');
	else dom = trigger.daysOfMonth.join(',');
	return `0 ${trigger.minute} ${trigger.hour} ${dom} ${months} ${dow} ${years}`;
}

function recurrence(values: number[]): Json {
	return values.length ? { recurrenceList: { values: values.map(String) } } : {};
}

/** The trigger as the 11.x server writes it in JSON (numbers of the base class as strings). */
export function triggerJson(trigger: Trigger): Json {
	const base: Json = {
		startTime: new Date(trigger.start).toISOString(),
		...(trigger.end !== undefined ? { endTime: new Date(trigger.end).toISOString() } : {}),
		uiPassParam: trigger.uiPassParam,
		duration: String(trigger.duration),
		timeZone: trigger.timeZone,
	};
	if (trigger.kind === 'simple') {
		return {
			'@type': 'simpleJobTrigger',
			...base,
			startHour: '-1',
			startMin: '-1',
			repeatCount: String(trigger.repeatCount),
			repeatInterval: String(trigger.repeatInterval),
		};
	}
	const json: Json = {
		'@type': 'complexJobTrigger',
		...base,
		cronString: cronStringOf(trigger),
		startHour: String(trigger.startHour),
		startMin: String(trigger.startMin),
	};
	if (trigger.kind === 'complex') {
		json.startYear = String(trigger.startYear);
		json.startMonth = String(trigger.startMonth);
		json.startDay = String(trigger.startDay);
		json.yearlyRecurrences = recurrence(trigger.years);
		json.monthlyRecurrences = recurrence(trigger.monthsOfYear.map((m) => m + 1));
		if (trigger.weeksOfMonth.length && trigger.daysOfWeek.length) {
			json.dayOfWeekRecurrences = {
				qualifiedDayOfWeek: trigger.daysOfWeek.flatMap((d) =>
					trigger.weeksOfMonth.map((w) => ({ qualifier: QUALIFIERS[w], dayOfWeek: QUARTZ_DAYS[d] })),
				),
			};
		} else {
			json.dayOfWeekRecurrences = recurrence(trigger.daysOfWeek.map((d) => d + 1));
		}
		json.dayOfMonthRecurrences = recurrence(trigger.everyNDays === undefined ? trigger.daysOfMonth : []);
		json.hourlyRecurrences = recurrence([trigger.hour]);
		json.minuteRecurrences = recurrence([trigger.minute]);
		json.secondRecurrences = recurrence([0]);
		json.repeatInterval = String((trigger.everyNDays ?? 0) * 86400);
	}
	return json;
}
