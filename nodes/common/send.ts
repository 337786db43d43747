/**
 * The sending half of the request path (decoding is decode.ts; dataflowRequest in transport.ts joins
 * them): the HTTP options (base URL, Accept, the node's Request Options: timeout, SSL, proxy), the
 * request through the credential, and every failure before an answer could be read — an HTTP status
 * outside 2xx (with the server's own message, or the request's `refusals` text for a bare one), a
 * connection that broke, a timeout, a catalog login that failed — as a NodeApiError without secrets.
 */
import { NodeApiError, type ICredentialDataDecryptedObject, type IDataObject, type IHttpRequestOptions } from 'n8n-workflow';

import { describeRequest, headerValue, isStream, readBodyText, type RawAnswer } from './decode';
import { requestWithCredential } from './engineV2';
import { apiError, extractServerMessage, isGenericErrorPage, httpFailureMessage, networkFailureMessage, redact, statusHint } from './errors';
import type { DataflowRequest, Expect, RequestContext, TransportSettings } from './transport';

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

/** What send needs from the credential: its type, its data (base URL, SSL flag) and the secrets to redact. */
export interface SendCredential {
	type: string;
	/** The type whose engine-2.0 fallback logs in by itself (engineV2.ts). */
	catalogType: string;
	data: ICredentialDataDecryptedObject;
	baseURL: string;
	secrets: string[];
}

/** Sends one request and returns the raw answer (2xx or one of `okStatuses`); throws a NodeApiError otherwise. */
export async function send(ctx: RequestContext, request: DataflowRequest, credential: SendCredential, settings: TransportSettings): Promise<RawAnswer> {
	const node = ctx.getNode();
	const { secrets, baseURL, data: credentials } = credential;
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

	try {
		// The catalog credential falls back to its own login where n8n's engine 2.0 refuses expirable credentials (engineV2.ts).
		const response = (await requestWithCredential(ctx, credential.type, credential.catalogType, credentials, options)) as {
			statusCode: number;
			headers: IDataObject;
			body: unknown;
		};
		return { status: response.statusCode, headers: response.headers ?? {}, body: response.body };
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
			const status = cause.response.status;
			const responseHeaders = cause.response.headers ?? {};
			const body = cause.response.data;
			if ((request.okStatuses ?? []).includes(status)) return { status, headers: responseHeaders, body };
			// The server's own message; for a bare status, the request's refusal text or the shared hint.
			const bodyText = await readBodyText(body);
			const found = extractServerMessage(bodyText, headerValue(responseHeaders, 'content-type'));
			const genericPage = found === undefined && typeof bodyText === 'string' && isGenericErrorPage(bodyText);
			const serverMessage = found === undefined ? undefined : redact(found, secrets);
			const own = request.refusals?.[status];
			const refusal = serverMessage === undefined && typeof own === 'string' ? own : undefined;
			const hint = typeof own === 'object' ? own.hint : serverMessage ? statusHint(status) : undefined;
			throw apiError(node, {
				message: refusal ?? httpFailureMessage(status, serverMessage),
				description: `HTTP ${status} from ${describeRequest(request)}${hint ? ` (${hint})` : ''}${genericPage ? '; the server sent only its generic page' : ''}`,
				httpCode: String(status),
				itemIndex: request.itemIndex,
			});
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
}
