/**
 * Shared set-up of the plain-HTTP tests of the emulator's CDA area: one emulator per test file and fetch helpers.
 */
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../../emulator';
import type { ProfileName } from '../../../emulator/core/profiles';

let running: RunningEmulator | undefined;

export function useCdaEmulator(options: EmulatorOptions = {}): void {
	beforeAll(async () => {
		running = await startEmulator(options);
	});
	afterAll(async () => {
		await running?.stop();
	});
}

export function emu(): RunningEmulator {
	if (!running) throw new Error('useCdaEmulator() was not called');
	return running;
}

export const API = '/plugin/cda/api';
export const SALES_CDA = '/public/Steel Wheels/sales.cda';
export const BENCH_CDA = '/public/bench/bench.cda';

export interface CallOptions {
	user?: string;
	accept?: string;
	body?: string | URLSearchParams;
	contentType?: string;
}

export async function call(method: string, path: string, options: CallOptions = {}, base = emu().url): Promise<Response> {
	const headers: Record<string, string> = { Authorization: `Basic ${Buffer.from(`${options.user ?? 'admin'}:password`).toString('base64')}` };
	if (options.accept !== undefined) headers.Accept = options.accept;
	if (options.contentType) headers['Content-Type'] = options.contentType;
	return await fetch(`${base}${path}`, { method, headers, body: options.body as never, redirect: 'manual' });
}

export function api(endpoint: string, pairs: Array<[string, string]> = []): string {
	return `${API}/${endpoint}${pairs.length === 0 ? '' : `?${new URLSearchParams(pairs).toString()}`}`;
}

export interface CdaJson {
	metadata: Array<{ colIndex: number; colName: string; colType: string }>;
	resultset: unknown[][];
	queryInfo?: Record<string, string>;
}

/** Requests against one emulator per server profile (started on first use). */
export function useProfileEmulators(options: EmulatorOptions = {}): (profile: ProfileName, method: string, path: string, call?: CallOptions) => Promise<Response> {
	const started = new Map<ProfileName, RunningEmulator>();
	afterAll(async () => {
		for (const r of started.values()) await r.stop();
	});
	return async (profile, method, path, callOptions = {}) => {
		let r = started.get(profile);
		if (!r) {
			r = await startEmulator({ ...options, profile });
			started.set(profile, r);
		}
		return await call(method, path, callOptions, r.url);
	};
}
