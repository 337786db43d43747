/**
 * Jetty's answers in front of and around the Hop servlets: the Basic challenge and the error pages.
 *
 * Hop Server installs no ErrorHandler of its own (apache/hop:engine/src/main/java/org/apache/hop/www/
 * WebServer.java@2.9.0-rc1 and @2.19.0-rc1), so Jetty's defaults answer every `sendError`, every refused
 * login and every servlet exception. Which page depends on the embedded Jetty (version.ts) and on the
 * request's Accept header (both Jetty lines negotiate: text/html, text/*, * / * → HTML; application/json,
 * text/json → JSON; text/plain → text; an Accept header naming none of them → no body; no Accept → HTML):
 *
 * - Jetty 9.4.41 (Hop ≤ 2.15): org.eclipse.jetty.server.handler.ErrorHandler — HTML with a fixed
 *   `charset=utf-8` meta, an `<h2>HTTP ERROR 404 Not Found</h2>` heading, a table URI / STATUS / MESSAGE /
 *   SERVLET, and `<hr><a href="https://eclipse.org/jetty">Powered by Jetty:// 9.4.41.v20210516</a><hr/>`;
 *   Content-Type text/html;charset=iso-8859-1 (no Accept-Charset). jetty/jetty.project:jetty-server/src/main/
 *   java/org/eclipse/jetty/server/handler/ErrorHandler.java (the 9.4/10/11 table layout) and jetty-util
 *   Jetty.java (POWERED_BY).
 * - Jetty 12 (Hop ≥ 2.16): inside a servlet context the ee11 ErrorHandler (same table with a SERVLET row,
 *   the meta naming the response charset, `<hr/>` before the powered-by link to https://jetty.org/);
 *   outside one (the security handler's 401, which runs before any context) the core ErrorHandler
 *   (no SERVLET row, a Cache-Control: must-revalidate,no-cache,no-store header, the URI as the full
 *   request URI). jetty/jetty.project:jetty-ee11/jetty-ee11-servlet/src/main/java/org/eclipse/jetty/ee11/
 *   servlet/ErrorHandler.java, jetty-core/jetty-server/src/main/java/org/eclipse/jetty/server/handler/ErrorHandler.java,
 *   jetty-core/jetty-util/src/main/java/org/eclipse/jetty/util/Jetty.java (stored versions of the 12.x line).
 *
 * The Basic challenge: Jetty 9.4's BasicAuthenticator writes `basic realm="Hop"` (lowercase scheme),
 * Jetty 12's `Basic realm="Hop"`; the realm is the HashLoginService's name, "Hop" (WebServer.java).
 */
import type { IncomingMessage } from 'node:http';

import type { HopVersion } from './version';

export interface JettyAnswer {
	status: number;
	body?: string;
	contentType?: string;
	headers?: Record<string, string>;
}

const REASONS: Record<number, string> = {
	400: 'Bad Request',
	401: 'Unauthorized',
	403: 'Forbidden',
	404: 'Not Found',
	405: 'Method Not Allowed',
	500: 'Server Error',
	503: 'Service Unavailable',
};

/** Jetty's StringUtil.sanitizeXmlString: & < > " ' escaped, control characters replaced. */
function sanitize(text: string): string {
	return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** The Accept header's media types, most specific and highest quality first (QuotedQualityCSV). */
function acceptable(req: IncomingMessage): string[] | undefined {
	const header = req.headers.accept;
	if (header === undefined) return undefined;
	const entries = String(header)
		.split(',')
		.map((part, index) => {
			const [type, ...params] = part.trim().split(';');
			const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
			const quality = q ? Number(q.slice(2)) : 1;
			const specificity = type.includes('*') ? (type.trim() === '*/*' ? 0 : 1) : 2;
			return { type: type.trim().toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, specificity, index };
		})
		.filter((e) => e.type !== '' && e.quality > 0);
	entries.sort((a, b) => b.quality - a.quality || b.specificity - a.specificity || a.index - b.index);
	return entries.map((e) => e.type);
}

export interface ErrorPageInput {
	req: IncomingMessage;
	status: number;
	/** The sendError message (undefined: the reason phrase). */
	message?: string;
	/** The servlet holder's name (inside a servlet context); undefined outside one. */
	servlet?: string;
	/** Whether a servlet context answers (Jetty 12 picks the ee11 handler then). */
	inContext: boolean;
	/** The host:port the request named (Jetty 12's core handler prints the full URI). */
	hostPort: string;
}

export function errorPage(version: HopVersion, input: ErrorPageInput): JettyAnswer {
	const { req, status } = input;
	const method = (req.method ?? 'GET').toUpperCase();
	const message = input.message ?? REASONS[status] ?? String(status);
	const rawUrl = req.url ?? '/';
	const path = rawUrl.split('?')[0];
	const headers: Record<string, string> = { 'Cache-Control': 'must-revalidate,no-cache,no-store' };
	// Both Jetty lines write an error page only for GET, POST and HEAD (errorPageForMethod).
	if (!['GET', 'POST', 'HEAD'].includes(method)) return { status, headers };
	const types = acceptable(req) ?? ['text/html'];
	const core = version.jetty === 12 && !input.inContext;
	const uri = core ? `http://${input.hostPort}${rawUrl}` : path;
	for (const type of types) {
		if (type === 'text/html' || type === 'text/*' || type === '*/*') {
			const statusText = String(status);
			const title = message !== statusText ? `Error ${status} ${sanitize(message)}` : `Error ${status}`;
			const heading = message !== statusText ? `HTTP ERROR ${status} ${sanitize(message)}` : `HTTP ERROR ${status}`;
			const rows =
				`<tr><th>URI:</th><td>${sanitize(uri)}</td></tr>\n<tr><th>STATUS:</th><td>${status}</td></tr>\n<tr><th>MESSAGE:</th><td>${sanitize(message)}</td></tr>\n` +
				(input.inContext || version.jetty === 9 ? `<tr><th>SERVLET:</th><td>${input.servlet === undefined ? '-' : sanitize(input.servlet)}</td></tr>\n` : '');
			let body: string;
			if (version.jetty === 9) {
				body =
					`<html>\n<head>\n<meta http-equiv="Content-Type" content="text/html;charset=utf-8"/>\n<title>${title}</title>\n</head>\n<body>` +
					`<h2>${heading}</h2>\n<table>\n${rows}</table>\n<hr><a href="https://eclipse.org/jetty">Powered by Jetty:// ${version.jettyVersion}</a><hr/>\n\n</body>\n</html>\n`;
			} else {
				body =
					`<html>\n<head>\n<meta http-equiv="Content-Type" content="text/html;charset=ISO-8859-1"/>\n<title>${title}</title>\n</head>\n<body>${core ? '\n' : ''}` +
					`<h2>${heading}</h2>\n<table>\n${rows}</table>\n<hr/><a href="https://jetty.org/">Powered by Jetty:// ${version.jettyVersion}</a><hr/>\n\n</body>\n</html>\n`;
			}
			return { status, body: method === 'HEAD' ? undefined : body, contentType: 'text/html;charset=iso-8859-1', headers };
		}
		if (type === 'application/json' || type === 'text/json') {
			// A HashMap's order: url, status, message (servlet) as Java happens to iterate them; our order is fixed.
			const fields: Array<[string, string]> = [
				['url', uri],
				['status', String(status)],
				['message', message],
			];
			if (input.inContext && input.servlet !== undefined) fields.push(['servlet', input.servlet]);
			const body = `{\n${fields.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(sanitize(v))}`).join(',\n')}\n}`;
			return { status, body: method === 'HEAD' ? undefined : body, contentType: type === 'text/json' ? 'text/json' : 'application/json', headers };
		}
		if (type === 'text/plain') {
			let body = `HTTP ERROR ${status} ${sanitize(message)}\nURI: ${uri}\nSTATUS: ${status}\nMESSAGE: ${message}\n`;
			if (input.inContext || version.jetty === 9) body += `SERVLET: ${input.servlet ?? 'null'}\n`;
			return { status, body: method === 'HEAD' ? undefined : body, contentType: 'text/plain;charset=iso-8859-1', headers };
		}
	}
	// An Accept header naming nothing Jetty writes: the status alone.
	return { status, headers };
}

/** The Basic challenge of the "Hop" login service. */
export function basicChallenge(version: HopVersion): string {
	return version.jetty === 9 ? 'basic realm="Hop"' : 'Basic realm="Hop"';
}
