/**
 * Requests that manage data sources. The data-access resources answer most refusals and failures
 * with a bare status (no message): a non-administrator gets an empty 401 or 500, a missing
 * connection an empty 500, a missing catalog an empty 400. The shared layer would read a bare 401
 * as a wrong password and a bare 500 as "the server failed"; here each request says what the
 * status means for it (pentaho/data-access:core/src/main/java/org/pentaho/platform/dataaccess/datasource/api/resources/*.java@HEAD).
 */
import { NodeApiError, type IExecuteFunctions, type ILoadOptionsFunctions } from 'n8n-workflow';

import { statusHint } from '../../common/errors';
import { dataflowRequest, type DataflowRequest, type DataflowResponse } from '../../common/transport';
import { apiError } from '../../common/errors';

export const NOT_ALLOWED =
	'The server refused the request (401): this user may not manage data sources (an administrator is needed), or the username or password of the credential is wrong';

/** What a bare status (no message from the server) means for this request. */
export type RequestHints = Partial<Record<400 | 401 | 403 | 500, string>>;

export async function manageRequest<T = unknown>(
	ctx: IExecuteFunctions | ILoadOptionsFunctions,
	request: DataflowRequest,
	hints: RequestHints = {},
): Promise<DataflowResponse<T>> {
	let failure: unknown;
	try {
		return await dataflowRequest<T>(ctx, request);
	} catch (error) {
		failure = error;
	}
	if (!(failure instanceof NodeApiError)) throw failure;
	const status = Number(failure.httpCode) as keyof RequestHints;
	const hint = status === 401 ? (hints[401] ?? NOT_ALLOWED) : hints[status];
	const generic = statusHint(status);
	// Without a server message the shared layer says the status hint (for 401 "Authorization failed:
	// check the username and password…", with the password word possibly redacted when it is the password).
	const bare = generic !== undefined && (failure.message === generic || (status === 401 && failure.message.startsWith(generic.split(' password')[0])));
	if (hint === undefined || !bare) throw failure;
	throw apiError(ctx.getNode(), {
		message: hint,
		description: failure.description ?? undefined,
		httpCode: String(status),
		itemIndex: request.itemIndex,
	});
}
