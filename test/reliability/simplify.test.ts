/**
 * n8n's rule "Simplifying output fields" (UX guidelines): an operation whose items carry more than 10 fields
 * offers Simplify. For every operation of every node, from its sample: an operation that offers Simplify gives,
 * with Simplify on, items of at most 10 fields (`raw` not counted), and Include Raw Response still adds `raw`;
 * an operation that does not offer it gives items of at most 10 fields as they are. A new operation with large
 * items, or an operation that loses the option, fails here.
 */
import type { INodeExecutionData } from 'n8n-workflow';

import { MAX_SIMPLIFIED_FIELDS, SIMPLIFY_OPTION } from '../../nodes/common/simplify';
import { enumerateOperations, operationOptions, type OperationRef } from './catalogue';
import { reliabilityEmulator, runSample, sampleOptions } from './runner';

const fixture = reliabilityEmulator();
const operations = enumerateOperations();

function optionNames(ref: OperationRef): string[] {
	return operationOptions(ref).map((option) => option.name);
}

/** The field count of each item, `raw` (Include Raw Response) not counted. */
function fieldCounts(items: INodeExecutionData[]): number[] {
	return items.map((item) => Object.keys(item.json).filter((key) => key !== 'raw').length);
}

const offering = operations.filter((ref) => optionNames(ref).includes('simplify'));

it('the rule is measured: Simplify is offered by some operations and not by others', () => {
	expect(offering.length).toBeGreaterThan(10);
	expect(operations.length - offering.length).toBeGreaterThan(10);
});

describe.each(operations.map((o) => [o.key, o] as const))('%s', (_key, ref) => {
	if (optionNames(ref).includes('simplify')) {
		it('Simplify is n8n\'s option (name, type, default off, description) and the Options stay sorted', () => {
			expect(operationOptions(ref).find((option) => option.name === 'simplify')).toEqual(SIMPLIFY_OPTION);
			const names = operationOptions(ref).map((option) => option.displayName);
			expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
		});

		it(`with Simplify on, items have at most ${MAX_SIMPLIFIED_FIELDS} fields`, async () => {
			const { result } = await runSample(fixture, ref, { parameters: { options: { ...sampleOptions(ref), simplify: true } } });
			expect(result.error?.message).toBeUndefined();
			expect(result.items.length).toBeGreaterThan(0);
			expect(Math.max(...fieldCounts(result.items))).toBeLessThanOrEqual(MAX_SIMPLIFIED_FIELDS);
			expect(result.items.some((item) => 'raw' in item.json)).toBe(false);
		});

		if (optionNames(ref).includes('includeRaw')) {
			it('with Simplify and Include Raw Response on, raw is still added', async () => {
				const { result } = await runSample(fixture, ref, { parameters: { options: { ...sampleOptions(ref), simplify: true, includeRaw: true } } });
				expect(result.error?.message).toBeUndefined();
				expect(result.items.some((item) => item.json.raw !== undefined && item.json.raw !== '')).toBe(true);
				expect(Math.max(...fieldCounts(result.items))).toBeLessThanOrEqual(MAX_SIMPLIFIED_FIELDS);
			});
		}
	} else {
		it(`without Simplify, items have at most ${MAX_SIMPLIFIED_FIELDS} fields (else the operation must offer Simplify)`, async () => {
			const { result } = await runSample(fixture, ref);
			expect(result.error?.message).toBeUndefined();
			expect(Math.max(0, ...fieldCounts(result.items))).toBeLessThanOrEqual(MAX_SIMPLIFIED_FIELDS);
		});
	}
});
