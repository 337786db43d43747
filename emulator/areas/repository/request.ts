/** What the repository routes share: reading parameters, the route wrapper, small answers. */
import { EmulatorHttpError } from '../../core/errors';
import type { EmulatorUser, RequestContext } from '../../core/types';
import { pathFromId } from './store';

export const FILES = '/api/repo/files';

/**
 * Whether backup is `POST /backup` with the form fields logFile, logLevel and outputFile and restore reads logFile,
 * logLevel and backupBundlePath ([BISERVER-15169] "Adding debug logging to backup and restore process").
 * On the 10.2 service-pack line that is pentaho-platform@ab03dbb3d7, first in build 10.2.0.2-290 (10.2.0.2-289 and
 * older still have `GET /backup`); on the main line @e47e4a28ab, first in 10.3.0.0-200, so every 11.x build has it.
 */
export function loggedBackup(profile: { atLeast(version: string): boolean; before(version: string): boolean }): boolean {
	if (profile.atLeast('10.3')) return profile.atLeast('10.3.0.0-200');
	return profile.atLeast('10.2.0.2-290');
}

/** Users who hold the Create Content action (RepositoryCreateAction): everyone but the emulator's "analyst". */
export function mayCreateContent(user: EmulatorUser): boolean {
	return user.admin || user.name !== 'analyst';
}

/**
 * Users who hold Publish Content (PublishAction): administrators and the Power User role. The role bindings are not in
 * pentaho-platform (they come with the default content); this follows the platform's default roles, where Power User
 * publishes and Business Analyst does not.
 */
export function mayPublish(repo: { rolesOf(user: EmulatorUser): string[] }, user: EmulatorUser): boolean {
	return user.admin || repo.rolesOf(user).includes('Power User');
}

export function userOf(ctx: RequestContext): EmulatorUser {
	if (!ctx.user) throw new EmulatorHttpError(401, 'Unauthorized');
	return ctx.user;
}

/** The slash path of a `{pathId}` route parameter. */
export function pathParam(ctx: RequestContext, name = 'pathId'): string {
	const raw = ctx.params[name] ?? '';
	if (raw.trim() === '') throw new EmulatorHttpError(400, 'The path id is empty');
	return pathFromId(raw);
}

export function flag(ctx: RequestContext, name: string, fallback = false): boolean {
	const value = ctx.query.get(name);
	if (value === null || value === '') return fallback;
	return value.toLowerCase() === 'true';
}

/**
 * Runs a handler; an unexpected error (a store failure) becomes a 500 with its message in the route's
 * style, as the real resources' catch-all does. EmulatorHttpError passes through to the app (core/app.ts).
 */
export function guarded(handler: (ctx: RequestContext) => Promise<void> | void): (ctx: RequestContext) => Promise<void> {
	return async (ctx) => {
		try {
			await handler(ctx);
		} catch (error) {
			if (error instanceof EmulatorHttpError) throw error;
			throw new EmulatorHttpError(500, (error as Error).message ?? 'Internal error');
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
