/**
 * Every operation of every action node, read from the node descriptions, has a sample and runs
 * successfully against the emulator, each output item paired to its input.
 */
import { enumerateOperations } from './catalogue';
import { reliabilityEmulator, runSample } from './runner';
import { SAMPLES } from './samples';

const operations = enumerateOperations();
const fixture = reliabilityEmulator();

describe('the operation catalogue', () => {
	it('finds the operations of every node in the package', () => {
		expect(operations.length).toBeGreaterThanOrEqual(20);
		expect(new Set(operations.map((o) => o.node)).size).toBeGreaterThanOrEqual(4);
	});

	it('has a sample for every operation, and no sample for an operation that does not exist', () => {
		const keys = operations.map((o) => o.key);
		expect(keys.filter((k) => !SAMPLES[k])).toEqual([]);
		expect(Object.keys(SAMPLES).filter((k) => !keys.includes(k))).toEqual([]);
	});
});

describe.each(operations.map((o) => [o.key, o] as const))('%s', (_key, ref) => {
	it('succeeds with its sample, every output paired to the input', async () => {
		const { result } = await runSample(fixture, ref, { items: [0] });
		expect(result.error?.message).toBeUndefined();
		for (const item of result.items) {
			expect(item.json.error).toBeUndefined();
			expect(item.pairedItem).toEqual({ item: 0 });
		}
	});
});
