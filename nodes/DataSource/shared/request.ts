/**
 * Requests that manage data sources. The server answers a refusal of a non-administrator with a
 * bare 401 (no message), which the shared layer would read as a wrong password; here it says
 * what it usually means.
 */
import { NodeApiError, type IExecuteFunctions } from 'n8n-workflow';

import { apiError, dataflowRequest, type DataflowRequest, type DataflowResponse } from '../../common/transport';
import { statusHint } from '../../common/errors';

const NOT_ALLOWED =
	'The server refused the request (401): this user may not manage data sources (an administrator is needed), or the username or password of the credential is wrong';

export interface RequestHints {
	/** What a bare 500 (no message) means for this request. */
	on500?: string;
}

export async function manageRequest<T = unknown>(
	ctx: IExecuteFunctions,
	request: DataflowRequest,
	hints: RequestHints = {},
): Promise<DataflowResponse<T>> {
	let failure: unknown;
	try {
		return await dataflowRequest<T>(ctx, request);
	} catch (error) {
		failure = error;
	}
	// Without a server message the shared layer says "Authorization failed: check the username and
	// password…" (with the password word possibly redacted when it is the password itself).
	const generic = (statusHint(401) ?? '').split(' password')[0];
	if (failure instanceof NodeApiError && failure.httpCode === '401' && generic !== '' && failure.message.startsWith(generic)) {
		throw apiError(ctx.getNode(), {
			message: NOT_ALLOWED,
			description: failure.description ?? undefined,
			httpCode: '401',
			itemIndex: request.itemIndex,
		});
	}
	if (failure instanceof NodeApiError && failure.httpCode === '500' && hints.on500 && failure.message === statusHint(500)) {
		throw apiError(ctx.getNode(), {
			message: hints.on500,
			description: failure.description ?? undefined,
			httpCode: '500',
			itemIndex: request.itemIndex,
		});
	}
	throw failure;
}

