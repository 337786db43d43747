/**
 * Exact requests of the Repository File operations (upload, download, content, properties, rename, exists, generated content) and the items that come out.
 */
import nock from 'nock';

import { binaryBytes, binaryInput, exec, FILES, HOST, rl, server, json, fileDto, useNock } from './helpers';

useNock();

describe('File', () => {
	it('Upload fetches the reserved characters once, then PUTs each file streamed to its path id', async () => {
		const reserved = server({ accept: 'text/plain' }).get(`${FILES}/reservedCharacters`).once().reply(200, '/\\\t\r\n', { 'Content-Type': 'text/plain' });
		const bodies: string[] = [];
		const put = server({ 'content-type': 'text/xml', 'content-length': '13' })
			.put(`${FILES}/:home:admin:sales%20report.ktr`, (body) => {
				bodies.push(String(body));
				return true;
			})
			.reply(200)
			.put(`${FILES}/:home:admin:other.ktr`, (body) => {
				bodies.push(String(body));
				return true;
			})
			.reply(200);
		// The output is the file as the server then holds it (read back through its properties).
		const props = server()
			.get(`${FILES}/:home:admin:sales%20report.ktr/properties`)
			.reply(200, fileDto('sales report.ktr', '/home/admin/sales report.ktr', { fileSize: '13', ownerType: '0' }), json)
			.get(`${FILES}/:home:admin:other.ktr/properties`)
			.reply(200, fileDto('other.ktr', '/home/admin/other.ktr', { fileSize: 13, ownerType: 0 }), json);
		const result = await exec(
			'file',
			'upload',
			{ folder: rl('/home/admin/'), binaryPropertyName: 'data', options: { fileName: '={{ $json.name }}' } },
			{
				input: [
					{ ...binaryInput('<transformation/>'.slice(0, 13), 'ignored.ktr', 'text/xml'), json: { name: 'sales report.ktr' } },
					{ ...binaryInput('<transfo-two/>'.slice(0, 13), 'other.ktr', 'text/xml'), json: { name: '' } },
				],
			},
		);
		expect(result.error).toBeUndefined();
		reserved.done();
		put.done();
		expect(bodies).toEqual(['<transformati', '<transfo-two/']);
		props.done();
		expect(result.items.map((i) => i.json)).toEqual([
			expect.objectContaining({ path: '/home/admin/sales report.ktr', name: 'sales report.ktr', folder: false, folderPath: '/home/admin', ownerType: 'user', fileSize: 13, uploaded: true }),
			expect.objectContaining({ path: '/home/admin/other.ktr', name: 'other.ktr', folder: false, folderPath: '/home/admin', ownerType: 'user', fileSize: 13, uploaded: true }),
		]);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	it('Upload refuses a name with a reserved character before sending the file', async () => {
		const reserved = server().get(`${FILES}/reservedCharacters`).reply(200, '/\\\t\r\n*', { 'Content-Type': 'text/plain' });
		const result = await exec('file', 'upload', { folder: rl('/public'), binaryPropertyName: 'data', options: { fileName: 'a*b.ktr' } }, { input: [binaryInput('x', 'x.ktr', 'text/xml')] });
		reserved.done();
		expect(result.error?.message).toBe('The name "a*b.ktr" contains "*", which the repository reserves');
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('Upload does not follow redirects (the HTTP client would buffer the whole file to resend it)', async () => {
		server().get(`${FILES}/reservedCharacters`).reply(200, '/\\', { 'Content-Type': 'text/plain' });
		server().put(`${FILES}/:public:x.ktr`).reply(307, '', { Location: `${HOST}/pentaho/elsewhere` });
		const elsewhere = nock(HOST).put('/pentaho/elsewhere').reply(200);
		const result = await exec('file', 'upload', { folder: rl('/public'), binaryPropertyName: 'data' }, { input: [binaryInput('x', 'x.ktr', 'text/xml')] });
		expect(result.error?.httpCode).toBe('307');
		expect(elsewhere.isDone()).toBe(false);
	});

	it('Upload with an empty folder path fails before any request', async () => {
		// An expression that yields nothing (a typed empty path is caught by n8n's own required check).
		const result = await exec('file', 'upload', { folder: '={{ $json.folder }}', binaryPropertyName: 'data' }, { input: [{ ...binaryInput('x', 'x.ktr', 'text/xml'), json: { folder: '' } }] });
		expect(result.error?.message).toBe('Folder is empty: give a repository path such as /home/admin/sales.ktr');
	});

	it('Get Content streams GET {pathId} into a binary field with the file name', async () => {
		const scope = server({ accept: '*/*' }).get(`${FILES}/:public:etl:daily_load.kjb`).reply(200, '<job/>', { 'Content-Type': 'application/vnd.pentaho.job' });
		const result = await exec('file', 'getContent', { path: rl('/public/etl/daily_load.kjb'), binaryPropertyName: 'file' });
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items[0].json).toEqual({ path: '/public/etl/daily_load.kjb', fileName: 'daily_load.kjb', mimeType: 'application/vnd.pentaho.job', fileSize: 6 });
		expect(result.items[0].binary?.file).toMatchObject({ fileName: 'daily_load.kjb', mimeType: 'application/vnd.pentaho.job' });
		expect((await binaryBytes(result.items[0], 'file')).toString()).toBe('<job/>');
	});

	it('Download sends the manifest switch and locale; a raw file keeps its own type', async () => {
		const scope = server()
			.get(`${FILES}/:home:admin:sales.ktr/download`)
			.query({ withManifest: 'false', locale: 'de' })
			.reply(200, '<transformation/>', { 'Content-Type': 'application/zip; charset=UTF-8', 'Content-Disposition': 'attachment; filename="sales.ktr"' })
			.get(`${FILES}/:public/download`)
			.query({ withManifest: 'true' })
			.reply(200, 'PK', { 'Content-Type': 'application/zip; charset=UTF-8' });
		const raw = await exec('file', 'download', { path: rl('/home/admin/sales.ktr'), binaryPropertyName: 'data', options: { withManifest: false, locale: 'de' } });
		const zipped = await exec('file', 'download', { path: rl('/public'), binaryPropertyName: 'data', options: { withManifest: true } });
		scope.done();
		expect(raw.items[0].binary?.data).toMatchObject({ fileName: 'sales.ktr', mimeType: 'application/xml' });
		expect(zipped.items[0].binary?.data).toMatchObject({ fileName: 'public.zip', mimeType: 'application/zip' });
		expect((await binaryBytes(zipped.items[0])).toString()).toBe('PK');
	});

	it('Get Inline reads {pathId}/inline', async () => {
		const scope = server().get(`${FILES}/:home:suzy:notes.txt/inline`).reply(200, 'hi', { 'Content-Type': 'text/plain', 'Content-Disposition': 'inline; filename="notes.txt"' });
		const result = await exec('file', 'getInline', { path: rl('/home/suzy/notes.txt'), binaryPropertyName: 'data' });
		scope.done();
		expect(result.items[0].binary?.data).toMatchObject({ fileName: 'notes.txt', mimeType: 'text/plain' });
	});

	it('Exists on 10.3+ sends the path id encoded twice, since the server URL-decodes pathId a second time; 404 is false', async () => {
		// FileResource.doesFileExists@10.3.0.0-397: URLDecoder.decode(pathId) then FileUtils.idToPath.
		const scope = server()
			.get('/pentaho/api/version/show')
			.reply(200, '11.0.0.0-237', { 'Content-Type': 'text/plain' })
			.get(`${FILES}/exists`)
			.query((q) => q.pathId === encodeURIComponent(':public:a+b 50%.ktr'))
			.reply(200)
			.get(`${FILES}/exists`)
			.query((q) => q.pathId === encodeURIComponent(':public:none.ktr'))
			.reply(404);
		const result = await exec('file', 'exists', { path: '={{ $json.path }}' }, { input: [{ json: { path: '/public/a+b 50%.ktr' } }, { json: { path: '/public/none.ktr' } }] });
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items.map((i) => i.json)).toEqual([
			{ path: '/public/a+b 50%.ktr', exists: true },
			{ path: '/public/none.ktr', exists: false },
		]);
	});

	it('Exists before 10.3 (no /exists endpoint: every file would be "missing") asks the properties instead', async () => {
		const scope = server()
			.get('/pentaho/api/version/show')
			.reply(200, '9.3.0.0-428', { 'Content-Type': 'text/plain' })
			.get(`${FILES}/:public:sales.ktr/properties`)
			.reply(200, fileDto('sales.ktr', '/public/sales.ktr'), json)
			.get(`${FILES}/:public:none.ktr/properties`)
			.reply(204);
		const result = await exec('file', 'exists', { path: '={{ $json.path }}' }, { input: [{ json: { path: '/public/sales.ktr' } }, { json: { path: '/public/none.ktr' } }] });
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items.map((i) => i.json.exists)).toEqual([true, false]);
	});

	it('Rename sends the new name without the extension the server keeps, and outputs the file it then holds', async () => {
		const reserved = server().get(`${FILES}/reservedCharacters`).reply(200, '/\\', { 'Content-Type': 'text/plain' });
		const scope = server()
			.get(`${FILES}/:home:admin:sales.ktr/properties`)
			.reply(200, fileDto('sales.ktr', '/home/admin/sales.ktr'), json)
			.put(`${FILES}/:home:admin:sales.ktr/rename`)
			.query({ newName: 'sales_2024' })
			.reply(200, '')
			.get(`${FILES}/:home:admin:sales_2024.ktr/properties`)
			.reply(200, fileDto('sales_2024.ktr', '/home/admin/sales_2024.ktr'), json)
			.get(`${FILES}/:home:admin:gone.ktr/properties`)
			.reply(204);
		const result = await exec(
			'file',
			'rename',
			{ path: '={{ $json.path }}', newName: 'sales_2024.ktr' },
			{ input: [{ json: { path: '/home/admin/sales.ktr' } }, { json: { path: '/home/admin/gone.ktr' } }], continueOnFail: true },
		);
		reserved.done();
		scope.done();
		expect(result.items[0].json).toMatchObject({ path: '/home/admin/sales_2024.ktr', name: 'sales_2024.ktr', previousPath: '/home/admin/sales.ktr', renamed: true });
		expect(result.items[1].json.error).toBe('The repository has no file or folder /home/admin/gone.ktr');
		expect(result.items[1].pairedItem).toEqual({ item: 1 });
	});

	it('Get Properties uses the root endpoint for "/" and types old servers\' string values', async () => {
		const scope = server({ accept: 'application/json' })
			.get(`${FILES}/properties`)
			.reply(200, { name: '', path: '/', folder: 'true', fileSize: '0', createdDate: '1700000000000' }, json)
			.get(`${FILES}/:public/properties`)
			.reply(200, fileDto('public', '/public', { folder: true, localePropertiesMapEntries: { locale: 'default', properties: { key: 'file.title', value: 'Public' } } }), json);
		const root = await exec('file', 'getProperties', { path: rl('/') });
		const folder = await exec('file', 'getProperties', { path: rl('/public/') });
		scope.done();
		expect(root.items[0].json).toEqual({ name: '', path: '/', folder: true, fileSize: 0, createdDate: '2023-11-14T22:13:20.000Z' });
		expect(folder.items[0].json).toMatchObject({ path: '/public', folder: true, localePropertiesMapEntries: [{ locale: 'default', properties: { 'file.title': 'Public' } }] });
	});

	it('Get Properties of a missing file (204) is a clear error', async () => {
		server().get(`${FILES}/:public:none/properties`).reply(204);
		const result = await exec('file', 'getProperties', { path: rl('/public/none') });
		expect(result.error?.message).toBe('The repository has no file or folder /public/none (or this user may not read it)');
	});

	it('Get Generated Content and Get Generated Content for User list one item per file', async () => {
		const list = { repositoryFileDto: [fileDto('a.html', '/home/admin/a.html'), fileDto('b.pdf', '/home/admin/b.pdf')] };
		const scope = server({ accept: 'application/json' })
			.get(`${FILES}/:public:r.prpt/generatedContent`)
			.query({ locale: 'en' })
			.reply(200, list, json)
			.get(`${FILES}/:public:r.prpt/generatedContentForUser`)
			.query({ user: 'suzy' })
			.reply(200, list, json);
		const own = await exec('file', 'getGeneratedContent', { path: rl('/public/r.prpt'), returnAll: true, options: { locale: 'en' } });
		const suzys = await exec('file', 'getGeneratedContentForUser', { path: rl('/public/r.prpt'), user: 'suzy', returnAll: false, limit: 1 });
		scope.done();
		expect(own.items.map((i) => i.json.name)).toEqual(['a.html', 'b.pdf']);
		expect(suzys.items.map((i) => i.json.name)).toEqual(['a.html']);
	});
});
