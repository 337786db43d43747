/** Exact requests of the File, Folder and Trash operations, and the path browser (listSearch). */
import nock from 'nock';

import { AUTH, binaryBytes, binaryInput, exec, FILES, HOST, loadOptionsContext, rl, BASE, serverCredentials } from './helpers';
import { searchPaths } from '../../nodes/Repository/shared/listSearch';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

function server(headers: Record<string, string> = {}) {
	return nock(HOST, { reqheaders: { authorization: AUTH, ...headers } });
}

const json = { 'Content-Type': 'application/json' };

function fileDto(name: string, path: string, extra: Record<string, unknown> = {}) {
	return { name, path, id: `id-${name}`, folder: false, hidden: false, fileSize: 10, createdDate: '1700000000000', lastModifiedDate: '1700000001000', ...extra };
}

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
			{ folder: rl('/home/admin/'), binaryPropertyName: 'data', fileName: '={{ $json.name }}' },
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
		const result = await exec('file', 'upload', { folder: rl('/public'), binaryPropertyName: 'data', fileName: 'a*b.ktr' }, { input: [binaryInput('x', 'x.ktr', 'text/xml')] });
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
		const raw = await exec('file', 'download', { path: rl('/home/admin/sales.ktr'), binaryPropertyName: 'data', withManifest: false, options: { locale: 'de' } });
		const zipped = await exec('file', 'download', { path: rl('/public'), binaryPropertyName: 'data', withManifest: true });
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

	it('Get Generated Content and Get Generated Content For User list one item per file', async () => {
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

describe('Folder', () => {
	it('Create PUTs /api/repo/dirs/{pathId}, or files/{pathId}/createDir with the switch', async () => {
		server().get(`${FILES}/reservedCharacters`).reply(200, '/\\', { 'Content-Type': 'text/plain' });
		const scope = server().put('/pentaho/api/repo/dirs/:public:new%20folder').reply(200).put(`${FILES}/:public:other/createDir`).reply(200);
		const dirs = await exec('folder', 'create', { path: rl('/public/new folder') });
		server().get(`${FILES}/reservedCharacters`).reply(200, '/\\', { 'Content-Type': 'text/plain' });
		const files = await exec('folder', 'create', { path: rl('/public/other'), useFilesEndpoint: true });
		scope.done();
		expect(dirs.items[0].json).toEqual({ path: '/public/new folder', created: true });
		expect(files.items[0].json).toEqual({ path: '/public/other', created: true });
	});

	it('Get Children of "/" uses the root endpoint and outputs one item per child', async () => {
		const scope = server({ accept: 'application/json' })
			.get(`${FILES}/children`)
			.query({ showHidden: 'false', includeAcls: 'false' })
			.reply(200, { repositoryFileDto: [fileDto('home', '/home', { folder: true }), fileDto('public', '/public', { folder: 'true' })] }, json);
		const result = await exec('folder', 'getChildren', { path: rl('/'), returnAll: true });
		scope.done();
		expect(result.items.map((i) => [i.json.path, i.json.folder])).toEqual([
			['/home', true],
			['/public', true],
		]);
	});

	it('Get Children builds the filter with include members, and with exclude members', async () => {
		const scope = server()
			.get(`${FILES}/:public:etl/children`)
			.query({ filter: 'FILES|*.ktr|load*|includeMembers=name,path', showHidden: 'true', includeAcls: 'true' })
			.reply(200, { repositoryFileDto: { name: 'load.ktr', path: '/public/etl/load.ktr' } }, json)
			.get(`${FILES}/:public:etl/children`)
			.query({ filter: 'FILES_FOLDERS|*|excludeMembers=id,owner', showHidden: 'false', includeAcls: 'false' })
			.reply(200, {}, json)
			// An empty answer is checked: the folder exists (the server answers a missing folder with an empty list too).
			.get(`${FILES}/:public:etl/properties`)
			.reply(200, fileDto('etl', '/public/etl', { folder: true }), json);
		const include = await exec('folder', 'getChildren', {
			path: rl('/public/etl'),
			returnAll: true,
			filter: { types: 'FILES', namePatterns: '*.ktr, load*', includeMembers: ['name', 'path'] },
			options: { showHidden: true, includePermissions: true },
		});
		const exclude = await exec('folder', 'getChildren', { path: rl('/public/etl'), returnAll: true, filter: { excludeMembers: ['id', 'owner'] } });
		scope.done();
		expect(include.items.map((i) => i.json)).toEqual([{ name: 'load.ktr', path: '/public/etl/load.ktr' }]);
		expect(exclude.items).toEqual([]);
		expect(exclude.error).toBeUndefined();
	});

	it('Get Children refuses include and exclude members together, before any request', async () => {
		const result = await exec('folder', 'getChildren', { path: rl('/public'), returnAll: true, filter: { includeMembers: ['name'], excludeMembers: ['id'] } });
		expect(result.error?.message).toBe('Use either Include Members or Exclude Members, not both: the server refuses both at once');
	});

	it('Get Children reads an XML answer from a server that ignores Accept', async () => {
		const xml =
			'<?xml version="1.0"?><repositoryFileDtoes><repositoryFileDto><name>a.ktr</name><path>/public/a.ktr</path><folder>false</folder><fileSize>12</fileSize></repositoryFileDto></repositoryFileDtoes>';
		server().get(`${FILES}/:public/children`).query(true).reply(200, xml, { 'Content-Type': 'application/xml' });
		const result = await exec('folder', 'getChildren', { path: rl('/public'), returnAll: false, limit: 5 });
		expect(result.items.map((i) => i.json)).toEqual([{ name: 'a.ktr', path: '/public/a.ktr', folder: false, fileSize: 12 }]);
	});

	const tree = {
		file: fileDto('public', '/public', { folder: true }),
		children: [
			{ file: fileDto('etl', '/public/etl', { folder: true }), children: [{ file: fileDto('a.ktr', '/public/etl/a.ktr') }] },
			{ file: fileDto('b.kjb', '/public/b.kjb') },
		],
	};

	it('Get Tree sends depth, filter and switches; outputs the nested tree', async () => {
		const scope = server({ accept: 'application/json' })
			.get(`${FILES}/:public/tree`)
			.query({ depth: '2', filter: 'FOLDERS', showHidden: 'true', includeAcls: 'false', includeSysDirs: 'true' })
			.reply(200, tree, json);
		const result = await exec('folder', 'getTree', {
			path: rl('/public'),
			depth: 2,
			output: 'nested',
			filter: { types: 'FOLDERS' },
			options: { showHidden: true, includeSystemFolders: true },
		});
		scope.done();
		expect(result.items).toHaveLength(1);
		const root = result.items[0].json as any;
		expect(root.path).toBe('/public');
		expect(root.children.map((c: any) => c.path)).toEqual(['/public/etl', '/public/b.kjb']);
		expect(root.children[0].children[0]).toMatchObject({ path: '/public/etl/a.ktr', createdDate: '2023-11-14T22:13:20.000Z' });
		expect(root.children[1].children).toBeUndefined();
	});

	it('Get Tree flattened gives one item per entry with depth and parent path', async () => {
		server().get(`${FILES}/:public/tree`).query({ depth: '3', showHidden: 'false', includeAcls: 'false', includeSysDirs: 'false' }).reply(200, tree, json);
		const result = await exec('folder', 'getTree', { path: rl('/public'), depth: 3, output: 'flat' });
		expect(result.items.map((i) => [i.json.path, i.json.depth, i.json.parentPath])).toEqual([
			['/public', 0, undefined],
			['/public/etl', 1, '/public'],
			['/public/etl/a.ktr', 2, '/public/etl'],
			['/public/b.kjb', 1, '/public'],
		]);
	});

	it('Get Tree refuses a depth below 1 before any request, and reports a missing folder (204)', async () => {
		const bad = await exec('folder', 'getTree', { path: rl('/public'), depth: 0 });
		expect(bad.error?.message).toBe('Depth must be a whole number of at least 1 (got 0)');
		server().get(`${FILES}/:none/tree`).query(true).reply(204);
		const missing = await exec('folder', 'getTree', { path: rl('/none'), depth: 1 });
		expect(missing.error?.message).toBe('The repository has no folder /none (or this user may not read it)');
	});

	it('Is Visible and Get Default Location read text answers under /api/repo/dirs', async () => {
		const scope = server({ accept: 'text/plain' })
			.get('/pentaho/api/repo/dirs/:public/isVisible')
			.reply(200, 'true', { 'Content-Type': 'text/plain' })
			.get('/pentaho/api/repo/dirs/:home:admin/defaultLocation')
			.reply(200, '/home/admin', { 'Content-Type': 'text/plain' });
		const visible = await exec('folder', 'isVisible', { path: rl('/public') });
		const location = await exec('folder', 'getDefaultLocation', { path: rl('/home/admin') });
		scope.done();
		expect(visible.items[0].json).toEqual({ path: '/public', visible: true });
		expect(location.items[0].json).toEqual({ path: '/home/admin', defaultLocation: '/home/admin' });
		// On a failure the server echoes the path id it was given: that is an error, not a location.
		server().get('/pentaho/api/repo/dirs/:public/defaultLocation').reply(200, ':public', { 'Content-Type': 'text/plain' });
		const failed = await exec('folder', 'getDefaultLocation', { path: rl('/public') });
		expect(failed.error?.message).toBe('The server could not work out a default location for /public (it answered ":public")');
	});
});

describe('Trash', () => {
	it('Move to Trash looks up the ids of the paths and sends them comma-separated in one text/plain body', async () => {
		const scope = server()
			.get(`${FILES}/:home:admin:a.ktr/properties`)
			.reply(200, fileDto('a.ktr', '/home/admin/a.ktr', { id: 'id-a' }), json)
			.get(`${FILES}/:home:admin:b.ktr/properties`)
			.reply(200, fileDto('b.ktr', '/home/admin/b.ktr', { id: 'id-b' }), json);
		const put = server({ 'content-type': 'text/plain' }).put(`${FILES}/delete`, 'id-a,id-b').reply(200);
		const trash = server()
			.get(`${FILES}/deleted`)
			.reply(200, { repositoryFileDto: [fileDto('a.ktr', '/home/admin/.trash/pho:id-a/a.ktr', { id: 'id-a', originalParentFolderPath: '/home/admin', deletedDate: '1700000002000' }), fileDto('b.ktr', '/x', { id: 'id-b', originalParentFolderPath: '/home/admin' })] }, json);
		const result = await exec('trash', 'moveToTrash', { filesBy: 'path', paths: ['/home/admin/a.ktr', '/home/admin/b.ktr'] });
		scope.done();
		put.done();
		trash.done();
		expect(result.items[0].json).toMatchObject({
			movedToTrash: true,
			files: [
				{ id: 'id-a', originalPath: '/home/admin/a.ktr', deletedDate: '2023-11-14T22:13:22.000Z', originalParentFolderPath: '/home/admin' },
				{ id: 'id-b', originalPath: '/home/admin/b.ktr' },
			],
		});
	});

	it('Move to Trash that the server answers without moving the file is an error, not a success', async () => {
		server().get(`${FILES}/:home:admin:a.ktr/properties`).reply(200, fileDto('a.ktr', '/home/admin/a.ktr', { id: 'id-a' }), json);
		server().put(`${FILES}/delete`, 'id-a').reply(200);
		server().get(`${FILES}/deleted`).reply(200, {}, json);
		const result = await exec('trash', 'moveToTrash', { filesBy: 'path', paths: ['/home/admin/a.ktr'] });
		expect(result.error?.message).toBe('The server answered the move to the trash, but its trash does not hold /home/admin/a.ktr');
	});

	it('Move to Trash by IDs sends them as given; an unknown path is an error', async () => {
		const put = server().put(`${FILES}/delete`, 'x1,x2').reply(200).get(`${FILES}/deleted`).reply(200, { repositoryFileDto: [{ id: 'x1' }, { id: 'x2' }] }, json);
		const byId = await exec('trash', 'moveToTrash', { filesBy: 'id', ids: ['x1', 'x2'] });
		put.done();
		expect(byId.items[0].json.files).toEqual([{ id: 'x1' }, { id: 'x2' }]);
		server().get(`${FILES}/:none/properties`).reply(204);
		const missing = await exec('trash', 'moveToTrash', { filesBy: 'path', paths: ['/none'] });
		expect(missing.error?.message).toBe('The repository has no file or folder /none');
	});

	it('Delete Permanently finds a trashed path through the trash list', async () => {
		const scope = server()
			.get(`${FILES}/:home:admin:old.ktr/properties`)
			.reply(204)
			.get(`${FILES}/deleted`)
			.reply(200, { repositoryFileDto: [fileDto('old.ktr', '/home/admin/.trash/pho:t1/old.ktr', { id: 't1', originalParentFolderPath: '/home/admin' })] }, json);
		const put = server({ 'content-type': 'text/plain' }).put(`${FILES}/deletepermanent`, 't1').reply(200);
		const after = server().get(`${FILES}/deleted`).reply(200, {}, json);
		const result = await exec('trash', 'deletePermanently', { filesBy: 'path', paths: ['/home/admin/old.ktr'] });
		scope.done();
		put.done();
		after.done();
		expect(result.items[0].json).toEqual({ deleted: true, files: [{ id: 't1', path: '/home/admin/old.ktr' }] });
	});

	it('Get Many lists the trash with typed dates', async () => {
		server({ accept: 'application/json' })
			.get(`${FILES}/deleted`)
			.reply(200, { repositoryFileDto: [fileDto('x.ktr', '/x.ktr', { deletedDate: '1700000002000', originalParentFolderPath: '/public' })] }, json);
		const result = await exec('trash', 'getMany', { returnAll: true });
		expect(result.items[0].json).toMatchObject({ name: 'x.ktr', deletedDate: '2023-11-14T22:13:22.000Z', originalParentFolderPath: '/public' });
	});

	it('Trash operations refuse an empty list before any request', async () => {
		const result = await exec('trash', 'moveToTrash', { filesBy: 'path', paths: [] });
		expect(result.error?.message).toBe('Paths is empty: give at least one');
	});
});

describe('path browser (listSearch)', () => {
	it('lists the root, /public and the user home by name; a folder path ending in "/" browses it', async () => {
		const scope = server({ accept: 'application/json' })
			.get(`${FILES}/children`)
			.query({ showHidden: 'false' })
			.reply(200, { repositoryFileDto: [fileDto('public', '/public', { folder: true }), fileDto('home', '/home', { folder: true })] }, json)
			.get(`${FILES}/:public/children`)
			.query({ showHidden: 'false' })
			.reply(200, { repositoryFileDto: [fileDto('Sales.ktr', '/public/Sales.ktr')] }, json)
			.get(`${FILES}/:home:admin/children`)
			.query({ showHidden: 'false' })
			.reply(200, {}, json)
			.get(`${FILES}/:public:etl/children`)
			.query({ showHidden: 'false' })
			.reply(200, { repositoryFileDto: [fileDto('load.ktr', '/public/etl/load.ktr'), fileDto('sub', '/public/etl/sub', { folder: true })] }, json);
		const ctx = loadOptionsContext(serverCredentials(BASE));
		const search = await searchPaths.call(ctx, 'sal');
		expect(search.results).toEqual([{ name: '/public/Sales.ktr', value: '/public/Sales.ktr' }]);
		const browse = await searchPaths.call(ctx, '/public/etl/');
		expect(browse.results).toEqual([
			{ name: '/public/etl/ (this folder)', value: '/public/etl' },
			{ name: '/public/etl/sub/', value: '/public/etl/sub' },
			{ name: '/public/etl/load.ktr', value: '/public/etl/load.ktr' },
		]);
		scope.done();
	});
});
