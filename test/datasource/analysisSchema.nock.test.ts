/**
 * The Data Source node's analysis schema operations: exact requests (the multipart upload included) and the items that come out.
 */
import nock from 'nock';

import { run } from '../harness';
import { BASE, node, credentials, basic, rl, fromList, jersey, parseMultipart, noCsrfToken, schemaItem } from './nockHelpers';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

describe('Data Source node, analysis schemas (nock)', () => {
	it('Get Many sends GET …/analysis/catalog and returns one item per catalog id', async () => {
		const scope = nock(BASE, { reqheaders: { authorization: basic, accept: 'application/json' } })
			.get('/plugin/data-access/api/datasource/analysis/catalog')
			.reply(200, jersey(['SampleData', 'SteelWheels']));
		const result = await run(node, { parameters: { resource: 'analysisSchema', operation: 'getAll', returnAll: true }, credentials });
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items.map((i) => i.json)).toEqual([{ catalogId: 'SampleData' }, { catalogId: 'SteelWheels' }]);
	});

	it('Download sends GET …/analysis/catalog/{id} and returns the file as binary data with the server’s name', async () => {
		const schema = '<?xml version="1.0"?><Schema name="SteelWheels"/>';
		const scope = nock(BASE, { reqheaders: { authorization: basic } })
			.get('/plugin/data-access/api/datasource/analysis/catalog/SteelWheels')
			.reply(200, schema, { 'Content-Type': 'text/xml', 'Content-Disposition': 'attachment; filename="SteelWheels.mondrian.xml"' });
		const result = await run(node, {
			parameters: { resource: 'analysisSchema', operation: 'download', catalog: fromList('SteelWheels'), binaryPropertyName: 'schema' },
			credentials,
		});
		expect(result.error).toBeUndefined();
		scope.done();
		const item = result.items[0];
		expect(item.json).toEqual({ catalogId: 'SteelWheels', fileName: 'SteelWheels.mondrian.xml', mimeType: 'text/xml' });
		expect(item.binary?.schema).toMatchObject({ fileName: 'SteelWheels.mondrian.xml', mimeType: 'text/xml' });
		expect(Buffer.from(item.binary!.schema.data, 'base64').toString('utf8')).toBe(schema);
	});

	it('Upload sends PUT …/analysis/catalog/{id} as multipart with every part the server binds', async () => {
		const schema = '<?xml version="1.0"?>\n<Schema name="Budget"><Cube name="B"/></Schema>\n';
		let contentType = '';
		let raw = Buffer.alloc(0);
		noCsrfToken();
		const scope = nock(BASE, { reqheaders: { authorization: basic } })
			.put('/plugin/data-access/api/datasource/analysis/catalog/Budget', (body) => {
				raw = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
				return true;
			})
			.reply(function () {
				contentType = String(this.req.headers['content-type']);
				return [201, ''];
			});

		const result = await run(node, {
			parameters: {
				resource: 'analysisSchema',
				operation: 'upload',
				catalog: rl('Budget'),
				binaryPropertyName: 'data',
				options: { overwrite: true, xmlaEnabledFlag: true },
				additionalFields: {
					schemaFileInfo: 'budget-v2.mondrian.xml',
					origCatalogName: 'Budget Old',
					datasourceName: 'SampleData',
					parameters: 'DataSource=SampleData;overwrite=true',
				},
			},
			credentials,
			input: [schemaItem(schema)],
		});

		expect(result.error).toBeUndefined();
		scope.done();
		expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
		const form = await parseMultipart(raw, contentType);
		expect(form.files).toEqual({ uploadInput: { fileName: 'budget-v2.mondrian.xml', mimeType: 'text/xml', content: schema } });
		// Only the parts AnalysisResource.putSchema binds; the chosen file name is the file part's name.
		expect(form.fields).toEqual({
			origCatalogName: 'Budget Old',
			datasourceName: 'SampleData',
			overwrite: 'true',
			xmlaEnabledFlag: 'true',
			parameters: 'DataSource=SampleData;overwrite=true',
		});
		expect(form.order).toEqual(['uploadInput', 'origCatalogName', 'datasourceName', 'overwrite', 'xmlaEnabledFlag', 'parameters']);
		expect(result.items.map((i) => i.json)).toEqual([{ catalogId: 'Budget', fileName: 'budget-v2.mondrian.xml', uploaded: true, statusCode: 201 }]);
	});

	it('Upload with defaults sends the binary file name and both switches as false', async () => {
		let contentType = '';
		let raw = Buffer.alloc(0);
		noCsrfToken();
		nock(BASE)
			.put('/plugin/data-access/api/datasource/analysis/catalog/Budget', (body) => {
				raw = Buffer.from(String(body));
				return true;
			})
			.reply(function () {
				contentType = String(this.req.headers['content-type']);
				return [201, ''];
			});
		const result = await run(node, {
			parameters: { resource: 'analysisSchema', operation: 'upload', catalog: rl('Budget'), additionalFields: { parameters: 'DataSource=SampleData' } },
			credentials,
			input: [schemaItem('<Schema name="Budget"/>', 'x.mondrian.xml')],
		});
		expect(result.error).toBeUndefined();
		const form = await parseMultipart(raw, contentType);
		expect(form.fields).toEqual({ overwrite: 'false', xmlaEnabledFlag: 'false', parameters: 'DataSource=SampleData' });
		expect(form.files.uploadInput.fileName).toBe('x.mondrian.xml');
	});

	it('Upload puts a Data Source Name into the parameters, where the server reads it', async () => {
		const sent: Array<Record<string, string>> = [];
		noCsrfToken(3);
		nock(BASE)
			.put(/analysis\/catalog\//)
			.times(3)
			.reply(async function (_uri, body) {
				sent.push((await parseMultipart(Buffer.from(String(body)), String(this.req.headers['content-type']))).fields);
				return [201, ''];
			});
		const upload = (additionalFields: Record<string, string>) =>
			run(node, { parameters: { resource: 'analysisSchema', operation: 'upload', catalog: rl('B'), options: { xmlaEnabledFlag: true }, additionalFields }, credentials, input: [schemaItem('<Schema name="B"/>')] });
		await upload({ datasourceName: "Sales; 'DW'" });
		await upload({ datasourceName: 'SampleData', parameters: 'EnableXmla=false;' });
		await upload({ datasourceName: 'SampleData', parameters: 'datasource=Other' });
		expect(sent.map((f) => f.parameters)).toEqual([
			"DataSource='Sales; ''DW''';EnableXmla=true;overwrite=false",
			'EnableXmla=false;DataSource=SampleData',
			'datasource=Other',
		]);
	});

	it('Upload sends the CSRF token and session cookie when the server gives one', async () => {
		nock(BASE)
			.get('/api/csrf/token')
			.query((q) => q.url === `${BASE}/plugin/data-access/api/datasource/analysis/catalog/B`)
			.reply(204, '', { 'X-CSRF-HEADER': 'X-CSRF-TOKEN', 'X-CSRF-TOKEN': 'tok-1', 'Set-Cookie': 'JSESSIONID=s1; Path=/pentaho; HttpOnly' });
		const scope = nock(BASE, { reqheaders: { 'x-csrf-token': 'tok-1', cookie: 'JSESSIONID=s1' } })
			.put('/plugin/data-access/api/datasource/analysis/catalog/B')
			.reply(201, '');
		const result = await run(node, { parameters: { resource: 'analysisSchema', operation: 'upload', catalog: rl('B'), additionalFields: { datasourceName: 'S' } }, credentials, input: [schemaItem('<Schema name="B"/>')] });
		expect(result.error).toBeUndefined();
		scope.done();
	});

	it('Upload failures carry the server’s text; Continue On Fail pairs one error item per failed item', async () => {
		noCsrfToken();
		nock(BASE)
			.put('/plugin/data-access/api/datasource/analysis/catalog/A')
			.reply(201, '')
			.put('/plugin/data-access/api/datasource/analysis/catalog/B')
			.reply(409, 'Content already exists (use overwrite flag to force)', { 'Content-Type': 'text/plain' })
			.put('/plugin/data-access/api/datasource/analysis/catalog/C')
			.reply(201, '');
		const input = ['A', 'B', 'C'].map((id) => ({ ...schemaItem(`<Schema name="${id}"/>`, `${id}.xml`), json: { id } }));
		const result = await run(node, {
			parameters: { resource: 'analysisSchema', operation: 'upload', catalog: rl('={{$json.id}}'), additionalFields: { datasourceName: 'SampleData' } },
			credentials,
			input,
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json)).toEqual([
			{ catalogId: 'A', fileName: 'A.xml', uploaded: true, statusCode: 201 },
			{ error: 'Content already exists (use overwrite flag to force)', details: expect.stringContaining('HTTP 409') },
			{ catalogId: 'C', fileName: 'C.xml', uploaded: true, statusCode: 201 },
		]);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	it('Delete sends DELETE …/analysis/catalog/{id}', async () => {
		const scope = nock(BASE, { reqheaders: { authorization: basic } }).delete('/plugin/data-access/api/datasource/analysis/catalog/SteelWheels').reply(200, '');
		const result = await run(node, { parameters: { resource: 'analysisSchema', operation: 'delete', catalog: rl('SteelWheels') }, credentials });
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items.map((i) => i.json)).toEqual([{ catalogId: 'SteelWheels', deleted: true }]);
	});
});
