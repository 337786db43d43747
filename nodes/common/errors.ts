/**
 * Turning what a server answers on failure into one readable message. The servers answer errors
 * as an XML `webresult`, a JSON `{status, message}`, a text/plain line, or an HTML error page from
 * the web container; the message users see is the server's own, never "undefined" or
 * "[object Object]", and never a password or token.
 */
import { NodeApiError, type IDataObject, type INode, type JsonObject } from 'n8n-workflow';

import { looksLikeXml, parseXml } from './xml';

const MAX_MESSAGE = 400;

function clean(text: string): string {
	const oneLine = text.replace(/\s+/g, ' ').trim();
	return oneLine.length > MAX_MESSAGE ? `${oneLine.slice(0, MAX_MESSAGE - 1)}…` : oneLine;
}

/** HTML/XML character references and the common named entities as text (one decoder for the package). */
export function decodeHtmlEntities(text: string): string {
	return text
		.replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
		.replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(parseInt(dec, 10)))
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&quot;/g, '"')
		.replace(/&apos;|&#39;/g, "'")
		.replace(/&nbsp;/g, ' ')
		.replace(/&amp;/g, '&');
}

function textOf(html: string): string {
	return clean(decodeHtmlEntities(html.replace(/<[^>]*>/g, ' ')));
}

/** The readable text of an HTML error page: its headings and first paragraph or preformatted block. */
export function messageFromHtml(html: string): string | undefined {
	const withoutScripts = html.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ');
	const pick = (tag: string) => {
		const match = new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`, 'i').exec(withoutScripts);
		return match ? textOf(match[1]) : '';
	};
	const heading = pick('h1') || pick('h2') || pick('h3') || pick('title');
	const detail = pick('pre') || pick('p');
	const parts = [heading, detail].filter((p, i, all) => p !== '' && all.indexOf(p) === i);
	if (parts.length === 0) {
		const body = textOf(withoutScripts);
		return body === '' ? undefined : body;
	}
	return clean(parts.join(': '));
}

function firstString(values: unknown[]): string | undefined {
	for (const value of values) {
		if (typeof value === 'string' && value.trim() !== '') return clean(value);
		if (typeof value === 'number') return String(value);
	}
	return undefined;
}

/** The message inside a JSON error body: `message`, `error`, `error.message`, `errorMessage`, `detail`. */
export function messageFromJson(body: unknown): string | undefined {
	if (typeof body === 'string') return body.trim() === '' ? undefined : clean(body);
	if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
	const record = body as IDataObject;
	const nested = record.error !== null && typeof record.error === 'object' ? (record.error as IDataObject) : {};
	return firstString([
		record.message,
		nested.message,
		record.error,
		record.errorMessage,
		record.error_description,
		record.detail,
		record.reason,
	]);
}

/** The message inside an XML error document: a `webresult` message, a sequence error, or any `message`/`error` child. */
export function messageFromXml(xml: string): string | undefined {
	let doc: IDataObject;
	try {
		doc = parseXml(xml);
	} catch {
		return undefined;
	}
	const root = Object.values(doc)[0];
	if (root === null || typeof root !== 'object') return firstString([root]);
	const record = root as IDataObject;
	return firstString([record.message, record.error, record.exception, record.description]);
}

/** The server's own message in an error body of any of the formats above. */
/**
 * Pages a web container writes for any error, which say nothing about the request: Pentaho's
 * /unavailable.html (web.xml maps 403, 404 and 500 to it; pentaho-platform assemblies/pentaho-war/src/main/webapp/unavailable.html
 * and WEB-INF/web.xml@9.3.0.0-422), Tomcat's own error report ("HTTP Status 401 – Unauthorized", for statuses
 * web.xml does not map) and Jetty's default page ("HTTP ERROR 404", the worker server installs no error
 * handler). On 9.3/10.2 the platform and its plugins answer every bare JAX-RS error through `sendError`, so
 * these pages are what a refusal looks like there; the request's own explanation is better than their text.
 */
export function isGenericErrorPage(text: string): boolean {
	if (!/<html|<!doctype html|<title/i.test(text)) return false;
	if (/Sorry, something went wrong\./i.test(text)) return true;
	// Tomcat's report and Jetty's page carry a message only when a servlet gave one to sendError: a page whose
	// message is empty or just the status's reason phrase says nothing more than the status.
	const tomcat = /HTTP Status \d{3}/i.test(text) && /Apache Tomcat/i.test(text);
	const jetty = /HTTP ERROR:? ?\d{3}/i.test(text) && /Powered by Jetty|<title>Error \d{3}/i.test(text);
	if (!tomcat && !jetty) return false;
	const message =
		/<b>Message<\/b>\s*([\s\S]*?)<\/p>/i.exec(text)?.[1] ??
		/MESSAGE:<\/th>\s*<td>([\s\S]*?)<\/td>/i.exec(text)?.[1] ??
		/<pre>([\s\S]*?)<\/pre>/i.exec(text)?.[1] ??
		'';
	const words = message.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
	return words === '' || REASON_PHRASES.has(words.toLowerCase());
}

const REASON_PHRASES = new Set([
	'bad request',
	'unauthorized',
	'forbidden',
	'not found',
	'method not allowed',
	'not acceptable',
	'conflict',
	'gone',
	'precondition failed',
	'unsupported media type',
	'internal server error',
	'server error',
	'service unavailable',
	'bad gateway',
]);

export function extractServerMessage(body: unknown, contentType?: string): string | undefined {
	if (body === undefined || body === null) return undefined;
	if (Buffer.isBuffer(body)) return extractServerMessage(body.toString('utf8'), contentType);
	if (typeof body !== 'string') return messageFromJson(body);
	const text = body.trim();
	if (text === '') return undefined;
	const type = (contentType ?? '').toLowerCase();
	if (type.includes('json') || /^[[{]/.test(text)) {
		try {
			return messageFromJson(JSON.parse(text));
		} catch {
			// Not JSON after all: read it as text below.
		}
	}
	if (type.includes('html') || /^<!doctype html|^<html/i.test(text)) return isGenericErrorPage(text) ? undefined : messageFromHtml(text);
	if (looksLikeXml(text)) return messageFromXml(text) ?? messageFromHtml(text);
	return clean(text);
}

const CREDENTIAL_PATTERNS: Array<[RegExp, string]> = [
	[/\b(Basic|Bearer)\s+[A-Za-z0-9+/=._~-]{6,}/gi, '$1 ***'],
	// A JWT: three base64url parts, the first a JSON header.
	[/\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]+/g, '***'],
];

/**
 * Our own fixed wording may contain a word that is also somebody's password ("check the username
 * and password" with the password "password"). Such phrases are kept as they are: a secret is
 * redacted where it occurs in server text, request echoes and error details, never inside them.
 * `ownWording` adds phrases; the status and network hints below are registered already.
 */
const OWN_WORDING = new Set<string>();
const OWN_PATTERNS: RegExp[] = [
	/\b(?:the |a )?user ?name (?:and|or) (?:the )?password\b/gi,
	/\bpassword (?:of|in|for) the (?:catalog )?credential\b/gi,
	/\b(?:the|a|new|stored|wrong) password\b/gi,
];

export function ownWording(...phrases: string[]): void {
	for (const phrase of phrases) if (phrase.length >= 3) OWN_WORDING.add(phrase);
}

/** Spans of the text that are our own wording, as [start, end) pairs. */
function ownSpans(text: string): Array<[number, number]> {
	const spans: Array<[number, number]> = [];
	for (const phrase of OWN_WORDING) {
		for (let at = text.indexOf(phrase); at >= 0; at = text.indexOf(phrase, at + phrase.length)) spans.push([at, at + phrase.length]);
	}
	for (const pattern of OWN_PATTERNS) {
		for (const match of text.matchAll(pattern)) spans.push([match.index ?? 0, (match.index ?? 0) + match[0].length]);
	}
	return spans;
}

/**
 * Replaces every occurrence of each secret (and its URL-encoded form) with `***`, and any
 * Authorization header value or JWT whatever its value, except inside our own wording.
 */
export function redact(text: string, secrets: Array<string | undefined>): string {
	const spans = ownSpans(text);
	const inOwn = (start: number, end: number) => spans.some(([a, b]) => start >= a && end <= b);
	let out = '';
	let plain = text;
	// Replace occurrences left to right, skipping those that lie inside our own wording.
	const forms = new Set<string>();
	for (const secret of secrets) {
		if (typeof secret !== 'string' || secret.length < 3) continue;
		forms.add(secret);
		forms.add(encodeURIComponent(secret));
	}
	if (forms.size > 0) {
		let position = 0;
		while (position < text.length) {
			let best: { at: number; form: string } | undefined;
			for (const form of forms) {
				const at = text.indexOf(form, position);
				if (at >= 0 && (!best || at < best.at || (at === best.at && form.length > best.form.length))) best = { at, form };
			}
			if (!best) break;
			if (inOwn(best.at, best.at + best.form.length)) {
				out += text.slice(position, best.at + best.form.length);
			} else {
				out += `${text.slice(position, best.at)}***`;
			}
			position = best.at + best.form.length;
		}
		plain = out + text.slice(position);
	}
	for (const [pattern, replacement] of CREDENTIAL_PATTERNS) plain = plain.replace(pattern, replacement);
	return plain;
}

/** The secret values of a credential's data: passwords, tokens, and the Basic-auth form of user and password. */
export function credentialSecrets(credentials: Record<string, unknown> | undefined): string[] {
	if (!credentials) return [];
	const out: string[] = [];
	const password = typeof credentials.password === 'string' ? credentials.password : undefined;
	const username = typeof credentials.username === 'string' ? credentials.username : '';
	if (password) out.push(password, Buffer.from(`${username}:${password}`).toString('base64'));
	for (const key of ['accessToken', 'sessionToken']) {
		if (typeof credentials[key] === 'string' && credentials[key] !== '') out.push(credentials[key] as string);
	}
	return out;
}

const STATUS_HINTS: Record<number, string> = {
	400: 'The server refused the request as invalid',
	401: 'Authorization failed: check the username and password of the credential',
	403: 'The server refused access: this user lacks the permission for it',
	404: 'The server does not know this path or resource',
	405: 'The server does not accept this method on this path',
	409: 'The request conflicts with what is on the server',
	500: 'The server failed to process the request',
	502: 'A gateway in front of the server failed',
	503: 'The server is unavailable',
	504: 'A gateway in front of the server timed out',
};

/** A message for an HTTP failure: the server's own words when it gave any, else a hint for the status. */
ownWording(...Object.values(STATUS_HINTS));

export function httpFailureMessage(status: number, serverMessage: string | undefined): string {
	if (serverMessage) return serverMessage;
	return STATUS_HINTS[status] ?? `The server answered HTTP ${status}`;
}

export function statusHint(status: number): string | undefined {
	return STATUS_HINTS[status];
}

/** Readable words for a network failure code of Node's HTTP client. */
export function networkFailureMessage(code: string | undefined, message: string | undefined): string {
	switch (code) {
		case 'ECONNREFUSED':
			return 'The server refused the connection: is it running, and is the base URL right?';
		case 'ECONNRESET':
		case 'EPIPE':
			return 'The server closed the connection before it answered';
		case 'ECONNABORTED':
		case 'ETIMEDOUT':
		case 'ESOCKETTIMEDOUT':
			return 'The server did not answer in time (raise the node\'s Settings → Request Options → Timeout; the default is 300 000 ms)';
		case 'ENOTFOUND':
		case 'EAI_AGAIN':
			return 'The server name could not be resolved: check the base URL';
		case 'ERR_BAD_RESPONSE':
		case 'Z_DATA_ERROR':
		case 'HPE_INVALID_CONSTANT':
			return 'The server sent a response that could not be read';
		default:
			return message && message.trim() !== '' ? clean(message) : 'The request to the server failed';
	}
}

export interface FailureDetails {
	/** The message; any part that came from the server must already be redacted (see `redact`). */
	message: string;
	description?: string;
	httpCode?: string;
	itemIndex?: number;
}

/**
 * A NodeApiError built from plain parts: no request options or causes that could hold a secret.
 * Redact server-provided text before passing it (our own hint texts may mention "password").
 */
export function apiError(node: INode, details: FailureDetails): NodeApiError {
	const { message, description } = details;
	const response: JsonObject = { message };
	if (details.httpCode) response.httpCode = details.httpCode;
	if (description) response.description = description;
	const error = new NodeApiError(node, response, {
		message,
		description,
		httpCode: details.httpCode,
		itemIndex: details.itemIndex,
	});
	// NodeApiError swaps any message that merely contains a network error code (the server's
	// "fileNotFound" contains ENOTFOUND) for a generic text: keep the server's own words.
	error.message = message;
	error.messages = [];
	return error;
}
