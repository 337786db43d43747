/**
 * The Worker Trigger's transformation events against the emulator: a transformation that finishes
 * or fails emits once; details (steps, result) decide a failure; a stopped one is a failure.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { ControlState, EmulatedTrans } from '../../emulator/areas/worker/trans';
import { DataflowWorkerTrigger } from '../../nodes/Worker/DataflowWorkerTrigger.node';
import { pollHarness, type PollHarness } from '../harness/poll';
import { useEmulator } from '../helpers/emulator';
import { cursorEntries, emitted, MINUTE } from './helpers';

const fixture = useEmulator({ seed: { worker: { transformations: [] } } });
const trigger = new DataflowWorkerTrigger();
const DURATION = 10 * MINUTE;
let counter = 0;

const app = () => fixture.emulator.app;
const trans = () => (app().state.workerControl as ControlState).trans;
const prefix = () => `tr${++counter}_`;

function start(name: string, parameters: Record<string, string> = {}): EmulatedTrans {
	return trans().create({ name, source: 'run', path: `/public/etl/${name}`, parameters: { DURATION_MS: String(DURATION), ...parameters } });
}

function harness(parameters: INodeParameters): PollHarness {
	return pollHarness({ nodeType: trigger, parameters, credentials: { dataflowServerApi: fixture.server() } });
}

const idOf = (item: IDataObject) => ((item.transformation ?? item.job) as IDataObject).id;

afterEach(() => app().advanceClock(DURATION * 2));

describe('Dataflow Worker Trigger: transformations', () => {
	it('emits a finished and a failed transformation once each, with steps and the failing step named', async () => {
		const p = prefix();
		const ok = start(`${p}ok`);
		const bad = start(`${p}bad`, { FAIL: 'Y', FAIL_STEP: 'Filter rows' });
		const h = harness({ events: ['transformationFinished', 'transformationFailed'], filters: { transName: `${p}*` } });
		expect((await h.poll()).items).toBeNull();
		expect(Object.keys(cursorEntries(h.saved, 'transformations')).sort()).toEqual([ok.id, bad.id].sort());

		app().advanceClock(DURATION + MINUTE);
		const outcome = await h.poll();
		expect(emitted(outcome, idOf)?.sort()).toEqual([`transformationFailed ${bad.id}`, `transformationFinished ${ok.id}`].sort());
		const failed = outcome.items!.find((i) => i.event === 'transformationFailed')!;
		expect(failed.transformation).toMatchObject({ id: bad.id, transName: `${p}bad`, statusDesc: 'Finished (with errors)' });
		expect((failed.transformation as IDataObject).steps).toEqual(
			expect.arrayContaining([expect.objectContaining({ stepName: 'Filter rows', errors: 1 })]),
		);
		expect(failed.failure).toEqual({ kind: 'errors', reason: expect.stringContaining('1 error in step "Filter rows"') });
		const finished = outcome.items!.find((i) => i.event === 'transformationFinished')!;
		expect(finished.failure).toBeUndefined();
		expect((finished.transformation as IDataObject).log).toBeUndefined();

		// Once only: later polls emit nothing for them.
		expect((await h.poll()).items).toBeNull();
	});

	it('a transformation stopped on the server is a failure, and only selected events go out', async () => {
		const p = prefix();
		const stopped = start(`${p}stopped`);
		const fine = start(`${p}fine`);
		const h = harness({ events: ['transformationFailed'], filters: { transName: `${p}*` } });
		await h.poll();
		app().advanceClock(MINUTE);
		trans().stop(stopped, false);
		app().advanceClock(DURATION);
		const outcome = await h.poll();
		expect(emitted(outcome, idOf)).toEqual([`transformationFailed ${stopped.id}`]);
		expect(outcome.items![0].failure).toMatchObject({ kind: 'stopped' });
		expect(fine.id).not.toBe(stopped.id);
	});

	it('job events alone do not read or emit transformations', async () => {
		const p = prefix();
		start(`${p}x`, { DURATION_MS: '1' });
		const h = harness({ events: ['jobFinished'], filters: { jobName: `${p}*` } });
		await h.poll();
		app().advanceClock(MINUTE);
		expect((await h.poll()).items).toBeNull();
		expect(cursorEntries(h.saved, 'transformations')).toEqual({});
	});
});
