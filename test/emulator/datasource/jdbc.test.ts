/**
 * The data-source area's JDBC connection routes over plain HTTP (emulator/areas/datasource/routes-
 * jdbc.ts, after pentaho/data-access JDBCDatasourceResource) in every server profile: the bean as
 * flexjson or Jackson writes it, the statuses the code really produces, refusals for non-
 * administrators.
 */
import { describeEachProfile } from '../../helpers/profiles';
import { harness, JSON_ACCEPT, newConnection } from './helpers';

describeEachProfile('emulator: data-source endpoints', (profile) => {
	const { call, state } = harness({ profile });

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
		// A missing connection: GET and DELETE answer an empty 500 (no 304).
		const missing = await call('GET', '/jdbc/connection/TestConn', { headers: JSON_ACCEPT });
		expect([missing.status, missing.text]).toEqual([500, '']);
		const again = await call('DELETE', '/jdbc/connection/TestConn');
		expect([again.status, again.text]).toEqual([500, '']);
	});

	it('JDBC: a misspelled field is ignored silently (and recorded), a body without name or type is an empty 500', async () => {
		const body = { ...newConnection, name: 'Typo', hostName: 'ignored.example.com', maxPoolSize: 20 };
		expect((await call('PUT', '/jdbc/connection/Typo', { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).status).toBe(204);
		expect(state().jdbcPuts.at(-1)?.ignoredFields).toEqual(['hostName', 'maxPoolSize']);
		expect(state().connections.find((c) => c.name === 'Typo')).toMatchObject({ hostname: 'pg.example.com', maximumPoolSize: 0 });
		const { name: _name, ...nameless } = newConnection;
		const noName = await call('PUT', '/jdbc/connection/Nameless', { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(nameless) });
		expect([noName.status, noName.text]).toEqual([500, '']);
		const { databaseType: _type, ...typeless } = newConnection;
		expect((await call('PUT', '/jdbc/connection/Typeless', { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...typeless, name: 'Typeless' }) })).status).toBe(500);
		expect((await call('DELETE', '/jdbc/connection/Typo')).status).toBe(204);
	});

	it('JDBC: non-administrators get empty 500s (list, get, delete) and 401 (put); nothing changes', async () => {
		for (const [method, path] of [
			['GET', '/jdbc/connection'],
			['GET', '/jdbc/connection/SampleData'],
			['DELETE', '/jdbc/connection/SampleData'],
		]) {
			const answer = await call(method, path, { user: 'suzy', headers: JSON_ACCEPT });
			expect([method, path, answer.status, answer.text]).toEqual([method, path, 500, '']);
		}
		const put = await call('PUT', '/jdbc/connection/SampleData', { user: 'suzy', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(newConnection) });
		expect([put.status, put.text]).toEqual([401, '']);
		expect(state().connections.map((c) => c.name)).toEqual(['SampleData', 'SalesDW', 'baseball connection']);
	});

	it('JDBC: the password comes back nullified; 10.2+ may encrypt it by setting, 9.3 never', async () => {
		state().passwordMode = 'encrypt';
		try {
			const bean = JSON.parse((await call('GET', '/jdbc/connection/SalesDW', { headers: JSON_ACCEPT })).text);
			if (profile === '9.3') expect(bean.password).toBeNull();
			else expect(bean.password).toMatch(/^Encrypted [0-9a-f]+$/);
		} finally {
			state().passwordMode = 'nullify';
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
