/**
 * Requests to an Apache Hop Server (the credential's Server Kind "Hop Server"). Hop Server keeps
 * Carte's servlets under new names at `/hop/<servlet>` at the root of the server (WebServer, one
 * Jetty context per servlet) and answers `<webresult>` and status documents with `xml=Y`
 * (apache/hop engine/src/main/java/org/apache/hop/www/ @2.19.0-rc1 and @2.9.0-rc1).
 *
 * - Every path ends with "/" (`/hop/status/?xml=Y`), as Hop's own clients call them
 *   (RemotePipelineEngine, RemoteHopServer): up to 2.17 Jetty redirects the path without it to the
 *   path with it (302 / 301) and a POST body is lost on the way (fixed in 2.18.0 by d6b732a6e2).
 * - Answers are read as text and parsed here: before 2.18.0 the status servlets write their XML with
 *   an HTML content type (`text/html;charset=UTF-8`, GetStatusServlet@2.9.0-rc1 setResponseFormat), so
 *   the content type says nothing. A `webresult` ERROR inside HTTP 200 (a run not found, a failed
 *   preparation) is raised by the transport as for the worker.
 * - `xml=Y` everywhere: `json=Y` exists on the control servlets only from 2.18.0 (00729a9593).
 */
import type { IDataObject, IExecuteFunctions, INode, IPollFunctions } from 'n8n-workflow';

import { apiError } from '../../common/errors';
import { sendPlanned, type RequestPlan } from '../../common/executor';
import { dataflowRequest, type RequestContext } from '../../common/transport';
import { parseXml } from '../../common/xml';
import { CONTROL_HEADERS, readControlAnswer, type ControlAnswer } from './control';

/** The path of a Hop servlet: `/hop/<servlet>/` (with the slash Hop's own clients send). */
export function hopPath(servlet: string): string {
	return `/hop/${servlet}/`;
}

/** What an HTTP 404 from a servlet Hop added in a later release means. */
export const SINCE_2_17 = (servlet: string) =>
	`The Hop Server has no ${servlet} servlet (HTTP 404): running a file on the server needs Hop 2.17.0 or later (apache/hop 162457dd03). On an older Hop Server use Source "Binary File" (register and start).`;

export interface HopCall {
	servlet: string;
	qs?: IDataObject;
	/** A POST body (register servlets). */
	body?: string;
	headers?: IDataObject;
	/** What the answer is about, for messages: `the pipeline "x"`. */
	what: string;
	refusals?: RequestPlan['refusals'];
	itemIndex: number;
}

/** The request of a control call to a Hop servlet (`xml=Y` added), read as text. */
export function hopPlan(call: Omit<HopCall, 'what' | 'itemIndex'>): RequestPlan {
	return {
		method: call.body === undefined ? 'GET' : 'POST',
		path: hopPath(call.servlet),
		qs: { ...(call.qs ?? {}), xml: 'Y' },
		headers: { ...CONTROL_HEADERS, ...(call.headers ?? {}) },
		...(call.body === undefined ? {} : { body: call.body }),
		expect: 'text',
		...(call.refusals ? { refusals: call.refusals } : {}),
	};
}

/** Sends a control call and reads its `webresult` (errors inside HTTP 200 were raised by the transport). */
export async function hopControl(ctx: IExecuteFunctions, call: HopCall): Promise<ControlAnswer> {
	const plan = hopPlan(call);
	const response = await sendPlanned<string>(ctx, plan, call.itemIndex);
	return readHopControl(ctx.getNode(), { status: response.status, raw: String(response.body ?? '') }, plan, call.what, call.itemIndex);
}

/** Reads the answer of a control call planned with hopPlan. */
export function readHopControl(node: INode, answer: { status: number; raw: string }, plan: RequestPlan, what: string, itemIndex: number): ControlAnswer {
	return readControlAnswer(node, { ...answer, request: `${plan.method} ${plan.path}` }, what, itemIndex);
}

/**
 * A Hop status document (`serverstatus`, `pipeline-status`, `workflow-status`): GET with `xml=Y`,
 * read as text (whatever the content type), parsed, its root checked.
 */
export async function hopDocument(
	ctx: RequestContext,
	servlet: string,
	qs: IDataObject,
	root: string,
	itemIndex: number,
): Promise<{ record: IDataObject; raw: string }> {
	const response = await dataflowRequest<string>(ctx, {
		method: 'GET',
		path: hopPath(servlet),
		qs: { ...qs, xml: 'Y' },
		headers: CONTROL_HEADERS,
		expect: 'text',
		itemIndex,
	});
	const raw = String(response.body ?? '');
	return { record: readHopDocument(ctx.getNode(), raw, root, `GET ${hopPath(servlet)}`, response.status, itemIndex), raw };
}

/** The root element `root` of a Hop document; empty, unreadable or other documents are server errors. */
export function readHopDocument(node: INode, raw: string, root: string, request: string, status: number, itemIndex: number): IDataObject {
	let doc: IDataObject | undefined;
	let problem = '';
	try {
		doc = raw.trim() === '' ? undefined : parseXml(raw);
	} catch (error) {
		problem = (error as Error).message;
	}
	const record = doc?.[root];
	if (!doc || record === null || typeof record !== 'object' || Array.isArray(record)) {
		throw apiError(node, {
			message:
				raw.trim() === ''
					? `The Hop Server answered ${request} with an empty document`
					: doc
						? `The Hop Server answered a document without <${root}> (root element: ${Object.keys(doc)[0] ?? 'none'})`
						: `The Hop Server answered ${request} with a document that is not XML${problem ? `: ${problem}` : ''}`,
			description: `${request} answered HTTP ${status}${raw.trim() === '' ? '' : `: ${raw.slice(0, 200)}`}`,
			httpCode: String(status),
			itemIndex,
		});
	}
	return record as IDataObject;
}

/** The poll context as a request context (the trigger reads the same documents). */
export type HopContext = IExecuteFunctions | IPollFunctions;
