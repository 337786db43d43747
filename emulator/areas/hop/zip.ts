/**
 * Reads the entries of a zip archive (stored or deflated), for the uploaded packages of registerPackage
 * and addExport: the real servlets save the body to a temporary file and read `zip:file:///…!name`
 * through Commons VFS (apache/hop:engine/src/main/java/org/apache/hop/www/RegisterPackageServlet.java@2.19.0-rc1).
 */
import { inflateRawSync } from 'node:zlib';

export function readZip(data: Buffer): Map<string, Buffer> | undefined {
	const entries = new Map<string, Buffer>();
	// End of central directory: the last PK\5\6 within the final 64 KiB.
	let eocd = -1;
	for (let i = data.length - 22; i >= Math.max(0, data.length - 65_557); i--) {
		if (data.readUInt32LE(i) === 0x06054b50) {
			eocd = i;
			break;
		}
	}
	if (eocd < 0) return undefined;
	const count = data.readUInt16LE(eocd + 10);
	let offset = data.readUInt32LE(eocd + 16);
	try {
		for (let n = 0; n < count; n++) {
			if (data.readUInt32LE(offset) !== 0x02014b50) return undefined;
			const method = data.readUInt16LE(offset + 10);
			const compressedSize = data.readUInt32LE(offset + 20);
			const nameLength = data.readUInt16LE(offset + 28);
			const extraLength = data.readUInt16LE(offset + 30);
			const commentLength = data.readUInt16LE(offset + 32);
			const localOffset = data.readUInt32LE(offset + 42);
			const name = data.subarray(offset + 46, offset + 46 + nameLength).toString('utf8');
			const localNameLength = data.readUInt16LE(localOffset + 26);
			const localExtraLength = data.readUInt16LE(localOffset + 28);
			const start = localOffset + 30 + localNameLength + localExtraLength;
			const raw = data.subarray(start, start + compressedSize);
			if (method === 0) entries.set(name, Buffer.from(raw));
			else if (method === 8) entries.set(name, inflateRawSync(raw));
			offset += 46 + nameLength + extraLength + commentLength;
		}
	} catch {
		return undefined;
	}
	return entries;
}
