/** A small path router: patterns like `/api/repo/files/:pathId/children`, with `*rest` for the remainder. */
import type { RouteHandler, RouteOptions } from './types';

export interface Route {
	method: string;
	pattern: string;
	regex: RegExp;
	names: string[];
	handler: RouteHandler;
	options: RouteOptions;
}

function compile(pattern: string): { regex: RegExp; names: string[] } {
	const names: string[] = [];
	const source = pattern
		.split('/')
		.map((segment) => {
			if (segment.startsWith(':')) {
				names.push(segment.slice(1));
				return '([^/]+)';
			}
			if (segment.startsWith('*')) {
				names.push(segment.slice(1));
				return '(.*)';
			}
			return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
		})
		.join('/');
	return { regex: new RegExp(`^${source}/?$`), names };
}

/** A matched route's named parameters, URL-decoded (a value that does not decode is kept as sent). */
export function routeParams(route: Route, match: RegExpExecArray): Record<string, string> {
	const params: Record<string, string> = {};
	route.names.forEach((name, index) => {
		const raw = match[index + 1] ?? '';
		try {
			params[name] = decodeURIComponent(raw);
		} catch {
			params[name] = raw;
		}
	});
	return params;
}

export class Router {
	readonly routes: Route[] = [];

	add(method: string, pattern: string, handler: RouteHandler, options: RouteOptions = {}): void {
		const { regex, names } = compile(pattern);
		this.routes.push({ method: method.toUpperCase(), pattern, regex, names, handler, options });
	}

	/** The route for a method and a path (relative to the mount point), with decoded parameters. */
	match(method: string, path: string): { route: Route; params: Record<string, string> } | { methodNotAllowed: true } | undefined {
		let pathMatched = false;
		// Routes marked `fallback` come after every other route, whenever they were added.
		const ordered = [...this.routes.filter((r) => !r.options.fallback), ...this.routes.filter((r) => r.options.fallback)];
		for (const route of ordered) {
			const match = route.regex.exec(path);
			if (!match) continue;
			pathMatched = true;
			if (route.method !== '*' && route.method !== method.toUpperCase()) continue;
			return { route, params: routeParams(route, match) };
		}
		return pathMatched ? { methodNotAllowed: true } : undefined;
	}
}
