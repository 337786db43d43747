/**
 * The Data Source node's JDBC connection operations: exact requests and the items that come out, and the statuses the real code produces.
 */
import nock from 'nock';

import { run } from '../harness';
import { BASE, node, credentials, basic, rl, fromList, jersey, JDBC, newConnection, capturePut, CONNECTION_KEYS, CONNECTION_KEYS_WITH_PASSWORD } from './nockHelpers';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

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
			parameters: { resource: 'jdbcConnection', operation: 'get', connection: fromList('baseball connection'), options: { includePassword: true } },
			credentials,
		});

		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items).toHaveLength(1);
		expect(Object.keys(result.items[0].json)).toEqual(CONNECTION_KEYS_WITH_PASSWORD);
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

	it('Get leaves the password out unless Include Password: the "Encrypted …" form is a fixed-key obfuscation, not a protection', async () => {
		nock(BASE).get(`${JDBC}/P`).twice().reply(200, { name: 'P', username: 'fan', password: 'Encrypted 2be98afc86aa7f2e4cb79ce10be85acd7' });
		const plain = await run(node, { parameters: { resource: 'jdbcConnection', operation: 'get', connection: rl('P') }, credentials });
		expect(plain.error).toBeUndefined();
		expect(Object.keys(plain.items[0].json)).toEqual(CONNECTION_KEYS);
		expect(JSON.stringify(plain.items)).not.toContain('Encrypted');
		const asked = await run(node, { parameters: { resource: 'jdbcConnection', operation: 'get', connection: rl('P'), options: { includePassword: true } }, credentials });
		expect(asked.items[0].json.password).toBe('Encrypted 2be98afc86aa7f2e4cb79ce10be85acd7');
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
		const result = await run(node, { parameters: { resource: 'jdbcConnection', operation: 'get', connection: rl('SampleData'), options: { includePassword: true } }, credentials });
		expect(result.error).toBeUndefined();
		expect(Object.keys(result.items[0].json)).toEqual(CONNECTION_KEYS_WITH_PASSWORD);
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
				additionalFields: {
					hostname: 'db.example.com',
					databaseName: 'sales',
					databasePort: '',
					username: 'reporting',
					password: 'Pg-Secret-1',
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
		newConnection('Jndi');
		const sent = capturePut('Jndi', 304);
		const result = await run(node, {
			parameters: {
				resource: 'jdbcConnection',
				operation: 'createOrUpdate',
				connection: rl('Jndi'),
				databaseType: 'ORACLE',
				accessType: 'JNDI',
				additionalFields: { databaseName: 'jdbc/Warehouse', username: '', password: '' },
			},
			credentials,
		});
		expect(result.error).toBeUndefined();
		expect(sent()).toEqual({
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

	it('Create or Update uses Host and Port (Additional Fields) only for a native connection or Keep Current, as when they were shown only then', async () => {
		newConnection('Odbc');
		const sent = capturePut('Odbc', 204);
		const result = await run(node, {
			parameters: {
				resource: 'jdbcConnection',
				operation: 'createOrUpdate',
				connection: rl('Odbc'),
				databaseType: 'MYSQL',
				accessType: 'ODBC',
				additionalFields: { databaseName: 'SalesDSN', hostname: 'left.example.com', databasePort: '3307' },
			},
			credentials,
		});
		expect(result.error).toBeUndefined();
		expect(sent()).toMatchObject({ accessType: 'ODBC', hostname: '', databaseName: 'SalesDSN', databasePort: '' });
	});

	it('Create or Update in JSON mode sends the given connection, with the name filled in', async () => {
		newConnection('Raw');
		const sent = capturePut('Raw', 204, { 'content-type': 'application/json' });
		const connection = { databaseType: { name: 'H2', shortName: 'H2' }, accessType: 'NATIVE', hostname: 'h', databaseName: 'mem:x', attributes: { X: '1' } };
		const result = await run(node, {
			parameters: { resource: 'jdbcConnection', operation: 'createOrUpdate', connection: rl('Raw'), specifyConnection: 'json', connectionJson: JSON.stringify(connection) },
			credentials,
		});
		expect(result.error).toBeUndefined();
		expect(sent()).toEqual({ ...connection, name: 'Raw' });
		expect(result.items[0].json).toEqual({ name: 'Raw', created: true, modified: true });
	});

	it('a bare 401 on Create or Update says the user may not manage data sources', async () => {
		// n8n sends a request that answered 401 once more before giving up.
		newConnection('X');
		nock(BASE).put('/plugin/data-access/api/datasource/jdbc/connection/X').times(2).reply(401);
		const result = await run(node, {
			parameters: { resource: 'jdbcConnection', operation: 'createOrUpdate', connection: rl('X'), databaseType: 'MYSQL', accessType: 'NATIVE', additionalFields: { hostname: 'h', databaseName: 'd' } },
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
		newConnection('Copy');
		const sent = capturePut('Copy', 204);
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
		expect(sent()).toEqual({
			name: 'Copy', accessType: 'NATIVE', hostname: 'h', databaseName: 'd', databasePort: '5432', username: 'u', usingConnectionPool: true, extraOptions: {},
			databaseType: { name: 'PostgreSQL', shortName: 'POSTGRESQL', defaultDatabasePort: 5432, supportedAccessTypes: ['NATIVE'] },
		});
	});

	it('Create or Update of an existing connection that cannot be read changes nothing', async () => {
		nock(BASE).get(`${JDBC}/SampleData`).reply(500, '').get(JDBC).reply(200, jersey(['SampleData']));
		const puts = nock(BASE).put(`${JDBC}/SampleData`).reply(204);
		const result = await run(node, {
			parameters: { resource: 'jdbcConnection', operation: 'createOrUpdate', connection: rl('SampleData'), additionalFields: { hostname: 'h2' } },
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
		nock(BASE).get(`${JDBC}/SampleData`).reply(200, stored);
		const sent = capturePut('SampleData', 204);
		const result = await run(node, {
			parameters: {
				resource: 'jdbcConnection',
				operation: 'createOrUpdate',
				connection: rl('SampleData'),
				additionalFields: { databasePort: '9002', extraOptions: { entry: [{ name: 'y', value: '2' }] } },
			},
			credentials,
		});
		expect(result.error).toBeUndefined();
		expect(sent()).toEqual({
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
