import { Readable } from 'node:stream';

import { fileNameFromContentDisposition, mimeTypeOf, multipartBody } from '../../nodes/common/binary';

describe('fileNameFromContentDisposition', () => {
	it.each([
		['attachment; filename="sales report.zip"', 'sales report.zip'],
		['inline; filename=pentaho-lineage_20240101-20240131.zip', 'pentaho-lineage_20240101-20240131.zip'],
		// The lineage service writes the name unquoted, spaces included (issue 28, defect 3).
		['inline; filename=Sales Report.ktr_lineage_20240301.zip', 'Sales Report.ktr_lineage_20240301.zip'],
		['inline; filename=Sales Report.zip; size=12', 'Sales Report.zip'],
		["attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.prpt; filename=\"resume.prpt\"", 'résumé.prpt'],
		['attachment; filename="a \\"quoted\\" name.txt"', 'a "quoted" name.txt'],
		['attachment; filename="../../etc/passwd"', 'passwd'],
		['attachment; filename="C:\\\\temp\\\\x.ktr"', 'x.ktr'],
	])('%p → %p', (header, name) => expect(fileNameFromContentDisposition(header)).toBe(name));
	it.each([[undefined], [''], ['attachment'], [42]])('%p → undefined', (header) => expect(fileNameFromContentDisposition(header)).toBeUndefined());
	it('falls back to the plain name when the extended one is badly encoded', () =>
		expect(fileNameFromContentDisposition("attachment; filename*=UTF-8''%E0%A4%A; filename=\"plain.zip\"")).toBe('plain.zip'));
});

describe('mimeTypeOf', () => {
	it('drops parameters and lowercases', () => expect(mimeTypeOf('Application/Zip; charset=UTF-8')).toBe('application/zip'));
	it('defaults to octet-stream', () => {
		expect(mimeTypeOf(undefined)).toBe('application/octet-stream');
		expect(mimeTypeOf('')).toBe('application/octet-stream');
	});
});

async function collect(body: Buffer | NodeJS.ReadableStream): Promise<Buffer> {
	if (Buffer.isBuffer(body)) return body;
	const chunks: Buffer[] = [];
	for await (const chunk of body as AsyncIterable<Buffer>) chunks.push(Buffer.from(chunk));
	return Buffer.concat(chunks);
}

describe('multipartBody', () => {
	it('builds one Buffer from in-memory parts', async () => {
		const { body, contentType } = multipartBody([
			{ name: 'overwrite', value: 'true' },
			{ name: 'fileUpload', fileName: 'backup.zip', contentType: 'application/zip', content: Buffer.from('PK\x03\x04') },
		]);
		expect(Buffer.isBuffer(body)).toBe(true);
		const boundary = /boundary=(.+)$/.exec(contentType)![1];
		expect((body as Buffer).toString('latin1')).toBe(
			`--${boundary}\r\nContent-Disposition: form-data; name="overwrite"\r\n\r\ntrue\r\n` +
				`--${boundary}\r\nContent-Disposition: form-data; name="fileUpload"; filename="backup.zip"\r\nContent-Type: application/zip\r\n\r\nPK\x03\x04\r\n` +
				`--${boundary}--\r\n`,
		);
	});

	it('streams a file part without reading it all first', async () => {
		let pulled = 0;
		const source = new Readable({
			read() {
				pulled++;
				this.push(pulled <= 3 ? Buffer.from(`chunk${pulled};`) : null);
			},
		});
		const { body, contentType } = multipartBody([
			{ name: 'uploadInput', fileName: 'schema.xml', contentType: 'text/xml', content: source as never },
			{ name: 'overwrite', value: 'false' },
		]);
		expect(Buffer.isBuffer(body)).toBe(false);
		expect(pulled).toBe(0);
		const text = (await collect(body as never)).toString();
		const boundary = /boundary=(.+)$/.exec(contentType)![1];
		expect(text).toContain('filename="schema.xml"\r\nContent-Type: text/xml\r\n\r\nchunk1;chunk2;chunk3;\r\n');
		expect(text.endsWith(`name="overwrite"\r\n\r\nfalse\r\n--${boundary}--\r\n`)).toBe(true);
	});

	it('keeps quotes and line breaks out of header values', () => {
		const { body } = multipartBody([{ name: 'a"b\r\nX-Evil: 1', value: 'v' }]);
		expect((body as Buffer).toString()).toContain('name="a%22b  X-Evil: 1"');
	});
});
