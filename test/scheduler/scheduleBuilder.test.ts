import type { INodeProperties } from 'n8n-workflow';

import { scheduleFields } from '../../nodes/Scheduler/shared/scheduleFields';
import { buildScheduleRequest, parseScheduleJson, type ScheduleInput, type ScheduleSummary } from '../../nodes/Scheduler/shared/scheduleRequest';
import type { SchedulerServer } from '../../nodes/Scheduler/shared/server';
import { formatServerDate, instantOf, parseDateTime } from '../../nodes/Scheduler/shared/time';

const NOW = Date.parse('2026-01-10T12:00:00.000Z');

function build(input: Partial<ScheduleInput>, purpose: 'job' | 'blockout' | 'check' = 'check') {
	return buildScheduleRequest({ triggerType: 'daily', timeZone: 'Europe/Berlin', now: NOW, ...input } as ScheduleInput, purpose);
}

const MODERN: SchedulerServer = { modern: true, hasRunOptions: true, version: '11.0.0.0-237', timeZone: 'Europe/Berlin' };
const LEGACY_UTC: SchedulerServer = { modern: false, hasRunOptions: true, version: '10.2.0.0-222', timeZone: 'UTC' };
const OLD_93: SchedulerServer = { modern: false, hasRunOptions: false, version: '9.3.0.0-428', timeZone: 'Europe/Berlin' };

function on(server: SchedulerServer, input: Partial<ScheduleInput>, purpose: 'job' | 'blockout' | 'check' = 'check') {
	const summary: Partial<ScheduleSummary> = {};
	const request = buildScheduleRequest({ triggerType: 'daily', timeZone: 'Europe/Berlin', now: NOW, ...input } as ScheduleInput, purpose, server, summary);
	return { request, summary };
}

// 9:30 on 15 January 2026 in Berlin, as the 10.3+ start fields: the year counted from 1900 (java.util.Date).
const START_FIELDS = { startHour: 9, startMin: 30, startYear: 126, startMonth: 0, startDay: 15 };

describe('schedule builder: 10.3 and later (start fields, years since 1900, end in the server zone)', () => {
	it('Run Once is a simple RUN_ONCE trigger with the start fields only', () => {
		expect(build({ triggerType: 'runOnce', startTime: '2026-01-15T09:30:00', endTime: '2026-02-01T00:00:00' })).toEqual({
			simpleJobTrigger: { uiPassParam: 'RUN_ONCE', repeatInterval: 0, ...START_FIELDS },
			timeZone: 'Europe/Berlin',
		});
	});

	it('startYear is the year since 1900: 2026 is sent as 126 (the server adds 1900)', () => {
		expect(build({ triggerType: 'weekly', daysOfWeek: [1], startTime: '2026-01-15T09:30:00' }).complexJobTrigger).toMatchObject({ startYear: 126 });
	});

	it('Run Once does not read an end time (even one before its start)', () => {
		expect(build({ triggerType: 'runOnce', startTime: '2026-01-15T09:30:00', endTime: '2026-01-01T00:00:00' }).simpleJobTrigger).not.toHaveProperty('endTime');
	});

	it('an empty start time is now (to the minute), and the summary says so, in UTC like every output date', () => {
		const { request, summary } = on(MODERN, { triggerType: 'runOnce', startTime: '' });
		expect(request.simpleJobTrigger).toMatchObject({ startHour: 13, startMin: 0, startYear: 126, startMonth: 0, startDay: 10 });
		// 13:00 in Berlin (+01:00 in January) is 12:00 UTC; the request keeps the server's wall clock, the output the instant.
		expect(summary).toMatchObject({ start: '2026-01-10T12:00:00.000Z', startFrom: 'now', timeZone: 'Europe/Berlin' });
	});

	it.each([
		['seconds', 30, 'SECONDS', 30],
		['minutes', 30, 'MINUTES', 1800],
		['hours', 2, 'HOURS', 7200],
	] as const)('Every N %s: repeatInterval in seconds, no repeatCount (10.3+ does not read it)', (triggerType, interval, ui, seconds) => {
		expect(build({ triggerType, interval, startTime: '2026-01-15T09:30:00' })).toEqual({
			simpleJobTrigger: { uiPassParam: ui, repeatInterval: seconds, ...START_FIELDS },
			timeZone: 'Europe/Berlin',
		});
	});

	it('a repeat count becomes the end time of the last run; a user end before it wins', () => {
		const { request, summary } = on(MODERN, { triggerType: 'minutes', interval: 15, repeatCount: 4, startTime: '2026-01-15T09:30:00' });
		expect(request.simpleJobTrigger).toEqual({ uiPassParam: 'MINUTES', repeatInterval: 900, ...START_FIELDS, endTime: '2026-01-15T10:30:00.000+01:00' });
		expect((summary.notes as string[]).join()).toMatch(/does not take a repeat count/);
		expect(build({ triggerType: 'minutes', interval: 15, repeatCount: 4, startTime: '2026-01-15T09:30:00', endTime: '2026-01-15T10:00:00' }).simpleJobTrigger).toMatchObject({
			endTime: '2026-01-15T10:00:00.000+01:00',
		});
	});

	it('a repeat count of a seconds interval that the minute-precise end cannot express is refused', () => {
		expect(() => build({ triggerType: 'seconds', interval: 5, repeatCount: 3, startTime: '2026-01-15T09:30:00' })).toThrow(/cannot be expressed; use an end time/);
	});

	it('the end time is the schedule-zone wall clock written in the server zone (the server reads its wall clock there)', () => {
		const request = on({ ...MODERN, timeZone: 'UTC' }, { triggerType: 'hours', interval: 1, startTime: '2026-01-15T09:30:00', endTime: '2026-01-15T18:00:00' }).request;
		// 18:00 Berlin is meant; a UTC server reads the wall clock 18:00 of the date it gets, in Berlin.
		expect(request.simpleJobTrigger).toMatchObject({ endTime: '2026-01-15T18:00:00.000Z' });
	});

	it('Daily every day is a complex trigger on all seven days with the start fields and no startTime', () => {
		expect(build({ triggerType: 'daily', dailyRecurrence: 'everyDay', startTime: '2026-01-15T09:30:00' })).toEqual({
			complexJobTrigger: { uiPassParam: 'DAILY', daysOfWeek: [0, 1, 2, 3, 4, 5, 6], ...START_FIELDS },
			timeZone: 'Europe/Berlin',
		});
	});

	it('Daily every weekday is Monday to Friday (0 = Sunday)', () => {
		expect(build({ triggerType: 'daily', dailyRecurrence: 'weekdays', startTime: '2026-01-15T06:05:00' }).complexJobTrigger).toMatchObject({
			uiPassParam: 'DAILY',
			daysOfWeek: [1, 2, 3, 4, 5],
			startHour: 6,
			startMin: 5,
		});
	});

	it('Daily every N days is a simple DAILY trigger of N × 86400 seconds (calendar days on 10.3+)', () => {
		expect(build({ triggerType: 'daily', dailyRecurrence: 'everyNDays', interval: 3, startTime: '2026-01-15T09:30:00' })).toEqual({
			simpleJobTrigger: { uiPassParam: 'DAILY', repeatInterval: 259200, ...START_FIELDS },
			timeZone: 'Europe/Berlin',
		});
	});

	it('Weekly sends the chosen days sorted, once each', () => {
		expect(build({ triggerType: 'weekly', daysOfWeek: [5, 1, 3, 1], startTime: '2026-01-15T09:30:00' }).complexJobTrigger).toEqual({
			uiPassParam: 'WEEKLY',
			daysOfWeek: [1, 3, 5],
			...START_FIELDS,
		});
	});

	it('Monthly on a day of the month sends daysOfMonth', () => {
		expect(build({ triggerType: 'monthly', monthlyOn: 'dayOfMonth', dayOfMonth: 15, startTime: '2026-01-15T09:30:00' }).complexJobTrigger).toEqual({
			uiPassParam: 'MONTHLY',
			daysOfMonth: [15],
			...START_FIELDS,
		});
	});

	it('Monthly on the last Friday sends weeksOfMonth [4] and daysOfWeek [5]', () => {
		expect(
			build({ triggerType: 'monthly', monthlyOn: 'weekdayOfMonth', weekOfMonth: 4, weekday: 5, startTime: '2026-01-15T18:00:00' })
				.complexJobTrigger,
		).toMatchObject({ uiPassParam: 'MONTHLY', weeksOfMonth: [4], daysOfWeek: [5], startHour: 18, startMin: 0 });
	});

	it('Cron sends the expression with numbers for names, the start fields and the end', () => {
		expect(build({ triggerType: 'cron', cronExpression: '0 0 22 ? JAN-MAR MON-FRI', startTime: '2026-01-15T09:30:00', endTime: '2026-12-31' })).toEqual({
			cronJobTrigger: { uiPassParam: 'CRON', cronString: '0 0 22 ? 1-3 2-6', ...START_FIELDS, endTime: '2026-12-31T23:59:00.000+01:00' },
			timeZone: 'Europe/Berlin',
		});
	});

	it('a five-field Unix cron expression is converted to Quartz', () => {
		expect(build({ triggerType: 'cron', cronExpression: '30 9 * * 1-5', startTime: '2026-01-15T00:00:00' }).cronJobTrigger).toMatchObject({
			cronString: '0 30 9 ? * 2-6',
		});
	});
});

describe('schedule builder: 9.3 and 10.2 (startTime moved by the server zone, complex and cron run there)', () => {
	it('the start is the schedule-zone wall clock written in the server zone; simple triggers keep repeatCount', () => {
		expect(on(LEGACY_UTC, { triggerType: 'hours', interval: 1, repeatCount: 3, startTime: '2026-01-15T09:30:00', endTime: '2026-01-15T18:00:00' }).request).toEqual({
			simpleJobTrigger: {
				uiPassParam: 'HOURS',
				repeatInterval: 3600,
				repeatCount: 3,
				startTime: '2026-01-15T09:30:00.000Z',
				endTime: '2026-01-15T18:00:00.000+01:00',
			},
			timeZone: 'Europe/Berlin',
		});
	});

	it('no start fields are sent (the request class has none)', () => {
		const trigger = on(OLD_93, { triggerType: 'weekly', daysOfWeek: [1], startTime: '2026-01-15T09:30:00' }).request.complexJobTrigger;
		expect(trigger).toEqual({ uiPassParam: 'WEEKLY', daysOfWeek: [1], startTime: '2026-01-15T09:30:00.000+01:00' });
	});

	it('complex triggers name the schedule zone in the job parameter "timezone" and start where the server-zone hour is the schedule hour', () => {
		const { request, summary } = on(LEGACY_UTC, { triggerType: 'weekly', daysOfWeek: [1, 5], startTime: '2026-01-15T00:30:00', durationMs: 3_600_000 }, 'blockout');
		// The cron's hour is the start's hour in UTC (the server's zone); the trigger then runs in Berlin.
		// The start sent (UTC wall clock 01:30 on the 14th) is read as 01:30 Berlin = 00:30 UTC on the 14th.
		expect(request.complexJobTrigger).toEqual({ uiPassParam: 'WEEKLY', daysOfWeek: [1, 5], startTime: '2026-01-14T01:30:00.000Z', duration: 3_600_000 });
		expect(request.jobParameters).toEqual([{ name: 'timezone', type: 'string', stringValue: ['Europe/Berlin'] }]);
		expect((summary.notes as string[]).join()).toMatch(/"timezone" = Europe\/Berlin/);
	});

	it('a job parameter "timezone" of the user is not silently replaced', () => {
		expect(() =>
			on(LEGACY_UTC, { triggerType: 'weekly', daysOfWeek: [1], jobName: 'x', inputFile: '/a.ktr', jobParameters: [{ name: 'timezone', value: 'UTC' }] }, 'job'),
		).toThrow(/given as a job parameter already/);
	});

	it('without a zone difference no "timezone" parameter is sent', () => {
		expect(on(OLD_93, { triggerType: 'weekly', daysOfWeek: [1], startTime: '2026-01-15T09:30:00' }).request).not.toHaveProperty('jobParameters');
	});

	it('cron triggers keep their expression and name the zone', () => {
		const { request } = on(LEGACY_UTC, { triggerType: 'cron', cronExpression: '0 30 9 ? * MON-FRI', startTime: '2026-01-15T00:00:00', durationMs: 60_000 }, 'blockout');
		expect(request.cronJobTrigger).toEqual({ uiPassParam: 'CRON', cronString: '0 30 9 ? * 2-6', startTime: '2026-01-15T00:00:00.000Z', duration: 60_000 });
		expect(request.jobParameters).toEqual([{ name: 'timezone', type: 'string', stringValue: ['Europe/Berlin'] }]);
	});

	it('a schedule to check against blockouts gets no "timezone" parameter (willFire/blockstatus create no job), and the summary says so', () => {
		const { request, summary } = on(LEGACY_UTC, { triggerType: 'weekly', daysOfWeek: [1], startTime: '2026-01-15T09:30:00' });
		expect(request).not.toHaveProperty('jobParameters');
		expect(request.complexJobTrigger).toEqual({ uiPassParam: 'WEEKLY', daysOfWeek: [1], startTime: '2026-01-15T09:30:00.000Z' });
		expect((summary.notes as string[]).join()).toMatch(/checks daily, weekly, monthly and cron schedules in its own time zone UTC/);
	});

	it('every N days is N × 24 hours there, and the summary says that runs move after a daylight-saving change', () => {
		const { request, summary } = on(OLD_93, { triggerType: 'daily', dailyRecurrence: 'everyNDays', interval: 2, startTime: '2026-03-27T09:30:00' });
		expect(request.simpleJobTrigger).toMatchObject({ uiPassParam: 'DAILY', repeatInterval: 172800, repeatCount: -1 });
		expect((summary.notes as string[]).join()).toMatch(/every 48 hours: after a daylight-saving change/);
	});

	it('9.3 takes no log level, safe mode or metrics: refused rather than silently dropped', () => {
		expect(() => on(OLD_93, { triggerType: 'hours', interval: 1, jobName: 'x', inputFile: '/a.ktr', logLevel: 'Debug' }, 'job')).toThrow(/does not take Log Level/);
	});
});

describe('schedule builder: time zones and start times', () => {
	it('a start time without offset is a wall-clock time in the schedule zone (summer)', () => {
		expect(build({ triggerType: 'weekly', daysOfWeek: [1], startTime: '2026-07-01T09:30:00' }).complexJobTrigger).toMatchObject({
			startHour: 9,
			startMin: 30,
			startMonth: 6,
			startDay: 1,
		});
	});

	it('a start time with an offset is that instant; the fields are its wall clock in the schedule zone', () => {
		const request = build({ triggerType: 'weekly', daysOfWeek: [1], startTime: '2026-07-01T07:30:00Z', timeZone: 'Europe/Berlin' });
		expect(request.complexJobTrigger).toMatchObject({ startHour: 9, startMin: 30 });
	});

	it('the wall clock may fall on the next day in the schedule zone', () => {
		const request = build({ triggerType: 'daily', startTime: '2026-01-15T23:30:00Z', timeZone: 'Asia/Tokyo' });
		expect(request).toMatchObject({ timeZone: 'Asia/Tokyo', complexJobTrigger: { startHour: 8, startMin: 30, startYear: 126, startMonth: 0, startDay: 16 } });
	});

	it('a zone west of UTC writes a negative offset; UTC writes Z', () => {
		expect(on({ ...LEGACY_UTC, timeZone: 'America/New_York' }, { triggerType: 'runOnce', startTime: '2026-01-15T09:30:00', timeZone: 'America/New_York' }).request.simpleJobTrigger).toMatchObject({
			startTime: '2026-01-15T09:30:00.000-05:00',
		});
		expect(on(LEGACY_UTC, { triggerType: 'runOnce', startTime: '2026-01-15T09:30:00', timeZone: 'UTC' }).request.simpleJobTrigger).toMatchObject({
			startTime: '2026-01-15T09:30:00.000Z',
		});
	});

	it('a time skipped by daylight saving moves forward by the hour clocks skip', () => {
		const request = build({ triggerType: 'daily', startTime: '2026-03-08T02:30:00', timeZone: 'America/New_York' });
		expect(request.complexJobTrigger).toMatchObject({ startHour: 3, startMin: 30 });
	});

	it('an hour repeated when clocks go back is its first occurrence', () => {
		const instant = instantOf({ year: 2026, month: 10, day: 25, hour: 2, minute: 30, second: 0, millisecond: 0 }, 'Europe/Berlin');
		expect(new Date(instant).toISOString()).toBe('2026-10-25T00:30:00.000Z');
		expect(formatServerDate(instant, 'Europe/Berlin')).toBe('2026-10-25T02:30:00.000+02:00');
	});

	it('accepts n8n date values: Luxon-like objects, Date objects and epoch milliseconds', () => {
		expect(parseDateTime({ toISO: () => '2026-01-15T09:30:00.000+01:00' }, 'UTC', 'Start').instant).toBe(Date.parse('2026-01-15T08:30:00Z'));
		expect(parseDateTime(new Date('2026-01-15T08:30:00Z'), 'UTC', 'Start').instant).toBe(Date.parse('2026-01-15T08:30:00Z'));
		expect(parseDateTime(Date.parse('2026-01-15T08:30:00Z'), 'UTC', 'Start').hasOffset).toBe(true);
	});
});

describe('schedule builder: jobs and blockouts', () => {
	it('a job request has name, input file, output folder, time zone and parameters (a repeated name keeps both values)', () => {
		const request = build(
			{
				triggerType: 'hours',
				interval: 1,
				startTime: '2026-01-15T09:30:00',
				jobName: ' Daily sales ',
				inputFile: '/home/admin/sales.ktr',
				outputFolder: '/home/admin/output/',
				jobParameters: [
					{ name: 'region', value: 'EMEA' },
					{ name: 'region', value: 'APAC' },
					{ name: 'limit', value: '10', type: 'number' },
					{ name: 'since', value: '2026-01-01', type: 'date' },
				],
				logLevel: 'Debug',
				runSafeMode: true,
			},
			'job',
		);
		expect(request).toEqual({
			jobName: 'Daily sales',
			inputFile: '/home/admin/sales.ktr',
			outputFile: '/home/admin/output',
			simpleJobTrigger: { uiPassParam: 'HOURS', repeatInterval: 3600, ...START_FIELDS },
			timeZone: 'Europe/Berlin',
			jobParameters: [
				{ name: 'region', type: 'string', stringValue: ['EMEA', 'APAC'] },
				{ name: 'limit', type: 'number', stringValue: ['10'] },
				// The one form JobScheduleParam parses (yyyy-MM-dd'T'HH:mm:ss.SSSZZZ): anything else is a 500.
				{ name: 'since', type: 'date', stringValue: ['2026-01-01T00:00:00.000+0100'] },
			],
			logLevel: 'Debug',
			runSafeMode: 'true',
		});
	});

	it('a blockout carries its duration in milliseconds at the top and in the trigger', () => {
		expect(build({ triggerType: 'weekly', daysOfWeek: [0], startTime: '2026-01-18T01:00:00', durationMs: 7_200_000 }, 'blockout')).toEqual({
			complexJobTrigger: { uiPassParam: 'WEEKLY', daysOfWeek: [0], startHour: 1, startMin: 0, startYear: 126, startMonth: 0, startDay: 18, duration: 7_200_000 },
			timeZone: 'Europe/Berlin',
			duration: 7_200_000,
		});
	});

	it('the JSON mode takes an object as written', () => {
		expect(parseScheduleJson('{"jobName":"x","simpleJobTrigger":{"uiPassParam":"RUN_ONCE"}}')).toEqual({
			jobName: 'x',
			simpleJobTrigger: { uiPassParam: 'RUN_ONCE' },
		});
		expect(parseScheduleJson({ jobName: 'y' })).toEqual({ jobName: 'y' });
	});
});

describe('schedule builder: bad input', () => {
	it.each([
		['an end time before the start', { triggerType: 'hours', interval: 1, startTime: '2026-01-15T09:00:00', endTime: '2026-01-15T08:00:00' }, /end time .* is not after the start time/],
		['an end time equal to the start', { triggerType: 'hours', interval: 1, startTime: '2026-01-15T09:00:00', endTime: '2026-01-15T09:00:00' }, /not after the start time/],
		['Weekly without days', { triggerType: 'weekly', daysOfWeek: [] }, /at least one day of the week/],
		['an invalid cron expression', { triggerType: 'cron', cronExpression: '0 61 * * * ?' }, /cron expression .* not valid: 61 is outside 0–59/],
		['a cron expression with both day fields', { triggerType: 'cron', cronExpression: '0 0 9 1 * MON' }, /must be "\?"/],
		['an empty cron expression', { triggerType: 'cron', cronExpression: '' }, /cron expression is empty/],
		['an unknown time zone', { timeZone: 'Mars/Olympus' }, /time zone "Mars\/Olympus" is not known/],
		['an interval of zero', { triggerType: 'minutes', interval: 0 }, /whole number from 1/],
		['a day of month of 32', { triggerType: 'monthly', monthlyOn: 'dayOfMonth', dayOfMonth: 32 }, /from 1 to 31/],
		['a start time that is not a date', { startTime: 'tomorrow' }, /not a date-time/],
		['30 February', { startTime: '2026-02-30T10:00:00' }, /does not exist in the calendar/],
		['a repeat count below -1', { triggerType: 'hours', interval: 1, repeatCount: -2 }, /repeat count must be -1/],
		['a cron day-of-month the server refuses (L-3)', { triggerType: 'cron', cronExpression: '0 0 9 L-3 * ?' }, /refused by the scheduler/],
	] as Array<[string, Partial<ScheduleInput>, RegExp]>)('refuses %s', (_name, input, message) => {
		expect(() => build(input)).toThrow(message);
	});

	it('a job needs a name and a repository path as input file', () => {
		expect(() => build({ jobName: '', inputFile: '/a.ktr' }, 'job')).toThrow(/job name is empty/);
		expect(() => build({ jobName: 'x', inputFile: 'a.ktr' }, 'job')).toThrow(/must start with "\/"/);
		expect(() => build({ jobName: 'x', inputFile: '' }, 'job')).toThrow(/Input file is empty/);
	});

	it('a blockout needs a duration', () => {
		expect(() => build({ durationMs: 0 }, 'blockout')).toThrow(/duration longer than zero/);
	});

	it('the JSON mode refuses what is not a JSON object', () => {
		expect(() => parseScheduleJson('{oops')).toThrow(/not valid JSON/);
		expect(() => parseScheduleJson('[1]')).toThrow(/must be an object/);
		expect(() => parseScheduleJson('')).toThrow(/empty/);
	});
});

describe('schedule builder: the fields in the editor (issue 18, layout of issue 29)', () => {
	const fields = scheduleFields('job');
	const field = (name: string) => fields.find((f) => f.name === name)!;
	const option = (name: string) => (field('options').options as INodeProperties[]).find((o) => o.name === name)!;

	it('option lists are sorted by name (n8n rule); days of the week for Days of Week stay in calendar order', () => {
		expect((field('triggerType').options as Array<{ value: string }>).map((o) => o.value)).toEqual([
			'cron',
			'daily',
			'hours',
			'minutes',
			'seconds',
			'monthly',
			'runOnce',
			'weekly',
		]);
		expect((field('daysOfWeek').options as Array<{ name: string }>).map((o) => o.name)).toEqual([
			'Monday',
			'Tuesday',
			'Wednesday',
			'Thursday',
			'Friday',
			'Saturday',
			'Sunday',
		]);
		expect((field('weekday').options as Array<{ name: string }>).map((o) => o.name)).toEqual([
			'Friday',
			'Monday',
			'Saturday',
			'Sunday',
			'Thursday',
			'Tuesday',
			'Wednesday',
		]);
		expect((field('weekOfMonth').options as Array<{ name: string }>).map((o) => o.name)).toEqual(['First', 'Fourth', 'Last', 'Second', 'Third']);
		expect((scheduleFields('blockout').find((f) => f.name === 'durationUnit')!.options as Array<{ value: string }>).map((o) => o.value)).toEqual([
			'days',
			'hours',
			'minutes',
			'weeks',
		]);
	});

	it('the selectors and the fields a trigger type needs are required; the optional ones are in Options, sorted by name', () => {
		for (const name of ['scheduleMode', 'scheduleJson', 'jobName', 'inputFile', 'triggerType', 'interval', 'dailyRecurrence', 'dayInterval', 'daysOfWeek', 'monthlyOn', 'dayOfMonth', 'weekOfMonth', 'weekday', 'cronExpression']) {
			expect([name, field(name).required]).toEqual([name, true]);
		}
		expect(field('scheduleJson').displayOptions?.show).toEqual({ scheduleMode: ['json'] });
		expect((field('options').options as INodeProperties[]).map((o) => o.name)).toEqual([
			'endTime',
			'gatheringMetrics',
			'logLevel',
			'outputFolder',
			'repeatCount',
			'runSafeMode',
			'startTime',
			'timeZone',
		]);
		for (const name of ['startTime', 'timeZone', 'outputFolder', 'endTime']) expect(field(name)).toBeUndefined();
		const blockout = scheduleFields('blockout');
		expect(blockout.find((f) => f.name === 'durationUnit')!.required).toBe(true);
		expect((blockout.find((f) => f.name === 'options')!.options as INodeProperties[]).map((o) => o.name)).toEqual(['endTime', 'repeatCount', 'startTime', 'timeZone']);
	});

	it('the time zone shows no example that looks like a value, and says that not set is the workflow zone', () => {
		expect(option('timeZone').placeholder).toBeUndefined();
		expect(option('timeZone').hint).toMatch(/Not set or empty: the workflow's time zone/);
	});

	it('a daily, weekly or monthly schedule shows a notice that without a start time runs happen at the time of day of the run', () => {
		const notice = field('startTimeNotice');
		expect(notice.type).toBe('notice');
		expect(notice.displayOptions?.show).toMatchObject({ triggerType: ['daily', 'weekly', 'monthly'] });
		expect(notice.displayName).toMatch(/time of day at which this workflow runs/);
		expect(option('startTime').hint).toMatch(/Not set or empty: now/);
	});

	it('whole numbers are shown without decimals', () => {
		for (const name of ['interval', 'dayInterval', 'dayOfMonth']) expect(field(name).typeOptions?.numberPrecision).toBe(0);
	});
});
