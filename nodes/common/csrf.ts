/**
 * CSRF tokens for the platform's protected endpoints (file import, data-source imports, cache
 * refreshes). A server with `csrf-protection-enabled` refuses such a request with a bare 403 unless it
 * carries the token of its HTTP session: the token service answers the header to use
 * (X-CSRF-HEADER) and the token (X-CSRF-TOKEN) in its response headers, and sets the session cookie
 * the protected request must send back.
 *
 * Source: pentaho-platform:assemblies/pentaho-solutions/src/main/resources/pentaho-solutions/system/applicationContext-spring-security-csrf.xml@9.3.0.0-422
 * (token service `GET /api/csrf/token`, exposed headers X-CSRF-HEADER, X-CSRF-PARAM, X-CSRF-TOKEN;
 * the same at HEAD), and the platform's own browser client (common-ui util/pentaho-csrf.js): it passes the
 * target as `?url=`, accepts 200 or 204, and treats a missing X-CSRF-TOKEN as "protection off". Older
 * servers served the service at `/api/system/csrf` (the 2019 client), so that path is tried when the
 * first answers 404. No token (no service, or protection off) means no extra headers.
 */
import type { IDataObject } from 'n8n-workflow';

import { dataflowRequest, serverBaseUrl, type RequestContext } from './transport';

const TOKEN_PATHS = ['/api/csrf/token', '/api/system/csrf'];

const cache = new WeakMap<object, Promise<IDataObject>>();

function header(headers: IDataObject, name: string): string | undefined {
	const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
	const value = key === undefined ? undefined : headers[key];
	if (value === undefined || value === null) return undefined;
	return Array.isArray(value) ? String(value[0]) : String(value);
}

/** `name=value` pairs of every Set-Cookie header (attributes dropped), joined for a Cookie header. */
export function cookiesFrom(headers: IDataObject): string | undefined {
	const key = Object.keys(headers).find((k) => k.toLowerCase() === 'set-cookie');
	if (key === undefined) return undefined;
	const raw = headers[key];
	const list = (Array.isArray(raw) ? raw : [raw]).map((c) => String(c ?? '').split(';')[0].trim()).filter((c) => c.includes('='));
	return list.length ? list.join('; ') : undefined;
}

async function fetchHeaders(ctx: RequestContext, target: string, itemIndex?: number): Promise<IDataObject> {
	const url = `${await serverBaseUrl(ctx)}${target}`;
	for (const path of TOKEN_PATHS) {
		const response = await dataflowRequest<string>(ctx, {
			method: 'GET',
			path,
			qs: { url },
			expect: 'text',
			okStatuses: [404],
			checkWebResult: false,
			itemIndex,
		});
		if (response.status === 404) continue;
		const token = header(response.headers, 'X-CSRF-TOKEN');
		if (!token) return {};
		const out: IDataObject = { [header(response.headers, 'X-CSRF-HEADER') || 'X-CSRF-TOKEN']: token };
		const cookie = cookiesFrom(response.headers);
		if (cookie) out.Cookie = cookie;
		return out;
	}
	return {};
}

/**
 * Headers that let a request to `target` (a path under the base URL, e.g. `/api/repo/files/import`)
 * pass the CSRF gate: the token header and the session cookie, or nothing when the server does not
 * protect it. Asked once per execution (the token belongs to the session that the cookie keeps).
 */
export async function csrfHeaders(ctx: RequestContext, target: string, itemIndex?: number): Promise<IDataObject> {
	let entry = cache.get(ctx);
	if (!entry) {
		entry = fetchHeaders(ctx, target, itemIndex);
		cache.set(ctx, entry);
		entry.catch(() => cache.delete(ctx));
	}
	return { ...(await entry) };
}
