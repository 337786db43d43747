/**
 * Real, small files written by the emulator's own code (no upstream bytes): a PDF written page by page (so that a
 * large one streams without being held in memory), an OOXML workbook (.xlsx, a zip written with fflate, streamed
 * entry by entry for large ones) and a BIFF8 workbook (.xls: an OLE2 compound file holding a "Workbook" stream).
 * The reporting area renders reports into them and the CDA area exports query results with them.
 */
import { strToU8, Zip, ZipDeflate, ZipPassThrough, zipSync } from 'fflate';

export type Sink = (chunk: Buffer) => Promise<void>;

/* ----- PDF ----- */

function pdfText(text: string): string {
	// WinAnsi (latin-1) text in a literal string: escape \ ( ), anything outside latin-1 becomes "?".
	return text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\xff]/g, '?');
}

/**
 * A PDF 1.4 document written incrementally: `addPage(lines)` writes one A4 page of Helvetica text, `finish()` the page
 * tree, the cross-reference table and the trailer. Object 1 is the catalog, 2 the page tree (written last), 3 the font.
 */
export class PdfWriter {
	private offset = 0;
	private readonly offsets: number[] = [];
	private readonly pages: number[] = [];
	private nextObject = 4;

	constructor(private readonly sink: Sink) {}

	private async write(text: string): Promise<void> {
		const bytes = Buffer.from(text, 'latin1');
		this.offset += bytes.length;
		await this.sink(bytes);
	}

	private async object(id: number, body: string): Promise<void> {
		this.offsets[id] = this.offset;
		await this.write(`${id} 0 obj\n${body}\nendobj\n`);
	}

	async start(title: string): Promise<void> {
		await this.write('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
		await this.object(1, `<< /Type /Catalog /Pages 2 0 R >>`);
		await this.object(3, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
		this.title = title;
	}

	private title = '';

	/** One page: up to ~60 lines of text, top to bottom. */
	async addPage(lines: string[]): Promise<void> {
		const content = `BT /F1 10 Tf 12 TL 40 800 Td ${lines.map((line) => `(${pdfText(line)}) Tj T*`).join(' ')} ET`;
		const contentId = this.nextObject++;
		const pageId = this.nextObject++;
		await this.object(contentId, `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`);
		await this.object(pageId, `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contentId} 0 R >>`);
		this.pages.push(pageId);
	}

	async finish(): Promise<void> {
		if (this.pages.length === 0) await this.addPage(['']);
		await this.object(2, `<< /Type /Pages /Kids [${this.pages.map((id) => `${id} 0 R`).join(' ')}] /Count ${this.pages.length} >>`);
		const infoId = this.nextObject++;
		await this.object(infoId, `<< /Title (${pdfText(this.title)}) /Producer (Dataflow emulator) >>`);
		const xref = this.offset;
		let table = `xref\n0 ${this.nextObject}\n0000000000 65535 f \n`;
		for (let id = 1; id < this.nextObject; id++) table += `${String(this.offsets[id] ?? 0).padStart(10, '0')} 00000 n \n`;
		await this.write(`${table}trailer\n<< /Size ${this.nextObject} /Root 1 0 R /Info ${infoId} 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
	}
}

/** A whole small PDF in memory. */
export async function pdfOf(title: string, pages: string[][]): Promise<Buffer> {
	const chunks: Buffer[] = [];
	const writer = new PdfWriter(async (chunk) => {
		chunks.push(chunk);
	});
	await writer.start(title);
	for (const lines of pages) await writer.addPage(lines);
	await writer.finish();
	return Buffer.concat(chunks);
}

/* ----- XLSX ----- */

export type Cell = string | number | null;

function xmlText(text: string): string {
	// eslint-disable-next-line no-control-regex -- control characters are what is looked for
	return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/[\x00-\x08\x0b\x0c\x0e-\x1f]/g, '');
}

function columnName(index: number): string {
	let name = '';
	for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
	return name;
}

/** One `<row>` of sheet1.xml (numbers as numbers, text as inline strings). */
export function xlsxRow(rowIndex: number, cells: Cell[]): string {
	const r = rowIndex + 1;
	const body = cells
		.map((cell, c) => {
			const ref = `${columnName(c)}${r}`;
			if (cell === null || cell === undefined) return '';
			if (typeof cell === 'number' && Number.isFinite(cell)) return `<c r="${ref}"><v>${cell}</v></c>`;
			return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xmlText(String(cell))}</t></is></c>`;
		})
		.join('');
	return `<row r="${r}">${body}</row>`;
}

const SHEET_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_TAIL = '</sheetData></worksheet>';

function xlsxPackage(sheetName: string): Record<string, string> {
	return {
		'[Content_Types].xml':
			'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
			'<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
			'<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
			'<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
		'_rels/.rels':
			'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
			'<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
		'xl/workbook.xml':
			'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
			`<sheets><sheet name="${xmlText(sheetName.slice(0, 31)).replace(/"/g, '&quot;')}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
		'xl/_rels/workbook.xml.rels':
			'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
			'<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
	};
}

/** A small workbook in memory. */
export function xlsxOf(sheetName: string, rows: Cell[][]): Buffer {
	const files: Record<string, Uint8Array> = {};
	for (const [name, text] of Object.entries(xlsxPackage(sheetName))) files[name] = strToU8(text);
	files['xl/worksheets/sheet1.xml'] = strToU8(SHEET_HEAD + rows.map((row, i) => xlsxRow(i, row)).join('') + SHEET_TAIL);
	return Buffer.from(zipSync(files, { level: 6 }));
}

/**
 * A workbook streamed to `sink`: the package parts first, then sheet1.xml row by row from `rows` (stored, not deflated,
 * so that the file grows as fast as the rows are written; fflate computes the CRCs as it goes).
 */
export async function streamXlsx(sheetName: string, rows: AsyncIterable<Cell[]> | Iterable<Cell[]>, sink: Sink): Promise<void> {
	const pending: Buffer[] = [];
	let failure: Error | undefined;
	let done = false;
	const zip = new Zip((error, data, final) => {
		if (error) failure = error;
		else pending.push(Buffer.from(data));
		if (final) done = true;
	});
	const flush = async () => {
		if (failure) throw failure;
		while (pending.length > 0) await sink(pending.shift()!);
	};
	for (const [name, text] of Object.entries(xlsxPackage(sheetName))) {
		const entry = new ZipDeflate(name, { level: 6 });
		zip.add(entry);
		entry.push(strToU8(text), true);
	}
	const sheet = new ZipPassThrough('xl/worksheets/sheet1.xml');
	zip.add(sheet);
	sheet.push(strToU8(SHEET_HEAD));
	let index = 0;
	let batch = '';
	for await (const row of rows as AsyncIterable<Cell[]>) {
		batch += xlsxRow(index++, row);
		if (batch.length > 64 * 1024) {
			sheet.push(strToU8(batch));
			batch = '';
			await flush();
		}
	}
	sheet.push(strToU8(batch + SHEET_TAIL), true);
	zip.end();
	await flush();
	if (!done) throw new Error('The workbook was not finished');
}

/* ----- XLS (BIFF8 in an OLE2 compound file) ----- */

function record(type: number, data: Buffer): Buffer {
	const head = Buffer.alloc(4);
	head.writeUInt16LE(type, 0);
	head.writeUInt16LE(data.length, 2);
	return Buffer.concat([head, data]);
}

function u16(...values: number[]): Buffer {
	const b = Buffer.alloc(values.length * 2);
	values.forEach((v, i) => b.writeUInt16LE(v & 0xffff, i * 2));
	return b;
}

function u32(...values: number[]): Buffer {
	const b = Buffer.alloc(values.length * 4);
	values.forEach((v, i) => b.writeUInt32LE(v >>> 0, i * 4));
	return b;
}

/** A BIFF8 unicode string: latin-1 when every character fits, else UTF-16LE; `wide` length field for cells. */
function biffString(text: string, wideLength: boolean): Buffer {
	// eslint-disable-next-line no-control-regex -- control characters are what is looked for
	const compressed = /^[\x00-\xff]*$/.test(text);
	const chars = compressed ? Buffer.from(text, 'latin1') : Buffer.from(text, 'utf16le');
	const length = wideLength ? u16(text.length) : Buffer.from([text.length & 0xff]);
	return Buffer.concat([length, Buffer.from([compressed ? 0 : 1]), chars]);
}

function bof(kind: number): Buffer {
	return record(0x0809, Buffer.concat([u16(0x0600, kind, 0x0dbb, 0x07cc), u32(0x00000041, 0x00000006)]));
}

/** The "Workbook" stream: globals (fonts, 16 XFs, one style, one sheet) and one worksheet of LABEL/NUMBER cells. */
function workbookStream(sheetName: string, rows: Cell[][]): Buffer {
	const styleXf = Buffer.from([0, 0, 0, 0, 0xf5, 0xff, 0x20, 0x00, 0x00, 0x00, 0, 0, 0, 0, 0, 0, 0, 0, 0xc0, 0x20]);
	const cellXf = Buffer.from([0, 0, 0, 0, 0x01, 0x00, 0x20, 0x00, 0x00, 0xf8, 0, 0, 0, 0, 0, 0, 0, 0, 0xc0, 0x20]);
	const font = record(0x0031, Buffer.concat([u16(200, 0, 0x7fff, 400, 0), Buffer.from([0, 0, 0, 0]), biffString('Arial', false)]));
	const name = sheetName.slice(0, 31) || 'Sheet1';
	const globalsHead = Buffer.concat([
		bof(0x0005),
		record(0x0042, u16(0x04b0)),
		record(0x003d, Buffer.concat([u16(0, 0, 0x4000, 0x2000, 0x0038, 0, 0, 1, 0x0258)])),
		font,
		font,
		font,
		font,
		font,
		...Array.from({ length: 15 }, () => record(0x00e0, styleXf)),
		record(0x00e0, cellXf),
		record(0x0293, Buffer.from([0x00, 0x80, 0x00, 0xff])),
	]);
	const boundSheetSize = 4 + 4 + 2 + biffString(name, false).length;
	const eofSize = 4;
	const sheetOffset = globalsHead.length + boundSheetSize + eofSize;
	const globals = Buffer.concat([globalsHead, record(0x0085, Buffer.concat([u32(sheetOffset), u16(0), biffString(name, false)])), record(0x000a, Buffer.alloc(0))]);
	const columns = rows.reduce((max, row) => Math.max(max, row.length), 0);
	const cells: Buffer[] = [];
	rows.forEach((row, r) => {
		row.forEach((cell, c) => {
			if (cell === null || cell === undefined) return;
			if (typeof cell === 'number' && Number.isFinite(cell)) {
				const value = Buffer.alloc(8);
				value.writeDoubleLE(cell, 0);
				cells.push(record(0x0203, Buffer.concat([u16(r, c, 15), value])));
			} else {
				cells.push(record(0x0204, Buffer.concat([u16(r, c, 15), biffString(String(cell).slice(0, 8000), true)])));
			}
		});
	});
	const sheet = Buffer.concat([
		bof(0x0010),
		record(0x0200, Buffer.concat([u32(0, rows.length), u16(0, columns, 0)])),
		record(0x023e, Buffer.concat([u16(0x06b6, 0, 0), u32(0x40), u16(0, 0), u32(0)])),
		...cells,
		record(0x000a, Buffer.alloc(0)),
	]);
	return Buffer.concat([globals, sheet]);
}

/** An OLE2 compound file (version 3, 512-byte sectors) holding one stream; the stream is padded to 4096 bytes. */
function compoundFile(streamName: string, data: Buffer): Buffer {
	const SECTOR = 512;
	const stream = data.length >= 4096 ? data : Buffer.concat([data, Buffer.alloc(4096 - data.length)]);
	const streamSectors = Math.ceil(stream.length / SECTOR);
	let fatSectors = 1;
	while (fatSectors * 128 < fatSectors + 1 + streamSectors) fatSectors++;
	if (fatSectors > 109) throw new Error('The workbook is too large for this writer');
	const dirSector = fatSectors;
	const firstStreamSector = fatSectors + 1;
	const total = fatSectors + 1 + streamSectors;
	const fat = Buffer.alloc(fatSectors * SECTOR, 0xff);
	for (let i = 0; i < fatSectors; i++) fat.writeUInt32LE(0xfffffffd, i * 4);
	fat.writeUInt32LE(0xfffffffe, dirSector * 4);
	for (let i = 0; i < streamSectors; i++) {
		const sector = firstStreamSector + i;
		fat.writeUInt32LE(i === streamSectors - 1 ? 0xfffffffe : sector + 1, sector * 4);
	}
	const header = Buffer.alloc(SECTOR);
	Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(header, 0);
	header.writeUInt16LE(0x003e, 24);
	header.writeUInt16LE(0x0003, 26);
	header.writeUInt16LE(0xfffe, 28);
	header.writeUInt16LE(9, 30);
	header.writeUInt16LE(6, 32);
	header.writeUInt32LE(fatSectors, 44);
	header.writeUInt32LE(dirSector, 48);
	header.writeUInt32LE(0x1000, 56);
	header.writeUInt32LE(0xfffffffe, 60);
	header.writeUInt32LE(0, 64);
	header.writeUInt32LE(0xfffffffe, 68);
	header.writeUInt32LE(0, 72);
	for (let i = 0; i < 109; i++) header.writeUInt32LE(i < fatSectors ? i : 0xffffffff, 76 + i * 4);
	const entry = (name: string, type: number, child: number, start: number, size: number) => {
		const e = Buffer.alloc(128);
		if (name) {
			e.write(name, 0, 'utf16le');
			e.writeUInt16LE((name.length + 1) * 2, 64);
		}
		e.writeUInt8(type, 66);
		e.writeUInt8(1, 67);
		e.writeUInt32LE(0xffffffff, 68);
		e.writeUInt32LE(0xffffffff, 72);
		e.writeUInt32LE(child, 76);
		e.writeUInt32LE(start, 116);
		e.writeUInt32LE(size, 120);
		return e;
	};
	const directory = Buffer.concat([
		entry('Root Entry', 5, 1, 0xfffffffe, 0),
		entry(streamName, 2, 0xffffffff, firstStreamSector, stream.length),
		entry('', 0, 0xffffffff, 0, 0),
		entry('', 0, 0xffffffff, 0, 0),
	]);
	const body = Buffer.concat([fat, directory, stream, Buffer.alloc(streamSectors * SECTOR - stream.length)]);
	if (body.length !== total * SECTOR) throw new Error('compound file layout error');
	return Buffer.concat([header, body]);
}

/** A BIFF8 .xls workbook with one sheet (at most 65 536 rows and 256 columns, as BIFF8 allows). */
export function xlsOf(sheetName: string, rows: Cell[][]): Buffer {
	return compoundFile('Workbook', workbookStream(sheetName, rows.slice(0, 65536).map((row) => row.slice(0, 256))));
}
