/**
 * The one request path of the package. Every node sends its requests through `dataflowRequest`,
 * which authenticates through the credential (so n8n's log-in-again-on-401 applies), asks for the
 * right representation, and turns every failure — HTTP status, `result=ERROR` inside a 200,
 * unreadable body, dropped connection, timeout — into a NodeApiError that carries the server's own
 * message and no secret.
 */
import {
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type IExecuteFunctions,
	type IHttpRequestMethods,
	type IHttpRequestOptions,
	type ILoadOptionsFunctions,
	type IPollFunctions,
} from 'n8n-workflow';

import { decode } from './decode';
import { apiError, credentialSecrets } from './errors';
import { send } from './send';

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
	/** Statuses outside 2xx that are answers rather than failures (for example 404 for "exists"); their body comes as text, not decoded. */
	okStatuses?: number[];
	/** Whether a worker `webresult` with `result=ERROR` in a 2xx answer is a failure. Default true. */
	checkWebResult?: boolean;
	/** Do not follow redirects (to read a 303 Location). */
	noRedirects?: boolean;
	/**
	 * What a refusal means for this request, by HTTP status. A text is the message shown when the
	 * server answered that status without a message of its own (a bare 401, 403, 404 or 500); servers
	 * that do give a message are quoted as they are. `{ hint }` keeps the message (the server's, or
	 * the shared one) and says in the description what the status means here, message or not
	 * (executeJob's 401: the repository refused its user). The one place where a refusal is explained.
	 */
	refusals?: Partial<Record<number, string | { hint: string }>>;
	/** Values this request carries (a repository password in a form body) that never appear in an error, as the credential's. */
	secrets?: string[];
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

interface CachedCredentials {
	data: ICredentialDataDecryptedObject;
}

// Cached per execution context, not read per request: docs/DEVELOPING.md, "Where we differ from n8n's defaults, and why".
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

/** What the server credential points at (its Server Kind); older credentials without it are a BI server. */
export type ServerKind = 'biServer' | 'worker' | 'hopServer';

/** The server credential's settings that shape paths: server kind, worker path and scheduler path. */
export async function serverSettings(ctx: RequestContext): Promise<{ serverKind: ServerKind; workerPath: string; schedulerPath: string }> {
	const credentials = await credentialsOf(ctx, SERVER_CREDENTIAL);
	// Real worker servers answer under /kettle (every servlet's CONTEXT_PATH is /kettle/<name>); the
	// interface documents' /dataflow is not served by any of them.
	const workerPath = String(credentials.workerPath || 'kettle').replace(/^\/+|\/+$/g, '');
	const schedulerPath = String(credentials.schedulerPath || 'api/scheduler').replace(/^\/+|\/+$/g, '');
	const kind = String(credentials.serverKind ?? '');
	const serverKind: ServerKind = kind === 'hopServer' || kind === 'worker' ? kind : 'biServer';
	return { serverKind, workerPath, schedulerPath };
}

// Read once per execution context (docs/DEVELOPING.md, "Where we differ from n8n's defaults, and why").
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

/**
 * Sends one request through the credential and returns the decoded answer, or throws a NodeApiError
 * carrying the server's message: `send` (send.ts), then `decode` (decode.ts).
 */
export async function dataflowRequest<T = unknown>(
	ctx: RequestContext,
	request: DataflowRequest,
): Promise<DataflowResponse<T>> {
	const node = ctx.getNode();
	const credentialType = request.credential === 'catalog' ? CATALOG_CREDENTIAL : SERVER_CREDENTIAL;
	const credentials = await credentialsOf(ctx, credentialType);
	const secrets = [...credentialSecrets(credentials), ...(request.secrets ?? []).filter((secret) => secret !== '')];
	const baseURL = baseUrlOf(credentials, request.credential === 'catalog' ? 'catalogUrl' : 'baseUrl');
	if (baseURL === '') {
		throw apiError(node, {
			message: `The credential has no ${request.credential === 'catalog' ? 'catalog URL' : 'base URL'}`,
			itemIndex: request.itemIndex,
		});
	}
	const answer = await send(ctx, request, { type: credentialType, catalogType: CATALOG_CREDENTIAL, data: credentials, baseURL, secrets }, transportSettings(ctx));
	return await decode<T>(node, request, answer, secrets);
}
