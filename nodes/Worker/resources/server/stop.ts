import { type IDataObject, updateDisplayOptions } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { rawResponseOptions, readIncludeRaw } from '../../../common/fields';
import { apiError } from '../../../common/errors';
import { serverSettings } from '../../../common/transport';
import { toBoolean } from '../../../common/values';
import { CONTROL_HEADERS } from '../../shared/control';
import { stopEndpoint } from '../../shared/fields';

const show = { resource: ['server'], operation: ['stop'] };

// The real servlet accepts whenever a standalone worker server runs (it answers request_accepted =
// `CarteSingleton.getCarte() != null`, then stops the web server and exits the JVM a second later); the
// worker servlets inside the BI server have no such instance and always answer N. The servlet reads no
// switch or parameter besides `xml` (pentaho/pentaho-kettle:engine/src/main/java/org/pentaho/di/www/
// StopCarteServlet.java@4df1b6ef6d866746de1c103e6002ed75fc10d972), so the interface documents' "enable it
// on the command line" has no counterpart in the server's code and is not offered to users.
const STOP_HINT =
	'Only a standalone worker server can be stopped this way; the worker inside the BI server (base URL with a context path such as /pentaho) has no server of its own to stop and always refuses. No server setting changes that: stop the BI server the way its administrator does.';

export const description = updateDisplayOptions({ show }, [
	{
		displayName:
			'Shuts the worker server down: every running job and transformation on it ends. Only a standalone worker server accepts this; the worker inside the BI server refuses, and the node then fails with a clear message. A Hop Server (2.19 or later) shuts down gracefully: it refuses new work and stops once its running pipelines and workflows have ended or its shutdown timeout has passed.',
		name: 'stopNotice',
		type: 'notice',
		default: '',
	},
	rawResponseOptions(),
]);

// A bare 403/404/405 is how a deployment without the stop servlet at this path (or a proxy in front) refuses.
const REFUSED = (code: number) => `The worker server refused to stop (HTTP ${code}). ${STOP_HINT}`;

// Hop Server: ShutdownServlet at /shutdown (its own Jetty context, not under /hop) answers HTTP 200 with no
// body and shuts the server down two seconds later, gracefully (new work refused with 503 while running
// executions end, up to --shutdown-timeout). New in 2.19.0 (apache/hop 893e59ee41; engine/src/main/java/org/
// apache/hop/www/ShutdownServlet.java, WebServer.java @2.19.0-rc1); earlier releases have no way to stop the
// server over HTTP (their root servlet answers 404).
const HOP_SHUTDOWN_404 =
	'The Hop Server has no /shutdown (HTTP 404): stopping a Hop Server over HTTP needs Hop 2.19.0 or later. Stop an older Hop Server on its machine (hop-server.sh, or its container).';

export const execute = requestOperation<{ includeRaw: boolean }>({
	concurrency: 1,
	plan(itemIndex) {
		return { includeRaw: readIncludeRaw(this, itemIndex) };
	},
	request: async function () {
		if ((await serverSettings(this)).serverKind === 'hopServer') {
			// Accept as for the other Hop requests: Jetty writes its error page in the type asked for (HTML here, which
			// the transport knows for a bare page; text/plain would come back as its own "HTTP ERROR 404" text).
			return { method: 'GET', path: '/shutdown', headers: CONTROL_HEADERS, expect: 'text', refusals: { 404: HOP_SHUTDOWN_404 } };
		}
		return {
			method: 'GET',
			path: await stopEndpoint(this),
			qs: { xml: 'Y' },
			expect: 'xml',
			refusals: { 403: REFUSED(403), 404: REFUSED(404), 405: REFUSED(405) },
		};
	},
	async output(plan, response, itemIndex) {
		if ((await serverSettings(this)).serverKind === 'hopServer') {
			// HTTP 200 with no body is ShutdownServlet's whole answer.
			const json: IDataObject = { requestAccepted: true };
			if (plan.includeRaw) json.raw = String(response.body ?? '');
			return json;
		}
		const body = response.body as IDataObject;
		const accepted = toBoolean(body.request_accepted);
		if (accepted !== true) {
			throw apiError(this.getNode(), {
				message:
					accepted === false
						? 'The worker server did not accept the stop request (request_accepted = N)'
						: `The worker server answered the stop request without "request_accepted" (root element: ${Object.keys(body)[0] ?? 'none'})`,
				description: STOP_HINT,
				httpCode: String(response.status),
				itemIndex,
			});
		}
		const json: IDataObject = { requestAccepted: true };
		if (plan.includeRaw) json.raw = response.raw;
		return json;
	},
});
