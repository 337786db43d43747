/** What the repository routes share: the store, the JSON style, LDAP settings and small helpers. */
import type { EmulatorApp } from '../../core/app';
import type { EmulatorUser, RequestContext } from '../../core/types';
import type { JsonStyle } from './format';
import { pathFromId, RepoError, type Repository } from './store';

export const FILES = '/api/repo/files';

/** The first version whose backup is a POST with log fields and whose restore reads them (FileResource@10.2.0.3-305). */
export const LOGGED_SINCE = '10.2.0.3';

export interface RepositoryArea {
	app: EmulatorApp;
	repo: Repository;
	jsonStyle: JsonStyle;
	ldap: Record<string, string>;
	/** Properties posted to /api/repos/{context}/{resource}, by "context/resource". */
	resourcePosts: Map<string, Record<string, string>>;
	/** Log files the server was asked to write (backup and restore, 10.2.0.3+). */
	serverLogs: Array<{ operation: string; logFile: string; logLevel: string }>;
}

export function userOf(ctx: RequestContext): EmulatorUser {
	if (!ctx.user) throw new RepoError(401, 'Unauthorized');
	return ctx.user;
}

/** The slash path of a `{pathId}` route parameter. */
export function pathParam(ctx: RequestContext, name = 'pathId'): string {
	const raw = ctx.params[name] ?? '';
	if (raw.trim() === '') throw new RepoError(400, 'The path id is empty');
	return pathFromId(raw);
}

export function flag(ctx: RequestContext, name: string, fallback = false): boolean {
	const value = ctx.query.get(name);
	if (value === null || value === '') return fallback;
	return value.toLowerCase() === 'true';
}

/** Runs a handler; a RepoError becomes an error answer with its status (the request body is drained first). */
export function guarded(handler: (ctx: RequestContext) => Promise<void> | void): (ctx: RequestContext) => Promise<void> {
	return async (ctx) => {
		try {
			await handler(ctx);
		} catch (error) {
			if (ctx.res.headersSent) {
				ctx.res.destroy();
				return;
			}
			if (!ctx.req.readableEnded) ctx.req.resume();
			if (error instanceof RepoError) {
				ctx.fail(error.status, error.message);
				return;
			}
			ctx.fail(500, (error as Error).message ?? 'Internal error');
		}
	};
}

/** A 200 with no body, as the real server answers "no content" operations. */
export function ok(ctx: RequestContext): void {
	ctx.send(200);
}

export function sendBoolean(ctx: RequestContext, value: boolean): void {
	ctx.sendText(200, value ? 'true' : 'false');
}
