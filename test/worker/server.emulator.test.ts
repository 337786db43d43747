/** The Worker node's Server operations against the emulator over real HTTP (split from worker.emulator.test.ts). */
import type { WorkerState } from '../../emulator/areas/worker';
import { DataflowWorker } from '../../nodes/Worker/DataflowWorker.node';
import { run } from '../harness';
import { useEmulator } from '../helpers/emulator';

const node = new DataflowWorker();
const fixture = useEmulator({ jobDurationMs: 300 });
const state = () => fixture.emulator.app.state.worker as WorkerState;

describe('Worker node against the emulator: server', () => {
	it('Server Get Status gives the server item, then one item per job and transformation', async () => {
		// In the one area file this test ran after the job tests had run load_sales; here it starts that job itself.
		state().engine.create({ name: 'load_sales', source: 'run', parameters: {} });
		const result = await run(node, { parameters: { resource: 'server', operation: 'getStatus' }, credentials: { dataflowServerApi: fixture.server() } });
		expect(result.error).toBeUndefined();
		const [server, ...entries] = result.items.map((i) => i.json as Record<string, any>);
		expect(server).toMatchObject({ kind: 'server', statusDesc: 'Online', jobCount: state().jobs.length, transformationCount: 2 });
		expect(typeof server.memoryTotal).toBe('number');
		expect(typeof server.cpuCores).toBe('number');
		expect(typeof server.osName).toBe('string');
		expect(entries.filter((e) => e.kind === 'job')).toHaveLength(state().jobs.length);
		expect(entries.filter((e) => e.kind === 'transformation').map((e) => [e.transName, e.statusDesc, e.paused])).toEqual([
			['stage_customers', 'Running', false],
			['daily_revenue', 'Finished', false],
		]);
		expect(entries.find((e) => e.jobName === 'load_sales')).toBeDefined();
	});

	it('Server Stop is refused with a clear message by the worker inside the BI server', async () => {
		const result = await run(node, { parameters: { resource: 'server', operation: 'stop' }, credentials: { dataflowServerApi: fixture.server() } });
		expect(result.error?.message).toBe('The worker server did not accept the stop request (request_accepted = N)');
		expect(result.error?.description).toMatch(/Only a standalone worker server/);
		// The servlet has no switch that enables stopping (StopCarteServlet.java@4df1b6ef): none is suggested.
		expect(result.error?.description).not.toMatch(/enable/i);
		expect(state().stopAccepted).toBe(false);
	});
});

describe('Worker node against an emulator that allows stopping', () => {
	const allowing = useEmulator({ allowStop: true, jobDurationMs: 100 });

	it('Server Stop is accepted', async () => {
		const result = await run(node, { parameters: { resource: 'server', operation: 'stop' }, credentials: { dataflowServerApi: allowing.server() } });
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json)).toEqual([{ requestAccepted: true }]);
		expect((allowing.emulator.app.state.worker as WorkerState).stopAccepted).toBe(true);
	});
});
