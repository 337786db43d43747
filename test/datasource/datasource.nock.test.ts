/**
 * The Data Source node's exact requests (method, path, query, headers, body) for all 11
 * operations and the "From List" searches, and the items that come out.
 */
import busboy from 'busboy';
import nock from 'nock';
import { Readable } from 'node:stream';
import type { INodeExecutionData } from 'n8n-workflow';

import { DataflowDataSource } from '../../nodes/DataSource/DataflowDataSource.node';
import { run, SERVER_PASSWORD, serverCredentials } from '../harness';
import { listSearch } from './loadOptions';

const HOST = 'http://bi.test';
const BASE = `${HOST}/pentaho`;
const DS = '/pentaho/plugin/data-access/api/datasource';
const node = new DataflowDataSource();
const credentials = { dataflowServerApi: serverCredentials(BASE) };
const basic = `Basic ${Buffer.from(`admin:${SERVER_PASSWORD}`).toString('base64')}`;

const rl = (value: string) => ({ __rl: true, mode: 'name', value });
const fromList = (value: string) => ({ __rl: true, mode: 'list', value, cachedResultName: value });

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

function jersey(names: string[]) {
	return { Item: names.map((name) => ({ '@type': 'xs:string', $: name })) };
}

/** Parses a multipart body as the server would. */
async function parseMultipart(body: Buffer, contentType: string) {
	return await new Promise<{ fields: Record<string, string>; files: Record<string, { fileName: string; mimeType: string; content: string }>; order: string[] }>(
		(resolve, reject) => {
			const fields: Record<string, string> = {};
			const files: Record<string, { fileName: string; mimeType: string; content: string }> = {};
			const order: string[] = [];
			const parser = busboy({ headers: { 'content-type': contentType } });
			parser.on('field', (name, value) => {
				order.push(name);
				fields[name] = value;
			});
			parser.on('file', (name, stream, info) => {
				order.push(name);
				const chunks: Buffer[] = [];
				stream.on('data', (c: Buffer) => chunks.push(c));
				stream.on('end', () => (files[name] = { fileName: info.filename, mimeType: info.mimeType, content: Buffer.concat(chunks).toString('utf8') }));
			});
			parser.on('close', () => resolve({ fields, files, order }));
			parser.on('error', reject);
			Readable.from([body]).pipe(parser);
		},
	);
}

/** Answers any request to the host and counts them: bad input must leave the count at 0. */
function countRequests(): { count: () => number } {
	let count = 0;
	const scope = nock(HOST).persist();
	for (const method of ['get', 'put', 'post', 'delete'] as const) {
		scope[method](/.*/).reply(() => {
			count++;
			return [204, ''];
		});
	}
	return { count: () => count };
}

const JDBC = '/plugin/data-access/api/datasource/jdbc/connection';

/** The reads before a write of a connection the server does not have: GET one answers an empty 500, the list lacks it. */
function newConnection(encodedName: string, others: string[] = ['SampleData']) {
	return nock(BASE).get(`${JDBC}/${encodedName}`).reply(500, '').get(JDBC).reply(200, jersey(others));
}

/** The CSRF token service of a server with protection off: 204 without a token. */
function noCsrfToken(times = 1) {
	return nock(BASE).get('/api/csrf/token').query(true).times(times).reply(204, '');
}

/** Every output key of a connection, in order (the same on every server version). */
const CONNECTION_KEYS = [
	'id', 'name', 'databaseType', 'accessType', 'accessTypeValue', 'hostname', 'databaseName', 'databasePort', 'username', 'password',
	'connectSql', 'dataTablespace', 'indexTablespace', 'informixServername', 'SQLServerInstance', 'streamingResults', 'quoteAllFields',
	'changed', 'usingDoubleDecimalAsSchemaTableSeparator', 'forcingIdentifiersToLowerCase', 'forcingIdentifiersToUpperCase',
	'usingConnectionPool', 'partitioned', 'initialPoolSize', 'maximumPoolSize', 'extraOptions', 'extraOptionsOrder', 'attributes',
	'connectionPoolingProperties', 'partitioningInformation',
];

function schemaItem(content: string, fileName = 'budget.mondrian.xml'): INodeExecutionData {
	return { json: {}, binary: { data: { data: Buffer.from(content).toString('base64'), mimeType: 'text/xml', fileName } } };
}

describe('Data Source node, JDBC connections (nock)', () => {
	it('Get Many sends GET …/jdbc/connection asking for JSON and returns one item per name', async () => {
		const scope = nock(BASE, { reqheaders: { authorization: basic, accept: 'application/json' } })
			.get('/plugin/data-access/api/datasource/jdbc/connection')
			.reply(200, jersey(['AgileBI', 'SampleData', 'baseball connection']), { 'Content-Type': 'application/json' });

		const result = await run(node, { parameters: { resource: 'jdbcConnection', operation: 'getAll', returnAll: true }, credentials });

		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items.map((i) => i.json)).toEqual([{ name: 'AgileBI' }, { name: 'SampleData' }, { name: 'baseball connection' }]);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 0 }, { item: 0 }]);
	});

	it.each([
		['XML <List><Item>', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><List xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xs="http://www.w3.org/2001/XMLSchema"><Item xsi:type="xs:string">A</Item><Item xsi:type="xs:string">B &amp; C</Item></List>', 'application/xml', ['A', 'B & C']],
		['Jackson JSON', JSON.stringify({ Item: ['A', 'B'] }), 'application/json', ['A', 'B']],
		['Jersey JSON with one item', JSON.stringify({ Item: { '@type': 'xs:string', $: 'Only' } }), 'application/json', ['Only']],
		['Jersey JSON of an empty list', '{}', 'application/json', []],
		['an empty XML list', '<?xml version="1.0"?><List/>', 'application/xml', []],
	])('Get Many reads %s', async (_label, body, contentType, names) => {
		nock(BASE).get(`/plugin/data-access/api/datasource/jdbc/connection`).reply(200, body, { 'Content-Type': contentType });
		const result = await run(node, { parameters: { resource: 'jdbcConnection', operation: 'getAll', returnAll: true }, credentials });
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json.name)).toEqual(names);
	});

	it('Get Many stops at the limit', async () => {
		nock(BASE).get('/plugin/data-access/api/datasource/jdbc/connection').reply(200, jersey(['a', 'b', 'c']));
		const result = await run(node, { parameters: { resource: 'jdbcConnection', operation: 'getAll', returnAll: false, limit: 2 }, credentials });
		expect(result.items.map((i) => i.json.name)).toEqual(['a', 'b']);
	});

	it('Get sends GET …/jdbc/connection/{name} (encoded once) and types the bean, leaving the password as sent', async () => {
		const scope = nock(BASE, { reqheaders: { authorization: basic, accept: 'application/json' } })
			.get('/plugin/data-access/api/datasource/jdbc/connection/baseball%20connection')
			.reply(200, {
				id: '00ac4db3',
				name: 'baseball connection',
				hostname: 'localhost',
				databaseName: 'baseball',
				databasePort: '3306',
				username: 'fan',
				password: 'Encrypted 2be98afc86aa7f2e4cb79ce10be85acd7',
				usingConnectionPool: 'true',
				quoteAllFields: 'false',
				initialPoolSize: '0',
				maximumPoolSize: '10',
				accessType: 'NATIVE',
				extraOptions: { 'MYSQL.defaultFetchSize': '500' },
				databaseType: { name: 'MySQL', shortName: 'MYSQL', defaultDatabasePort: '3306', supportedAccessTypes: 'NATIVE' },
			});

		const result = await run(node, {
			parameters: { resource: 'jdbcConnection', operation: 'get', connection: fromList('baseball connection') },
			credentials,
		});

		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items).toHaveLength(1);
		expect(Object.keys(result.items[0].json)).toEqual(CONNECTION_KEYS);
		expect(result.items[0].json).toMatchObject({
			id: '00ac4db3',
			name: 'baseball connection',
			hostname: 'localhost',
			databaseName: 'baseball',
			databasePort: 3306,
			username: 'fan',
			password: 'Encrypted 2be98afc86aa7f2e4cb79ce10be85acd7',
			usingConnectionPool: true,
			quoteAllFields: false,
			streamingResults: null,
			initialPoolSize: 0,
			maximumPoolSize: 10,
			accessType: 'NATIVE',
			extraOptions: { 'MYSQL.defaultFetchSize': '500' },
			attributes: {},
			partitioningInformation: [],
			databaseType: { name: 'MySQL', shortName: 'MYSQL', defaultDatabasePort: 3306, supportedAccessTypes: ['NATIVE'], defaultOptions: null },
		});
	});

	it.each([
		[
			'flexjson (9.3 to 11.0): no lists, SQLServerInstance',
			{ name: 'M', databasePort: '1433', SQLServerInstance: 'SQLEXPRESS', usingConnectionPool: true, databaseType: { name: 'MS SQL Server', shortName: 'MSSQL', defaultDatabasePort: 1433 } },
		],
		[
			'Jackson (11.1+): lists, sqlserverInstance',
			{ name: 'M', databasePort: '1433', sqlserverInstance: 'SQLEXPRESS', usingConnectionPool: true, partitioningInformation: null, databaseType: { name: 'MS SQL Server', shortName: 'MSSQL', defaultDatabasePort: 1433, supportedAccessTypes: ['NATIVE', 'ODBC', 'JNDI'] } },
		],
	])('Get gives the same item for a bean written by %s', async (_label, bean) => {
		nock(BASE).get(`${JDBC}/M`).reply(200, bean);
		const result = await run(node, { parameters: { resource: 'jdbcConnection', operation: 'get', connection: rl('M') }, credentials });
		expect(Object.keys(result.items[0].json)).toEqual(CONNECTION_KEYS);
		expect(result.items[0].json).toMatchObject({
			databasePort: 1433,
			SQLServerInstance: 'SQLEXPRESS',
			partitioningInformation: [],
			databaseType: { shortName: 'MSSQL', supportedAccessTypes: ['NATIVE', 'ODBC', 'JNDI'] },
		});
		expect(result.items[0].json).not.toHaveProperty('sqlserverInstance');
	});

	it('Get keeps a port given as a variable as text', async () => {
		nock(BASE).get(`${JDBC}/V`).reply(200, { name: 'V', databasePort: '${DB_PORT}' });
		const result = await run(node, { parameters: { resource: 'jdbcConnection', operation: 'get', connection: rl('V') }, credentials });
		expect(result.items[0].json.databasePort).toBe('${DB_PORT}');
	});

	it('Get reads an XML bean: root unwrapped, nil password as null, JAXB maps as objects', async () => {
		nock(BASE)
			.get('/plugin/data-access/api/datasource/jdbc/connection/SampleData')
			.reply(
				200,
				'<?xml version="1.0"?><databaseConnection xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><name>SampleData</name><password xsi:nil="true"/><usingConnectionPool>true</usingConnectionPool><extraOptions><entry><key>HYPERSONIC.a</key><value>1</value></entry><entry><key>HYPERSONIC.b</key><value>2</value></entry></extraOptions><attributes/></databaseConnection>',
				{ 'Content-Type': 'application/xml' },
			);
		const result = await run(node, { parameters: { resource: 'jdbcConnection', operation: 'get', connection: rl('SampleData') }, credentials });
		expect(result.error).toBeUndefined();
		expect(Object.keys(result.items[0].json)).toEqual(CONNECTION_KEYS);
		expect(result.items[0].json).toMatchObject({
			name: 'SampleData',
			password: null,
			usingConnectionPool: true,
			extraOptions: { 'HYPERSONIC.a': '1', 'HYPERSONIC.b': '2' },
			attributes: {},
		});
	});

	it('Create or Update sends PUT …/jdbc/connection/{name} with the JSON connection built from the fields', async () => {
		let sent: unknown;
		const reads = newConnection('Sales%20DB');
		const scope = nock(BASE, { reqheaders: { authorization: basic, 'content-type': 'application/json' } })
			.put('/plugin/data-access/api/datasource/jdbc/connection/Sales%20DB', (body) => {
				sent = body;
				return true;
			})
			.reply(204);

		const result = await run(node, {
			parameters: {
				resource: 'jdbcConnection',
				operation: 'createOrUpdate',
				connection: rl('Sales DB'),
				specifyConnection: 'fields',
				databaseType: 'POSTGRESQL',
				accessType: 'NATIVE',
				hostname: 'db.example.com',
				databaseName: 'sales',
				databasePort: '',
				username: 'reporting',
				password: 'Pg-Secret-1',
				additionalFields: {
					usingConnectionPool: true,
					initialPoolSize: 2,
					maximumPoolSize: 20,
					connectSql: 'SET search_path TO sales',
					extraOptions: { entry: [{ name: 'ssl', value: 'true' }, { name: 'POSTGRESQL.sslmode', value: 'require' }] },
					connectionPoolingProperties: { entry: [{ name: 'validationQuery', value: 'SELECT 1' }] },
				},
			},
			credentials,
		});

		expect(result.error).toBeUndefined();
		scope.done();
		reads.done();
		expect(sent).toEqual({
			name: 'Sales DB',
			databaseType: { name: 'PostgreSQL', shortName: 'POSTGRESQL', defaultDatabasePort: 5432, supportedAccessTypes: ['NATIVE', 'ODBC', 'JNDI'] },
			accessType: 'NATIVE',
			hostname: 'db.example.com',
			databaseName: 'sales',
			databasePort: '5432',
			username: 'reporting',
			password: 'Pg-Secret-1',
			usingConnectionPool: true,
			initialPoolSize: 2,
			maximumPoolSize: 20,
			connectSql: 'SET search_path TO sales',
			extraOptions: { 'POSTGRESQL.ssl': 'true', 'POSTGRESQL.sslmode': 'require' },
			connectionPoolingProperties: { validationQuery: 'SELECT 1' },
		});
		expect(result.items.map((i) => i.json)).toEqual([{ name: 'Sales DB', created: true, modified: true }]);
		// The password is never echoed.
		expect(JSON.stringify(result.items)).not.toContain('Pg-Secret-1');
	});

	it('Create or Update leaves out an empty password (the server keeps the stored one) and reports 304 as not modified', async () => {
		let sent: Record<string, unknown> = {};
		newConnection('Jndi');
		nock(BASE)
			.put('/plugin/data-access/api/datasource/jdbc/connection/Jndi', (body) => {
				sent = body as Record<string, unknown>;
				return true;
			})
			.reply(304);
		const result = await run(node, {
			parameters: {
				resource: 'jdbcConnection',
				operation: 'createOrUpdate',
				connection: rl('Jndi'),
				databaseType: 'ORACLE',
				accessType: 'JNDI',
				databaseName: 'jdbc/Warehouse',
				username: '',
				password: '',
			},
			credentials,
		});
		expect(result.error).toBeUndefined();
		expect(sent).toEqual({
			name: 'Jndi',
			databaseType: { name: 'Oracle', shortName: 'ORACLE', defaultDatabasePort: 1521, supportedAccessTypes: ['NATIVE', 'ODBC', 'OCI', 'JNDI'] },
			accessType: 'JNDI',
			hostname: '',
			databaseName: 'jdbc/Warehouse',
			databasePort: '',
			username: '',
			usingConnectionPool: true,
			extraOptions: {},
		});
		expect(result.items.map((i) => i.json)).toEqual([{ name: 'Jndi', created: true, modified: false }]);
	});

	it('Create or Update in JSON mode sends the given connection, with the name filled in', async () => {
		let sent: unknown;
		newConnection('Raw');
		nock(BASE, { reqheaders: { 'content-type': 'application/json' } })
			.put('/plugin/data-access/api/datasource/jdbc/connection/Raw', (body) => {
				sent = body;
				return true;
			})
			.reply(204);
		const connection = { databaseType: { name: 'H2', shortName: 'H2' }, accessType: 'NATIVE', hostname: 'h', databaseName: 'mem:x', attributes: { X: '1' } };
		const result = await run(node, {
			parameters: { resource: 'jdbcConnection', operation: 'createOrUpdate', connection: rl('Raw'), specifyConnection: 'json', connectionJson: JSON.stringify(connection) },
			credentials,
		});
		expect(result.error).toBeUndefined();
		expect(sent).toEqual({ ...connection, name: 'Raw' });
		expect(result.items[0].json).toEqual({ name: 'Raw', created: true, modified: true });
	});

	it('a bare 401 on Create or Update says the user may not manage data sources', async () => {
		// n8n sends a request that answered 401 once more before giving up.
		newConnection('X');
		nock(BASE).put('/plugin/data-access/api/datasource/jdbc/connection/X').times(2).reply(401);
		const result = await run(node, {
			parameters: { resource: 'jdbcConnection', operation: 'createOrUpdate', connection: rl('X'), databaseType: 'MYSQL', accessType: 'NATIVE', hostname: 'h', databaseName: 'd' },
			credentials,
		});
		expect(result.error?.message).toMatch(/may not manage data sources/);
		expect(result.error?.httpCode).toBe('401');
	});

	it.each([
		[204, true],
		[304, false],
	])('Delete sends DELETE …/jdbc/connection/{name}; %s → deleted %s', async (status, deleted) => {
		const scope = nock(BASE, { reqheaders: { authorization: basic } })
			.delete('/plugin/data-access/api/datasource/jdbc/connection/Old%2FConn')
			.reply(status);
		const result = await run(node, { parameters: { resource: 'jdbcConnection', operation: 'delete', connection: rl('Old/Conn') }, credentials });
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items.map((i) => i.json)).toEqual([{ name: 'Old/Conn', deleted }]);
	});
});

describe('Data Source node, JDBC statuses the real code produces (nock)', () => {
	it('Delete: an empty 500 (no such connection, or not allowed) is explained', async () => {
		nock(BASE).delete(`${JDBC}/Gone`).reply(500, '');
		const result = await run(node, { parameters: { resource: 'jdbcConnection', operation: 'delete', connection: rl('Gone') }, credentials });
		expect([result.error?.httpCode, result.error?.message]).toEqual([
			'500',
			'The server could not remove the connection "Gone": it answers this way when no connection has that name or this user may not manage data sources',
		]);
	});

	it('Get Many: an empty 500 is explained (the user may not manage data sources)', async () => {
		nock(BASE).get(JDBC).reply(500, '');
		const result = await run(node, { parameters: { resource: 'jdbcConnection', operation: 'getAll', returnAll: true }, credentials });
		expect(result.error?.message).toMatch(/may not manage data sources/);
	});

	it('Get Many reads a Jersey 1 "null" answer for no connections', async () => {
		nock(BASE).get(JDBC).reply(200, 'null', { 'Content-Type': 'application/json' });
		const result = await run(node, { parameters: { resource: 'jdbcConnection', operation: 'getAll', returnAll: true }, credentials });
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([]);
	});

	it('Create or Update in JSON mode takes a Get item of another server: derived fields and nulls are not sent back', async () => {
		let sent: Record<string, unknown> = {};
		newConnection('Copy');
		nock(BASE)
			.put(`${JDBC}/Copy`, (body) => {
				sent = body as Record<string, unknown>;
				return true;
			})
			.reply(204);
		const item = {
			id: 'abc', name: 'Copy', accessType: 'NATIVE', accessTypeValue: 'NATIVE', hostname: 'h', databaseName: 'd', databasePort: 5432,
			username: 'u', password: null, connectSql: null, SQLServerInstance: null, usingConnectionPool: true, partitioningInformation: [],
			extraOptions: {}, databaseType: { name: 'PostgreSQL', shortName: 'POSTGRESQL', defaultDatabasePort: 5432, defaultOptions: null, supportedAccessTypes: ['NATIVE'] },
		};
		const result = await run(node, {
			parameters: { resource: 'jdbcConnection', operation: 'createOrUpdate', connection: rl('Copy'), specifyConnection: 'json', connectionJson: JSON.stringify(item) },
			credentials,
		});
		expect(result.error).toBeUndefined();
		expect(sent).toEqual({
			name: 'Copy', accessType: 'NATIVE', hostname: 'h', databaseName: 'd', databasePort: '5432', username: 'u', usingConnectionPool: true, extraOptions: {},
			databaseType: { name: 'PostgreSQL', shortName: 'POSTGRESQL', defaultDatabasePort: 5432, supportedAccessTypes: ['NATIVE'] },
		});
	});

	it('Create or Update of an existing connection that cannot be read changes nothing', async () => {
		nock(BASE).get(`${JDBC}/SampleData`).reply(500, '').get(JDBC).reply(200, jersey(['SampleData']));
		const puts = nock(BASE).put(`${JDBC}/SampleData`).reply(204);
		const result = await run(node, {
			parameters: { resource: 'jdbcConnection', operation: 'createOrUpdate', connection: rl('SampleData'), hostname: 'h2' },
			credentials,
		});
		expect(result.error?.message).toBe('The server could not read the connection "SampleData" to update it, so nothing was changed');
		expect(puts.isDone()).toBe(false);
	});

	it('Create or Update of an existing connection sends it back whole with only the named fields changed, without the password', async () => {
		const stored = {
			id: 'abc',
			name: 'SampleData',
			accessType: 'NATIVE',
			accessTypeValue: 'NATIVE',
			hostname: 'localhost',
			databaseName: 'SampleData',
			databasePort: '9001',
			username: 'pentaho_user',
			password: null,
			connectSql: '',
			SQLServerInstance: null,
			usingConnectionPool: true,
			maximumPoolSize: 20,
			initialPoolSize: 0,
			extraOptions: { 'HYPERSONIC.x': '1' },
			attributes: { PORT_NUMBER: '9001' },
			connectionPoolingProperties: {},
			databaseType: { name: 'Hypersonic', shortName: 'HYPERSONIC', defaultDatabasePort: 9001, extraOptionsHelpUrl: 'u' },
		};
		let sent: Record<string, unknown> = {};
		nock(BASE).get(`${JDBC}/SampleData`).reply(200, stored);
		nock(BASE)
			.put(`${JDBC}/SampleData`, (body) => {
				sent = body as Record<string, unknown>;
				return true;
			})
			.reply(204);
		const result = await run(node, {
			parameters: {
				resource: 'jdbcConnection',
				operation: 'createOrUpdate',
				connection: rl('SampleData'),
				databasePort: '9002',
				additionalFields: { extraOptions: { entry: [{ name: 'y', value: '2' }] } },
			},
			credentials,
		});
		expect(result.error).toBeUndefined();
		expect(sent).toEqual({
			name: 'SampleData',
			accessType: 'NATIVE',
			hostname: 'localhost',
			databaseName: 'SampleData',
			databasePort: '9002',
			username: 'pentaho_user',
			connectSql: '',
			usingConnectionPool: true,
			maximumPoolSize: 20,
			initialPoolSize: 0,
			extraOptions: { 'HYPERSONIC.x': '1', 'HYPERSONIC.y': '2' },
			extraOptionsOrder: {},
			attributes: { PORT_NUMBER: '9002' },
			connectionPoolingProperties: {},
			databaseType: { name: 'Hypersonic', shortName: 'HYPERSONIC', defaultDatabasePort: 9001, extraOptionsHelpUrl: 'u', supportedAccessTypes: ['NATIVE', 'ODBC', 'JNDI'] },
		});
		expect(result.items.map((i) => i.json)).toEqual([{ name: 'SampleData', created: false, modified: true }]);
	});
});

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
				overwrite: true,
				xmlaEnabledFlag: true,
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
			run(node, { parameters: { resource: 'analysisSchema', operation: 'upload', catalog: rl('B'), xmlaEnabledFlag: true, additionalFields }, credentials, input: [schemaItem('<Schema name="B"/>')] });
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

describe('Data Source node, data source wizard domains (nock)', () => {
	it('Get Many sends GET …/dsw/domain and returns one item per domain id', async () => {
		const scope = nock(BASE, { reqheaders: { authorization: basic, accept: 'application/json' } })
			.get('/plugin/data-access/api/datasource/dsw/domain')
			.reply(200, jersey(['sales_model.xmi', 'inventory.xmi']));
		const result = await run(node, { parameters: { resource: 'dswDomain', operation: 'getAll', returnAll: true }, credentials });
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items.map((i) => i.json)).toEqual([{ domainId: 'sales_model.xmi' }, { domainId: 'inventory.xmi' }]);
	});

	it('Download sends GET …/dsw/domain/{id} and keeps a zip as the server sends it', async () => {
		const zip = Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);
		const scope = nock(BASE, { reqheaders: { authorization: basic } })
			.get('/plugin/data-access/api/datasource/dsw/domain/inventory.xmi')
			.reply(200, zip, { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="inventory.zip"' });
		const result = await run(node, { parameters: { resource: 'dswDomain', operation: 'download', domain: rl('inventory.xmi') }, credentials });
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items[0].json).toEqual({ domainId: 'inventory.xmi', fileName: 'inventory.zip', mimeType: 'application/zip' });
		expect(Buffer.from(result.items[0].binary!.data.data, 'base64').equals(zip)).toBe(true);
	});

	it('Download of a single XMI without a file name is named after the domain', async () => {
		nock(BASE).get('/plugin/data-access/api/datasource/dsw/domain/sales').reply(200, '<xmi:XMI/>', { 'Content-Type': 'text/plain' });
		const result = await run(node, { parameters: { resource: 'dswDomain', operation: 'download', domain: rl('sales') }, credentials });
		expect(result.items[0].json).toEqual({ domainId: 'sales', fileName: 'sales.xmi', mimeType: 'application/xml' });
	});

	it('Delete sends DELETE …/dsw/domain/{id}; a bare 401 says the user may not manage data sources', async () => {
		const scope = nock(BASE, { reqheaders: { authorization: basic } }).delete('/plugin/data-access/api/datasource/dsw/domain/sales_model.xmi').reply(200, '');
		const ok = await run(node, { parameters: { resource: 'dswDomain', operation: 'delete', domain: rl('sales_model.xmi') }, credentials });
		expect(ok.error).toBeUndefined();
		scope.done();
		expect(ok.items.map((i) => i.json)).toEqual([{ domainId: 'sales_model.xmi', deleted: true }]);

		nock(BASE).delete('/plugin/data-access/api/datasource/dsw/domain/x.xmi').times(2).reply(401);
		const refused = await run(node, { parameters: { resource: 'dswDomain', operation: 'delete', domain: rl('x.xmi') }, credentials });
		expect(refused.error?.message).toMatch(/may not manage data sources/);
	});
});

describe('Data Source node, bad input and errors (nock)', () => {
	it.each([
		['an empty connection', { resource: 'jdbcConnection', operation: 'get', connection: rl('  ') }, /Connection is empty/],
		['an impossible port', { resource: 'jdbcConnection', operation: 'createOrUpdate', connection: rl('C'), databaseType: 'MYSQL', accessType: 'NATIVE', hostname: 'h', databaseName: 'd', databasePort: '99999' }, /not a port number/],
		['a database type without the access type', { resource: 'jdbcConnection', operation: 'createOrUpdate', connection: rl('C'), databaseType: 'MYSQL', accessType: 'OCI' }, /does not support the access type OCI/],
		['pool sizes the wrong way round', { resource: 'jdbcConnection', operation: 'createOrUpdate', connection: rl('C'), databaseType: 'MYSQL', accessType: 'NATIVE', hostname: 'h', databaseName: 'd', additionalFields: { initialPoolSize: 5, maximumPoolSize: 2 } }, /larger than Maximum/],
		['invalid JSON', { resource: 'jdbcConnection', operation: 'createOrUpdate', connection: rl('C'), specifyConnection: 'json', connectionJson: '{"name": ' }, /not valid JSON/],
		['JSON with a database type that is not an object', { resource: 'jdbcConnection', operation: 'createOrUpdate', connection: rl('C'), specifyConnection: 'json', connectionJson: '{"databaseType": "MYSQL"}' }, /databaseType/],
		['an .xmi upload', { resource: 'analysisSchema', operation: 'upload', catalog: rl('C'), additionalFields: { schemaFileInfo: 'model.xmi', datasourceName: 'S' } }, /metadata model/],
		['a schema named for another catalog', { resource: 'analysisSchema', operation: 'upload', catalog: rl('C'), overwrite: true, additionalFields: { datasourceName: 'S' } }, /The schema names its catalog "s" \(<Schema name="s">\): the server would publish it as "s", not as "C"/],
		['an upload without a data source', { resource: 'analysisSchema', operation: 'upload', catalog: rl('s'), overwrite: true, additionalFields: { parameters: 'EnableXmla=true' } }, /Data Source Name is empty/],
		['an empty catalog', { resource: 'analysisSchema', operation: 'download', catalog: fromList(' ') }, /Catalog is empty/],
		['an empty domain', { resource: 'dswDomain', operation: 'delete', domain: rl('  ') }, /Domain is empty/],
	])('%s fails before any request', async (_label, parameters, message) => {
		const requests = countRequests();
		const result = await run(node, {
			parameters,
			credentials,
			input: [schemaItem('<Schema name="s"/>'), schemaItem('<Schema name="s"/>')],
		});
		expect(result.error?.message).toMatch(message);
		expect(requests.count()).toBe(0);
	});

	it.each([
		['a native connection without host', { databaseType: 'MYSQL', accessType: 'NATIVE', hostname: '', databaseName: 'd' }, 'The connection "C" does not exist yet: Host is empty: a native (JDBC) connection needs the database host'],
		['no database type', { databaseType: '', hostname: 'h', databaseName: 'd' }, 'The connection "C" does not exist yet: Database Type is empty: a new connection needs its database type'],
		['no database name', { databaseType: 'MYSQL', hostname: 'h' }, 'The connection "C" does not exist yet: Database Name is empty'],
		['JSON without a database type', { specifyConnection: 'json', connectionJson: '{"hostname": "h"}' }, expect.stringMatching(/^The connection "C" does not exist yet and Connection \(JSON\) has no "databaseType"/)],
	])('a new connection with %s fails after the reads, before anything is written', async (_label, fields, message) => {
		newConnection('C');
		const puts = nock(BASE).put(`${JDBC}/C`).reply(204);
		const result = await run(node, { parameters: { resource: 'jdbcConnection', operation: 'createOrUpdate', connection: rl('C'), ...fields }, credentials });
		expect(result.error?.message).toEqual(message);
		expect(puts.isDone()).toBe(false);
	});

	it('an upload without the binary field fails before any request', async () => {
		const requests = countRequests();
		const result = await run(node, { parameters: { resource: 'analysisSchema', operation: 'upload', catalog: rl('C') }, credentials, input: [{ json: {} }] });
		expect(result.error?.message).toMatch(/binary/i);
		expect(requests.count()).toBe(0);
	});

	it('a bad second item stops the run before the first item is sent', async () => {
		const requests = countRequests();
		const result = await run(node, {
			parameters: { resource: 'jdbcConnection', operation: 'get', connection: rl('={{$json.name}}') },
			credentials,
			input: [{ json: { name: 'A' } }, { json: { name: '' } }],
		});
		expect(result.error?.message).toMatch(/Connection is empty/);
		expect(result.error?.context?.itemIndex).toBe(1);
		expect(requests.count()).toBe(0);
	});

	it('Continue On Fail pairs errors of Get with their items', async () => {
		nock(BASE)
			.get('/plugin/data-access/api/datasource/jdbc/connection/A')
			.reply(200, { name: 'A' })
			.get('/plugin/data-access/api/datasource/jdbc/connection/B')
			.reply(500, '')
			.get('/plugin/data-access/api/datasource/jdbc/connection/C')
			.reply(200, { name: 'C' });
		const result = await run(node, {
			parameters: { resource: 'jdbcConnection', operation: 'get', connection: rl('={{$json.name}}') },
			credentials,
			input: [{ json: { name: 'A' } }, { json: { name: 'B' } }, { json: { name: '' } }, { json: { name: 'C' } }],
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json)).toEqual([
			expect.objectContaining({ name: 'A', databasePort: null }),
			{
				error: 'The server could not read the connection "B": it answers this way when no connection has that name or this user may not manage data sources',
				details: 'HTTP 500 from GET /plugin/data-access/api/datasource/jdbc/connection/B',
			},
			{ error: expect.stringMatching(/Connection is empty/) },
			expect.objectContaining({ name: 'C' }),
		]);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }, { item: 3 }]);
	});
});

describe('Data Source node, "From List" searches (nock)', () => {
	it.each([
		['searchConnections', 'jdbc/connection'],
		['searchCatalogs', 'analysis/catalog'],
		['searchDomains', 'dsw/domain'],
	])('%s lists …/%s, filtered by what is typed and sorted', async (method, path) => {
		const scope = nock(BASE, { reqheaders: { authorization: basic, accept: 'application/json' } })
			.get(`/plugin/data-access/api/datasource/${path}`)
			.reply(200, jersey(['Sales', 'audit', 'SALES_2', 'Other']));
		const result = await listSearch(node, method, credentials, 'sal');
		scope.done();
		expect(result).toEqual({ results: [{ name: 'Sales', value: 'Sales' }, { name: 'SALES_2', value: 'SALES_2' }] });
	});

	it('an empty filter lists everything', async () => {
		nock(BASE).get(`${DS.replace('/pentaho', '')}/jdbc/connection`).reply(200, jersey(['b', 'a']));
		expect((await listSearch(node, 'searchConnections', credentials)).results.map((r) => r.value)).toEqual(['a', 'b']);
	});
});
