/**
 * Shared set-up of the plain-HTTP tests of the emulator's repository area (one file per route group):
 * one emulator per test file, and fetch helpers against it.
 */
import { startEmulator, type RunningEmulator } from '../../../emulator';

let running: RunningEmulator | undefined;

/** Starts the test file's emulator before its tests and stops it after them. */
export function useRepositoryEmulator(): void {
	beforeAll(async () => {
		running = await startEmulator();
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

export const names = (list: { repositoryFileDto?: Array<{ name: string }> }) => (list.repositoryFileDto ?? []).map((f) => f.name);

export async function propertiesOf(path: string) {
	const pathId = path.replace(/\//g, ':');
	return await json(`${F}/${encodeURIComponent(pathId).replace(/%3A/g, ':')}/properties`);
}
