/**
 * The repository area of the emulator over plain HTTP (no nodes): every one of its 47 endpoints,
 * and the sequences the nodes rely on.
 */
import { randomBytes } from 'node:crypto';

import { strFromU8, unzipSync } from 'fflate';

import { startEmulator, type RunningEmulator } from '../../emulator';
import { addGeneratedContent, putRepositoryFile, readRepositoryFile, repositoryIndex, repositoryLookup, repositoryOf, type RepositoryIndex } from '../../emulator/areas/repository';

let emu: RunningEmulator;
const F = '/api/repo/files';

beforeAll(async () => {
	emu = await startEmulator();
});
afterAll(async () => {
	await emu.stop();
});

interface CallOptions {
	user?: string;
	password?: string;
	accept?: string;
	body?: string | Buffer | FormData | URLSearchParams;
	contentType?: string;
	redirect?: 'manual' | 'follow';
}

async function call(method: string, path: string, options: CallOptions = {}): Promise<Response> {
	const headers: Record<string, string> = {
		Authorization: `Basic ${Buffer.from(`${options.user ?? 'admin'}:${options.password ?? 'password'}`).toString('base64')}`,
	};
	if (options.accept) headers.Accept = options.accept;
	if (options.contentType) headers['Content-Type'] = options.contentType;
	return await fetch(`${emu.url}${path}`, { method, headers, body: options.body as never, redirect: options.redirect ?? 'follow' });
}

async function json<T = any>(path: string, options: CallOptions = {}): Promise<T> {
	const response = await call('GET', path, { accept: 'application/json', ...options });
	expect(response.status).toBe(200);
	return (await response.json()) as T;
}

async function text(method: string, path: string, options: CallOptions = {}): Promise<[number, string]> {
	const response = await call(method, path, options);
	return [response.status, await response.text()];
}

const names = (list: { repositoryFileDto?: Array<{ name: string }> }) => (list.repositoryFileDto ?? []).map((f) => f.name);

async function propertiesOf(path: string) {
	const pathId = path.replace(/\//g, ':');
	return await json(`${F}/${encodeURIComponent(pathId).replace(/%3A/g, ':')}/properties`);
}

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
		expect(raw.headers.get('content-disposition')).toContain('filename="daily_load.kjb"');
		expect(await raw.text()).toContain('<job>');

		const zipped = await call('GET', `${F}/:public:etl:daily_load.kjb/download?locale=de`);
		const entries = unzipSync(new Uint8Array(await zipped.arrayBuffer()));
		expect(Object.keys(entries).sort()).toEqual(['daily_load.kjb', 'exportManifest.xml']);
		expect(strFromU8(entries['exportManifest.xml'])).toContain('path="/public/etl/daily_load.kjb"');

		const folder = await call('GET', `${F}/:public:etl/download?withManifest=false`);
		expect(folder.headers.get('content-disposition')).toContain('filename="etl.zip"');
		const folderEntries = unzipSync(new Uint8Array(await folder.arrayBuffer()));
		expect(Object.keys(folderEntries)).toEqual(expect.arrayContaining(['etl/', 'etl/daily_load.kjb', 'etl/load_sales.ktr']));
		expect(Object.keys(folderEntries)).not.toContain('exportManifest.xml');
		expect((await call('GET', `${F}/:public:none/download`)).status).toBe(404);
		expect((await call('GET', `${F}/:home:admin:sales.ktr/download`, { user: 'suzy' })).status).toBe(403);
	});

	it('inline serves the content for display', async () => {
		const response = await call('GET', `${F}/:home:suzy:notes.txt/inline`, { user: 'suzy' });
		expect(response.status).toBe(200);
		expect(response.headers.get('content-disposition')).toMatch(/^inline; filename="notes.txt"/);
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
		expect(names(await json(`${F}/:public/children?filter=FOLDERS`))).toEqual(['etl', 'made', 'Sample Reports']);
		expect(names(await json(`${F}/:public/children?filter=FILES`))).toEqual(['note.txt']);
		expect(names(await json(`${F}/:public:etl/children?filter=${encodeURIComponent('FILES|*.kjb|load*')}`))).toEqual(['daily_load.kjb', 'load_sales.ktr']);
		expect(names(await json(`${F}/:public:etl/children?filter=${encodeURIComponent('FILES|*.kjb')}`))).toEqual(['daily_load.kjb']);
		const included = await json(`${F}/:public:etl/children?filter=${encodeURIComponent('FILES_FOLDERS|*|includeMembers=name,path')}`);
		expect(included.repositoryFileDto[0]).toEqual({ name: 'daily_load.kjb', path: '/public/etl/daily_load.kjb' });
		const excluded = await json(`${F}/:public:etl/children?filter=${encodeURIComponent('FILES|*|excludeMembers=id,owner')}`);
		expect(excluded.repositoryFileDto[0]).not.toHaveProperty('id');
		expect(excluded.repositoryFileDto[0]).not.toHaveProperty('owner');
		expect(excluded.repositoryFileDto[0]).toHaveProperty('name');
		const both = await call('GET', `${F}/:public/children?filter=${encodeURIComponent('FILES|includeMembers=name|excludeMembers=id')}`);
		expect(both.status).toBe(400);
	});

	it('tree: depth, filter, hidden files, system folders, and 204 for a missing path', async () => {
		const tree = await json(`${F}/:public/tree?depth=1`);
		expect(tree.file.path).toBe('/public');
		expect(tree.children.map((c: any) => c.file.name)).toEqual(['etl', 'made', 'Sample Reports', 'note.txt']);
		expect(tree.children[0].children).toBeUndefined();
		const deep = await json(`${F}/:public/tree?depth=2&filter=FOLDERS`);
		expect(deep.children.map((c: any) => c.file.name)).toEqual(['etl', 'made', 'Sample Reports']);
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
		await addGeneratedContent(emu.app, '/public/Sample Reports/Sales Summary.prpt', 'suzy', 'Sales Summary.pdf', '%PDF-1.4', 'application/pdf');
		const suzys = await json(`${F}/:public:Sample%20Reports:Sales%20Summary.prpt/generatedContentForUser?user=suzy`);
		expect(names(suzys)).toEqual(['Sales Summary.pdf']);
		expect(await json(`${F}/:public:etl:daily_load.kjb/generatedContent`)).toEqual({});
	});

	it('reservedCharacters is text/plain concatenated; the display form is comma-separated with escapes', async () => {
		const reserved = await call('GET', `${F}/reservedCharacters`);
		expect(reserved.headers.get('content-type')).toMatch(/^text\/plain/);
		expect(await reserved.text()).toBe('/\\\t\r\n');
		expect(await text('GET', `${F}/reservedCharactersDisplay`)).toEqual([200, '/, \\, \\t, \\r, \\n']);
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
		// Other users do not see admin's trash.
		expect(await json(`${F}/deleted`, { user: 'suzy' })).toEqual({});
		expect((await call('PUT', `${F}/deletepermanent`, { body: a, contentType: 'text/plain' })).status).toBe(200);
		expect((await json(`${F}/deleted`)).repositoryFileDto.map((f: any) => f.id)).not.toContain(a);
		expect(repositoryOf(emu.app).byId.has(a)).toBe(false);
		expect((await call('PUT', `${F}/deletepermanent`, { body: 'no-such-id', contentType: 'text/plain' })).status).toBe(500);
	});

	it('delete takes file ids only (a path id is not found by id: 500), and refuses what the user may not delete', async () => {
		await call('PUT', `${F}/:public:colon.txt`, { body: 'c' });
		expect((await call('PUT', `${F}/delete`, { body: ':public:colon.txt', contentType: 'text/plain' })).status).toBe(500);
		expect((await call('PUT', `${F}/delete`, { body: (await propertiesOf('/public/colon.txt')).id, contentType: 'text/plain' })).status).toBe(200);
		expect((await call('GET', `${F}/:public:colon.txt`)).status).toBe(404);
		const [status] = await text('PUT', `${F}/delete`, { user: 'suzy', body: (await propertiesOf('/home/admin/sales.ktr')).id, contentType: 'text/plain' });
		expect(status).toBe(403);
	});
});

describe('repository emulator: access', () => {
	it('GET acl in JSON and XML; PUT acl (XML) round trip changes who may read', async () => {
		const acl = await json(`${F}/:home:admin:sales.ktr/acl`);
		expect(acl).toMatchObject({ owner: 'admin', ownerType: 0, entriesInheriting: true });
		expect(acl.aces).toContainEqual(expect.objectContaining({ recipient: 'Administrator', recipientType: 1, permissions: [4], modifiable: false }));
		expect((await call('GET', `${F}/:home:admin:sales.ktr`, { user: 'suzy' })).status).toBe(403);
		const body =
			'<repositoryFileAclDto><aces><recipient>suzy</recipient><recipientType>0</recipientType><permissions>0</permissions></aces>' +
			'<entriesInheriting>false</entriesInheriting><owner>admin</owner><ownerType>0</ownerType></repositoryFileAclDto>';
		expect((await call('PUT', `${F}/:home:admin:sales.ktr/acl`, { body, contentType: 'application/xml' })).status).toBe(200);
		const after = await json(`${F}/:home:admin:sales.ktr/acl`);
		expect(after.entriesInheriting).toBe(false);
		expect(after.aces[0]).toMatchObject({ recipient: 'suzy', recipientType: 0, permissions: [0] });
		expect((await call('GET', `${F}/:home:admin:sales.ktr`, { user: 'suzy' })).status).toBe(200);
		expect((await call('PUT', `${F}/:home:admin:sales.ktr`, { user: 'suzy', body: 'x' })).status).toBe(403);
		const xml = (await text('GET', `${F}/:home:admin:sales.ktr/acl`))[1];
		expect(xml).toContain('<entriesInheriting>false</entriesInheriting>');
		// JSON bodies are taken too; unknown recipients are 403; non-managers are refused.
		const jsonBody = JSON.stringify({ owner: 'admin', ownerType: 0, entriesInheriting: true, aces: [] });
		expect((await call('PUT', `${F}/:home:admin:sales.ktr/acl`, { body: jsonBody, contentType: 'application/json' })).status).toBe(200);
		const unknown = JSON.stringify({ owner: 'admin', ownerType: 0, entriesInheriting: false, aces: [{ recipient: 'nobody', recipientType: 0, permissions: [0] }] });
		expect((await call('PUT', `${F}/:home:admin:sales.ktr/acl`, { body: unknown, contentType: 'application/json' })).status).toBe(403);
		expect((await call('PUT', `${F}/:home:admin:sales.ktr/acl`, { user: 'suzy', body: jsonBody, contentType: 'application/json' })).status).toBe(403);
		expect((await call('PUT', `${F}/:home:admin:sales.ktr/acl`, { body: '<repositoryFileAclDto><owner>', contentType: 'application/xml' })).status).toBe(500);
	});

	it('canAccess answers text for all codes; canAccessMap one setting per code', async () => {
		expect(await text('GET', `${F}/:public/canAccess?permissions=0%7C1`, { user: 'suzy' })).toEqual([200, 'true']);
		expect(await text('GET', `${F}/:public/canAccess?permissions=0%7C3`, { user: 'suzy' })).toEqual([200, 'false']);
		const map = await json(`${F}/:public/canAccessMap?permissions=0%7C1%7C3`, { user: 'suzy' });
		expect(map).toEqual({ setting: [{ name: '0', value: 'true' }, { name: '1', value: 'true' }, { name: '3', value: 'false' }] });
		expect((await text('GET', `${F}/:public/canAccessMap?permissions=0`))[1]).toBe(
			'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><settings><setting><name>0</name><value>true</value></setting></settings>',
		);
	});

	it('canAdminister, canCreate, canEdit, canDownload and canUpload answer per user', async () => {
		expect(await text('GET', `${F}/canAdminister`)).toEqual([200, 'true']);
		expect(await text('GET', `${F}/canAdminister`, { user: 'suzy' })).toEqual([200, 'false']);
		expect(await text('GET', `${F}/canCreate`, { user: 'suzy' })).toEqual([200, 'true']);
		expect(await text('GET', `${F}/canCreate`, { user: 'analyst' })).toEqual([200, 'false']);
		expect(await text('GET', `${F}/canEdit`, { user: 'analyst' })).toEqual([200, 'false']);
		expect(await text('GET', `${F}/canDownload`, { user: 'suzy' })).toEqual([200, 'true']);
		expect(await text('GET', `${F}/canDownload?dirPath=%2Fhome%2Fadmin`, { user: 'suzy' })).toEqual([200, 'false']);
		expect(await text('GET', `${F}/canUpload?dirPath=%2Fpublic`, { user: 'suzy' })).toEqual([200, 'true']);
		expect(await text('GET', `${F}/canUpload?dirPath=%2Fhome%2Fadmin`, { user: 'suzy' })).toEqual([200, 'false']);
	});

	it('pathsAccessList takes a JSON or XML string list and answers one setting per permission held', async () => {
		const response = await call('POST', `${F}/pathsAccessList`, {
			user: 'suzy',
			accept: 'application/json',
			contentType: 'application/json',
			body: JSON.stringify({ strings: ['/public', '/home/admin'] }),
		});
		expect(await response.json()).toEqual({ setting: [{ name: '/public', value: '0' }, { name: '/public', value: '1' }, { name: '/public', value: '2' }] });
		const xml = await call('POST', `${F}/pathsAccessList`, {
			accept: 'application/json',
			contentType: 'application/xml',
			body: '<stringListWrapper><strings>/home/suzy</strings></stringListWrapper>',
		});
		expect(((await xml.json()) as any).setting.map((s: any) => s.value)).toEqual(['0', '1', '2', '3', '4']);
	});
});

describe('repository emulator: locales and metadata', () => {
	const report = `${F}/:public:Sample%20Reports:Sales%20Summary.prpt`;

	it('locales, localeProperties (GET, PUT with XML) and deleteLocale', async () => {
		const locales = await json(`${report}/locales`);
		expect(locales.localeMapDto.map((l: any) => l.locale)).toEqual(['default', 'de']);
		expect(await json(`${report}/localeProperties?locale=de`)).toEqual({ stringKeyStringValueDto: [{ key: 'file.title', value: 'Umsatzübersicht' }] });
		const body =
			'<stringKeyStringValueDtoes><stringKeyStringValueDto><key>file.title</key><value>Ventes &amp; marges</value></stringKeyStringValueDto></stringKeyStringValueDtoes>';
		expect((await call('PUT', `${report}/localeProperties?locale=fr`, { body, contentType: 'application/xml' })).status).toBe(200);
		expect(await json(`${report}/localeProperties?locale=fr`)).toEqual({ stringKeyStringValueDto: [{ key: 'file.title', value: 'Ventes & marges' }] });
		expect((await call('PUT', `${report}/deleteLocale?locale=fr`)).status).toBe(200);
		expect(await json(`${report}/localeProperties?locale=fr`)).toEqual({});
		expect(await json(`${F}/:public:none.prpt/locales`)).toEqual({});
		expect((await call('PUT', `${F}/:public:none.prpt/deleteLocale?locale=fr`)).status).toBe(500);
	});

	it('metadata GET and PUT (JSON under either key, or XML); _PERM_HIDDEN hides the file', async () => {
		const before = await json(`${report}/metadata`);
		expect(before.stringKeyStringValueDto).toEqual(expect.arrayContaining([{ key: 'category', value: 'sales' }, { key: '_PERM_HIDDEN', value: 'false' }]));
		await call('PUT', `${report}/metadata`, { contentType: 'application/json', body: JSON.stringify({ stringKeyStringValueDto: [{ key: 'owner.team', value: 'bi' }] }) });
		await call('PUT', `${report}/metadata`, { contentType: 'application/json', body: JSON.stringify({ stringKeyStringValueDtoes: [{ key: 'reviewed', value: 'yes' }] }) });
		const xml = '<stringKeyStringValueDtoes><stringKeyStringValueDto><key>_PERM_HIDDEN</key><value>true</value></stringKeyStringValueDto></stringKeyStringValueDtoes>';
		expect((await call('PUT', `${report}/metadata`, { contentType: 'application/xml', body: xml })).status).toBe(200);
		const after = await json(`${report}/metadata`);
		expect(after.stringKeyStringValueDto).toEqual(
			expect.arrayContaining([{ key: 'category', value: 'sales' }, { key: 'owner.team', value: 'bi' }, { key: 'reviewed', value: 'yes' }, { key: '_PERM_HIDDEN', value: 'true' }]),
		);
		expect(names(await json(`${F}/:public:Sample%20Reports/children`))).toEqual([]);
		await call('PUT', `${report}/metadata`, { contentType: 'application/json', body: JSON.stringify({ stringKeyStringValueDto: [{ key: '_PERM_HIDDEN', value: 'false' }] }) });
		expect((await call('PUT', `${report}/metadata`, { contentType: 'application/json', body: '{"stringKeyStringValueDto":[{"value":"x"}]}' })).status).toBe(400);
		expect((await call('PUT', `${report}/metadata`, { contentType: 'application/xml', body: '<a><b>' })).status).toBe(415);
	});
});

describe('repository emulator: folders under /api/repo/dirs', () => {
	it('PUT creates folders but not at root level; isVisible and defaultLocation answer text', async () => {
		expect((await call('PUT', '/api/repo/dirs/:public:by-dirs:sub')).status).toBe(200);
		expect((await propertiesOf('/public/by-dirs/sub')).folder).toBe(true);
		expect(await text('PUT', '/api/repo/dirs/:public:by-dirs:sub')).toEqual([409, 'couldNotCreateFolderDuplicate']);
		expect(await text('PUT', '/api/repo/dirs/:toplevel')).toEqual([403, 'couldNotCreateRootLevelFolder']);
		expect(await text('GET', '/api/repo/dirs/:public/isVisible')).toEqual([200, 'true']);
		expect(await text('GET', '/api/repo/dirs/:home:admin/isVisible', { user: 'suzy' })).toEqual([200, 'false']);
		expect(await text('GET', '/api/repo/dirs/:public/defaultLocation', { user: 'suzy' })).toEqual([200, '/public']);
		expect(await text('GET', '/api/repo/dirs/:home:admin/defaultLocation', { user: 'suzy' })).toEqual([200, '/']);
	});

	it('non-administrators write only where the ACLs allow', async () => {
		expect((await call('PUT', `${F}/:home:suzy:mine.txt`, { user: 'suzy', body: 'ok' })).status).toBe(200);
		expect((await call('PUT', `${F}/:public:suzy.txt`, { user: 'suzy', body: 'ok' })).status).toBe(200);
		expect((await call('PUT', `${F}/:home:admin:intrude.txt`, { user: 'suzy', body: 'no' })).status).toBe(403);
		expect((await call('PUT', `${F}/:toplevel.txt`, { user: 'analyst', body: 'no' })).status).toBe(403);
		expect((await call('PUT', `${F}/:newtop/createDir`, { user: 'analyst' })).status).toBe(403);
		expect((await call('GET', `${F}/:home:suzy:notes.txt`, { user: 'analyst' })).status).toBe(403);
	});
});

describe('repository emulator: backup and restore', () => {
	it('backup answers a zip of the repository; systemRestore reads it back with overwriteFile semantics', async () => {
		await call('PUT', `${F}/:public:restore:keep.txt`, { body: 'original' });
		const backup = await call('POST', `${F}/backup`, {
			contentType: 'application/x-www-form-urlencoded',
			body: new URLSearchParams({ logFile: 'backup.log', logLevel: 'INFO', outputFile: 'nightly.zip' }),
		});
		expect(backup.status).toBe(200);
		expect(backup.headers.get('content-disposition')).toBe('attachment; filename="nightly.zip"');
		const zip = Buffer.from(await backup.arrayBuffer());
		const entries = unzipSync(new Uint8Array(zip));
		expect(Object.keys(entries)).toEqual(expect.arrayContaining(['exportManifest.xml', 'public/etl/daily_load.kjb', 'public/restore/keep.txt', 'home/suzy/notes.txt']));

		// Change one file, remove another, add one that is not in the backup.
		await call('PUT', `${F}/:public:restore:keep.txt`, { body: 'changed' });
		const id = (await propertiesOf('/public/etl/load_sales.ktr')).id;
		await call('PUT', `${F}/deletepermanent`, { body: id, contentType: 'text/plain' });
		await call('PUT', `${F}/:public:restore:new.txt`, { body: 'only on the server' });

		const restore = async (overwriteFile: string) => {
			const form = new FormData();
			form.append('fileUpload', new Blob([zip], { type: 'application/zip' }), 'nightly.zip');
			form.append('overwriteFile', overwriteFile);
			form.append('applyAclSettings', 'true');
			form.append('overwriteAclSettings', 'false');
			form.append('logLevel', 'INFO');
			form.append('logFile', 'restore.log');
			form.append('backupBundlePath', 'nightly.zip');
			return await call('POST', `${F}/systemRestore`, { body: form });
		};
		expect((await restore('false')).status).toBe(200);
		expect(await (await call('GET', `${F}/:public:restore:keep.txt`)).text()).toBe('changed');
		expect((await call('GET', `${F}/:public:etl:load_sales.ktr`)).status).toBe(200);
		expect((await restore('true')).status).toBe(200);
		expect(await (await call('GET', `${F}/:public:restore:keep.txt`)).text()).toBe('original');
		expect(await (await call('GET', `${F}/:public:restore:new.txt`)).text()).toBe('only on the server');
		expect((await propertiesOf('/public/etl/lookup_cache.ktr')).hidden).toBe(true);
	});

	it('backup and restore are refused to non-administrators (403) and restore needs a multipart zip', async () => {
		expect((await call('POST', `${F}/backup`, { user: 'suzy', contentType: 'application/x-www-form-urlencoded', body: 'logLevel=INFO' })).status).toBe(403);
		const form = new FormData();
		form.append('fileUpload', new Blob([Buffer.from('not a zip')]), 'x.zip');
		form.append('logFile', 'restore.log');
		form.append('logLevel', 'INFO');
		form.append('backupBundlePath', 'x.zip');
		expect((await call('POST', `${F}/systemRestore`, { user: 'analyst', body: form })).status).toBe(403);
		expect((await call('POST', `${F}/systemRestore`, { body: form })).status).toBe(400);
		expect((await call('POST', `${F}/systemRestore`, { body: 'x', contentType: 'text/plain' })).status).toBe(400);
	});
});

describe('repository emulator: /api/repos resources', () => {
	const pathId = ':public:Sample%20Reports:Sales%20Summary.prpt';

	it('default answers 303 with the content URL, which serves the resource', async () => {
		const response = await call('GET', `/api/repos/${pathId}/default`, { redirect: 'manual' });
		expect(response.status).toBe(303);
		expect(response.headers.get('location')).toBe(`${emu.url}/api/repos/${pathId}/viewer`);
		const viewer = await call('GET', `/api/repos/${pathId}/viewer?output-target=json&region=EMEA`);
		expect(await viewer.json()).toMatchObject({ file: '/public/Sample Reports/Sales Summary.prpt', generator: 'viewer', parameters: { region: 'EMEA' } });
		expect((await call('GET', `/api/repos/:public:none.prpt/default`, { redirect: 'manual' })).status).toBe(404);
	});

	it('GET serves file content, plugin files and generator info; POST stores form properties', async () => {
		const content = await call('GET', `/api/repos/:home:suzy:notes.txt/content`, { user: 'suzy' });
		expect(await content.text()).toBe('Quarterly numbers are due on Friday.\n');
		const png = await call('GET', '/api/repos/dataflow-emulator/logo.png');
		expect(png.headers.get('content-type')).toBe('image/png');
		expect(Buffer.from(await png.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
		expect((await call('POST', '/api/repos/dataflow-emulator/info.json', { contentType: 'application/x-www-form-urlencoded', body: 'theme=dark' })).status).toBe(200);
		expect(await json('/api/repos/dataflow-emulator/info.json')).toMatchObject({ plugin: 'dataflow-emulator', properties: { theme: 'dark' } });
		expect(await json('/api/repos/prpt/viewer')).toMatchObject({ extension: 'prpt', generator: 'viewer' });
		expect((await call('GET', '/api/repos/unknown/thing')).status).toBe(404);
	});
});

describe('repository emulator: LDAP and user console', () => {
	it('getAttributeValues answers the attribute set; setAttributeValues changes it (administrators only)', async () => {
		const before = await json('/api/ldap/config/getAttributeValues');
		expect(before.attributes).toHaveLength(20);
		expect(before.attributes).toContainEqual({ key: 'contextSource.password', value: 'secret' });
		const forSuzy = await json('/api/ldap/config/getAttributeValues', { user: 'suzy' });
		expect(forSuzy.attributes).toContainEqual({ key: 'contextSource.password', value: '' });
		const body = JSON.stringify({ attributes: [{ key: 'securityProvider', value: 'ldap' }, { key: 'populator.searchSubtree', value: 'true' }] });
		expect((await call('PUT', '/api/ldap/config/setAttributeValues', { user: 'suzy', body, contentType: 'application/json' })).status).toBe(403);
		expect((await call('PUT', '/api/ldap/config/setAttributeValues', { body, contentType: 'application/json' })).status).toBe(200);
		const after = await json('/api/ldap/config/getAttributeValues');
		expect(after.attributes).toContainEqual({ key: 'securityProvider', value: 'ldap' });
		expect(after.attributes).toContainEqual({ key: 'populator.searchSubtree', value: 'true' });
		const bad = JSON.stringify({ attributes: [{ key: 'no.such.key', value: 'x' }] });
		expect((await call('PUT', '/api/ldap/config/setAttributeValues', { body: bad, contentType: 'application/json' })).status).toBe(400);
	});

	it('isAdministrator and isAuthenticated answer text; wrong credentials are 401', async () => {
		expect(await text('GET', '/api/mantle/isAdministrator')).toEqual([200, 'true']);
		expect(await text('GET', '/api/mantle/isAdministrator', { user: 'analyst' })).toEqual([200, 'false']);
		expect(await text('GET', '/api/mantle/isAuthenticated', { user: 'suzy' })).toEqual([200, 'true']);
		expect((await call('GET', '/api/mantle/isAuthenticated', { password: 'wrong' })).status).toBe(401);
		expect((await call('GET', `${F}/children`, { password: 'wrong' })).status).toBe(401);
	});
});

describe('repository emulator: cross-area contract and options', () => {
	it('repositoryLookup, repositoryIndex and the exported helpers see and change files', async () => {
		const lookup = repositoryLookup(emu.app)!;
		const index: RepositoryIndex = repositoryIndex(emu.app)!;
		expect(lookup('/public/etl/daily_load.kjb')).toBe(true);
		expect(lookup('/public/etl')).toBe(false);
		expect(lookup('/public/etl/none.kjb')).toBe(false);
		const summary = index.byPath('/public/etl/daily_load.kjb')!;
		expect(summary).toMatchObject({ path: '/public/etl/daily_load.kjb', name: 'daily_load.kjb', folder: false });
		expect(index.byId(summary.id)).toEqual(summary);
		const added = await putRepositoryFile(emu.app, '/public/added/by-helper.kjb', '<job/>');
		expect(lookup('/public/added/by-helper.kjb')).toBe(true);
		expect((await readRepositoryFile(emu.app, added.path))?.toString()).toBe('<job/>');
		await call('PUT', `${F}/delete`, { body: added.id, contentType: 'text/plain' });
		expect(lookup('/public/added/by-helper.kjb')).toBe(false);
		expect(index.byId(added.id)).toBeUndefined();
	});

	it('seed overrides: own files, reserved characters, and string-typed JSON as older servers write it', async () => {
		const other = await startEmulator({
			seed: { repository: { replace: true, files: [{ path: '/public/only.ktr', content: '<transformation/>' }], reservedCharacters: '/\\*', jsonStyle: 'strings' } },
		});
		try {
			const auth = { Authorization: `Basic ${Buffer.from('admin:password').toString('base64')}`, Accept: 'application/json' };
			const children = (await (await fetch(`${other.url}${F}/:public/children`, { headers: auth })).json()) as any;
			expect(children.repositoryFileDto).toMatchObject({ name: 'only.ktr', folder: 'false', fileSize: '17' });
			expect(await (await fetch(`${other.url}${F}/reservedCharacters`, { headers: auth })).text()).toBe('/\\*');
			expect((await fetch(`${other.url}${F}/:public:a*b`, { method: 'PUT', headers: auth, body: 'x' })).status).toBe(403);
		} finally {
			await other.stop();
		}
	});
});

describe('repository emulator: server-version profiles', () => {
	const started: RunningEmulator[] = [];
	afterAll(async () => {
		for (const e of started) await e.stop();
	});
	async function profileCall(profile: '9.3' | '10.2' | '11.0', method: string, path: string, options: CallOptions = {}) {
		let running = started.find((e) => e.app.profile.name === profile);
		if (!running) {
			running = await startEmulator({ profile });
			started.push(running);
		}
		const headers: Record<string, string> = { Authorization: `Basic ${Buffer.from('admin:password').toString('base64')}` };
		if (options.accept) headers.Accept = options.accept;
		if (options.contentType) headers['Content-Type'] = options.contentType;
		return await fetch(`${running.url}${path}`, { method, headers, body: options.body as never });
	}

	it('before 10.3 there is no /exists: the request reaches GET {pathId} and every file is "missing" (404)', async () => {
		for (const profile of ['9.3', '10.2'] as const) {
			expect((await profileCall(profile, 'GET', `${F}/exists?pathId=${encodeURIComponent(':public:etl:daily_load.kjb')}`)).status).toBe(404);
			expect((await profileCall(profile, 'GET', `${F}/:public:etl:daily_load.kjb/properties`)).status).toBe(200);
		}
	});

	it('backup before 10.2.0.3 is GET (POST 405); from 10.2.0.3 POST with logFile, logLevel and outputFile all required', async () => {
		const old = await profileCall('9.3', 'GET', `${F}/backup`);
		expect(old.status).toBe(200);
		expect(old.headers.get('content-disposition')).toBe('attachment; filename="SystemBackup.zip"');
		expect((await profileCall('10.2', 'POST', `${F}/backup`, { contentType: 'application/x-www-form-urlencoded', body: 'outputFile=x.zip' })).status).toBe(405);
		const form = (fields: Record<string, string>) => ({ contentType: 'application/x-www-form-urlencoded', body: new URLSearchParams(fields) });
		expect((await profileCall('11.0', 'POST', `${F}/backup`, form({ logLevel: 'INFO', outputFile: 'x.zip' }))).status).toBe(500);
		expect((await profileCall('11.0', 'POST', `${F}/backup`, form({ logFile: 'b.csv', logLevel: 'INFO', outputFile: 'x.zip' }))).status).toBe(400);
		expect((await profileCall('11.0', 'POST', `${F}/backup`, form({ logFile: 'b.log', logLevel: 'LOUD', outputFile: 'x.zip' }))).status).toBe(400);
		expect((await profileCall('11.0', 'POST', `${F}/backup`, form({ logFile: 'b.log', logLevel: 'INFO', outputFile: 'x.zip' }))).status).toBe(200);
		// A GET there reaches GET {pathId} with the id "backup", as on the real server: 404.
		expect((await profileCall('11.0', 'GET', `${F}/backup`)).status).toBe(404);
	});

	it('restore from 10.2.0.3 needs the log fields and imports nothing (still 200) without a .zip backupBundlePath', async () => {
		const zip = Buffer.from(await (await profileCall('11.0', 'POST', `${F}/backup`, { contentType: 'application/x-www-form-urlencoded', body: new URLSearchParams({ logFile: 'b.log', logLevel: 'INFO', outputFile: 'x.zip' }) })).arrayBuffer());
		const id = async () => ((await (await profileCall('11.0', 'GET', `${F}/:public:etl:load_sales.ktr/properties`, { accept: 'application/json' })).json()) as { id: string }).id;
		await profileCall('11.0', 'PUT', `${F}/deletepermanent`, { body: await id(), contentType: 'text/plain' });
		const restore = async (fields: Record<string, string>) => {
			const form = new FormData();
			form.append('fileUpload', new Blob([zip], { type: 'application/zip' }), 'x.zip');
			for (const [k, v] of Object.entries(fields)) form.append(k, v);
			return (await profileCall('11.0', 'POST', `${F}/systemRestore`, { body: form })).status;
		};
		const present = async () => (await profileCall('11.0', 'GET', `${F}/:public:etl:load_sales.ktr/properties`)).status;
		expect(await restore({})).toBe(500);
		expect(await restore({ logFile: 'r.log', logLevel: 'INFO' })).toBe(200);
		expect(await present()).toBe(204);
		expect(await restore({ logFile: 'r.log', logLevel: 'INFO', backupBundlePath: 'x.zip' })).toBe(200);
		expect(await present()).toBe(200);
	});

	it('9.x/10.x answer Jersey 1 JSON (strings, one-element lists bare); 11.x typed JSON; /canEdit only from 9.4', async () => {
		const old = (await (await profileCall('10.2', 'GET', `${F}/:public:etl:daily_load.kjb/properties`, { accept: 'application/json' })).json()) as Record<string, unknown>;
		expect(old.folder).toBe('false');
		expect(typeof old.fileSize).toBe('string');
		const typed = (await (await profileCall('11.0', 'GET', `${F}/:public:etl:daily_load.kjb/properties`, { accept: 'application/json' })).json()) as Record<string, unknown>;
		expect(typed.folder).toBe(false);
		expect((await profileCall('9.3', 'GET', `${F}/canEdit`)).status).toBe(404);
		expect((await profileCall('10.2', 'GET', `${F}/canEdit`)).status).toBe(200);
	});
});
