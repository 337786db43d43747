/**
 * gzip and zip readers (fflate, bundled at build time). The worker sends its log as base64 of
 * gzip; lineage arrives as a zip of GraphML files.
 */
import { gunzipSync, gzipSync, strFromU8, strToU8, unzipSync } from 'fflate';

import { InputError } from './inputError';

export class CompressionError extends InputError {}

/** base64(gzip(text)) → text. An empty input is an empty log. */
export function gunzipBase64(encoded: string): string {
	const compact = encoded.replace(/\s+/g, '');
	if (compact === '') return '';
	if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) {
		throw new CompressionError('The log is not base64 text');
	}
	let problem: string;
	try {
		return strFromU8(gunzipSync(Buffer.from(compact, 'base64')));
	} catch (error) {
		problem = (error as Error).message;
	}
	throw new CompressionError(`The log could not be decompressed: ${problem}`);
}

/** text → base64(gzip(text)), as Hop's HttpUtil.encodeBase64ZippedString writes metadata for a request body. */
export function gzipBase64(text: string): string {
	return Buffer.from(gzipSync(strToU8(text), { mtime: 0 })).toString('base64');
}

export interface ZipEntry {
	name: string;
	data: Buffer;
}

/** Every file of a zip archive (folders left out), in archive order. */
export function unzip(archive: Uint8Array): ZipEntry[] {
	if (archive.length === 0) return [];
	let files: Record<string, Uint8Array> | undefined;
	let problem = '';
	try {
		files = unzipSync(archive);
	} catch (error) {
		problem = (error as Error).message;
	}
	if (!files) throw new CompressionError(`The zip archive could not be read: ${problem}`);
	return Object.entries(files)
		.filter(([name]) => !name.endsWith('/'))
		.map(([name, data]) => ({ name, data: Buffer.from(data.buffer, data.byteOffset, data.byteLength) }));
}
