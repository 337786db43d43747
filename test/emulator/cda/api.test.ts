/**
 * CDA's REST API as webdetails/cda answers it: emulator/areas/cda/routes-api.ts, export.ts and request.ts.
 */
import { putRepositoryFile } from '../../../emulator/areas/repository';
import { api, call, emu, SALES_CDA, useCdaEmulator, type CdaJson } from './helpers';

useCdaEmulator();

const sales: Array<[string, string]> = [
	['path', SALES_CDA],
	['dataAccessId', 'salesByRegion'],
];

async function json(pairs: Array<[string, string]>, endpoint = 'doQuery'): Promise<CdaJson> {
	const response = await call('GET', api(endpoint, pairs));
	expect(response.status).toBe(200);
	return (await response.json()) as CdaJson;
}

async function expectFailure(response: Response, status = 500): Promise<void> {
	expect(response.status).toBe(status);
	expect(await response.text()).toContain('Sorry, something went wrong.');
}

describe('doQuery', () => {
	it('answers JSON with typed metadata, the rows and queryInfo (strings), keys in org.json order', async () => {
		const response = await call('GET', api('doQuery', [...sales, ['paramregion', 'NA'], ['paramyear', '2005']]));
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toBe('application/json');
		expect(response.headers.get('content-disposition')).toBe('inline; filename=doQuery.json');
		const text = await response.text();
		expect(text.startsWith('{"metadata":[{"colName":"REGION","colType":"String","colIndex":0},')).toBe(true);
		expect(text.endsWith(',"queryInfo":{"totalRows":"28"}}')).toBe(true);
		const body = JSON.parse(text) as CdaJson;
		expect(body.metadata.map((m) => `${m.colName}:${m.colType}`)).toEqual(['REGION:String', 'YEAR_ID:Integer', 'PRODUCTLINE:String', 'QUANTITY:Integer', 'SALES:Numeric', 'ORDERDATE:Date']);
		expect(body.resultset).toHaveLength(28);
		expect(body.resultset[0][0]).toBe('NA');
		expect(body.resultset[0][1]).toBe(2005);
		expect(typeof body.resultset[0][4]).toBe('number');
		expect(body.resultset[0][5]).toMatch(/^2005-01-\d\d 00:00:00\.0$/);
	});

	it('uses the parameter defaults when none are passed', async () => {
		const body = await json(sales);
		expect(new Set(body.resultset.map((r) => `${r[0]}/${r[1]}`))).toEqual(new Set(['EMEA/2004']));
	});

	it('pages with pageSize/pageStart (a row offset) and paginateQuery (20 rows by default)', async () => {
		const page = await json([...sales, ['pageSize', '5'], ['pageStart', '25']]);
		expect(page.resultset).toHaveLength(3);
		expect(page.queryInfo).toEqual({ pageStart: '25', pageSize: '5', totalRows: '28' });
		const all = await json(sales);
		expect(page.resultset).toEqual(all.resultset.slice(25));
		const paginated = await json([...sales, ['paginateQuery', 'true']]);
		expect(paginated.resultset).toHaveLength(20);
		expect(paginated.queryInfo).toEqual({ pageStart: '0', pageSize: '20', totalRows: '28' });
		const beyond = await json([...sales, ['pageSize', '5'], ['pageStart', '40']]);
		expect(beyond.resultset).toEqual([]);
		// Values that do not convert are 0 (commons-beanutils defaults): no paging at all.
		const junk = await json([...sales, ['pageSize', 'ten']]);
		expect(junk.resultset).toHaveLength(28);
		expect(junk.queryInfo).toEqual({ totalRows: '28' });
	});

	it('sorts by sortBy (<column>[A|D]) before paging, and selects columns by outputColumnName', async () => {
		const sorted = await json([...sales, ['sortBy', '4D'], ['pageSize', '3']]);
		const values = sorted.resultset.map((r) => r[4] as number);
		expect(values).toEqual([...values].sort((a, b) => b - a));
		const all = await json(sales);
		expect(values[0]).toBe(Math.max(...all.resultset.map((r) => r[4] as number)));
		const columns = await json([...sales, ['outputColumnName', 'SALES'], ['outputColumnName', 'REGION']]);
		expect(columns.metadata.map((m) => m.colName)).toEqual(['SALES', 'REGION']);
		expect(columns.metadata.map((m) => m.colIndex)).toEqual([0, 1]);
	});

	it('takes the request as a form POST', async () => {
		const body = new URLSearchParams([...sales, ['paramregion', 'Japan']]);
		const response = await call('POST', api('doQuery'), { body, contentType: 'application/x-www-form-urlencoded' });
		expect(response.status).toBe(200);
		expect(((await response.json()) as CdaJson).resultset[0][0]).toBe('Japan');
		expect((await call('POST', api('doQuery'), { body: '{}', contentType: 'application/json' })).status).toBe(415);
	});

	it('JSONP with jsonCallback', async () => {
		const response = await call('GET', api('doQuery', [...sales, ['jsonCallback', 'render'], ['pageSize', '1']]));
		const text = await response.text();
		expect(text.startsWith('render({"metadata":')).toBe(true);
		expect(text.endsWith('});')).toBe(true);
	});

	it('exports CSV: attachment, ";" separator, enclosed values, Content-Type negotiated by Jersey', async () => {
		const pairs: Array<[string, string]> = [
			['path', SALES_CDA],
			['dataAccessId', 'topCustomers'],
			['outputType', 'csv'],
		];
		const negotiated = await call('GET', api('doQuery', pairs), { accept: 'text/csv' });
		expect(negotiated.headers.get('content-type')).toBe('text/csv');
		expect(negotiated.headers.get('content-disposition')).toBe('attachment; filename=cda-export.csv');
		const lines = (await negotiated.text()).split('\n');
		expect(lines[0]).toBe('"CUSTOMERNAME";"COUNTRY";TOTAL');
		expect(lines[1]).toBe('"Euro+ Shopping Channel";"Spain";"10000.5"');
		expect(lines[3]).toBe('"Australian Collectors, Co.";"Australia";"8530.12"');
		// Any Accept: the first @Produces type (application/json) is the Content-Type, whatever the body.
		const wildcard = await call('GET', api('doQuery', pairs), { accept: '*/*' });
		expect(wildcard.headers.get('content-type')).toBe('application/json');
		expect((await wildcard.text()).startsWith('"CUSTOMERNAME"')).toBe(true);
		const named = await call('GET', api('doQuery', [...pairs, ['settingattachmentName', 'customers.csv'], ['settingcsvSeparator', ','], ['settingcolumnHeaders', 'false']]));
		expect(named.headers.get('content-disposition')).toBe('attachment; filename=customers.csv');
		expect((await named.text()).split('\n')[0]).toBe('"Euro+ Shopping Channel","Spain","10000.5"');
	});

	it('exports XML, HTML and XLS', async () => {
		const base: Array<[string, string]> = [
			['path', SALES_CDA],
			['dataAccessId', 'topCustomers'],
			['pageSize', '2'],
		];
		const xml = await call('GET', api('doQuery', [...base, ['outputType', 'xml']]), { accept: 'text/xml' });
		expect(xml.headers.get('content-type')).toBe('text/xml');
		expect(xml.headers.get('content-disposition')).toBe('inline; filename=doQuery.xml');
		const xmlText = await xml.text();
		expect(xmlText.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<CdaExport><MetaData><ColumnMetaData index="0" type="String" name="CUSTOMERNAME"/>')).toBe(true);
		expect(xmlText).toContain('<Row><Col>Euro+ Shopping Channel</Col><Col>Spain</Col><Col>10000.5</Col></Row>');

		const html = await call('GET', api('doQuery', [...base, ['outputType', 'html']]), { accept: 'text/html' });
		expect(html.headers.get('content-disposition')).toBe('inline; filename=doQuery.html');
		expect(await html.text()).toContain('<th>CUSTOMERNAME</th>');

		const xls = await call('GET', api('doQuery', [...base, ['outputType', 'xls']]), { accept: 'application/msexcel' });
		expect(xls.headers.get('content-type')).toBe('application/msexcel');
		expect(xls.headers.get('content-disposition')).toBe('attachment; filename=cda-export.xls');
		const bytes = Buffer.from(await xls.arrayBuffer());
		expect(bytes.subarray(0, 8).toString('hex')).toBe('d0cf11e0a1b11ae1');
		expect(bytes.includes(Buffer.from('Euro+ Shopping Channel', 'latin1'))).toBe(true);
	});

	it('wrapItUp answers a UUID that unwrapQuery runs once', async () => {
		const wrap = await call('GET', api('doQuery', [...sales, ['wrapItUp', 'true'], ['paramregion', 'APAC']]));
		const uuid = await wrap.text();
		expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
		const unwrapped = await call('GET', api('unwrapQuery', [['path', SALES_CDA], ['uuid', uuid]]));
		expect(unwrapped.status).toBe(200);
		expect(unwrapped.headers.get('content-type')).toBe('application/json');
		expect(((await unwrapped.json()) as CdaJson).resultset[0][0]).toBe('APAC');
		await expectFailure(await call('GET', api('unwrapQuery', [['path', SALES_CDA], ['uuid', uuid]])));
	});

	it('every failure is a 500 without entity: the error page', async () => {
		await expectFailure(await call('GET', api('doQuery', [['path', SALES_CDA], ['dataAccessId', 'nope']])));
		await expectFailure(await call('GET', api('doQuery', [['path', '/public/missing.cda'], ['dataAccessId', 'x']])));
		await expectFailure(await call('GET', api('doQuery', [['dataAccessId', 'salesByRegion']])));
		await expectFailure(await call('GET', api('doQuery', [['path', SALES_CDA], ['dataAccessId', 'archive']])));
		await expectFailure(await call('GET', api('doQuery', [...sales, ['paramyear', 'twenty']])));
		await expectFailure(await call('GET', api('doQuery', [...sales, ['outputType', 'pdf']])));
		await expectFailure(await call('GET', api('doQuery', [...sales, ['outputIndexId', '2']])));
		await expectFailure(await call('GET', api('doQuery', [...sales, ['sortBy', 'SALES']])));
		// The dataAccessId defaults to "<blank>", which no file has.
		await expectFailure(await call('GET', api('doQuery', [['path', SALES_CDA]])));
	});

	it('406 when the Accept header allows none of the @Produces types', async () => {
		const response = await call('GET', api('doQuery', sales), { accept: 'image/png' });
		expect(response.status).toBe(406);
		expect(await response.text()).toContain('HTTP Status 406');
	});
});

describe('listQueries, listParameters, getCdaList', () => {
	it('listQueries: the public data accesses sorted by id, no queryInfo', async () => {
		const body = await json([['path', SALES_CDA]], 'listQueries');
		expect(body.metadata.map((m) => m.colName)).toEqual(['id', 'name', 'type']);
		expect(body.resultset).toEqual([
			['archive', 'Archived orders', 'sql'],
			['salesByRegion', 'Sales by region and year', 'sql'],
			['topCustomers', 'Top customers', 'sql'],
		]);
		expect(body.queryInfo).toBeUndefined();
		await expectFailure(await call('GET', api('listQueries')));
	});

	it('listParameters: name, type, defaultValue, pattern, access', async () => {
		const body = await json([['path', SALES_CDA], ['dataAccessId', 'salesByRegion']], 'listParameters');
		expect(body.metadata.map((m) => m.colName)).toEqual(['name', 'type', 'defaultValue', 'pattern', 'access']);
		expect(body.resultset).toEqual([
			['region', 'String', 'EMEA', null, 'public'],
			['year', 'Integer', '2004', null, 'public'],
		]);
		await expectFailure(await call('GET', api('listParameters', [['path', SALES_CDA]])));
	});

	it('a .cda uploaded to the repository is read (listed, but without data behind its queries)', async () => {
		const xml =
			'<?xml version="1.0" encoding="UTF-8"?><CDADescriptor><DataSources><Connection id="1" type="sql.jndi"><Jndi>SampleData</Jndi></Connection></DataSources>' +
			'<DataAccess id="q1" connection="1" type="sql" access="public"><Name>Uploaded</Name><Parameters><Parameter name="p" type="Integer" default="1"/></Parameters><Query>select 1</Query></DataAccess>' +
			'<DataAccess id="hidden" connection="1" type="sql" access="private"><Name>Hidden</Name><Query>select 2</Query></DataAccess></CDADescriptor>';
		await putRepositoryFile(emu().app, '/home/admin/mine.cda', xml, { owner: 'admin' });
		expect((await json([['path', '/home/admin/mine.cda']], 'listQueries')).resultset).toEqual([['q1', 'Uploaded', 'sql']]);
		expect((await json([['path', '/home/admin/mine.cda'], ['dataAccessId', 'q1']], 'listParameters')).resultset).toEqual([['p', 'Integer', '1', null, 'public']]);
		await expectFailure(await call('GET', api('doQuery', [['path', '/home/admin/mine.cda'], ['dataAccessId', 'q1']])));
		// suzy may not read admin's home: the file is not hers to query or list.
		await expectFailure(await call('GET', api('listQueries', [['path', '/home/admin/mine.cda']]), { user: 'suzy' }));
		const list = async (user: string) => ((await (await call('GET', api('getCdaList'), { user })).json()) as CdaJson).resultset.map((r) => r[1]);
		expect(await list('admin')).toEqual(expect.arrayContaining(['/home/admin/mine.cda', SALES_CDA, '/public/bench/bench.cda']));
		expect(await list('suzy')).not.toContain('/home/admin/mine.cda');
	});

	it('getCdaList sets the exporter type itself', async () => {
		const response = await call('GET', api('getCdaList', [['outputType', 'csv']]), { accept: 'application/json' });
		expect(response.headers.get('content-type')).toBe('text/csv');
		expect(response.headers.get('content-disposition')).toBe('attachment; filename=cda-export.csv');
		expect((await response.text()).split('\n')[0]).toBe('"name";"path"');
	});

	it('clearCache: administrators only', async () => {
		const ok = await call('GET', api('clearCache'));
		expect(await ok.text()).toBe('Cache Cleared Successfully');
		await expectFailure(await call('GET', api('clearCache'), { user: 'suzy' }), 403);
	});
});
