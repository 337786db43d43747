/**
 * The emulator's data-source endpoints over plain HTTP (no node), in every server profile: the 11
 * endpoints as pentaho/data-access answers them (JDBCDatasourceResource, AnalysisResource,
 * DataSourceWizardResource at 9.3.0.0-422, 10.2.0.0-222, 11.0.0.0-237 and HEAD): name lists in each
 * version's JSON style, the connection bean as flexjson or Jackson writes it, the statuses the code
 * really produces (empty 500 for a missing connection, 400 for a missing catalog, no 304), the
 * refusals for non-administrators, and the CSRF gate.
 */
import { unzipSync, strFromU8 } from 'fflate';

import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../emulator';
import { connectStringValue, type DatasourceState } from '../../emulator/areas/datasource';
import { describeEachProfile } from '../helpers/profiles';

const PREFIX = '/plugin/data-access/api/datasource';

function auth(user = 'admin', password = 'password'): Record<string, string> {
	return { Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` };
}

function harness(options: EmulatorOptions = {}) {
	let emu: RunningEmulator;
	beforeAll(async () => {
		emu = await startEmulator(options);
	});
	afterAll(async () => {
		await emu.stop();
	});
	const call = async (method: string, path: string, init: { user?: string; headers?: Record<string, string>; body?: string | FormData; raw?: boolean } = {}) => {
		const response = await fetch(`${emu.url}${init.raw ? '' : PREFIX}${path}`, {
			method,
			headers: { ...auth(init.user), ...(init.headers ?? {}) },
			body: init.body,
		});
		const bytes = Buffer.from(await response.arrayBuffer());
		return { status: response.status, headers: response.headers, bytes, text: bytes.toString('utf8') };
	};
	return { call, state: () => emu.app.state.datasource as DatasourceState, emu: () => emu };
}

const JSON_ACCEPT = { Accept: 'application/json' };

const newConnection = {
	name: 'TestConn',
	databaseType: { name: 'PostgreSQL', shortName: 'POSTGRESQL', defaultDatabasePort: 5432, supportedAccessTypes: ['NATIVE', 'ODBC', 'JNDI'] },
	accessType: 'NATIVE',
	hostname: 'pg.example.com',
	databaseName: 'warehouse',
	databasePort: '5432',
	username: 'etl',
	password: 'S3cret!',
	usingConnectionPool: true,
	extraOptions: { 'POSTGRESQL.ssl': 'true' },
};

const SCHEMA = '<?xml version="1.0"?><Schema name="Uploaded"><Cube name="Sales"/></Schema>';
const NAMELESS = '<?xml version="1.0"?><Schema><Cube name="Sales"/></Schema>';

function schemaForm(fields: Record<string, string>, file?: { content: string; name: string }): FormData {
	const form = new FormData();
	if (file) form.append('uploadInput', new Blob([file.content], { type: 'text/xml' }), file.name);
	for (const [name, value] of Object.entries(fields)) form.append(name, value);
	return form;
}

describeEachProfile('emulator: data-source endpoints', (profile) => {
	const { call, state } = harness({ profile });
	const jersey1 = profile !== '11.0';

	it('lists names as XML <List><Item> by default and in the version’s JSON style when asked', async () => {
		const xml = await call('GET', '/jdbc/connection');
		expect(xml.status).toBe(200);
		expect(xml.headers.get('content-type')).toMatch(/application\/xml/);
		expect(xml.text).toContain('<Item xsi:type="xs:string">SampleData</Item>');

		const json = await call('GET', '/jdbc/connection', { headers: JSON_ACCEPT });
		expect(json.headers.get('content-type')).toMatch(/application\/json/);
		const names = ['SampleData', 'SalesDW', 'baseball connection'];
		expect(JSON.parse(json.text)).toEqual(jersey1 ? { Item: names.map((n) => ({ '@type': 'xs:string', $: n })) } : { Item: names });

		// One wizard domain left: Jersey 1 writes the one-item list as a bare object, Jackson as a list.
		const domains = state().domains.splice(1);
		try {
			const one = JSON.parse((await call('GET', '/dsw/domain', { headers: JSON_ACCEPT })).text);
			expect(one).toEqual(jersey1 ? { Item: { '@type': 'xs:string', $: 'sales_model.xmi' } } : { Item: ['sales_model.xmi'] });
		} finally {
			state().domains.push(...domains);
		}
	});

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

	it('analysis: upload names the catalog after the schema, takes the data source from the parameters, answers 201', async () => {
		const put = await call('PUT', '/analysis/catalog/RequestedName', {
			body: schemaForm(
				{ overwrite: 'false', xmlaEnabledFlag: 'true', datasourceName: 'Ignored', parameters: "DataSource='Sales;DW';EnableXmla=true", schemaFileInfo: 'x.xml' },
				{ content: SCHEMA, name: 'uploaded.mondrian.xml' },
			),
		});
		expect([put.status, put.text]).toEqual([201, '']);
		const upload = state().uploads.at(-1);
		expect(upload?.catalogName).toBe('Uploaded');
		expect(upload?.ignoredFields).toEqual(['schemaFileInfo']);
		expect(state().catalogs.find((c) => c.id === 'Uploaded')).toMatchObject({ datasourceName: 'Sales;DW', xmlaEnabled: true });
		expect(state().catalogs.some((c) => c.id === 'RequestedName')).toBe(false);
		// Listed, downloadable as <id>.mondrian.xml, then removed (200, no body).
		const list = await call('GET', '/analysis/catalog');
		expect(list.text).toContain('<Item xsi:type="xs:string">Uploaded</Item>');
		const download = await call('GET', '/analysis/catalog/Uploaded');
		expect(download.status).toBe(200);
		expect(download.headers.get('content-disposition')).toBe('attachment; filename="Uploaded.mondrian.xml"');
		expect(download.text).toBe(SCHEMA);
		const removed = await call('DELETE', '/analysis/catalog/Uploaded');
		expect([removed.status, removed.text]).toEqual([200, '']);
	});

	it('analysis: a schema without a name takes the path id (cut at its first dot); without parameters it has no data source', async () => {
		const put = await call('PUT', '/analysis/catalog/Nameless.v2', { body: schemaForm({ overwrite: 'true', xmlaEnabledFlag: 'false', datasourceName: 'SampleData' }, { content: NAMELESS, name: 'n.mondrian.xml' }) });
		expect(put.status).toBe(201);
		expect(state().catalogs.find((c) => c.id === 'Nameless')).toMatchObject({ datasourceName: undefined, parameters: 'Provider=mondrian;datasourceName=null;EnableXmla=false' });
		expect((await call('DELETE', '/analysis/catalog/Nameless')).status).toBe(200);
	});

	it('analysis: 409 without overwrite, 412 for .xmi and non-schemas, empty 500 without the booleans or the file', async () => {
		const exists = await call('PUT', '/analysis/catalog/SampleData', { body: schemaForm({ overwrite: 'false', xmlaEnabledFlag: 'false' }, { content: schemaSource('SampleData'), name: 's.mondrian.xml' }) });
		expect(exists.status).toBe(409);
		expect(exists.text).toMatch(/already exists/);
		const xmi = await call('PUT', '/analysis/catalog/X', { body: schemaForm({ overwrite: 'true', xmlaEnabledFlag: 'false' }, { content: SCHEMA, name: 'model.xmi' }) });
		expect(xmi.status).toBe(412);
		const notSchema = await call('PUT', '/analysis/catalog/X', { body: schemaForm({ overwrite: 'true', xmlaEnabledFlag: 'false' }, { content: '<a/>', name: 'a.xml' }) });
		expect(notSchema.status).toBe(412);
		const noBooleans = await call('PUT', '/analysis/catalog/X', { body: schemaForm({}, { content: SCHEMA, name: 'a.mondrian.xml' }) });
		expect([noBooleans.status, noBooleans.text]).toEqual([500, '']);
		const noFile = await call('PUT', '/analysis/catalog/X', { body: schemaForm({ overwrite: 'true', xmlaEnabledFlag: 'false' }) });
		expect([noFile.status, noFile.text]).toEqual([500, '']);
	});

	it('analysis: a missing catalog downloads as an empty 400 and deletes as a 500; several files come as <id>.zip', async () => {
		const missing = await call('GET', '/analysis/catalog/Nope');
		expect([missing.status, missing.text]).toEqual([400, '']);
		expect((await call('DELETE', '/analysis/catalog/Nope')).status).toBe(500);
		const zip = await call('GET', '/analysis/catalog/SteelWheels');
		expect(zip.headers.get('content-type')).toMatch(/application\/zip/);
		expect(zip.headers.get('content-disposition')).toBe('attachment; filename="SteelWheels.zip"');
		expect(Object.keys(unzipSync(new Uint8Array(zip.bytes))).sort()).toEqual(['SteelWheels.mondrian.xml', 'annotations.xml']);
	});

	it('analysis: non-administrators list, but get 403 (upload, with the reason), 401 (download, delete)', async () => {
		expect((await call('GET', '/analysis/catalog', { user: 'suzy' })).status).toBe(200);
		const put = await call('PUT', '/analysis/catalog/X', { user: 'suzy', body: schemaForm({ overwrite: 'true', xmlaEnabledFlag: 'false' }, { content: SCHEMA, name: 'a.mondrian.xml' }) });
		expect([put.status, put.text]).toEqual([403, 'Access Denied']);
		expect((await call('GET', '/analysis/catalog/SampleData', { user: 'suzy' })).status).toBe(401);
		expect((await call('DELETE', '/analysis/catalog/SampleData', { user: 'suzy' })).status).toBe(401);
	});

	it('wizard domains: list, download (XMI as is, XMI + schema as a zip), missing → 500, delete takes the catalog along', async () => {
		const one = await call('GET', '/dsw/domain/sales_model.xmi');
		expect(one.headers.get('content-disposition')).toBe('attachment; filename="sales_model.xmi"');
		const zip = await call('GET', '/dsw/domain/inventory.xmi');
		expect(zip.headers.get('content-disposition')).toBe('attachment; filename="inventory.zip"');
		expect(Object.keys(unzipSync(new Uint8Array(zip.bytes))).sort()).toEqual(['inventory.mondrian.xml', 'inventory.xmi']);
		expect(strFromU8(unzipSync(new Uint8Array(zip.bytes))['inventory.xmi'])).toContain('xmi:XMI');
		expect([(await call('GET', '/dsw/domain/nope.xmi')).status, (await call('DELETE', '/dsw/domain/nope.xmi')).status]).toEqual([500, 500]);
		expect([(await call('GET', '/dsw/domain/inventory.xmi', { user: 'suzy' })).status, (await call('DELETE', '/dsw/domain/inventory.xmi', { user: 'suzy' })).status]).toEqual([401, 401]);
		// The analysis half of a wizard domain is not listed among analysis catalogs; it goes with the domain.
		state().catalogs.push({ id: 'inventory', content: Buffer.from(schemaSource('inventory')), mimeType: 'text/xml', extraFiles: {}, xmlaEnabled: false });
		expect((await call('GET', '/analysis/catalog')).text).not.toContain('>inventory<');
		expect((await call('DELETE', '/dsw/domain/inventory.xmi')).status).toBe(200);
		expect(state().catalogs.some((c) => c.id === 'inventory')).toBe(false);
		expect(state().domains.map((d) => d.id)).toEqual(['sales_model.xmi']);
	});
});

function schemaSource(name: string): string {
	return `<?xml version="1.0"?><Schema name="${name}"><Cube name="C"/></Schema>`;
}

describe('emulator: the connection bean as 11.1+ (Jackson) writes it', () => {
	const { call } = harness({ seed: { datasource: { connectionJson: 'jackson' } } });
	it('includes lists and names SQLServerInstance sqlserverInstance', async () => {
		const bean = JSON.parse((await call('GET', '/jdbc/connection/SalesDW', { headers: JSON_ACCEPT })).text);
		expect(bean).toMatchObject({ partitioningInformation: null, sqlserverInstance: null, databaseType: { supportedAccessTypes: ['NATIVE', 'ODBC', 'JNDI'] } });
		expect(bean).not.toHaveProperty('SQLServerInstance');
	});
});

describe('emulator: CSRF and the data-source endpoints', () => {
	const open = harness({ csrf: true });
	const guarded = harness({ csrf: true, seed: { datasource: { csrfOnImports: true } } });
	const upload = () => schemaForm({ overwrite: 'true', xmlaEnabledFlag: 'false' }, { content: SCHEMA, name: 'a.mondrian.xml' });

	it('the real plugin set protects none of the 11 endpoints: imports and writes pass without a token', async () => {
		expect((await open.call('PUT', '/analysis/catalog/X', { body: upload() })).status).toBe(201);
		expect((await open.call('PUT', '/jdbc/connection/Csrf', { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...newConnection, name: 'Csrf' }) })).status).toBe(204);
		expect((await open.call('DELETE', '/jdbc/connection/Csrf')).status).toBe(204);
	});

	it('with the import path added to the set, an import needs the session’s token and cookie', async () => {
		const refused = await guarded.call('PUT', '/analysis/catalog/X', { body: upload() });
		expect(refused.status).toBe(403);
		const token = await guarded.call('GET', '/api/csrf/token?url=x', { raw: true });
		const cookie = String(token.headers.get('set-cookie')).split(';')[0];
		const accepted = await guarded.call('PUT', '/analysis/catalog/X', { body: upload(), headers: { 'X-CSRF-TOKEN': String(token.headers.get('x-csrf-token')), Cookie: cookie } });
		expect(accepted.status).toBe(201);
	});
});

describe('emulator: Mondrian connect-string values', () => {
	it('reads names case-insensitively and quoted values with doubled quotes', () => {
		expect(connectStringValue("Provider=mondrian;DataSource='a;b''c';EnableXmla=true", 'datasource')).toBe("a;b'c");
		expect(connectStringValue('datasource = Sample ; overwrite=true', 'DataSource')).toBe('Sample');
		expect(connectStringValue('', 'x')).toBeUndefined();
	});
});
