/**
 * Writing the worker's XML and HTML answers, shared by the status routes (../worker.ts) and the
 * transformation and control routes (trans.ts): escaping the five XML special characters,
 * and an element as XMLHandler.addTagValue writes it.
 */

export function esc(text: unknown): string {
	return String(text ?? '')
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;')
		.replace(/'/g, '&#x27;');
}

/** `<tag>value</tag>`, or `<tag/>` when empty, as the worker's XMLHandler writes. */
export function tag(name: string, value: unknown): string {
	const text = value === undefined || value === null ? '' : String(value);
	return text === '' ? `<${name}/>` : `<${name}>${esc(text)}</${name}>`;
}

export const XML_HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n';
