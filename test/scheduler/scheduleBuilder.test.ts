import { buildScheduleRequest, parseScheduleJson, type ScheduleInput } from '../../nodes/Scheduler/shared/scheduleBuilder';
import { formatServerDate, instantOf, parseDateTime } from '../../nodes/Scheduler/shared/time';

const NOW = Date.parse('2026-01-10T12:00:00.000Z');

function build(input: Partial<ScheduleInput>, purpose: 'job' | 'blockout' | 'check' = 'check') {
	return buildScheduleRequest({ triggerType: 'daily', timeZone: 'Europe/Berlin', now: NOW, ...input } as ScheduleInput, purpose);
}

describe('schedule builder: trigger types', () => {
	it('Run Once is a simple RUN_ONCE trigger at the start time, without repeats or end', () => {
		expect(build({ triggerType: 'runOnce', startTime: '2026-01-15T09:30:00', endTime: '2026-02-01T00:00:00' })).toEqual({
			simpleJobTrigger: { uiPassParam: 'RUN_ONCE', repeatInterval: 0, repeatCount: 0, startTime: '2026-01-15T09:30:00.000+01:00' },
			timeZone: 'Europe/Berlin',
		});
	});

	it('Run Once does not read an end time (even one before its start)', () => {
		expect(build({ triggerType: 'runOnce', startTime: '2026-01-15T09:30:00', endTime: '2026-01-01T00:00:00' }).simpleJobTrigger).not.toHaveProperty('endTime');
	});

	it('an empty start time is now', () => {
		expect(build({ triggerType: 'runOnce', startTime: '' }).simpleJobTrigger).toMatchObject({
			startTime: '2026-01-10T13:00:00.000+01:00',
		});
	});

	it.each([
		['seconds', 30, 'SECONDS', 30],
		['minutes', 30, 'MINUTES', 1800],
		['hours', 2, 'HOURS', 7200],
	] as const)('Every N %s: repeatInterval in seconds, repeatCount -1 (forever) by default', (triggerType, interval, ui, seconds) => {
		expect(build({ triggerType, interval, startTime: '2026-01-15T09:30:00' })).toEqual({
			simpleJobTrigger: { uiPassParam: ui, repeatInterval: seconds, repeatCount: -1, startTime: '2026-01-15T09:30:00.000+01:00' },
			timeZone: 'Europe/Berlin',
		});
	});

	it('an interval trigger carries a repeat count and an end time', () => {
		expect(
			build({ triggerType: 'minutes', interval: 15, repeatCount: 4, startTime: '2026-01-15T09:30:00', endTime: '2026-01-15T18:00:00' })
				.simpleJobTrigger,
		).toEqual({
			uiPassParam: 'MINUTES',
			repeatInterval: 900,
			repeatCount: 4,
			startTime: '2026-01-15T09:30:00.000+01:00',
			endTime: '2026-01-15T18:00:00.000+01:00',
		});
	});

	it('Daily every day is a complex trigger on all seven days with startTime AND startHour/startMin (the 10.3 rule)', () => {
		expect(build({ triggerType: 'daily', dailyRecurrence: 'everyDay', startTime: '2026-01-15T09:30:00' })).toEqual({
			complexJobTrigger: {
				uiPassParam: 'DAILY',
				daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
				startTime: '2026-01-15T09:30:00.000+01:00',
				startHour: 9,
				startMin: 30,
				startYear: 2026,
				startMonth: 0,
				startDay: 15,
			},
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

	it('Daily every N days is a simple trigger of N × 86400 seconds', () => {
		expect(build({ triggerType: 'daily', dailyRecurrence: 'everyNDays', interval: 3, startTime: '2026-01-15T06:00:00' })).toEqual({
			simpleJobTrigger: { uiPassParam: 'DAILY', repeatInterval: 259200, repeatCount: -1, startTime: '2026-01-15T06:00:00.000+01:00' },
			timeZone: 'Europe/Berlin',
		});
	});

	it('Weekly sends the chosen days sorted, once each', () => {
		const request = build({ triggerType: 'weekly', daysOfWeek: [5, 1, 3, 1], startTime: '2026-01-15T09:30:00' });
		expect(request.complexJobTrigger).toEqual({
			uiPassParam: 'WEEKLY',
			daysOfWeek: [1, 3, 5],
			startTime: '2026-01-15T09:30:00.000+01:00',
			startHour: 9,
			startMin: 30,
			startYear: 2026,
			startMonth: 0,
			startDay: 15,
		});
	});

	it('Monthly on a day of the month sends daysOfMonth', () => {
		expect(build({ triggerType: 'monthly', monthlyOn: 'dayOfMonth', dayOfMonth: 15, startTime: '2026-01-15T22:00:00' }).complexJobTrigger).toEqual({
			uiPassParam: 'MONTHLY',
			daysOfMonth: [15],
			startTime: '2026-01-15T22:00:00.000+01:00',
			startHour: 22,
			startMin: 0,
			startYear: 2026,
			startMonth: 0,
			startDay: 15,
		});
	});

	it('Monthly on the last Friday sends weeksOfMonth [4] and daysOfWeek [5]', () => {
		expect(
			build({ triggerType: 'monthly', monthlyOn: 'weekdayOfMonth', weekOfMonth: 4, weekday: 5, startTime: '2026-01-15T18:00:00' })
				.complexJobTrigger,
		).toMatchObject({ uiPassParam: 'MONTHLY', weeksOfMonth: [4], daysOfWeek: [5], startHour: 18, startMin: 0 });
	});

	it('Cron sends a cronJobTrigger with the Quartz expression', () => {
		expect(build({ triggerType: 'cron', cronExpression: '0 0 22 L * ?', startTime: '2026-01-15T00:00:00', endTime: '2026-12-31' })).toEqual({
			cronJobTrigger: {
				uiPassParam: 'CRON',
				cronString: '0 0 22 L * ?',
				startTime: '2026-01-15T00:00:00.000+01:00',
				endTime: '2026-12-31T23:59:59.000+01:00',
				startHour: 0,
				startMin: 0,
				startYear: 2026,
				startMonth: 0,
				startDay: 15,
			},
			timeZone: 'Europe/Berlin',
		});
	});

	it('a five-field Unix cron expression is converted to Quartz', () => {
		expect(build({ triggerType: 'cron', cronExpression: '30 9 * * 1-5', startTime: '2026-01-15T00:00:00' }).cronJobTrigger).toMatchObject({
			cronString: '0 30 9 ? * 2-6',
		});
	});
});

describe('schedule builder: time zones and start times', () => {
	it('a start time without offset is a wall-clock time in the schedule zone (summer offset)', () => {
		expect(build({ triggerType: 'weekly', daysOfWeek: [1], startTime: '2026-07-01T09:30:00' }).complexJobTrigger).toMatchObject({
			startTime: '2026-07-01T09:30:00.000+02:00',
			startHour: 9,
			startMin: 30,
			startMonth: 6,
			startDay: 1,
		});
	});

	it('a start time with an offset is that instant; the hour and minute are its wall clock in the schedule zone', () => {
		const request = build({ triggerType: 'weekly', daysOfWeek: [1], startTime: '2026-07-01T07:30:00Z', timeZone: 'Europe/Berlin' });
		expect(request.complexJobTrigger).toMatchObject({ startTime: '2026-07-01T09:30:00.000+02:00', startHour: 9, startMin: 30 });
	});

	it('the wall clock may fall on the next day in the schedule zone', () => {
		const request = build({ triggerType: 'daily', startTime: '2026-01-15T23:30:00Z', timeZone: 'Asia/Tokyo' });
		expect(request).toMatchObject({
			timeZone: 'Asia/Tokyo',
			complexJobTrigger: { startTime: '2026-01-16T08:30:00.000+09:00', startHour: 8, startMin: 30, startYear: 2026, startMonth: 0, startDay: 16 },
		});
	});

	it('a zone west of UTC writes a negative offset; UTC writes Z', () => {
		expect(build({ triggerType: 'runOnce', startTime: '2026-01-15T09:30:00', timeZone: 'America/New_York' }).simpleJobTrigger).toMatchObject({
			startTime: '2026-01-15T09:30:00.000-05:00',
		});
		expect(build({ triggerType: 'runOnce', startTime: '2026-01-15T09:30:00', timeZone: 'UTC' }).simpleJobTrigger).toMatchObject({
			startTime: '2026-01-15T09:30:00.000Z',
		});
	});

	it('a time skipped by daylight saving moves forward by the hour clocks skip', () => {
		const request = build({ triggerType: 'daily', startTime: '2026-03-08T02:30:00', timeZone: 'America/New_York' });
		expect(request.complexJobTrigger).toMatchObject({ startTime: '2026-03-08T03:30:00.000-04:00', startHour: 3, startMin: 30 });
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
				startTime: '2026-01-15T09:00:00',
				jobName: ' Daily sales ',
				inputFile: '/home/admin/sales.ktr',
				outputFolder: '/home/admin/output/',
				jobParameters: [
					{ name: 'region', value: 'EMEA' },
					{ name: 'region', value: 'APAC' },
					{ name: 'limit', value: '10', type: 'number' },
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
			simpleJobTrigger: { uiPassParam: 'HOURS', repeatInterval: 3600, repeatCount: -1, startTime: '2026-01-15T09:00:00.000+01:00' },
			timeZone: 'Europe/Berlin',
			jobParameters: [
				{ name: 'region', type: 'string', stringValue: ['EMEA', 'APAC'] },
				{ name: 'limit', type: 'number', stringValue: ['10'] },
			],
			logLevel: 'Debug',
			runSafeMode: 'true',
		});
	});

	it('a blockout carries its duration in milliseconds at the top and in the trigger', () => {
		expect(build({ triggerType: 'weekly', daysOfWeek: [0], startTime: '2026-01-18T01:00:00', durationMs: 7_200_000 }, 'blockout')).toEqual({
			complexJobTrigger: {
				uiPassParam: 'WEEKLY',
				daysOfWeek: [0],
				startTime: '2026-01-18T01:00:00.000+01:00',
				startHour: 1,
				startMin: 0,
				startYear: 2026,
				startMonth: 0,
				startDay: 18,
				duration: 7_200_000,
			},
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
