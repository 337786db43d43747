/**
 * Exact requests of Repository › File › Import (POST /api/repo/files/import, multipart) and how the
 * server's answers become items or errors: the HTML import log (failures are only logged there, with
 * HTTP 200), INVALID_MIME_TYPE(_PARTIAL), the 500 with the exception's text, and the folder read back
 * before and after (what is missing fails the item).
 */
import { zipSync, strToU8 } from 'fflate';
import nock from 'nock';

import { binaryInput, exec, FILES, json, rl, server, text, useNock } from './helpers';

useNock();

const ZIP = 'application/zip';

function zipOf(entries: Record<string, string>): Buffer {
	const files: Record<string, Uint8Array> = {};
	for (const [name, content] of Object.entries(entries)) files[name] = strToU8(content);
	return Buffer.from(zipSync(files));
}

const MANIFEST = '<?xml version="1.0" encoding="UTF-8"?><ExportManifest><ExportManifestInformation exportBy="admin" exportDate="2026-01-01" manifestVersion="2"/></ExportManifest>';

interface Part {
	name: string;
	fileName?: string;
	contentType?: string;
	value: string;
}

/** The parts of a multipart body, in order. */
function partsOf(raw: string, contentType: string): Part[] {
	const boundary = /boundary=(.+)$/.exec(contentType)?.[1];
	if (!boundary) throw new Error(`no boundary in ${contentType}`);
	// nock hands a body that is not UTF-8 (a zip) over as hex.
	const body = raw.includes(boundary) ? raw : Buffer.from(raw, 'hex').toString('latin1');
	if (!body.endsWith(`--${boundary}--\r\n`)) throw new Error('the multipart body does not end with its closing boundary');
	return body
		.split(`--${boundary}`)
		.slice(1, -1)
		.map((raw) => {
			const [head, ...rest] = raw.replace(/^\r\n/, '').split('\r\n\r\n');
			const value = rest.join('\r\n\r\n').replace(/\r\n$/, '');
			const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
			const fileName = /filename="([^"]*)"/.exec(head)?.[1];
			const type = /Content-Type: (.+)/i.exec(head)?.[1];
			return { name, value, ...(fileName === undefined ? {} : { fileName }), ...(type ? { contentType: type.trim() } : {}) };
		});
}

/** A repository tree answer: the folder and its files (paths relative to it). */
function tree(folder: string, files: Array<{ path: string; size?: number; modified?: number }>) {
	const children = new Map<string, { file: object; children: unknown[] }>();
	const root = { file: { name: folder.split('/').pop() || '/', path: folder, folder: true }, children: [] as unknown[] };
	for (const f of files) {
		const parts = f.path.split('/');
		let parent = root;
		for (let i = 0; i < parts.length - 1; i++) {
			const path = `${folder}/${parts.slice(0, i + 1).join('/')}`;
			let node = children.get(path);
			if (!node) {
				node = { file: { name: parts[i], path, folder: true }, children: [] };
				children.set(path, node);
				parent.children.push(node);
			}
			parent = node as typeof root;
		}
		parent.children.push({ file: { name: parts[parts.length - 1], path: `${folder}/${f.path}`, folder: false, fileSize: f.size ?? 10, lastModifiedDate: String(f.modified ?? 1700000000000) } });
	}
	return root;
}

/** The HTML import log as the server's RepositoryImportHTMLLayout writes it. */
function importLog(rows: Array<[string, string, string]>): string {
	const cells = rows
		.map(([path, level, message]) => {
			const shown = level === 'ERROR' ? `<font color="#993300"><strong>${level}</strong></font>` : level;
			return `\n<tr>\n<td title="importFile">${path}</td>\n<td title="Level">${shown}</td>\n<td title="Message">${message}</td>\n</tr>\n`;
		})
		.join('');
	return `<html><head><title>Repository Import Log</title></head><body><table>${cells}</table></body></html>`;
}

const reserved = () => server({ accept: 'text/plain' }).get(`${FILES}/reservedCharacters`).reply(200, '/\\\t\r\n', text);
const version = (raw: string) => server().get('/pentaho/api/version/show').reply(200, raw, text);
const treeQuery = (depth: number) => ({ depth: String(depth), showHidden: 'true', includeAcls: 'false' });

interface Sent {
	parts: Part[];
	headers: Record<string, string>;
}

/** The import request: captures its parts and headers, answers `status` with `body`. */
function importRoute(status: number, body: string, headers: Record<string, string> = {}) {
	const sent: Sent = { parts: [], headers: {} };
	const scope = server(headers)
		.post(`${FILES}/import`, () => true)
		.reply(function (_uri, raw) {
			sent.headers = this.req.headers as Record<string, string>;
			sent.parts = partsOf(String(raw), String(this.req.headers['content-type']));
			return [status, body, { 'Content-Type': 'text/html' }];
		});
	return { scope, sent };
}

const etlZip = () => zipOf({ 'exportManifest.xml': MANIFEST, 'etl/': '', 'etl/daily_load.kjb': '<job/>', 'etl/load%2Bsales.ktr': '<transformation/>', 'etl/load+sales.ktr.locale': 'name=x' });

describe('File › Import', () => {
	it('posts every part the resource reads, with the zip as it is, sends the CSRF token and its session cookie, and reads the folder back', async () => {
		reserved();
		version('11.0.0.0.237');
		const before = server().get(`${FILES}/:public/tree`).query(treeQuery(2)).reply(200, tree('/public', [{ path: 'etl/daily_load.kjb', modified: 1600000000000 }]), json);
		const token = server()
			.get('/pentaho/api/csrf/token')
			.query({ url: 'http://bi.test/pentaho/api/repo/files/import' })
			.reply(204, '', { 'X-CSRF-HEADER': 'X-CSRF-TOKEN', 'X-CSRF-TOKEN': 'tok-1', 'Set-Cookie': 'JSESSIONID=abc; Path=/pentaho; HttpOnly' });
		const { scope, sent } = importRoute(200, importLog([['/public', 'INFO', 'Start Import Job'], ['/public', 'INFO', 'End Import Job']]), { 'x-csrf-token': 'tok-1', cookie: 'JSESSIONID=abc' });
		const after = server()
			.get(`${FILES}/:public/tree`)
			.query(treeQuery(2))
			.reply(200, tree('/public', [{ path: 'etl/daily_load.kjb', modified: 1700000000000, size: 6 }, { path: 'etl/load+sales.ktr', size: 17 }]), json);
		const zip = etlZip();
		const result = await exec('file', 'import', { folder: rl('/public'), binaryPropertyName: 'data' }, { input: [binaryInput(zip, 'etl.zip', ZIP)] });
		expect(result.error).toBeUndefined();
		for (const s of [before, token, scope, after]) s.done();
		expect(sent.parts.map((p) => p.name)).toEqual([
			'importDir',
			'fileUpload',
			'overwriteFile',
			'overwriteAclPermissions',
			'applyAclPermissions',
			'retainOwnership',
			'charSet',
			'logLevel',
			'fileNameOverride',
		]);
		const part = Object.fromEntries(sent.parts.map((p) => [p.name, p]));
		expect(part.importDir.value).toBe('/public');
		expect(part.fileUpload).toMatchObject({ fileName: 'etl.zip', contentType: ZIP });
		expect(Buffer.from(part.fileUpload.value, 'latin1').equals(zip)).toBe(true);
		expect([part.overwriteFile.value, part.overwriteAclPermissions.value, part.applyAclPermissions.value, part.retainOwnership.value]).toEqual(['true', 'false', 'false', 'false']);
		expect([part.charSet.value, part.logLevel.value, part.fileNameOverride.value]).toEqual(['UTF-8', 'ERROR', 'etl.zip']);
		expect(result.items).toHaveLength(1);
		// With a manifest the importer URL-decodes the entry names: load%2Bsales.ktr is stored as load+sales.ktr.
		expect(result.items[0].json).toEqual({
			complete: true,
			folder: '/public',
			fileName: 'etl.zip',
			archive: true,
			withManifest: true,
			created: 1,
			replaced: 1,
			kept: 0,
			missing: 0,
			files: [
				{ path: '/public/etl/daily_load.kjb', status: 'replaced', lastModifiedDate: '2023-11-14T22:13:20.000Z', fileSize: 6 },
				{ path: '/public/etl/load+sales.ktr', status: 'created', lastModifiedDate: '2023-11-14T22:13:20.000Z', fileSize: 17 },
			],
			localeFiles: ['/public/etl/load sales.ktr.locale'],
			serverVersion: '11.0.0.0.237',
		});
	});

	it('works with CSRF protection off: no token header, no cookie', async () => {
		reserved();
		version('9.3.0.0.428');
		server().get(`${FILES}/:home:admin/tree`).query(treeQuery(1)).reply(200, tree('/home/admin', []), json);
		server().get('/pentaho/api/csrf/token').query(true).reply(404).get('/pentaho/api/system/csrf').query(true).reply(404);
		const { scope, sent } = importRoute(200, '');
		server().get(`${FILES}/:home:admin/tree`).query(treeQuery(1)).reply(200, tree('/home/admin', [{ path: 'sales.ktr' }]), json);
		const result = await exec('file', 'import', { folder: rl('/home/admin'), binaryPropertyName: 'data', options: { overwriteFile: false, logLevel: 'INFO' } }, { input: [binaryInput('<t/>', 'sales.ktr', 'text/xml')] });
		expect(result.error).toBeUndefined();
		scope.done();
		expect(Object.keys(sent.headers).filter((h) => /csrf|cookie/i.test(h))).toEqual([]);
		const part = Object.fromEntries(sent.parts.map((p) => [p.name, p.value]));
		expect(part).toMatchObject({ importDir: '/home/admin', overwriteFile: 'false', logLevel: 'INFO', fileNameOverride: 'sales.ktr', fileUpload: '<t/>' });
		expect(result.items[0].json).toMatchObject({ complete: true, archive: false, created: 1, files: [{ path: '/home/admin/sales.ktr', status: 'created' }] });
		expect(result.items[0].json).not.toHaveProperty('withManifest');
	});

	it('an existing file with Overwrite off is "kept": the server skips it without a word', async () => {
		reserved();
		version('10.2.0.0.222');
		const existing = [{ path: 'sales.ktr', modified: 1600000000000 }];
		server().get(`${FILES}/:home:admin/tree`).query(treeQuery(1)).twice().reply(200, tree('/home/admin', existing), json);
		server().get('/pentaho/api/csrf/token').query(true).reply(204);
		importRoute(200, importLog([]));
		const result = await exec('file', 'import', { folder: rl('/home/admin'), binaryPropertyName: 'data', options: { overwriteFile: false } }, { input: [binaryInput('<t/>', 'sales.ktr', 'text/xml')] });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ complete: true, kept: 1, created: 0, files: [{ path: '/home/admin/sales.ktr', status: 'kept', lastModifiedDate: '2020-09-13T12:26:40.000Z' }] });
	});

	it('a file the server only logged as failed is missing: the item fails with the log\'s message, the 200 notwithstanding', async () => {
		reserved();
		version('10.2.0.10.434');
		server().get(`${FILES}/:public/tree`).query(treeQuery(2)).reply(200, tree('/public', []), json);
		server().get('/pentaho/api/csrf/token').query(true).reply(204);
		importRoute(
			200,
			importLog([
				['/public', 'INFO', 'Start Import Job'],
				['/public/etl/load+sales.ktr', 'ERROR', 'Could not import: General Error : Missing plugins &lt;Dummy&gt;'],
				['/public', 'INFO', 'End Import Job'],
			]),
		);
		server().get(`${FILES}/:public/tree`).query(treeQuery(2)).reply(200, tree('/public', [{ path: 'etl/daily_load.kjb' }]), json);
		const result = await exec('file', 'import', { folder: rl('/public'), binaryPropertyName: 'data' }, { input: [binaryInput(etlZip(), 'etl.zip', ZIP)] });
		expect(result.error?.message).toBe('The server imported 1 of 2 file(s) into /public; missing: /public/etl/load+sales.ktr');
		expect(result.error?.description).toContain('/public/etl/load+sales.ktr: not in the folder after the import (Could not import: General Error : Missing plugins <Dummy>)');
		expect(result.error?.httpCode).toBe('200');
	});

	it('with Fail on Incomplete Import off, the item says what is missing; server-log errors of other files are listed', async () => {
		reserved();
		version('11.0.0.0.237');
		server().get(`${FILES}/:public/tree`).query(treeQuery(2)).reply(200, tree('/public', []), json);
		server().get('/pentaho/api/csrf/token').query(true).reply(204);
		importRoute(200, `INVALID_MIME_TYPE_PARTIAL`);
		server().get(`${FILES}/:public/tree`).query(treeQuery(2)).reply(200, tree('/public', [{ path: 'etl/a.ktr' }]), json);
		const zip = zipOf({ 'etl/a.ktr': '<t/>', 'etl/b.exe': 'MZ' });
		const result = await exec('file', 'import', { folder: rl('/public'), binaryPropertyName: 'data', options: { failOnIncomplete: false } }, { input: [binaryInput(zip, 'etl.zip', ZIP)] });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			complete: false,
			withManifest: false,
			created: 1,
			missing: 1,
			skippedUnknownTypes: true,
			files: [
				{ path: '/public/etl/a.ktr', status: 'created' },
				{ path: '/public/etl/b.exe', status: 'missing' },
			],
		});
	});

	it('errors in the log that belong to no file fail the item too (a manifest data source, a zip entry with a reserved name)', async () => {
		reserved();
		version('11.0.0.0.237');
		server().get(`${FILES}/:public/tree`).query(treeQuery(1)).twice().reply(200, tree('/public', [{ path: 'a.ktr' }]), json);
		server().get('/pentaho/api/csrf/token').query(true).reply(204);
		importRoute(200, importLog([['/public', 'ERROR', 'Could not import: General Error : datasource SampleData exists']]));
		const result = await exec('file', 'import', { folder: rl('/public'), binaryPropertyName: 'data' }, { input: [binaryInput(zipOf({ 'a.ktr': '<t/>' }), 'a.zip', ZIP)] });
		expect(result.error?.message).toBe('The server could not import everything into /public: Could not import: General Error : datasource SampleData exists');
	});

	it('a 500 is the server\'s exception in its words; an access refusal says what the server checks and whether the folder exists', async () => {
		reserved();
		version('11.0.0.0.237');
		server().get(`${FILES}/:public:new/tree`).query(treeQuery(1)).reply(204);
		server().get('/pentaho/api/csrf/token').query(true).reply(204);
		importRoute(500, 'org.pentaho.platform.api.engine.PentahoAccessControlException: User is not authorized to perform this operation');
		const result = await exec('file', 'import', { folder: rl('/public/new'), binaryPropertyName: 'data' }, { input: [binaryInput('<t/>', 'a.ktr', 'text/xml')] });
		expect(result.error?.message).toBe('The server refused the import: User is not authorized to perform this operation');
		expect(result.error?.httpCode).toBe('500');
		expect(result.error?.description).toContain('(PentahoAccessControlException)');
		expect(result.error?.description).toContain('the user may not import here');
		expect(result.error?.description).toContain('The folder /public/new does not exist yet.');
	});

	it('a 500 with the container\'s error page (9.x/10.x) names the possible causes', async () => {
		reserved();
		version('10.2.0.0.222');
		server().get(`${FILES}/:public/tree`).query(treeQuery(1)).reply(200, tree('/public', []), json);
		server().get('/pentaho/api/csrf/token').query(true).reply(204);
		importRoute(500, '<!doctype html><html><head><title>HTTP Status 500 – Internal Server Error</title></head><body><h1>HTTP Status 500 – Internal Server Error</h1></body></html>');
		const result = await exec('file', 'import', { folder: rl('/public'), binaryPropertyName: 'data' }, { input: [binaryInput('<t/>', 'a.ktr', 'text/xml')] });
		expect(result.error?.message).toBe('The server refused the import (HTTP 500 with its generic page)');
		expect(result.error?.description).toMatch(/one of: the user may not import here .* or the repository refused to write/);
	});

	it('INVALID_MIME_TYPE (no importer for the extension, HTTP 200) is an error: nothing was imported', async () => {
		reserved();
		version('9.3.0.0.428');
		server().get(`${FILES}/:public/tree`).query(treeQuery(1)).reply(200, tree('/public', []), json);
		server().get('/pentaho/api/csrf/token').query(true).reply(204);
		importRoute(200, 'INVALID_MIME_TYPE');
		const result = await exec('file', 'import', { folder: rl('/public'), binaryPropertyName: 'data' }, { input: [binaryInput('a,b', 'sales.csv', 'text/csv')] });
		expect(result.error?.message).toBe('The server has no importer for "sales.csv" and imported nothing');
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('a 403 without a message (the CSRF filter) is explained', async () => {
		reserved();
		version('11.0.0.0.237');
		server().get(`${FILES}/:public/tree`).query(treeQuery(1)).reply(200, tree('/public', []), json);
		server().get('/pentaho/api/csrf/token').query(true).reply(204, '', { 'X-CSRF-TOKEN': 'stale' });
		server().post(`${FILES}/import`).reply(403, '');
		const result = await exec('file', 'import', { folder: rl('/public'), binaryPropertyName: 'data' }, { input: [binaryInput('<t/>', 'a.ktr', 'text/xml')] });
		expect(result.error?.message).toMatch(/^The server refused the import \(403\): with CSRF protection on/);
	});

	it.each([
		['10.2.0.10.434', 'Q1, Q2+50%.zip', 'Q1%2C Q2%2B50%25.zip'],
		['11.0.0.2.276', 'Q1, Q2+50%.zip', 'Q1%2C Q2%2B50%25.zip'],
		['11.0.0.0.237', 'Q2+50%.zip', 'Q2+50%.zip'],
		['9.3.0.0.428', 'Q1, Q2+50%.zip', 'Q1, Q2+50%.zip'],
	])('on %s the file name %p travels as %p (split at commas from 10.2, URL-decoded from 10.2.0.9-405 / 11.0.0.2-276)', async (build, name, sent) => {
		reserved();
		version(build);
		server().get(`${FILES}/:public/tree`).query(treeQuery(1)).twice().reply(200, tree('/public', [{ path: 'a.ktr' }]), json);
		server().get('/pentaho/api/csrf/token').query(true).reply(204);
		const route = importRoute(200, '');
		const result = await exec('file', 'import', { folder: rl('/public'), binaryPropertyName: 'data', options: { fileName: name } }, { input: [binaryInput(zipOf({ 'a.ktr': '<t/>' }), 'x.zip', ZIP)] });
		expect(result.error).toBeUndefined();
		expect(route.sent.parts.find((p) => p.name === 'fileNameOverride')?.value).toBe(sent);
		expect(route.sent.parts.find((p) => p.name === 'fileUpload')?.fileName).toBe(name);
	});

	it('a comma in the name on a 10.2 GA server is refused before the import (the server would split the name)', async () => {
		reserved();
		version('10.2.0.0.222');
		server().get(`${FILES}/:public/tree`).query(treeQuery(1)).optionally().reply(200, tree('/public', []), json);
		const result = await exec('file', 'import', { folder: rl('/public'), binaryPropertyName: 'data', options: { fileName: 'a,b.ktr' } }, { input: [binaryInput('<t/>', 'x.ktr', 'text/xml')] });
		expect(result.error?.message).toMatch(/contains ",", where server 10\.2\.0\.0\.222 splits the names/);
	});

	it('a name ending in .ZIP is sent as .zip (the importer looks the extension up case-sensitively)', async () => {
		reserved();
		version('11.0.0.0.237');
		server().get(`${FILES}/:public/tree`).query(treeQuery(1)).twice().reply(200, tree('/public', [{ path: 'a.ktr' }]), json);
		server().get('/pentaho/api/csrf/token').query(true).reply(204);
		const route = importRoute(200, '');
		const result = await exec('file', 'import', { folder: rl('/public'), binaryPropertyName: 'data' }, { input: [binaryInput(zipOf({ 'a.ktr': '<t/>' }), 'Export.ZIP', ZIP)] });
		expect(result.error).toBeUndefined();
		expect(route.sent.parts.find((p) => p.name === 'fileNameOverride')?.value).toBe('Export.zip');
	});

	it.each([
		['a file named .zip that is not a zip', binaryInput('not a zip', 'etl.zip', ZIP), {}, /The file etl\.zip is not a zip archive/],
		['an empty zip', binaryInput(zipOf({}), 'etl.zip', ZIP), {}, /holds no files/],
		['no binary field', { json: {} }, {}, /binary/i],
		['a file name with a slash', binaryInput('<t/>', 'a.ktr', 'text/xml'), { fileName: 'x/a.ktr' }, /may not contain "\/"/],
		['a bad character set', binaryInput('<t/>', 'a.ktr', 'text/xml'), { charSet: 'utf 8; x' }, /not a character set name/],
	])('%s fails before any request', async (_label, input, options, message) => {
		const result = await exec('file', 'import', { folder: rl('/public'), binaryPropertyName: 'data', options }, { input: [input as never] });
		expect(result.error?.message).toMatch(message);
	});

	it('a reserved character in the file name fails before the upload', async () => {
		server({ accept: 'text/plain' }).get(`${FILES}/reservedCharacters`).reply(200, '/\\\t\r\n?', text);
		const result = await exec('file', 'import', { folder: rl('/public'), binaryPropertyName: 'data', options: { fileName: 'what?.ktr' } }, { input: [binaryInput('<t/>', 'a.ktr', 'text/xml')] });
		expect(result.error?.message).toMatch(/contains "\?", which the repository reserves/);
	});
});
