/**
 * XML in and out. Documents are parsed with fast-xml-parser into plain objects whose leaf values
 * stay strings (typing is the normalisers' job); request bodies are always built from objects,
 * never concatenated, so `<`, `&` and `]]>` inside values are escaped.
 */
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import type { IDataObject } from 'n8n-workflow';

import { InputError } from './inputError';

export class XmlError extends InputError {}

/** How every server document is parsed (also used by the benchmarks, so they measure the same parser). */
export const XML_PARSER_OPTIONS = {
	ignoreAttributes: false,
	attributeNamePrefix: '@',
	ignoreDeclaration: true,
	ignorePiTags: true,
	parseTagValue: false,
	parseAttributeValue: false,
	trimValues: true,
	processEntities: true,
	htmlEntities: true,
} as const;

const parser = new XMLParser(XML_PARSER_OPTIONS);

// Values are escaped by `escapeText` below (the builder's own escaping cannot write `&#13;`).
const builder = new XMLBuilder({
	ignoreAttributes: false,
	attributeNamePrefix: '@',
	format: false,
	suppressEmptyNode: false,
	processEntities: false,
});

// Characters XML 1.0 cannot carry at all, even escaped.
// eslint-disable-next-line no-control-regex
const NOT_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Escapes text for an element or attribute; `\r` is written as `&#13;` so that parsers keep it. */
export function escapeText(value: string, field = 'A value'): string {
	const bad = NOT_IN_XML.exec(value);
	if (bad) {
		const code = bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
		throw new XmlError(`${field} contains the character U+${code}, which XML cannot carry`);
	}
	return value
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;')
		.replace(/'/g, '&apos;')
		.replace(/\r/g, '&#13;');
}

/** Whether a content type names an XML document (`text/xml`, `application/xml`, `...+xml`). */
export function isXmlContentType(contentType: unknown): boolean {
	return typeof contentType === 'string' && /(^|\/|\+)xml\b/i.test(contentType.split(';')[0].trim());
}

/** Whether a body looks like an XML document. */
export function looksLikeXml(text: string): boolean {
	return /^\s*(<\?xml|<[A-Za-z_])/.test(text);
}

/** Parses an XML document; a malformed or truncated document throws an XmlError saying where. */
export function parseXml(text: string): IDataObject {
	if (typeof text !== 'string' || text.trim() === '') throw new XmlError('The XML document is empty');
	const check = XMLValidator.validate(text, { allowBooleanAttributes: true });
	if (check !== true) {
		throw new XmlError(`Malformed XML at line ${check.err.line}: ${check.err.msg}`);
	}
	let doc: IDataObject | undefined;
	let problem = '';
	try {
		doc = parser.parse(text) as IDataObject;
	} catch (error) {
		problem = (error as Error).message;
	}
	if (!doc || typeof doc !== 'object') throw new XmlError(`Malformed XML: ${problem || 'no document'}`);
	return doc;
}

type XmlValue = string | number | boolean | null | undefined | XmlObject | XmlValue[];
export interface XmlObject {
	[name: string]: XmlValue;
}

function stringify(value: XmlValue, field: string): XmlValue {
	if (value === null || value === undefined) return '';
	if (Array.isArray(value)) return value.map((v) => stringify(v, field));
	if (typeof value === 'object') {
		const out: XmlObject = {};
		for (const [k, v] of Object.entries(value)) {
			if (v === undefined) continue;
			out[k] = stringify(v, k.replace(/^@/, ''));
		}
		return out;
	}
	return escapeText(String(value), `The value of "${field}"`);
}

/**
 * Builds `<root>…</root>` from an object: keys become elements, arrays repeat the element,
 * keys starting with `@` become attributes, null and '' give empty elements.
 */
export function buildXml(root: string, content: XmlObject, declaration = true): string {
	const body = builder.build({ [root]: stringify(content, root) }) as string;
	return (declaration ? '<?xml version="1.0" encoding="UTF-8"?>\n' : '') + body;
}

/**
 * A document in document order, as fast-xml-parser's `preserveOrder` mode gives it: a list of
 * nodes, each `{ <name>: children }` with attributes under `':@'` (`@_name`), text as `#text`,
 * CDATA as `#cdata`, comments as `#comment`. Used where a document must go back out unchanged
 * (a .kjb job definition embedded in a request body).
 */
export type OrderedNode = Record<string, unknown>;

const ORDERED = {
	preserveOrder: true,
	ignoreAttributes: false,
	attributeNamePrefix: '@_',
	commentPropName: '#comment',
	cdataPropName: '#cdata',
} as const;

const orderedParser = new XMLParser({
	...ORDERED,
	ignoreDeclaration: true,
	ignorePiTags: true,
	trimValues: false,
	parseTagValue: false,
	parseAttributeValue: false,
	processEntities: true,
	htmlEntities: true,
});

// Text and attribute values are escaped by `escapeText` (see buildXml).
const orderedBuilder = new XMLBuilder({ ...ORDERED, format: false, suppressEmptyNode: false, processEntities: false });

/** Parses a document keeping its order, comments, CDATA and whitespace; `what` names it in errors. */
export function parseXmlOrdered(text: string, what = 'The XML document'): OrderedNode[] {
	if (typeof text !== 'string' || text.trim() === '') throw new XmlError(`${what} is empty`);
	const check = XMLValidator.validate(text, { allowBooleanAttributes: true });
	if (check !== true) throw new XmlError(`${what} is not well-formed XML (line ${check.err.line}: ${check.err.msg})`);
	return orderedParser.parse(text) as OrderedNode[];
}

function escapeOrdered(nodes: unknown, field: string): unknown {
	if (!Array.isArray(nodes)) return nodes;
	return nodes.map((node: OrderedNode) => {
		const out: OrderedNode = {};
		for (const [key, value] of Object.entries(node)) {
			if (key === '#text') out[key] = escapeText(String(value), `The value of "${field}"`);
			else if (key === ':@') {
				out[key] = Object.fromEntries(
					Object.entries(value as Record<string, unknown>).map(([name, v]) => [name, escapeText(String(v), `The attribute "${name}"`)]),
				);
			} else if (key === '#cdata' || key === '#comment') out[key] = value;
			else out[key] = escapeOrdered(value, key);
		}
		return out;
	});
}

/** Builds a document-order tree back into XML, escaping every value as buildXml does. */
export function buildXmlOrdered(nodes: OrderedNode[], declaration = true): string {
	const body = orderedBuilder.build(escapeOrdered(nodes, 'document')) as string;
	return (declaration ? '<?xml version="1.0" encoding="UTF-8"?>\n' : '') + body;
}
