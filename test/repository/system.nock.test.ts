/** Exact requests of the System, Repository Resource, LDAP and Session operations, and failures. */
import nock from 'nock';

import { AUTH, BASE, binaryBytes, binaryInput, exec, FILES, HOST, rl, SERVER_PASSWORD, serverCredentials } from './helpers';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

function server(headers: Record<string, string> = {}) {
	return nock(HOST, { reqheaders: { authorization: AUTH, ...headers } });
}

const json = { 'Content-Type': 'application/json' };
const text = { 'Content-Type': 'text/plain' };

function formOf(body: unknown): Record<string, string> {
	if (body !== null && typeof body === 'object') return Object.fromEntries(Object.entries(body as Record<string, string>));
	return Object.fromEntries(new URLSearchParams(String(body)));
}

describe('System', () => {
	const version = (raw: string) => server().get('/pentaho/api/version/show').reply(200, raw, text);
	const noCsrf = () => server().get('/pentaho/api/csrf/token').query(true).reply(204);

	it('Back Up on 10.2.0.3+ posts logFile, logLevel and outputFile (all required there) and streams the zip', async () => {
		version('10.2.0.3-305');
		let form: Record<string, string> = {};
		const scope = server({ 'content-type': 'application/x-www-form-urlencoded' })
			.post(`${FILES}/backup`, (body) => {
				form = formOf(body);
				return true;
			})
			.reply(200, 'PK\u0003\u0004zip', { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="nightly.zip"' });
		const result = await exec('system', 'backUp', { binaryPropertyName: 'backup', options: { outputFile: 'nightly.zip', logLevel: 'DEBUG' } });
		expect(result.error).toBeUndefined();
		scope.done();
		// The defaults send a log file: without one the real server fails with 500.
		expect(form).toEqual({ logLevel: 'DEBUG', logFile: 'backup.log', outputFile: 'nightly.zip' });
		expect(result.items[0].json).toMatchObject({ backedUp: true, fileName: 'nightly.zip', mimeType: 'application/zip' });
		expect((await binaryBytes(result.items[0], 'backup')).toString('latin1')).toBe('PK\u0003\u0004zip');
	});

	it('Back Up before 10.2.0.3 is a GET (a POST there is 405)', async () => {
		version('9.3.0.0-428');
		const scope = server().get(`${FILES}/backup`).reply(200, 'PKzip', { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="SystemBackup.zip"' });
		const result = await exec('system', 'backUp', { binaryPropertyName: 'data' });
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items[0].json).toMatchObject({ backedUp: true, fileName: 'SystemBackup.zip' });
	});

	it('Back Up on a server that does not tell its version posts, and gets when the POST is 405', async () => {
		server().get('/pentaho/api/version/show').reply(404);
		const scope = server().post(`${FILES}/backup`).reply(405).get(`${FILES}/backup`).reply(200, 'PKzip', { 'Content-Type': 'application/zip' });
		const result = await exec('system', 'backUp', { binaryPropertyName: 'data' });
		expect(result.error).toBeUndefined();
		scope.done();
	});

	it('Back Up refuses a log file name the server would refuse, before any request', async () => {
		const result = await exec('system', 'backUp', { binaryPropertyName: 'data', logFile: '../backup.csv' });
		expect(result.error?.message).toMatch(/must end in \.log or \.txt/);
	});

	it('Back Up by a non-administrator fails with the server\'s clear refusal', async () => {
		version('11.0.0.0-237');
		server().post(`${FILES}/backup`).reply(403, 'User suzy does not have administrative permission', text);
		const result = await exec('system', 'backUp', { binaryPropertyName: 'data' });
		expect(result.error?.message).toBe('User suzy does not have administrative permission');
		expect(result.error?.httpCode).toBe('403');
		expect(result.error?.description).toContain('this user lacks the permission');
	});

	async function restoreBody(serverVersion: string, fileName: string) {
		version(serverVersion);
		noCsrf();
		let body = '';
		let contentType = '';
		const scope = server()
			.post(`${FILES}/systemRestore`, function (this: { headers: Record<string, string> }, raw) {
				body = String(raw);
				return true;
			})
			.reply(function () {
				contentType = String(this.req.headers['content-type']);
				return [200, ''];
			});
		const result = await exec(
			'system',
			'restore',
			{ binaryPropertyName: 'zip', overwriteFile: false, applyAclSettings: true, overwriteAclSettings: true, options: { logLevel: 'WARN' } },
			{ input: [binaryInput('PKzipdata', fileName, 'application/zip', 'zip')] },
		);
		expect(result.error).toBeUndefined();
		scope.done();
		const boundary = /boundary=(.+)$/.exec(contentType)?.[1];
		expect(boundary).toBeDefined();
		expect(body.endsWith(`--${boundary}--\r\n`)).toBe(true);
		return { body, boundary, result };
	}

	it('Restore on 10.2.0.3+ sends backupBundlePath (the import is named after it) and the required log fields', async () => {
		const { body, boundary, result } = await restoreBody('11.0.0.0-237', 'backup.zip');
		expect(body).toContain(`--${boundary}\r\nContent-Disposition: form-data; name="fileUpload"; filename="backup.zip"\r\nContent-Type: application/zip\r\n\r\nPKzipdata\r\n`);
		for (const [name, value] of [['overwriteFile', 'false'], ['applyAclSettings', 'true'], ['overwriteAclSettings', 'true'], ['logLevel', 'WARN'], ['logFile', 'restore.log'], ['backupBundlePath', 'backup.zip']]) {
			expect(body).toContain(`Content-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
		}
		expect(result.items[0].json).toEqual({
			restored: true,
			fileName: 'backup.zip',
			overwriteFile: false,
			applyAclSettings: true,
			overwriteAclSettings: true,
			backupBundlePath: 'backup.zip',
			logFile: 'restore.log',
			logLevel: 'WARN',
			serverVersion: '11.0.0.0-237',
		});
	});

	it('Restore names a bundle that does not end in .zip SystemBackup.zip (the importer picks its handler by the name)', async () => {
		const { body } = await restoreBody('10.2.0.3-305', 'nightly-backup');
		expect(body).toContain('Content-Disposition: form-data; name="backupBundlePath"\r\n\r\nSystemBackup.zip\r\n');
	});

	it('Restore before 10.2.0.3 sends only the fields that server reads', async () => {
		const { body, result } = await restoreBody('9.3.0.0-428', 'backup.zip');
		expect(body).not.toContain('name="logFile"');
		expect(body).not.toContain('name="backupBundlePath"');
		expect(result.items[0].json).not.toHaveProperty('logFile');
	});

	it('Restore without the binary field fails before any request', async () => {
		const result = await exec('system', 'restore', { binaryPropertyName: 'zip' });
		expect(result.error?.message).toMatch(/zip/);
	});

	it('Get Reserved Characters keeps control characters; the display form is split', async () => {
		const scope = server({ accept: 'text/plain' })
			.get(`${FILES}/reservedCharacters`)
			.reply(200, '/\\\t\r\n', text)
			.get(`${FILES}/reservedCharactersDisplay`)
			.reply(200, '/, \\, \\t, \\r, \\n', text);
		const raw = await exec('system', 'getReservedCharacters');
		const display = await exec('system', 'getReservedCharactersForDisplay');
		scope.done();
		expect(raw.items[0].json).toEqual({ reservedCharacters: '/\\\t\r\n', characters: ['/', '\\', '\t', '\r', '\n'] });
		expect(display.items[0].json).toEqual({ reservedCharactersDisplay: '/, \\, \\t, \\r, \\n', characters: ['/', '\\', '\\t', '\\r', '\\n'] });
	});
});

describe('Repository Resource', () => {
	it('Get of a file context sends the path id and extra parameters; JSON becomes items', async () => {
		server()
			.get('/pentaho/api/repos/:public:Sample%20Reports:r.prpt/viewer')
			.query({ 'output-target': 'json', region: 'EMEA' })
			.reply(200, [{ row: 1 }, { row: 2 }], json);
		const result = await exec('resource', 'get', {
			contextType: 'file',
			path: rl('/public/Sample Reports/r.prpt'),
			resourceId: 'viewer',
			parameters: { parameter: [{ name: 'output-target', value: 'json' }, { name: 'region', value: 'EMEA' }] },
			binaryPropertyName: 'data',
		});
		expect(result.items.map((i) => i.json)).toEqual([{ row: 1 }, { row: 2 }]);
	});

	it('Get of a plugin resource that is not JSON becomes a file', async () => {
		server().get('/pentaho/api/repos/common-ui/logo.png').reply(200, Buffer.from([0x89, 0x50, 0x4e, 0x47]), { 'Content-Type': 'image/png' });
		const result = await exec('resource', 'get', { contextType: 'id', contextId: 'common-ui', resourceId: 'logo.png', binaryPropertyName: 'img' });
		expect(result.items[0].json).toMatchObject({ contextId: 'common-ui', resourceId: 'logo.png', fileName: 'logo.png', mimeType: 'image/png' });
		expect([...(await binaryBytes(result.items[0], 'img'))]).toEqual([0x89, 0x50, 0x4e, 0x47]);
	});

	it('Post sends the properties as a form', async () => {
		let form: Record<string, string> = {};
		const scope = server({ 'content-type': 'application/x-www-form-urlencoded' })
			.post('/pentaho/api/repos/:public:r.prpt/settings', (body) => {
				form = formOf(body);
				return true;
			})
			.reply(200);
		const result = await exec('resource', 'post', {
			contextType: 'file',
			path: rl('/public/r.prpt'),
			resourceId: 'settings',
			formProperties: { parameter: [{ name: 'theme', value: 'dark & blue' }] },
		});
		scope.done();
		expect(form).toEqual({ theme: 'dark & blue' });
		expect(result.items[0].json).toEqual({ contextId: ':public:r.prpt', resourceId: 'settings', path: '/public/r.prpt', properties: { theme: 'dark & blue' }, success: true });
	});

	it('Get Default URL reads the 303 Location without following it', async () => {
		server().get('/pentaho/api/repos/:public:r.prpt/default').reply(303, '', { Location: `${BASE}/api/repos/:public:r.prpt/viewer` });
		const result = await exec('resource', 'getDefaultUrl', { path: rl('/public/r.prpt') });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toEqual({ path: '/public/r.prpt', url: `${BASE}/api/repos/:public:r.prpt/viewer`, statusCode: 303 });
	});
});

describe('LDAP', () => {
	const attributes = [
		{ key: 'securityProvider', value: 'jackrabbit' },
		{ key: 'contextSource.providerUrl', value: 'ldap://old' },
		{ key: 'contextSource.password', value: '****' },
	];

	it('Get Settings gives the attributes as one item, without the password unless asked', async () => {
		server({ accept: 'application/json' }).get('/pentaho/api/ldap/config/getAttributeValues').twice().reply(200, { attributes }, json);
		const plain = await exec('ldap', 'getSettings');
		const withPassword = await exec('ldap', 'getSettings', { options: { includePassword: true } });
		expect(plain.items[0].json).toEqual({ securityProvider: 'jackrabbit', 'contextSource.providerUrl': 'ldap://old' });
		expect(withPassword.items[0].json['contextSource.password']).toBe('****');
	});

	it('Update Settings reads the current set and sends it back with the changes (not the read password)', async () => {
		const scope = server()
			.get('/pentaho/api/ldap/config/getAttributeValues')
			.reply(200, { attributes }, json)
			.put('/pentaho/api/ldap/config/setAttributeValues', {
				attributes: [
					{ key: 'securityProvider', value: 'ldap' },
					{ key: 'contextSource.providerUrl', value: 'ldap://old' },
					{ key: 'populator.searchSubtree', value: 'true' },
				],
			})
			.reply(200);
		const result = await exec('ldap', 'updateSettings', { attributes: { securityProvider: 'ldap', populatorSearchSubtree: true } });
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items[0].json).toEqual({ updated: true, changed: ['populator.searchSubtree', 'securityProvider'], sent: ['securityProvider', 'contextSource.providerUrl', 'populator.searchSubtree'] });
	});

	it('Update Settings with "only changed" sends just those keys, the password included when set', async () => {
		const scope = server({ 'content-type': 'application/json' })
			.put('/pentaho/api/ldap/config/setAttributeValues', {
				attributes: [
					{ key: 'contextSource.password', value: 'n3w-secret' },
					{ key: 'contextSource.userDn', value: 'cn=svc' },
				],
			})
			.reply(200);
		const result = await exec('ldap', 'updateSettings', { attributes: { contextSourcePassword: 'n3w-secret', contextSourceUserDn: 'cn=svc' }, onlyChanged: true });
		expect(result.error).toBeUndefined();
		scope.done();
		expect(JSON.stringify(result.items)).not.toContain('n3w-secret');
		const none = await exec('ldap', 'updateSettings', { attributes: {} });
		expect(none.error?.message).toBe('Add at least one attribute to change');
	});
});

describe('Session', () => {
	it('Is Administrator and Is Authenticated read text answers; 401 means not authenticated', async () => {
		const scope = server({ accept: 'text/plain' })
			.get('/pentaho/api/mantle/isAdministrator')
			.reply(200, 'true', text)
			// n8n retries a 401 once after re-reading the credential.
			.get('/pentaho/api/mantle/isAuthenticated')
			.times(2)
			.reply(401, 'Unauthorized', text);
		const admin = await exec('session', 'isAdministrator');
		const authenticated = await exec('session', 'isAuthenticated');
		expect(authenticated.error?.message).toBeUndefined();
		scope.done();
		expect(admin.items[0].json).toEqual({ isAdministrator: true });
		expect(authenticated.items[0].json).toEqual({ isAuthenticated: false });
	});
});

describe('failures', () => {
	it('continueOnFail turns each failed item into one error item paired to it, without the password', async () => {
		const scope = server()
			.get(`${FILES}/:public:a.ktr/acl`)
			.reply(500, `Internal error for ${SERVER_PASSWORD}`, text)
			.get(`${FILES}/:public:b.ktr/acl`)
			.reply(200, { owner: 'admin', ownerType: 0, entriesInheriting: true, aces: [] }, json);
		const result = await exec(
			'access',
			'getAcl',
			{ path: '={{ $json.path }}' },
			{ input: [{ json: { path: '/public/a.ktr' } }, { json: { path: '' } }, { json: { path: '/public/b.ktr' } }], continueOnFail: true },
		);
		scope.done();
		expect(result.items).toHaveLength(3);
		expect(result.items[0]).toMatchObject({ json: { error: 'Internal error for ***' }, pairedItem: { item: 0 } });
		expect(result.items[1]).toMatchObject({ json: { error: 'Path is empty: give a repository path such as /home/admin/sales.ktr' }, pairedItem: { item: 1 } });
		expect(result.items[2]).toMatchObject({ json: { path: '/public/b.ktr', owner: 'admin' }, pairedItem: { item: 2 } });
		expect(JSON.stringify(result.run)).not.toContain(SERVER_PASSWORD);
	});

	it('without continueOnFail the first bad item fails the node before any request is sent', async () => {
		const result = await exec('file', 'getProperties', { path: '={{ $json.path }}' }, { input: [{ json: { path: '/public' } }, { json: { path: 'relative/x' } }] });
		expect(result.error?.message).toBe('Path "relative/x" must start with "/" (for example /public/relative/x)');
		expect(result.error?.context?.itemIndex).toBe(1);
	});

	it('a node credential on another base URL is used as is', async () => {
		const other = nock('http://other.test').get('/bi/api/mantle/isAdministrator').reply(200, 'false', text);
		const result = await exec('session', 'isAdministrator', {}, { credentials: serverCredentials('http://other.test/bi/') });
		other.done();
		expect(result.items[0].json).toEqual({ isAdministrator: false });
	});
});
