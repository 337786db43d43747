/**
 * The "Simplify" option (n8n's UX guidelines, "Simplifying output fields"): where an operation's items
 * carry more than 10 fields, Simplify keeps at most 10 of them, the most useful first, nested values
 * flattened where that helps. Each node lists its fields once, in its shared/ folder; the executor
 * applies them (`simplify` of `defineOperation` / `requestOperation`) to every output item when the
 * operation's Options have Simplify on. Binary data and `raw` (Include Raw Response) are kept.
 */
import type { IDataObject, INodeExecutionData, INodeProperties } from 'n8n-workflow';

/** At most this many fields in a simplified item (`raw` not counted). */
export const MAX_SIMPLIFIED_FIELDS = 10;

/** The "Simplify" option of an operation's Options collection (off by default: no output changes unless asked). */
export const SIMPLIFY_OPTION: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: false,
	description: 'Whether to return a simplified version of the response instead of the raw data',
};

/**
 * One field of a simplified item: a field name kept as it is, or `{ as, from }` (the value at a dotted
 * path, a flattened nested value; a key that itself holds dots is read first), or `{ as, compute }`
 * (computed from the whole record, such as a nested list simplified in turn).
 */
export type SimplifiedField = string | { as: string; from: string } | { as: string; compute: (record: IDataObject) => unknown };

/** The fields of a simplified item, most useful first: the first 10 that the record has are kept. */
export type SimplifiedFields = readonly SimplifiedField[];

function valueAt(record: IDataObject, path: string): unknown {
	if (path in record) return record[path];
	let value: unknown = record;
	for (const part of path.split('.')) {
		if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
		value = (value as IDataObject)[part];
	}
	return value;
}

/**
 * The record with only the listed fields, in the list's order: a field the record lacks is skipped and
 * the next one in the list takes its place, up to 10 fields. `raw` (Include Raw Response) is kept as well.
 */
export function simplify(record: IDataObject, fields: SimplifiedFields): IDataObject {
	const out: IDataObject = {};
	let count = 0;
	for (const field of fields) {
		if (count >= MAX_SIMPLIFIED_FIELDS) break;
		const name = typeof field === 'string' ? field : field.as;
		if (name in out) continue;
		const value = typeof field === 'string' ? record[field] : 'from' in field ? valueAt(record, field.from) : field.compute(record);
		if (value === undefined) continue;
		out[name] = value as IDataObject[string];
		count++;
	}
	if ('raw' in record) out.raw = record.raw;
	return out;
}

/** Output items simplified: each item's JSON through `simplify`, its binary data and pairing untouched. */
export function simplifyItems(items: INodeExecutionData[], fields: SimplifiedFields): INodeExecutionData[] {
	return items.map((item) => ({ ...item, json: simplify(item.json, fields) }));
}
