/**
 * Control requests to the worker (stop, pause, remove, start, run, execute) and their `webresult`
 * answers. The real servlets write these answers with an XML or an HTML content type depending on
 * the endpoint and the version (RunTransServlet answers a webresult as text/html), so the answer is
 * read as text and parsed here; HTTP errors and `result=ERROR` are raised by the transport.
 *
 * Repository credentials (executeTrans/executeJob `rep`, `user`, `pass`) go in a POST form body:
 * the servlets read request parameters from the query and the form body alike
 * (BaseHttpServlet.doPost → doGet, request.getParameter), so nothing secret is put in a URL, where
 * proxies and access logs keep it. The password is also redacted from every error.
 */
import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';

import { apiError, redact } from '../../common/errors';
import { sendPlanned, type RequestPlan } from '../../common/executor';
import { parseXml } from '../../common/xml';
import { workerEndpoint } from './fields';
import { readWebResult, type WebResult } from './webResult';

export interface ControlCall {
	endpoint: string;
	/** Query parameters (GET) or form fields (POST). */
	params: IDataObject;
	/** POST the parameters as a form body instead of a query. */
	form?: boolean;
	/** What the answer is about, for messages: `the transformation "x"`. */
	what: string;
	/** Values that must never appear in an error (a repository password). */
	secrets?: string[];
	/** What an HTTP 401 means for this endpoint (executeTrans/executeJob: the repository refused its user), added to the error. */
	unauthorized?: string;
	itemIndex: number;
}

export interface ControlAnswer {
	result: WebResult;
	/** The answer's text ('' for an empty answer). */
	raw: string;
	status: number;
	/** With `bodyIsOutput`: the body is the run's own output, not a result document. */
	isOutput?: boolean;
}

/**
 * The context for the clean-up requests sent after the n8n execution was cancelled. n8n-core adds
 * the execution's cancel signal to every request a node sends through its credential
 * (httpRequestWithAuthentication sets `abortSignal` when the context has getExecutionCancelSignal),
 * so once the execution is cancelled, every further request is aborted before it leaves, and the
 * remote run could never be stopped. This view of the context hides that one method, so the stop
 * request is sent and answered; everything else is the node's own context.
 */
export function withoutCancelSignal(ctx: IExecuteFunctions): IExecuteFunctions {
	return new Proxy(ctx, {
		has: (target, key) => key !== 'getExecutionCancelSignal' && Reflect.has(target, key),
	});
}

/** application/x-www-form-urlencoded, as a browser form sends it. */
export function formBody(params: IDataObject): string {
	return Object.entries(params)
		.filter(([, value]) => value !== undefined && value !== null)
		.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value)).replace(/%20/g, '+')}`)
		.join('&');
}


/** The request of a control call: the endpoint under the worker path, its parameters as a query or a form body. */
export async function controlPlan(ctx: IExecuteFunctions, call: Omit<ControlCall, 'what' | 'itemIndex'>): Promise<RequestPlan> {
	return {
		method: call.form ? 'POST' : 'GET',
		path: await workerEndpoint(ctx, call.endpoint),
		...(call.form ? { body: formBody(call.params) } : { qs: call.params }),
		headers: {
			...CONTROL_HEADERS,
			...(call.form ? { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' } : {}),
		},
		expect: 'text',
		secrets: (call.secrets ?? []).filter((s) => s !== ''),
		...(call.unauthorized ? { refusals: { 401: { hint: call.unauthorized } } } : {}),
	};
}

/**
 * An executeTrans answer: a 2xx answer that is not a result document is the transformation's own
 * output. Released servers (9.3, 10.2, 11.0) set no content type and write nothing before the run: a
 * clean run whose steps write nothing answers an empty body. Current upstream code (pentaho/pentaho-kettle
 * engine/src/main/java/org/pentaho/di/www/ExecuteTransServlet.java@00c601e0, after 2026-03; not on the
 * 11.0 branch) sets an XML content type and writes the XML declaration first (`contentTypeAndHeader(true,
 * …)`), so there a clean run answers the declaration alone and step output comes after it. The
 * declaration is not output in either case. Failures are HTTP 500 with a webresult ERROR.
 */
export function readExecuteAnswer(node: INode, answer: { status: number; raw: string }, what: string, itemIndex: number, secrets: string[]): ControlAnswer {
	const { status, raw } = answer;
	let doc: IDataObject | undefined;
	try {
		doc = /<webresult[\s>]/i.test(raw) ? parseXml(raw) : undefined;
	} catch {
		doc = undefined;
	}
	if (doc && doc.webresult !== undefined) {
		const result = readWebResult(node, doc, itemIndex, what);
		result.message = redact(result.message, secrets);
		return { result, raw: redact(raw, secrets), status };
	}
	// The declaration the servlet writes first is not output: only what follows it is.
	const output = raw.replace(/^\uFEFF?\s*<\?xml[^>]*\?>\r?\n?/i, '');
	return { result: { result: 'OK', message: '', id: '' }, raw: output, status, isOutput: output.trim() !== '' };
}

/** Sends one control request (in operations that send several) and returns its webresult. */
export async function controlRequest(ctx: IExecuteFunctions, call: ControlCall): Promise<ControlAnswer> {
	const plan = await controlPlan(ctx, call);
	const response = await sendPlanned<string>(ctx, plan, call.itemIndex);
	const answer = { status: response.status, raw: String(response.body ?? ''), request: `${plan.method} ${plan.path}` };
	return readControlAnswer(ctx.getNode(), answer, call.what, call.itemIndex, plan.secrets);
}

/** What a control request asks for: a webresult, as XML or text (RunTransServlet answers text/html). */
export const CONTROL_HEADERS = { Accept: 'application/xml, text/xml, */*' };

/**
 * Reads a control request's answer (sent with `expect: 'text'`) as its webresult: an empty or
 * non-XML answer is a server error naming the request; `secrets` are taken out of the message.
 */
export function readControlAnswer(
	node: INode,
	answer: { status: number; raw: string; request: string },
	what: string,
	itemIndex: number,
	secrets: string[] = [],
): ControlAnswer {
	const { status, raw, request } = answer;
	if (raw.trim() === '') {
		throw apiError(node, {
			message: `The server answered ${what} with an empty document`,
			description: `${request} answered HTTP ${status} without a body`,
			httpCode: String(status),
			itemIndex,
		});
	}
	let doc: IDataObject;
	try {
		doc = parseXml(raw);
	} catch (error) {
		throw apiError(node, {
			message: redact(`The server answered ${what} with a document that is not XML: ${(error as Error).message}`, secrets),
			description: redact(`${request} answered HTTP ${status}: ${raw.slice(0, 200)}`, secrets),
			httpCode: String(status),
			itemIndex,
		});
	}
	const result = readWebResult(node, doc, itemIndex, what);
	result.message = redact(result.message, secrets);
	return { result, raw: redact(raw, secrets), status };
}
