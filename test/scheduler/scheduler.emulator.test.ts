/**
 * The Scheduler node against the emulator: schedule and blockout sequences, the scheduler's own
 * pause, non-administrators, and the job lists of the resource locator (listSearch).
 */
import type { LoadOptionsContext } from 'n8n-core';
import {
	type ICredentialDataDecryptedObject,
	type INodeParameters,
} from 'n8n-workflow';

import { DataflowScheduler } from '../../nodes/Scheduler/DataflowScheduler.node';
import { run } from '../harness';
import { loadOptionsContextFor } from '../harness/loadOptions';
import { useEmulator } from '../helpers/emulator';
import { describeEachProfile } from '../helpers/profiles';

const node = new DataflowScheduler();
const HOUR = 3_600_000;
const PATHS = ['api/scheduler', 'plugin/scheduler-plugin/api/scheduler'] as const;

const rl = (value: string, mode = 'list') => ({ __rl: true, mode, value });

function berlinClock(iso: string): string {
	return new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
}

function loadOptionsContext(credentials: ICredentialDataDecryptedObject): LoadOptionsContext {
	return loadOptionsContextFor(node, credentials, { resource: 'schedule', operation: 'get' }, 'parameters.jobId');
}

// The same sequences and the same output shapes on every server version (emulator profiles).
describeEachProfile('Scheduler node against the emulator', (profile) => {
const fixture = useEmulator({ profile, seed: { scheduler: { blockouts: [] } } });
describe.each(PATHS)('scheduler path %s', (schedulerPath) => {
	const credentials = () => ({ dataflowServerApi: fixture.server({ schedulerPath }) });
	const exec = (parameters: INodeParameters, user?: string) =>
		run(node, { parameters, credentials: user ? { dataflowServerApi: fixture.server({ schedulerPath, user }) } : credentials() });

	it('create → get → get many → pause → state is PAUSED → remove', async () => {
		fixture.resetRequests();
		const created = await exec({
			resource: 'schedule',
			operation: 'create',
			jobName: `Nightly ${schedulerPath.length}`,
			inputFile: '/home/admin/sales.ktr',
			outputFolder: '/home/admin',
			triggerType: 'daily',
			dailyRecurrence: 'everyDay',
			startTime: '2026-01-15T09:30:00',
			timeZone: 'Europe/Berlin',
			jobParameters: { parameter: [{ name: 'region', value: 'EMEA', type: 'string' }] },
		});
		expect(created.error).toBeUndefined();
		const jobId = created.items[0].json.jobId as string;
		expect(jobId).toMatch(new RegExp(`^admin\tNightly ${schedulerPath.length}\t\\d+$`));
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
				timeZone: 'Europe/Berlin',
				daysOfWeek: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
			},
		});
		// 10.3+ answers the start fields (the date of the start); older servers only startTime.
		if (profile === '11.0') expect((job.jobTrigger as { startDate?: string }).startDate).toBe('2026-01-15');
		// The server fires at 09:30 Berlin time on every version (the emulator's server runs in UTC).
		expect(berlinClock(job.nextRun as string)).toBe('09:30');
		expect(Date.parse(job.nextRun as string)).toBeGreaterThan(Date.now() - 1000);

		const many = await exec({ resource: 'schedule', operation: 'getMany', returnAll: true, filters: { inputFile: '/home/admin/sales.ktr' } });
		expect(many.items.map((i) => i.json.jobId)).toContain(jobId);
		expect(many.items.every((i) => i.json.inputFile === '/home/admin/sales.ktr')).toBe(true);

		expect((await exec({ resource: 'schedule', operation: 'pause', jobId: rl(jobId) })).items[0].json).toEqual({ jobId, state: 'PAUSED' });
		expect((await exec({ resource: 'schedule', operation: 'getState', jobId: rl(jobId, 'id') })).items[0].json).toEqual({ jobId, state: 'PAUSED' });
		expect((await exec({ resource: 'schedule', operation: 'remove', jobId: rl(jobId) })).items[0].json).toEqual({ jobId, removed: true, state: 'REMOVED' });

		const gone = await exec({ resource: 'schedule', operation: 'get', jobId: rl(jobId) });
		expect(gone.error?.message).toMatch(/has finished or does not exist/);
	});

	it('Get Many returns the seeded jobs, one typed item each, with Limit', async () => {
		const all = await exec({ resource: 'schedule', operation: 'getMany', returnAll: true });
		const names = all.items.map((i) => i.json.jobName);
		expect(names).toEqual(expect.arrayContaining(['Daily sales load', 'Hourly ETL', 'Month-end close', 'Weekly report', 'GeneratedContentCleaner']));
		const hourly = all.items.find((i) => i.json.jobName === 'Hourly ETL')!.json;
		// Nothing that carries no information (repeat count -1 on 11.x, -1 start fields, empty recurrences); all of it under raw.
		expect(hourly.jobTrigger).toEqual({ type: 'simple', uiPassParam: 'HOURS', repeatIntervalSeconds: 3600, startTime: expect.any(String), timeZone: 'UTC' });
		expect(String((hourly.raw as { jobTrigger: Record<string, unknown> }).jobTrigger.repeatCount)).toBe('-1');
		expect(hourly.nextRun).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00:00\.000Z$/);
		const paused = await exec({ resource: 'schedule', operation: 'getMany', returnAll: true, filters: { states: ['PAUSED'] } });
		expect(paused.items.map((i) => i.json.jobName)).toEqual(['Weekly report']);
		const two = await exec({ resource: 'schedule', operation: 'getMany', returnAll: false, limit: 2 });
		expect(two.items).toHaveLength(2);
	});

	it('blockout create → update → will fire / should fire now / block status', async () => {
		const now = Date.now();
		const iso = (t: number) => new Date(t).toISOString();
		const created = await exec({
			resource: 'blockout',
			operation: 'create',
			triggerType: 'runOnce',
			startTime: iso(now - 60_000),
			timeZone: 'UTC',
			durationAmount: 1,
			durationUnit: 'hours',
		});
		expect(created.error).toBeUndefined();
		const first = created.items[0].json.jobId as string;
		expect(first).toMatch(/^admin\tBlockoutAction\t\d+$/);
		expect((await exec({ resource: 'blockout', operation: 'hasBlockouts' })).items[0].json).toEqual({ hasBlockouts: true });
		expect((await exec({ resource: 'blockout', operation: 'shouldFireNow' })).items[0].json).toEqual({ shouldFireNow: false });

		const updated = await exec({
			resource: 'blockout',
			operation: 'update',
			jobId: rl(first),
			replaceBlockout: true,
			triggerType: 'runOnce',
			startTime: iso(now + 3 * HOUR),
			timeZone: 'UTC',
			durationAmount: 30,
			durationUnit: 'minutes',
		});
		expect(updated.error).toBeUndefined();
		const second = updated.items[0].json.jobId as string;
		expect(updated.items[0].json.previousJobId).toBe(first);
		expect(second).not.toBe(first);
		const list = await exec({ resource: 'blockout', operation: 'getMany', returnAll: true });
		expect(list.items.map((i) => i.json.jobId)).toEqual([second]);
		expect(list.items[0].json.jobParams).toMatchObject({ DURATION_PARAM: '1800000' });

		expect((await exec({ resource: 'blockout', operation: 'shouldFireNow' })).items[0].json).toEqual({ shouldFireNow: true });
		const check = (start: number) => ({ triggerType: 'runOnce', startTime: iso(start), timeZone: 'UTC' });
		expect((await exec({ resource: 'blockout', operation: 'willFire', ...check(now + 3 * HOUR + 10 * 60_000) })).items[0].json).toMatchObject({ willFire: false });
		expect((await exec({ resource: 'blockout', operation: 'willFire', ...check(now + HOUR) })).items[0].json).toMatchObject({ willFire: true });
		expect((await exec({ resource: 'blockout', operation: 'getBlockStatus', ...check(now + 3 * HOUR + 60_000) })).items[0].json).toMatchObject({
			totallyBlocked: true,
			partiallyBlocked: true,
		});
		expect(
			(await exec({ resource: 'blockout', operation: 'getBlockStatus', triggerType: 'minutes', interval: 20, startTime: iso(now + 2 * HOUR + 50 * 60_000), timeZone: 'UTC' }))
				.items[0].json,
		).toMatchObject({ totallyBlocked: false, partiallyBlocked: true });

		await exec({ resource: 'schedule', operation: 'remove', jobId: rl(second) });
		expect((await exec({ resource: 'blockout', operation: 'hasBlockouts' })).items[0].json).toEqual({ hasBlockouts: false });
	});

	it('scheduler pause reports PAUSED, Get Status agrees, Resume runs it again', async () => {
		expect((await exec({ resource: 'scheduler', operation: 'pause' })).items[0].json).toEqual({ status: 'PAUSED' });
		expect((await exec({ resource: 'scheduler', operation: 'getStatus' })).items[0].json).toEqual({ status: 'PAUSED' });
		expect((await exec({ resource: 'scheduler', operation: 'resume' })).items[0].json).toEqual({ status: 'RUNNING' });
	});

	it('a non-administrator cannot schedule: Can Schedule false, Create refused with an explanation', async () => {
		expect((await exec({ resource: 'scheduler', operation: 'canSchedule' })).items[0].json).toEqual({ canSchedule: true });
		expect((await exec({ resource: 'scheduler', operation: 'canSchedule' }, 'suzy')).items[0].json).toEqual({ canSchedule: false });
		const refused = await exec(
			{ resource: 'schedule', operation: 'create', jobName: 'x', inputFile: '/home/suzy/notes.txt', triggerType: 'runOnce', timeZone: 'UTC' },
			'suzy',
		);
		expect(refused.error?.message).toMatch(/refused to create the schedule \(401\)/);
		const blockout = await exec(
			{ resource: 'blockout', operation: 'create', triggerType: 'runOnce', timeZone: 'UTC', durationAmount: 1, durationUnit: 'hours' },
			'analyst',
		);
		expect(blockout.error?.message).toMatch(/refused to create the blockout \(401\)/);
	});

	it('Get Content Cleaner, Get Generated Content and Is Allowed', async () => {
		const cleaner = await exec({ resource: 'schedule', operation: 'getContentCleaner' });
		expect(cleaner.items.map((i) => i.json.jobName)).toEqual(['GeneratedContentCleaner']);
		expect(cleaner.items[0].json.jobParams).toMatchObject({ age: '15552000' });

		const content = await exec({ resource: 'schedule', operation: 'getGeneratedContent', path: '/public/etl/load_sales.ktr' });
		expect(content.error).toBeUndefined();
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
		expect(daily.value).toMatch(/^admin\tDaily sales load\t\d+$/);
		const found = await node.methods.listSearch.searchJobs.call(context, 'weekly');
		expect(found.results).toEqual([{ name: 'Weekly report (suzy, PAUSED)', value: expect.stringMatching(/^suzy\tWeekly report\t\d+$/) }]);

		const created = await exec({ resource: 'blockout', operation: 'create', triggerType: 'weekly', daysOfWeek: [0], startTime: '2026-01-18T01:00:00', timeZone: 'UTC', durationAmount: 2, durationUnit: 'hours' });
		const blockouts = await node.methods.listSearch.searchBlockouts.call(context);
		expect(blockouts.results).toEqual([{ name: expect.stringMatching(/^WEEKLY blockout \(next \d{4}-.*, 2 h\)$/), value: created.items[0].json.jobId }]);
		await exec({ resource: 'schedule', operation: 'remove', jobId: rl(created.items[0].json.jobId as string) });
	});
});
});
