/**
 * Hop's XML and JSON writing, as the status documents and web results use it:
 *
 * - `addTagValue(tag, value)`: `<tag>value</tag>` and a line break, or `<tag/>` and a line break for
 *   an empty or null value; the value escaped with OWASP `Encode.forXml` (`&amp; &lt; &gt; &#34; &#39;`).
 *   apache/hop:core/src/main/java/org/apache/hop/core/xml/XmlHandler.java@2.19.0-rc1 (addTagValue, same
 *   escaping @2.9.0-rc1 where the empty test was `val != null && val.length() > 0`). Booleans are Y/N,
 *   numbers Java's `String.valueOf`.
 * - `date2string`: `yyyy/MM/dd HH:mm:ss.SSS` in the server JVM's time zone (XmlHandler.date2string,
 *   a static SimpleDateFormat), null for no date.
 * - `buildCDATA`: `<![CDATA[` + text + `]]>`, which the status documents then pass through
 *   addTagValue, so the client receives it escaped (`&lt;![CDATA[…]]&gt;`).
 * - `base64Zipped`: HttpUtil.encodeBase64ZippedString — gzip, then commons-codec's Base64OutputStream
 *   with its defaults (76-character lines ended by CRLF, and a final CRLF):
 *   apache/hop:core/src/main/java/org/apache/hop/server/HttpUtil.java@2.19.0-rc1 (same @2.9.0-rc1).
 * - `webResultXml` / `webResultJson`: WebResult.getXml (no XML header of its own) and getJson, Jackson's
 *   default pretty printer over the bean: result, message, id in field order, then the getter-only
 *   `xml` property (getXml is a public getter without @JsonIgnore). apache/hop:engine/src/main/java/org/
 *   apache/hop/www/WebResult.java@2.19.0-rc1 (getJson since 2.18.0, 00729a9593).
 */
import { gzipSync } from 'node:zlib';

import { offsetMinutes, wallOf } from '../../core/time';

/** OWASP Encode.forXml. */
export function forXml(value: unknown): string {
	return String(value ?? '')
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&#34;')
		.replace(/'/g, '&#39;');
}

/** OWASP Encode.forHtml (the same five characters). */
export const forHtml = forXml;

/** Java's String.valueOf(double): at least one decimal. */
export function javaDouble(value: number): string {
	if (!Number.isFinite(value)) return String(value);
	return Number.isInteger(value) ? value.toFixed(1) : String(value);
}

export function addTagValue(tag: string, value: string | number | boolean | null | undefined, cr = true): string {
	let text: string | null | undefined;
	if (typeof value === 'boolean') text = value ? 'Y' : 'N';
	else if (typeof value === 'number') text = String(value);
	else text = value;
	const body = text === null || text === undefined || text === '' ? `<${tag}/>` : `<${tag}>${forXml(text)}</${tag}>`;
	return cr ? `${body}\n` : body;
}

/** A double through addTagValue (Java's Double.toString). */
export function addDoubleTag(tag: string, value: number, cr = true): string {
	return addTagValue(tag, javaDouble(value), cr);
}

export function buildCDATA(text: string | null | undefined): string {
	return `<![CDATA[${text ?? ''}]]>`;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Wall-clock parts of an instant in a time zone (emulator/core/time.ts). */
export function zonedParts(ms: number, timeZone: string): { y: number; mo: number; d: number; h: number; mi: number; s: number; ms: number; offsetMinutes: number } {
	const w = wallOf(ms, timeZone);
	return { y: w.year, mo: w.month, d: w.day, h: w.hour, mi: w.minute, s: w.second, ms: ((ms % 1000) + 1000) % 1000, offsetMinutes: offsetMinutes(ms, timeZone) };
}

/** XmlHandler.date2string: yyyy/MM/dd HH:mm:ss.SSS in the server's zone; undefined for no date. */
export function date2string(ms: number | undefined, timeZone: string): string | undefined {
	if (ms === undefined) return undefined;
	const p = zonedParts(ms, timeZone);
	return `${p.y}/${pad(p.mo)}/${pad(p.d)} ${pad(p.h)}:${pad(p.mi)}:${pad(p.s)}.${pad(p.ms, 3)}`;
}

/** The log layout's time stamp: yyyy/MM/dd HH:mm:ss (HopLogLayout). */
export function logTime(ms: number, timeZone: string): string {
	const p = zonedParts(ms, timeZone);
	return `${p.y}/${pad(p.mo)}/${pad(p.d)} ${pad(p.h)}:${pad(p.mi)}:${pad(p.s)}`;
}

/**
 * Jackson's `@JsonFormat(shape = STRING, pattern = "yyyy-MM-dd'T'HH:mm:ss.SSSZ")` without a time zone:
 * Jackson formats in UTC (its default), `Z` as +0000.
 */
export function jacksonDate(ms: number | undefined): string | null {
	if (ms === undefined) return null;
	const d = new Date(ms);
	return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}+0000`;
}

/** HttpUtil.encodeBase64ZippedString: gzip, base64 in 76-character CRLF lines with a final CRLF. */
export function base64Zipped(text: string): string {
	const encoded = gzipSync(Buffer.from(text, 'utf8')).toString('base64');
	let out = '';
	for (let i = 0; i < encoded.length; i += 76) out += `${encoded.slice(i, i + 76)}\r\n`;
	return out;
}

export const XML_HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n';

export interface WebResult {
	result: 'OK' | 'ERROR';
	message?: string | null;
	id?: string | null;
}

/** WebResult.getXml(): no header of its own, ends with a line break. */
export function webResultXml(web: WebResult): string {
	return `<webresult>\n  ${addTagValue('result', web.result)}  ${addTagValue('message', web.message)}  ${addTagValue('id', web.id)}</webresult>\n`;
}

/** Jackson's DefaultPrettyPrinter over a plain value (objects keep their key order). */
export function jacksonPretty(value: unknown, indent = ''): string {
	if (value === null || value === undefined) return 'null';
	if (typeof value === 'string') return JSON.stringify(value);
	if (typeof value === 'number' || typeof value === 'boolean') return String(value);
	if (Array.isArray(value)) {
		if (value.length === 0) return '[ ]';
		const inner = indent + '  ';
		return `[ ${value.map((v) => jacksonPretty(v, inner)).join(', ')} ]`;
	}
	const entries = Object.entries(value as Record<string, unknown>);
	if (entries.length === 0) return '{ }';
	const inner = indent + '  ';
	return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)} : ${jacksonPretty(v, inner)}`).join(',\n')}\n${indent}}`;
}

/** WebResult.getJson(). */
export function webResultJson(web: WebResult): string {
	return jacksonPretty({ result: web.result, message: web.message ?? null, id: web.id ?? null, xml: webResultXml(web) });
}
