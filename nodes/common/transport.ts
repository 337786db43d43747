/**
 * The one request path of the package. Every node sends its requests through `dataflowRequest`,
 * which authenticates through the credential (so n8n's log-in-again-on-401 applies), asks for the
 * right representation, and turns every failure — HTTP status, `result=ERROR` inside a 200,
 * unreadable body, dropped connection, timeout — into a NodeApiError that carries the server's own
 * message and no secret.
 */
import {
	NodeApiError,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type IExecuteFunctions,
	type IHttpRequestMethods,
	type IHttpRequestOptions,
	type ILoadOptionsFunctions,
	type INode,
	type IPollFunctions,
} from 'n8n-workflow';

import { requestWithCredential } from './engineV2';
import {
	apiError,
	credentialSecrets,
	extractServerMessage,
	httpFailureMessage,
	networkFailureMessage,
	redact,
	statusHint,
} from './errors';
import { isXmlContentType, looksLikeXml, parseXml, XmlError } from './xml';

export const SERVER_CREDENTIAL = 'dataflowServerApi';
export const CATALOG_CREDENTIAL = 'dataflowCatalogApi';

export type RequestContext = IExecuteFunctions | IPollFunctions | ILoadOptionsFunctions;

/** What a request expects back: a parsed XML or JSON document, text, bytes, a stream, or nothing. */
export type Expect = 'xml' | 'json' | 'text' | 'stream' | 'empty';

export type RequestBody = IHttpRequestOptions['body'] | NodeJS.ReadableStream;

export interface DataflowRequest {
	method: IHttpRequestMethods;
	/** Path under the credential's base URL, already encoded, starting with `/`. */
	path: string;
	qs?: IDataObject;
	headers?: IDataObject;
	body?: RequestBody;
	expect: Expect;
	/** Which credential: the server's (Basic) or the catalog's (token). Default server. */
	credential?: 'server' | 'catalog';
	/** Statuses outside 2xx that are answers rather than failures (for example 404 for "exists"). */
	okStatuses?: number[];
	/** Whether a worker `webresult` with `result=ERROR` in a 2xx answer is a failure. Default true. */
	checkWebResult?: boolean;
	/** Do not follow redirects (to read a 303 Location). */
	noRedirects?: boolean;
	/**
	 * What a refusal means for this request, by HTTP status: the message shown when the server
	 * answered that status without a message of its own (a bare 401, 403, 404 or 500). Servers that
	 * do give a message are quoted as they are. The one place where a bare status is explained.
	 */
	refusals?: Partial<Record<number, string>>;
	itemIndex?: number;
}

export interface DataflowResponse<T = unknown> {
	status: number;
	headers: IDataObject;
	contentType: string;
	body: T;
	/** The raw text, for XML and JSON answers. */
	raw?: string;
}

export interface TransportSettings {
	timeout?: number;
	allowUnauthorizedCerts?: boolean;
	proxy?: string;
}

const ERROR_BODY_LIMIT = 64 * 1024;

interface CachedCredentials {
	data: ICredentialDataDecryptedObject;
}

const credentialCache = new WeakMap<object, Map<string, Promise<CachedCredentials>>>();

async function credentialsOf(ctx: RequestContext, type: string): Promise<ICredentialDataDecryptedObject> {
	let byType = credentialCache.get(ctx);
	if (!byType) {
		byType = new Map();
		credentialCache.set(ctx, byType);
	}
	let entry = byType.get(type);
	if (!entry) {
		entry = ctx.getCredentials(type).then((data) => ({ data }));
		byType.set(type, entry);
		entry.catch(() => byType?.delete(type));
	}
	return (await entry).data;
}

/** The base URL of a credential without trailing slashes. */
export function baseUrlOf(credentials: ICredentialDataDecryptedObject, key: 'baseUrl' | 'catalogUrl'): string {
	return String(credentials[key] ?? '').trim().replace(/\/+$/, '');
}

/** The server credential's base URL (with its context path, no trailing slash). */
export async function serverBaseUrl(ctx: RequestContext): Promise<string> {
	return baseUrlOf(await credentialsOf(ctx, SERVER_CREDENTIAL), 'baseUrl');
}

/** The server credential's settings that shape paths: worker path and scheduler path. */
export async function serverSettings(ctx: RequestContext): Promise<{ workerPath: string; schedulerPath: string }> {
	const credentials = await credentialsOf(ctx, SERVER_CREDENTIAL);
	// Real worker servers answer under /kettle (every servlet's CONTEXT_PATH is /kettle/<name>); the
	// interface documents' /dataflow is not served by any of them.
	const workerPath = String(credentials.workerPath || 'kettle').replace(/^\/+|\/+$/g, '');
	const schedulerPath = String(credentials.schedulerPath || 'api/scheduler').replace(/^\/+|\/+$/g, '');
	return { workerPath, schedulerPath };
}

const settingsCache = new WeakMap<object, TransportSettings>();

/** The node's "Request Options" (timeout, SSL, proxy) that n8n adds to every action node. */
export function transportSettings(ctx: RequestContext): TransportSettings {
	const cached = settingsCache.get(ctx);
	if (cached) return cached;
	let options: IDataObject = {};
	try {
		const value = (ctx as IExecuteFunctions).getNodeParameter('requestOptions', 0, {}) as IDataObject;
		if (value && typeof value === 'object') options = value;
	} catch {
		options = {};
	}
	const settings: TransportSettings = {
		timeout: typeof options.timeout === 'number' && options.timeout > 0 ? options.timeout : undefined,
		allowUnauthorizedCerts: options.allowUnauthorizedCerts === true,
		proxy: typeof options.proxy === 'string' && options.proxy !== '' ? options.proxy : undefined,
	};
	settingsCache.set(ctx, settings);
	return settings;
}

function proxyOption(proxy: string | undefined): IHttpRequestOptions['proxy'] {
	if (!proxy) return undefined;
	const url = new URL(proxy.includes('://') ? proxy : `http://${proxy}`);
	return {
		host: url.hostname,
		port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
		protocol: url.protocol.replace(/:$/, ''),
		...(url.username ? { auth: { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) } } : {}),
	};
}

function encodingFor(expect: Expect): IHttpRequestOptions['encoding'] {
	if (expect === 'stream') return 'stream';
	return 'text';
}

function acceptFor(expect: Expect): string | undefined {
	if (expect === 'xml') return 'application/xml, text/xml;q=0.9, */*;q=0.1';
	if (expect === 'json') return 'application/json';
	if (expect === 'text') return 'text/plain, */*;q=0.5';
	return undefined;
}

function headerValue(headers: IDataObject | undefined, name: string): string {
	if (!headers) return '';
	const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
	const value = key === undefined ? undefined : headers[key];
	return Array.isArray(value) ? String(value[0] ?? '') : value === undefined || value === null ? '' : String(value);
}

interface StreamLike {
	on(event: string, listener: (...args: unknown[]) => void): unknown;
	destroy?: () => void;
}

function isStream(value: unknown): value is StreamLike {
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

interface AxiosLikeError {
	name?: string;
	message?: string;
	code?: string;
	httpCode?: string | number;
	cause?: unknown;
	response?: { status: number; data?: unknown; headers?: IDataObject };
}

/** Walks an error's cause chain to the HTTP client's error, or to a catalog login error. */
function rootCause(error: unknown): AxiosLikeError | undefined {
	let current = error as AxiosLikeError | undefined;
	for (let depth = 0; current && depth < 5; depth++) {
		if (current.response && typeof current.response.status === 'number') return current;
		if (current.name === 'CatalogLoginError') return current;
		if (current.code && typeof current.code === 'string' && /^E[A-Z_]+$|^ERR_/.test(current.code)) return current;
		current = current.cause as AxiosLikeError | undefined;
	}
	return undefined;
}

function describeRequest(request: DataflowRequest): string {
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
	const message = serverMessage ? redact(serverMessage, secrets) : 'The server reported an error without a message';
	throw apiError(node, {
		message,
		description: `The server answered ${describeRequest(request)} with HTTP ${status} and result ERROR`,
		httpCode: String(status),
		itemIndex: request.itemIndex,
	});
}

/**
 * Sends one request through the credential and returns the decoded answer, or throws a NodeApiError
 * carrying the server's message.
 */
export async function dataflowRequest<T = unknown>(
	ctx: RequestContext,
	request: DataflowRequest,
): Promise<DataflowResponse<T>> {
	const node = ctx.getNode();
	const credentialType = request.credential === 'catalog' ? CATALOG_CREDENTIAL : SERVER_CREDENTIAL;
	const credentials = await credentialsOf(ctx, credentialType);
	const secrets = credentialSecrets(credentials);
	const baseURL = baseUrlOf(credentials, request.credential === 'catalog' ? 'catalogUrl' : 'baseUrl');
	if (baseURL === '') {
		throw apiError(node, {
			message: `The credential has no ${request.credential === 'catalog' ? 'catalog URL' : 'base URL'}`,
			itemIndex: request.itemIndex,
		});
	}
	const settings = transportSettings(ctx);
	const headers: IDataObject = { ...(request.headers ?? {}) };
	const accept = acceptFor(request.expect);
	if (accept && headerValue(headers, 'accept') === '') headers.Accept = accept;

	const options: IHttpRequestOptions = {
		method: request.method,
		baseURL,
		url: request.path,
		qs: request.qs,
		headers,
		body: request.body as IHttpRequestOptions['body'],
		encoding: encodingFor(request.expect),
		json: false,
		returnFullResponse: true,
		timeout: settings.timeout ?? 300_000,
		skipSslCertificateValidation: credentials.ignoreSslIssues === true || settings.allowUnauthorizedCerts === true,
	};
	// Following redirects makes the HTTP client keep the whole body in memory to send it again:
	// never for streamed bodies (uploads), which must not be held in memory.
	if (request.noRedirects || isStream(request.body)) options.disableFollowRedirect = true;
	const proxy = proxyOption(settings.proxy);
	if (proxy) options.proxy = proxy;
	if (request.body === undefined) delete options.body;
	if (request.qs === undefined) delete options.qs;

	let status: number;
	let responseHeaders: IDataObject;
	let body: unknown;
	try {
		// The catalog credential falls back to its own login where n8n's engine 2.0 refuses expirable credentials (engineV2.ts).
		const response = (await requestWithCredential(ctx, credentialType, CATALOG_CREDENTIAL, credentials, options)) as {
			statusCode: number;
			headers: IDataObject;
			body: unknown;
		};
		status = response.statusCode;
		responseHeaders = response.headers ?? {};
		body = response.body;
	} catch (error) {
		const cause = rootCause(error);
		if (cause?.response && cause.response.status < 300) {
			// Headers arrived, then the connection broke before the body was complete.
			throw apiError(node, {
				message: `The server's answer broke off before it was complete: ${networkFailureMessage(cause.code, cause.message).replace(/^The server /, 'the server ')}`,
				description: `${describeRequest(request)} answered HTTP ${cause.response.status}, then failed${cause.code ? ` (${cause.code})` : ''}: ${redact(String(cause.message ?? ''), secrets)}`,
				httpCode: String(cause.response.status),
				itemIndex: request.itemIndex,
			});
		} else if (cause?.response) {
			status = cause.response.status;
			responseHeaders = cause.response.headers ?? {};
			body = cause.response.data;
			if (!(request.okStatuses ?? []).includes(status)) {
				const text = await readBodyText(body);
				const contentType = headerValue(responseHeaders, 'content-type');
				const found = extractServerMessage(text, contentType);
				const serverMessage = found === undefined ? undefined : redact(found, secrets);
				const refusal = serverMessage === undefined ? request.refusals?.[status] : undefined;
				throw apiError(node, {
					message: refusal ?? httpFailureMessage(status, serverMessage),
					description: serverMessage
						? `HTTP ${status} from ${describeRequest(request)}${statusHint(status) ? ` (${statusHint(status)})` : ''}`
						: `HTTP ${status} from ${describeRequest(request)}`,
					httpCode: String(status),
					itemIndex: request.itemIndex,
				});
			}
		} else if (cause?.name === 'CatalogLoginError') {
			throw apiError(node, {
				message: redact(cause.message ?? 'The catalog login failed', secrets),
				httpCode: cause.httpCode === undefined ? undefined : String(cause.httpCode),
				itemIndex: request.itemIndex,
			});
		} else if (error instanceof NodeApiError && !cause) {
			throw apiError(node, {
				message: redact(error.message, secrets),
				description: error.description ? redact(error.description, secrets) : undefined,
				httpCode: error.httpCode ?? undefined,
				itemIndex: request.itemIndex,
			});
		} else {
			const code = cause?.code ?? (error as AxiosLikeError).code;
			const original = redact(String(cause?.message ?? (error as Error).message ?? ''), secrets);
			throw apiError(node, {
				message: networkFailureMessage(code, original),
				description: `${describeRequest(request)} failed${code ? ` (${code})` : ''}: ${original ?? 'no details'}`,
				itemIndex: request.itemIndex,
			});
		}
	}

	const contentType = headerValue(responseHeaders, 'content-type');
	const result: DataflowResponse = { status, headers: responseHeaders, contentType, body };

	if (request.expect === 'stream') return result as DataflowResponse<T>;

	const text = typeof body === 'string' ? body : await readBodyText(body, Number.MAX_SAFE_INTEGER);
	result.raw = text;
	const fail = (message: string, description: string) =>
		apiError(node, {
			message: redact(message, secrets),
			description: redact(description, secrets),
			httpCode: String(status),
			itemIndex: request.itemIndex,
		});

	if ((request.expect === 'empty' || request.expect === 'text') && request.checkWebResult !== false && /<webresult[\s>]/i.test(text)) {
		// A worker-style error document where plain text or nothing was expected.
		let doc: IDataObject | undefined;
		try {
			doc = parseXml(text);
		} catch {
			doc = undefined;
		}
		if (doc) checkWebResult(node, doc, request, status, secrets);
	}

	if (request.expect === 'empty' || request.expect === 'text') {
		if (request.expect === 'text' && /html/i.test(contentType) && /<html/i.test(text) && status < 300) {
			// A 2xx HTML page where text was asked is almost always a login or error page.
			const message = extractServerMessage(text, contentType);
			throw fail(
				`The server answered an HTML page instead of text${message ? `: ${message}` : ''}`,
				`${describeRequest(request)} answered HTTP ${status} with ${contentType}`,
			);
		}
		result.body = request.expect === 'text' ? text : undefined;
		return result as DataflowResponse<T>;
	}

	if (request.expect === 'json') {
		if (/html/i.test(contentType) || /^\s*<!doctype html|^\s*<html/i.test(text)) {
			const message = extractServerMessage(text, 'text/html');
			throw fail(
				`The server answered an HTML page instead of JSON${message ? `: ${message}` : ''}`,
				`${describeRequest(request)} answered HTTP ${status} with ${contentType || 'HTML'}`,
			);
		}
		if (looksLikeXml(text) && (isXmlContentType(contentType) || !/json/i.test(contentType))) {
			// Older servers ignore Accept and answer XML: read it rather than fail.
			try {
				result.body = parseXml(text);
			} catch (error) {
				throw fail(`The server answered malformed XML: ${(error as Error).message}`, `${describeRequest(request)} answered HTTP ${status}`);
			}
			if (request.checkWebResult !== false) checkWebResult(node, result.body as IDataObject, request, status, secrets);
			return result as DataflowResponse<T>;
		}
		try {
			result.body = parseJsonBody(text);
		} catch {
			const message = /html/i.test(contentType) ? extractServerMessage(text, contentType) : undefined;
			throw fail(
				message ? `The server answered an HTML page instead of JSON: ${message}` : 'The server answered malformed JSON',
				`${describeRequest(request)} answered HTTP ${status} (${contentType || 'no content type'}): ${text.slice(0, 120)}`,
			);
		}
		return result as DataflowResponse<T>;
	}

	// XML
	if (text.trim() === '') {
		throw fail('The server answered an empty document where XML was expected', `${describeRequest(request)} answered HTTP ${status}`);
	}
	if (/html/i.test(contentType) || /^\s*<!doctype html|^\s*<html/i.test(text)) {
		const message = extractServerMessage(text, 'text/html');
		throw fail(
			`The server answered an HTML page instead of XML${message ? `: ${message}` : ''}`,
			`${describeRequest(request)} answered HTTP ${status} with ${contentType || 'HTML'}`,
		);
	}
	try {
		result.body = parseXml(text);
	} catch (error) {
		throw fail(
			`The server answered malformed XML: ${error instanceof XmlError ? error.message : (error as Error).message}`,
			`${describeRequest(request)} answered HTTP ${status}`,
		);
	}
	if (request.checkWebResult !== false) checkWebResult(node, result.body as IDataObject, request, status, secrets);
	return result as DataflowResponse<T>;
}
