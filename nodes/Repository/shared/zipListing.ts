/**
 * The names inside a zip archive, read from its central directory, without holding the archive in
 * memory: the file streams through and only its tail (where the central directory is) is kept. File
 * › Import reads it before it sends anything, to know what the server should import and to refuse
 * what is not a zip at all (the server's importer reads a non-zip as an empty archive and answers
 * 200: pentaho-platform:extensions/.../importer/SolutionImportHandler.java `processZip`, a
 * java.util.zip.ZipInputStream, @9.3.0.0-422 and @11.0.0.3-310).
 *
 * Names are UTF-8, as ZipInputStream reads them by default; `\` becomes `/`
 * (RepositoryFilenameUtils.separatorsToRepository); a name ending in `/` is a folder (ZipEntry.isDirectory).
 */
import { InputError } from '../../common/inputError';

export class ZipListingError extends InputError {}

/** At most this much of the archive's end is kept: the central directory must fit (about 40 000 entries). */
const TAIL_LIMIT = 4 * 1024 * 1024;
const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;

export interface ZipListing {
	/** Entry names in archive order (`/` separators). */
	names: string[];
	/** Bytes read. */
	size: number;
}

/** The end of a byte stream (or the whole Buffer) and its total length. */
async function tailOf(source: Buffer | AsyncIterable<unknown>): Promise<{ tail: Buffer; size: number }> {
	if (Buffer.isBuffer(source)) return { tail: source.subarray(Math.max(0, source.length - TAIL_LIMIT)), size: source.length };
	const chunks: Buffer[] = [];
	let kept = 0;
	let size = 0;
	for await (const raw of source) {
		const chunk = Buffer.isBuffer(raw) ? raw : Buffer.from(raw as string);
		chunks.push(chunk);
		kept += chunk.length;
		size += chunk.length;
		while (chunks.length > 1 && kept - chunks[0].length >= TAIL_LIMIT) kept -= chunks.shift()!.length;
	}
	const tail = Buffer.concat(chunks);
	return { tail: tail.subarray(Math.max(0, tail.length - TAIL_LIMIT)), size };
}

function notZip(what: string): ZipListingError {
	return new ZipListingError(`${what} is not a zip archive (it has no zip directory at its end), so the server would import nothing from it`);
}

/** Reads the entry names of a zip (a Buffer or a stream of it). `what` names it in errors ("The file sales.zip"). */
export async function zipEntryNames(source: Buffer | AsyncIterable<unknown>, what: string): Promise<ZipListing> {
	const { tail, size } = await tailOf(source);
	const offsetOfTail = size - tail.length;
	// The end-of-central-directory record: 22 bytes plus a comment of up to 65 535.
	let eocd = -1;
	for (let i = tail.length - 22; i >= Math.max(0, tail.length - 22 - 0xffff); i--) {
		if (tail.readUInt32LE(i) === EOCD) {
			eocd = i;
			break;
		}
	}
	if (eocd < 0) throw notZip(what);
	let count = tail.readUInt16LE(eocd + 10);
	let cdSize = tail.readUInt32LE(eocd + 12);
	let cdEnd = eocd;
	if ((count === 0xffff || cdSize === 0xffffffff) && eocd >= 20 && tail.readUInt32LE(eocd - 20) === ZIP64_LOCATOR) {
		const record = Number(tail.readBigUInt64LE(eocd - 12)) - offsetOfTail;
		if (record < 0 || record + 56 > tail.length || tail.readUInt32LE(record) !== ZIP64_EOCD) throw notZip(what);
		count = Number(tail.readBigUInt64LE(record + 32));
		cdSize = Number(tail.readBigUInt64LE(record + 40));
		cdEnd = record;
	}
	const start = cdEnd - cdSize;
	if (start < 0) {
		if (size > tail.length) throw new ZipListingError(`${what} lists more entries than can be checked (its zip directory is larger than ${TAIL_LIMIT / 1024 / 1024} MiB)`);
		throw notZip(what);
	}
	const names: string[] = [];
	let at = start;
	for (let n = 0; n < count; n++) {
		if (at + 46 > cdEnd || tail.readUInt32LE(at) !== CENTRAL) throw notZip(what);
		const nameLength = tail.readUInt16LE(at + 28);
		const extraLength = tail.readUInt16LE(at + 30);
		const commentLength = tail.readUInt16LE(at + 32);
		names.push(tail.subarray(at + 46, at + 46 + nameLength).toString('utf8').replace(/\\/g, '/'));
		at += 46 + nameLength + extraLength + commentLength;
	}
	return { names, size };
}
