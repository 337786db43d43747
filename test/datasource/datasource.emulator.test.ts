/**
 * The Data Source node against the emulator: the create → get → list → delete and
 * upload → list → download → delete sequences, wizard domains, "From List", and the refusals a
 * non-administrator gets.
 */
import { unzipSync } from 'fflate';
import type { INodeExecutionData } from 'n8n-workflow';

import type { DatasourceState } from '../../emulator/areas/datasource';
import { DataflowDataSource } from '../../nodes/DataSource/DataflowDataSource.node';
import { run } from '../harness';
import { useEmulator } from '../helpers/emulator';
import { listSearch } from './loadOptions';

const node = new DataflowDataSource();
const fixture = useEmulator();
const rl = (value: string) => ({ __rl: true, mode: 'list', value, cachedResultName: value });
const state = () => fixture.emulator.app.state.datasource as DatasourceState;
const bytesOf = (item: INodeExecutionData, field = 'data') => Buffer.from(item.binary![field].data, 'base64');

const connectionParameters = {
	resource: 'jdbcConnection',
	operation: 'createOrUpdate',
	connection: rl('Warehouse'),
	specifyConnection: 'fields',
	databaseType: 'POSTGRESQL',
	accessType: 'NATIVE',
	hostname: 'pg.example.com',
	databaseName: 'warehouse',
	databasePort: '6432',
	username: 'etl',
	password: 'Etl-Pa55!',
	additionalFields: { extraOptions: { entry: [{ name: 'ssl', value: 'true' }] } },
};

describe('Data Source node against the emulator', () => {
	it('JDBC: create → get → list → update → delete', async () => {
		const server = fixture.server();
		const created = await run(node, { parameters: connectionParameters, credentials: { dataflowServerApi: server } });
		expect(created.error).toBeUndefined();
		expect(created.items.map((i) => i.json)).toEqual([{ name: 'Warehouse', modified: true }]);
		expect(state().connections.find((c) => c.name === 'Warehouse')?.password).toBe('Etl-Pa55!');

		const got = await run(node, { parameters: { resource: 'jdbcConnection', operation: 'get', connection: rl('Warehouse') }, credentials: { dataflowServerApi: server } });
		expect(got.error).toBeUndefined();
		expect(got.items[0].json).toMatchObject({
			name: 'Warehouse',
			hostname: 'pg.example.com',
			databaseName: 'warehouse',
			databasePort: '6432',
			username: 'etl',
			password: null,
			usingConnectionPool: true,
			initialPoolSize: 0,
			extraOptions: { 'POSTGRESQL.ssl': 'true' },
			databaseType: { shortName: 'POSTGRESQL', defaultDatabasePort: 5432 },
		});

		const list = await run(node, { parameters: { resource: 'jdbcConnection', operation: 'getAll', returnAll: true }, credentials: { dataflowServerApi: server } });
		expect(list.items.map((i) => i.json.name)).toEqual(['SampleData', 'SalesDW', 'baseball connection', 'Warehouse']);

		// The same connection again: the server changes nothing.
		const again = await run(node, { parameters: connectionParameters, credentials: { dataflowServerApi: server } });
		expect(again.items.map((i) => i.json)).toEqual([{ name: 'Warehouse', modified: false }]);
		// An update without a password keeps the stored one.
		const updated = await run(node, {
			parameters: { ...connectionParameters, hostname: 'pg2.example.com', password: '' },
			credentials: { dataflowServerApi: server },
		});
		expect(updated.items.map((i) => i.json)).toEqual([{ name: 'Warehouse', modified: true }]);
		expect(state().connections.find((c) => c.name === 'Warehouse')).toMatchObject({ hostname: 'pg2.example.com', password: 'Etl-Pa55!' });

		const deleted = await run(node, { parameters: { resource: 'jdbcConnection', operation: 'delete', connection: rl('Warehouse') }, credentials: { dataflowServerApi: server } });
		expect(deleted.items.map((i) => i.json)).toEqual([{ name: 'Warehouse', deleted: true }]);
		const gone = await run(node, { parameters: { resource: 'jdbcConnection', operation: 'delete', connection: rl('Warehouse') }, credentials: { dataflowServerApi: server } });
		expect(gone.items.map((i) => i.json)).toEqual([{ name: 'Warehouse', deleted: false }]);
		const missing = await run(node, { parameters: { resource: 'jdbcConnection', operation: 'get', connection: rl('Warehouse') }, credentials: { dataflowServerApi: server } });
		expect(missing.error?.httpCode).toBe('500');
		expect(missing.error?.message).toBe('The server could not read the connection "Warehouse": it answers this way when no connection has that name');
	});

	it('analysis schema: upload → list → download returns the same bytes → delete', async () => {
		const server = fixture.server();
		const schema = Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<Schema name="Budget">\n  <!-- ü € -->\n  <Cube name="Budget"><Table name="BUDGET"/></Cube>\n</Schema>\n', 'utf8');
		const uploaded = await run(node, {
			parameters: {
				resource: 'analysisSchema',
				operation: 'upload',
				catalog: rl('Budget'),
				xmlaEnabledFlag: true,
				additionalFields: { datasourceName: 'SampleData', parameters: 'DataSource=SampleData' },
			},
			credentials: { dataflowServerApi: server },
			input: [{ json: {}, binary: { data: { data: schema.toString('base64'), mimeType: 'text/xml', fileName: 'budget.mondrian.xml' } } }],
		});
		expect(uploaded.error).toBeUndefined();
		expect(uploaded.items.map((i) => i.json)).toEqual([{ catalogId: 'Budget', fileName: 'budget.mondrian.xml', uploaded: true, statusCode: 201 }]);
		expect(state().uploads[state().uploads.length - 1].fields).toEqual({
			schemaFileInfo: 'budget.mondrian.xml',
			datasourceName: 'SampleData',
			overwrite: 'false',
			xmlaEnabledFlag: 'true',
			parameters: 'DataSource=SampleData',
		});

		const list = await run(node, { parameters: { resource: 'analysisSchema', operation: 'getAll', returnAll: true }, credentials: { dataflowServerApi: server } });
		expect(list.items.map((i) => i.json.catalogId)).toEqual(['SampleData', 'SteelWheels', 'Budget']);

		const downloaded = await run(node, { parameters: { resource: 'analysisSchema', operation: 'download', catalog: rl('Budget') }, credentials: { dataflowServerApi: server } });
		expect(downloaded.error).toBeUndefined();
		expect(downloaded.items[0].json).toEqual({ catalogId: 'Budget', fileName: 'Budget.mondrian.xml', mimeType: 'text/xml' });
		expect(bytesOf(downloaded.items[0]).equals(schema)).toBe(true);

		// Uploading again without Overwrite: the server's 409 text is the error.
		const conflict = await run(node, {
			parameters: { resource: 'analysisSchema', operation: 'upload', catalog: rl('Budget') },
			credentials: { dataflowServerApi: server },
			input: [{ json: {}, binary: { data: { data: schema.toString('base64'), mimeType: 'text/xml', fileName: 'budget.mondrian.xml' } } }],
		});
		expect(conflict.error?.message).toMatch(/already exists/);
		expect(conflict.error?.httpCode).toBe('409');

		const deleted = await run(node, { parameters: { resource: 'analysisSchema', operation: 'delete', catalog: rl('Budget') }, credentials: { dataflowServerApi: server } });
		expect(deleted.items.map((i) => i.json)).toEqual([{ catalogId: 'Budget', deleted: true }]);
		expect(state().catalogs.some((c) => c.id === 'Budget')).toBe(false);
	});

	it('analysis schema with several files downloads as a zip', async () => {
		const downloaded = await run(node, {
			parameters: { resource: 'analysisSchema', operation: 'download', catalog: rl('SteelWheels'), binaryPropertyName: 'archive' },
			credentials: { dataflowServerApi: fixture.server() },
		});
		expect(downloaded.items[0].json).toEqual({ catalogId: 'SteelWheels', fileName: 'SteelWheels.zip', mimeType: 'application/zip' });
		expect(Object.keys(unzipSync(new Uint8Array(bytesOf(downloaded.items[0], 'archive')))).sort()).toEqual(['SteelWheels.mondrian.xml', 'annotations.xml']);
	});

	it('wizard domains: list → download (XMI, and a zip) → delete', async () => {
		const server = fixture.server();
		const list = await run(node, { parameters: { resource: 'dswDomain', operation: 'getAll', returnAll: true }, credentials: { dataflowServerApi: server } });
		expect(list.items.map((i) => i.json)).toEqual([{ domainId: 'sales_model.xmi' }, { domainId: 'inventory.xmi' }]);

		const xmi = await run(node, { parameters: { resource: 'dswDomain', operation: 'download', domain: rl('sales_model.xmi') }, credentials: { dataflowServerApi: server } });
		expect(xmi.items[0].json).toEqual({ domainId: 'sales_model.xmi', fileName: 'sales_model.xmi', mimeType: 'text/xml' });
		expect(bytesOf(xmi.items[0]).equals(state().domains[0].files['sales_model.xmi'])).toBe(true);

		const zip = await run(node, { parameters: { resource: 'dswDomain', operation: 'download', domain: rl('inventory.xmi') }, credentials: { dataflowServerApi: server } });
		expect(zip.items[0].json).toEqual({ domainId: 'inventory.xmi', fileName: 'inventory.zip', mimeType: 'application/zip' });

		const deleted = await run(node, { parameters: { resource: 'dswDomain', operation: 'delete', domain: rl('sales_model.xmi') }, credentials: { dataflowServerApi: server } });
		expect(deleted.items.map((i) => i.json)).toEqual([{ domainId: 'sales_model.xmi', deleted: true }]);
		expect(state().domains.map((d) => d.id)).toEqual(['inventory.xmi']);
	});

	it('"From List" offers the server’s connections, catalogs and domains', async () => {
		const credentials = { dataflowServerApi: fixture.server() };
		expect((await listSearch(node, 'searchConnections', credentials, 'sa')).results.map((r) => r.value)).toEqual(['SalesDW', 'SampleData']);
		expect((await listSearch(node, 'searchCatalogs', credentials)).results.map((r) => r.value)).toEqual(['SampleData', 'SteelWheels']);
		expect((await listSearch(node, 'searchDomains', credentials)).results.map((r) => r.value)).toEqual(['inventory.xmi']);
	});

	it('a non-administrator is refused with a clear message, and nothing changes', async () => {
		const suzy = { dataflowServerApi: fixture.server({ user: 'suzy' }) };
		const create = await run(node, { parameters: { ...connectionParameters, connection: rl('Suzys') }, credentials: suzy });
		expect(create.error?.message).toMatch(/may not manage data sources/);
		expect(create.error?.httpCode).toBe('401');
		expect(state().connections.some((c) => c.name === 'Suzys')).toBe(false);

		const remove = await run(node, { parameters: { resource: 'jdbcConnection', operation: 'delete', connection: rl('SampleData') }, credentials: suzy });
		expect(remove.items.map((i) => i.json)).toEqual([{ name: 'SampleData', deleted: false }]);
		expect(state().connections.some((c) => c.name === 'SampleData')).toBe(true);

		const upload = await run(node, {
			parameters: { resource: 'analysisSchema', operation: 'upload', catalog: rl('Theirs') },
			credentials: suzy,
			input: [{ json: {}, binary: { data: { data: Buffer.from('<Schema name="t"/>').toString('base64'), mimeType: 'text/xml', fileName: 't.xml' } } }],
		});
		expect(upload.error?.message).toMatch(/may not publish analysis schemas/);
		expect(upload.error?.httpCode).toBe('403');

		const download = await run(node, { parameters: { resource: 'dswDomain', operation: 'download', domain: rl('inventory.xmi') }, credentials: suzy });
		expect(download.error?.message).toMatch(/may not manage data sources/);

		// Lists stay open to everyone.
		const list = await run(node, { parameters: { resource: 'jdbcConnection', operation: 'getAll', returnAll: true }, credentials: suzy });
		expect(list.error).toBeUndefined();
		expect(list.items.length).toBeGreaterThan(0);
	});
});
