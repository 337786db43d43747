/**
 * What the plain-HTTP emulator tests of several areas share: one emulator per test file, requests with the
 * emulator's Basic users, and one emulator per server profile started on first use.
 */
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../emulator';
import type { ProfileName } from '../../emulator/core/profiles';

export interface CallOptions {
	user?: string;
	password?: string;
	accept?: string;
	body?: string | Buffer | FormData | URLSearchParams;
	contentType?: string;
	redirect?: 'manual' | 'follow';
}

/** A request to an emulator as `options.user` (default admin / password). */
export async function callAt(base: string, method: string, path: string, options: CallOptions = {}, redirect: 'manual' | 'follow' = 'manual'): Promise<Response> {
	const headers: Record<string, string> = {
		Authorization: `Basic ${Buffer.from(`${options.user ?? 'admin'}:${options.password ?? 'password'}`).toString('base64')}`,
	};
	if (options.accept) headers.Accept = options.accept;
	if (options.contentType) headers['Content-Type'] = options.contentType;
	return await fetch(`${base}${path}`, { method, headers, body: options.body as never, redirect: options.redirect ?? redirect });
}

/**
 * One emulator per test file: `use(options)` starts it before the file's tests (then runs `onStart`) and stops it
 * after them; `emu()` is that emulator.
 */
export function perFileEmulator(name: string, onStart?: (running: RunningEmulator) => Promise<void>) {
	let running: RunningEmulator | undefined;
	return {
		use(options: EmulatorOptions = {}): void {
			beforeAll(async () => {
				running = await startEmulator(options);
				await onStart?.(running);
			});
			afterAll(async () => {
				await running?.stop();
			});
		},
		emu(): RunningEmulator {
			if (!running) throw new Error(`${name}() was not called`);
			return running;
		},
	};
}

/**
 * Requests against one emulator per server profile (started on first use, then `onStart`; stopped after the
 * file's tests): `const on = useProfileEmulators(); await on('10.2sp', 'GET', path)`.
 */
export function profileEmulators(
	options: EmulatorOptions = {},
	redirect: 'manual' | 'follow' = 'manual',
	onStart?: (running: RunningEmulator) => Promise<void>,
): (profile: ProfileName, method: string, path: string, call?: CallOptions) => Promise<Response> {
	const started = new Map<ProfileName, RunningEmulator>();
	afterAll(async () => {
		for (const running of started.values()) await running.stop();
	});
	return async (profile, method, path, callOptions = {}) => {
		let running = started.get(profile);
		if (!running) {
			running = await startEmulator({ ...options, profile });
			started.set(profile, running);
			await onStart?.(running);
		}
		return await callAt(running.url, method, path, callOptions, redirect);
	};
}
