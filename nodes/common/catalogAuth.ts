/**
 * The catalog's token login: a form post of username and password that answers a short-lived JWT.
 * There is no refresh token; the credential logs in again when a call answers 401. Used by the
 * credential's preAuthentication and by the Catalog node's "Get Token", so the login happens in
 * exactly one place. No message built here ever contains the password.
 */
import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import { extractServerMessage, redact } from './errors';

export const CATALOG_LOGIN_PATH = '/api/public/v1/auth';

/** The client the real catalog's login expects (its form schema's default; any other is refused with 400). */
export const CATALOG_CLIENT_ID = 'pdc-client';

export interface CatalogLoginInput {
	catalogUrl: string;
	username: string;
	password: string;
	clientId?: string;
	scope?: string;
	ignoreSslIssues?: boolean;
	/** Request timeout in ms (default: n8n's). */
	timeout?: number;
}

/** A failed login. Its name is how the transport recognises it across bundles. */
export class CatalogLoginError extends Error {
	httpCode?: number;

	constructor(message: string, httpCode?: number) {
		super(message);
		this.name = 'CatalogLoginError';
		this.httpCode = httpCode;
	}
}

type HttpRequest = (options: IHttpRequestOptions) => Promise<unknown>;

const STATUS_MESSAGES: Record<number, string> = {
	400: 'The catalog refused the login request as invalid (400): check the client ID and scope of the credential',
	401: 'Wrong username or password for the catalog (401)',
	500: 'The catalog failed to process the login (500)',
	503: 'The catalog is unavailable (503): its authentication service refused the connection',
};

/** The access token in a login answer: `data.accessToken`, or `accessToken` / `access_token` at the top. */
export function tokenFromLoginResponse(body: unknown): string | undefined {
	if (body === null || typeof body !== 'object') return undefined;
	const record = body as IDataObject;
	const data = (record.data && typeof record.data === 'object' ? record.data : {}) as IDataObject;
	for (const candidate of [data.accessToken, data.access_token, record.accessToken, record.access_token]) {
		if (typeof candidate === 'string' && candidate.trim() !== '') return candidate.trim();
	}
	return undefined;
}

/**
 * The real login's 400 body is `{status, message}` where `message` may be a string, a list (one entry
 * per refused field) or an object (docs.pentaho.com/pdc-api-docs/pdc-api-reference/auth, 400 schema:
 * message oneOf string | array | object). Lists and objects are turned into one readable line.
 */
export function validationMessage(text: string): string | undefined {
	let body: unknown;
	try {
		body = JSON.parse(text);
	} catch {
		return undefined;
	}
	if (body === null || typeof body !== 'object') return undefined;
	const message = (body as IDataObject).message;
	const part = (value: unknown): string => {
		if (typeof value === 'string') return value;
		if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
			const record = value as IDataObject;
			if (typeof record.message === 'string') return record.message;
			return Object.entries(record)
				.map(([key, v]) => `${key}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
				.join('; ');
		}
		return value === undefined || value === null ? '' : JSON.stringify(value);
	};
	if (Array.isArray(message)) {
		const parts = message.map(part).filter((p) => p !== '');
		return parts.length === 0 ? undefined : parts.join('; ');
	}
	if (message !== null && typeof message === 'object') return part(message) || undefined;
	return undefined;
}

/** Logs in and returns the access token; throws a CatalogLoginError with a readable, password-free message. */
export async function catalogLogin(httpRequest: HttpRequest, input: CatalogLoginInput): Promise<string> {
	const base = String(input.catalogUrl ?? '').trim().replace(/\/+$/, '');
	if (base === '') throw new CatalogLoginError('The catalog credential has no catalog URL');
	if (!input.username) throw new CatalogLoginError('The catalog credential has no username');
	if (!input.password) throw new CatalogLoginError('The catalog credential has no password');
	const secrets = [input.password];

	const form = new URLSearchParams({
		username: input.username,
		password: input.password,
		// The interface document's "catalog-client" stands for the real service's client, "pdc-client"
		// (docs.pentaho.com/pdc-api-docs/get-started-with-pdc-api/authentication): the real default.
		client_id: input.clientId || CATALOG_CLIENT_ID,
		grant_type: 'password',
		scope: input.scope || 'openid profile email',
	});

	let response: { statusCode: number; body: unknown; headers?: IDataObject } | undefined;
	let networkProblem: string | undefined;
	try {
		response = (await httpRequest({
			method: 'POST',
			url: `${base}${CATALOG_LOGIN_PATH}`,
			headers: {
				'Content-Type': 'application/x-www-form-urlencoded',
				Accept: 'application/json',
			},
			body: form.toString(),
			encoding: 'text',
			json: false,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			skipSslCertificateValidation: input.ignoreSslIssues === true,
			...(input.timeout ? { timeout: input.timeout } : {}),
		})) as { statusCode: number; body: unknown; headers?: IDataObject };
	} catch (error) {
		const code = (error as { code?: string }).code;
		networkProblem = code ? `${code}` : redact(String((error as Error).message ?? 'unknown error'), secrets);
	}
	if (!response) {
		const timedOut = networkProblem === 'ECONNABORTED' || networkProblem === 'ETIMEDOUT';
		throw new CatalogLoginError(
			timedOut
				? `The catalog did not answer the login in time (${networkProblem})`
				: `The catalog is unavailable: could not reach ${base} (${networkProblem})`,
			503,
		);
	}

	const text = typeof response.body === 'string' ? response.body : JSON.stringify(response.body ?? '');
	const status = response.statusCode;
	if (status < 200 || status >= 300) {
		const contentType = String(response.headers?.['content-type'] ?? '');
		const serverMessage = validationMessage(text) ?? extractServerMessage(text, contentType);
		const known = STATUS_MESSAGES[status] ?? `The catalog login failed with HTTP ${status}`;
		const message = serverMessage && !known.includes(serverMessage) ? `${known}: ${serverMessage}` : known;
		throw new CatalogLoginError(redact(message, secrets), status);
	}
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch {
		parsed = undefined;
	}
	const token = tokenFromLoginResponse(parsed);
	if (!token) {
		throw new CatalogLoginError('The catalog answered the login without an access token', status);
	}
	return token;
}

export interface JwtInfo {
	expiresAt?: string;
	expiresInSeconds?: number;
	issuedAt?: string;
	claims: IDataObject;
}

/** Reads (without verifying) the claims of a JWT, and its expiry from the `exp` claim. */
export function readJwt(token: string, now = Date.now()): JwtInfo {
	const parts = token.split('.');
	if (parts.length < 2) return { claims: {} };
	let claims: IDataObject = {};
	try {
		const payload = Buffer.from(parts[1].replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
		const value = JSON.parse(payload) as unknown;
		if (value && typeof value === 'object' && !Array.isArray(value)) claims = value as IDataObject;
	} catch {
		claims = {};
	}
	const info: JwtInfo = { claims };
	if (typeof claims.exp === 'number' && Number.isFinite(claims.exp)) {
		info.expiresAt = new Date(claims.exp * 1000).toISOString();
		info.expiresInSeconds = Math.max(0, Math.round(claims.exp - now / 1000));
	}
	if (typeof claims.iat === 'number' && Number.isFinite(claims.iat)) {
		info.issuedAt = new Date(claims.iat * 1000).toISOString();
	}
	return info;
}
