/**
 * Load: one execution with 10 000 input items through a cheap operation answers every item, pairs
 * it to its input, and sends exactly one request per item — none lost, none duplicated.
 *
 * The time limit is a hang guard, not a benchmark (speed is measured by `npm run bench`): about 15 s
 * on a quiet machine, so 600 s leaves 40 times that for a busy one.
 */
import { DataflowWorker } from '../../nodes/Worker/DataflowWorker.node';
import { run } from '../harness';
import { reliabilityEmulator } from './runner';

const fixture = reliabilityEmulator();
const ITEMS = 10_000;

it(`${ITEMS} items: every one answered and paired, one request each`, async () => {
	fixture.resetRequests();
	const result = await run(new DataflowWorker(), {
		parameters: { resource: 'sequence', operation: 'reserve', sequenceName: 'orders', options: { increment: 1 } },
		credentials: { dataflowServerApi: fixture.server() },
		input: Array.from({ length: ITEMS }, (_, n) => ({ json: { n } })),
	});
	expect(result.error?.message).toBeUndefined();
	expect(result.items).toHaveLength(ITEMS);
	expect(result.items.every((item, index) => (item.pairedItem as { item: number }).item === index)).toBe(true);
	// Each request reserved its own value: a duplicated request would reserve a value twice, a
	// lost one would leave a gap.
	const values = result.items.map((i) => Number(i.json.firstValue)).sort((a, b) => a - b);
	expect(new Set(values).size).toBe(ITEMS);
	expect(values[ITEMS - 1] - values[0]).toBe(ITEMS - 1);
	const requests = fixture.emulator.app.requests.filter((r) => r.path.endsWith('/nextSequence'));
	expect(requests).toHaveLength(ITEMS);
	expect(fixture.emulator.app.requests).toHaveLength(ITEMS);
}, 600_000);
