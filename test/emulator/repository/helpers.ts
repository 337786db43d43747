/**
 * Shared set-up of the plain-HTTP tests of the emulator's repository area (one file per route group):
 * one emulator per test file, and fetch helpers against it.
 */
import { startEmulator, type RunningEmulator } from '../../../emulator';
import type { ProfileName } from '../../../emulator/core/profiles';

let running: RunningEmulator | undefined;

/**
 * Names other areas seed into /public (the reporting area's reports, …): listing tests look at the repository's own
 * names only, so they keep passing when other areas add content. Collected from each emulator the tests start.
 */
const FOREIGN = new Set<string>();
const OWN_SEEDED = new Set(['etl', 'Sample Reports']);

async function recordForeign(url: string): Promise<void> {
	const headers = { Authorization: `Basic ${Buffer.from('admin:password').toString('base64')}`, Accept: 'application/json' };
	const body = (await (await fetch(`${url}${F}/:public/children?showHidden=true`, { headers })).json()) as { repositoryFileDto?: unknown };
	for (const file of ([] as Array<{ name: string }>).concat((body.repositoryFileDto ?? []) as never)) if (!OWN_SEEDED.has(file.name)) FOREIGN.add(file.name);
}

/** The names of a listing without those other areas seeded into /public. */
export function ours(list: string[]): string[] {
	return list.filter((name) => !FOREIGN.has(name));
}

/** Starts the test file's emulator before its tests and stops it after them. */
export function useRepositoryEmulator(): void {
	beforeAll(async () => {
		running = await startEmulator();
		await recordForeign(running.url);
	});
	afterAll(async () => {
		await running?.stop();
	});
}

/** The test file's emulator. */
export function emu(): RunningEmulator {
	if (!running) throw new Error('useRepositoryEmulator() was not called');
	return running;
}

export const F = '/api/repo/files';

export interface CallOptions {
	user?: string;
	password?: string;
	accept?: string;
	body?: string | Buffer | FormData | URLSearchParams;
	contentType?: string;
	redirect?: 'manual' | 'follow';
}

export async function call(method: string, path: string, options: CallOptions = {}): Promise<Response> {
	const headers: Record<string, string> = {
		Authorization: `Basic ${Buffer.from(`${options.user ?? 'admin'}:${options.password ?? 'password'}`).toString('base64')}`,
	};
	if (options.accept) headers.Accept = options.accept;
	if (options.contentType) headers['Content-Type'] = options.contentType;
	return await fetch(`${emu().url}${path}`, { method, headers, body: options.body as never, redirect: options.redirect ?? 'follow' });
}

export async function json<T = any>(path: string, options: CallOptions = {}): Promise<T> {
	const response = await call('GET', path, { accept: 'application/json', ...options });
	expect(response.status).toBe(200);
	return (await response.json()) as T;
}

export async function text(method: string, path: string, options: CallOptions = {}): Promise<[number, string]> {
	const response = await call(method, path, options);
	return [response.status, await response.text()];
}

export const names = (list: { repositoryFileDto?: Array<{ name: string }> }) => ours(([] as Array<{ name: string }>).concat(list.repositoryFileDto ?? []).map((f) => f.name));

export async function propertiesOf(path: string) {
	const pathId = path.replace(/\//g, ':');
	return await json(`${F}/${encodeURIComponent(pathId).replace(/%3A/g, ':')}/properties`);
}

/**
 * Requests against one emulator per server profile (started on first use, stopped after the file's tests):
 * `const on = useProfileEmulators(); await on('10.2sp', 'GET', path)`.
 */
export function useProfileEmulators(): (profile: ProfileName, method: string, path: string, options?: CallOptions) => Promise<Response> {
	const started = new Map<ProfileName, RunningEmulator>();
	afterAll(async () => {
		for (const running of started.values()) await running.stop();
	});
	return async (profile, method, path, options = {}) => {
		let running = started.get(profile);
		if (!running) {
			running = await startEmulator({ profile });
			started.set(profile, running);
			await recordForeign(running.url);
		}
		const headers: Record<string, string> = {
			Authorization: `Basic ${Buffer.from(`${options.user ?? 'admin'}:${options.password ?? 'password'}`).toString('base64')}`,
		};
		if (options.accept) headers.Accept = options.accept;
		if (options.contentType) headers['Content-Type'] = options.contentType;
		return await fetch(`${running.url}${path}`, { method, headers, body: options.body as never });
	};
}
