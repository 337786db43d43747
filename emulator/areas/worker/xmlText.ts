/**
 * Writing the worker's XML and HTML answers, shared by the routes (routes-*.ts) and the
 * transformation and control routes (trans.ts): an element as XMLHandler.addTagValue writes it and the
 * WebResult document, both escaped with OWASP `Encode.forXml` as the real classes do:
 * pentaho/pentaho-kettle:core/src/main/java/org/pentaho/di/core/xml/XMLHandler.java@ae692d1261 (addTagValue,
 * appendReplacedChars; the same at 0d46237290, 9.3, and 3a1f253bad, 11.0) and
 * core/src/main/java/org/pentaho/di/www/WebResult.java at the same commits (getXML, toString).
 */

/**
 * OWASP `Encode.forXml`: `&` `<` `>` as entities, `"` as `&#34;`, `'` as `&#39;`, and the characters XML 1.0
 * cannot hold (C0 controls other than tab, line feed and carriage return, U+FFFE, U+FFFF, unpaired
 * surrogates) replaced by a space.
 */
export function forXml(text: unknown): string {
	const value = String(text ?? '');
	let out = '';
	for (let i = 0; i < value.length; i++) {
		const c = value.charCodeAt(i);
		const ch = value[i];
		if (ch === '&') out += '&amp;';
		else if (ch === '<') out += '&lt;';
		else if (ch === '>') out += '&gt;';
		else if (ch === '"') out += '&#34;';
		else if (ch === "'") out += '&#39;';
		else if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0xfffe || c === 0xffff) out += ' ';
		else if (c >= 0xd800 && c <= 0xdbff) {
			const next = value.charCodeAt(i + 1);
			if (next >= 0xdc00 && next <= 0xdfff) {
				out += ch + value[i + 1];
				i++;
			} else out += ' ';
		} else if (c >= 0xdc00 && c <= 0xdfff) out += ' ';
		else out += ch;
	}
	return out;
}

/** Text escaped as the worker's XMLHandler writes it (Encode.forXml). */
export function esc(text: unknown): string {
	return forXml(text);
}

/** `<tag>value</tag>`, or `<tag/>` when empty, as the worker's XMLHandler writes. */
export function tag(name: string, value: unknown): string {
	const text = value === undefined || value === null ? '' : String(value);
	return text === '' ? `<${name}/>` : `<${name}>${esc(text)}</${name}>`;
}

export const XML_HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n';

/**
 * WebResult.getXML() (also its toString()): no XML declaration of its own, each element on its own line,
 * an empty message or id as `<message/>` / `<id/>`. The servlets print the declaration first in their XML
 * mode, or not at all (see each route).
 */
export function webResult(result: 'OK' | 'ERROR', message: string | null | undefined, id: string | null | undefined = ''): string {
	return `<webresult>\n  ${tag('result', result)}\n  ${tag('message', message)}\n  ${tag('id', id)}\n</webresult>\n`;
}

/** Java's String.valueOf of a message argument: a null prints as "null" (MessageFormat in BaseMessages.getString). */
export function javaText(value: string | null | undefined): string {
	return value === null || value === undefined ? 'null' : value;
}
