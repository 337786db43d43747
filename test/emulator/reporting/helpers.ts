/**
 * Shared set-up of the plain-HTTP tests of the emulator's reporting area: one emulator per test file, fetch helpers,
 * and small checks of the rendered files (PDF framing, xlsx contents, BIFF8 container).
 */
import { strFromU8, unzipSync } from 'fflate';

import type { EmulatorOptions } from '../../../emulator';
import { callAt, perFileEmulator, profileEmulators, type CallOptions } from '../http';

export type { CallOptions } from '../http';

const file = perFileEmulator('useReportingEmulator');
/** Starts the test file's emulator before its tests and stops it after them. */
export const useReportingEmulator = file.use;
export const emu = file.emu;

/** `/public/Steel Wheels/Sales by Region.prpt` → `:public:Steel%20Wheels:Sales%20by%20Region.prpt`. */
export function pathId(path: string): string {
	return encodeURIComponent(path.replace(/\//g, ':')).replace(/%3A/gi, ':');
}

export const SALES = '/public/Steel Wheels/Sales by Region.prpt';
export const PRODUCTS = '/public/Steel Wheels/Product List.prpt';
export const BROKEN = '/public/Steel Wheels/Broken Report.prpt';
export const LARGE = '/public/bench/Large Report.prpt';

export async function call(method: string, path: string, options: CallOptions = {}): Promise<Response> {
	return await callAt(emu().url, method, path, options);
}

/** A query string from pairs (repeated names for multi-values). */
export function query(pairs: Array<[string, string]>): string {
	return pairs.length === 0 ? '' : `?${new URLSearchParams(pairs).toString()}`;
}

export function report(path: string, resource: string, pairs: Array<[string, string]> = []): string {
	return `/api/repos/${pathId(path)}/${resource}${query(pairs)}`;
}

export async function bytesOf(response: Response): Promise<Buffer> {
	return Buffer.from(await response.arrayBuffer());
}

/** A PDF file: starts with %PDF-, ends with %%EOF (and a newline). */
export function expectPdf(body: Buffer): void {
	expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
	expect(body.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
}

/** The sheet XML of an xlsx file (which must unzip and hold xl/worksheets/sheet1.xml). */
export function sheetOf(body: Buffer): string {
	expect(body.subarray(0, 2).toString('latin1')).toBe('PK');
	const files = unzipSync(new Uint8Array(body));
	expect(Object.keys(files)).toEqual(expect.arrayContaining(['[Content_Types].xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml']));
	return strFromU8(files['xl/worksheets/sheet1.xml']);
}

/** An OLE2 compound file holding a "Workbook" stream (BIFF8). */
export function expectXls(body: Buffer): void {
	expect(body.subarray(0, 8).toString('hex')).toBe('d0cf11e0a1b11ae1');
	expect(body.includes(Buffer.from('Workbook', 'utf16le'))).toBe(true);
}

/** Requests against one emulator per server profile (started on first use, stopped after the file's tests). */
export const useProfileEmulators = (options: EmulatorOptions = {}) => profileEmulators(options);
