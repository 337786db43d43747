/**
 * The repository area's file routes over plain HTTP (emulator/areas/repository/routes-files.ts):
 * content up and down, zip downloads, rename, properties, listings and trees, the trash.
 */
import { randomBytes } from 'node:crypto';

import { strFromU8, unzipSync } from 'fflate';

import { addGeneratedContent, repositoryOf } from '../../../emulator/areas/repository';
import type { ProfileName } from '../../../emulator/core/profiles';
import { call, emu, F, json, names, ours, propertiesOf, text, useProfileEmulators, useRepositoryEmulator } from './helpers';

useRepositoryEmulator();

describe('repository emulator: files', () => {
	it('PUT {pathId} then GET {pathId} returns the same bytes, with dates as epoch strings', async () => {
		const bytes = randomBytes(300_000);
		const put = await call('PUT', `${F}/:home:admin:data:blob.bin`, { body: bytes, contentType: 'application/octet-stream' });
		expect(put.status).toBe(200);
		const get = await call('GET', `${F}/:home:admin:data:blob.bin`);
		expect(get.status).toBe(200);
		expect(Buffer.from(await get.arrayBuffer()).equals(bytes)).toBe(true);
		const props = await propertiesOf('/home/admin/data/blob.bin');
		expect(props).toMatchObject({ name: 'blob.bin', path: '/home/admin/data/blob.bin', folder: false, fileSize: 300_000, owner: 'admin' });
		expect(props.createdDate).toMatch(/^\d{13}$/);
		// The missing folder was created.
		expect((await propertiesOf('/home/admin/data')).folder).toBe(true);
	});

	it('PUT keeps the content type and replaces an existing file', async () => {
		await call('PUT', `${F}/:public:note.txt`, { body: 'one', contentType: 'text/plain' });
		await call('PUT', `${F}/:public:note.txt`, { body: 'two', contentType: 'text/plain' });
		const get = await call('GET', `${F}/:public:note.txt`);
		expect(get.headers.get('content-type')).toBe('text/plain');
		expect(await get.text()).toBe('two');
	});

	it('PUT refuses reserved characters with 403 containsIllegalCharacters and a missing file GET is 404', async () => {
		expect(await text('PUT', `${F}/:public:bad%5Cname.txt`, { body: 'x' })).toEqual([403, 'containsIllegalCharacters']);
		expect((await call('GET', `${F}/:public:nothing.txt`)).status).toBe(404);
	});

	it('exists (11.x) URL-decodes pathId a second time, then reads it as a path id: "+" is a space, a lone "%" is 500', async () => {
		// FileResource.doesFileExists@727e5c86: URLDecoder.decode(pathId) then FileUtils.idToPath.
		await call('PUT', `${F}/:home:admin:a+b%2050%25.txt`, { body: 'x' });
		const exists = async (value: string) => (await call('GET', `${F}/exists?pathId=${encodeURIComponent(value)}`)).status;
		expect(await exists(':public:etl:daily_load.kjb')).toBe(200);
		expect(await exists('/public/etl/daily_load.kjb')).toBe(200);
		expect(await exists(':public:etl:none.kjb')).toBe(404);
		expect(await exists(':home:admin:a+b 50%.txt')).toBe(500);
		expect(await exists(encodeURIComponent(':home:admin:a+b 50%.txt'))).toBe(200);
		expect(await exists(':home:admin:a+b 50%25.txt')).toBe(404);
	});

	it('download: a file with withManifest=false comes raw, otherwise as a zip with the manifest; folders always zip', async () => {
		const raw = await call('GET', `${F}/:public:etl:daily_load.kjb/download?withManifest=false`);
		expect(raw.status).toBe(200);
		expect(raw.headers.get('content-type')).toBe('application/zip; charset=UTF-8');
		expect(raw.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''daily_load.kjb");
		expect(await raw.text()).toContain('<job>');

		const zipped = await call('GET', `${F}/:public:etl:daily_load.kjb/download?locale=de`);
		const entries = unzipSync(new Uint8Array(await zipped.arrayBuffer()));
		expect(Object.keys(entries).sort()).toEqual(['daily_load.kjb', 'exportManifest.xml']);
		expect(strFromU8(entries['exportManifest.xml'])).toContain('path="/public/etl/daily_load.kjb"');

		const folder = await call('GET', `${F}/:public:etl/download?withManifest=false`);
		expect(folder.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''etl.zip");
		const folderEntries = unzipSync(new Uint8Array(await folder.arrayBuffer()));
		expect(Object.keys(folderEntries)).toEqual(expect.arrayContaining(['etl/', 'etl/daily_load.kjb', 'etl/load_sales.ktr']));
		expect(Object.keys(folderEntries)).not.toContain('exportManifest.xml');
		// 11.0 GA runs SystemUtils.canDownload first, whose read check fails for a path that does not exist: 403 even for admin.
		expect((await call('GET', `${F}/:public:none/download`)).status).toBe(403);
		// 11.0 GA checks SystemUtils.canDownload before looking the file up: suzy (no download role, not her home) gets 403.
		expect((await call('GET', `${F}/:home:admin:sales.ktr/download`, { user: 'suzy' })).status).toBe(403);
	});

	it('inline serves the content for display', async () => {
		const response = await call('GET', `${F}/:home:suzy:notes.txt/inline`, { user: 'suzy' });
		expect(response.status).toBe(200);
		expect(response.headers.get('content-disposition')).toBe("inline; filename*=UTF-8''notes.txt");
		expect(await response.text()).toBe('Quarterly numbers are due on Friday.\n');
	});

	it('rename keeps the extension of a file (newName + old extension); a missing file is 500; a control character 403', async () => {
		// FileService.doRename@727e5c86 (same at 9.3.0.0-422).
		await call('PUT', `${F}/:home:admin:old.txt`, { body: 'r' });
		expect((await call('PUT', `${F}/:home:admin:old.txt/rename?newName=new`)).status).toBe(200);
		expect((await call('GET', `${F}/:home:admin:new.txt`)).status).toBe(200);
		expect((await call('GET', `${F}/:home:admin:old.txt`)).status).toBe(404);
		expect((await call('PUT', `${F}/:home:admin:new.txt/rename?newName=sales.txt`)).status).toBe(200);
		expect((await call('GET', `${F}/:home:admin:sales.txt.txt`)).status).toBe(200);
		expect((await call('PUT', `${F}/:home:admin:gone.txt/rename?newName=x`)).status).toBe(500);
		expect(await text('PUT', `${F}/:home:admin:sales.txt.txt/rename?newName=${encodeURIComponent('a\tb')}`)).toEqual([403, 'containsIllegalCharacters']);
		await call('PUT', `${F}/:home:admin:made-folder/createDir`);
		expect((await call('PUT', `${F}/:home:admin:made-folder/rename?newName=folder.v2`)).status).toBe(200);
		expect((await propertiesOf('/home/admin/folder.v2')).folder).toBe(true);
	});

	it('rename sets the title to the new name without extension; a reserved character or no write right is 500', async () => {
		await call('PUT', `${F}/:home:admin:ren-daily.kjb`, { body: '<job/>' });
		expect((await call('PUT', `${F}/:home:admin:ren-daily.kjb/rename?newName=nightly`)).status).toBe(200);
		expect(await propertiesOf('/home/admin/nightly.kjb')).toMatchObject({ name: 'nightly.kjb', title: 'nightly' });
		expect(await text('PUT', `${F}/:home:admin:nightly.kjb/rename?newName=${encodeURIComponent('a/b')}`)).toEqual([500, 'Illegal name "a/b"']);
		expect((await call('PUT', `${F}/:home:suzy:notes.txt/rename?newName=x`, { user: 'analyst' })).status).toBe(500);
	});

	it('createDir names a new folder after its segment decoded once more; a colon in a name travels as a tab', async () => {
		// FileService.doCreateDirFor → decode@727e5c86: "a+b" sent once-encoded becomes "a b".
		expect((await call('PUT', `/api/repo/dirs/:home:admin:made:x+y`)).status).toBe(200);
		expect((await propertiesOf('/home/admin/made/x y')).folder).toBe(true);
		expect((await call('PUT', `/api/repo/dirs/:home:admin:made:${encodeURIComponent(encodeURIComponent('p+q'))}`)).status).toBe(200);
		expect((await propertiesOf('/home/admin/made/p+q')).folder).toBe(true);
		// FileUtils.idToPath: ":" separates, a tab is a ":" inside a name.
		expect((await call('PUT', `/api/repo/dirs/:home:admin:made:time%0910`)).status).toBe(200);
		expect((await json(`${F}/:home:admin:made:time%0910/properties`)).name).toBe('time:10');
	});

	it('createDir creates folders (parents too), 409 for a duplicate, 403 for reserved characters', async () => {
		expect((await call('PUT', `${F}/:public:made:deep/createDir`)).status).toBe(200);
		expect((await propertiesOf('/public/made/deep')).folder).toBe(true);
		expect(await text('PUT', `${F}/:public:made:deep/createDir`)).toEqual([409, 'couldNotCreateFolderDuplicate']);
		expect((await call('PUT', `${F}/:public:a%5Cb/createDir`)).status).toBe(403);
	});

	it('properties: the root endpoint, a path, and 204 for a missing file', async () => {
		expect(await json(`${F}/properties`)).toMatchObject({ path: '/', folder: true });
		expect(await json(`${F}/:public/properties`)).toMatchObject({ path: '/public', name: 'public' });
		expect((await call('GET', `${F}/:public:none/properties`, { accept: 'application/json' })).status).toBe(204);
		const xml = await text('GET', `${F}/:public/properties`);
		expect(xml[1]).toMatch(/^<\?xml[^>]*\?><repositoryFileDto>.*<path>\/public<\/path>/);
	});
});

describe('repository emulator: listings', () => {
	it('children of the root and of a folder; a missing folder is an empty 200 ({} in JSON)', async () => {
		// Children do not hide system folders (only the tree does); /etc is readable by administrators only.
		expect(names(await json(`${F}/children`))).toEqual(['etc', 'home', 'public']);
		expect(names(await json(`${F}/children`, { user: 'suzy' }))).toEqual(['home', 'public']);
		expect(names(await json(`${F}/:public:etl/children`))).toEqual(['daily_load.kjb', 'load_sales.ktr']);
		expect(await json(`${F}/:public:nothing/children`)).toEqual({});
		expect((await text('GET', `${F}/:public:nothing/children`))[1]).toContain('<repositoryFileDtoes/>');
	});

	it('children: showHidden, includeAcls and the filter (types, patterns, include or exclude members)', async () => {
		expect(names(await json(`${F}/:public:etl/children?showHidden=true`))).toEqual(['daily_load.kjb', 'load_sales.ktr', 'lookup_cache.ktr']);
		const withAcls = await json(`${F}/:public:etl/children?includeAcls=true`);
		expect(withAcls.repositoryFileDto[0].repositoryFileAclDto).toMatchObject({ entriesInheriting: true });
		// The child listing never applies the type part of the filter (JcrRepositoryFileUtils.getChildren): FOLDERS and
		// FILES list everything, by title with files and folders mixed.
		expect(names(await json(`${F}/:public/children?filter=FOLDERS`))).toEqual(['etl', 'made', 'note.txt', 'Sample Reports']);
		expect(names(await json(`${F}/:public/children?filter=FILES`))).toEqual(['etl', 'made', 'note.txt', 'Sample Reports']);
		expect(names(await json(`${F}/:public/children?filter=${encodeURIComponent('*a*|FOLDERS')}`))).toEqual(['made', 'Sample Reports']);
		expect(names(await json(`${F}/:public:etl/children?filter=${encodeURIComponent('FILES|*.kjb|load*')}`))).toEqual(['daily_load.kjb', 'load_sales.ktr']);
		expect(names(await json(`${F}/:public:etl/children?filter=${encodeURIComponent('FILES|*.kjb')}`))).toEqual(['daily_load.kjb']);
		const included = await json(`${F}/:public:etl/children?filter=${encodeURIComponent('FILES_FOLDERS|*|includeMembers=name,path')}`);
		expect(included.repositoryFileDto[0]).toEqual({ name: 'daily_load.kjb', path: '/public/etl/daily_load.kjb' });
		const excluded = await json(`${F}/:public:etl/children?filter=${encodeURIComponent('FILES|*|excludeMembers=id,owner')}`);
		expect(excluded.repositoryFileDto[0]).not.toHaveProperty('id');
		expect(excluded.repositoryFileDto[0]).not.toHaveProperty('owner');
		expect(excluded.repositoryFileDto[0]).toHaveProperty('name');
		// RepositoryRequest throws a RuntimeException for both member parts: 500.
		const both = await call('GET', `${F}/:public/children?filter=${encodeURIComponent('FILES|includeMembers=name|excludeMembers=id')}`);
		expect(both.status).toBe(500);
	});

	it('tree: depth, filter, hidden files, system folders, and 204 for a missing path', async () => {
		const tree = await json(`${F}/:public/tree?depth=1`);
		expect(tree.file.path).toBe('/public');
		expect(ours(tree.children.map((c: any) => c.file.name))).toEqual(['etl', 'made', 'note.txt', 'Sample Reports']);
		expect(tree.children[0].children).toBeUndefined();
		const deep = await json(`${F}/:public/tree?depth=2&filter=FOLDERS`);
		expect(ours(deep.children.map((c: any) => c.file.name))).toEqual(['etl', 'made', 'Sample Reports']);
		expect(deep.children[0].children).toEqual([]);
		const hidden = await json(`${F}/:public:etl/tree?depth=1&showHidden=true`);
		expect(hidden.children.map((c: any) => c.file.name)).toContain('lookup_cache.ktr');
		const root = await json(`${F}/:/tree?depth=1`);
		expect(root.children.map((c: any) => c.file.name)).toEqual(['home', 'public']);
		const withSystem = await json(`${F}/:/tree?depth=1&includeSysDirs=true&includeAcls=true`);
		expect(withSystem.children.map((c: any) => c.file.name)).toEqual(['etc', 'home', 'public']);
		expect(withSystem.file.repositoryFileAclDto.owner).toBe('admin');
		expect((await call('GET', `${F}/:public:none/tree`, { accept: 'application/json' })).status).toBe(204);
		expect((await text('GET', `${F}/:public/tree?depth=1`))[1]).toMatch(/^<\?xml[^>]*\?><repositoryFileTreeDto><file>/);
	});

	it('generatedContent of a missing file is an empty 200, as FileResource answers a FileNotFoundException', async () => {
		expect(await json(`${F}/:public:none.prpt/generatedContent`)).toEqual({});
	});

	it('generatedContent lists files in the user home whose contentCreator is the file; ForUser reads another home', async () => {
		const own = await json(`${F}/:public:Sample%20Reports:Sales%20Summary.prpt/generatedContent?locale=en`);
		expect(names(own)).toEqual(['Sales Summary.html']);
		await addGeneratedContent(emu().app, '/public/Sample Reports/Sales Summary.prpt', 'suzy', 'Sales Summary.pdf', '%PDF-1.4', 'application/pdf');
		const suzys = await json(`${F}/:public:Sample%20Reports:Sales%20Summary.prpt/generatedContentForUser?user=suzy`);
		expect(names(suzys)).toEqual(['Sales Summary.pdf']);
		expect(await json(`${F}/:public:etl:daily_load.kjb/generatedContent`)).toEqual({});
		// Hidden outputs are not listed (repository.getChildren without showHidden).
		const hiddenOne = await addGeneratedContent(emu().app, '/public/Sample Reports/Sales Summary.prpt', 'suzy', 'Hidden.pdf', '%PDF-1.4', 'application/pdf');
		repositoryOf(emu().app).byId.get(hiddenOne.id)!.hidden = true;
		expect(names(await json(`${F}/:public:Sample%20Reports:Sales%20Summary.prpt/generatedContentForUser?user=suzy`))).toEqual(['Sales Summary.pdf']);
	});

	it('reservedCharacters is text/plain concatenated; the display form is comma-separated with escapes', async () => {
		const reserved = await call('GET', `${F}/reservedCharacters`);
		expect(reserved.headers.get('content-type')).toMatch(/^text\/plain/);
		expect(await reserved.text()).toBe('/\\\t\r\n');
		// FileService.doGetReservedCharactersDisplay joins with "," and no space.
		expect(await text('GET', `${F}/reservedCharactersDisplay`)).toEqual([200, '/,\\,\\t,\\r,\\n']);
	});
});

describe('repository emulator: trash', () => {
	it('delete moves to the trash (listed by deleted), deletepermanent removes it for good', async () => {
		await call('PUT', `${F}/:home:admin:trash-me.txt`, { body: 'bye' });
		await call('PUT', `${F}/:home:admin:trash-too.txt`, { body: 'bye' });
		const a = (await propertiesOf('/home/admin/trash-me.txt')).id;
		const b = (await propertiesOf('/home/admin/trash-too.txt')).id;
		const del = await call('PUT', `${F}/delete`, { body: `${a},${b}`, contentType: 'text/plain' });
		expect(del.status).toBe(200);
		expect((await call('GET', `${F}/:home:admin:trash-me.txt`)).status).toBe(404);
		const trash = await json(`${F}/deleted`);
		const entry = trash.repositoryFileDto.find((f: any) => f.id === a);
		expect(entry).toMatchObject({ name: 'trash-me.txt', originalParentFolderPath: '/home/admin' });
		expect(entry.deletedDate).toMatch(/^\d{13}$/);
		// Other users do not see admin's trash; an administrator sees everyone's (DefaultDeleteHelper.getAllDeletedFiles).
		expect(await json(`${F}/deleted`, { user: 'suzy' })).toEqual({});
		await call('PUT', `${F}/:home:suzy:suzys.txt`, { user: 'suzy', body: 's' });
		const suzys = (await propertiesOf('/home/suzy/suzys.txt')).id;
		expect((await call('PUT', `${F}/delete`, { user: 'suzy', body: suzys, contentType: 'text/plain' })).status).toBe(200);
		expect((await json(`${F}/deleted`)).repositoryFileDto.map((f: any) => f.id)).toContain(suzys);
		expect((await call('PUT', `${F}/deletepermanent`, { body: a, contentType: 'text/plain' })).status).toBe(200);
		expect((await json(`${F}/deleted`)).repositoryFileDto.map((f: any) => f.id)).not.toContain(a);
		expect(repositoryOf(emu().app).byId.has(a)).toBe(false);
		expect((await call('PUT', `${F}/deletepermanent`, { body: 'no-such-id', contentType: 'text/plain' })).status).toBe(500);
	});

	it('delete takes file ids only (a path id is not found by id: 500), and refuses what the user may not delete', async () => {
		await call('PUT', `${F}/:public:colon.txt`, { body: 'c' });
		expect((await call('PUT', `${F}/delete`, { body: ':public:colon.txt', contentType: 'text/plain' })).status).toBe(500);
		expect((await call('PUT', `${F}/delete`, { body: (await propertiesOf('/public/colon.txt')).id, contentType: 'text/plain' })).status).toBe(200);
		expect((await call('GET', `${F}/:public:colon.txt`)).status).toBe(404);
		const [status] = await text('PUT', `${F}/delete`, { user: 'suzy', body: (await propertiesOf('/home/admin/sales.ktr')).id, contentType: 'text/plain' });
		// The repository's access denial is caught by the resource: 500.
		expect(status).toBe(500);
	});
});

describe('repository emulator: children and tree filters per server build', () => {
	const on = useProfileEmulators();
	const tree = async (profile: ProfileName, query: string) => (await (await on(profile, 'GET', `${F}/:public/tree?${query}`, { accept: 'application/json' })).json()) as any;
	// Jersey 1 JSON writes a one-element list as the element itself.
	const list = (v: any) => ([] as any[]).concat(v ?? []);
	const kids = (t: any) => ours(list(t.children).map((c: any) => c.file.name));

	it('children apply only the name pattern on every build; a FILE has no children (500); /etc lists nothing', async () => {
		for (const profile of ['9.3', '10.2', '10.2sp', '11.0'] as const) {
			const list = async (filter: string) => {
				const body = (await (await on(profile, 'GET', `${F}/:public:etl/children?filter=${encodeURIComponent(filter)}&showHidden=true`, { accept: 'application/json' })).json()) as any;
				return [].concat(body.repositoryFileDto ?? []).map((f: any) => f.name);
			};
			expect(await list('*|FOLDERS')).toEqual(['daily_load.kjb', 'load_sales.ktr', 'lookup_cache.ktr']);
			expect(await list('FILES|*.ktr')).toEqual(['load_sales.ktr', 'lookup_cache.ktr']);
			expect((await on(profile, 'GET', `${F}/:public:etl:daily_load.kjb/children`)).status).toBe(500);
			expect(await (await on(profile, 'GET', `${F}/:etc/children`, { accept: 'application/json' })).json()).toEqual({});
		}
	});

	it('tree applies the type: FOLDERS drops files, FILES only at depth 1; a name pattern keeps folders with matches below (twice when the folder matches too)', async () => {
		await on('10.2sp', 'PUT', `${F}/:public:sales:sales.ktr`, { body: '<transformation/>' });
		await on('10.2sp', 'PUT', `${F}/:public:other:x.txt`, { body: 'x' });
		expect(kids(await tree('10.2sp', 'depth=1&filter=*|FOLDERS'))).toEqual(['etl', 'other', 'sales', 'Sample Reports']);
		expect(kids(await tree('10.2sp', 'depth=1&filter=*|FILES'))).toEqual([]);
		expect(kids(await tree('10.2sp', 'depth=2&filter=*|FILES'))).toEqual(['etl', 'other', 'sales', 'Sample Reports']);
		const ktr = await tree('10.2sp', 'depth=-1&filter=*.ktr');
		expect(kids(ktr)).toEqual(['etl', 'sales']);
		expect(kids(list(ktr.children)[0])).toEqual(['load_sales.ktr']);
		const sales = await tree('10.2sp', 'filter=sales*');
		expect(kids(sales)).toEqual(['sales', 'sales']);
	});

	it('a missing path is 204 on 9.3 GA and 11.0 but 500 on every 10.2 build; depth=0 is 500 on 10.2; a bad depth is 404', async () => {
		const status = async (profile: ProfileName, path: string) => (await on(profile, 'GET', `${F}/${path}`)).status;
		expect(await status('9.3', ':public:none/tree')).toBe(204);
		expect(await status('10.2', ':public:none/tree')).toBe(500);
		expect(await status('10.2sp', ':public:none/tree')).toBe(500);
		expect(await status('11.0', ':public:none/tree')).toBe(204);
		expect(await status('9.3', ':public/tree?depth=0')).toBe(200);
		expect(await status('10.2sp', ':public/tree?depth=0')).toBe(500);
		expect(await status('11.0', ':public/tree?depth=0')).toBe(200);
		expect(await status('11.0', ':public/tree?depth=one')).toBe(404);
	});

	it('the root tree titles home and public "Home" and "Public" from 9.3.0.1 on, and never lists /etc', async () => {
		const root = async (profile: ProfileName) => (await (await on(profile, 'GET', `${F}/tree?depth=1&includeSysDirs=true`, { accept: 'application/json' })).json()) as any;
		expect((await root('9.3')).children.map((c: any) => c.file.title)).toEqual(['home', 'public']);
		expect((await root('10.2sp')).children.map((c: any) => c.file.title)).toEqual(['Home', 'Public']);
		expect((await root('11.0')).children.map((c: any) => c.file.title)).toEqual(['Home', 'Public']);
	});
});

describe('repository emulator: trash restore (PUT /restore) per server build', () => {
	const on = useProfileEmulators();
	const idOf = async (profile: ProfileName, path: string, user = 'admin') =>
		((await (await on(profile, 'GET', `${F}/${path.replace(/\//g, ':')}/properties`, { accept: 'application/json', user })).json()) as { id: string }).id;
	const put = (profile: ProfileName, path: string, body: string, user = 'admin') => on(profile, 'PUT', `${F}/${path.replace(/\//g, ':')}`, { body, user });
	const trash = (profile: ProfileName, ids: string, user = 'admin') => on(profile, 'PUT', `${F}/delete`, { body: ids, contentType: 'text/plain', user });
	const restore = (profile: ProfileName, ids: string, query = '', user = 'admin') => on(profile, 'PUT', `${F}/restore${query}`, { body: ids, contentType: 'text/plain', user });
	const content = async (profile: ProfileName, path: string, user = 'admin') => {
		const response = await on(profile, 'GET', `${F}/${path.replace(/\//g, ':')}`, { user });
		return response.status === 200 ? await response.text() : response.status;
	};

	it('puts files back where they were, recreating a removed folder; a name taken there is 500 and stops the list', async () => {
		for (const profile of ['9.3', '10.2', '10.2sp', '11.0'] as const) {
			await put(profile, '/public/r/a.txt', 'A');
			await put(profile, '/public/r/b.txt', 'B');
			const a = await idOf(profile, '/public/r/a.txt');
			const b = await idOf(profile, '/public/r/b.txt');
			expect((await trash(profile, `${a},${b}`)).status).toBe(200);
			// The folder goes for good; restoring a.txt creates /public/r again.
			const folder = await idOf(profile, '/public/r');
			expect((await on(profile, 'PUT', `${F}/deletepermanent`, { body: folder, contentType: 'text/plain' })).status).toBe(200);
			expect((await restore(profile, a)).status).toBe(200);
			expect(await content(profile, '/public/r/a.txt')).toBe('A');
			// A new b.txt takes the name: restoring b (after a, which is already back: not in the trash) fails.
			await put(profile, '/public/r/b.txt', 'new B');
			expect((await restore(profile, b)).status).toBe(500);
			expect(await content(profile, '/public/r/b.txt')).toBe('new B');
			expect((await restore(profile, `${b},${a}`)).status).toBe(500);
			expect((await restore(profile, '')).status).toBe(500);
			expect((await restore(profile, b, '?overwriteMode=x')).status).toBe(404);
		}
	});

	it('without write access to the original folder: 406, or 409 when the home folder holds the same name', async () => {
		await put('10.2sp', '/home/suzy/notes2.txt', 'n', 'suzy');
		await put('10.2sp', '/public/locked/doc.txt', 'D');
		const doc = await idOf('10.2sp', '/public/locked/doc.txt');
		// suzy owns nothing there; give her delete on the file only, then lock the folder.
		const aclOf = (owner: string, aces: string) =>
			`<repositoryFileAclDto><owner>${owner}</owner><ownerType>0</ownerType><entriesInheriting>false</entriesInheriting>${aces}</repositoryFileAclDto>`;
		const ace = (who: string, ...perms: number[]) => `<aces><recipient>${who}</recipient><recipientType>0</recipientType>${perms.map((p) => `<permissions>${p}</permissions>`).join('')}</aces>`;
		expect((await on('10.2sp', 'PUT', `${F}/:public:locked:doc.txt/acl`, { body: aclOf('admin', ace('suzy', 0, 1, 2)), contentType: 'application/xml' })).status).toBe(200);
		expect((await trash('10.2sp', doc, 'suzy')).status).toBe(200);
		expect((await on('10.2sp', 'PUT', `${F}/:public:locked/acl`, { body: aclOf('admin', ace('suzy', 0)), contentType: 'application/xml' })).status).toBe(200);
		expect((await restore('10.2sp', doc, '', 'suzy')).status).toBe(406);
		await put('10.2sp', '/home/suzy/doc.txt', 'mine', 'suzy');
		expect((await restore('10.2sp', doc, '', 'suzy')).status).toBe(409);
		// overwriteMode puts it in her home folder instead: RENAME (2) as doc-Copy.txt, then deletes the trashed original.
		expect((await restore('10.2sp', doc, '?overwriteMode=2', 'suzy')).status).toBe(200);
		expect(await content('10.2sp', '/home/suzy/doc-Copy.txt', 'suzy')).toBe('D');
		expect(await content('10.2sp', '/home/suzy/doc.txt', 'suzy')).toBe('mine');
		expect((await on('10.2sp', 'GET', `${F}/deleted`, { user: 'suzy', accept: 'application/json' })).status).toBe(200);
		expect(await (await on('10.2sp', 'GET', `${F}/deleted`, { user: 'suzy', accept: 'application/json' })).json()).toEqual({});
	});

	it('overwriteMode 3 leaves clashing files in the trash; 1 replaces the home file and keeps the trashed id; others mean 2', async () => {
		await put('11.0', '/home/admin/x.txt', 'trashed');
		const x = await idOf('11.0', '/home/admin/x.txt');
		await trash('11.0', x);
		await put('11.0', '/home/admin/x.txt', 'current');
		expect((await restore('11.0', x, '?overwriteMode=3')).status).toBe(200);
		expect(await content('11.0', '/home/admin/x.txt')).toBe('current');
		expect(((await (await on('11.0', 'GET', `${F}/deleted`, { accept: 'application/json' })).json()) as any).repositoryFileDto.map((f: any) => f.id)).toContain(x);
		expect((await restore('11.0', x, '?overwriteMode=1')).status).toBe(200);
		expect(await content('11.0', '/home/admin/x.txt')).toBe('trashed');
		expect(await idOf('11.0', '/home/admin/x.txt')).toBe(x);
		await trash('11.0', x);
		await put('11.0', '/home/admin/x.txt', 'again');
		expect((await restore('11.0', x, '?overwriteMode=7')).status).toBe(200);
		expect(await content('11.0', '/home/admin/x-Copy.txt')).toBe('trashed');
	});
});

describe('repository emulator: file content rules (FileService.doGetFileOrDir / doGetFileAsInline)', () => {
	it('content outside the download whitelist needs Publish Content (403 for a Business Analyst); a folder is 404; /etc is 403', async () => {
		await call('PUT', `${F}/:public:share:report.ktr`, { body: '<transformation/>' });
		await call('PUT', `${F}/:public:share:report.csv`, { body: 'a,b' });
		expect((await call('GET', `${F}/:public:share:report.ktr`, { user: 'analyst' })).status).toBe(403);
		expect((await call('GET', `${F}/:public:share:report.ktr/inline`, { user: 'analyst' })).status).toBe(403);
		expect((await call('GET', `${F}/:public:share:report.csv`, { user: 'analyst' })).status).toBe(200);
		expect((await call('GET', `${F}/:public:share:report.ktr`, { user: 'suzy' })).status).toBe(200);
		expect((await call('GET', `${F}/:public:share`)).status).toBe(404);
		expect((await call('GET', `${F}/:public:share/inline`)).status).toBe(500);
		expect((await call('GET', `${F}/:etc:metadata`)).status).toBe(403);
	});
});

describe('repository emulator: literal paths win over {pathId}', () => {
	it('another method on a literal path is 405 instead of reaching the {pathId} routes', async () => {
		expect((await call('PUT', `${F}/properties`, { body: 'x' })).status).toBe(405);
		expect((await call('GET', `${F}/delete`)).status).toBe(405);
		expect((await call('PUT', `${F}/canAdminister`, { body: 'x' })).status).toBe(405);
		expect((await call('GET', `${F}/restore`)).status).toBe(405);
		expect((await call('GET', `${F}/:properties/properties`, { accept: 'application/json' })).status).toBe(204);
	});
});

describe('repository emulator: download checks per server build', () => {
	const on = useProfileEmulators();
	it('canDownload is checked before the look-up until 10.2.0.9-407 / 11.0.0.1-245 (403 for a missing file), after it from then on (404)', async () => {
		expect((await on('10.2', 'GET', `${F}/:public:none.kjb/download`, { user: 'suzy' })).status).toBe(403);
		expect((await on('11.0', 'GET', `${F}/:public:none.kjb/download`, { user: 'suzy' })).status).toBe(403);
		expect((await on('10.2sp', 'GET', `${F}/:public:none.kjb/download`, { user: 'suzy' })).status).toBe(404);
		expect((await on('10.2sp', 'GET', `${F}/:public:etl:daily_load.kjb/download`, { user: 'suzy' })).status).toBe(403);
		const own = await on('10.2sp', 'GET', `${F}/:home:suzy:notes.txt/download?withManifest=false`, { user: 'suzy' });
		expect(own.status).toBe(200);
		expect(await own.text()).toBe('Quarterly numbers are due on Friday.\n');
		expect((await on('10.2sp', 'GET', `${F}/:etc:metadata/download`)).status).toBe(403);
	});
});
