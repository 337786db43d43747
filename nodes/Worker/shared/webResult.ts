/** The worker's result document (`webresult`): result, message and the id of what was added or started. */
import type { IDataObject, INode } from 'n8n-workflow';

import { apiError } from '../../common/errors';

export interface WebResult {
	result: string;
	message: string;
	id: string;
}

/** Reads a `webresult` (errors were already raised by the transport); any other document is a server error. */
export function readWebResult(node: INode, doc: IDataObject, itemIndex: number, what: string): WebResult {
	const root = doc.webresult;
	if (root === null || typeof root !== 'object' || Array.isArray(root)) {
		throw apiError(node, {
			message: `The server answered ${what} without a result document (root element: ${Object.keys(doc)[0] ?? 'none'})`,
			itemIndex,
		});
	}
	const record = root as IDataObject;
	const text = (value: unknown) => (value === undefined || value === null ? '' : String(value).trim());
	return { result: text(record.result), message: decodeHtmlEncoded(text(record.message)), id: text(record.id) };
}

/**
 * Some servlets HTML-encode a message (OWASP `Encode.forHtml`) before the result document escapes it
 * again as XML, so after XML parsing it still reads `Job &#39;load&#39; was added…` (addJob since
 * 9.x: pentaho/pentaho-kettle:engine/src/main/java/org/pentaho/di/www/AddJobServlet.java@12d25b5f1ccb8422cb4998771a7758e2d55ab038
 * and @00c601e019125ad4e44f97747faa242e7225cb33). Older servers send the plain text, which has no entities
 * to decode. Only the five entities Encode.forHtml writes are decoded, `&amp;` last.
 */
export function decodeHtmlEncoded(text: string): string {
	if (!/&(#(34|39|x27|x22)|lt|gt|quot|apos|amp);/.test(text)) return text;
	return text
		.replace(/&#(39|x27);/gi, "'")
		.replace(/&#(34|x22);|&quot;/gi, '"')
		.replace(/&apos;/g, "'")
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&amp;/g, '&');
}

/** A `webresult` that must carry the id of a job. */
export function requireId(node: INode, result: WebResult, itemIndex: number, what: string): string {
	if (result.id === '') {
		throw apiError(node, {
			message: `The server accepted ${what} but returned no job id${result.message ? ` (message: ${result.message})` : ''}`,
			itemIndex,
		});
	}
	return result.id;
}
