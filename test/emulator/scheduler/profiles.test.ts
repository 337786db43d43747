/**
 * The scheduler area per server version (9.3, 10.2, 10.2sp, 11.0) with the server in UTC: how each reads the
 * fields of a request, and the platform's time-zone list (routes-system.ts).
 */
import { startEmulator, type RunningEmulator } from '../../../emulator';

import { type SchedulerState } from '../../../emulator/areas/scheduler';
import { client, wall, type CallOptions } from './helpers';

/**
 * What the real servers do with the fields a request carries, per version, with the server in UTC:
 * the defects of the old node show here (these requests are what it used to send).
 */
describe.each(['9.3', '10.2', '10.2sp', '11.0'] as const)('server %s in UTC: how requests are read', (profile) => {
	let emu: RunningEmulator;
	beforeAll(async () => {
		emu = await startEmulator({ profile, serverTimeZone: 'UTC', seed: { scheduler: { schedules: [], blockouts: [], contentCleaner: false } } });
	});
	afterAll(async () => {
		await emu?.stop();
	});
	const call = (method: string, path: string, options: CallOptions = {}) => client(() => emu, '/api/scheduler')(method, path, options);
	// The start-field rewrite: 10.2.0.2-270 on the 10.2 line (10.2sp plays 10.2.0.10-434), 10.3.0.0-116 on the main line.
	const modern = profile === '10.2sp' || profile === '11.0';
	const job = (trigger: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
		jobName: 'J',
		inputFile: '/home/admin/sales.ktr',
		timeZone: 'Europe/Berlin',
		...trigger,
		...extra,
	});
	const nextRun = async (id: string) => (await call('GET', 'jobinfo', { accept: 'application/json', query: { jobId: id } })).json().nextRun as string;

	it(modern ? 'startYear is read as years since 1900: the full year gives 3926, which never fires (500; blockouts 401)' : 'startYear is not a field of the request: it is ignored', async () => {
		const fields = { uiPassParam: 'WEEKLY', daysOfWeek: [1], startHour: 9, startMin: 30, startYear: 2027, startMonth: 2, startDay: 26, startTime: '2027-03-26T09:30:00.000+01:00' };
		const created = await call('POST', 'job', { body: job({ complexJobTrigger: fields }) });
		const blockout = await call('POST', 'blockout/add', { body: { complexJobTrigger: fields, timeZone: 'Europe/Berlin', duration: 3_600_000 } });
		if (modern) {
			expect(created.status).toBe(500);
			// Jersey 1 (/api on 9.x/10.x) turns the message into the container's error page (core/errors.ts).
			if (profile === '11.0') expect(created.text).toMatch(/will never fire/);
			expect(blockout.status).toBe(401);
			const right = await call('POST', 'job', { body: job({ complexJobTrigger: { ...fields, startYear: 127 } }) });
			expect(right.status).toBe(200);
			expect(wall(await nextRun(right.text), 'Europe/Berlin').text).toBe('2027-03-29 09:30');
		} else {
			expect(created.status).toBe(200);
			expect(blockout.status).toBe(200);
		}
	});

	it('cron day names count from SUN = 0 on the server: MON-FRI runs Sunday to Thursday; month names fail with 500', async () => {
		const names = await call('POST', 'job', { body: job({ cronJobTrigger: { uiPassParam: 'CRON', cronString: '0 0 9 ? * MON-FRI', startTime: '2027-03-26T09:30:00.000Z', startHour: 9, startMin: 30, startYear: 127, startMonth: 2, startDay: 26 } }) });
		expect(names.status).toBe(200);
		const info = (await call('GET', 'jobinfo', { accept: 'application/json', query: { jobId: names.text } })).json();
		expect(info.jobTrigger.cronString).toBe('0 0 9 ? * 1-5 *');
		const months = await call('POST', 'job', { body: job({ cronJobTrigger: { uiPassParam: 'CRON', cronString: '0 0 9 1 JAN ?', startTime: '2027-03-26T09:30:00.000Z' } }) });
		expect(months.status).toBe(500);
	});

	it(
		modern
			? 'the end time is read as its wall clock in the server zone, in the schedule zone: 18:00+01:00 ends at 17:00 Berlin'
			: 'the start time is read as its wall clock in the server zone, in the schedule zone: 09:30+01:00 starts at 08:30 Berlin',
		async () => {
			const created = await call('POST', 'job', {
				body: job({
					simpleJobTrigger: {
						uiPassParam: 'HOURS',
						repeatInterval: 3600,
						repeatCount: -1,
						startTime: '2027-03-26T09:30:00.000+01:00',
						endTime: '2027-03-26T18:00:00.000+01:00',
					},
				}),
			});
			expect(created.status).toBe(200);
			const trigger = (emu.app.state.scheduler as SchedulerState).jobs.get(created.text)!.trigger;
			if (modern) {
				expect(wall(new Date(trigger.end!).toISOString(), 'Europe/Berlin').text).toBe('2027-03-26 17:00');
				expect(wall(new Date(trigger.start).toISOString(), 'Europe/Berlin').text).toBe('2027-03-26 09:30');
			} else {
				expect(wall(new Date(trigger.start).toISOString(), 'Europe/Berlin').text).toBe('2027-03-26 08:30');
				expect(wall(new Date(trigger.end!).toISOString(), 'Europe/Berlin').text).toBe('2027-03-26 18:00');
			}
		},
	);

	it(modern ? 'repeatCount is not read (a calendar interval)' : 'repeatCount is read (a SimpleTrigger)', async () => {
		const created = await call('POST', 'job', {
			body: job({ simpleJobTrigger: { uiPassParam: 'MINUTES', repeatInterval: 60, repeatCount: 1, startTime: '2027-03-26T09:30:00.000Z' } }),
		});
		const trigger = (emu.app.state.scheduler as SchedulerState).jobs.get(created.text)!.trigger;
		const { fireTimes } = await import('../../../emulator/areas/scheduler/triggers');
		expect(fireTimes(trigger, Date.parse('2027-01-01T00:00:00Z'), 5)).toHaveLength(modern ? 5 : 2);
	});

	it('a date parameter must be yyyy-MM-ddTHH:mm:ss.SSS+hhmm (JobScheduleParam): an ISO offset with a colon is a 500', async () => {
		const trigger = { simpleJobTrigger: { uiPassParam: 'RUN_ONCE', repeatInterval: 0, repeatCount: 0, startTime: '2027-03-26T09:30:00.000Z' } };
		const bad = await call('POST', 'job', { body: job(trigger, { jobParameters: [{ name: 'since', type: 'date', stringValue: ['2027-01-01T00:00:00.000+01:00'] }] }) });
		expect(bad.status).toBe(500);
		const good = await call('POST', 'job', { body: job(trigger, { jobParameters: [{ name: 'since', type: 'date', stringValue: ['2027-01-01T00:00:00.000+0100'] }] }) });
		expect(good.status).toBe(200);
	});

	it('GET /api/system/timezones names the server zone', async () => {
		const response = await fetch(`${emu.url}/api/system/timezones`, {
			headers: { Authorization: `Basic ${Buffer.from('admin:password').toString('base64')}`, Accept: 'application/json' },
		});
		expect(((await response.json()) as { serverTzId?: string }).serverTzId).toBe('UTC');
	});

	it('GET /api/system/timezones: JSON without Accept, no id containing "gmt", values "<id> - <daylight name> (UTC±hhmm)" (SystemResource)', async () => {
		const response = await fetch(`${emu.url}/api/system/timezones`, { headers: { Authorization: `Basic ${Buffer.from('admin:password').toString('base64')}` } });
		expect(response.headers.get('content-type')).toMatch(/application\/json/);
		const entries = ((await response.json()) as { timeZones: { entry: Array<{ key: string; value: string }> } }).timeZones.entry;
		expect(entries.some((e) => /gmt/i.test(e.key))).toBe(false);
		const berlin = entries.find((e) => e.key === 'Europe/Berlin')!;
		expect(berlin.value).toMatch(/^Europe\/Berlin - Central European Summer Time \(UTC\+0[12]00\)$/);
		expect(entries.find((e) => e.key === 'UTC')!.value).toMatch(/^UTC - .* \(UTC\+0000\)$/);
	});
});
