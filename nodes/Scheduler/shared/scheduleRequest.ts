/**
 * The schedule builder's request side: from the fields' values (read by `readScheduleRequest`) to
 * the scheduler's `jobScheduleRequest` (`buildScheduleRequest`, pure), for the server's version and
 * zone (`scheduleRequestFor`). The fields themselves are in scheduleFields.ts.
 *
 * - Interval triggers (seconds, minutes, hours, every N days) are simple triggers; `repeatInterval`
 *   is in seconds and `repeatCount` -1 repeats forever.
 * - Daily (every day or every weekday), weekly and monthly triggers are complex triggers. Their
 *   time of day is sent twice: in `startTime` (read by servers before 10.3) and as
 *   `startHour`/`startMin` with `startYear`/`startMonth` (0-based)/`startDay` (read since 10.3,
 *   which otherwise fires at 00:00). `daysOfWeek` counts from 0 = Sunday.
 * - Cron triggers carry a Quartz expression (a five-field Unix one is converted).
 *
 * A start time without an offset is a wall-clock time in the schedule's time zone; one with an
 * offset (or `Z`) is that instant. Either way the request carries the start as the server writes
 * dates (`2026-01-15T09:30:00.000+01:00`) plus the time zone name.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { normalizePath } from '../../common/repositoryPath';
import { repositoryPathText } from '../../common/repositoryPicker';
import { normalizeCron } from './cron';
import { PLANNING_SERVER, schedulerServer, type SchedulerServer } from './server';
import { formatServerDate, instantOf, isValidTimeZone, offsetMinutesAt, parseDateTime, ScheduleInputError, wallClockOf } from './time';

export type TriggerType = 'runOnce' | 'seconds' | 'minutes' | 'hours' | 'daily' | 'weekly' | 'monthly' | 'cron';
export type DailyRecurrence = 'everyDay' | 'weekdays' | 'everyNDays';
export type MonthlyOn = 'dayOfMonth' | 'weekdayOfMonth';
export type SchedulePurpose = 'job' | 'blockout' | 'check';

export interface JobParameterInput {
	name: string;
	value: string;
	type?: string;
}

export interface ScheduleInput {
	triggerType: TriggerType;
	/** Number of seconds, minutes, hours or days between runs. */
	interval?: number;
	dailyRecurrence?: DailyRecurrence;
	/** 0 = Sunday … 6 = Saturday. */
	daysOfWeek?: number[];
	monthlyOn?: MonthlyOn;
	dayOfMonth?: number;
	/** 0–3 = first to fourth, 4 = last. */
	weekOfMonth?: number;
	/** 0 = Sunday … 6 = Saturday. */
	weekday?: number;
	cronExpression?: string;
	/** Empty for "now". */
	startTime?: unknown;
	endTime?: unknown;
	timeZone: string;
	/** Simple triggers only; -1 (default) repeats forever. */
	repeatCount?: number;
	/** The current time, for an empty start time. */
	now: number;
	jobName?: string;
	inputFile?: string;
	outputFolder?: string;
	jobParameters?: JobParameterInput[];
	/** Blockouts: how long each blockout lasts, in milliseconds. */
	durationMs?: number;
	logLevel?: string;
	runSafeMode?: boolean;
	gatheringMetrics?: boolean;
}

export const UI_PASS_PARAM: Record<TriggerType, string> = {
	runOnce: 'RUN_ONCE',
	seconds: 'SECONDS',
	minutes: 'MINUTES',
	hours: 'HOURS',
	daily: 'DAILY',
	weekly: 'WEEKLY',
	monthly: 'MONTHLY',
	cron: 'CRON',
};

const UNIT_SECONDS: Partial<Record<TriggerType, number>> = { seconds: 1, minutes: 60, hours: 3600 };

const JOB_PARAMETER_TYPES = ['string', 'number', 'date', 'boolean'];

function positiveInteger(value: unknown, label: string, max = Number.MAX_SAFE_INTEGER): number {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof number !== 'number' || !Number.isInteger(number) || number < 1 || number > max) {
		throw new ScheduleInputError(`${label} must be a whole number from 1${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ''}, not "${String(value)}"`);
	}
	return number;
}

function dayList(values: unknown, label: string): number[] {
	const list = Array.isArray(values) ? values : values === undefined || values === null || values === '' ? [] : [values];
	const days = list.map((v) => (typeof v === 'string' ? Number(v) : v));
	for (const day of days) {
		if (typeof day !== 'number' || !Number.isInteger(day) || day < 0 || day > 6) {
			throw new ScheduleInputError(`${label}: "${String(day)}" is not a day of the week (0 = Sunday … 6 = Saturday)`);
		}
	}
	return [...new Set(days as number[])].sort((a, b) => a - b);
}

/** `2026-01-15T09:30:00.000+0100`: the one form JobScheduleParam parses for a date parameter. */
function jobParameterDate(value: string, timeZone: string, name: string): string {
	const instant = parseDateTime(value, timeZone, `The date parameter "${name}"`).instant;
	const iso = formatServerDate(instant, timeZone);
	const offset = offsetMinutesAt(instant, timeZone);
	const sign = offset < 0 ? '-' : '+';
	const hhmm = `${String(Math.trunc(Math.abs(offset) / 60)).padStart(2, '0')}${String(Math.abs(offset) % 60).padStart(2, '0')}`;
	return `${iso.slice(0, 23)}${sign}${hhmm}`;
}

function jobParametersOf(parameters: JobParameterInput[], timeZone: string): IDataObject[] {
	const byName = new Map<string, { name: string; type: string; stringValue: string[] }>();
	for (const parameter of parameters) {
		const name = typeof parameter.name === 'string' ? parameter.name.trim() : '';
		if (name === '') throw new ScheduleInputError('A job parameter has no name');
		const type = parameter.type && parameter.type !== '' ? parameter.type : 'string';
		if (!JOB_PARAMETER_TYPES.includes(type)) {
			throw new ScheduleInputError(`The job parameter "${name}" has the type "${type}"; use string, number, date or boolean`);
		}
		let value = parameter.value === undefined || parameter.value === null ? '' : String(parameter.value);
		// The server parses these itself and answers 500 for anything else (JobScheduleParam.getValue).
		if (type === 'date') value = jobParameterDate(value, timeZone, name);
		if (type === 'number' && (value.trim() === '' || !Number.isFinite(Number(value)) || /e/i.test(value))) {
			throw new ScheduleInputError(`The number parameter "${name}" is "${value}", not a number such as 42 or 4.2`);
		}
		const existing = byName.get(name);
		if (existing) {
			if (existing.type !== type) {
				throw new ScheduleInputError(`The job parameter "${name}" is given twice with different types`);
			}
			existing.stringValue.push(value);
		} else {
			byName.set(name, { name, type, stringValue: [value] });
		}
	}
	return [...byName.values()] as unknown as IDataObject[];
}

/** What the schedule means, for the output: zone, start and end used, and what the server version changes. */
export interface ScheduleSummary extends IDataObject {
	timeZone: string;
	timeZoneFrom: 'field' | 'workflow';
	start: string;
	startFrom: 'field' | 'now';
	end: string | null;
	serverVersion: string | null;
	serverTimeZone: string | null;
	notes: string[];
}

/**
 * Builds the `jobScheduleRequest` for a schedule, a blockout, or a schedule to check against
 * blockouts, for a server (version and zone: see server.ts). `summary` receives what the output
 * reports about it.
 *
 * 10.3 and later (pentaho-scheduler-plugin:core/src/main/java/org/pentaho/platform/web/http/api/resources/SchedulerResourceUtil.java@00d51c66,
 * core/src/main/java/org/pentaho/platform/scheduler2/quartz/QuartzScheduler.java@00d51c66 getStartDateCalFromTrigger / getEndDateCalFromTrigger):
 * - start = startYear + 1900 / startMonth / startDay startHour:startMin in `timeZone`: the fields
 *   carry the wall clock in the schedule's zone, the year since 1900, as the server's own editor
 *   sends it (ui/.../ScheduleRecurrenceDialog.java@00d51c66). `startTime` is not read.
 * - end = the wall clock of `endTime` in the SERVER's zone, read in `timeZone`, to the minute: the
 *   end is sent as the schedule-zone wall clock written in the server's zone.
 * - simple triggers are calendar intervals; `repeatCount` is not read, so a repeat count becomes
 *   the end time of the last run.
 * 9.3 and 10.2 (pentaho-platform:.../SchedulerResourceUtil.java@9.3.0.0-422, pentaho-scheduler-plugin:.../SchedulerResourceUtil.java@10.2.0.0-222):
 * - `startTime`'s wall clock in the SERVER's zone is read again in `timeZone`
 *   (convertDateToServerTimeZone): the start is sent as the schedule-zone wall clock written in
 *   the server's zone. `endTime` is an instant.
 * - complex and cron triggers run in the SERVER's zone at the server-zone hour of the start,
 *   unless the job parameter "timezone" names a zone (QuartzScheduler.createJob → setTimezone,
 *   pentaho-platform:scheduler/src/main/java/org/pentaho/platform/scheduler2/quartz/QuartzScheduler.java@9.3.0.0-422):
 *   when the zones differ the builder sends that parameter and a start whose server-zone hour is
 *   the schedule's hour (see legacyComplexStart).
 * - no start fields; 9.3 has no logLevel, runSafeMode, gatheringMetrics.
 */
export function buildScheduleRequest(
	input: ScheduleInput,
	purpose: SchedulePurpose,
	server: SchedulerServer = PLANNING_SERVER,
	summary?: Partial<ScheduleSummary>,
): IDataObject {
	const timeZone = typeof input.timeZone === 'string' ? input.timeZone.trim() : '';
	if (!isValidTimeZone(timeZone)) {
		throw new ScheduleInputError(`The time zone "${timeZone}" is not known: use a name such as Europe/Berlin, America/New_York or UTC`);
	}
	const serverZone = server.timeZone && isValidTimeZone(server.timeZone) ? server.timeZone : timeZone;
	const notes: string[] = [];
	const type = input.triggerType;
	if (!(type in UI_PASS_PARAM)) throw new ScheduleInputError(`Unknown trigger type "${String(type)}"`);

	const startGiven = !(input.startTime === undefined || input.startTime === null || input.startTime === '');
	let start = startGiven ? parseDateTime(input.startTime, timeZone, 'Start time').instant : input.now;
	// 10.3+ servers take the start to the minute (startHour, startMin).
	if (server.modern) start = instantOf({ ...wallClockOf(start, timeZone), second: 0, millisecond: 0 }, timeZone);
	let end: number | undefined;
	// Run Once has no end; an end time given with it is not read.
	if (type !== 'runOnce' && !(input.endTime === undefined || input.endTime === null || input.endTime === '')) {
		const parsed = parseDateTime(input.endTime, timeZone, 'End time');
		// A date without a time ends at the end of that day, as in the server's own schedule editor.
		end = parsed.dateOnly ? parsed.instant + 86_399_000 : parsed.instant;
		if (end <= start) {
			throw new ScheduleInputError(
				`The end time ${formatServerDate(end, timeZone)} is not after the start time ${formatServerDate(start, timeZone)}`,
			);
		}
	}
	const wall = wallClockOf(start, timeZone);
	const uiPassParam = UI_PASS_PARAM[type];

	const request: IDataObject = {};
	if (purpose === 'job') {
		const jobName = typeof input.jobName === 'string' ? input.jobName.trim() : '';
		if (jobName === '') throw new ScheduleInputError('The job name is empty');
		request.jobName = jobName;
		request.inputFile = normalizePath(input.inputFile, 'Input file');
		if (typeof input.outputFolder === 'string' && input.outputFolder.trim() !== '') {
			request.outputFile = normalizePath(input.outputFolder, 'Output folder');
		}
	}

	let durationMs: number | undefined;
	if (purpose === 'blockout') {
		if (typeof input.durationMs !== 'number' || !Number.isFinite(input.durationMs) || input.durationMs <= 0) {
			throw new ScheduleInputError('A blockout needs a duration longer than zero');
		}
		durationMs = Math.round(input.durationMs);
	}
	const withDuration = (trigger: IDataObject): IDataObject => (durationMs === undefined ? trigger : { ...trigger, duration: durationMs });

	// The dates as each version reads them.
	const legacyStartTime = formatServerDate(instantOf(wall, serverZone), serverZone);
	const modernEnd = (instant: number): string => {
		const endWall = { ...wallClockOf(instant, timeZone), second: 0, millisecond: 0 };
		return formatServerDate(instantOf(endWall, serverZone), serverZone);
	};
	const endText = (instant: number | undefined): string | undefined =>
		instant === undefined ? undefined : server.modern ? modernEnd(instant) : formatServerDate(instant, timeZone);
	const startFields: IDataObject = {
		startHour: wall.hour,
		startMin: wall.minute,
		// java.util.Date years: the server adds 1900 (QuartzScheduler.getStartDateCalFromTrigger).
		startYear: wall.year - 1900,
		startMonth: wall.month - 1,
		startDay: wall.day,
	};
	const startOf = (): IDataObject => (server.modern ? startFields : { startTime: legacyStartTime });

	const repeatCount = (): number => {
		if (input.repeatCount === undefined || input.repeatCount === null) return -1;
		const count = Number(input.repeatCount);
		if (!Number.isInteger(count) || count < -1) {
			throw new ScheduleInputError(`The repeat count must be -1 (forever) or a whole number from 0, not "${String(input.repeatCount)}"`);
		}
		return count;
	};
	const simple = (repeatInterval: number, count: number, withEnd = true): IDataObject => {
		const trigger: IDataObject = { uiPassParam, repeatInterval };
		let triggerEnd = withEnd ? end : undefined;
		if (server.modern) {
			if (count >= 0 && type !== 'runOnce') {
				// 10.3+ does not read repeatCount: stop after the last run instead (the end is read to the minute).
				const last = start + count * repeatInterval * 1000;
				const minuteAfter = Math.ceil(last / 60_000) * 60_000;
				if (minuteAfter >= last + repeatInterval * 1000) {
					throw new ScheduleInputError(
						`Servers from 10.3 on do not take a repeat count and end schedules to the minute: ${count} repeats every ${repeatInterval} seconds cannot be expressed; use an end time instead`,
					);
				}
				triggerEnd = triggerEnd === undefined ? minuteAfter : Math.min(triggerEnd, minuteAfter);
				notes.push(`The server does not take a repeat count: the schedule ends at ${formatServerDate(minuteAfter, timeZone)}, after the last of its ${count + 1} runs`);
			}
		} else if (type !== 'runOnce') {
			trigger.repeatCount = count;
		} else {
			trigger.repeatCount = 0;
		}
		Object.assign(trigger, startOf());
		const endValue = endText(triggerEnd);
		if (endValue) trigger.endTime = endValue;
		return withDuration(trigger);
	};

	// 9.3/10.2 run complex and cron triggers in the server's zone unless the job parameter
	// "timezone" names another (QuartzScheduler.createJob → setTimezone). When the zones differ the
	// builder names the schedule's zone there, and for complex triggers picks the start so that its
	// hour and minute in the server's zone (which become the cron's hour and minute) are the
	// schedule's: the start is then up to a day before the first run, and the runs are exactly
	// the schedule's, daylight saving included.
	// blockout/willFire and blockout/blockstatus convert the request without creating a job: the
	// parameter does not reach a trigger there, so checks keep the server-zone reading.
	const runsElsewhere = !server.modern && serverZone !== timeZone && purpose !== 'check';
	const calendarKind = type === 'weekly' || type === 'monthly' || type === 'cron' || (type === 'daily' && input.dailyRecurrence !== 'everyNDays');
	if (!server.modern && serverZone !== timeZone && purpose === 'check' && calendarKind) {
		notes.push(`This server (${server.version ?? 'before 10.3'}) checks daily, weekly, monthly and cron schedules in its own time zone ${serverZone}`);
	}
	if (runsElsewhere && calendarKind && server.zoneParameterIgnored) {
		// Those builds run daily, weekly, monthly and cron schedules in the server's zone and ignore the job
		// parameter "timezone" that makes older ones follow the schedule's (see server.ts): refused rather than
		// scheduled at another hour than asked.
		throw new ScheduleInputError(
			`This server (${server.version ?? '10.2.0.1/10.2.0.2'}) runs ${type} schedules in its own time zone ${serverZone} and ignores the schedule's zone ${timeZone}: set 'Time Zone' to ${serverZone} and give the start in that zone, or use a server from 10.2.0.2-270 on`,
		);
	}
	let zoneParameter = false;
	const legacyComplexStart = (): IDataObject => {
		if (!runsElsewhere) return { startTime: legacyStartTime };
		zoneParameter = true;
		const first = instantOf(wall, timeZone);
		const serverDay = wallClockOf(first, serverZone);
		let candidate = instantOf({ ...serverDay, hour: wall.hour, minute: wall.minute, second: 0, millisecond: 0 }, serverZone);
		if (candidate > first) candidate = instantOf({ ...wallClockOf(candidate - 86_400_000, serverZone), hour: wall.hour, minute: wall.minute, second: 0, millisecond: 0 }, serverZone);
		// The server reads the wall clock of startTime in its zone as a wall clock in the schedule's zone.
		return { startTime: formatServerDate(instantOf(wallClockOf(candidate, timeZone), serverZone), serverZone) };
	};
	const complex = (fields: IDataObject): IDataObject => {
		const trigger: IDataObject = { uiPassParam, ...fields, ...(server.modern ? startFields : legacyComplexStart()) };
		const endValue = endText(end);
		if (endValue) trigger.endTime = endValue;
		return withDuration(trigger);
	};
	const cronTrigger = (cronString: string, ui: string): IDataObject => {
		if (runsElsewhere) zoneParameter = true;
		const trigger: IDataObject = { uiPassParam: ui, cronString, ...startOf() };
		const endValue = endText(end);
		if (endValue) trigger.endTime = endValue;
		return withDuration(trigger);
	};
	// Servers with the "minute 0" defect (see server.ts) would also run a complex schedule at :00 of its hour:
	// the same schedule is sent as the cron expression it stands for, which they run as written.
	const QUARTZ_DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
	const calendar = (fields: { daysOfWeek?: number[]; daysOfMonth?: number[]; weeksOfMonth?: number[] }): void => {
		if (!server.complexMinuteBug || wall.minute === 0 || purpose !== 'job') {
			request.complexJobTrigger = complex(fields);
			return;
		}
		let dayPart: string;
		if (fields.daysOfMonth) dayPart = `${fields.daysOfMonth.join(',')} * ?`;
		else if (fields.weeksOfMonth) {
			// Quartz's numbered day (1 = Sunday): "6L" is the last Friday, "6#2" the second.
			const day = fields.daysOfWeek![0] + 1;
			dayPart = `? * ${fields.weeksOfMonth[0] === 4 ? `${day}L` : `${day}#${fields.weeksOfMonth[0] + 1}`}`;
		} else dayPart = `? * ${(fields.daysOfWeek ?? []).map((d) => QUARTZ_DAYS[d]).join(',')}`;
		// The node's own cron form (day names as Quartz numbers), as a Cron schedule would be sent.
		const cronString = normalizeCron(`0 ${wall.minute} ${wall.hour} ${dayPart}`);
		// uiPassParam stays the schedule's kind: the server reads the cron back as a complex trigger, and its editor shows it as such.
		request.cronJobTrigger = cronTrigger(cronString, uiPassParam);
		notes.push(
			`This server (${server.version ?? 'unknown version'}) would also run a ${type} schedule at minute 0 of its hour (cron minutes "0,${wall.minute}", a defect of builds 10.1.0.0-196 to 10.2.0.6-361, 10.3 and 11.0.0.0 before -38): it is sent as the cron expression "${cronString}", which runs only at ${String(wall.hour).padStart(2, '0')}:${String(wall.minute).padStart(2, '0')}`,
		);
	};

	switch (type) {
		case 'runOnce':
			request.simpleJobTrigger = simple(0, 0, false);
			break;
		case 'seconds':
		case 'minutes':
		case 'hours': {
			const interval = positiveInteger(input.interval, `The interval (${type})`);
			request.simpleJobTrigger = simple(interval * (UNIT_SECONDS[type] ?? 1), repeatCount());
			break;
		}
		case 'daily': {
			const recurrence = input.dailyRecurrence ?? 'everyDay';
			if (recurrence === 'everyNDays') {
				const days = positiveInteger(input.interval, 'The number of days between runs');
				request.simpleJobTrigger = simple(days * 86400, repeatCount());
				if (!server.modern) {
					// A Quartz SimpleTrigger there: N × 24 hours, not N calendar days.
					notes.push(
						`This server (${server.version ?? 'before 10.3'}) repeats every ${days * 24} hours: after a daylight-saving change in ${timeZone} the runs move by an hour`,
					);
				}
			} else if (recurrence === 'weekdays') {
				calendar({ daysOfWeek: [1, 2, 3, 4, 5] });
			} else if (recurrence === 'everyDay') {
				calendar({ daysOfWeek: [0, 1, 2, 3, 4, 5, 6] });
			} else {
				throw new ScheduleInputError(`Unknown daily recurrence "${String(recurrence)}"`);
			}
			break;
		}
		case 'weekly': {
			const days = dayList(input.daysOfWeek, 'Days of week');
			if (days.length === 0) throw new ScheduleInputError('A weekly schedule needs at least one day of the week');
			calendar({ daysOfWeek: days });
			break;
		}
		case 'monthly': {
			if ((input.monthlyOn ?? 'dayOfMonth') === 'dayOfMonth') {
				const day = positiveInteger(input.dayOfMonth, 'The day of the month', 31);
				calendar({ daysOfMonth: [day] });
			} else {
				const week = Number(input.weekOfMonth);
				if (!Number.isInteger(week) || week < 0 || week > 4) {
					throw new ScheduleInputError(`The week of the month must be 0–3 (first to fourth) or 4 (last), not "${String(input.weekOfMonth)}"`);
				}
				const days = dayList(input.weekday, 'Day of week');
				if (days.length !== 1) throw new ScheduleInputError('A monthly schedule on a weekday needs one day of the week');
				calendar({ weeksOfMonth: [week], daysOfWeek: days });
			}
			break;
		}
		case 'cron': {
			request.cronJobTrigger = cronTrigger(normalizeCron(input.cronExpression), uiPassParam);
			break;
		}
	}

	request.timeZone = timeZone;
	if (durationMs !== undefined) request.duration = durationMs;
	const ownParameters = purpose === 'job' ? jobParametersOf(input.jobParameters ?? [], timeZone) : [];
	if (zoneParameter) {
		if (ownParameters.some((p) => p.name === 'timezone')) {
			throw new ScheduleInputError(
				`This server (${server.version ?? 'before 10.3'}) runs the schedule in the zone of the job parameter "timezone"; it is given as a job parameter already: remove it and set the 'Time Zone' field`,
			);
		}
		ownParameters.push({ name: 'timezone', type: 'string', stringValue: [timeZone] });
		notes.push(`This server (${server.version ?? 'before 10.3'}) runs in ${serverZone}: the job parameter "timezone" = ${timeZone} makes it run the schedule in ${timeZone}`);
	}
	if (purpose === 'job' || ownParameters.length > 0) request.jobParameters = ownParameters;
	if (purpose === 'job') {
		const runOptions = input.logLevel !== undefined || input.runSafeMode !== undefined || input.gatheringMetrics !== undefined;
		if (runOptions && !server.hasRunOptions) {
			throw new ScheduleInputError(
				`This server (${server.version ?? '9.x'}) does not take Log Level, Safe Mode or Gather Metrics with a schedule (they came with 10.0): remove those options`,
			);
		}
		if (input.logLevel) request.logLevel = input.logLevel;
		if (input.runSafeMode !== undefined) request.runSafeMode = String(input.runSafeMode);
		if (input.gatheringMetrics !== undefined) request.gatheringMetrics = String(input.gatheringMetrics);
	}
	if (summary) {
		Object.assign(summary, {
			timeZone,
			// Output dates are UTC ISO 8601, as in every node; `timeZone` says the zone the schedule runs in.
			start: new Date(start).toISOString(),
			startFrom: startGiven ? 'field' : 'now',
			end: end === undefined ? null : new Date(end).toISOString(),
			serverVersion: server.version ?? null,
			serverTimeZone: server.timeZone ?? null,
			notes,
		});
		if (!server.timeZone && server !== PLANNING_SERVER) {
			notes.push(`The server did not say its time zone (GET /api/system/timezones); it is assumed to run in ${timeZone}`);
		}
	}
	return request;
}

/** A raw schedule request typed by the user (JSON mode): it must be a JSON object. */
export function parseScheduleJson(raw: unknown): IDataObject {
	let value = raw;
	if (typeof raw === 'string') {
		if (raw.trim() === '') throw new ScheduleInputError('The schedule request JSON is empty');
		let problem: string | undefined;
		try {
			value = JSON.parse(raw);
		} catch (error) {
			problem = (error as Error).message;
		}
		if (problem !== undefined) throw new ScheduleInputError(`The schedule request is not valid JSON: ${problem}`);
	}
	if (value === null || typeof value !== 'object' || Array.isArray(value)) {
		throw new ScheduleInputError('The schedule request JSON must be an object, for example {"jobName": "…", "simpleJobTrigger": {…}}');
	}
	return value as IDataObject;
}

const DURATION_UNITS: Record<string, number> = { minutes: 60_000, hours: 3_600_000, days: 86_400_000, weeks: 604_800_000 };

/** A schedule read from one item: the JSON to send unchanged, or the builder's input (checked). */
export interface PlannedSchedule {
	purpose: SchedulePurpose;
	json?: IDataObject;
	input?: ScheduleInput;
	timeZoneFrom?: 'field' | 'workflow';
}

/**
 * Reads the builder's fields of one item and checks them (by building the request for a 10.3+
 * server in the schedule's zone); the request itself is built for the real server in `run`.
 */
export function readScheduleRequest(ctx: IExecuteFunctions, itemIndex: number, purpose: SchedulePurpose): PlannedSchedule {
	const mode = ctx.getNodeParameter('scheduleMode', itemIndex, 'fields') as string;
	if (mode === 'json') return { purpose, json: parseScheduleJson(ctx.getNodeParameter('scheduleJson', itemIndex, '') as unknown) };

	const parameter = <T>(name: string, fallback: T): T => ctx.getNodeParameter(name, itemIndex, fallback) as T;
	const triggerType = parameter<TriggerType>('triggerType', 'daily');
	const dailyRecurrence = parameter<DailyRecurrence>('dailyRecurrence', 'everyDay');
	// The optional fields sit in the Options collection: absent, each means what its empty field did.
	const options = parameter<IDataObject>('options', {}) ?? {};
	const zoneField = String(options.timeZone ?? '').trim();
	const timeZone = zoneField || ctx.getTimezone();
	const input: ScheduleInput = {
		triggerType,
		interval:
			triggerType === 'daily' && dailyRecurrence === 'everyNDays'
				? parameter<number>('dayInterval', 2)
				: parameter<number>('interval', 1),
		dailyRecurrence,
		daysOfWeek: parameter<number[]>('daysOfWeek', []),
		monthlyOn: parameter<MonthlyOn>('monthlyOn', 'dayOfMonth'),
		dayOfMonth: parameter<number>('dayOfMonth', 1),
		weekOfMonth: parameter<number>('weekOfMonth', 0),
		weekday: parameter<number>('weekday', 1),
		cronExpression: parameter<string>('cronExpression', ''),
		startTime: options.startTime ?? '',
		endTime: options.endTime,
		timeZone,
		repeatCount: options.repeatCount as number | undefined,
		now: Date.now(),
	};
	if (purpose === 'job') {
		input.jobName = parameter<string>('jobName', '');
		input.inputFile = repositoryPathText(ctx, 'inputFile', itemIndex);
		input.outputFolder = repositoryPathText(ctx, 'options.outputFolder', itemIndex);
		input.jobParameters = parameter<JobParameterInput[]>('jobParameters.parameter', []);
		if (typeof options.logLevel === 'string') input.logLevel = options.logLevel;
		if (typeof options.runSafeMode === 'boolean') input.runSafeMode = options.runSafeMode;
		if (typeof options.gatheringMetrics === 'boolean') input.gatheringMetrics = options.gatheringMetrics;
	}
	if (purpose === 'blockout') {
		const amount = Number(parameter<number>('durationAmount', 1));
		const unit = parameter<string>('durationUnit', 'hours');
		if (!Number.isFinite(amount) || amount <= 0) throw new ScheduleInputError('The blockout duration must be longer than zero');
		if (!(unit in DURATION_UNITS)) throw new ScheduleInputError(`Unknown duration unit "${unit}"`);
		input.durationMs = amount * DURATION_UNITS[unit];
	}
	buildScheduleRequest(input, purpose);
	return { purpose, input, timeZoneFrom: zoneField ? 'field' : 'workflow' };
}

/**
 * The request to send for a planned schedule, built for the server's version and zone, with the
 * summary the output reports (`schedule`: zone and start used, server version and zone, notes).
 */
export async function scheduleRequestFor(
	ctx: IExecuteFunctions,
	planned: PlannedSchedule,
	itemIndex: number,
): Promise<{ request: IDataObject; summary?: ScheduleSummary }> {
	if (planned.json || !planned.input) return { request: planned.json ?? {} };
	const server = await schedulerServer(ctx, itemIndex);
	const summary: Partial<ScheduleSummary> = { timeZoneFrom: planned.timeZoneFrom ?? 'workflow' };
	// A schedule this server cannot take throws ScheduleInputError (an InputError: the executor reports it for the item).
	const request = buildScheduleRequest(planned.input, planned.purpose, server, summary);
	const ordered: ScheduleSummary = {
		timeZone: summary.timeZone as string,
		timeZoneFrom: summary.timeZoneFrom as ScheduleSummary['timeZoneFrom'],
		start: summary.start as string,
		startFrom: summary.startFrom as ScheduleSummary['startFrom'],
		end: summary.end ?? null,
		serverVersion: summary.serverVersion ?? null,
		serverTimeZone: summary.serverTimeZone ?? null,
		notes: summary.notes ?? [],
	};
	return { request, summary: ordered };
}
