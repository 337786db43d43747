/**
 * Exact requests of the Repository Folder operations (create, children, tree, default location, visibility).
 */
import { exec, FILES, rl, server, json, fileDto, useNock } from './helpers';

useNock();

describe('Folder', () => {
	it('Create PUTs /api/repo/dirs/{pathId}, or files/{pathId}/createDir with the switch', async () => {
		server().get(`${FILES}/reservedCharacters`).reply(200, '/\\', { 'Content-Type': 'text/plain' });
		const scope = server().put('/pentaho/api/repo/dirs/:public:new%20folder').reply(200).put(`${FILES}/:public:other/createDir`).reply(200);
		const dirs = await exec('folder', 'create', { path: rl('/public/new folder') });
		server().get(`${FILES}/reservedCharacters`).reply(200, '/\\', { 'Content-Type': 'text/plain' });
		const files = await exec('folder', 'create', { path: rl('/public/other'), options: { useFilesEndpoint: true } });
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
			// `folder` is asked for too: the type part is applied by the node (the server's child listing ignores it).
			.query({ filter: 'FILES|*.ktr|load*|includeMembers=name,path,folder', showHidden: 'true', includeAcls: 'true' })
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

	it('Get Children applies Types itself: the server lists folders for FILES and files for FOLDERS (issue 28, defect 12)', async () => {
		const both = { repositoryFileDto: [fileDto('sub', '/public/etl/sub', { folder: 'true' }), fileDto('load.ktr', '/public/etl/load.ktr', { folder: 'false' })] };
		const scope = server()
			.get(`${FILES}/:public:etl/children`)
			.query({ filter: 'FILES', showHidden: 'false', includeAcls: 'false' })
			.reply(200, both, json)
			.get(`${FILES}/:public:etl/children`)
			.query({ filter: 'FOLDERS|*|excludeMembers=id', showHidden: 'false', includeAcls: 'false' })
			.reply(200, both, json)
			.get(`${FILES}/:public:etl/children`)
			.query({ filter: 'FILES|*|includeMembers=name,folder', showHidden: 'false', includeAcls: 'false' })
			.reply(200, { repositoryFileDto: [{ name: 'sub', folder: 'true' }, { name: 'load.ktr', folder: 'false' }] }, json);
		const files = await exec('folder', 'getChildren', { path: rl('/public/etl'), returnAll: true, filter: { types: 'FILES' } });
		const folders = await exec('folder', 'getChildren', { path: rl('/public/etl'), returnAll: true, filter: { types: 'FOLDERS', excludeMembers: ['id', 'folder'] } });
		const named = await exec('folder', 'getChildren', { path: rl('/public/etl'), returnAll: true, filter: { types: 'FILES', includeMembers: ['name'] } });
		scope.done();
		expect(files.items.map((i) => i.json.path)).toEqual(['/public/etl/load.ktr']);
		expect(folders.items.map((i) => [i.json.path, i.json.folder])).toEqual([['/public/etl/sub', undefined]]);
		expect(named.items.map((i) => i.json)).toEqual([{ name: 'load.ktr' }]);
	});

	it('Get Children refuses include and exclude members together, before any request', async () => {
		const result = await exec('folder', 'getChildren', { path: rl('/public'), returnAll: true, filter: { includeMembers: ['name'], excludeMembers: ['id'] } });
		expect(result.error?.message).toBe("Use either 'Include Members' or 'Exclude Members', not both: the server refuses both at once");
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
			output: 'nested',
			filter: { types: 'FOLDERS' },
			options: { depth: 2, showHidden: true, includeSystemFolders: true },
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
		const result = await exec('folder', 'getTree', { path: rl('/public'), output: 'flat', options: { depth: 3 } });
		expect(result.items.map((i) => [i.json.path, i.json.depth, i.json.parentPath])).toEqual([
			['/public', 0, undefined],
			['/public/etl', 1, '/public'],
			['/public/etl/a.ktr', 2, '/public/etl'],
			['/public/b.kjb', 1, '/public'],
		]);
	});

	it('Get Tree refuses a depth below 1 before any request, and reports a missing folder (204)', async () => {
		const bad = await exec('folder', 'getTree', { path: rl('/public'), options: { depth: 0 } });
		expect(bad.error?.message).toBe('Depth must be a whole number of at least 1 (got 0)');
		server().get(`${FILES}/:none/tree`).query(true).reply(204);
		const missing = await exec('folder', 'getTree', { path: rl('/none'), options: { depth: 1 } });
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
