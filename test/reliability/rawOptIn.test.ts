/**
 * The server's document is in an output only when asked: for every operation of every node, its sample
 * run without Include Raw Response gives items without a `raw` field; and where an operation offers
 * Include Raw Response, turning it on adds `raw` (so the option is not a dead switch).
 */
import { enumerateOperations, operationOptions } from './catalogue';
import { reliabilityEmulator, runSample, sampleOptions } from './runner';

const fixture = reliabilityEmulator();
const operations = enumerateOperations();

describe.each(operations.map((o) => [o.key, o] as const))('%s', (_key, ref) => {
	it('no raw field unless Include Raw Response is on', async () => {
		const { result } = await runSample(fixture, ref);
		expect(result.error?.message).toBeUndefined();
		expect(result.items.filter((item) => 'raw' in item.json).length).toBe(0);
	});

	if (operationOptions(ref).some((option) => option.name === 'includeRaw')) {
		it('Include Raw Response adds raw', async () => {
			const options = { ...sampleOptions(ref), includeRaw: true };
			const { result } = await runSample(fixture, ref, { parameters: { options } });
			expect(result.error?.message).toBeUndefined();
			// Lists carry it on their first item.
			expect(result.items.some((item) => 'raw' in item.json)).toBe(true);
		});
	}
});
