/**
 * Route precedence between areas on the shared `/api/repos/{contextId}/{resourceId}` path.
 *
 * On the real server one JAX-RS method (RepositoryResource.doGet/doFormPost →
 * pentaho-platform:extensions/src/main/java/org/pentaho/platform/web/http/api/resources/RepositoryResource.java@10.2.0.0-222
 * doService) hands a repository file to the plugin registered for its extension: a .prpt goes to the reporting
 * plugin's content generators, other files elsewhere. In the emulator the repository area registers a generic route
 * for that path; the reporting area's routes for the reporting plugin's resources are put before it, and hand every
 * request that is not for a .prpt back to the next route that matches (the repository area's).
 */
import type { EmulatorApp } from '../../core/app';
import { routeParams, type Route } from '../../core/router';
import type { RequestContext, RouteHandler, RouteOptions } from '../../core/types';

const OWN = new WeakSet<Route>();

/** Adds a route before every route registered so far (so that it wins over a more generic one). */
export function addFirst(app: EmulatorApp, method: string, pattern: string, handler: RouteHandler, options: RouteOptions = {}): void {
	app.server.add(method, pattern, handler, options);
	const route = app.server.routes.pop()!;
	OWN.add(route);
	app.server.routes.unshift(route);
}

/** Answers with the next matching route that is not one of ours (or 404 from Jersey when there is none). */
export async function passOn(app: EmulatorApp, ctx: RequestContext): Promise<boolean> {
	for (const route of app.server.routes) {
		if (OWN.has(route)) continue;
		if (route.method !== '*' && route.method !== ctx.method) continue;
		const match = route.regex.exec(ctx.path);
		if (!match) continue;
		ctx.params = routeParams(route, match);
		await route.handler(ctx);
		return true;
	}
	return false;
}
