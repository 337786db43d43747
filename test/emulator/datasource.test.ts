/**
 * The emulator's data-source endpoints over plain HTTP (no node): all 11 endpoints, the
 * create → read → list → delete and upload → list → download → delete sequences, and the
 * refusals for non-administrators.
 */
import { unzipSync, strFromU8 } from 'fflate';

import { startEmulator, type RunningEmulator } from '../../emulator';
import type { DatasourceState } from '../../emulator/areas/datasource';

const PREFIX = '/plugin/data-access/api/datasource';
let emu: RunningEmulator;

beforeAll(async () => {
	emu = await startEmulator();
});
afterAll(async () => {
	await emu.stop();
});

function auth(user = 'admin', password = 'password'): Record<string, string> {
	return { Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` };
}

async function call(method: string, path: string, init: { user?: string; password?: string; headers?: Record<string, string>; body?: string | FormData } = {}) {
	const response = await fetch(`${emu.url}${PREFIX}${path}`, {
		method,
		headers: { ...auth(init.user, init.password), ...(init.headers ?? {}) },
		body: init.body,
	});
	const bytes = Buffer.from(await response.arrayBuffer());
	return { status: response.status, headers: response.headers, bytes, text: bytes.toString('utf8') };
}

const state = () => emu.app.state.datasource as DatasourceState;

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

describe('emulator: JDBC connections', () => {
	it('lists names as XML <List><Item> by default and as Jersey JSON when asked', async () => {
		const xml = await call('GET', '/jdbc/connection');
		expect(xml.status).toBe(200);
		expect(xml.headers.get('content-type')).toMatch(/application\/xml/);
		expect(xml.text).toContain('<List xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"');
		expect(xml.text).toContain('<Item xsi:type="xs:string">SampleData</Item>');
		expect(xml.text).toContain('<Item xsi:type="xs:string">baseball connection</Item>');

		const json = await call('GET', '/jdbc/connection', { headers: { Accept: 'application/json' } });
		expect(json.headers.get('content-type')).toMatch(/application\/json/);
		expect(JSON.parse(json.text)).toEqual({
			Item: [
				{ '@type': 'xs:string', $: 'SampleData' },
				{ '@type': 'xs:string', $: 'SalesDW' },
				{ '@type': 'xs:string', $: 'baseball connection' },
			],
		});
	});

	it('create → get → list → update → delete, with the password nullified in answers', async () => {
		const put = await call('PUT', '/jdbc/connection/TestConn', {
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify(newConnection),
		});
		expect(put.status).toBe(204);
		expect(put.text).toBe('');

		const get = await call('GET', '/jdbc/connection/TestConn', { headers: { Accept: 'application/json' } });
		expect(get.status).toBe(200);
		const bean = JSON.parse(get.text);
		expect(bean).toMatchObject({
			name: 'TestConn',
			hostname: 'pg.example.com',
			databaseName: 'warehouse',
			databasePort: '5432',
			username: 'etl',
			password: null,
			accessType: 'NATIVE',
			usingConnectionPool: true,
			extraOptions: { 'POSTGRESQL.ssl': 'true' },
			databaseType: { shortName: 'POSTGRESQL' },
		});
		expect(typeof bean.id).toBe('string');
		expect(state().connections.find((c) => c.name === 'TestConn')?.password).toBe('S3cret!');

		const list = await call('GET', '/jdbc/connection', { headers: { Accept: 'application/json' } });
		expect(JSON.parse(list.text).Item.map((i: { $: string }) => i.$)).toContain('TestConn');

		// The same connection again changes nothing: 304.
		const same = await call('PUT', '/jdbc/connection/TestConn', { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(newConnection) });
		expect(same.status).toBe(304);

		// An update with a blank password keeps the stored one.
		const update = await call('PUT', '/jdbc/connection/TestConn', {
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ ...newConnection, hostname: 'pg2.example.com', password: '' }),
		});
		expect(update.status).toBe(204);
		const stored = state().connections.find((c) => c.name === 'TestConn');
		expect(stored?.hostname).toBe('pg2.example.com');
		expect(stored?.password).toBe('S3cret!');
		expect(stored?.id).toBe(bean.id);

		const xml = await call('GET', '/jdbc/connection/TestConn', { headers: { Accept: 'application/xml' } });
		expect(xml.headers.get('content-type')).toMatch(/application\/xml/);
		expect(xml.text).toContain('<databaseConnection');
		expect(xml.text).toContain('<hostname>pg2.example.com</hostname>');
		expect(xml.text).toContain('<password xsi:nil="true"/>');
		expect(xml.text).toContain('<extraOptions><entry><key>POSTGRESQL.ssl</key><value>true</value></entry></extraOptions>');

		const del = await call('DELETE', '/jdbc/connection/TestConn');
		expect(del.status).toBe(204);
		expect((await call('GET', '/jdbc/connection/TestConn')).status).toBe(500);
		expect((await call('DELETE', '/jdbc/connection/TestConn')).status).toBe(304);
		expect((await call('GET', '/jdbc/connection')).text).not.toContain('TestConn');
	});

	it('refuses non-JSON bodies and connections without a database type', async () => {
		expect((await call('PUT', '/jdbc/connection/X', { headers: { 'Content-Type': 'application/xml' }, body: '<x/>' })).status).toBe(415);
		expect((await call('PUT', '/jdbc/connection/X', { headers: { 'Content-Type': 'application/json' }, body: '{"name":"X"}' })).status).toBe(500);
		expect(state().connections.some((c) => c.name === 'X')).toBe(false);
	});

	it('non-administrators may list and read but not manage connections', async () => {
		for (const user of ['suzy', 'analyst']) {
			expect((await call('GET', '/jdbc/connection', { user })).status).toBe(200);
			expect((await call('GET', '/jdbc/connection/SampleData', { user })).status).toBe(200);
			const put = await call('PUT', '/jdbc/connection/Mine', { user, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...newConnection, name: 'Mine' }) });
			expect(put.status).toBe(401);
			expect((await call('DELETE', '/jdbc/connection/SampleData', { user })).status).toBe(304);
		}
		expect(state().connections.map((c) => c.name)).toEqual(expect.arrayContaining(['SampleData']));
		expect(state().connections.some((c) => c.name === 'Mine')).toBe(false);
		expect((await call('GET', '/jdbc/connection', { password: 'wrong' })).status).toBe(401);
	});
});

function schemaForm(fields: Record<string, string>, file?: { name: string; content: string; type?: string }): FormData {
	const form = new FormData();
	if (file) form.append('uploadInput', new Blob([file.content], { type: file.type ?? 'text/xml' }), file.name);
	for (const [name, value] of Object.entries(fields)) form.append(name, value);
	return form;
}

const SCHEMA = '<?xml version="1.0"?>\n<Schema name="Budget">\n  <Cube name="Budget"><Table name="BUDGET"/></Cube>\n</Schema>\n';

describe('emulator: analysis schemas', () => {
	it('lists catalog ids (XML by default, JSON when asked)', async () => {
		const xml = await call('GET', '/analysis/catalog');
		expect(xml.text).toContain('<Item xsi:type="xs:string">SteelWheels</Item>');
		const json = await call('GET', '/analysis/catalog', { headers: { Accept: 'application/json' } });
		expect(JSON.parse(json.text).Item.map((i: { $: string }) => i.$)).toEqual(['SampleData', 'SteelWheels']);
	});

	it('upload (every field) → list → download returns the same bytes → delete', async () => {
		const fields = {
			schemaFileInfo: 'budget.mondrian.xml',
			origCatalogName: 'Budget',
			datasourceName: 'SampleData',
			overwrite: 'false',
			xmlaEnabledFlag: 'true',
			parameters: 'DataSource=SampleData;EnableXmla=true',
		};
		const put = await call('PUT', '/analysis/catalog/Budget', { body: schemaForm(fields, { name: 'budget.mondrian.xml', content: SCHEMA }) });
		expect(put.status).toBe(201);
		expect(put.text).toBe('');
		const upload = state().uploads[state().uploads.length - 1];
		expect(upload.fields).toEqual(fields);
		expect(upload.file).toEqual({ fieldName: 'uploadInput', fileName: 'budget.mondrian.xml', mimeType: 'text/xml', size: Buffer.byteLength(SCHEMA) });
		expect(state().catalogs.find((c) => c.id === 'Budget')).toMatchObject({ datasourceName: 'SampleData', xmlaEnabled: true });

		expect((await call('GET', '/analysis/catalog')).text).toContain('<Item xsi:type="xs:string">Budget</Item>');

		const download = await call('GET', '/analysis/catalog/Budget');
		expect(download.status).toBe(200);
		expect(download.headers.get('content-disposition')).toBe('attachment; filename="Budget.mondrian.xml"');
		expect(download.headers.get('content-type')).toMatch(/text\/xml/);
		expect(download.bytes.equals(Buffer.from(SCHEMA))).toBe(true);

		// Exists and no overwrite: 409 with the reason as text.
		const again = await call('PUT', '/analysis/catalog/Budget', { body: schemaForm({ overwrite: 'false', xmlaEnabledFlag: 'false' }, { name: 'b.xml', content: SCHEMA }) });
		expect(again.status).toBe(409);
		expect(again.headers.get('content-type')).toMatch(/text\/plain/);
		expect(again.text).toMatch(/already exists/);
		// "overwrite" in the parameters wins over the field.
		const replaced = SCHEMA.replace('BUDGET', 'BUDGET_V2');
		const viaParameters = await call('PUT', '/analysis/catalog/Budget', {
			body: schemaForm({ overwrite: 'false', xmlaEnabledFlag: 'false', parameters: 'overwrite=true' }, { name: 'b.xml', content: replaced }),
		});
		expect(viaParameters.status).toBe(201);
		expect((await call('GET', '/analysis/catalog/Budget')).text).toBe(replaced);

		const del = await call('DELETE', '/analysis/catalog/Budget');
		expect(del.status).toBe(200);
		expect(del.text).toBe('');
		expect((await call('GET', '/analysis/catalog')).text).not.toContain('>Budget<');
		expect((await call('GET', '/analysis/catalog/Budget')).status).toBe(500);
	});

	it('a catalog with several files downloads as <id>.zip', async () => {
		const download = await call('GET', '/analysis/catalog/SteelWheels');
		expect(download.headers.get('content-type')).toBe('application/zip');
		expect(download.headers.get('content-disposition')).toBe('attachment; filename="SteelWheels.zip"');
		const files = unzipSync(new Uint8Array(download.bytes));
		expect(Object.keys(files).sort()).toEqual(['SteelWheels.mondrian.xml', 'annotations.xml']);
		expect(strFromU8(files['SteelWheels.mondrian.xml'])).toContain('<Schema name="SteelWheels">');
	});

	it('refuses uploads without a file, without the boolean fields, of .xmi files or of non-schemas', async () => {
		expect((await call('PUT', '/analysis/catalog/Bad', { body: schemaForm({ overwrite: 'true', xmlaEnabledFlag: 'true' }) })).status).toBe(412);
		expect((await call('PUT', '/analysis/catalog/Bad', { body: schemaForm({}, { name: 'b.xml', content: SCHEMA }) })).status).toBe(500);
		const xmi = await call('PUT', '/analysis/catalog/Bad', { body: schemaForm({ overwrite: 'true', xmlaEnabledFlag: 'true' }, { name: 'model.xmi', content: SCHEMA }) });
		expect(xmi.status).toBe(412);
		expect(xmi.text).toMatch(/\.xmi/);
		const notSchema = await call('PUT', '/analysis/catalog/Bad', { body: schemaForm({ overwrite: 'true', xmlaEnabledFlag: 'true' }, { name: 'b.xml', content: '<x/>' }) });
		expect(notSchema.status).toBe(412);
		expect((await call('PUT', '/analysis/catalog/Bad', { headers: { 'Content-Type': 'application/json' }, body: '{}' })).status).toBe(415);
		expect(state().catalogs.some((c) => c.id === 'Bad')).toBe(false);
	});

	it('non-administrators get 403 on upload and 401 on download and delete', async () => {
		for (const user of ['suzy', 'analyst']) {
			expect((await call('GET', '/analysis/catalog', { user })).status).toBe(200);
			const put = await call('PUT', '/analysis/catalog/Theirs', { user, body: schemaForm({ overwrite: 'true', xmlaEnabledFlag: 'true' }, { name: 't.xml', content: SCHEMA }) });
			expect(put.status).toBe(403);
			expect(put.text).toMatch(/may not publish/);
			expect((await call('GET', '/analysis/catalog/SampleData', { user })).status).toBe(401);
			expect((await call('DELETE', '/analysis/catalog/SampleData', { user })).status).toBe(401);
		}
		expect(state().catalogs.map((c) => c.id)).toContain('SampleData');
		expect(state().catalogs.some((c) => c.id === 'Theirs')).toBe(false);
	});
});

describe('emulator: data source wizard domains', () => {
	it('lists, downloads (XMI as is, XMI plus schema as a zip) and deletes', async () => {
		const list = await call('GET', '/dsw/domain', { headers: { Accept: 'application/json' } });
		expect(JSON.parse(list.text).Item.map((i: { $: string }) => i.$)).toEqual(['sales_model.xmi', 'inventory.xmi']);
		expect((await call('GET', '/dsw/domain')).text).toContain('<Item xsi:type="xs:string">inventory.xmi</Item>');

		const xmi = await call('GET', '/dsw/domain/sales_model.xmi');
		expect(xmi.status).toBe(200);
		expect(xmi.headers.get('content-disposition')).toBe('attachment; filename="sales_model.xmi"');
		expect(xmi.text).toContain('<xmi:XMI');

		const zip = await call('GET', '/dsw/domain/inventory.xmi');
		expect(zip.headers.get('content-type')).toBe('application/zip');
		expect(zip.headers.get('content-disposition')).toBe('attachment; filename="inventory.zip"');
		expect(Object.keys(unzipSync(new Uint8Array(zip.bytes))).sort()).toEqual(['inventory.mondrian.xml', 'inventory.xmi']);

		for (const user of ['suzy', 'analyst']) {
			expect((await call('GET', '/dsw/domain/sales_model.xmi', { user })).status).toBe(401);
			expect((await call('DELETE', '/dsw/domain/sales_model.xmi', { user })).status).toBe(401);
		}

		const del = await call('DELETE', '/dsw/domain/sales_model.xmi');
		expect(del.status).toBe(200);
		expect(del.text).toBe('');
		expect((await call('GET', '/dsw/domain')).text).not.toContain('sales_model.xmi');
		expect((await call('GET', '/dsw/domain/sales_model.xmi')).status).toBe(500);
		expect((await call('DELETE', '/dsw/domain/sales_model.xmi')).status).toBe(500);
	});
});

describe('emulator: data-source seed and settings', () => {
	it('takes its connections, catalogs and domains from the seed, and can encrypt passwords', async () => {
		const seeded = await startEmulator({
			seed: {
				datasource: {
					connections: [{ name: 'Only', databaseType: 'MYSQL', hostname: 'h', databaseName: 'd', password: 'pw' }],
					catalogs: [{ id: 'Solo', content: SCHEMA }],
					domains: [],
					passwordMode: 'encrypt',
				},
			},
		});
		try {
			const get = (path: string, accept = 'application/json') =>
				fetch(`${seeded.url}${PREFIX}${path}`, { headers: { ...auth(), Accept: accept } }).then((r) => r.json());
			expect(await get('/jdbc/connection')).toEqual({ Item: { '@type': 'xs:string', $: 'Only' } });
			expect(await get('/analysis/catalog')).toEqual({ Item: { '@type': 'xs:string', $: 'Solo' } });
			expect(await get('/dsw/domain')).toEqual({});
			const bean = (await get('/jdbc/connection/Only')) as { password: string; databaseType: { shortName: string } };
			expect(bean.password).toMatch(/^Encrypted [0-9a-f]+$/);
			expect(bean.password).not.toContain('pw');
			expect(bean.databaseType.shortName).toBe('MYSQL');
		} finally {
			await seeded.stop();
		}
	});
});
