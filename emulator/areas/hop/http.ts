/**
 * The Hop Server's HTTP front: Jetty's handlers in front of the servlets, as WebServer.java builds them
 * (apache/hop:engine/src/main/java/org/apache/hop/www/WebServer.java@2.9.0-rc1, @2.19.0-rc1):
 *
 * 1. A ConstraintSecurityHandler over "/*" with BASIC authentication and a HashLoginService named "Hop"
 *    (the hop-server user, cluster/cluster by default, or the hop.pwd file): every path, known or not,
 *    needs credentials. A request without valid ones gets 401, `WWW-Authenticate: basic realm="Hop"`
 *    (Jetty 9.4) / `Basic realm="Hop"` (Jetty 12) and Jetty's error page (jetty.ts). From 2.17.0 the
 *    server can run without it (`--auth false`, `enable_auth`; seed.hop.enableAuth = false).
 * 2. A ContextHandlerCollection: one ServletContextHandler per servlet at its context path
 *    (`/hop/status`, …, the servlet mapped to `/*`, so `/hop/status/anything` reaches it too), `/shutdown`
 *    (2.19.0), and the root context `/` with GetRootServlet (`/*`: the menu for `/` exactly, sendError(404)
 *    for any other path: "Not found." from 2.18.0, no message before), Jetty's DefaultServlet on
 *    `/static/*`, and up to 2.18 a Jersey servlet on `/api/*`.
 *    A request for a context path itself without the trailing slash (`/hop/status?xml=Y`) is redirected to
 *    `/hop/status/?xml=Y` until 2.18.0 made the contexts accept it (setAllowNullPathInContext, d6b732a6e2):
 *    Jetty 9.4 answers 302 with an absolute Location, Jetty 12 (2.16, 2.17) 301 with the context path,
 *    `/` and the query (jetty-core ContextHandler.handleMovedPermanently). A POST body is lost on the way.
 * 3. The servlets (HttpServlet.service): GET, POST, PUT and DELETE all run doGet (BaseHttpServlet), HEAD
 *    runs doGet without the body, OPTIONS answers the Allow header; PATCH is refused (405 "HTTP method PATCH
 *    is not supported by this URL" on Servlet 6.1 / Jetty 12; 501 "Method PATCH is not implemented by this
 *    Servlet for this URI" on Servlet 4 / Jetty 9), as is any other method (501).
 * Request parameters are the query's plus, for a form-encoded POST, the body's (which the servlet then
 * cannot read again).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { basicChallenge, errorPage, type JettyAnswer } from './jetty';
import type { HopServerState } from './state';
import { webResultJson, webResultXml, XML_HEADER, type WebResult } from './xml';

export type HopAnswer = JettyAnswer | 'destroy';

export interface HopCall {
	state: HopServerState;
	req: IncomingMessage;
	res: ServerResponse;
	url: URL;
	method: string;
	servlet: ServletDef;
	/** request.getParameter: the first value, or null. */
	param(name: string): string | null;
	/** Every parameter name with its first value, in the order they came. */
	paramNames(): string[];
	/** The request body as the servlet's input stream gives it. */
	body(): Promise<Buffer>;
	/** response.sendError(status, message) inside this servlet's context. */
	sendError(status: number, message?: string): JettyAnswer;
	/** Whether the request asked for Y in a flag parameter (xml, json …). */
	flag(name: string): boolean;
}

export interface ServletDef {
	path: string;
	className: string;
	/** First release with it (version.ts); undefined: every 2.x. */
	since?: string;
	/** First release without it. */
	until?: string;
	/** A servlet mapping inside the root context (`/static/*`, `/api/*`), not a context of its own. */
	mapping?: boolean;
	/** The holder's fixed name (else the class name and a hash, as `new ServletHolder(servlet)` names it). */
	holder?: string;
	handler: (call: HopCall) => Promise<HopAnswer> | HopAnswer;
}

export const UTF8 = (type: string) => `${type};charset=UTF-8`;

/** A web result in the servlet's format: XML (with or without the header) or JSON (2.18.0). */
export function webAnswer(web: WebResult, format: 'xml' | 'json' | 'bareXml', status = 200, trailingNewline = true): JettyAnswer {
	const nl = trailingNewline ? '\n' : '';
	if (format === 'json') return { status, body: `${webResultJson(web)}${nl}`, contentType: UTF8('application/json') };
	return { status, body: `${format === 'xml' ? XML_HEADER : ''}${webResultXml(web)}${nl}`, contentType: UTF8('text/xml') };
}

function readBody(req: IncomingMessage): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => resolve(Buffer.concat(chunks)));
		req.on('error', reject);
	});
}

function write(res: ServerResponse, answer: JettyAnswer, method: string): void {
	if (res.headersSent) return;
	const headers: Record<string, string | number> = { ...(answer.headers ?? {}) };
	if (answer.contentType) headers['Content-Type'] = answer.contentType;
	const body = method === 'HEAD' ? undefined : answer.body;
	headers['Content-Length'] = answer.body === undefined ? 0 : Buffer.byteLength(answer.body);
	res.writeHead(answer.status, headers);
	res.end(body);
}

/** The Basic credentials of a request, as Jetty's BasicAuthenticator reads them (ISO-8859-1, user before the first colon, not empty). */
function credentials(req: IncomingMessage): { user: string; password: string } | undefined {
	const header = String(req.headers.authorization ?? '');
	const space = header.indexOf(' ');
	if (space <= 0 || header.slice(0, space).toLowerCase() !== 'basic') return undefined;
	const decoded = Buffer.from(header.slice(space + 1).trim(), 'base64').toString('latin1');
	const colon = decoded.indexOf(':');
	if (colon <= 0) return undefined;
	return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export function createHandler(state: HopServerState, servlets: ServletDef[]) {
	const version = state.version;
	const available = servlets.filter((s) => (s.since === undefined || version.atLeast(s.since)) && (s.until === undefined || !version.atLeast(s.until)));
	return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
		const method = (req.method ?? 'GET').toUpperCase();
		const hostPort = String(req.headers.host ?? `${state.app.options.host}:${state.app.port}`);
		const path = url.pathname;
		// A stopped server: nothing listens any more.
		state.settle();
		if (state.isDown()) {
			req.socket.destroy();
			return;
		}

		// 1. Security handler.
		const authenticating = state.enableAuth || !version.atLeast('2.17.0');
		if (authenticating) {
			const given = credentials(req);
			const user = given && state.app.users.find((u) => u.name === given.user && u.password === given.password);
			if (!user) {
				if (!req.readableEnded) req.resume();
				const page = errorPage(version, { req, status: 401, inContext: false, hostPort });
				write(res, { ...page, headers: { ...page.headers, 'WWW-Authenticate': basicChallenge(version) } }, method);
				return;
			}
		}

		// 2. Contexts: the longest context path that is the path or a prefix of it followed by '/'.
		const servlet = available.find((s) => s.path !== '/' && (path === s.path || path.startsWith(`${s.path}/`))) ?? available.find((s) => s.path === '/')!;
		if (servlet.path !== '/' && !servlet.mapping && path === servlet.path && !version.atLeast('2.18.0')) {
			if (!req.readableEnded) req.resume();
			const query = url.search;
			if (version.jetty === 9) write(res, { status: 302, headers: { Location: `http://${hostPort}${servlet.path}/${query}` } }, method);
			else write(res, { status: 301, headers: { Location: `${servlet.path}/${query}` } }, method);
			return;
		}

		// 3. HttpServlet.service.
		const holder = servlet.holder ?? state.holderName(servlet.className);
		const sendError = (status: number, message?: string) => errorPage(version, { req, status, message, servlet: holder, inContext: true, hostPort });
		if (method === 'OPTIONS') {
			write(res, { status: 200, headers: { Allow: 'GET, HEAD, POST, PUT, DELETE, TRACE, OPTIONS' } }, method);
			return;
		}
		if (!['GET', 'HEAD', 'POST', 'PUT', 'DELETE'].includes(method)) {
			if (!req.readableEnded) req.resume();
			const answer =
				method === 'PATCH' && version.jetty === 12
					? sendError(405, 'HTTP method PATCH is not supported by this URL')
					: sendError(501, `Method ${method} is not implemented by this Servlet for this URI`);
			write(res, answer, method);
			return;
		}
		let bodyPromise: Promise<Buffer> | undefined;
		const rawBody = () => (bodyPromise ??= readBody(req));
		const query = url.searchParams;
		let formParams: URLSearchParams | undefined;
		const form = /^application\/x-www-form-urlencoded/i.test(String(req.headers['content-type'] ?? '')) && method === 'POST';
		if (form) formParams = new URLSearchParams((await rawBody()).toString('latin1'));
		const names = (): string[] => {
			const seen: string[] = [];
			for (const [k] of query) if (!seen.includes(k)) seen.push(k);
			for (const [k] of formParams ?? []) if (!seen.includes(k)) seen.push(k);
			return seen;
		};
		const call: HopCall = {
			state,
			req,
			res,
			url,
			method,
			servlet,
			param: (name) => query.get(name) ?? formParams?.get(name) ?? null,
			paramNames: names,
			body: async () => (form ? Buffer.alloc(0) : rawBody()),
			sendError,
			flag: (name) => (query.get(name) ?? formParams?.get(name) ?? '').toUpperCase() === 'Y',
		};
		if (method === 'GET' && servlet.className) state.graphicsKnown.add(servlet.className);
		const answer = await servlet.handler(call);
		if (!req.readableEnded) req.resume();
		if (answer === 'destroy') {
			req.socket.destroy();
			return;
		}
		write(res, answer, method);
	};
}
