/**
 * The server's document is in an output only when asked: for every operation of every node, its sample
 * run without Include Raw Response gives items without a `raw` field; and where an operation offers
 * Include Raw Response, turning it on adds `raw` (so the option is not a dead switch).
 */
import type { INodeProperties } from 'n8n-workflow';

import { enumerateOperations, type OperationRef } from './catalogue';
import { reliabilityEmulator, runSample, sampleOf } from './runner';

const fixture = reliabilityEmulator();
const operations = enumerateOperations();

/** Whether the operation shows an Options collection with Include Raw Response. */
function offersRaw(ref: OperationRef): boolean {
	const properties = ref.nodeType.description.properties as INodeProperties[];
	return properties.some((property) => {
		const show = property.displayOptions?.show ?? {};
		const shown = (key: string, value: string) => show[key] === undefined || (show[key] as unknown[]).includes(value);
		return property.type === 'collection' && shown('resource', ref.resource) && shown('operation', ref.operation) && (property.options ?? []).some((o) => 'name' in o && o.name === 'includeRaw');
	});
}

describe.each(operations.map((o) => [o.key, o] as const))('%s', (_key, ref) => {
	it('no raw field unless Include Raw Response is on', async () => {
		const { result } = await runSample(fixture, ref);
		expect(result.error?.message).toBeUndefined();
		expect(result.items.filter((item) => 'raw' in item.json).length).toBe(0);
	});

	if (offersRaw(ref)) {
		it('Include Raw Response adds raw', async () => {
			const options = { ...((sampleOf(ref).parameters?.options as Record<string, unknown> | undefined) ?? {}), includeRaw: true };
			const { result } = await runSample(fixture, ref, { parameters: { options } });
			expect(result.error?.message).toBeUndefined();
			// Lists carry it on their first item; an operation that answers nothing has no item to carry it.
			if (result.items.length > 0) expect(result.items.some((item) => 'raw' in item.json)).toBe(true);
		});
	}
});
