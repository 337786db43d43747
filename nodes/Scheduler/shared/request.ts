/**
 * Requests to the scheduler: the path under the credential's scheduler path (`api/scheduler` or
 * `plugin/scheduler-plugin/api/scheduler`), JSON bodies, and the representation each endpoint
 * produces. The scheduler answers ids, states and yes/no as text/plain (asking those endpoints for
 * JSON only would get 406 Not Acceptable) and jobs, block status, files and canSchedule as JSON.
 */
import type { IDataObject, IHttpRequestMethods, INode } from 'n8n-workflow';

import type { RequestPlan } from '../../common/executor';
import { dataflowRequest, serverSettings, type DataflowResponse, type RequestContext } from '../../common/transport';
import { apiError } from '../../common/errors';

export interface SchedulerCall {
	method: IHttpRequestMethods;
	/** Endpoint under the scheduler path, e.g. `jobinfo` or `blockout/add`. */
	endpoint: string;
	qs?: IDataObject;
	/** JSON body (sent with Content-Type: application/json). */
	body?: IDataObject;
	expect: 'json' | 'text';
	itemIndex?: number;
	/** What a bare refusal means here (dataflowRequest's `refusals`): the scheduler answers most refusals with a bare 401 or 403. */
	refusals?: Partial<Record<number, string>>;
}

/** `/api/scheduler/<endpoint>` or `/plugin/scheduler-plugin/api/scheduler/<endpoint>`, from the credential. */
export async function schedulerPath(ctx: RequestContext, endpoint: string): Promise<string> {
	const { schedulerPath: base } = await serverSettings(ctx);
	return `/${base}/${endpoint}`;
}

/** The request for a scheduler endpoint (its path under the credential's scheduler path, a JSON body), as an operation plans it. */
export async function schedulerCall(ctx: RequestContext, call: Omit<SchedulerCall, 'itemIndex'>): Promise<RequestPlan> {
	return {
		method: call.method,
		path: await schedulerPath(ctx, call.endpoint),
		qs: call.qs,
		headers: call.body === undefined ? undefined : { 'Content-Type': 'application/json' },
		body: call.body === undefined ? undefined : JSON.stringify(call.body),
		expect: call.expect,
		refusals: call.refusals,
	};
}

/** Sends a scheduler request (for operations that send several). */
export async function schedulerRequest<T = unknown>(ctx: RequestContext, call: SchedulerCall): Promise<DataflowResponse<T>> {
	const { itemIndex, ...rest } = call;
	return await dataflowRequest<T>(ctx, { ...(await schedulerCall(ctx, rest)), itemIndex });
}

/** A text answer without surrounding white space (and without quotes, should a server send a JSON string). */
export function textAnswer(node: INode, body: unknown, itemIndex: number, what: string): string {
	const text = typeof body === 'string' ? body : body === undefined || body === null ? '' : String(body);
	const answer = text.trim().replace(/^"(.*)"$/s, '$1');
	// Ids and states are one short line of plain text; anything else (a document, an error page,
	// a cut-off body) must not be passed on as if it were the answer.
	if (answer === '' || /^[<{[]/.test(answer) || /[\r\n]/.test(answer) || answer.length > 1000) {
		throw apiError(node, {
			message: `The scheduler answered something that is not ${what}: "${answer.slice(0, 80)}${answer.length > 80 ? '…' : ''}"`,
			itemIndex,
		});
	}
	return answer;
}

