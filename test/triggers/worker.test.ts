/**
 * The Worker Trigger against the emulator: jobs run on the emulator clock (Waiting → Running →
 * Finished / Finished (with errors) / Stopped) and every poll's items are asserted exactly.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { EmulatedJob } from '../../emulator/areas/worker/jobs';
import type { WorkerState } from '../../emulator/areas/worker';
import { DataflowWorkerTrigger } from '../../nodes/Worker/DataflowWorkerTrigger.node';
import { pollHarness, type PollHarness } from '../harness/poll';
import { useEmulator } from '../helpers/emulator';
import { cursorEntries, emitted, isIsoBetween, MINUTE } from './helpers';

const fixture = useEmulator({ seed: { worker: { transformations: [] } } });
const trigger = new DataflowWorkerTrigger();
const DURATION = 10 * MINUTE;
let counter = 0;

const app = () => fixture.emulator.app;
const engine = () => (app().state.worker as WorkerState).engine;

/** A unique name prefix per test, so jobs of other tests never match its filter. */
function prefix(): string {
	return `t${++counter}_`;
}

/** A job that runs for 10 minutes of emulator time, already past Waiting. */
function startJob(name: string, parameters: Record<string, string> = {}): EmulatedJob {
	const job = engine().create({ name, source: 'run', parameters: { DURATION_MS: String(DURATION), ...parameters } });
	return job;
}

function harness(parameters: INodeParameters): PollHarness {
	return pollHarness({ nodeType: trigger, parameters, credentials: { dataflowServerApi: fixture.server() } });
}

const idOf = (item: IDataObject) => (item.job as IDataObject).id;
const polled = async (h: PollHarness, options: Parameters<PollHarness['poll']>[0] = {}) => emitted(await h.poll(options), idOf);

afterEach(() => {
	// Ends every job of the test, so none ends during a later one.
	app().advanceClock(DURATION * 2);
});

describe('Dataflow Worker Trigger', () => {
	it('records a baseline on the first poll, then emits a job that finishes once', async () => {
		const p = prefix();
		const done = startJob(`${p}done`);
		const running = startJob(`${p}running`, { DURATION_MS: String(3 * DURATION) });
		app().advanceClock(DURATION + MINUTE);
		const h = harness({ events: ['jobFinished', 'jobFailed', 'jobStatusChanged'], filters: { jobName: `${p}*` } });

		const first = await h.poll();
		expect(first.items).toBeNull();
		expect(first.staticDataChanged).toBe(true);
		expect(Object.keys(cursorEntries(h.saved, 'jobs')).sort()).toEqual([done.id, running.id].sort());

		expect(await polled(h)).toBeNull();
		app().advanceClock(2 * DURATION);
		const before = Date.now();
		const outcome = await h.poll();
		const after = Date.now();
		expect(emitted(outcome, idOf)).toEqual([`jobStatusChanged ${running.id}`, `jobFinished ${running.id}`]);
		const [changed, finished] = outcome.items!;
		expect(changed).toEqual({
			event: 'jobStatusChanged',
			occurredAt: changed.occurredAt,
			job: expect.objectContaining({ id: running.id, jobName: `${p}running`, statusDesc: 'Finished' }),
			previous: { statusDesc: 'Running' },
		});
		expect(isIsoBetween(changed.occurredAt, before, after)).toBe(true);
		expect(finished.event).toBe('jobFinished');
		expect(finished.job).toMatchObject({ id: running.id, jobName: `${p}running`, statusDesc: 'Finished', result: { nrErrors: 0, result: true } });
		expect(finished.failure).toBeUndefined();
		expect((finished.job as IDataObject).log).toBeUndefined();
		expect(await polled(h)).toBeNull();
	});

	it('follows a job from Waiting through Running to Finished, one item per change', async () => {
		const p = prefix();
		const h = harness({ events: ['jobFinished', 'jobFailed', 'jobStatusChanged'], filters: { jobName: `${p}*` } });
		expect(await polled(h)).toBeNull();

		const job = startJob(`${p}load`);
		const waiting = await h.poll();
		expect(emitted(waiting, idOf)).toEqual([`jobStatusChanged ${job.id}`]);
		expect(waiting.items![0]).toMatchObject({ job: { statusDesc: 'Waiting' }, previous: { statusDesc: null } });

		app().advanceClock(MINUTE);
		const running = await h.poll();
		expect(emitted(running, idOf)).toEqual([`jobStatusChanged ${job.id}`]);
		expect(running.items![0]).toMatchObject({ job: { statusDesc: 'Running' }, previous: { statusDesc: 'Waiting' } });
		expect(await polled(h)).toBeNull();

		app().advanceClock(DURATION);
		expect(await polled(h)).toEqual([`jobStatusChanged ${job.id}`, `jobFinished ${job.id}`]);
		expect(await polled(h)).toBeNull();
		expect(h.emitted).toHaveLength(3);
	});

	it('emits Job Failed for jobs finished with errors or stopped, with the reason', async () => {
		const p = prefix();
		const h = harness({ events: ['jobFailed'], filters: { jobName: `${p}*` } });
		await h.poll();
		const ok = startJob(`${p}ok`);
		const errors = startJob(`${p}errors`, { FAIL: 'Y', ERRORS: '3' });
		const stopped = startJob(`${p}stopped`, { STOP: 'Y' });
		const resultN = startJob(`${p}resultN`, { RESULT: 'N' });
		app().advanceClock(MINUTE);
		expect(await polled(h)).toBeNull();
		app().advanceClock(DURATION);
		const outcome = await h.poll();
		// In the order the server lists its jobs (its job map's hash order), not the order they were added.
		expect([...(emitted(outcome, idOf) ?? [])].sort()).toEqual([`jobFailed ${errors.id}`, `jobFailed ${stopped.id}`, `jobFailed ${resultN.id}`].sort());
		const byId = (id: string) => outcome.items!.find((item) => idOf(item) === id)!;
		const [e, s, r] = [byId(errors.id), byId(stopped.id), byId(resultN.id)];
		expect(e).toMatchObject({ job: { statusDesc: 'Finished (with errors)', result: { nrErrors: 3 } }, failure: { kind: 'errors' } });
		expect(s).toMatchObject({ job: { statusDesc: 'Stopped' }, failure: { kind: 'stopped' } });
		expect(r).toMatchObject({ job: { statusDesc: 'Finished', result: { result: false } }, failure: { kind: 'errors' } });
		expect(outcome.items!.map((i) => idOf(i))).not.toContain(ok.id);
		expect(await polled(h)).toBeNull();
	});

	it('without job details classifies by status only and sends no status requests per job', async () => {
		const p = prefix();
		const h = harness({ events: ['jobFinished', 'jobFailed'], filters: { jobName: `${p}*` }, options: { fetchDetails: false } });
		await h.poll();
		const resultN = startJob(`${p}resultN`, { RESULT: 'N' });
		const failed = startJob(`${p}fail`, { FAIL: 'Y' });
		app().advanceClock(DURATION + MINUTE);
		fixture.resetRequests();
		const outcome = await h.poll();
		expect([...emitted(outcome, idOf)!].sort()).toEqual([`jobFinished ${resultN.id}`, `jobFailed ${failed.id}`].sort());
		expect(outcome.items!.find((item) => idOf(item) === resultN.id)!.job).not.toHaveProperty('result');
		expect(fixture.requests().filter((r) => r.includes('jobStatus'))).toEqual([]);
	});

	it('carries the log when asked', async () => {
		const p = prefix();
		const h = harness({ events: ['jobFinished'], filters: { jobName: `${p}*` }, options: { includeLog: true } });
		await h.poll();
		const job = startJob(`${p}logged`, { LOG_LINES: '3' });
		app().advanceClock(DURATION + MINUTE);
		const outcome = await h.poll();
		expect(emitted(outcome, idOf)).toEqual([`jobFinished ${job.id}`]);
		expect(String((outcome.items![0].job as IDataObject).log).split('\n').filter(Boolean)).toHaveLength(3);
	});

	it('watches only jobs whose name matches the filter', async () => {
		const p = prefix();
		const h = harness({ events: ['jobFinished'], filters: { jobName: `${p}LOAD_*, ${p}exact` } });
		await h.poll();
		const a = startJob(`${p}load_sales`);
		startJob(`${p}other`);
		const b = startJob(`${p}exact`);
		startJob(`${p}exactly`);
		app().advanceClock(DURATION + MINUTE);
		expect([...(await polled(h))!].sort()).toEqual([`jobFinished ${a.id}`, `jobFinished ${b.id}`].sort());
	});

	it('emits the jobs that exist on the first poll when asked', async () => {
		const p = prefix();
		const done = startJob(`${p}done`);
		const failed = startJob(`${p}failed`, { FAIL: 'Y' });
		app().advanceClock(DURATION + MINUTE);
		const running = startJob(`${p}running`);
		app().advanceClock(MINUTE);
		const h = harness({ events: ['jobFinished', 'jobFailed', 'jobStatusChanged'], filters: { jobName: `${p}*` }, options: { emitExisting: true } });
		// Each job's events in order; the jobs in the order the server lists them (its job map's hash order).
		const events = (await polled(h))!;
		const of = (id: string) => events.filter((e) => e.endsWith(` ${id}`));
		expect(events).toHaveLength(5);
		expect(of(done.id)).toEqual([`jobStatusChanged ${done.id}`, `jobFinished ${done.id}`]);
		expect(of(failed.id)).toEqual([`jobStatusChanged ${failed.id}`, `jobFailed ${failed.id}`]);
		expect(of(running.id)).toEqual([`jobStatusChanged ${running.id}`]);
		expect(await polled(h)).toBeNull();
		app().advanceClock(DURATION);
		expect(await polled(h)).toEqual([`jobStatusChanged ${running.id}`, `jobFinished ${running.id}`]);
	});

	it('emits a job once across a restart that keeps only the static data', async () => {
		const p = prefix();
		const h = harness({ events: ['jobFinished'], filters: { jobName: `${p}*` } });
		await h.poll();
		const first = startJob(`${p}first`);
		app().advanceClock(DURATION + MINUTE);
		expect(await polled(h)).toEqual([`jobFinished ${first.id}`]);

		// Restarted after the commit: nothing is emitted again.
		const restarted = h.restart();
		expect(await polled(restarted)).toBeNull();

		// n8n stops after a poll but before its commit: neither the items nor the cursor were kept.
		const second = startJob(`${p}second`);
		app().advanceClock(DURATION + MINUTE);
		const crashed = await restarted.poll({ crashBeforeCommit: true });
		expect(crashed.items).toBeNull();
		expect(restarted.emitted).toHaveLength(0);
		const again = restarted.restart();
		expect(await polled(again)).toEqual([`jobFinished ${second.id}`]);
		expect(await polled(again)).toBeNull();
		expect(await polled(again.restart())).toBeNull();
	});

	it('keeps the cursor when a poll fails, and emits the change on the next poll', async () => {
		const p = prefix();
		const h = harness({ events: ['jobFinished'], filters: { jobName: `${p}*` } });
		await h.poll();
		const job = startJob(`${p}job`);
		app().advanceClock(DURATION + MINUTE);
		const saved = h.saved;
		app().faults.add({ kind: 'error500', path: '/dataflow/status', times: 1 });
		const failed = await h.poll();
		expect(failed.error).toBeDefined();
		expect(failed.items).toBeNull();
		expect(h.saved).toEqual(saved);
		expect(await polled(h)).toEqual([`jobFinished ${job.id}`]);
	});

	it.each(['unauthorized', 'error500'] as const)(
		'a %s answer while reading an ended job\'s details fails the poll (keeps the cursor), it is not read as "the job left the worker"',
		async (kind) => {
			const p = prefix();
			const h = harness({ events: ['jobFinished'], filters: { jobName: `${p}*` } });
			await h.poll();
			const job = startJob(`${p}job`);
			app().advanceClock(DURATION + MINUTE);
			const saved = h.saved;
			// No count: n8n's log-in-again on a 401 repeats the request.
			const fault = app().faults.add({ kind, path: '/dataflow/jobStatus' });
			const failed = await h.poll();
			app().faults.remove(fault);
			expect(failed.error).toBeDefined();
			expect(failed.items).toBeNull();
			expect(h.saved).toEqual(saved);
			const next = await h.poll();
			expect(emitted(next, idOf)).toEqual([`jobFinished ${job.id}`]);
			// With the details read: the status document's log line numbers and result are there.
			expect(next.items![0].job).toMatchObject({ id: job.id, result: { nrErrors: 0 } });
		},
	);

	it('the worker\'s "could not be found" answer for an ended job\'s details (it left the worker) emits what the status list said', async () => {
		const p = prefix();
		const h = harness({ events: ['jobFinished'], filters: { jobName: `${p}*` } });
		await h.poll();
		const job = startJob(`${p}job`);
		app().advanceClock(DURATION + MINUTE);
		app().faults.add({ kind: 'resultError', path: '/dataflow/jobStatus', times: 1, message: `The specified job [${p}job] could not be found` });
		const outcome = await h.poll();
		expect(emitted(outcome, idOf)).toEqual([`jobFinished ${job.id}`]);
		expect(outcome.items![0].job).toMatchObject({ id: job.id, statusDesc: 'Finished' });
		expect((outcome.items![0].job as IDataObject).firstLogLineNr).toBeUndefined();
	});

	it('another ERROR answer for an ended job\'s details fails the poll instead of being read as "left the worker"', async () => {
		const p = prefix();
		const h = harness({ events: ['jobFinished'], filters: { jobName: `${p}*` } });
		await h.poll();
		const job = startJob(`${p}job`);
		app().advanceClock(DURATION + MINUTE);
		app().faults.add({ kind: 'resultError', path: '/dataflow/jobStatus', times: 1, message: 'Unexpected error reading the job' });
		const failed = await h.poll();
		expect(failed.error).toBeDefined();
		expect(await polled(h)).toEqual([`jobFinished ${job.id}`]);
	});

	it('ends a job once even when the worker runs it again under the same id', async () => {
		const p = prefix();
		const h = harness({ events: ['jobFinished', 'jobStatusChanged'], filters: { jobName: `${p}*` } });
		await h.poll();
		const job = startJob(`${p}again`);
		app().advanceClock(DURATION + MINUTE);
		expect(await polled(h)).toEqual([`jobStatusChanged ${job.id}`, `jobFinished ${job.id}`]);
		// The worker runs it again under the same id (startJob of an ended job re-creates it in the same entry).
		engine().restart(job, { parameters: job.parameters, variables: job.variables }, app().now() - MINUTE);
		expect(await polled(h)).toEqual([`jobStatusChanged ${job.id}`]);
		app().advanceClock(DURATION);
		expect(await polled(h)).toEqual([`jobStatusChanged ${job.id}`]);
	});

	it('drops a job that leaves the list before its end was seen, without an event', async () => {
		const p = prefix();
		const h = harness({ events: ['jobFinished', 'jobFailed'], filters: { jobName: `${p}*` } });
		const job = startJob(`${p}gone`);
		app().advanceClock(MINUTE);
		await h.poll();
		expect(cursorEntries(h.saved, 'jobs')).toHaveProperty(job.id);
		engine().jobs.splice(engine().jobs.indexOf(job), 1);
		expect(await polled(h)).toBeNull();
		expect(cursorEntries(h.saved, 'jobs')).toEqual({});
	});

	it('returns the most recent matching job in manual mode without touching the cursor', async () => {
		const p = prefix();
		const older = startJob(`${p}older`);
		app().advanceClock(MINUTE);
		const newer = startJob(`${p}newer`, { FAIL: 'Y' });
		app().advanceClock(DURATION + MINUTE);
		startJob(`${p}running`);
		app().advanceClock(MINUTE);

		const finished = harness({ events: ['jobFinished'], filters: { jobName: `${p}*` } });
		const manual = await finished.poll({ mode: 'manual' });
		expect(emitted(manual, idOf)).toEqual([`jobFinished ${older.id}`]);
		expect(manual.items![0].job).toMatchObject({ statusDesc: 'Finished', result: { nrErrors: 0 } });
		expect(manual.staticDataChanged).toBe(false);
		expect(finished.saved).toEqual({});

		const failed = harness({ events: ['jobFailed', 'jobFinished'], filters: { jobName: `${p}*` } });
		expect(emitted(await failed.poll({ mode: 'manual' }), idOf)).toEqual([`jobFailed ${newer.id}`]);

		const none = harness({ events: ['jobFinished'], filters: { jobName: `${p}nothing` } });
		expect((await none.poll({ mode: 'manual' })).items).toBeNull();

		// Manual mode left no baseline: the first trigger poll still records one.
		expect((await finished.poll()).items).toBeNull();
	});

	it('refuses a poll without events', async () => {
		const h = harness({ events: [] });
		const outcome = await h.poll();
		expect(outcome.error?.message).toMatch(/No event selected/);
		expect(h.saved).toEqual({});
	});
});
