/**
 * The catalog credential under n8n's opt-in execution engine 2.0.
 *
 * n8n 2.41.1's engine 2.0 gives nodes a `RemoteCredentialsHelper`
 * (n8n-io/n8n: packages/cli/src/modules/engine-v2/remote-credentials-helper.ts; n8n 2.41.1
 * dist/modules/engine-v2/remote-credentials-helper.js) whose `preAuthentication` throws
 * "Engine 2.0 does not support credentials with an expirable property yet" for every credential
 * type with a hidden `expirable` property, because its data plane cannot write the refreshed token
 * back to the credential store. n8n-core calls `preAuthentication` before every
 * `httpRequestWithAuthentication` (n8n-core 2.41.1
 * dist/execution-engine/node-execution-context/utils/request-helpers/authentication.js), so there
 * every catalog call would fail before any request is sent.
 *
 * Reading the credential still works there (`getDecrypted` asks the control plane), and so does
 * `helpers.httpRequest`. So when, and only when, n8n refuses the credential with that error, the
 * catalog request is sent here instead: log in with the same login as the credential's
 * preAuthentication (catalogLogin), keep the token for this node run only (nothing is written to
 * the credential), send `Authorization: Bearer <token>`, and on a 401 log in again once and retry
 * (a streamed body is sent once, as n8n does). In the current engine none of this runs: the
 * credential's standard preAuthentication, its token shared through n8n's database and n8n's
 * re-login on 401 stay as they are.
 */
import type { ICredentialDataDecryptedObject, IHttpRequestOptions } from 'n8n-workflow';

import { catalogLogin } from './catalogAuth';

interface RequestHelpers {
	helpers: { httpRequest(options: IHttpRequestOptions): Promise<unknown> };
}

/** The refusal of n8n's engine 2.0 for credentials with an expirable property. */
const ENGINE_V2_REFUSAL = /Engine 2\.0 does not support credentials with an expirable property/;

/** Whether an error (or one of its causes) is engine 2.0 refusing an expirable credential. */
export function isEngineV2ExpirableRefusal(error: unknown): boolean {
	let current: unknown = error;
	for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
		if (ENGINE_V2_REFUSAL.test(String((current as { message?: unknown }).message ?? ''))) return true;
		current = (current as { cause?: unknown }).cause;
	}
	return false;
}

/** Tokens of this node run, per credential (the context object lives as long as the run). */
const tokens = new WeakMap<object, Map<string, Promise<string>>>();

function login(ctx: RequestHelpers, credentials: ICredentialDataDecryptedObject): Promise<string> {
	return catalogLogin((options) => ctx.helpers.httpRequest(options), {
		catalogUrl: String(credentials.catalogUrl ?? ''),
		username: String(credentials.username ?? ''),
		password: String(credentials.password ?? ''),
		clientId: String(credentials.clientId ?? ''),
		scope: String(credentials.scope ?? ''),
		ignoreSslIssues: credentials.ignoreSslIssues === true,
	});
}

function tokenFor(ctx: RequestHelpers, credentials: ICredentialDataDecryptedObject, fresh: boolean): Promise<string> {
	let byCredential = tokens.get(ctx);
	if (!byCredential) {
		byCredential = new Map();
		tokens.set(ctx, byCredential);
	}
	const key = `${String(credentials.catalogUrl ?? '')}\n${String(credentials.username ?? '')}`;
	let token = fresh ? undefined : byCredential.get(key);
	if (!token) {
		token = login(ctx, credentials);
		byCredential.set(key, token);
		token.catch(() => byCredential?.delete(key));
	}
	return token;
}

function isStream(body: unknown): boolean {
	return body !== null && typeof body === 'object' && typeof (body as { pipe?: unknown }).pipe === 'function';
}

function withToken(options: IHttpRequestOptions, token: string): IHttpRequestOptions {
	return { ...options, headers: { ...(options.headers ?? {}), Authorization: `Bearer ${token}` } };
}

/** Runs a call and hands back its result or its failure (the caller decides what a failure means). */
async function settle(call: () => Promise<unknown>): Promise<{ ok: true; value: unknown } | { ok: false; error: unknown }> {
	return await call().then(
		(value) => ({ ok: true as const, value }),
		(error: unknown) => ({ ok: false as const, error }),
	);
}

/**
 * Sends a catalog request the way the credential would (log in, Bearer token, one re-login on
 * 401), without n8n's credential store. Failures are those of `helpers.httpRequest` and
 * catalogLogin, left for the transport to turn into a NodeApiError.
 */
export async function catalogRequestWithoutStore(
	ctx: RequestHelpers,
	credentials: ICredentialDataDecryptedObject,
	options: IHttpRequestOptions,
): Promise<unknown> {
	const token = await tokenFor(ctx, credentials, false);
	const first = await settle(() => ctx.helpers.httpRequest(withToken(options, token)));
	if (first.ok) return first.value;
	const status = (first.error as { response?: { status?: number } }).response?.status;
	if (status !== 401 || isStream(options.body)) throw first.error;
	return await ctx.helpers.httpRequest(withToken(options, await tokenFor(ctx, credentials, true)));
}

/**
 * `httpRequestWithAuthentication`, or, for the catalog credential when engine 2.0 refuses it,
 * catalogRequestWithoutStore. The refusal comes before any request is sent, so nothing is sent twice.
 */
export async function requestWithCredential(
	ctx: RequestHelpers & {
		helpers: { httpRequestWithAuthentication(this: unknown, type: string, options: IHttpRequestOptions): Promise<unknown> };
	},
	credentialType: string,
	catalogCredentialType: string,
	credentials: ICredentialDataDecryptedObject,
	options: IHttpRequestOptions,
): Promise<unknown> {
	const standard = await settle(() => ctx.helpers.httpRequestWithAuthentication.call(ctx, credentialType, options));
	if (standard.ok) return standard.value;
	if (credentialType !== catalogCredentialType || !isEngineV2ExpirableRefusal(standard.error)) throw standard.error;
	return await catalogRequestWithoutStore(ctx, credentials, options);
}
