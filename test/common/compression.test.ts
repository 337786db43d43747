import { gzipSync } from 'node:zlib';

import { zipSync } from 'fflate';

import { CompressionError, gunzipBase64, unzip } from '../../nodes/common/compression';

describe('gunzipBase64', () => {
	it('decodes base64 of gzip, as the worker sends its log', () => {
		const log = 'line 1\nline 2 — ünïcode\n';
		expect(gunzipBase64(gzipSync(Buffer.from(log)).toString('base64'))).toBe(log);
	});
	it('tolerates line breaks in the base64', () => {
		const encoded = gzipSync(Buffer.from('abc')).toString('base64');
		expect(gunzipBase64(`${encoded.slice(0, 10)}\n${encoded.slice(10)}`)).toBe('abc');
	});
	it('reads an empty log as empty', () => expect(gunzipBase64('  ')).toBe(''));
	it.each([['not base64 !'], [Buffer.from('plain text, not gzip').toString('base64')]])('refuses %p', (input) =>
		expect(() => gunzipBase64(input)).toThrow(CompressionError),
	);
});

describe('unzip', () => {
	it('lists the files of a zip with their bytes, leaving folders out', () => {
		const archive = zipSync({ 'a/': new Uint8Array(), 'a/x.graphml': Buffer.from('<graphml/>'), 'b.txt': Buffer.from('hi') });
		const entries = unzip(archive);
		expect(entries.map((e) => e.name)).toEqual(['a/x.graphml', 'b.txt']);
		expect(entries[0].data.toString()).toBe('<graphml/>');
	});
	it('reads an empty input as no files', () => expect(unzip(new Uint8Array())).toEqual([]));
	it('refuses a broken archive', () => expect(() => unzip(Buffer.from('PK not really'))).toThrow(CompressionError));
});
