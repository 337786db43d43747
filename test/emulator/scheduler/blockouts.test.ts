/**
 * The scheduler area's blockout routes over plain HTTP (emulator/areas/scheduler/routes-blockouts.ts),
 * and how schedules fire around blockouts (triggers.ts).
 */
import { startEmulator, type RunningEmulator } from '../../../emulator';

import { fireDueSchedules, fireSchedule, SCHEDULER_BASES } from '../../../emulator/areas/scheduler';
import { client, HOUR, useSchedulerEmulator, wall } from './helpers';

const emulator = useSchedulerEmulator();

describe.each(SCHEDULER_BASES)('scheduler endpoints under %s', (base) => {
	const call = client(emulator, base);

	it('hasblockouts and blockoutjobs show the seeded blockout', async () => {
		expect(await call('GET', 'blockout/hasblockouts')).toMatchObject({ status: 200, text: 'true' });
		const blockouts = (await call('GET', 'blockout/blockoutjobs', { accept: 'application/json' })).json().job as Array<Record<string, any>>;
		expect(blockouts.length).toBeGreaterThanOrEqual(1);
		expect(blockouts[0].jobName).toBe('BlockoutAction');
		expect(blockouts[0].jobParams.jobParams).toEqual(expect.arrayContaining([{ name: 'DURATION_PARAM', value: '7200000' }]));
		expect(wall(blockouts[0].nextRun, 'UTC')).toMatchObject({ weekday: 0 });
	});
});

describe('blockouts, firing and seeds (own emulator)', () => {
	let emu: RunningEmulator;
	beforeAll(async () => {
		emu = await startEmulator({ seed: { scheduler: { blockouts: [], contentCleaner: false } } });
	});
	afterAll(async () => {
		await emu?.stop();
	});
	const api = client(() => emu, '/api/scheduler');
	const plugin = client(() => emu, '/plugin/scheduler-plugin/api/scheduler');
	const once = (startMs: number) => ({ uiPassParam: 'RUN_ONCE', repeatInterval: 0, repeatCount: 0, startTime: new Date(startMs).toISOString() });

	it('without blockouts: hasblockouts false, shouldFireNow true, no content cleaner (204)', async () => {
		expect((await api('GET', 'blockout/hasblockouts')).text).toBe('false');
		expect((await plugin('GET', 'blockout/shouldFireNow')).text).toBe('true');
		expect((await api('GET', 'getContentCleanerJob', { accept: 'application/json' })).status).toBe(204);
	});

	it.each(SCHEDULER_BASES)('under %s: add → update → willFire / shouldFireNow / blockstatus are computed from the blockout windows', async (base) => {
		const c = client(() => emu, base);
		const now = Date.now();
		// A blockout from one minute ago, lasting an hour: now is blocked.
		const added = await c('POST', 'blockout/add', { body: { simpleJobTrigger: once(now - 60_000), duration: HOUR, timeZone: 'UTC' } });
		expect(added.status).toBe(200);
		expect(added.text).toMatch(/^admin\tBlockoutAction\t[0-9a-f-]{36}$/);
		expect((await c('GET', 'blockout/hasblockouts')).text).toBe('true');
		expect((await c('GET', 'blockout/shouldFireNow')).text).toBe('false');

		const inside = { simpleJobTrigger: once(now + 10 * 60_000) };
		const outside = { simpleJobTrigger: once(now + 2 * HOUR) };
		const hourly = { simpleJobTrigger: { uiPassParam: 'MINUTES', repeatInterval: 1800, repeatCount: 5, startTime: new Date(now + 60_000).toISOString() } };
		expect((await c('POST', 'blockout/willFire', { body: inside })).text).toBe('false');
		expect((await c('POST', 'blockout/willFire', { body: outside })).text).toBe('true');
		expect((await c('POST', 'blockout/blockstatus', { accept: 'application/json', body: inside })).json()).toEqual({ totallyBlocked: true, partiallyBlocked: true });
		expect((await c('POST', 'blockout/blockstatus', { accept: 'application/json', body: hourly })).json()).toEqual({ totallyBlocked: false, partiallyBlocked: true });
		expect((await c('POST', 'blockout/blockstatus', { accept: 'application/json', body: outside })).json()).toEqual({ totallyBlocked: false, partiallyBlocked: false });
		expect((await c('POST', 'blockout/blockstatus', { accept: 'application/xml', body: outside })).text).toContain('<blockStatusProxy><totallyBlocked>false</totallyBlocked>');
		// No Accept: the first of @Produces({APPLICATION_JSON, APPLICATION_XML}).
		expect((await c('POST', 'blockout/blockstatus', { body: outside })).json()).toEqual({ totallyBlocked: false, partiallyBlocked: false });

		// Update moves the blockout to three hours from now: a new id, the old one gone, now no longer blocked.
		const updated = await c('POST', 'blockout/update', {
			query: { jobid: added.text },
			body: { simpleJobTrigger: once(now + 3 * HOUR), duration: HOUR, timeZone: 'UTC' },
		});
		expect(updated.status).toBe(200);
		expect(updated.text).toMatch(/^admin\tBlockoutAction\t[0-9a-f-]{36}$/);
		expect(updated.text).not.toBe(added.text);
		const ids = ((await c('GET', 'blockout/blockoutjobs', { accept: 'application/json' })).json().job as Array<{ jobId: string }>).map((j) => j.jobId);
		expect(ids).toEqual([updated.text]);
		expect((await c('GET', 'blockout/shouldFireNow')).text).toBe('true');
		expect((await c('POST', 'blockout/willFire', { body: inside })).text).toBe('true');
		expect((await c('POST', 'blockout/willFire', { body: { simpleJobTrigger: once(now + 3 * HOUR + 60_000) } })).text).toBe('false');

		// add/update answer 401 for a SchedulerException (a trigger that never fires: startYear is years since 1900)
		// or a user who may not administer; a RuntimeException (a cron string the server cannot read) is a 500.
		const never = { complexJobTrigger: { uiPassParam: 'WEEKLY', daysOfWeek: [1], startHour: 9, startMin: 0, startYear: 2027, startMonth: 0, startDay: 1 }, duration: HOUR, timeZone: 'UTC' };
		expect((await c('POST', 'blockout/add', { body: never })).status).toBe(401);
		expect((await c('POST', 'blockout/add', { body: { cronJobTrigger: { cronString: '0 0 9 1 JAN ?' }, duration: HOUR } })).status).toBe(500);
		expect((await c('POST', 'blockout/blockstatus', { accept: 'application/json', body: { cronJobTrigger: { cronString: 'nope' } } })).status).toBe(500);
		expect((await c('POST', 'blockout/update', { user: 'suzy', query: { jobid: updated.text }, body: { simpleJobTrigger: once(now), duration: HOUR } })).status).toBe(401);
		// update: a jobid that is not user<TAB>name<TAB>n is 401 (QuartzJobKey.parse), none at all 500 (NullPointerException).
		expect((await c('POST', 'blockout/update', { query: { jobid: 'nonsense' }, body: { simpleJobTrigger: once(now), duration: HOUR } })).status).toBe(401);
		expect((await c('POST', 'blockout/update', { body: { simpleJobTrigger: once(now), duration: HOUR } })).status).toBe(500);

		await c('PUT', 'removeJob', { body: { jobId: updated.text } });
		expect((await c('GET', 'blockout/hasblockouts')).text).toBe('false');
	});

	it('blockout/update removes whatever job the id names and adds a blockout; add takes any duration (SchedulerService.updateBlockout/addBlockout)', async () => {
		const now = Date.now();
		// No duration: DURATION_PARAM 0, accepted (nothing checks it).
		const bare = await api('POST', 'blockout/add', { body: { simpleJobTrigger: once(now + 5 * HOUR), timeZone: 'UTC' } });
		expect(bare.status).toBe(200);
		const listed = (await api('GET', 'blockout/blockoutjobs', { accept: 'application/json' })).json().job as Array<Record<string, any>>;
		expect(listed.find((j) => j.jobId === bare.text)!.jobParams.jobParams).toEqual(expect.arrayContaining([{ name: 'DURATION_PARAM', value: '0' }]));
		// An unknown but well-formed id: nothing to remove, a new blockout all the same.
		const fresh = await api('POST', 'blockout/update', { query: { jobid: 'admin\tBlockoutAction\t1' }, body: { simpleJobTrigger: once(now + 6 * HOUR), duration: HOUR } });
		expect(fresh.status).toBe(200);
		// The id of an ordinary job: that job is removed and a blockout takes its place.
		const job = await api('POST', 'job', { body: { jobName: 'Victim', inputFile: '/home/admin/sales.ktr', simpleJobTrigger: once(now + HOUR), timeZone: 'UTC' } });
		const replaced = await api('POST', 'blockout/update', { query: { jobid: job.text }, body: { simpleJobTrigger: once(now + 7 * HOUR), duration: HOUR } });
		expect(replaced.status).toBe(200);
		expect((await api('GET', 'jobinfo', { accept: 'application/json', query: { jobId: job.text } })).status).toBe(204);
		for (const id of [bare.text, fresh.text, replaced.text]) await api('PUT', 'removeJob', { body: { jobId: id } });
	});

	it('fireSchedule sets lastRun and moves nextRun on; paused jobs and a paused scheduler do not fire; blocked runs are skipped', async () => {
		const start = Date.now() - 5 * 60_000;
		const created = await api('POST', 'job', {
			body: {
				jobName: 'Quarter-hourly',
				inputFile: '/home/admin/sales.ktr',
				outputFile: '/home/admin/workspace',
				simpleJobTrigger: { uiPassParam: 'MINUTES', repeatInterval: 900, repeatCount: -1, startTime: new Date(start).toISOString() },
				timeZone: 'UTC',
			},
		});
		const jobId = created.text;
		const info = async () => (await api('GET', 'jobinfo', { accept: 'application/json', query: { jobId } })).json();
		expect((await info()).nextRun).toBe(new Date(start + 900_000).toISOString());
		expect((await info()).lastRun).toBeUndefined();

		const first = fireSchedule(emu.app, jobId);
		expect(first).toMatchObject({ fired: true, at: start + 900_000 });
		expect(await info()).toMatchObject({ lastRun: new Date(start + 900_000).toISOString(), nextRun: new Date(start + 1_800_000).toISOString() });
		const lineageId = ((await info()).jobParams.jobParams as Array<{ name: string; value: string }>).find((p) => p.name === 'lineage-id')!.value;
		const files = (await api('GET', 'generatedContentForSchedule', { accept: 'application/json', query: { lineageId } })).json();
		expect(files.map((f: { path: string }) => f.path)).toEqual(['/home/admin/workspace/Quarter-hourly.txt']);

		await api('POST', 'pauseJob', { body: { jobId } });
		expect(fireSchedule(emu.app, jobId)).toMatchObject({ fired: false, reason: 'paused' });
		await api('POST', 'resumeJob', { body: { jobId } });
		await api('POST', 'pause');
		expect(fireSchedule(emu.app, jobId)).toMatchObject({ fired: false, reason: 'schedulerPaused' });
		await api('POST', 'start');

		// A blockout over the next run: the run is skipped, nextRun moves on, lastRun stays.
		const blockout = await api('POST', 'blockout/add', { body: { simpleJobTrigger: once(start + 1_800_000 - 60_000), duration: 120_000 } });
		expect(fireSchedule(emu.app, jobId)).toMatchObject({ fired: false, reason: 'blocked', at: start + 1_800_000 });
		expect(await info()).toMatchObject({ lastRun: new Date(start + 900_000).toISOString(), nextRun: new Date(start + 2_700_000).toISOString() });
		await api('PUT', 'removeJob', { body: { jobId: blockout.text } });

		// Moving the clock past two fire times and firing what is due runs it twice.
		emu.app.advanceClock(2_700_000 - 5 * 60_000 + 900_000 + 1000);
		const results = fireDueSchedules(emu.app).filter((r) => r.job.jobId === jobId);
		expect(results.map((r) => r.at)).toEqual([start + 2_700_000, start + 3_600_000]);
		expect((await info()).lastRun).toBe(new Date(start + 3_600_000).toISOString());
		expect(() => fireSchedule(emu.app, 'admin\tnone\t1')).toThrow(/No scheduled job/);
	});

	it('fireSchedule fires a one-off job, which then has finished (jobinfo 204, gone from getJobs)', async () => {
		const created = await api('POST', 'job', {
			body: { jobName: 'Once', inputFile: '/home/admin/sales.ktr', simpleJobTrigger: once(Date.now() + HOUR), timeZone: 'UTC' },
		});
		const jobId = created.text;
		expect(fireSchedule(emu.app, jobId)).toMatchObject({ fired: true });
		expect((await api('GET', 'jobinfo', { accept: 'application/json', query: { jobId } })).status).toBe(204);
		const ids = ((await api('GET', 'getJobs', { accept: 'application/json' })).json().job as Array<{ jobId: string }>).map((j) => j.jobId);
		expect(ids).not.toContain(jobId);
	});

	it('without a repository index any non-empty input file and file id is accepted', async () => {
		const saved = emu.app.state.repositoryIndex;
		delete emu.app.state.repositoryIndex;
		try {
			const trigger = { simpleJobTrigger: once(Date.now() + HOUR) };
			const created = await api('POST', 'job', { body: { jobName: 'anywhere', inputFile: '/nowhere/x.ktr', ...trigger } });
			expect(created.status).toBe(200);
			expect((await api('GET', 'isScheduleAllowed', { query: { id: 'any-id' } })).text).toBe('true');
			await api('PUT', 'removeJob', { body: { jobId: created.text } });
		} finally {
			emu.app.state.repositoryIndex = saved;
		}
	});
});
