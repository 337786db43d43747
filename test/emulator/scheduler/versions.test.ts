/**
 * Per-build scheduler rules over plain HTTP, on every profile (9.3 = 9.3.0.0-428, 10.2 = 10.2.0.0-222,
 * 10.2sp = 10.2.0.10-434, 11.0 = 11.0.0.0-237), with the server in UTC:
 * - the start-field rewrite (pentaho-scheduler-plugin 31e88a17, first 10.2.0.2-270; 99bbbefd, first 10.3.0.0-116)
 *   and what a request written the 9.3/10.2 GA way does on it;
 * - the plugin's minute recurrence added to the default 0 (10.1.0.0-196 … 10.2.0.6-361, 11.0.0.0-37);
 * - the job parameter "timezone" (Quartz 1.7.2 only);
 * - how each writes a job's trigger (recurrence groups, start fields).
 */
import { startEmulator, type RunningEmulator } from '../../../emulator';

import { client, wall, type CallOptions } from './helpers';

const PROFILES = ['9.3', '10.2', '10.2sp', '11.0'] as const;

describe.each(PROFILES)('server %s in UTC: per-build rules', (profile) => {
	let emu: RunningEmulator;
	beforeAll(async () => {
		emu = await startEmulator({ profile, serverTimeZone: 'UTC', seed: { scheduler: { schedules: [], blockouts: [], contentCleaner: false } } });
	});
	afterAll(async () => {
		await emu?.stop();
	});
	// The plugin path answers resource entities as given on every version (core/errors.ts).
	const call = (method: string, path: string, options: CallOptions = {}) => client(() => emu, '/plugin/scheduler-plugin/api/scheduler')(method, path, options);
	const modern = profile === '10.2sp' || profile === '11.0';
	const create = async (body: Record<string, unknown>) => {
		const created = await call('POST', 'job', { body: { jobName: 'J', inputFile: '/home/admin/sales.ktr', ...body } });
		return created;
	};
	const info = async (jobId: string) => (await call('GET', 'jobinfo', { accept: 'application/json', query: { jobId } })).json();
	const nextRuns = async (jobId: string, count: number) => {
		const { fireTimes } = await import('../../../emulator/areas/scheduler/triggers');
		const { stateOf } = await import('../../../emulator/areas/scheduler/store');
		const trigger = stateOf(emu.app).jobs.get(jobId)!.trigger;
		return fireTimes(trigger, Date.parse('2027-03-28T00:00:00Z'), count).map((t) => wall(new Date(t).toISOString(), 'Europe/Berlin').text);
	};

	// A weekly schedule (Mondays) written the 9.3/10.2 GA way: startTime only, no start fields.
	const oldWeekly = { complexJobTrigger: { uiPassParam: 'WEEKLY', daysOfWeek: [1], startTime: '2027-03-26T09:30:00.000+01:00' }, timeZone: 'Europe/Berlin' };

	it(
		modern
			? 'a complex schedule sent the old way (startTime only) runs at 00:00 in its zone: the start fields are ints, 0 when absent'
			: 'a complex schedule sent the old way runs at its start time (read in the server zone, moved into the schedule zone)',
		async () => {
			const created = await create(oldWeekly);
			expect(created.status).toBe(200);
			const runs = await nextRuns(created.text, 2);
			if (modern) expect(runs).toEqual(['2027-03-29 00:00', '2027-04-05 00:00']);
			// 10.2 GA also keeps the default minute 0 (addMinuteRecurrence): 09:00 and 09:30.
			else if (profile === '10.2') expect(runs).toEqual(['2027-03-29 09:00', '2027-03-29 09:30']);
			else expect(runs).toEqual(['2027-03-29 09:30', '2027-04-05 09:30']);
		},
	);

	it(modern ? 'Repeat Count is ignored (a CalendarIntervalTrigger), read back as -1' : 'Repeat Count is honoured (a Quartz SimpleTrigger)', async () => {
		const created = await create({
			simpleJobTrigger: { uiPassParam: 'DAILY', repeatInterval: 86400, repeatCount: 2, startTime: '2027-03-29T09:30:00.000+02:00' },
			timeZone: 'Europe/Berlin',
		});
		expect(created.status).toBe(200);
		const runs = await nextRuns(created.text, 5);
		expect(runs).toHaveLength(modern ? 5 : 3);
		expect((await info(created.text)).jobTrigger.repeatCount).toBe(modern ? '-1' : '2');
	});

	it(modern ? 'a complex trigger without startTime is accepted' : 'a complex trigger without startTime is a NullPointerException: 500 (blockout/add too)', async () => {
		const trigger = { complexJobTrigger: { uiPassParam: 'WEEKLY', daysOfWeek: [1], startHour: 9, startMin: 30, startYear: 127, startMonth: 2, startDay: 29 }, timeZone: 'UTC' };
		const created = await create(trigger);
		const blockout = await call('POST', 'blockout/add', { body: { ...trigger, duration: 3_600_000 } });
		expect(created.status).toBe(modern ? 200 : 500);
		expect(blockout.status).toBe(modern ? 200 : 500);
	});

	it('a complex trigger at 09:30: only 10.2 GA also fires at 09:00 (cron minutes "0,30")', async () => {
		const trigger = modern
			? { uiPassParam: 'DAILY', daysOfWeek: [1, 2, 3, 4, 5], startHour: 9, startMin: 30, startYear: 127, startMonth: 2, startDay: 26 }
			: { uiPassParam: 'DAILY', daysOfWeek: [1, 2, 3, 4, 5], startTime: '2027-03-26T09:30:00.000Z' };
		const created = await create({ complexJobTrigger: trigger, timeZone: 'UTC' });
		const job = await info(created.text);
		expect(job.jobTrigger.cronString).toBe(profile === '10.2' ? '0 0,30 9 ? * 2,3,4,5,6 *' : '0 30 9 ? * 2,3,4,5,6 *');
		expect((await nextRuns(created.text, 2))[0]).toBe(profile === '10.2' ? '2027-03-29 11:00' : '2027-03-29 11:30');
	});

	it(
		modern ? 'the job parameter "timezone" changes nothing (Quartz 2.3.2 setTimezone drops its builder)' : 'the job parameter "timezone" sets the zone a cron trigger runs in (Quartz 1.7.2)',
		async () => {
			const created = await create({
				cronJobTrigger: { uiPassParam: 'CRON', cronString: '0 30 9 ? * 2', startTime: '2027-03-26T00:00:00.000Z' },
				jobParameters: [{ name: 'timezone', type: 'string', stringValue: ['Europe/Berlin'] }],
			});
			expect(created.status).toBe(200);
			// No request timeZone: the server's zone (UTC) unless the parameter applies.
			expect((await nextRuns(created.text, 1))[0]).toBe(modern ? '2027-03-29 11:30' : '2027-03-29 09:30');
		},
	);

	it('a job\'s trigger has start fields and timeZone only from the rewrite on; they are read back from the trigger (startYear − 1900)', async () => {
		const created = await create({
			simpleJobTrigger: { uiPassParam: 'HOURS', repeatInterval: 3600, repeatCount: -1, startTime: '2027-03-26T09:30:00.000+01:00', startHour: 9, startMin: 30, startYear: 127, startMonth: 2, startDay: 26 },
			timeZone: 'Europe/Berlin',
		});
		const trigger = (await info(created.text)).jobTrigger;
		if (modern) {
			expect(trigger).toMatchObject({ startHour: '9', startMin: '30', startYear: '127', startMonth: '2', startDay: '26', timeZone: 'Europe/Berlin', duration: '-1' });
			// setPentahoTriggerDates: the zone's wall clock as a date of the server's zone.
			expect(trigger.startTime).toBe('2027-03-26T09:30:00.000Z');
		} else {
			expect(trigger).not.toHaveProperty('startHour');
			expect(trigger).not.toHaveProperty('timeZone');
			expect(trigger.duration).toBe('-1');
		}
	});

	it(
		modern
			? 'blockout/willFire and blockstatus read the start as sent'
			: 'blockout/willFire reads startTime as sent; blockstatus moves it into the zone first (updateStartDateForTimeZone)',
		async () => {
			const window = await call('POST', 'blockout/add', {
				body: { simpleJobTrigger: { uiPassParam: 'RUN_ONCE', repeatInterval: 0, repeatCount: 0, startTime: '2027-03-26T10:00:00.000Z' }, duration: 3_600_000, timeZone: 'UTC' },
			});
			expect(window.status).toBe(200);
			// 10:30Z is inside the window; moved (its UTC wall clock read in Berlin) it is 09:30Z, outside.
			const request = { simpleJobTrigger: { uiPassParam: 'RUN_ONCE', repeatInterval: 0, repeatCount: 0, startTime: '2027-03-26T10:30:00.000Z' }, timeZone: 'Europe/Berlin' };
			expect((await call('POST', 'blockout/willFire', { body: request })).text).toBe('false');
			const status = (await call('POST', 'blockout/blockstatus', { accept: 'application/json', body: request })).json();
			expect(String(status.totallyBlocked)).toBe(modern ? 'true' : 'false');
			await call('PUT', 'removeJob', { body: { jobId: window.text } });
		},
	);

	it('recurrence groups: Jersey 1 (9.x/10.x) writes the element refs by name with "values" always an array; 11.x nests them in "recurrences"', async () => {
		const base = modern ? { startHour: 9, startMin: 0, startYear: 127, startMonth: 2, startDay: 26 } : { startTime: '2027-03-26T09:00:00.000Z' };
		const weekly = await create({ complexJobTrigger: { uiPassParam: 'WEEKLY', daysOfWeek: [1, 3], ...base }, timeZone: 'UTC' });
		const lastFriday = await create({ complexJobTrigger: { uiPassParam: 'MONTHLY', daysOfWeek: [5], weeksOfMonth: [4], ...base }, timeZone: 'UTC' });
		const yearly = await create({ complexJobTrigger: { uiPassParam: 'YEARLY', monthsOfYear: [2], daysOfMonth: [15], ...base }, timeZone: 'UTC' });
		const w = (await info(weekly.text)).jobTrigger;
		const l = (await info(lastFriday.text)).jobTrigger;
		const y = (await info(yearly.text)).jobTrigger;
		if (profile === '11.0') {
			expect(w.dayOfWeekRecurrences).toEqual({ recurrences: [{ recurrenceList: { values: ['2', '4'] } }] });
			expect(w.dayOfMonthRecurrences).toEqual({ recurrences: [] });
			expect(w.yearlyRecurrences).toEqual({ recurrences: [] });
			expect(l.dayOfWeekRecurrences).toEqual({ recurrences: [{ qualifiedDayOfWeek: { dayOfWeek: 'FRI', qualifier: 'LAST' } }] });
			expect(y.monthlyRecurrences).toEqual({ recurrences: [{ recurrenceList: { values: ['3'] } }] });
			expect(y.dayOfMonthRecurrences).toEqual({ recurrences: [{ recurrenceList: { values: ['15'] } }] });
			expect(y.hourlyRecurrences).toEqual({ recurrences: [{ recurrenceList: { values: ['9'] } }] });
			expect(w.repeatCount).toBe('0');
		} else {
			expect(w.dayOfWeekRecurrences).toEqual({ recurrenceList: { values: ['2', '4'] } });
			expect(l.dayOfWeekRecurrences).toEqual({ qualifiedDayOfWeek: { dayOfWeek: 'FRI', qualifier: 'LAST' } });
			expect(y.monthlyRecurrences).toEqual({ recurrenceList: { values: ['3'] } });
			expect(y.dayOfMonthRecurrences).toEqual({ recurrenceList: { values: ['15'] } });
			expect(w).not.toHaveProperty('repeatCount');
		}
		const xml = (await call('GET', 'jobinfo', { accept: 'application/xml', query: { jobId: weekly.text } })).text;
		expect(xml).toContain('<dayOfWeekRecurrences><recurrenceList><values>2</values><values>4</values></recurrenceList></dayOfWeekRecurrences>');
	});

	it('a cron range is read back as a sequentialRecurrence, a step as an incrementalRecurrence', async () => {
		const created = await create({ cronJobTrigger: { uiPassParam: 'CRON', cronString: '0 0/15 9-17 ? * 2-6', startTime: '2027-03-26T00:00:00.000Z' }, timeZone: 'UTC' });
		const trigger = (await info(created.text)).jobTrigger;
		const seq = { firstValue: profile === '11.0' ? 2 : '2', lastValue: profile === '11.0' ? 6 : '6' };
		const hours = { firstValue: profile === '11.0' ? 9 : '9', lastValue: profile === '11.0' ? 17 : '17' };
		const step = { increment: profile === '11.0' ? 15 : '15', startingValue: '0' };
		if (profile === '11.0') {
			expect(trigger.dayOfWeekRecurrences).toEqual({ recurrences: [{ sequentialRecurrence: seq }] });
			expect(trigger.hourlyRecurrences).toEqual({ recurrences: [{ sequentialRecurrence: hours }] });
			expect(trigger.minuteRecurrences).toEqual({ recurrences: [{ incrementalRecurrence: step }] });
		} else {
			expect(trigger.dayOfWeekRecurrences).toEqual({ sequentialRecurrence: seq });
			expect(trigger.hourlyRecurrences).toEqual({ sequentialRecurrence: hours });
			expect(trigger.minuteRecurrences).toEqual({ incrementalRecurrence: step });
		}
	});
});
