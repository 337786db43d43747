/**
 * JDBC connections against the emulator on every server profile: the same typed item whatever the
 * version (flexjson or Jackson), read → merge → write updates that keep what the user did not name,
 * passwords left out unless asked for.
 */
import { poolLogin, type DatasourceState } from '../../emulator/areas/datasource';
import { run } from '../harness';
import { useEmulator } from '../helpers/emulator';
import { describeEachProfile } from '../helpers/profiles';
import { connectionParameters, node, rl, WAREHOUSE } from './emulatorHelpers';

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
			parameters: { resource: 'jdbcConnection', operation: 'createOrUpdate', connection: rl('SalesDW'), specifyConnection: 'fields', additionalFields: { hostname: 'db2.example.com' } },
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
			parameters: { resource: 'jdbcConnection', operation: 'createOrUpdate', connection: rl('Fresh'), specifyConnection: 'fields', additionalFields: { hostname: 'h', databaseName: 'd' } },
			credentials: admin(),
		});
		expect(result.error?.message).toBe('The connection "Fresh" does not exist yet: Database Type is empty: a new connection needs its database type');
		expect(state().jdbcPuts.length).toBe(puts);
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

describe('Data Source node: names the server could never find again', () => {
	const fixture = useEmulator({ profile: '11.0' });
	it('refuses to create a connection whose name holds & < > " or a non-ASCII letter (looked up HTML-escaped, stored as given)', async () => {
		const credentials = { dataflowServerApi: fixture.server() };
		const state = () => fixture.emulator.app.state.datasource as DatasourceState;
		const puts = state().jdbcPuts.length;
		for (const name of ['Sales & Marketing', 'Zürich DWH']) {
			const refused = await run(node, { parameters: { ...connectionParameters, connection: rl(name) }, credentials });
			expect(refused.error?.message).toMatch(/would store the connection but never find it again by name/);
		}
		expect(state().jdbcPuts.length).toBe(puts);
		// What the node refuses is what the server really does with such a name: listed, never found again.
		await fetch(`${fixture.emulator.url}/plugin/data-access/api/datasource/jdbc/connection/${encodeURIComponent('A&B')}`, {
			method: 'PUT',
			headers: { 'Content-Type': 'application/json', Authorization: `Basic ${Buffer.from('admin:password').toString('base64')}` },
			body: JSON.stringify({ name: 'A&B', databaseType: { name: 'PostgreSQL', shortName: 'POSTGRESQL' }, accessType: 'NATIVE', hostname: 'h', databaseName: 'd', databasePort: '5432' }),
		});
		const got = await run(node, { parameters: { resource: 'jdbcConnection', operation: 'get', connection: rl('A&B') }, credentials });
		expect(got.error).toBeDefined();
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

	it('a Get item (Include Password) copied into Create or Update in JSON mode stores the real password, not the "Encrypted …" text (issue 28, defect 8)', async () => {
		const credentials = { dataflowServerApi: fixture.server() };
		await run(node, { parameters: connectionParameters, credentials });
		const asked = await run(node, { parameters: { resource: 'jdbcConnection', operation: 'get', connection: rl('Warehouse'), options: { includePassword: true } }, credentials });
		const { id: _id, name: _name, ...copy } = asked.items[0].json;
		const created = await run(node, {
			parameters: { resource: 'jdbcConnection', operation: 'createOrUpdate', connection: rl('Warehouse Copy'), specifyConnection: 'json', connectionJson: JSON.stringify(copy) },
			credentials,
		});
		expect(created.error).toBeUndefined();
		const state = fixture.emulator.app.state.datasource as DatasourceState;
		expect(state.connections.find((c) => c.name === 'Warehouse Copy')?.password).toBe('Etl-Pa55!');
		// What the connection pool logs in with (PooledDatasourceHelper: the stored text, nothing decoded).
		expect(poolLogin(state.connections.find((c) => c.name === 'Warehouse Copy')!).password).toBe('Etl-Pa55!');
		// The Password field takes the same form.
		await run(node, { parameters: { ...connectionParameters, connection: rl('Warehouse Field'), additionalFields: { ...connectionParameters.additionalFields, password: String(asked.items[0].json.password) } }, credentials });
		expect(state.connections.find((c) => c.name === 'Warehouse Field')?.password).toBe('Etl-Pa55!');
		// A value that does not decode with Kettle's standard key is refused before anything is sent.
		const puts = state.jdbcPuts.length;
		const refused = await run(node, {
			parameters: { resource: 'jdbcConnection', operation: 'createOrUpdate', connection: rl('Warehouse Bad'), specifyConnection: 'json', connectionJson: JSON.stringify({ ...copy, password: 'Encrypted 1' }) },
			credentials,
		});
		expect(refused.error?.message).toMatch(/does not decode with Kettle's standard key/);
		expect(state.jdbcPuts.length).toBe(puts);
	});
});

describeEachProfile('Data Source node: Simplify', (profile) => {
	const fixture = useEmulator({ profile });
	const admin = () => ({ dataflowServerApi: fixture.server() });
	const get = async (options: Record<string, boolean>) =>
		await run(node, { parameters: { resource: 'jdbcConnection', operation: 'get', connection: rl('SalesDW'), options }, credentials: admin() });

	it('JDBC Get: on, the 10 chosen fields with the database type flattened to its short name; off, every field', async () => {
		const full = await get({});
		expect(full.error).toBeUndefined();
		expect(Object.keys(full.items[0].json).length).toBeGreaterThan(20);
		const simple = await get({ simplify: true });
		expect(simple.error).toBeUndefined();
		const json = simple.items[0].json;
		expect(Object.keys(json)).toEqual(['name', 'databaseType', 'accessType', 'hostname', 'databasePort', 'databaseName', 'username', 'id', 'usingConnectionPool', 'maximumPoolSize']);
		const all = full.items[0].json;
		expect(json).toEqual({
			name: 'SalesDW',
			databaseType: (all.databaseType as { shortName: string }).shortName,
			accessType: all.accessType,
			hostname: all.hostname,
			databasePort: all.databasePort,
			databaseName: all.databaseName,
			username: all.username,
			id: all.id,
			usingConnectionPool: all.usingConnectionPool,
			maximumPoolSize: all.maximumPoolSize,
		});
		expect(json.databaseType).toMatch(/^[A-Z0-9]+$/);
	});

	it('JDBC Get: with Include Password, the password takes the place of the last field', async () => {
		const simple = await get({ simplify: true, includePassword: true });
		expect(simple.error).toBeUndefined();
		const keys = Object.keys(simple.items[0].json);
		expect(keys).toHaveLength(10);
		expect(keys).toContain('password');
		expect(keys).not.toContain('maximumPoolSize');
	});
});
