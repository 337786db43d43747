/**
 * Shared set-up of the plain-HTTP tests of the emulator's repository area (one file per route group):
 * one emulator per test file, and fetch helpers against it.
 */
import { callAt, perFileEmulator, profileEmulators, type CallOptions } from '../http';

export type { CallOptions } from '../http';

/**
 * Names other areas seed into /public (the reporting area's reports, …): listing tests look at the repository's own
 * names only, so they keep passing when other areas add content. Collected from each emulator the tests start.
 */
const FOREIGN = new Set<string>();
const OWN_SEEDED = new Set(['etl', 'Sample Reports']);

async function recordForeign({ url }: { url: string }): Promise<void> {
	const headers = { Authorization: `Basic ${Buffer.from('admin:password').toString('base64')}`, Accept: 'application/json' };
	const body = (await (await fetch(`${url}${F}/:public/children?showHidden=true`, { headers })).json()) as { repositoryFileDto?: unknown };
	for (const file of ([] as Array<{ name: string }>).concat((body.repositoryFileDto ?? []) as never)) if (!OWN_SEEDED.has(file.name)) FOREIGN.add(file.name);
}

/** The names of a listing without those other areas seeded into /public. */
export function ours(list: string[]): string[] {
	return list.filter((name) => !FOREIGN.has(name));
}

const file = perFileEmulator('useRepositoryEmulator', recordForeign);
/** Starts the test file's emulator before its tests (recording the other areas' names) and stops it after them. */
export const useRepositoryEmulator = (): void => file.use();
/** The test file's emulator. */
export const emu = file.emu;

export const F = '/api/repo/files';

export async function call(method: string, path: string, options: CallOptions = {}): Promise<Response> {
	return await callAt(emu().url, method, path, options, 'follow');
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
export const useProfileEmulators = () => profileEmulators({}, 'follow', recordForeign);
