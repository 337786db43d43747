/**
 * A real PNG drawing of a job (what jobImage answers): one box per job entry joined by hops,
 * encoded by hand (signature, IHDR, IDAT deflated with node:zlib, IEND, CRC-32 per chunk).
 */
import { deflateSync } from 'node:zlib';

const CRC_TABLE = (() => {
	const table = new Uint32Array(256);
	for (let n = 0; n < 256; n++) {
		let c = n;
		for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
		table[n] = c >>> 0;
	}
	return table;
})();

export function crc32(data: Buffer): number {
	let crc = 0xffffffff;
	for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
	return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
	const length = Buffer.alloc(4);
	length.writeUInt32BE(data.length);
	const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
	const crc = Buffer.alloc(4);
	crc.writeUInt32BE(crc32(typeAndData));
	return Buffer.concat([length, typeAndData, crc]);
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** An RGB PNG of `width`×`height` with `entries` boxes in a row, coloured by the job's state. */
export function jobPng(entries: number, state: 'ok' | 'error' | 'running', width = 240, height = 80): Buffer {
	const pixels = Buffer.alloc(width * height * 3, 0xff);
	const set = (x: number, y: number, [r, g, b]: [number, number, number]) => {
		if (x < 0 || y < 0 || x >= width || y >= height) return;
		const i = (y * width + x) * 3;
		pixels[i] = r;
		pixels[i + 1] = g;
		pixels[i + 2] = b;
	};
	const colour: [number, number, number] = state === 'error' ? [0xd0, 0x30, 0x30] : state === 'running' ? [0x30, 0x70, 0xd0] : [0x30, 0xa0, 0x50];
	const count = Math.max(1, Math.min(entries, 6));
	const box = 28;
	const gap = Math.floor((width - count * box) / (count + 1));
	const top = Math.floor((height - box) / 2);
	for (let e = 0; e < count; e++) {
		const left = gap + e * (box + gap);
		for (let x = left; x < left + box; x++) {
			for (let y = top; y < top + box; y++) {
				const border = x === left || x === left + box - 1 || y === top || y === top + box - 1;
				set(x, y, border ? [0x20, 0x20, 0x20] : colour);
			}
		}
		if (e < count - 1) for (let x = left + box; x < left + box + gap; x++) set(x, top + box / 2, [0x40, 0x40, 0x40]);
	}
	const raw = Buffer.alloc((width * 3 + 1) * height);
	for (let y = 0; y < height; y++) {
		raw[y * (width * 3 + 1)] = 0; // filter: none
		pixels.copy(raw, y * (width * 3 + 1) + 1, y * width * 3, (y + 1) * width * 3);
	}
	const header = Buffer.alloc(13);
	header.writeUInt32BE(width, 0);
	header.writeUInt32BE(height, 4);
	header[8] = 8; // bit depth
	header[9] = 2; // colour type: RGB
	header[10] = 0;
	header[11] = 0;
	header[12] = 0;
	return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
