/**
 * Rendering reports (`/api/repos/{pathId}/report` and `/generatedContent`) as the reporting plugin answers:
 * emulator/areas/reporting/routes-render.ts and the sources it cites.
 */
import { strFromU8, unzipSync } from 'fflate';

import { putRepositoryFile } from '../../../emulator/areas/repository';

import { bytesOf, emu, BROKEN, call, expectPdf, expectXls, PRODUCTS, report, SALES, sheetOf, useProfileEmulators, useReportingEmulator } from './helpers';

useReportingEmulator();

const valid: Array<[string, string]> = [
	['Region', 'EMEA'],
	['Year', '2005'],
	['Product Line', 'Planes'],
	['Product Line', 'Ships'],
];

describe('rendering to each output target', () => {
	it('renders a PDF with the parameter values applied, inline with the report name', async () => {
		const response = await call('GET', report(SALES, 'report', [...valid, ['output-target', 'pageable/pdf']]));
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toBe('application/pdf;charset=UTF-8');
		expect(response.headers.get('content-disposition')).toBe("inline; filename*=UTF-8''Sales%20by%20Region.pdf");
		expect(response.headers.get('content-description')).toBe('Sales by Region.prpt');
		expect(response.headers.get('cache-control')).toBe('private, max-age=0, must-revalidate');
		const body = await bytesOf(response);
		expectPdf(body);
		const text = body.toString('latin1');
		expect(text).toContain('Region: EMEA');
		expect(text).toContain('Year: 2005');
		expect(text).toContain('Product Line: Planes, Ships');
		expect(text).not.toContain('Motorcycles');
	});

	it('renders an xlsx workbook whose sheet holds the rows', async () => {
		const response = await call('GET', report(SALES, 'report', [...valid, ['output-target', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet;page-mode=flow']]));
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet;charset=UTF-8');
		expect(response.headers.get('content-disposition')).toBe("inline; filename*=UTF-8''Sales%20by%20Region.xlsx");
		const sheet = sheetOf(await bytesOf(response));
		expect(sheet).toContain('<row r="1">');
		expect(sheet).toContain('Sales by Region');
		expect(sheet).toContain('>EMEA<');
		expect(sheet).toContain('>Planes<');
		expect((sheet.match(/<row /g) ?? []).length).toBe(3 + 12 * 2);
	});

	it('renders CSV, text, RTF, HTML (stream and page) and the email MIME message', async () => {
		const csv = await call('GET', report(SALES, 'report', [...valid, ['output-target', 'table/csv;page-mode=stream']]));
		expect(csv.headers.get('content-type')).toBe('text/csv;charset=UTF-8');
		expect(csv.headers.get('content-disposition')).toBe("inline; filename*=UTF-8''Sales%20by%20Region.csv");
		const csvText = await csv.text();
		expect(csvText.split('\r\n')).toEqual(expect.arrayContaining(['Region,Year,Month,Product Line,Quantity,Sales']));
		expect(csvText).toMatch(/^EMEA,2005,Jan,Planes,\d+,[\d.]+\r$/m);

		const text = await call('GET', report(SALES, 'report', [...valid, ['output-target', 'pageable/text']]));
		expect(text.headers.get('content-type')).toBe('text/plain;charset=UTF-8');
		expect(text.headers.get('content-disposition')).toBe("inline; filename*=UTF-8''Sales%20by%20Region.txt");
		expect(await text.text()).toContain('Region: EMEA');

		const rtf = await call('GET', report(SALES, 'report', [...valid, ['output-target', 'table/rtf;page-mode=flow']]));
		expect(rtf.headers.get('content-type')).toBe('application/rtf;charset=UTF-8');
		expect((await rtf.text()).startsWith('{\\rtf1')).toBe(true);

		const stream = await call('GET', report(SALES, 'report', [...valid, ['output-target', 'table/html;page-mode=stream']]));
		expect(stream.headers.get('content-type')).toBe('text/html;charset=UTF-8');
		const html = await stream.text();
		expect((html.match(/<tr>/g) ?? []).length).toBe(1 + 24);

		const page = await call('GET', report(SALES, 'report', [...valid, ['accepted-page', '0']]));
		expect(page.headers.get('content-type')).toBe('text/html;charset=UTF-8');
		expect(page.headers.get('content-disposition')).toBe("inline; filename*=UTF-8''Sales%20by%20Region.html");
		expect(((await page.text()).match(/<tr>/g) ?? []).length).toBe(1 + 24);

		const email = await call('GET', report(SALES, 'report', [...valid, ['output-target', 'mime-message/text/html']]));
		expect(email.headers.get('content-type')).toBe('mime-message/text/html;charset=UTF-8');
		expect(email.headers.get('content-disposition')).toBe("inline; filename*=UTF-8''Sales%20by%20Region.eml");
		const message = await email.text();
		expect(message).toContain('MIME-Version: 1.0');
		expect(message).toContain('Region: EMEA');
	});

	it('pages the HTML page output by accepted-page', async () => {
		const all: Array<[string, string]> = [
			['Region', 'NA'],
			['output-target', 'table/html;page-mode=page'],
		];
		const first = await (await call('GET', report(SALES, 'report', [...all, ['accepted-page', '0']]))).text();
		const third = await (await call('GET', report(SALES, 'report', [...all, ['accepted-page', '2']]))).text();
		expect((first.match(/<tr>/g) ?? []).length).toBe(31);
		expect((third.match(/<tr>/g) ?? []).length).toBe(1 + 84 - 60);
	});

	it('maps the legacy output-type parameter', async () => {
		const response = await call('GET', report(PRODUCTS, 'generatedContent', [['output-type', 'pdf']]));
		expect(response.headers.get('content-type')).toBe('application/pdf;charset=UTF-8');
		expectPdf(await bytesOf(response));
	});

	it('takes the parameters from a form POST', async () => {
		const body = new URLSearchParams([...valid, ['output-target', 'table/csv;page-mode=stream']]);
		const response = await call('POST', report(SALES, 'report'), { body, contentType: 'application/x-www-form-urlencoded' });
		expect(response.status).toBe(200);
		expect(await response.text()).toContain('EMEA,2005,Jan,Planes');
	});

	it('refuses a POST body that is not a form (Jersey: no method consumes it, 415)', async () => {
		const response = await call('POST', report(SALES, 'report'), { body: '{}', contentType: 'application/json' });
		expect(response.status).toBe(415);
	});
});

describe('failures as the plugin reports them (all HTTP 200: Jersey commits its own status on the first byte)', () => {
	it('a missing mandatory parameter: the engine refuses to process the report', async () => {
		const response = await call('GET', report(SALES, 'report', [['output-target', 'pageable/pdf']]));
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toBe('application/pdf;charset=UTF-8');
		expect(response.headers.get('content-disposition')).toBe("inline; filename*=UTF-8''Sales%20by%20Region.pdf");
		expect(await response.text()).toBe('The parameters provided for this report are not valid.');
	});

	it('a value outside a strict list is refused the same way', async () => {
		const response = await call('GET', report(SALES, 'report', [['Region', 'Mars']]));
		expect(await response.text()).toBe('The parameters provided for this report are not valid.');
	});

	it('a value that cannot be converted fails before processing: "Report validation failed."', async () => {
		const response = await call('GET', report(SALES, 'report', [['Region', 'EMEA'], ['Year', 'last'], ['output-target', 'table/csv;page-mode=stream']]));
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toBe('text/csv;charset=UTF-8');
		expect(await response.text()).toBe('Report validation failed.');
	});

	it('an unknown output target: octet-stream, "<name>null" and "Report validation failed."', async () => {
		const response = await call('GET', report(PRODUCTS, 'report', [['output-target', 'pageable/word']]));
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toBe('application/octet-stream;charset=UTF-8');
		expect(response.headers.get('content-disposition')).toBe("inline; filename*=UTF-8''Product%20Listnull");
		expect(await response.text()).toBe('Report validation failed.');
	});

	it('a report whose query fails: the exception message, with the target headers', async () => {
		const response = await call('GET', report(BROKEN, 'report', [['output-target', 'pageable/pdf']]));
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toBe('application/pdf;charset=UTF-8');
		expect(response.headers.get('content-disposition')).toBe("inline; filename*=UTF-8''Broken%20Report.pdf");
		expect(await response.text()).toBe('Failed to execute query.');
	});

	it('renderMode XML on the report generator: the IllegalArgumentException class name as text/xml', async () => {
		const response = await call('GET', report(PRODUCTS, 'report', [['renderMode', 'xml']]));
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toBe('text/xml;charset=UTF-8');
		expect(response.headers.get('content-disposition')).toBe("inline; filename*=UTF-8''default.xml");
		expect(await response.text()).toBe('java.lang.IllegalArgumentException');
	});

	it('an unknown renderMode escapes the servlet: 500 and the webapp error page', async () => {
		const response = await call('GET', report(PRODUCTS, 'report', [['renderMode', 'nonsense']]));
		expect(response.status).toBe(500);
		expect(await response.text()).toContain('Sorry, something went wrong.');
	});

	it('a missing report is Response.serverError(): 500', async () => {
		const response = await call('GET', report('/public/Steel Wheels/Nothing.prpt', 'report'));
		expect(response.status).toBe(500);
	});

	it('a report the user may not read is the same 500 (a .prpt without a definition renders as a report without parameters)', async () => {
		await putRepositoryFile(emu().app, '/home/admin/private.prpt', Buffer.from('PK'), { owner: 'admin' });
		expect((await call('GET', report('/home/admin/private.prpt', 'report'), { user: 'suzy' })).status).toBe(500);
		const own = await call('GET', report('/home/admin/private.prpt', 'report', [['output-target', 'table/csv;page-mode=stream']]));
		expect(own.status).toBe(200);
		expect(await own.text()).toContain('private');
	});
});

describe('per version', () => {
	const on = useProfileEmulators();

	it('9.3 renders XLS (BIFF8) for table/excel;page-mode=flow', async () => {
		const response = await on('9.3', 'GET', report(SALES, 'report', [...valid, ['output-target', 'table/excel;page-mode=flow']]));
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toBe('application/vnd.ms-excel;charset=UTF-8');
		expect(response.headers.get('content-disposition')).toBe("inline; filename*=UTF-8''Sales%20by%20Region.xls");
		const body = await bytesOf(response);
		expectXls(body);
		expect(body.includes(Buffer.from('EMEA', 'latin1'))).toBe(true);
	});

	it('10.2 and later have no XLS output: octet-stream and "Report validation failed."', async () => {
		for (const profile of ['10.2', '10.2sp', '11.0'] as const) {
			const response = await on(profile, 'GET', report(SALES, 'report', [...valid, ['output-target', 'table/excel;page-mode=flow']]));
			expect(response.headers.get('content-type')).toBe('application/octet-stream;charset=UTF-8');
			expect(await response.text()).toBe('Report validation failed.');
		}
	});

	it('includeReportSpecification adds a report-details page from 10.2.0.4-347 (10.2sp, 11.0), not on 9.3 or 10.2 GA', async () => {
		const pairs: Array<[string, string]> = [...valid, ['output-target', 'table/html;page-mode=stream'], ['includeReportSpecification', 'true']];
		for (const profile of ['10.2sp', '11.0'] as const) expect(await (await on(profile, 'GET', report(SALES, 'report', pairs))).text()).toContain('Report Details');
		for (const profile of ['9.3', '10.2'] as const) expect(await (await on(profile, 'GET', report(SALES, 'report', pairs))).text()).not.toContain('Report Details');
	});
});

describe('the files', () => {
	it('the xlsx package is a complete OOXML workbook', async () => {
		const response = await call('GET', report(PRODUCTS, 'report', [['output-target', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet;page-mode=flow']]));
		const files = unzipSync(new Uint8Array(await bytesOf(response)));
		expect(strFromU8(files['xl/workbook.xml'])).toContain('<sheet name="Product List"');
		expect(strFromU8(files['[Content_Types].xml'])).toContain('/xl/worksheets/sheet1.xml');
	});
});
