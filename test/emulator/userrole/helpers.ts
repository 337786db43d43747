/**
 * Shared set-up of the plain-HTTP tests of the emulator's user/role area: emulators per profile (and per seed),
 * started on first use and stopped after the file's tests, and fetch helpers against them.
 */
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../../emulator';
import type { ProfileName } from '../../../emulator/core/profiles';

export interface CallOptions {
	user?: string;
	password?: string;
	accept?: string;
	body?: string | Buffer;
	contentType?: string;
	/** No Authorization header at all. */
	anonymous?: boolean;
}

export interface Answer {
	status: number;
	text: string;
	headers: Headers;
	json(): any;
}

export type Caller = ((method: string, path: string, options?: CallOptions) => Promise<Answer>) & { emulator: () => RunningEmulator };

export const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** `const on = useEmulators(); await on('10.2sp')('GET', '/api/userroledao/users')` — one emulator per profile and seed key. */
export function useEmulators(): (profile: ProfileName, options?: EmulatorOptions) => Caller {
	const started = new Map<string, Promise<RunningEmulator>>();
	afterAll(async () => {
		for (const running of started.values()) await (await running).stop();
	});
	return (profile, options = {}) => {
		const key = `${profile} ${JSON.stringify(options)}`;
		const get = () => {
			let running = started.get(key);
			if (!running) {
				running = startEmulator({ ...options, profile });
				started.set(key, running);
			}
			return running;
		};
		let current: RunningEmulator | undefined;
		const caller = (async (method: string, path: string, call: CallOptions = {}) => {
			const running = await get();
			current = running;
			const headers: Record<string, string> = {};
			if (!call.anonymous) headers.Authorization = basic(call.user ?? 'admin', call.password ?? 'password');
			if (call.accept) headers.Accept = call.accept;
			if (call.contentType) headers['Content-Type'] = call.contentType;
			const response = await fetch(`${running.url}${path}`, { method, headers, body: call.body as never });
			const text = await response.text();
			return { status: response.status, text, headers: response.headers, json: () => JSON.parse(text) };
		}) as Caller;
		caller.emulator = () => {
			if (!current) throw new Error('call the emulator once first');
			return current;
		};
		return caller;
	};
}

export const JSON_BODY = 'application/json';
