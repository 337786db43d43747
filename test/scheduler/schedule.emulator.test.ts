/**
 * The Scheduler's Schedule operations against the emulator: the create-to-remove sequence, Get Many,
 * the content cleaner, generated content, Is Allowed, and the job list of the resource locator.
 */
import { useEmulator } from '../helpers/emulator';
import { describeEachProfile } from '../helpers/profiles';
import { node, rl, berlinClock, loadOptionsContext, PATHS, pathHelpers } from './emulatorHelpers';

// The same sequences and the same output shapes on every server version (emulator profiles).
describeEachProfile('Scheduler node against the emulator', (profile) => {
const fixture = useEmulator({ profile, seed: { scheduler: { blockouts: [] } } });
describe.each(PATHS)('scheduler path %s', (schedulerPath) => {
	const { exec } = pathHelpers(fixture, schedulerPath);

	it('create → get → get many → pause → state is PAUSED → remove', async () => {
		fixture.resetRequests();
		const created = await exec({
			resource: 'schedule',
			operation: 'create',
			jobName: `Nightly ${schedulerPath.length}`,
			inputFile: '/home/admin/sales.ktr',
			triggerType: 'daily',
			dailyRecurrence: 'everyDay',
			options: { outputFolder: '/home/admin', startTime: '2026-01-15T09:30:00', timeZone: 'Europe/Berlin' },
			jobParameters: { parameter: [{ name: 'region', value: 'EMEA', type: 'string' }] },
		});
		expect(created.error).toBeUndefined();
		const jobId = created.items[0].json.jobId as string;
		// user TAB name TAB a UUID (QuartzJobKey: UUIDUtil.getUUIDAsString()).
		expect(jobId).toMatch(new RegExp(`^admin\tNightly ${schedulerPath.length}\t[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`));
		// The builder asks the server's version and zone (once per execution), then posts the schedule.
		expect(fixture.requests()).toEqual(['GET /pentaho/api/version/show', 'GET /pentaho/api/system/timezones', `POST /pentaho/${schedulerPath}/job`]);

		const got = await exec({ resource: 'schedule', operation: 'get', jobId: rl(jobId) });
		expect(got.error).toBeUndefined();
		const job = got.items[0].json;
		expect(job).toMatchObject({
			jobId,
			state: 'NORMAL',
			userName: 'admin',
			inputFile: '/home/admin/sales.ktr',
			outputFolder: '/home/admin',
			jobParams: { region: 'EMEA', uiPassParam: 'DAILY' },
			jobTrigger: {
				type: 'complex',
				uiPassParam: 'DAILY',
				timeOfDay: '09:30',
				daysOfWeek: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
			},
		});
		// The 10.3 scheduler (10.3+, 10.2.0.2-270+ service packs) answers the start fields and the trigger's zone;
		// older servers only startTime (their job trigger has no timeZone).
		const rewritten = profile === '11.0' || profile === '10.2sp';
		expect((job.jobTrigger as { timeZone?: string }).timeZone).toBe(rewritten ? 'Europe/Berlin' : undefined);
		if (rewritten) expect((job.jobTrigger as { startDate?: string }).startDate).toBe('2026-01-15');
		// The server fires at 09:30 Berlin time on every version (the emulator's server runs in UTC).
		expect(berlinClock(job.nextRun as string)).toBe('09:30');
		expect(Date.parse(job.nextRun as string)).toBeGreaterThan(Date.now() - 1000);

		const many = await exec({ resource: 'schedule', operation: 'getMany', returnAll: true, filters: { inputFile: '/home/admin/sales.ktr' } });
		expect(many.items.map((i) => i.json.jobId)).toContain(jobId);
		expect(many.items.every((i) => i.json.inputFile === '/home/admin/sales.ktr')).toBe(true);

		expect((await exec({ resource: 'schedule', operation: 'pause', jobId: rl(jobId) })).items[0].json).toEqual({ jobId, state: 'PAUSED' });
		expect((await exec({ resource: 'schedule', operation: 'getState', jobId: rl(jobId, 'id') })).items[0].json).toEqual({ jobId, state: 'PAUSED' });
		expect((await exec({ resource: 'schedule', operation: 'remove', jobId: rl(jobId) })).items[0].json).toEqual({ jobId, deleted: true, state: 'REMOVED' });

		const gone = await exec({ resource: 'schedule', operation: 'get', jobId: rl(jobId) });
		expect(gone.error?.message).toMatch(/has finished or does not exist/);
	});

	it('Get Many returns the seeded jobs, one typed item each, with Limit', async () => {
		// The server's own documents only when asked (Include Raw Response): they were most of every item (issue 30).
		const bare = await exec({ resource: 'schedule', operation: 'getMany', returnAll: true });
		expect(bare.items.every((i) => !('raw' in i.json))).toBe(true);
		const all = await exec({ resource: 'schedule', operation: 'getMany', returnAll: true, options: { includeRaw: true } });
		expect(JSON.stringify(all.items).length).toBeGreaterThan(JSON.stringify(bare.items).length * 1.5);
		const names = all.items.map((i) => i.json.jobName);
		expect(names).toEqual(expect.arrayContaining(['Daily sales load', 'Hourly ETL', 'Month-end close', 'Weekly report', 'GeneratedContentCleaner']));
		const hourly = all.items.find((i) => i.json.jobName === 'Hourly ETL')!.json;
		// Nothing that carries no information (repeat count -1 on 11.x, -1 start fields, empty recurrences); all of it under raw.
		expect(hourly.jobTrigger).toEqual({
			type: 'simple',
			uiPassParam: 'HOURS',
			repeatIntervalSeconds: 3600,
			startTime: expect.any(String),
			...(profile === '11.0' || profile === '10.2sp' ? { timeZone: 'UTC' } : {}),
		});
		expect(String((hourly.raw as { jobTrigger: Record<string, unknown> }).jobTrigger.repeatCount)).toBe('-1');
		expect(hourly.nextRun).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00:00\.000Z$/);
		const paused = await exec({ resource: 'schedule', operation: 'getMany', returnAll: true, filters: { states: ['PAUSED'] } });
		expect(paused.items.map((i) => i.json.jobName)).toEqual(['Weekly report']);
		const two = await exec({ resource: 'schedule', operation: 'getMany', returnAll: false, limit: 2 });
		expect(two.items).toHaveLength(2);
	});

	it('Get Content Cleaner, Get Generated Content and Is Allowed', async () => {
		const cleaner = await exec({ resource: 'schedule', operation: 'getContentCleaner' });
		expect(cleaner.items.map((i) => i.json.jobName)).toEqual(['GeneratedContentCleaner']);
		expect(cleaner.items[0].json.jobParams).toMatchObject({ age: '15552000' });

		// By schedule: the node reads the job's lineage-id and the server matches the files' lineage-id metadata (issue 28, defect 7).
		const jobs = await exec({ resource: 'schedule', operation: 'getMany', returnAll: true });
		const loadSales = jobs.items.find((i) => i.json.inputFile === '/public/etl/load_sales.ktr');
		expect(loadSales).toBeDefined();
		const content = await exec({ resource: 'schedule', operation: 'getGeneratedContent', jobId: rl(String(loadSales!.json.jobId)) });
		expect(content.error).toBeUndefined();
		const lineage = (loadSales!.json.jobParams as Record<string, string>)['lineage-id'];
		expect(content.items.every((i) => i.json.lineageId === lineage)).toBe(true);
		const byLineage = await exec({ resource: 'schedule', operation: 'getGeneratedContent', contentBy: 'lineageId', lineageId: lineage });
		expect(byLineage.items.map((i) => i.json.name)).toEqual(content.items.map((i) => i.json.name));
		expect(content.items).toHaveLength(1);
		expect(content.items[0].json).toMatchObject({ name: 'Daily sales load.txt', folder: false, fileSize: 2048 });
		expect(content.items[0].json.createdDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

		const index = fixture.emulator.app.state.repositoryIndex as { byPath(p: string): { id: string } | undefined };
		const fileId = index.byPath('/home/admin/sales.ktr')!.id;
		expect((await exec({ resource: 'schedule', operation: 'isAllowed', fileId })).items[0].json).toEqual({ fileId, scheduleAllowed: true });
		expect((await exec({ resource: 'schedule', operation: 'isAllowed', fileId: 'no-such-id' })).error?.message).toMatch(/Invalid repository file id/);
	});

	it('the job list of the resource locator comes from getJobs and is searchable; blockouts from blockoutjobs', async () => {
		const context = loadOptionsContext(fixture.server({ schedulerPath }));
		const all = await node.methods.listSearch.searchJobs.call(context);
		expect(all.results.length).toBeGreaterThanOrEqual(5);
		const daily = all.results.find((r) => r.name.startsWith('Daily sales load'))!;
		expect(daily.name).toBe('Daily sales load (admin, NORMAL)');
		expect(daily.value).toMatch(/^admin\tDaily sales load\t[0-9a-f-]{36}$/);
		const found = await node.methods.listSearch.searchJobs.call(context, 'weekly');
		expect(found.results).toEqual([{ name: 'Weekly report (suzy, PAUSED)', value: expect.stringMatching(/^suzy\tWeekly report\t[0-9a-f-]{36}$/) }]);

		const created = await exec({ resource: 'blockout', operation: 'create', triggerType: 'weekly', daysOfWeek: [0], options: { startTime: '2026-01-18T01:00:00', timeZone: 'UTC' }, durationAmount: 2, durationUnit: 'hours' });
		const blockouts = await node.methods.listSearch.searchBlockouts.call(context);
		expect(blockouts.results).toEqual([{ name: expect.stringMatching(/^WEEKLY blockout \(next \d{4}-.*, 2 h\)$/), value: created.items[0].json.jobId }]);
		await exec({ resource: 'schedule', operation: 'remove', jobId: rl(created.items[0].json.jobId as string) });
	});
});
});

describeEachProfile('Scheduler node against the emulator: Simplify', (profile) => {
	const fixture = useEmulator({ profile });
	const { exec } = pathHelpers(fixture, PATHS[0]);
	const SCHEDULE = ['jobId', 'jobName', 'state', 'nextRun', 'lastRun', 'userName', 'inputFile', 'outputFolder', 'triggerType', 'lineageId'];

	it('Get Many: on, the 10 chosen fields, trigger kind and lineage ID flattened (raw kept with Include Raw Response); off, every field', async () => {
		const full = await exec({ resource: 'schedule', operation: 'getMany', returnAll: true });
		expect(full.error).toBeUndefined();
		const daily = full.items.find((i) => i.json.jobName === 'Daily sales load')!.json;
		expect(Object.keys(daily).length).toBeGreaterThan(10);
		const simple = await exec({ resource: 'schedule', operation: 'getMany', returnAll: true, options: { simplify: true, includeRaw: true } });
		expect(simple.error).toBeUndefined();
		const { raw, ...json } = simple.items.find((i) => i.json.jobName === 'Daily sales load')!.json;
		expect(raw).toBeDefined();
		expect(Object.keys(json)).toEqual(SCHEDULE);
		const trigger = daily.jobTrigger as { type: string };
		const params = daily.jobParams as Record<string, string>;
		expect(json).toEqual({ ...Object.fromEntries(SCHEDULE.slice(0, 8).map((k) => [k, daily[k]])), triggerType: trigger.type, lineageId: params['lineage-id'] });
		for (const item of simple.items) expect(Object.keys(item.json).filter((k) => k !== 'raw').length).toBeLessThanOrEqual(10);
	});

	it('Get Generated Content: a generated file\'s chosen fields with its lineage ID', async () => {
		const jobs = await exec({ resource: 'schedule', operation: 'getMany', returnAll: true });
		const daily = jobs.items.find((i) => i.json.jobName === 'Daily sales load')!.json;
		const full = await exec({ resource: 'schedule', operation: 'getGeneratedContent', jobId: rl(daily.jobId as string) });
		expect(full.error).toBeUndefined();
		expect(Object.keys(full.items[0].json).length).toBeGreaterThan(10);
		const simple = await exec({ resource: 'schedule', operation: 'getGeneratedContent', jobId: rl(daily.jobId as string), options: { simplify: true } });
		const keys = ['name', 'path', 'id', 'lineageId', 'fileSize', 'createdDate', 'lastModifiedDate', 'title', 'owner', 'locale'].filter((k) => k in full.items[0].json);
		expect(Object.keys(simple.items[0].json)).toEqual(keys.slice(0, 10));
		expect(simple.items[0].json.lineageId).toBe((daily.jobParams as Record<string, string>)['lineage-id']);
	});
});
