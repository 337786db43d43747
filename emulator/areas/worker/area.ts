/**
 * Registers the worker area: its state (seed.ts), the routes of routes-server.ts, routes-jobs.ts,
 * routes-sockets.ts and routes-slaves.ts, and the transformation and control routes of trans.ts, under
 * both `/dataflow/...` and `/kettle/...`.
 *
 * Errors: a status other than 200 is thrown as EmulatorHttpError (core/errors.ts), in the route's
 * webresult style or with the servlet's or container's own HTML page (format.ts htmlError). The real
 * Carte servlets answer many errors inside an HTTP 200 (webresult ERROR: addJob, runJob, registerSlave,
 * jobImage with xml=Y): those are answers, sent as they are, not thrown.
 */
import type { EmulatorApp } from '../../core/app';
import type { ServletDeployment } from '../../core/charset';
import { EmulatorHttpError } from '../../core/errors';
import type { RequestContext } from '../../core/types';
import { containerErrorPage } from './format';
import { jobControlRoutes } from './routes-jobcontrol';
import { jobsRoutes } from './routes-jobs';
import { serverRoutes } from './routes-server';
import { slavesRoutes } from './routes-slaves';
import { socketsRoutes } from './routes-sockets';
import { createWorkerState } from './seed';
import type { WorkerArea } from './store';
import { controlRoutes, createControlState } from './trans';

export function register(app: EmulatorApp): void {
	const state = createWorkerState(app);
	app.state.worker = state;
	const { engine } = state;
	// Transformations and the control endpoints (stop, pause, remove, start, execute): trans.ts.
	const control = createControlState(app, engine);
	app.state.workerControl = control;
	const deployment: ServletDeployment = app.options.contextPath === '' ? 'standalone' : 'biServer';
	const controlHandlers = controlRoutes(app, control, deployment);
	// Every XML answer is text/xml on 9.3, 10.2 and 11.0: the servlets call setContentType("text/xml") and
	// setCharacterEncoding("UTF-8") (GetStatusServlet.java, AddJobServlet.java ... @0d46237290 9.3, @ae692d1261 10.2,
	// @3a1f253bad 11.0 branch). BaseHttpServlet.contentTypeAndHeader (application/xml) exists only in upstream code after
	// 2026-03-31 (not on the 11.0 branch nor on master at that date), so no release these profiles play writes application/xml.
	const xmlType = 'text/xml;charset=UTF-8';
	const area: WorkerArea = { app, state, engine, control, xmlType, deployment };
	const handlers = { ...serverRoutes(area), ...jobsRoutes(area), ...socketsRoutes(area), ...slavesRoutes(area) };
	Object.assign(controlHandlers, jobControlRoutes(area));

	const uriOf = (ctx: RequestContext) => `${app.options.contextPath}${ctx.path}`;
	/**
	 * Which methods reach a servlet. Standalone (Jetty): every servlet is a BaseHttpServlet whose doPost, doPut and
	 * doDelete call doGet, so GET, POST, PUT, DELETE (and HEAD) all run it. Inside the BI server `/kettle/*` is the
	 * CarteServlet, which overrides only doGet and doPost: PUT and DELETE get HttpServlet's 405 page from Tomcat
	 * (pentaho/pentaho-kettle:engine/src/main/java/org/pentaho/di/www/CarteServlet.java and BaseHttpServlet.java@ae692d1261).
	 */
	const servletMethods = (handler: (ctx: RequestContext) => void | Promise<void>) => (ctx: RequestContext) => {
		if (deployment === 'biServer' && !['GET', 'POST', 'HEAD'].includes(ctx.method)) {
			throw new EmulatorHttpError(405, 'Method Not Allowed', {
				body: containerErrorPage(deployment, 405, 'Method Not Allowed', uriOf(ctx)),
				contentType: 'text/html;charset=utf-8',
			});
		}
		return handler(ctx);
	};
	/**
	 * A path under /kettle that names no servlet, after authentication: standalone, Jetty's root context serves it
	 * with GetRootServlet, which answers anything but "/" with sendError(404) (GetRootServlet.java, WebServer.java: the
	 * security handler wraps every context); inside the BI server CarteServlet finds no plugin and calls sendError(404).
	 * Either way the container's error page.
	 */
	const noServlet = (ctx: RequestContext) => {
		throw new EmulatorHttpError(404, 'Not Found', {
			body: containerErrorPage(deployment, 404, 'Not Found', uriOf(ctx)),
			contentType: deployment === 'standalone' ? 'text/html;charset=iso-8859-1' : 'text/html;charset=utf-8',
		});
	};

	for (const prefix of ['/dataflow', '/kettle']) {
		const route = (name: string, handler: (ctx: RequestContext) => void | Promise<void>, format: 'xml' | 'text' | 'binary' = 'xml') =>
			app.server.add('*', `${prefix}/${name}`, servletMethods(handler), { format, errorStyle: 'worker' });
		route('status', handlers.status);
		route('jobStatus', handlers.jobStatus);
		route('jobImage', handlers.jobImage, 'binary');
		route('addJob', handlers.addJob);
		route('runJob', handlers.runJob);
		route('allocateSocket', handlers.allocateSocket);
		route('listSocket', handlers.listSocket, 'text');
		route('nextSequence', handlers.nextSequence);
		route('registerSlave', handlers.registerSlave);
		route('getSlaves', handlers.getSlaves);
		route(prefix === '/kettle' ? 'stopCarte' : 'stopWorker', handlers.stop);
		for (const [name, handler] of Object.entries(controlHandlers)) route(name, handler, name === 'transImage' ? 'binary' : 'xml');
		app.server.add('*', `${prefix}/*rest`, noServlet, { format: 'text', errorStyle: 'worker', fallback: true });
	}
}
