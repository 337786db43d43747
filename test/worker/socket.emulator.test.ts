/** The Worker node's Socket operations against the emulator over real HTTP (split from worker.emulator.test.ts). */
import type { WorkerState } from '../../emulator/areas/worker';
import { DataflowWorker } from '../../nodes/Worker/DataflowWorker.node';
import { run } from '../harness';
import { useEmulator } from '../helpers/emulator';

const node = new DataflowWorker();
const fixture = useEmulator({ jobDurationMs: 300 });
const state = () => fixture.emulator.app.state.worker as WorkerState;

describe('Worker node against the emulator: sockets', () => {
	it('Socket Allocate gives unique ports per host; Get Many shows them, only open ones on request', async () => {
		const allocate = async (fields: Record<string, string | number>) =>
			(
				await run(node, {
					parameters: { resource: 'socket', operation: 'allocate', allocationFields: fields },
					credentials: { dataflowServerApi: fixture.server() },
				})
			).items[0].json.port;
		const a = await allocate({ host: 'node-a', trans: 'sales', sourceSlave: 'm', sourceStep: 'Read', sourceCopy: 0, targetSlave: 's', targetStep: 'Write', targetCopy: 0 });
		const b = await allocate({ host: 'node-a', trans: 'sales', sourceSlave: 'm', sourceStep: 'Read', sourceCopy: 1, targetSlave: 's', targetStep: 'Write', targetCopy: 0 });
		const c = await allocate({ host: 'node-b', trans: 'sales' });
		expect([a, b, c]).toEqual([40000, 40001, 40000]);
		state().sockets.find((s) => s.host === 'node-a' && s.port === 40001)!.allocated = false;

		const list = async (onlyOpen: boolean) =>
			(
				await run(node, {
					parameters: { resource: 'socket', operation: 'list', host: 'node-a', options: { onlyOpen } },
					credentials: { dataflowServerApi: fixture.server() },
				})
			).items.map((i) => i.json);
		const all = await list(false);
		expect(all.map((p) => [p.port, p.transformation, p.status, p.sourceStep, p.sourceCopy])).toEqual([
			[40000, 'sales', 'open', 'Read', 0],
			[40001, 'sales', 'closed', 'Read', 1],
		]);
		expect(all[0].lastUsed).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/);
		expect((await list(true)).map((p) => p.port)).toEqual([40000]);
	});
});
