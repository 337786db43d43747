/**
 * The name lists the data-source endpoints answer (a platform `JaxbList`): XML
 * `<List><Item xsi:type="xs:string">name</Item>…</List>`, Jersey 1 JSON
 * `{"Item":[{"@type":"xs:string","$":"name"}]}` (a single item may be a bare object), or Jackson
 * JSON `{"Item":["name"]}`. Every form becomes a plain list of names.
 */
import type { IDataObject } from 'n8n-workflow';

import { toArray } from '../../common/values';

function nameOf(item: unknown): string | undefined {
	if (item === null || item === undefined) return undefined;
	if (typeof item === 'string') return item;
	if (typeof item === 'number' || typeof item === 'boolean') return String(item);
	if (typeof item === 'object') {
		const record = item as IDataObject;
		for (const key of ['$', '#text', 'value', 'name']) {
			const value = record[key];
			if (typeof value === 'string' || typeof value === 'number') return String(value);
		}
	}
	return undefined;
}

function itemsOf(container: unknown): unknown[] | undefined {
	if (container === null || container === undefined || container === '') return [];
	if (Array.isArray(container)) return container;
	if (typeof container !== 'object') return undefined;
	const record = container as IDataObject;
	for (const key of Object.keys(record)) {
		if (key.toLowerCase() === 'item') return toArray(record[key] as unknown[]);
	}
	return undefined;
}

/** The names in a list answer, in the server's order. */
export function namesFromList(body: unknown): string[] {
	let items = itemsOf(body);
	if (items === undefined && body !== null && typeof body === 'object') {
		// XML: the document's root element (`List`, or `jaxbList` in the documents) holds the items.
		const record = body as IDataObject;
		const root = Object.keys(record).find((key) => !key.startsWith('@') && !key.startsWith('?'));
		if (root !== undefined) items = itemsOf(record[root]);
	}
	return (items ?? [])
		.map(nameOf)
		.filter((name): name is string => name !== undefined && name !== '');
}
