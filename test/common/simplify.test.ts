/** nodes/common/simplify.ts: what Simplify keeps of a record. */
import type { IDataObject } from 'n8n-workflow';

import { MAX_SIMPLIFIED_FIELDS, simplify, simplifyItems } from '../../nodes/common/simplify';

describe('simplify', () => {
	const record = { a: 1, b: { c: 'deep', 'd.e': 'dotted' }, 'x.y': 'flat key', list: [{ a: 1, z: 2 }], empty: null, raw: '<xml/>' };

	it('keeps the listed fields in the list\'s order, flattens dotted paths, skips what is absent, keeps raw', () => {
		expect(simplify(record, ['x.y', { as: 'c', from: 'b.c' }, 'missing', 'a', { as: 'nowhere', from: 'b.c.d' }, 'empty'])).toEqual({ 'x.y': 'flat key', c: 'deep', a: 1, empty: null, raw: '<xml/>' });
		expect(Object.keys(simplify(record, ['a', { as: 'c', from: 'b.c' }]))).toEqual(['a', 'c', 'raw']);
		expect(simplify({ a: 1 }, ['a'])).toEqual({ a: 1 });
	});

	it('computes fields from the record (a nested list simplified in turn)', () => {
		expect(simplify(record, [{ as: 'list', compute: (r) => (r.list as IDataObject[]).map((e) => simplify(e, ['z'])) }])).toEqual({ list: [{ z: 2 }], raw: '<xml/>' });
	});

	it(`keeps at most ${MAX_SIMPLIFIED_FIELDS} fields: a field the record lacks gives its place to the next one`, () => {
		const wide = Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`f${i}`, i]));
		const fields = Array.from({ length: 15 }, (_, i) => `f${i}`);
		expect(Object.keys(simplify(wide, fields))).toEqual(fields.slice(0, 10));
		const { f2: _f2, ...without } = wide;
		expect(Object.keys(simplify(without, fields))).toEqual([...fields.slice(0, 2), ...fields.slice(3, 11)]);
	});

	it('simplifyItems leaves binary data and pairing alone', () => {
		const binary = { data: { data: 'AAAA', mimeType: 'text/plain' } };
		expect(simplifyItems([{ json: { a: 1, b: 2 }, binary, pairedItem: { item: 3 } }], ['b'])).toEqual([{ json: { b: 2 }, binary, pairedItem: { item: 3 } }]);
	});
});
