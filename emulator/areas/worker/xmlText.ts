/**
 * Writing the worker's XML and HTML answers, shared by the routes (routes-*.ts) and the
 * transformation and control routes (trans.ts): an element as XMLHandler.addTagValue writes it,
 * with the escaping of core/xml.ts in the `xmlHandler` style.
 */
import { escapeXml } from '../../core/xml';

/** Text escaped as the worker's XMLHandler writes it (`&quot;`, `&#x27;`). */
export function esc(text: unknown): string {
	return escapeXml(text, 'xmlHandler');
}

/** `<tag>value</tag>`, or `<tag/>` when empty, as the worker's XMLHandler writes. */
export function tag(name: string, value: unknown): string {
	const text = value === undefined || value === null ? '' : String(value);
	return text === '' ? `<${name}/>` : `<${name}>${esc(text)}</${name}>`;
}

export const XML_HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n';
