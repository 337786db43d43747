/**
 * Zip archives that stream. Writing uses fflate's streaming Zip (stored entries, sizes in data
 * descriptors) straight into a writable (the HTTP response), waiting for it to drain, so a large
 * file never sits in memory. Reading works on a zip saved to disk: the central directory is read
 * from the end of the file and each entry is streamed out of its byte range (inflated with zlib
 * when it is compressed).
 */
import { createReadStream, promises as fsp } from 'node:fs';
import { Readable, type Writable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

import { Zip, ZipPassThrough } from 'fflate';

export interface ZipSource {
	name: string;
	/** Content: bytes, or a function that opens a stream (called when the entry is written). */
	content: Buffer | string | (() => Readable);
	mtime?: number;
}

function waitForDrain(out: Writable): Promise<void> {
	if (!out.writableNeedDrain) return Promise.resolve();
	return new Promise((resolve, reject) => {
		const done = () => {
			out.off('drain', done);
			out.off('close', done);
			out.off('error', reject);
			resolve();
		};
		out.on('drain', done);
		out.on('close', done);
		out.on('error', reject);
	});
}

/** Writes a zip of `entries` to `out` (which is ended afterwards). */
export async function writeZip(out: Writable, entries: AsyncIterable<ZipSource> | Iterable<ZipSource>): Promise<void> {
	let failure: Error | undefined;
	const zip = new Zip((error, data, final) => {
		if (error) {
			failure = error;
			return;
		}
		if (data.length) out.write(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
		if (final) out.end();
	});
	for await (const entry of entries) {
		if (failure) throw failure;
		if (out.destroyed) return;
		const file = new ZipPassThrough(entry.name);
		if (entry.mtime !== undefined) file.mtime = entry.mtime;
		zip.add(file);
		if (typeof entry.content === 'function') {
			const stream = entry.content();
			for await (const chunk of stream) {
				const buffer = chunk as Buffer;
				file.push(new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength));
				await waitForDrain(out);
				if (out.destroyed) {
					stream.destroy();
					return;
				}
			}
			file.push(new Uint8Array(0), true);
		} else {
			const buffer = Buffer.isBuffer(entry.content) ? entry.content : Buffer.from(entry.content, 'utf8');
			file.push(new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength), true);
			await waitForDrain(out);
		}
	}
	zip.end();
	if (failure) throw failure;
}

export interface ZipEntryInfo {
	name: string;
	method: number;
	compressedSize: number;
	size: number;
	localHeaderOffset: number;
}

export class ZipReadError extends Error {}

async function readRange(handle: fsp.FileHandle, position: number, length: number): Promise<Buffer> {
	const buffer = Buffer.alloc(length);
	const { bytesRead } = await handle.read(buffer, 0, length, position);
	return buffer.subarray(0, bytesRead);
}

/** The entries of a zip file on disk, from its central directory. */
export async function listZip(file: string): Promise<ZipEntryInfo[]> {
	const handle = await fsp.open(file, 'r');
	try {
		const { size } = await handle.stat();
		if (size < 22) throw new ZipReadError('The upload is not a zip archive (too short)');
		const tailLength = Math.min(size, 65557);
		const tail = await readRange(handle, size - tailLength, tailLength);
		let eocd = -1;
		for (let i = tail.length - 22; i >= 0; i--) {
			if (tail.readUInt32LE(i) === 0x06054b50) {
				eocd = i;
				break;
			}
		}
		if (eocd < 0) throw new ZipReadError('The upload is not a zip archive (no end of central directory)');
		const count = tail.readUInt16LE(eocd + 10);
		const cdSize = tail.readUInt32LE(eocd + 12);
		const cdOffset = tail.readUInt32LE(eocd + 16);
		const cd = await readRange(handle, cdOffset, cdSize);
		const entries: ZipEntryInfo[] = [];
		let p = 0;
		for (let i = 0; i < count; i++) {
			if (p + 46 > cd.length || cd.readUInt32LE(p) !== 0x02014b50) throw new ZipReadError('The zip central directory is damaged');
			const method = cd.readUInt16LE(p + 10);
			const compressedSize = cd.readUInt32LE(p + 20);
			const entrySize = cd.readUInt32LE(p + 24);
			const nameLength = cd.readUInt16LE(p + 28);
			const extraLength = cd.readUInt16LE(p + 30);
			const commentLength = cd.readUInt16LE(p + 32);
			const localHeaderOffset = cd.readUInt32LE(p + 42);
			const name = cd.subarray(p + 46, p + 46 + nameLength).toString('utf8');
			entries.push({ name, method, compressedSize, size: entrySize, localHeaderOffset });
			p += 46 + nameLength + extraLength + commentLength;
		}
		return entries;
	} finally {
		await handle.close();
	}
}

/** A stream of one entry's content. */
export async function openZipEntry(file: string, entry: ZipEntryInfo): Promise<Readable> {
	const handle = await fsp.open(file, 'r');
	let header: Buffer;
	try {
		header = await readRange(handle, entry.localHeaderOffset, 30);
	} finally {
		await handle.close();
	}
	if (header.length < 30 || header.readUInt32LE(0) !== 0x04034b50) throw new ZipReadError(`The zip entry ${entry.name} is damaged`);
	const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
	if (entry.compressedSize === 0) return Readable.from([]);
	const raw = createReadStream(file, { start, end: start + entry.compressedSize - 1 });
	if (entry.method === 0) return raw;
	if (entry.method === 8) return raw.pipe(createInflateRaw());
	raw.destroy();
	throw new ZipReadError(`The zip entry ${entry.name} uses an unsupported compression method ${entry.method}`);
}

export async function readZipEntry(file: string, entry: ZipEntryInfo): Promise<Buffer> {
	const chunks: Buffer[] = [];
	for await (const chunk of await openZipEntry(file, entry)) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks);
}
