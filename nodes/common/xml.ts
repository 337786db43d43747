/**
 * XML in and out. Documents are parsed with fast-xml-parser into plain objects whose leaf values
 * stay strings (typing is the normalisers' job); request bodies are always built from objects,
 * never concatenated, so `<`, `&` and `]]>` inside values are escaped.
 */
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import type { IDataObject } from 'n8n-workflow';

export class XmlError extends Error {}

const parser = new XMLParser({
	ignoreAttributes: false,
	attributeNamePrefix: '@',
	ignoreDeclaration: true,
	ignorePiTags: true,
	parseTagValue: false,
	parseAttributeValue: false,
	trimValues: true,
	processEntities: true,
	htmlEntities: true,
});

const builder = new XMLBuilder({
	ignoreAttributes: false,
	attributeNamePrefix: '@',
	format: false,
	suppressEmptyNode: false,
	processEntities: true,
});

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
	return parser.parse(text) as IDataObject;
}

type XmlValue = string | number | boolean | null | undefined | XmlObject | XmlValue[];
export interface XmlObject {
	[name: string]: XmlValue;
}

function stringify(value: XmlValue): XmlValue {
	if (value === null || value === undefined) return '';
	if (Array.isArray(value)) return value.map(stringify);
	if (typeof value === 'object') {
		const out: XmlObject = {};
		for (const [k, v] of Object.entries(value)) {
			if (v === undefined) continue;
			out[k] = stringify(v);
		}
		return out;
	}
	return String(value);
}

/**
 * Builds `<root>…</root>` from an object: keys become elements, arrays repeat the element,
 * keys starting with `@` become attributes, null and '' give empty elements.
 */
export function buildXml(root: string, content: XmlObject, declaration = true): string {
	const body = builder.build({ [root]: stringify(content) }) as string;
	return (declaration ? '<?xml version="1.0" encoding="UTF-8"?>\n' : '') + body;
}
