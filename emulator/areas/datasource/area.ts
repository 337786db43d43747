/**
 * Registers the data-source area: its state (seed.ts) and the routes of routes-jdbc.ts,
 * routes-analysis.ts and routes-dsw.ts. Error statuses are thrown as EmulatorHttpError
 * (core/errors.ts). An error the resource answers without a body reaches the client as the web container's
 * error page (core/errors.ts servletAnswer: JAXRSPluginServlet calls sendError, Tomcat writes the page web.xml maps).
 */
import type { EmulatorApp } from '../../core/app';
import { registerAnalysisRoutes } from './routes-analysis';
import { registerDswRoutes } from './routes-dsw';
import { registerJdbcRoutes } from './routes-jdbc';
import { createDatasourceState, type DatasourceSeed } from './seed';

export function register(app: EmulatorApp): void {
	const seed = (app.options.seed.datasource ?? {}) as DatasourceSeed;
	const state = createDatasourceState(app);
	app.state.datasource = state;
	registerJdbcRoutes(app, state);
	registerAnalysisRoutes(app, state, seed);
	registerDswRoutes(app, state);
}
