/**
 * How a servlet turns a request body into text, for routes that read it with
 * `request.getReader()` (the worker's addJob, for example). Two deployments behave differently:
 *
 * - Standalone worker server (Jetty, no encoding filter): the charset of the request's
 *   Content-Type, and ISO-8859-1 when it declares none (the Servlet specification's default, which
 *   Jetty applies). The XML prolog is never looked at: the servlet reads characters, not bytes.
 *   Source: pentaho/pentaho-kettle:engine/src/main/java/org/pentaho/di/www/WebServer.java@028843ec4ec28d4933886af2f3a3ee9bfc428b51
 *   (no filter in front of the servlets), AddJobServlet.java@00c601e019125ad4e44f97747faa242e7225cb33 (`request.getReader()`).
 * - Inside the BI server: the platform's first filter, PentahoAwareCharacterEncodingFilter with
 *   `ignore=yes`, sets UTF-8 on every request whatever the client declared.
 *   Source: pentaho/pentaho-platform:assemblies/pentaho-war/src/main/webapp/WEB-INF/web.xml@727e5c86b9ddfcc41319db67018a7cea09b90f5f
 *   and extensions/src/main/java/org/pentaho/platform/web/http/filters/PentahoAwareCharacterEncodingFilter.java (same commit; also 9.3.0.0-422).
 */
export type ServletDeployment = 'standalone' | 'biServer';

/** The charset a Content-Type header declares, lower case, or undefined. */
export function declaredCharset(contentType: string | undefined): string | undefined {
	const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
	return match ? match[1].toLowerCase() : undefined;
}

/** Decodes a request body as `request.getReader()` would in that deployment. */
export function decodeServletBody(body: Buffer, contentType: string | undefined, deployment: ServletDeployment): string {
	const charset = deployment === 'biServer' ? 'utf-8' : (declaredCharset(contentType) ?? 'iso-8859-1');
	if (charset === 'utf-8' || charset === 'utf8') return body.toString('utf8');
	if (charset === 'iso-8859-1' || charset === 'latin1' || charset === 'us-ascii') return body.toString('latin1');
	try {
		return new TextDecoder(charset).decode(body);
	} catch {
		// Jetty refuses an unknown charset with an UnsupportedEncodingException (a 500); read it as Latin-1 here.
		return body.toString('latin1');
	}
}

/**
 * Decodes an XML document read as bytes (`XMLHandler.loadXMLFile(request.getInputStream())`): the
 * XML parser takes the encoding from the prolog, UTF-8 when it names none.
 */
export function decodeXmlBytes(body: Buffer): string {
	const head = body.subarray(0, 200).toString('latin1');
	const match = /^\s*<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i.exec(head);
	const encoding = match ? match[1].toLowerCase() : 'utf-8';
	if (encoding === 'iso-8859-1' || encoding === 'latin1') return body.toString('latin1');
	return body.toString('utf8').replace(/^\uFEFF/, '');
}
