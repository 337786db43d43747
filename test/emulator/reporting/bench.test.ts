/**
 * The benchmark knob: `seed.reporting.largeReportBytes` makes "/public/bench/Large Report.prpt" render a file of
 * about that size, generated and streamed in chunks (no Content-Length, never held in memory).
 */
import { bytesOf, call, expectPdf, LARGE, report, sheetOf, useReportingEmulator } from './helpers';
import { DEFAULT_LARGE_REPORT_BYTES } from '../../../emulator/areas/reporting';

const SIZE = 3 * 1024 * 1024;

useReportingEmulator({ seed: { reporting: { largeReportBytes: SIZE } } });

it('the default size is 100 MiB', () => {
	expect(DEFAULT_LARGE_REPORT_BYTES).toBe(100 * 1024 * 1024);
});

it('streams a CSV of the configured size in chunks', async () => {
	const response = await call('GET', report(LARGE, 'report', [['output-target', 'table/csv;page-mode=stream']]));
	expect(response.status).toBe(200);
	expect(response.headers.get('content-length')).toBeNull();
	expect(response.headers.get('transfer-encoding')).toBe('chunked');
	const body = await bytesOf(response);
	expect(body.length).toBeGreaterThanOrEqual(SIZE);
	expect(body.length).toBeLessThan(SIZE + 128 * 1024);
	expect(body.toString('utf8', 0, 200)).toContain('Row,Customer,Country,Amount');
});

it('streams a valid PDF and a valid xlsx of about that size', async () => {
	const pdf = await bytesOf(await call('GET', report(LARGE, 'report', [['output-target', 'pageable/pdf']])));
	expectPdf(pdf);
	expect(pdf.length).toBeGreaterThanOrEqual(SIZE);
	const xlsx = await bytesOf(await call('GET', report(LARGE, 'report', [['output-target', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet;page-mode=flow']])));
	expect(xlsx.length).toBeGreaterThanOrEqual(SIZE);
	const sheet = sheetOf(xlsx);
	expect(sheet).toContain('Customer 00000001');
	expect(sheet.endsWith('</sheetData></worksheet>')).toBe(true);
});

it('a client that stops reading does not keep the server busy', async () => {
	const response = await call('GET', report(LARGE, 'report', [['output-target', 'pageable/text']]));
	const reader = response.body!.getReader();
	const first = await reader.read();
	expect(first.done).toBe(false);
	await reader.cancel();
	// The next request is answered at once.
	const next = await call('GET', report(LARGE, 'parameter'));
	expect(next.status).toBe(200);
	await next.text();
});
