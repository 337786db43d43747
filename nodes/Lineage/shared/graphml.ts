/**
 * GraphML (the lineage graphs the server writes) as JSON: `nodes` as `{ id, ...data }` and `edges`
 * as `{ id?, source, target, label?, ...data }`, where every `<data key="…">` is named and typed
 * through the document's `<key>` declarations (attr.name, attr.type, and their defaults).
 */
import type { IDataObject } from 'n8n-workflow';

import { toArray } from '../../common/values';
import { parseXml, XmlError } from '../../common/xml';

export interface LineageGraph {
	directed: boolean;
	nodes: IDataObject[];
	edges: IDataObject[];
}

interface KeyDeclaration {
	name: string;
	type: string;
	for: string;
	default?: unknown;
}

type XmlElement = IDataObject;

function textOf(value: unknown): string | undefined {
	if (value === undefined || value === null) return undefined;
	if (typeof value === 'string') return value;
	if (typeof value === 'number' || typeof value === 'boolean') return String(value);
	if (typeof value === 'object' && !Array.isArray(value)) {
		const text = (value as XmlElement)['#text'];
		if (text !== undefined) return String(text);
		const childKeys = Object.keys(value as XmlElement).filter((k) => !k.startsWith('@'));
		if (childKeys.length === 0) return '';
	}
	return undefined;
}

function typedValue(raw: unknown, type: string): unknown {
	const text = textOf(raw);
	if (text === undefined) {
		// Structured content (for example yEd graphics): keep it as parsed, without attributes.
		return raw;
	}
	switch (type) {
		case 'boolean':
			return text.trim().toLowerCase() === 'true' ? true : text.trim().toLowerCase() === 'false' ? false : text;
		case 'int':
		case 'long':
		case 'float':
		case 'double': {
			const number = Number(text.trim());
			return text.trim() !== '' && Number.isFinite(number) ? number : text;
		}
		default:
			return text;
	}
}

/** Finds a child by local name, ignoring a namespace prefix (`graphml` or `g:graphml`). */
function child(element: XmlElement, name: string): unknown {
	if (name in element) return element[name];
	const key = Object.keys(element).find((k) => k.split(':').pop() === name);
	return key === undefined ? undefined : element[key];
}

function attribute(element: XmlElement, name: string): string | undefined {
	const value = element[`@${name}`];
	return value === undefined || value === null ? undefined : String(value);
}

const EDGE_ATTRIBUTES = new Set(['id', 'source', 'target', 'directed', 'sourceport', 'targetport']);

/** Parses a GraphML document; a document that is not GraphML throws an XmlError. */
export function parseGraphml(text: string): LineageGraph {
	const doc = parseXml(text);
	const root = child(doc, 'graphml');
	if (root === undefined || root === null || typeof root !== 'object' || Array.isArray(root)) {
		throw new XmlError('The document is not GraphML (no <graphml> root element)');
	}
	const graphml = root as XmlElement;
	const keys = new Map<string, KeyDeclaration>();
	for (const key of toArray(child(graphml, 'key') as XmlElement[])) {
		if (!key || typeof key !== 'object') continue;
		const id = attribute(key, 'id');
		if (id === undefined) continue;
		const declaration: KeyDeclaration = {
			name: attribute(key, 'attr.name') ?? id,
			type: (attribute(key, 'attr.type') ?? 'string').toLowerCase(),
			for: (attribute(key, 'for') ?? 'all').toLowerCase(),
		};
		const fallback = child(key, 'default');
		if (fallback !== undefined) declaration.default = typedValue(fallback, declaration.type);
		keys.set(id, declaration);
	}

	const applies = (declaration: KeyDeclaration, kind: 'node' | 'edge') => declaration.for === kind || declaration.for === 'all';
	const dataOf = (element: XmlElement, kind: 'node' | 'edge'): IDataObject => {
		const out: IDataObject = {};
		for (const declaration of keys.values()) {
			if (applies(declaration, kind) && declaration.default !== undefined) out[declaration.name] = declaration.default as IDataObject[string];
		}
		for (const data of toArray(child(element, 'data') as XmlElement[])) {
			if (data === null || data === undefined) continue;
			const record = (typeof data === 'object' ? data : { '#text': data }) as XmlElement;
			const keyId = attribute(record, 'key');
			if (keyId === undefined) continue;
			const declaration = keys.get(keyId);
			const value = typedValue(record, declaration?.type ?? 'string');
			out[declaration?.name ?? keyId] = value as IDataObject[string];
		}
		return out;
	};

	const nodes: IDataObject[] = [];
	const edges: IDataObject[] = [];
	let directed = true;
	const graphs = toArray(child(graphml, 'graph') as XmlElement[]);
	graphs.forEach((graph, index) => {
		if (!graph || typeof graph !== 'object') return;
		if (index === 0) directed = (attribute(graph, 'edgedefault') ?? 'directed') !== 'undirected';
		for (const node of toArray(child(graph, 'node') as XmlElement[])) {
			if (!node || typeof node !== 'object') continue;
			const id = attribute(node, 'id');
			if (id === undefined) throw new XmlError('A GraphML node has no id');
			nodes.push({ id, ...withoutStructural(dataOf(node, 'node'), ['id']) });
		}
		for (const edge of toArray(child(graph, 'edge') as XmlElement[])) {
			if (!edge || typeof edge !== 'object') continue;
			const source = attribute(edge, 'source');
			const target = attribute(edge, 'target');
			if (source === undefined || target === undefined) throw new XmlError('A GraphML edge has no source or target');
			const out: IDataObject = {};
			const id = attribute(edge, 'id');
			if (id !== undefined) out.id = id;
			out.source = source;
			out.target = target;
			// Attributes beyond the standard ones (the lineage writer puts the edge label in `label`).
			for (const [name, value] of Object.entries(edge)) {
				if (!name.startsWith('@')) continue;
				const attr = name.slice(1);
				if (EDGE_ATTRIBUTES.has(attr) || attr.includes(':') || attr === 'xmlns') continue;
				out[attr] = String(value);
			}
			Object.assign(out, withoutStructural(dataOf(edge, 'edge'), ['id', 'source', 'target']));
			edges.push(out);
		}
	});
	return { directed, nodes, edges };
}

/** Data named like a structural field (id, source, target) must not replace it. */
function withoutStructural(data: IDataObject, names: string[]): IDataObject {
	const out: IDataObject = {};
	for (const [key, value] of Object.entries(data)) {
		out[names.includes(key) ? `data_${key}` : key] = value;
	}
	return out;
}
