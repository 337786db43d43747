/**
 * Shared set-up of the plain-HTTP tests of the emulator's scheduler area (one file per route group):
 * a fetch client under a scheduler path, wall-clock helpers, and one emulator per test file.
 */
import { startEmulator, type RunningEmulator } from '../../../emulator';

export interface CallOptions {
	user?: string;
	body?: unknown;
	accept?: string;
	contentType?: string;
	query?: Record<string, string>;
}

export function client(emulator: () => RunningEmulator, base: string) {
	return async (method: string, path: string, options: CallOptions = {}) => {
		const url = new URL(`${emulator().url}${base}/${path}`);
		for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
		const headers: Record<string, string> = {
			Authorization: `Basic ${Buffer.from(`${options.user ?? 'admin'}:password`).toString('base64')}`,
		};
		if (options.accept !== undefined) headers.Accept = options.accept;
		let body: string | undefined;
		if (options.body !== undefined) {
			headers['Content-Type'] = options.contentType ?? 'application/json';
			body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
		}
		const response = await fetch(url, { method, headers, body });
		const text = await response.text();
		return { status: response.status, text, type: response.headers.get('content-type') ?? '', json: () => JSON.parse(text) };
	};
}

export const HOUR = 3_600_000;

/** The wall clock of an instant in a zone, as "YYYY-MM-DD HH:mm" plus the weekday (0 = Sunday). */
export function wall(iso: string, timeZone: string): { text: string; weekday: number; day: number } {
	const date = new Date(iso);
	const parts = new Intl.DateTimeFormat('en-GB', {
		timeZone,
		hourCycle: 'h23',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
		weekday: 'short',
	}).formatToParts(date);
	const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
	return {
		text: `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`,
		weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday')),
		day: Number(get('day')),
	};
}

export function future(ms: number): string {
	return new Date(Date.now() + ms).toISOString();
}

/** The emulator of a test file: started before its tests, stopped after them. */
export function useSchedulerEmulator(): () => RunningEmulator {
	let emulator: RunningEmulator;
	beforeAll(async () => {
		emulator = await startEmulator();
	});
	afterAll(async () => {
		await emulator?.stop();
	});
	return () => emulator;
}
