/**
 * How the worker writes its pages and documents beyond the XMLHandler elements of xmlText.ts: the
 * servlets' HTML pages, the container's own error pages, OWASP Encode.forHtml and Java's Date.toString.
 */
import type { ServletDeployment } from '../../core/charset';
import { EmulatorHttpError } from '../../core/errors';
import type { RequestContext } from '../../core/types';
import { escapeXml } from '../../core/xml';
import { esc } from './xmlText';

export function html(title: string, body: string): string {
	return `<HTML>\n<HEAD><TITLE>${esc(title)}</TITLE></HEAD>\n<BODY>\n${body}\n</BODY>\n</HTML>\n`;
}

/** OWASP `Encode.forHtml`, which the real servlets apply to some messages before WebResult escapes them again. */
export function forHtml(text: string): string {
	return escapeXml(text, 'forHtml');
}

const TOMCAT_DESCRIPTIONS: Record<number, string> = {
	404: 'The origin server did not find a current representation for the target resource or is not willing to disclose that one exists.',
	405: 'The method received in the request-line is known by the origin server but not supported by the target resource.',
	500: 'The server encountered an unexpected condition that prevented it from fulfilling the request.',
};

/**
 * The web container's own error page, which replaces what a servlet wrote when it calls
 * `response.sendError(status)`: Jetty's for a standalone worker server, Tomcat's inside the BI server.
 */
export function containerErrorPage(deployment: ServletDeployment, status: number, reason: string, uri: string): string {
	if (deployment === 'standalone') {
		return `<html>\n<head>\n<meta http-equiv="Content-Type" content="text/html;charset=utf-8"/>\n<title>Error ${status} ${reason}</title>\n</head>\n<body><h2>HTTP ERROR ${status} ${reason}</h2>\n<table>\n<tr><th>URI:</th><td>${esc(uri)}</td></tr>\n<tr><th>STATUS:</th><td>${status}</td></tr>\n<tr><th>MESSAGE:</th><td>${reason}</td></tr>\n</table>\n</body>\n</html>\n`;
	}
	return `<!doctype html><html lang="en"><head><title>HTTP Status ${status} – ${reason}</title></head><body><h1>HTTP Status ${status} – ${reason}</h1><hr class="line" /><p><b>Type</b> Status Report</p><p><b>Description</b> ${TOMCAT_DESCRIPTIONS[status] ?? ''}</p><hr class="line" /><h3>Apache Tomcat</h3></body></html>`;
}

export function javaDate(ms: number): string {
	const d = new Date(ms);
	const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
	const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
	const p = (n: number) => String(n).padStart(2, '0');
	return `${days[d.getUTCDay()]} ${months[d.getUTCMonth()]} ${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} UTC ${d.getUTCFullYear()}`;
}

/** An error status answered with a servlet's HTML page instead of the route's webresult (core/errors.ts). */
export function htmlError(status: number, page: string): EmulatorHttpError {
	return new EmulatorHttpError(status, `HTTP ${status}`, { body: page, contentType: 'text/html;charset=UTF-8' });
}

/** An HTML answer of a servlet. */
export function sendHtml(ctx: RequestContext, status: number, page: string): void {
	ctx.send(status, page, 'text/html;charset=UTF-8');
}

/** Java's `URLEncoder.encode(text, "UTF-8")`: spaces as `+`, only `*-._` and letters and digits left as they are. */
export function javaUrlEncode(text: string): string {
	return encodeURIComponent(text)
		.replace(/%20/g, '+')
		.replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * BaseHttpServlet.convertContextPath: the servlet's own path on a standalone server (Jetty mode), only its
 * last segment inside the BI server (links relative to `<context>/kettle/`)
 * (pentaho/pentaho-kettle:engine/src/main/java/org/pentaho/di/www/BaseHttpServlet.java@ae692d1261).
 */
export function carteLink(deployment: ServletDeployment, contextPath: string): string {
	return deployment === 'standalone' ? contextPath : contextPath.slice(contextPath.lastIndexOf('/') + 1);
}

/**
 * The container's 500 page for an exception a servlet lets out of doGet (a NullPointerException outside its
 * try block, for instance): Jetty's on a standalone server, Tomcat's inside the BI server.
 */
export function containerServerError(deployment: ServletDeployment, uri: string): EmulatorHttpError {
	return new EmulatorHttpError(500, 'Server Error', {
		body: containerErrorPage(deployment, 500, 'Server Error', uri),
		contentType: deployment === 'standalone' ? 'text/html;charset=iso-8859-1' : 'text/html;charset=utf-8',
	});
}
