/**
 * Shared set-up of the plain-HTTP tests of the emulator's CDA area: one emulator per test file and fetch helpers.
 */
import type { EmulatorOptions } from '../../../emulator';
import { callAt, perFileEmulator, profileEmulators, type CallOptions } from '../http';

export type { CallOptions } from '../http';

const file = perFileEmulator('useCdaEmulator');
export const useCdaEmulator = file.use;
export const emu = file.emu;

export const API = '/plugin/cda/api';
export const SALES_CDA = '/public/Steel Wheels/sales.cda';
export const BENCH_CDA = '/public/bench/bench.cda';

export async function call(method: string, path: string, options: CallOptions = {}): Promise<Response> {
	return await callAt(emu().url, method, path, options);
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
export const useProfileEmulators = (options: EmulatorOptions = {}) => profileEmulators(options);
