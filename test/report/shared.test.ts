/** Unit tests of the Report node's readers and writers: the parameter answer, file integrity, CDA values and dates. */
import { Readable } from 'node:stream';

import { cdaDate as cdaCellDate, readTable, tableRows } from '../../nodes/Report/shared/cda';
import { cdaDate, formatJavaDate } from '../../nodes/Report/shared/cdaValues';
import { formatOf } from '../../nodes/Report/shared/formats';
import { unescapeHtml } from '../../nodes/Report/shared/htmlEntities';
import { checkedBody, RenderFailure } from '../../nodes/Report/shared/integrity';
import { kindOf, readDefinition } from '../../nodes/Report/shared/parameterDefinition';
import { reportDate } from '../../nodes/Report/shared/parameterValues';
import { parseXml } from '../../nodes/common/xml';
import type { ByteStream } from '../../nodes/common/binary';
import { parameterAnswer, PDF } from './helpers';

const pdf = formatOf('pageable/pdf')!;
const xlsx = formatOf('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet;page-mode=flow')!;
const xls = formatOf('table/excel;page-mode=flow')!;
const html = formatOf('table/html;page-mode=stream')!;
const csv = formatOf('table/csv;page-mode=stream')!;

async function drain(stream: unknown): Promise<Buffer> {
	const chunks: Buffer[] = [];
	for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
	return Buffer.concat(chunks);
}

function chunked(buffer: Buffer, size: number): ByteStream {
	const parts: Buffer[] = [];
	for (let i = 0; i < buffer.length; i += size) parts.push(buffer.subarray(i, i + size));
	return Readable.from(parts) as unknown as ByteStream;
}

describe('integrity of a rendered file', () => {
	it('a whole PDF passes through unchanged, even one byte per chunk', async () => {
		const checked = checkedBody(pdf, chunked(PDF, 1));
		expect((await drain(checked.body)).equals(PDF)).toBe(true);
		expect(checked.failure()).toBeUndefined();
	});

	it('text instead of a PDF fails at once with the text', async () => {
		const checked = checkedBody(pdf, chunked(Buffer.from('org.pentaho.reporting.engine.classic.core.ReportDataFactoryException: Failed at query'), 7));
		await expect(drain(checked.body)).rejects.toThrow(RenderFailure);
		expect(checked.failure()?.message).toBe(
			'The report did not render: the server answered "org.pentaho.reporting.engine.classic.core.ReportDataFactoryException: Failed at query" instead of a PDF file',
		);
	});

	it('an empty answer', async () => {
		const checked = checkedBody(pdf, chunked(Buffer.alloc(0), 1));
		await expect(drain(checked.body)).rejects.toThrow('The server answered an empty file where a PDF file was expected');
	});

	it('a PDF without its end, an xlsx without its central directory, an xls not in whole sectors, an HTML page without </html>', async () => {
		for (const [format, body] of [
			[pdf, PDF.subarray(0, 40)],
			[xlsx, Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)])],
			[xls, Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1000)])],
			[html, Buffer.from('<html><body><table><tr><td>EMEA')],
		] as const) {
			const checked = checkedBody(format, chunked(body, 16));
			await expect(drain(checked.body)).rejects.toThrow(/is incomplete/);
		}
	});

	it('whole files of each checked format pass', async () => {
		const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(50), Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]);
		const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1024 - 8)]);
		for (const [format, body] of [
			[xlsx, zip],
			[xls, ole],
			[html, Buffer.from('\uFEFF<!DOCTYPE html><html><body>x</body></html>\n')],
			[csv, Buffer.from('anything goes')],
		] as const) {
			const checked = checkedBody(format, chunked(body, 10));
			expect((await drain(checked.body)).equals(body)).toBe(true);
		}
	});

	it('a body in memory is checked at once', () => {
		expect(checkedBody(pdf, PDF).failure()).toBeUndefined();
		expect(checkedBody(pdf, Buffer.from('Report validation failed.')).failure()?.message).toMatch(/"Report validation failed\."/);
	});

	it('holds no more than a kilobyte of a large file while checking it', async () => {
		const size = 8 * 1024 * 1024;
		let produced = 0;
		async function* big(): AsyncGenerator<Buffer> {
			yield Buffer.from('%PDF-1.7\n');
			while (produced < size) {
				produced += 64 * 1024;
				yield Buffer.alloc(64 * 1024, 0x20);
			}
			yield Buffer.from('\n%%EOF\n');
		}
		const checked = checkedBody(pdf, Readable.from(big()) as unknown as ByteStream);
		let total = 0;
		const before = process.memoryUsage().heapUsed;
		for await (const chunk of checked.body as AsyncIterable<Buffer>) total += chunk.length;
		expect(total).toBe(size + 9 + 7);
		expect(process.memoryUsage().heapUsed - before).toBeLessThan(size);
	});
});

describe('the parameter answer', () => {
	it('labels are unescaped once (HTML entities inside the XML), types read from Java classes, dates with a colon in the offset', () => {
		const answer = parameterAnswer(
			[
				{ name: 'shop', values: [['a&b', 'Café <Ü> & "Co" l\'été €']] },
				{ name: 'day', type: 'java.sql.Timestamp', list: false, selected: '2024-01-31T00:00:00.000+0100' },
			],
			{ offered: [] },
		);
		const definition = readDefinition(parseXml(answer))!;
		expect(definition.parameters[0].values).toEqual([{ value: 'a&b', label: 'Café <Ü> & "Co" l\'été €' }]);
		expect(definition.parameters[1]).toMatchObject({ kind: 'date', selected: ['2024-01-31T00:00:00.000+01:00'] });
	});

	it('kinds', () => {
		expect(['java.lang.Integer', '[Ljava.lang.Long;', 'java.math.BigDecimal', 'java.lang.Boolean', 'java.sql.Date', 'java.lang.String', 'javax.swing.table.TableModel'].map(kindOf)).toEqual([
			'integer',
			'integer',
			'number',
			'boolean',
			'date',
			'string',
			'other',
		]);
	});

	it('not a parameter answer', () => {
		expect(readDefinition(parseXml('<webresult><result>OK</result></webresult>'))).toBeUndefined();
	});

	it('HTML 4 entities', () => {
		expect(unescapeHtml('&Agrave;&szlig;&yuml;&Omega;&omega;&sigmaf;&hellip;&#x263A;&#9731;&bogus;')).toBe('Àßÿ Ωως…☺☃&bogus;'.replace(' ', ''));
	});
});

describe('dates sent', () => {
	it('to the reporting plugin', () => {
		expect(reportDate('2024-03-01')).toBe('2024-03-01');
		expect(reportDate('2024-03-01T10:00')).toBe('2024-03-01T10:00:00.000');
		expect(reportDate('2024-03-01T10:00:05.1')).toBe('2024-03-01T10:00:05.100');
		expect(reportDate('2024-03-01T10:00:00+01:00')).toBe(String(Date.UTC(2024, 2, 1, 9)));
		expect(reportDate(new Date(Date.UTC(2024, 2, 1)))).toBe(String(Date.UTC(2024, 2, 1)));
		expect(reportDate('1709251200000')).toBe('1709251200000');
	});

	it('to CDA: in the parameter\'s pattern, else epoch milliseconds', () => {
		const parts = { y: 2024, M: 3, d: 5, H: 14, m: 7, s: 9, S: 45 };
		expect(formatJavaDate(parts, "yyyy-MM-dd'T'HH:mm:ss.SSS")).toBe('2024-03-05T14:07:09.045');
		expect(formatJavaDate(parts, "dd/MM/yy hh:mm a 'o''clock'")).toBe("05/03/24 02:07 PM o'clock");
		expect(formatJavaDate(parts, 'EEE, d MMM yyyy')).toBeUndefined();
		expect(cdaDate('2024-03-05', 'dd.MM.yyyy')).toBe('05.03.2024');
		expect(cdaDate('05.03.2024', 'dd.MM.yyyy')).toBe('05.03.2024');
		expect(cdaDate('2024-03-05', undefined)).toBe(String(Date.UTC(2024, 2, 5)));
		expect(cdaDate('2024-03-05T10:00:00+02:00', undefined)).toBe(String(Date.UTC(2024, 2, 5, 8)));
	});
});

describe('CDA answers', () => {
	it('date cells as CDA writes them', () => {
		expect(['2024-03-01', '2024-03-01 10:00:00.123456', 'Fri Mar 01 10:00:00 GMT 2024', 'Fri Mar 01 10:00:00 CET 2024', 1709287200000, 'soon'].map(cdaCellDate)).toEqual([
			'2024-03-01',
			'2024-03-01T10:00:00.123',
			'2024-03-01T10:00:00.000Z',
			'2024-03-01T10:00:00.000',
			'2024-03-01T10:00:00.000Z',
			'soon',
		]);
	});

	it('columns named twice get a suffix; metadata read in column order', () => {
		const table = readTable({
			metadata: [
				{ colIndex: 1, colName: 'x', colType: 'Integer' },
				{ colIndex: 0, colName: 'x', colType: 'String' },
			],
			resultset: [['a', '2']],
		})!;
		expect(tableRows(table)).toEqual([{ x: 'a', x_2: 2 }]);
		expect(readTable({ resultset: [] })).toBeUndefined();
	});
});
