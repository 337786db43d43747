/**
 * The decoding half of the request path (the sending half is send.ts; dataflowRequest in
 * transport.ts joins them): reading an answer as the request expects it — a stream, text, nothing,
 * JSON (or the XML an old server sends instead) or XML — and turning what cannot be read (an HTML
 * page where XML or JSON was asked, malformed or empty documents, a worker `webresult` with
 * `result=ERROR` inside a 2xx) into a NodeApiError with the server's words and no secret.
 */
import type { IDataObject, INode } from 'n8n-workflow';

import { apiError, extractServerMessage, redact } from './errors';
import type { DataflowRequest, DataflowResponse } from './transport';
import { isXmlContentType, looksLikeXml, parseXml, XmlError } from './xml';

/** What came back before decoding: the status, the headers and the body as the HTTP client gave it. */
export interface RawAnswer {
	status: number;
	headers: IDataObject;
	body: unknown;
}

const ERROR_BODY_LIMIT = 64 * 1024;

export function headerValue(headers: IDataObject | undefined, name: string): string {
	if (!headers) return '';
	const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
	const value = key === undefined ? undefined : headers[key];
	return Array.isArray(value) ? String(value[0] ?? '') : value === undefined || value === null ? '' : String(value);
}

interface StreamLike {
	on(event: string, listener: (...args: unknown[]) => void): unknown;
	destroy?: () => void;
}

export function isStream(value: unknown): value is StreamLike {
	return (
		value !== null &&
		typeof value === 'object' &&
		typeof (value as StreamLike).on === 'function' &&
		typeof (value as { pipe?: unknown }).pipe === 'function'
	);
}

/** Reads at most `limit` bytes of a body (string, Buffer, ArrayBuffer or stream) as text. */
export async function readBodyText(body: unknown, limit = ERROR_BODY_LIMIT): Promise<string> {
	if (body === undefined || body === null) return '';
	if (typeof body === 'string') return body.slice(0, limit);
	if (Buffer.isBuffer(body)) return body.subarray(0, limit).toString('utf8');
	if (body instanceof ArrayBuffer) return Buffer.from(body).subarray(0, limit).toString('utf8');
	if (isStream(body)) {
		return await new Promise<string>((resolve) => {
			const chunks: Buffer[] = [];
			let size = 0;
			let done = false;
			const finish = () => {
				if (done) return;
				done = true;
				resolve(Buffer.concat(chunks).subarray(0, limit).toString('utf8'));
			};
			body.on('data', (chunk: unknown) => {
				const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
				chunks.push(buffer);
				size += buffer.length;
				if (size >= limit) {
					finish();
					body.destroy?.();
				}
			});
			body.on('end', finish);
			body.on('close', finish);
			body.on('error', finish);
		});
	}
	if (typeof body === 'object') {
		try {
			return JSON.stringify(body).slice(0, limit);
		} catch {
			return '';
		}
	}
	return String(body).slice(0, limit);
}

export function describeRequest(request: DataflowRequest): string {
	return `${request.method} ${request.path.split('?')[0]}`;
}

/** Parses a JSON answer; an empty body is `undefined`. */
function parseJsonBody(text: string): unknown {
	if (text.trim() === '') return undefined;
	return JSON.parse(text) as unknown;
}

/** Throws when a worker result document says `result=ERROR`. */
function checkWebResult(node: INode, doc: IDataObject, request: DataflowRequest, status: number, secrets: string[]): void {
	const result = doc.webresult as IDataObject | undefined;
	if (!result || typeof result !== 'object') return;
	if (String(result.result ?? '').toUpperCase() !== 'ERROR') return;
	const serverMessage = extractServerMessage(typeof result.message === 'string' ? result.message : '');
	const message = serverMessage ? redact(serverMessage, secrets) : 'The server refused the request without saying why';
	throw apiError(node, {
		message,
		description: `The server answered ${describeRequest(request)} with HTTP ${status} and result ERROR`,
		httpCode: String(status),
		itemIndex: request.itemIndex,
	});
}

/** One answer being decoded: the request, its status and content type, its text, and how to fail. */
interface Decoding {
	node: INode;
	request: DataflowRequest;
	status: number;
	contentType: string;
	text: string;
	secrets: string[];
	/** A NodeApiError for this answer, redacted. */
	fail: (message: string, description: string) => Error;
}

function looksLikeHtml(d: Decoding): boolean {
	return /html/i.test(d.contentType) || /^\s*<!doctype html|^\s*<html/i.test(d.text);
}

function htmlInstead(d: Decoding, what: string): Error {
	const message = extractServerMessage(d.text, 'text/html');
	return d.fail(
		`The server answered an HTML page instead of ${what}${message ? `: ${message}` : ''}`,
		`${describeRequest(d.request)} answered HTTP ${d.status} with ${d.contentType || 'HTML'}`,
	);
}

/** `text` and `empty`: a worker error document or a 2xx HTML page are failures; otherwise the text (or nothing). */
function decodeText(d: Decoding): string | undefined {
	if (d.request.checkWebResult !== false && /<webresult[\s>]/i.test(d.text)) {
		// A worker-style error document where plain text or nothing was expected.
		let doc: IDataObject | undefined;
		try {
			doc = parseXml(d.text);
		} catch {
			doc = undefined;
		}
		if (doc) checkWebResult(d.node, doc, d.request, d.status, d.secrets);
	}
	if (d.request.expect === 'empty') return undefined;
	if (/html/i.test(d.contentType) && /<html/i.test(d.text) && d.status < 300) {
		// A 2xx HTML page where text was asked is almost always a login or error page.
		const message = extractServerMessage(d.text, d.contentType);
		throw d.fail(
			`The server answered an HTML page instead of text${message ? `: ${message}` : ''}`,
			`${describeRequest(d.request)} answered HTTP ${d.status} with ${d.contentType}`,
		);
	}
	return d.text;
}

/** `json`: the parsed document; the XML an older server sends despite Accept is read as XML. */
function decodeJson(d: Decoding): unknown {
	if (looksLikeHtml(d)) throw htmlInstead(d, 'JSON');
	if (looksLikeXml(d.text) && (isXmlContentType(d.contentType) || !/json/i.test(d.contentType))) {
		// Older servers ignore Accept and answer XML: read it rather than fail.
		let doc: IDataObject;
		try {
			doc = parseXml(d.text);
		} catch (error) {
			throw d.fail(`The server answered malformed XML: ${(error as Error).message}`, `${describeRequest(d.request)} answered HTTP ${d.status}`);
		}
		if (d.request.checkWebResult !== false) checkWebResult(d.node, doc, d.request, d.status, d.secrets);
		return doc;
	}
	try {
		return parseJsonBody(d.text);
	} catch {
		const message = /html/i.test(d.contentType) ? extractServerMessage(d.text, d.contentType) : undefined;
		throw d.fail(
			message ? `The server answered an HTML page instead of JSON: ${message}` : 'The server answered malformed JSON',
			`${describeRequest(d.request)} answered HTTP ${d.status} (${d.contentType || 'no content type'}): ${d.text.slice(0, 120)}`,
		);
	}
}

/** `xml`: the parsed document; empty, HTML, malformed or a `webresult` ERROR are failures. */
function decodeXml(d: Decoding): IDataObject {
	if (d.text.trim() === '') {
		throw d.fail('The server answered an empty document where XML was expected', `${describeRequest(d.request)} answered HTTP ${d.status}`);
	}
	if (looksLikeHtml(d)) throw htmlInstead(d, 'XML');
	let doc: IDataObject;
	try {
		doc = parseXml(d.text);
	} catch (error) {
		throw d.fail(
			`The server answered malformed XML: ${error instanceof XmlError ? error.message : (error as Error).message}`,
			`${describeRequest(d.request)} answered HTTP ${d.status}`,
		);
	}
	if (d.request.checkWebResult !== false) checkWebResult(d.node, doc, d.request, d.status, d.secrets);
	return doc;
}

/** Decodes an answer as `request.expect` says; throws a NodeApiError for what cannot be read. */
export async function decode<T = unknown>(node: INode, request: DataflowRequest, answer: RawAnswer, secrets: string[]): Promise<DataflowResponse<T>> {
	const { status, headers, body } = answer;
	const contentType = headerValue(headers, 'content-type');
	if (request.expect === 'stream') return { status, headers, contentType, body: body as T };

	const text = typeof body === 'string' ? body : await readBodyText(body, Number.MAX_SAFE_INTEGER);
	const fail = (message: string, description: string) =>
		apiError(node, { message: redact(message, secrets), description: redact(description, secrets), httpCode: String(status), itemIndex: request.itemIndex });
	// A status outside 2xx reaches here only as one of the request's okStatuses: an answer the caller
	// reads from its status (exists, not modified, not there, a fallback), whose body is whatever the
	// server or its web container wrote (often an HTML error page), not the expected format.
	if (status < 200 || status > 299) return { status, headers, contentType, body: text as T, raw: text };
	const d: Decoding = { node, request, status, contentType, text, secrets, fail };
	const decoded = request.expect === 'json' ? decodeJson(d) : request.expect === 'xml' ? decodeXml(d) : decodeText(d);
	return { status, headers, contentType, body: decoded as T, raw: text };
}
