/**
 * Error answers: how a route handler raises one, and what the real web containers make of an error
 * status (their error pages).
 *
 * Raising: a handler throws `EmulatorHttpError(status, message)`, and the app (core/app.ts, `handle`)
 * turns it into `ctx.fail(status, message)`, which writes the error in the route's style (worker
 * webresult, catalog JSON, platform text). A route that must answer an error with no body, or with a
 * body of its own, sets `body` (undefined for none) and `contentType`; `EmulatorHttpError.bare(status)`
 * is the status alone (a JAX-RS `Response.status(x).build()`). Answers with status 200, such as the
 * worker's webresult ERROR inside an HTTP 200, are not errors here: handlers send those themselves.
 *
 * What the client then receives is decided by the servlet and the container, not by the handler
 * (`servletAnswer` below; every answer of a platform route goes through it in core/app.ts):
 *
 * - `/api/*` is pentaho-platform's JAXRSServlet.
 *   - 9.x/10.x (Jersey 1.19.1): its BackwardCompatibleWriter.writeStatus() calls `response.sendError(status,
 *     reasonPhrase)` for every 4xx/5xx unless pentaho.xml `set-empty-entity-rest-services` is true; the
 *     shipped pentaho.xml says false (BISERVER-13832). sendError runs before the entity is written
 *     (writeStatusAndHeaders → writeStatus on the first write), so Tomcat suspends the response and the
 *     resource's entity is discarded: the client gets the container's error page, with the status kept.
 *     pentaho-platform:extensions/src/main/java/org/pentaho/platform/web/servlet/JAXRSServlet.java@9.3.0.0-422
 *     (same @10.2.0.0-222 and @10.2.0.10-434);
 *     assemblies/pentaho-solutions/src/main/resources-filtered/pentaho-solutions/system/pentaho.xml@9.3.0.0-422
 *     (`<set-empty-entity-rest-services>false`, also @10.2.0.10-434 and @11.0.0.0-237).
 *   - 11.x (Jersey 3): JAXRSApplication sets `jersey.config.server.response.setStatusOverSendError`, so
 *     the status is set and the entity, if any, written as is; a bare status has an empty body.
 *     pentaho-platform:extensions/src/main/java/org/pentaho/platform/web/servlet/jersey/JAXRSApplication.java@11.0.0.0-237,
 *     from commit 80bcfdbb37 ("[BACKLOG-42168] Upgrade sun jersey from 1.x to glassfish jersey 3.x"),
 *     first tag 11.0.0.0-42; no 10.2 service pack has it (10.2.0.10-434 still Jersey 1.19.1).
 * - `/plugin/{id}/api/*` is JAXRSPluginServlet (scheduler plugin, data access): after Jersey, when the
 *   response is not committed and 399 < status < 600 it calls `response.sendError(status)`.
 *   pentaho-platform:extensions/src/main/java/org/pentaho/platform/web/servlet/JAXRSPluginServlet.java@9.3.0.0-422
 *   (same @10.2.0.10-434 and @11.0.0.0-237; the plugins' plugin.spring.xml declare it:
 *   pentaho-scheduler-plugin:assembly/src/main/plugin.spring.xml@10.2.0.0-222,
 *   data-access:assemblies/data-access-plugin/src/main/resources/plugin.spring.xml@9.3.0.0-422).
 *   An entity, once written, is flushed (Jersey 1's String writer flushes its stream; Jersey 3 closes the
 *   entity stream), which commits the response, so a message the resource gives survives; a bare status
 *   is not committed and becomes the error page. JAXRSPluginApplication@11.0.0.0-237 sets
 *   setStatusOverSendError too, which only stops Jersey's own sendError, not the servlet's.
 *   A plugin path with no plugin servlet: PluginDispatchServlet `sendError(404)` (@9.3.0.0-422, @11.0.0.0-237).
 * - Tomcat then answers a sendError with the webapp's error page when web.xml maps the status:
 *   403, 404 and 500 → `/unavailable.html` (served by Tomcat's DefaultServlet, status kept; it keeps a
 *   Content-Type set before sendError, else `text/html`). No other status is mapped (no 401), so
 *   Tomcat's ErrorReportValve writes its "HTTP Status nnn – Reason" report (text/html;charset=utf-8,
 *   Content-Language en). pentaho-platform:assemblies/pentaho-war/src/main/webapp/WEB-INF/web.xml@9.3.0.0-422
 *   (same @10.2.0.0-222, @10.2.0.10-434, @11.0.0.0-237), unavailable.html (same blob 033a53fb in all four);
 *   apache/tomcat:java/org/apache/catalina/core/StandardHostValve.java@9.0.50 (status, custom),
 *   java/org/apache/catalina/valves/ErrorReportValve.java@9.0.50 (report; same page @9.0.86, @9.0.120, @10.1.48),
 *   java/org/apache/catalina/servlets/DefaultServlet.java@9.0.50 ("Don't override a previously set content type").
 */
import type { ServerProfile } from './profiles';

export class EmulatorHttpError extends Error {
	constructor(
		readonly status: number,
		message: string,
		/** Instead of the route's error style: the exact body (undefined: none) and its content type. */
		readonly raw?: { body?: string | Buffer; contentType?: string; headers?: Record<string, string> },
	) {
		super(message);
	}

	/**
	 * An error status with no entity (`Response.status(x).build()` in a JAX-RS resource). What the client
	 * receives depends on the servlet and the version (see `servletAnswer`): Tomcat's or the webapp's
	 * error page under `/api` on 9.x/10.x and under `/plugin/{id}/api` everywhere, nothing under `/api` on 11.x.
	 */
	static bare(status: number): EmulatorHttpError {
		return new EmulatorHttpError(status, `HTTP ${status}`, {});
	}
}

/** An answer as the client receives it. */
export interface ContainerAnswer {
	status: number;
	body?: string | Buffer;
	contentType?: string;
	headers?: Record<string, string>;
}

/**
 * Which servlet of the BI server (Tomcat) answers a path under the context, by web.xml's mappings
 * (pentaho-platform:assemblies/pentaho-war/src/main/webapp/WEB-INF/web.xml@9.3.0.0-422): `/api/*`
 * JAXRSServlet, `/plugin/*` PluginDispatchServlet (a plugin's JAX-RS servlet under `/plugin/{id}/api`),
 * `/kettle/*` CarteServlet, anything else the webapp's other servlets and Tomcat's DefaultServlet.
 * 'worker' is also the standalone worker server (Carte on Jetty), which the emulator plays without a
 * context path.
 */
export type ServletKind = 'api' | 'pluginApi' | 'plugin' | 'worker' | 'webapp';

export function servletOf(mountPath: string): ServletKind {
	if (/^\/api(\/|$)/.test(mountPath)) return 'api';
	if (/^\/plugin\/[^/]+\/api(\/|$)/.test(mountPath)) return 'pluginApi';
	if (/^\/plugin(\/|$)/.test(mountPath)) return 'plugin';
	if (/^\/(kettle|dataflow)(\/|$)/.test(mountPath)) return 'worker';
	return 'webapp';
}

/** Whether the platform's `/api` runs on Jersey 1 (sendError for every error status). */
export function jersey1Api(profile: Pick<ServerProfile, 'before'>): boolean {
	return profile.before('11.0.0.0-42');
}

/**
 * Reason phrases of JAX-RS 1.1's Response.Status, which Jersey 1 passes to sendError; other codes have
 * none there (sendError(status) without a message).
 */
const JAXRS1_REASONS: Record<number, string> = {
	400: 'Bad Request',
	401: 'Unauthorized',
	403: 'Forbidden',
	404: 'Not Found',
	406: 'Not Acceptable',
	409: 'Conflict',
	410: 'Gone',
	412: 'Precondition Failed',
	415: 'Unsupported Media Type',
	500: 'Internal Server Error',
	503: 'Service Unavailable',
};

/**
 * Tomcat's reason and description of a status, as its ErrorReportValve prints them (its
 * LocalStrings, http.NNN.reason / http.NNN.desc, @9.0.50; the 401 description was reworded by 9.0.86
 * and is so in 10.1.48). Only the statuses the emulator answers; Tomcat knows more.
 */
function tomcatReason(status: number, tomcatVersion: string): [string, string] | undefined {
	const unauthorized =
		compareVersions(tomcatVersion, '9.0.86') < 0
			? 'The request has not been applied because it lacks valid authentication credentials for the target resource.'
			: 'The request has not been applied to the target resource because it lacks valid authentication credentials for that resource.';
	const table: Record<number, [string, string]> = {
		400: [
			'Bad Request',
			'The server cannot or will not process the request due to something that is perceived to be a client error (e.g., malformed request syntax, invalid request message framing, or deceptive request routing).',
		],
		401: ['Unauthorized', unauthorized],
		403: ['Forbidden', 'The server understood the request but refuses to authorize it.'],
		404: ['Not Found', 'The origin server did not find a current representation for the target resource or is not willing to disclose that one exists.'],
		405: ['Method Not Allowed', 'The method received in the request-line is known by the origin server but not supported by the target resource.'],
		406: [
			'Not Acceptable',
			'The target resource does not have a current representation that would be acceptable to the user agent, according to the proactive negotiation header fields received in the request, and the server is unwilling to supply a default representation.',
		],
		409: ['Conflict', 'The request could not be completed due to a conflict with the current state of the target resource.'],
		410: ['Gone', 'Access to the target resource is no longer available at the origin server and that this condition is likely to be permanent.'],
		412: ['Precondition Failed', 'One or more conditions given in the request header fields evaluated to false when tested on the server.'],
		415: ['Unsupported Media Type', 'The origin server is refusing to service the request because the payload is in a format not supported by this method on the target resource.'],
		500: ['Internal Server Error', 'The server encountered an unexpected condition that prevented it from fulfilling the request.'],
		501: ['Not Implemented', 'The server does not support the functionality required to fulfill the request.'],
		503: [
			'Service Unavailable',
			'The server is currently unable to handle the request due to a temporary overload or scheduled maintenance, which will likely be alleviated after some delay.',
		],
	};
	return table[status];
}

function compareVersions(a: string, b: string): number {
	const pa = a.split('.').map(Number);
	const pb = b.split('.').map(Number);
	for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
		const d = (pa[i] ?? 0) - (pb[i] ?? 0);
		if (d !== 0) return d;
	}
	return 0;
}

function escapeHtml(text: string): string {
	return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * Tomcat's status report (ErrorReportValve.report, showReport and showServerInfo on: Pentaho's
 * Tomcat keeps the stock server.xml but for the connector and access log,
 * pentaho-platform:assemblies/pentaho-server/pom.xml@9.3.0.0-422 `replace-tomcat-tokens-server-xml`).
 * The same visible text as the real page (title and heading "HTTP Status nnn – Reason", Type, the
 * Message line only when there is a message, Description, server name); the style sheet is our own.
 * Undefined when Tomcat writes no report (a status it has no reason for, and no message).
 */
export function tomcatReportPage(status: number, message: string, tomcatVersion: string): string | undefined {
	let reason = tomcatReason(status, tomcatVersion);
	if (!reason) {
		if (message === '') return undefined;
		reason = ['Unknown Reason', 'No description available'];
	}
	const heading = `HTTP Status ${status} – ${reason[0]}`;
	return (
		`<!doctype html><html lang="en"><head><title>${heading}</title>` +
		'<style type="text/css">body {font-family:sans-serif;} h1, h3, b {color:white;background-color:#525D76;} .line {height:1px;border:none;background-color:#525D76;}</style>' +
		`</head><body><h1>${heading}</h1><hr class="line" /><p><b>Type</b> Status Report</p>` +
		(message === '' ? '' : `<p><b>Message</b> ${escapeHtml(message)}</p>`) +
		`<p><b>Description</b> ${reason[1]}</p><hr class="line" /><h3>Apache Tomcat/${tomcatVersion}</h3></body></html>`
	);
}

/**
 * The BI server webapp's error page for 403, 404 and 500 (web.xml → /unavailable.html). The real file
 * (pentaho-platform:assemblies/pentaho-war/src/main/webapp/unavailable.html@9.3.0.0-422, unchanged to
 * @11.0.0.0-237) is a small page titled "Unavailable" whose visible text is "Sorry, something went
 * wrong." and "Please try again or contact your system administrator.", padded past 512 bytes with a
 * comment (so that IE shows it); this is our own page with the same title and sentences.
 */
export const UNAVAILABLE_PAGE =
	'<html>\n<head>\n<title>Unavailable</title>\n</head>\n<body>\n' +
	'<div class="message">Sorry, something went wrong.</div>\n' +
	'<div>Please try again or contact your system administrator.</div>\n' +
	`<!-- ${'padding so that browsers show this page rather than their own (they do for pages over 512 bytes) '.repeat(5)}-->\n` +
	'</body>\n</html>\n';

/**
 * What the client receives when the servlet or a filter calls `response.sendError(status, message)`
 * in the BI server (Tomcat): the webapp's page for 403/404/500 (keeping a Content-Type set before, as
 * DefaultServlet does), Tomcat's report otherwise.
 */
export function tomcatSendError(profile: Pick<ServerProfile, 'tomcatVersion'>, status: number, message: string, keptContentType?: string): ContainerAnswer {
	if (status === 403 || status === 404 || status === 500) {
		return { status, body: UNAVAILABLE_PAGE, contentType: keptContentType ?? 'text/html' };
	}
	const page = tomcatReportPage(status, message, profile.tomcatVersion);
	if (page === undefined) return { status, contentType: keptContentType };
	return { status, body: page, contentType: 'text/html;charset=utf-8', headers: { 'Content-Language': 'en' } };
}

/**
 * What the client receives for an answer a JAX-RS resource (or Jersey itself) gives with this status
 * and entity, by servlet and version (see the top of this file); undefined: the answer as given.
 */
export function servletAnswer(
	profile: Pick<ServerProfile, 'before' | 'tomcatVersion'>,
	servlet: ServletKind,
	status: number,
	entity: { body?: string | Buffer; contentType?: string },
): ContainerAnswer | undefined {
	if (status < 400 || status > 599) return undefined;
	const hasEntity = entity.body !== undefined && entity.body.length > 0;
	if (servlet === 'api') {
		if (!jersey1Api(profile)) return undefined;
		return tomcatSendError(profile, status, JAXRS1_REASONS[status] ?? '', hasEntity ? entity.contentType : undefined);
	}
	if (servlet === 'pluginApi' || servlet === 'plugin') {
		if (hasEntity) return undefined;
		// Jersey 1's writer itself calls sendError(status, reason) for an answer without entity; on 11.x
		// Jersey only sets the status and JAXRSPluginServlet calls sendError(status) with no message.
		return tomcatSendError(profile, status, jersey1Api(profile) ? (JAXRS1_REASONS[status] ?? '') : '');
	}
	return undefined;
}

/**
 * Jetty's default error page (the standalone worker server installs no ErrorHandler of its own:
 * pentaho-kettle:engine/src/main/java/org/pentaho/di/www/WebServer.java@028843ec), in the form the
 * emulator has used for it so far; the worker area owns what the worker's own pages look like.
 */
export function jettyErrorPage(status: number, path: string, message: string): string {
	return `<html>\n<head>\n<meta http-equiv="Content-Type" content="text/html;charset=utf-8"/>\n<title>Error ${status} ${escapeHtml(message)}</title>\n</head>\n<body><h2>HTTP ERROR ${status}</h2>\n<p>Problem accessing ${escapeHtml(path)}. Reason:\n<pre>    ${escapeHtml(message)}</pre></p><hr><i><small>Powered by Jetty://</small></i><hr/>\n</body>\n</html>\n`;
}
