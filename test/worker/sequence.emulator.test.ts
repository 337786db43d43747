/** The Worker node's Sequence operations against the emulator over real HTTP (split from worker.emulator.test.ts). */
import { DataflowWorker } from '../../nodes/Worker/DataflowWorker.node';
import { run } from '../harness';
import { useEmulator } from '../helpers/emulator';

const node = new DataflowWorker();
const fixture = useEmulator({ jobDurationMs: 300 });

describe('Worker node against the emulator: sequences', () => {
	it('Sequence Reserve hands out consecutive blocks; an unknown sequence fails with the server message', async () => {
		const reserve = (sequenceName: string, increment?: number) =>
			run(node, {
				parameters: { resource: 'sequence', operation: 'reserve', sequenceName, options: increment === undefined ? {} : { increment } },
				credentials: { dataflowServerApi: fixture.server() },
			});
		const first = await reserve('orders', 100);
		const second = await reserve('orders');
		expect(first.items[0].json).toEqual({ name: 'orders', firstValue: 1, lastValue: 100, increment: 100 });
		expect(second.items[0].json).toEqual({ name: 'orders', firstValue: 101, lastValue: 10100, increment: 10000 });
		const unknown = await reserve('nope');
		expect(unknown.error?.message).toBe('The worker server has no sequence named "nope" (HTTP 404)');
		expect(unknown.error?.httpCode).toBe('404');
	});
});
