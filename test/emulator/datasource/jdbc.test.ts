/**
 * The data-source area's JDBC connection routes over plain HTTP (emulator/areas/datasource/routes-
 * jdbc.ts, after pentaho/data-access JDBCDatasourceResource) in every server profile: the bean as
 * flexjson or Jackson writes it, the statuses the code really produces, refusals for non-
 * administrators.
 */
import { poolLogin } from '../../../emulator/areas/datasource';
import { describeEachProfile } from '../../helpers/profiles';
import { expectContainerPage, harness, JSON_ACCEPT, JSON_BODY, newConnection } from './helpers';

describeEachProfile('emulator: data-source endpoints', (profile) => {
	const { call, state } = harness({ profile });
	/** Whether GET one reads the nullify/encrypt settings (data-access da5a6bf7c, 10.1.0.0-70; not in 9.3 GA). */
	const settings = profile !== '9.3';

	it('JDBC: create → get (typed bean, password nullified) → update (password kept, fields replaced) → delete', async () => {
		const put = await call('PUT', '/jdbc/connection/TestConn', { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(newConnection) });
		expect(put.status).toBe(204);
		expect(put.bytes.length).toBe(0);
		expect(state().jdbcPuts.at(-1)?.ignoredFields).toEqual([]);

		const got = await call('GET', '/jdbc/connection/TestConn', { headers: JSON_ACCEPT });
		expect(got.status).toBe(200);
		const bean = JSON.parse(got.text);
		// flexjson up to 11.0: typed values, maps, no lists, the port as the bean's string.
		expect(bean).toMatchObject({
			name: 'TestConn',
			databasePort: '5432',
			password: null,
			usingConnectionPool: true,
			initialPoolSize: 0,
			accessType: 'NATIVE',
			accessTypeValue: 'NATIVE',
			extraOptions: { 'POSTGRESQL.ssl': 'true' },
			SQLServerInstance: null,
			databaseType: { shortName: 'POSTGRESQL', defaultDatabasePort: 5432 },
		});
		expect(bean).not.toHaveProperty('partitioningInformation');
		expect(bean.databaseType).not.toHaveProperty('supportedAccessTypes');

		// The body replaces the stored connection: what it leaves out is gone, except a blank password.
		const update = { ...newConnection, hostname: 'pg2.example.com', password: '', extraOptions: {} };
		expect((await call('PUT', '/jdbc/connection/TestConn', { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(update) })).status).toBe(204);
		const stored = state().connections.find((c) => c.name === 'TestConn');
		expect(stored).toMatchObject({ hostname: 'pg2.example.com', password: 'S3cret!', extraOptions: {} });
		// The same body again: the real code never answers 304.
		expect((await call('PUT', '/jdbc/connection/TestConn', { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(update) })).status).toBe(204);

		expect((await call('DELETE', '/jdbc/connection/TestConn')).status).toBe(204);
		// A missing connection: GET and DELETE answer 500 (no 304), the container's page.
		expectContainerPage(await call('GET', '/jdbc/connection/TestConn', { headers: JSON_ACCEPT }), 500);
		expectContainerPage(await call('DELETE', '/jdbc/connection/TestConn'), 500);
	});

	it('JDBC: a misspelled field is ignored silently (and recorded); a body without a type is stored, one without a name is a 500', async () => {
		const body = { ...newConnection, name: 'Typo', hostName: 'ignored.example.com', maxPoolSize: 20 };
		expect((await call('PUT', '/jdbc/connection/Typo', { headers: JSON_BODY, body: JSON.stringify(body) })).status).toBe(204);
		expect(state().jdbcPuts.at(-1)?.ignoredFields).toEqual(['hostName', 'maxPoolSize']);
		expect(state().connections.find((c) => c.name === 'Typo')).toMatchObject({ hostname: 'pg.example.com', maximumPoolSize: 0 });
		const { name: _name, ...nameless } = newConnection;
		expectContainerPage(await call('PUT', '/jdbc/connection/Nameless', { headers: JSON_BODY, body: JSON.stringify(nameless) }), 500);
		// DatabaseHelper stores TYPE only when there is one; nothing on the way requires it.
		const { databaseType: _type, ...typeless } = newConnection;
		expect((await call('PUT', '/jdbc/connection/Typeless', { headers: JSON_BODY, body: JSON.stringify({ ...typeless, name: 'Typeless' }) })).status).toBe(204);
		expect(JSON.parse((await call('GET', '/jdbc/connection/Typeless', { headers: JSON_ACCEPT })).text)).toMatchObject({ name: 'Typeless', databaseType: null });
		expect((await call('DELETE', '/jdbc/connection/Typo')).status).toBe(204);
		expect((await call('DELETE', '/jdbc/connection/Typeless')).status).toBe(204);
	});

	it('JDBC: non-administrators get 500s (list, get, delete) and 401 (put), the container’s pages; nothing changes', async () => {
		for (const [method, path] of [
			['GET', '/jdbc/connection'],
			['GET', '/jdbc/connection/SampleData'],
			['DELETE', '/jdbc/connection/SampleData'],
		]) {
			expectContainerPage(await call(method, path, { user: 'suzy', headers: JSON_ACCEPT }), 500);
		}
		expectContainerPage(await call('PUT', '/jdbc/connection/SampleData', { user: 'suzy', headers: JSON_BODY, body: JSON.stringify(newConnection) }), 401);
		expect(state().connections.map((c) => c.name)).toEqual(['SampleData', 'SalesDW', 'baseball connection']);
	});

	it('JDBC: the password comes back nullified; 10.1+ may give Kettle’s "Encrypted <hex>" or plain text by setting, 9.3 GA never', async () => {
		const read = async (name: string) => JSON.parse((await call('GET', `/jdbc/connection/${encodeURIComponent(name)}`, { headers: JSON_ACCEPT })).text).password;
		expect(await read('SalesDW')).toBeNull();
		expect((await call('PUT', '/jdbc/connection/NoPassword', { headers: JSON_BODY, body: JSON.stringify({ ...newConnection, name: 'NoPassword', password: null }) })).status).toBe(204);
		try {
			state().passwordMode = 'encrypt';
			// KettleTwoWayPasswordEncoder: the password's bytes as a BigInteger XOR the default seed, in hex.
			expect(await read('SalesDW')).toBe(settings ? 'Encrypted 2be98afc86aa7a081bb49bc64d79ca89b' : null);
			// A connection stored without a password reads back as "" (DatabaseHelper), which encrypts to the bare prefix.
			expect(await read('NoPassword')).toBe(settings ? 'Encrypted ' : null);
			state().passwordMode = 'plain';
			expect(await read('SalesDW')).toBe(settings ? 'Rep0rting!' : null);
			expect(await read('NoPassword')).toBe(settings ? '' : null);
		} finally {
			state().passwordMode = 'nullify';
			await call('DELETE', '/jdbc/connection/NoPassword');
		}
	});

	it('JDBC: a password written as "Encrypted <hex>" is stored as that text, read back encrypted once more, and is what the pool logs in with', async () => {
		const literal = 'Encrypted 2be98afc86aa7f2e4cb2afd73cc97bb9b'; // what an encrypting server returns for S3cret!
		expect((await call('PUT', '/jdbc/connection/Copied', { headers: JSON_BODY, body: JSON.stringify({ ...newConnection, name: 'Copied', password: literal }) })).status).toBe(204);
		const stored = state().connections.find((c) => c.name === 'Copied')!;
		expect(stored.password).toBe(literal);
		expect(poolLogin(stored)).toEqual({ user: 'etl', password: literal });
		try {
			state().passwordMode = 'plain';
			expect(JSON.parse((await call('GET', '/jdbc/connection/Copied', { headers: JSON_ACCEPT })).text).password).toBe(settings ? literal : null);
			state().passwordMode = 'encrypt';
			expect(JSON.parse((await call('GET', '/jdbc/connection/Copied', { headers: JSON_ACCEPT })).text).password).toBe(
				settings ? 'Encrypted 456e63727970746564203262653938616663383661613766326536ddfa9da90cc3c5d7a81af727dc90f6d8' : null,
			);
		} finally {
			state().passwordMode = 'nullify';
			await call('DELETE', '/jdbc/connection/Copied');
		}
	});
});

describe('emulator: the connection bean as 11.1+ (Jackson) writes it', () => {
	const { call } = harness({ seed: { datasource: { connectionJson: 'jackson' } } });
	it('includes lists and names SQLServerInstance sqlserverInstance', async () => {
		const bean = JSON.parse((await call('GET', '/jdbc/connection/SalesDW', { headers: JSON_ACCEPT })).text);
		expect(bean).toMatchObject({ partitioningInformation: null, sqlserverInstance: null, databaseType: { supportedAccessTypes: ['NATIVE', 'ODBC', 'JNDI'] } });
		expect(bean).not.toHaveProperty('SQLServerInstance');
	});
});
