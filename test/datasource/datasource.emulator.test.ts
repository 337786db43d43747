/**
 * The Data Source node against the emulator, on every server profile (9.3, 10.2, 11.0): the same
 * output items whatever the version (typed port and booleans, every field present), read → merge →
 * write updates that keep what the user did not name, the analysis import as the server reads it
 * (file name on the file part, data source in the parameters), wizard domains, "From List", the
 * refusals a non-administrator gets, and the CSRF gate on and off.
 */
import { unzipSync } from 'fflate';
import type { INodeExecutionData } from 'n8n-workflow';

import type { DatasourceState } from '../../emulator/areas/datasource';
import { DataflowDataSource } from '../../nodes/DataSource/DataflowDataSource.node';
import { run } from '../harness';
import { useEmulator } from '../helpers/emulator';
import { describeEachProfile } from '../helpers/profiles';
import { listSearch } from './loadOptions';

const node = new DataflowDataSource();
const rl = (value: string) => ({ __rl: true, mode: 'list', value, cachedResultName: value });
const bytesOf = (item: INodeExecutionData, field = 'data') => Buffer.from(item.binary![field].data, 'base64');
const schemaInput = (content: string | Buffer, fileName = 'budget.mondrian.xml') => [
	{ json: {}, binary: { data: { data: Buffer.from(content).toString('base64'), mimeType: 'text/xml', fileName } } },
];

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

/** The output of Get for the Warehouse connection: the same keys and types on every server version. */
const WAREHOUSE = {
	name: 'Warehouse',
	databaseType: {
		name: 'PostgreSQL',
		shortName: 'POSTGRESQL',
		defaultDatabasePort: 5432,
		extraOptionsHelpUrl: null,
		defaultDatabaseName: null,
		defaultOptions: null,
		supportedAccessTypes: ['NATIVE', 'ODBC', 'JNDI'],
	},
	accessType: 'NATIVE',
	accessTypeValue: 'NATIVE',
	hostname: 'pg.example.com',
	databaseName: 'warehouse',
	databasePort: 6432,
	username: 'etl',
	connectSql: null,
	dataTablespace: null,
	indexTablespace: null,
	informixServername: null,
	SQLServerInstance: null,
	streamingResults: false,
	quoteAllFields: false,
	changed: false,
	usingDoubleDecimalAsSchemaTableSeparator: false,
	forcingIdentifiersToLowerCase: false,
	forcingIdentifiersToUpperCase: false,
	usingConnectionPool: true,
	initialPoolSize: 0,
	maximumPoolSize: 0,
	partitioned: false,
	extraOptions: { 'POSTGRESQL.ssl': 'true' },
	extraOptionsOrder: {},
	attributes: {},
	connectionPoolingProperties: {},
	partitioningInformation: [],
};

describeEachProfile('Data Source node against the emulator', (profile) => {
	const fixture = useEmulator({ profile });
	const state = () => fixture.emulator.app.state.datasource as DatasourceState;
	const admin = () => ({ dataflowServerApi: fixture.server() });

	it('JDBC: create → get (typed, every field) → list → delete; a missing one fails clearly', async () => {
		const created = await run(node, { parameters: connectionParameters, credentials: admin() });
		expect(created.error).toBeUndefined();
		expect(created.items.map((i) => i.json)).toEqual([{ name: 'Warehouse', created: true, modified: true }]);
		expect(state().connections.find((c) => c.name === 'Warehouse')?.password).toBe('Etl-Pa55!');
		expect(state().jdbcPuts.at(-1)?.ignoredFields).toEqual([]);

		const got = await run(node, { parameters: { resource: 'jdbcConnection', operation: 'get', connection: rl('Warehouse') }, credentials: admin() });
		expect(got.error).toBeUndefined();
		const { id, ...rest } = got.items[0].json;
		expect(typeof id).toBe('string');
		expect(rest).toEqual(WAREHOUSE);

		const list = await run(node, { parameters: { resource: 'jdbcConnection', operation: 'getAll', returnAll: true }, credentials: admin() });
		expect(list.items.map((i) => i.json.name)).toEqual(['SampleData', 'SalesDW', 'baseball connection', 'Warehouse']);

		const deleted = await run(node, { parameters: { resource: 'jdbcConnection', operation: 'delete', connection: rl('Warehouse') }, credentials: admin() });
		expect(deleted.items.map((i) => i.json)).toEqual([{ name: 'Warehouse', deleted: true }]);
		const gone = await run(node, { parameters: { resource: 'jdbcConnection', operation: 'delete', connection: rl('Warehouse') }, credentials: admin() });
		expect(gone.error?.message).toBe(
			'The server could not remove the connection "Warehouse": it answers this way when no connection has that name or this user may not manage data sources',
		);
		const missing = await run(node, { parameters: { resource: 'jdbcConnection', operation: 'get', connection: rl('Warehouse') }, credentials: admin() });
		expect(missing.error?.httpCode).toBe('500');
		expect(missing.error?.message).toMatch(/^The server could not read the connection "Warehouse": it answers this way when no connection has that name/);
	});

	it('JDBC update: changing one field keeps every other one (read, merge, write)', async () => {
		const before = structuredClone(state().connections.find((c) => c.name === 'SalesDW'));
		const updated = await run(node, {
			parameters: { resource: 'jdbcConnection', operation: 'createOrUpdate', connection: rl('SalesDW'), specifyConnection: 'fields', hostname: 'db2.example.com' },
			credentials: admin(),
		});
		expect(updated.error).toBeUndefined();
		expect(updated.items.map((i) => i.json)).toEqual([{ name: 'SalesDW', created: false, modified: true }]);
		const after = state().connections.find((c) => c.name === 'SalesDW');
		expect(after).toEqual({ ...before, hostname: 'db2.example.com' });
		// The password was not sent (it cannot be read back); the server kept the stored one.
		expect(state().jdbcPuts.at(-1)?.body).not.toHaveProperty('password');
		expect(after?.password).toBe('Rep0rting!');
	});

	it('JDBC update in JSON mode replaces only the fields the JSON names', async () => {
		const before = structuredClone(state().connections.find((c) => c.name === 'baseball connection'));
		const updated = await run(node, {
			parameters: {
				resource: 'jdbcConnection',
				operation: 'createOrUpdate',
				connection: rl('baseball connection'),
				specifyConnection: 'json',
				connectionJson: JSON.stringify({ databaseName: 'baseball2', maximumPoolSize: 5 }),
			},
			credentials: admin(),
		});
		expect(updated.error).toBeUndefined();
		expect(state().connections.find((c) => c.name === 'baseball connection')).toEqual({ ...before, databaseName: 'baseball2', maximumPoolSize: 5 });
	});

	it('JDBC: a new connection without a database type fails before anything is written', async () => {
		const puts = state().jdbcPuts.length;
		const result = await run(node, {
			parameters: { resource: 'jdbcConnection', operation: 'createOrUpdate', connection: rl('Fresh'), specifyConnection: 'fields', hostname: 'h', databaseName: 'd' },
			credentials: admin(),
		});
		expect(result.error?.message).toBe('The connection "Fresh" does not exist yet: Database Type is empty: a new connection needs its database type');
		expect(state().jdbcPuts.length).toBe(puts);
	});

	it('analysis: upload sends only bound parts (file name on the file part, data source in the parameters) → list → download → delete', async () => {
		const schema = '<?xml version="1.0" encoding="UTF-8"?>\n<Schema name="Budget">\n  <!-- ü € -->\n  <Cube name="Budget"><Table name="BUDGET"/></Cube>\n</Schema>\n';
		const uploaded = await run(node, {
			parameters: {
				resource: 'analysisSchema',
				operation: 'upload',
				catalog: rl('Budget'),
				xmlaEnabledFlag: true,
				additionalFields: { datasourceName: 'SampleData', schemaFileInfo: 'budget-v2.mondrian.xml' },
			},
			credentials: admin(),
			input: schemaInput(schema),
		});
		expect(uploaded.error).toBeUndefined();
		expect(uploaded.items.map((i) => i.json)).toEqual([{ catalogId: 'Budget', fileName: 'budget-v2.mondrian.xml', uploaded: true, statusCode: 201 }]);
		const upload = state().uploads.at(-1);
		expect(upload?.ignoredFields).toEqual([]);
		expect(upload?.file?.fileName).toBe('budget-v2.mondrian.xml');
		expect(upload?.fields).toEqual({
			datasourceName: 'SampleData',
			overwrite: 'false',
			xmlaEnabledFlag: 'true',
			parameters: 'DataSource=SampleData;EnableXmla=true;overwrite=false',
		});
		expect(state().catalogs.find((c) => c.id === 'Budget')?.datasourceName).toBe('SampleData');

		const list = await run(node, { parameters: { resource: 'analysisSchema', operation: 'getAll', returnAll: true }, credentials: admin() });
		expect(list.items.map((i) => i.json.catalogId)).toEqual(['SampleData', 'SteelWheels', 'Budget']);

		const downloaded = await run(node, { parameters: { resource: 'analysisSchema', operation: 'download', catalog: rl('Budget') }, credentials: admin() });
		expect(downloaded.items[0].json).toEqual({ catalogId: 'Budget', fileName: 'Budget.mondrian.xml', mimeType: 'text/xml' });
		expect(bytesOf(downloaded.items[0]).toString('utf8')).toBe(schema);

		const conflict = await run(node, { parameters: { resource: 'analysisSchema', operation: 'upload', catalog: rl('Budget'), additionalFields: { datasourceName: 'SampleData' } }, credentials: admin(), input: schemaInput(schema) });
		expect(conflict.error?.httpCode).toBe('409');
		expect(conflict.error?.message).toMatch(/already exists/);

		const deleted = await run(node, { parameters: { resource: 'analysisSchema', operation: 'delete', catalog: rl('Budget') }, credentials: admin() });
		expect(deleted.items.map((i) => i.json)).toEqual([{ catalogId: 'Budget', deleted: true }]);
		const missing = await run(node, { parameters: { resource: 'analysisSchema', operation: 'download', catalog: rl('Budget') }, credentials: admin() });
		expect([missing.error?.httpCode, missing.error?.message]).toEqual(['400', 'The server has no analysis catalog "Budget" (it answered 400)']);
		const again = await run(node, { parameters: { resource: 'analysisSchema', operation: 'delete', catalog: rl('Budget') }, credentials: admin() });
		expect(again.error?.message).toMatch(/could not remove the analysis catalog "Budget"/);
	});

	it('analysis schema with several files downloads as a zip', async () => {
		const downloaded = await run(node, {
			parameters: { resource: 'analysisSchema', operation: 'download', catalog: rl('SteelWheels'), binaryPropertyName: 'archive' },
			credentials: admin(),
		});
		expect(downloaded.items[0].json).toEqual({ catalogId: 'SteelWheels', fileName: 'SteelWheels.zip', mimeType: 'application/zip' });
		expect(Object.keys(unzipSync(new Uint8Array(bytesOf(downloaded.items[0], 'archive')))).sort()).toEqual(['SteelWheels.mondrian.xml', 'annotations.xml']);
	});

	it('wizard domains: list → download (XMI, and a zip) → delete; a missing one fails clearly', async () => {
		const list = await run(node, { parameters: { resource: 'dswDomain', operation: 'getAll', returnAll: true }, credentials: admin() });
		expect(list.items.map((i) => i.json)).toEqual([{ domainId: 'sales_model.xmi' }, { domainId: 'inventory.xmi' }]);
		const xmi = await run(node, { parameters: { resource: 'dswDomain', operation: 'download', domain: rl('sales_model.xmi') }, credentials: admin() });
		expect(xmi.items[0].json).toEqual({ domainId: 'sales_model.xmi', fileName: 'sales_model.xmi', mimeType: 'text/xml' });
		expect(bytesOf(xmi.items[0]).equals(state().domains[0].files['sales_model.xmi'])).toBe(true);
		const zip = await run(node, { parameters: { resource: 'dswDomain', operation: 'download', domain: rl('inventory.xmi') }, credentials: admin() });
		expect(zip.items[0].json).toEqual({ domainId: 'inventory.xmi', fileName: 'inventory.zip', mimeType: 'application/zip' });
		const deleted = await run(node, { parameters: { resource: 'dswDomain', operation: 'delete', domain: rl('sales_model.xmi') }, credentials: admin() });
		expect(deleted.items.map((i) => i.json)).toEqual([{ domainId: 'sales_model.xmi', deleted: true }]);
		const missing = await run(node, { parameters: { resource: 'dswDomain', operation: 'download', domain: rl('sales_model.xmi') }, credentials: admin() });
		expect(missing.error?.message).toBe('The server could not export the domain "sales_model.xmi": it answers this way when no domain has that ID');
	});

	it('"From List" offers the server’s connections, catalogs and domains', async () => {
		expect((await listSearch(node, 'searchConnections', admin(), 'sa')).results.map((r) => r.value)).toEqual(['SalesDW', 'SampleData']);
		expect((await listSearch(node, 'searchCatalogs', admin())).results.map((r) => r.value)).toEqual(['SampleData', 'SteelWheels']);
		expect((await listSearch(node, 'searchDomains', admin())).results.map((r) => r.value)).toEqual(['inventory.xmi']);
	});

	it('a non-administrator is refused with a clear message, and nothing changes', async () => {
		const suzy = { dataflowServerApi: fixture.server({ user: 'suzy' }) };
		const create = await run(node, { parameters: { ...connectionParameters, connection: rl('Suzys') }, credentials: suzy });
		expect(create.error?.message).toMatch(/may not manage data sources/);
		expect(state().connections.some((c) => c.name === 'Suzys')).toBe(false);

		const remove = await run(node, { parameters: { resource: 'jdbcConnection', operation: 'delete', connection: rl('SampleData') }, credentials: suzy });
		expect(remove.error?.message).toMatch(/may not manage data sources/);
		expect(state().connections.some((c) => c.name === 'SampleData')).toBe(true);

		const list = await run(node, { parameters: { resource: 'jdbcConnection', operation: 'getAll', returnAll: true }, credentials: suzy });
		expect(list.error?.message).toMatch(/may not manage data sources/);

		const upload = await run(node, { parameters: { resource: 'analysisSchema', operation: 'upload', catalog: rl('Theirs'), additionalFields: { datasourceName: 'SampleData' } }, credentials: suzy, input: schemaInput('<Schema name="Theirs"/>', 't.xml') });
		expect([upload.error?.httpCode, upload.error?.message]).toEqual(['403', 'Access Denied']);

		const download = await run(node, { parameters: { resource: 'dswDomain', operation: 'download', domain: rl('inventory.xmi') }, credentials: suzy });
		expect(download.error?.message).toMatch(/may not manage data sources/);

		// Catalog and domain lists stay open to everyone.
		const catalogs = await run(node, { parameters: { resource: 'analysisSchema', operation: 'getAll', returnAll: true }, credentials: suzy });
		expect(catalogs.error).toBeUndefined();
	});
});

describe('Data Source node: the connection as 11.1+ writes it (Jackson) comes out the same', () => {
	const fixture = useEmulator({ seed: { datasource: { connectionJson: 'jackson' } } });
	it('same keys and types as with flexjson', async () => {
		await run(node, { parameters: connectionParameters, credentials: { dataflowServerApi: fixture.server() } });
		const got = await run(node, { parameters: { resource: 'jdbcConnection', operation: 'get', connection: rl('Warehouse') }, credentials: { dataflowServerApi: fixture.server() } });
		const { id: _id, ...rest } = got.items[0].json;
		expect(rest).toEqual(WAREHOUSE);
	});
});

describe('Data Source node: a server that hands out passwords (10.2+, encrypted or plain by setting)', () => {
	const fixture = useEmulator({ profile: '11.0', seed: { datasource: { passwordMode: 'encrypt' } } });
	it('Get leaves the password out unless Include Password', async () => {
		const credentials = { dataflowServerApi: fixture.server() };
		await run(node, { parameters: connectionParameters, credentials });
		const got = await run(node, { parameters: { resource: 'jdbcConnection', operation: 'get', connection: rl('Warehouse') }, credentials });
		expect(got.error).toBeUndefined();
		expect(got.items[0].json).not.toHaveProperty('password');
		const asked = await run(node, { parameters: { resource: 'jdbcConnection', operation: 'get', connection: rl('Warehouse'), options: { includePassword: true } }, credentials });
		expect(asked.items[0].json.password).toMatch(/^Encrypted [0-9a-f]+$/);
	});
});

describe('Data Source node: analysis import with CSRF protection', () => {
	const schema = '<?xml version="1.0"?><Schema name="Guarded"><Cube name="C"/></Schema>';
	const upload = { resource: 'analysisSchema', operation: 'upload', catalog: rl('Guarded'), overwrite: true, additionalFields: { datasourceName: 'SampleData' } };

	describe('protection on, the real plugin set (the import path is not in it)', () => {
		const fixture = useEmulator({ csrf: true });
		it('imports', async () => {
			const result = await run(node, { parameters: upload, credentials: { dataflowServerApi: fixture.server() }, input: schemaInput(schema) });
			expect(result.error).toBeUndefined();
			expect(result.items[0].json.statusCode).toBe(201);
		});
	});

	describe('protection on, with the import path added to the set', () => {
		const fixture = useEmulator({ csrf: true, seed: { datasource: { csrfOnImports: true } } });
		it('imports with the session’s token and cookie, asked once for several items', async () => {
			fixture.resetRequests();
			const result = await run(node, { parameters: upload, credentials: { dataflowServerApi: fixture.server() }, input: [...schemaInput(schema), ...schemaInput(schema)] });
			expect(result.error).toBeUndefined();
			expect(result.items.map((i) => i.json.statusCode)).toEqual([201, 201]);
			expect(fixture.requests().filter((r) => r.includes('/api/csrf/token'))).toHaveLength(1);
		});
	});

	describe('protection off', () => {
		const fixture = useEmulator();
		it('imports (the token service answers without a token)', async () => {
			const result = await run(node, { parameters: upload, credentials: { dataflowServerApi: fixture.server() }, input: schemaInput(schema) });
			expect(result.error).toBeUndefined();
			expect(result.items[0].json.statusCode).toBe(201);
		});
	});
});

describe('Data Source node: "From List" for a user who may not manage data sources', () => {
	const fixture = useEmulator({ profile: '9.3' });
	it('says why the connection list is refused', async () => {
		await expect(listSearch(node, 'searchConnections', { dataflowServerApi: fixture.server({ user: 'suzy' }) })).rejects.toThrow(/may not manage data sources/);
	});
});
