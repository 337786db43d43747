/** Exact requests of the Repository System operations (back up, restore, reserved characters). */
import { binaryBytes, binaryInput, exec, FILES, server, text, formOf, useNock } from './helpers';

useNock();

describe('System', () => {
	const version = (raw: string) => server().get('/pentaho/api/version/show').reply(200, raw, text);
	const noCsrf = () => server().get('/pentaho/api/csrf/token').query(true).reply(204);

	it('Back Up on 10.2.0.2-290+ posts logFile, logLevel and outputFile (all required there) and streams the zip', async () => {
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

	it('Back Up before 10.2.0.2-290 is a GET (a POST there is 405)', async () => {
		version('9.3.0.0-428');
		const scope = server().get(`${FILES}/backup`).reply(200, 'PKzip', { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="SystemBackup.zip"' });
		const result = await exec('system', 'backUp', { binaryPropertyName: 'data' });
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items[0].json).toMatchObject({ backedUp: true, fileName: 'SystemBackup.zip' });
	});

	it.each([
		['10.2.0.0-222', 'GET'],
		['10.2.0.1.255', 'GET'],
		['10.2.0.2-289', 'GET'],
		['10.2.0.2-290', 'POST'],
		['10.2.0.2.290', 'POST'],
		['10.2.0.0-419', 'POST'],
		['10.3.0.0-150', 'GET'],
		['10.3.0.0-200', 'POST'],
		['11.0.0.0-237', 'POST'],
	])('Back Up on %s is a %s: the change came with build 10.2.0.2-290 on the 10.2 line (issue 28, defect 10)', async (build, method) => {
		version(build);
		const reply = [200, 'PKzip', { 'Content-Type': 'application/zip' }] as const;
		const scope = method === 'POST' ? server().post(`${FILES}/backup`).reply(...reply) : server().get(`${FILES}/backup`).reply(...reply);
		const result = await exec('system', 'backUp', { binaryPropertyName: 'data' });
		expect(result.error).toBeUndefined();
		scope.done();
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
			{ binaryPropertyName: 'zip', options: { overwriteFile: false, applyAclSettings: true, overwriteAclSettings: true, logLevel: 'WARN' } },
			{ input: [binaryInput('PKzipdata', fileName, 'application/zip', 'zip')] },
		);
		expect(result.error).toBeUndefined();
		scope.done();
		const boundary = /boundary=(.+)$/.exec(contentType)?.[1];
		expect(boundary).toBeDefined();
		expect(body.endsWith(`--${boundary}--\r\n`)).toBe(true);
		return { body, boundary, result };
	}

	it('Restore on 10.2.0.2-290+ sends backupBundlePath (the import is named after it) and the required log fields', async () => {
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

	it('Restore lowercases the .zip of the bundle name: the importer looks the extension up case-sensitively (issue 28, defect 9)', async () => {
		const { body } = await restoreBody('11.0.0.0-237', 'Nightly.ZIP');
		expect(body).toContain('Content-Disposition: form-data; name="backupBundlePath"\r\n\r\nNightly.zip\r\n');
		expect(body).toContain('Content-Disposition: form-data; name="fileUpload"; filename="Nightly.zip"');
	});

	it('Restore before 10.2.0.2-290 sends only the fields that server reads', async () => {
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
