/**
 * The Scheduler Trigger against the emulator: schedules fire (`fireSchedule`), are paused and
 * resumed, created and removed over the API, and every poll's items are asserted exactly.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { fireSchedule, type SchedulerState } from '../../emulator/areas/scheduler';
import { DataflowSchedulerTrigger } from '../../nodes/Scheduler/DataflowSchedulerTrigger.node';
import { pollHarness, type PollHarness } from '../harness/poll';
import { useEmulator } from '../helpers/emulator';
import { describeEachProfile } from '../helpers/profiles';
import { cursorEntries, emitted, HOUR, isIsoBetween, MINUTE } from './helpers';

const DAY = 24 * HOUR;
const past = new Date(Date.now() - 30 * DAY).toISOString();
const hourly = (inputFile: string, jobName: string) => ({
	jobName,
	inputFile,
	simpleJobTrigger: { uiPassParam: 'HOURS', repeatInterval: 3600, repeatCount: -1, startTime: past },
	timeZone: 'UTC',
});

// The same events on every server version (emulator profiles: JSON style, trigger rules).
describeEachProfile('Scheduler Trigger', (profile) => {
const fixture = useEmulator({
	profile,
	seed: {
		scheduler: {
			blockouts: [],
			contentCleaner: false,
			schedules: [
				{ user: 'admin', request: hourly('/public/etl/load_sales.ktr', 'Sales load'), lastRun: Date.now() - 2 * HOUR },
				{ user: 'admin', request: hourly('/public/etl/daily_load.kjb', 'Daily load') },
				{ user: 'suzy', request: hourly('/home/suzy/notes.txt', 'Suzy notes'), lastRun: Date.now() - 3 * HOUR },
			],
		},
	},
});
const trigger = new DataflowSchedulerTrigger();

const app = () => fixture.emulator.app;
const state = () => app().state.scheduler as SchedulerState;

function idOf(jobName: string): string {
	const job = [...state().jobs.values()].find((j) => j.jobName === jobName);
	if (!job) throw new Error(`No schedule ${jobName}`);
	return job.jobId;
}

const key = (item: IDataObject) => (item.schedule as IDataObject).jobName;
const polled = async (h: PollHarness, options: Parameters<PollHarness['poll']>[0] = {}) => emitted(await h.poll(options), key);

function harness(parameters: INodeParameters, user = 'admin'): PollHarness {
	return pollHarness({ nodeType: trigger, parameters, credentials: { dataflowServerApi: fixture.server({ user }) } });
}

const ALL = ['scheduleCreated', 'scheduleRan', 'scheduleRemoved', 'scheduleStateChanged'];

async function api(method: string, endpoint: string, body: IDataObject): Promise<string> {
	const response = await fetch(`${fixture.emulator.url}/api/scheduler/${endpoint}`, {
		method,
		headers: {
			Authorization: `Basic ${Buffer.from('admin:password').toString('base64')}`,
			'Content-Type': 'application/json',
			Accept: 'text/plain',
		},
		body: JSON.stringify(body),
	});
	const text = await response.text();
	if (!response.ok) throw new Error(`${method} ${endpoint}: HTTP ${response.status} ${text}`);
	return text;
}

const fireNow = (jobName: string) => {
	const result = fireSchedule(app(), idOf(jobName), { at: app().now() });
	return new Date(result.at!).toISOString();
};

describe('Dataflow Scheduler Trigger', () => {
	it('records a baseline, then emits a run once with the schedule and its previous run', async () => {
		const h = harness({ events: ['scheduleRan'] });
		const first = await h.poll();
		expect(first.items).toBeNull();
		expect(Object.keys(cursorEntries(h.saved, 'schedules')).sort()).toEqual([idOf('Daily load'), idOf('Sales load'), idOf('Suzy notes')].sort());
		const previous = new Date(state().jobs.get(idOf('Sales load'))!.lastRun!).toISOString();

		app().advanceClock(MINUTE);
		const at = fireNow('Sales load');
		const outcome = await h.poll();
		expect(emitted(outcome, key)).toEqual(['scheduleRan Sales load']);
		expect(outcome.items![0]).toEqual({
			event: 'scheduleRan',
			occurredAt: at,
			schedule: expect.objectContaining({
				jobId: idOf('Sales load'),
				jobName: 'Sales load',
				userName: 'admin',
				state: 'NORMAL',
				lastRun: at,
				inputFile: '/public/etl/load_sales.ktr',
				jobTrigger: expect.objectContaining({ type: 'simpleJobTrigger', repeatInterval: 3600 }),
			}),
			previous: { lastRun: previous },
		});
		expect(await polled(h)).toBeNull();

		// A first run counts too: the schedule had no last run before.
		app().advanceClock(MINUTE);
		fireNow('Daily load');
		const firstRun = await h.poll();
		expect(emitted(firstRun, key)).toEqual(['scheduleRan Daily load']);
		expect(firstRun.items![0].previous).toEqual({ lastRun: null });
	});

	it('gives several runs between two polls as one item, the latest run', async () => {
		const h = harness({ events: ['scheduleRan'] });
		await h.poll();
		app().advanceClock(MINUTE);
		fireNow('Sales load');
		app().advanceClock(MINUTE);
		const latest = fireNow('Sales load');
		const outcome = await h.poll();
		expect(emitted(outcome, key)).toEqual(['scheduleRan Sales load']);
		expect(outcome.items![0].occurredAt).toBe(latest);
		expect(await polled(h)).toBeNull();
	});

	it('emits state changes when a schedule is paused and resumed, and no run while paused', async () => {
		const h = harness({ events: ['scheduleStateChanged', 'scheduleRan'] });
		await h.poll();
		const jobId = idOf('Daily load');
		await api('POST', 'pauseJob', { jobId });
		const before = Date.now();
		const paused = await h.poll();
		expect(emitted(paused, key)).toEqual(['scheduleStateChanged Daily load']);
		expect(paused.items![0]).toMatchObject({ schedule: { jobId, state: 'PAUSED' }, previous: { state: 'NORMAL' } });
		expect(isIsoBetween(paused.items![0].occurredAt, before, Date.now())).toBe(true);

		app().advanceClock(MINUTE);
		expect(fireSchedule(app(), jobId, { at: app().now() }).fired).toBe(false);
		expect(await polled(h)).toBeNull();

		await api('POST', 'resumeJob', { jobId });
		const resumed = await h.poll();
		expect(emitted(resumed, key)).toEqual(['scheduleStateChanged Daily load']);
		expect(resumed.items![0]).toMatchObject({ schedule: { state: 'NORMAL' }, previous: { state: 'PAUSED' } });
		expect(await polled(h)).toBeNull();
	});

	it('emits created and removed schedules', async () => {
		const h = harness({ events: ALL });
		await h.poll();
		const jobId = await api('POST', 'job', hourly('/home/admin/sales.ktr', 'New schedule'));
		const created = await h.poll();
		expect(emitted(created, key)).toEqual(['scheduleCreated New schedule']);
		expect(created.items![0]).toMatchObject({ schedule: { jobId, jobName: 'New schedule', userName: 'admin', inputFile: '/home/admin/sales.ktr' } });
		expect(await polled(h)).toBeNull();

		await api('DELETE', 'removeJob', { jobId });
		const removed = await h.poll();
		expect(emitted(removed, key)).toEqual(['scheduleRemoved New schedule']);
		expect(removed.items![0]).toEqual({
			event: 'scheduleRemoved',
			occurredAt: removed.items![0].occurredAt,
			schedule: { jobId, jobName: 'New schedule', userName: 'admin', state: 'NORMAL', lastRun: null, inputFile: '/home/admin/sales.ktr' },
		});
		expect(cursorEntries(h.saved, 'schedules')).not.toHaveProperty(jobId);
		expect(await polled(h)).toBeNull();
	});

	it('reports a schedule that ran for the last time as removed', async () => {
		const h = harness({ events: ['scheduleRemoved', 'scheduleRan'] });
		await h.poll();
		const start = new Date(app().now() + HOUR).toISOString();
		const jobId = await api('POST', 'job', {
			jobName: 'Once',
			inputFile: '/home/admin/sales.ktr',
			simpleJobTrigger: { uiPassParam: 'RUN_ONCE', repeatInterval: 0, repeatCount: 0, startTime: start },
			timeZone: 'UTC',
		});
		expect(await polled(h)).toBeNull();
		app().advanceClock(2 * HOUR);
		expect(fireSchedule(app(), jobId).fired).toBe(true);
		const outcome = await h.poll();
		expect(emitted(outcome, key)).toEqual(['scheduleRemoved Once']);
	});

	it('filters by owner and by input file', async () => {
		const suzy = harness({ events: ['scheduleRan'], filters: { owner: 'suzy' } });
		const etl = harness({ events: ['scheduleRan'], filters: { inputFile: '/PUBLIC/etl/*.ktr' } });
		const exact = harness({ events: ['scheduleRan'], filters: { inputFile: '/public/etl/daily_load.kjb' } });
		for (const h of [suzy, etl, exact]) expect(await polled(h)).toBeNull();
		app().advanceClock(MINUTE);
		fireNow('Sales load');
		fireNow('Suzy notes');
		fireNow('Daily load');
		expect(await polled(suzy)).toEqual(['scheduleRan Suzy notes']);
		expect(await polled(etl)).toEqual(['scheduleRan Sales load']);
		expect(await polled(exact)).toEqual(['scheduleRan Daily load']);
		expect(Object.keys(cursorEntries(suzy.saved, 'schedules'))).toEqual([idOf('Suzy notes')]);
	});

	it('sees only the own schedules of a user who is not an administrator', async () => {
		const h = harness({ events: ['scheduleRan'] }, 'suzy');
		await h.poll();
		expect(Object.keys(cursorEntries(h.saved, 'schedules'))).toEqual([idOf('Suzy notes')]);
		app().advanceClock(MINUTE);
		fireNow('Sales load');
		fireNow('Suzy notes');
		expect(await polled(h)).toEqual(['scheduleRan Suzy notes']);
	});

	it('emits the existing schedules on the first poll when asked', async () => {
		app().advanceClock(MINUTE);
		fireNow('Daily load');
		const h = harness({ events: ['scheduleCreated', 'scheduleRan'], filters: { owner: 'admin' }, options: { emitExisting: true } });
		const outcome = await h.poll();
		// Both admin schedules have run (a one-off schedule that ran for the last time left the list).
		expect(emitted(outcome, key)!.sort()).toEqual([
			'scheduleCreated Daily load',
			'scheduleCreated Sales load',
			'scheduleRan Daily load',
			'scheduleRan Sales load',
		]);
		expect(await polled(h)).toBeNull();
	});

	it('does not see changes when the server switches to untyped JSON (every value a string)', async () => {
		const h = harness({ events: ALL });
		await h.poll();
		const style = state().jsonStyle;
		state().jsonStyle = 'jersey1';
		try {
			expect(await polled(h)).toBeNull();
			app().advanceClock(MINUTE);
			fireNow('Sales load');
			expect(await polled(h)).toEqual(['scheduleRan Sales load']);
		} finally {
			state().jsonStyle = style;
		}
		expect(await polled(h)).toBeNull();
	});

	it('emits a change once across restarts, and again after a poll that n8n did not commit', async () => {
		const h = harness({ events: ['scheduleRan', 'scheduleStateChanged'] });
		await h.poll();
		app().advanceClock(MINUTE);
		fireNow('Sales load');
		expect(await polled(h)).toEqual(['scheduleRan Sales load']);
		expect(await polled(h.restart())).toBeNull();

		const restarted = h.restart();
		app().advanceClock(MINUTE);
		fireNow('Daily load');
		await api('POST', 'pauseJob', { jobId: idOf('Sales load') });
		try {
			expect((await restarted.poll({ crashBeforeCommit: true })).items).toBeNull();
			const again = restarted.restart();
			expect((await polled(again))!.sort()).toEqual(['scheduleRan Daily load', 'scheduleStateChanged Sales load']);
			expect(await polled(again)).toBeNull();
			expect(await polled(again.restart())).toBeNull();
		} finally {
			await api('POST', 'resumeJob', { jobId: idOf('Sales load') });
		}
	});

	it('keeps the cursor when a poll fails', async () => {
		const h = harness({ events: ['scheduleRan'] });
		await h.poll();
		app().advanceClock(MINUTE);
		fireNow('Sales load');
		const saved = h.saved;
		app().faults.add({ kind: 'unavailable', path: '/api/scheduler/getJobs', times: 1 });
		const failed = await h.poll();
		expect(failed.error?.message).toBeDefined();
		expect(h.saved).toEqual(saved);
		expect(await polled(h)).toEqual(['scheduleRan Sales load']);
	});

	it('starts a new baseline when the filters change', async () => {
		const h = harness({ events: ['scheduleRan'], filters: { owner: 'admin' } });
		await h.poll();
		app().advanceClock(MINUTE);
		fireNow('Suzy notes');
		const changed = h.restart({ parameters: { events: ['scheduleRan'], filters: { owner: 'suzy' } } });
		expect(await polled(changed)).toBeNull();
		app().advanceClock(MINUTE);
		fireNow('Suzy notes');
		expect(await polled(changed)).toEqual(['scheduleRan Suzy notes']);
	});

	it('returns the schedule that ran last in manual mode without touching the cursor', async () => {
		app().advanceClock(MINUTE);
		fireNow('Daily load');
		const h = harness({ events: ['scheduleRan'] });
		const manual = await h.poll({ mode: 'manual' });
		expect(emitted(manual, key)).toEqual(['scheduleRan Daily load']);
		expect(manual.items![0]).toMatchObject({ schedule: { jobId: idOf('Daily load') }, previous: { lastRun: null } });
		expect(manual.staticDataChanged).toBe(false);
		expect(h.saved).toEqual({});

		const created = harness({ events: ['scheduleCreated'], filters: { owner: 'suzy' } });
		expect(emitted(await created.poll({ mode: 'manual' }), key)).toEqual(['scheduleCreated Suzy notes']);
		const removed = harness({ events: ['scheduleRemoved'], filters: { owner: 'suzy' } });
		const sample = await removed.poll({ mode: 'manual' });
		expect(sample.items![0].schedule).toEqual({
			jobId: idOf('Suzy notes'),
			jobName: 'Suzy notes',
			userName: 'suzy',
			state: 'NORMAL',
			lastRun: expect.any(String),
			inputFile: '/home/suzy/notes.txt',
		});
		const none = harness({ events: ['scheduleRan'], filters: { owner: 'nobody' } });
		expect((await none.poll({ mode: 'manual' })).items).toBeNull();
	});
});
});
