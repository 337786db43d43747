/**
 * The Repository node against the emulator: every operation's behaviour over real HTTP, with
 * n8n's filesystem binary-data mode so that uploads and downloads go through streams.
 */
import { randomBytes } from 'node:crypto';

import { unzipSync } from 'fflate';
import type { IDataObject } from 'n8n-workflow';

import { repositoryOf } from '../../emulator/areas/repository';
import { searchFolders, searchPaths } from '../../nodes/Repository/shared/listSearch';
import { useFilesystemBinaryData } from '../helpers/binaryData';
import { useEmulator } from '../helpers/emulator';
import { describeEachProfile } from '../helpers/profiles';
import { serverProfile } from '../../emulator/core/profiles';
import { binaryBytes, exec, loadOptionsContext, rl } from './helpers';

const binaryData = useFilesystemBinaryData();

// Every behaviour below must hold on each server version users run (9.3 and 10.2: Jersey 1 JSON,
// GET backup, no /exists; 11.0: Jackson JSON, POST backup with log fields, /exists).
describeEachProfile('Repository node', (profile) => {
const fixture = useEmulator({ profile });
const atLeast = (version: string) => serverProfile(profile).atLeast(version);

const admin = () => fixture.server();
const suzy = () => fixture.server({ user: 'suzy' });

async function ok(resource: string, operation: string, parameters: IDataObject = {}, options: Parameters<typeof exec>[3] = {}) {
	const result = await exec(resource, operation, parameters, { credentials: admin(), ...options });
	expect(result.error?.message).toBeUndefined();
	return result;
}

describe('File', () => {
	it('Upload then Get Content returns the same bytes, streamed through n8n\'s binary storage', async () => {
		const bytes = randomBytes(3 * 1024 * 1024 + 17);
		// Put the file into n8n's storage the way a previous node would: by running Get Content on an emulator file.
		await repositoryOf(fixture.emulator.app).writeFile('/home/admin/source.bin', bytes, { name: 'admin', password: '', admin: true });
		const source = await ok('file', 'getContent', { path: rl('/home/admin/source.bin'), binaryPropertyName: 'data' });
		expect(source.items[0].binary?.data.id).toMatch(/^filesystem/);
		expect(await binaryData.storedBytes()).toBeGreaterThanOrEqual(bytes.length);

		const upload = await ok('file', 'upload', { folder: rl('/public/uploads'), binaryPropertyName: 'data', fileName: 'copy.bin' }, { input: source.items });
		expect(upload.items[0].json).toMatchObject({ path: '/public/uploads/copy.bin', fileSize: bytes.length, uploaded: true });
		const stored = repositoryOf(fixture.emulator.app).find('/public/uploads/copy.bin');
		expect(stored?.fileSize).toBe(bytes.length);

		const back = await ok('file', 'getContent', { path: rl('/public/uploads/copy.bin'), binaryPropertyName: 'out' });
		expect(back.items[0].binary?.out).toMatchObject({ fileName: 'copy.bin' });
		expect(back.items[0].binary?.out.id).toBeDefined();
		expect((await binaryBytes(back.items[0], 'out')).equals(bytes)).toBe(true);
	});

	it('Upload of a name with a reserved character fails before the file is sent', async () => {
		fixture.resetRequests();
		const result = await exec(
			'file',
			'upload',
			{ folder: rl('/public'), binaryPropertyName: 'data', fileName: 'bad\\name.txt' },
			{ credentials: admin(), input: [{ json: {}, binary: { data: { data: Buffer.from('x').toString('base64'), mimeType: 'text/plain', fileName: 'x.txt' } } }] },
		);
		expect(result.error?.message).toBe('The name "bad\\name.txt" contains "\\", which the repository reserves');
		expect(fixture.requests()).toEqual(['GET /pentaho/api/repo/files/reservedCharacters']);
	});

	it('Download gives a zip with the manifest, or the file as is; Get Inline the content', async () => {
		const zip = await ok('file', 'download', { path: rl('/public/etl'), binaryPropertyName: 'data', withManifest: true });
		expect(zip.items[0].binary?.data).toMatchObject({ fileName: 'etl.zip', mimeType: 'application/zip' });
		const entries = Object.keys(unzipSync(new Uint8Array(await binaryBytes(zip.items[0]))));
		expect(entries).toEqual(expect.arrayContaining(['exportManifest.xml', 'etl/daily_load.kjb', 'etl/load_sales.ktr']));
		const raw = await ok('file', 'download', { path: rl('/public/etl/daily_load.kjb'), binaryPropertyName: 'data', withManifest: false });
		expect(raw.items[0].binary?.data).toMatchObject({ fileName: 'daily_load.kjb', mimeType: 'application/xml' });
		expect((await binaryBytes(raw.items[0])).toString()).toContain('<name>daily_load</name>');
		const inline = await ok('file', 'getInline', { path: rl('/home/admin/sales.ktr'), binaryPropertyName: 'data' });
		expect((await binaryBytes(inline.items[0])).toString()).toContain('<transformation>');
	});

	it('Exists, Get Properties and Rename', async () => {
		const exists = await ok('file', 'exists', { path: '={{ $json.p }}' }, { input: [{ json: { p: '/home/admin/sales.ktr' } }, { json: { p: '/home/admin/none.ktr' } }] });
		expect(exists.items.map((i) => i.json.exists)).toEqual([true, false]);
		await ok('folder', 'create', { path: rl('/home/admin/rename') });
		await repositoryOf(fixture.emulator.app).writeFile('/home/admin/rename/a.ktr', '<a/>', { name: 'admin', password: '', admin: true });
		const renamed = await ok('file', 'rename', { path: rl('/home/admin/rename/a.ktr'), newName: 'b.ktr' });
		expect(renamed.items[0].json).toMatchObject({ path: '/home/admin/rename/b.ktr', previousPath: '/home/admin/rename/a.ktr', renamed: true });
		const props = await ok('file', 'getProperties', { path: rl('/home/admin/rename/b.ktr') });
		expect(props.items[0].json).toMatchObject({ name: 'b.ktr', folder: false, fileSize: 4, owner: 'admin' });
		expect(props.items[0].json.createdDate).toMatch(/^\d{4}-\d\d-\d\dT/);
		const root = await ok('file', 'getProperties', { path: rl('/') });
		expect(root.items[0].json).toMatchObject({ path: '/', folder: true });
		const missing = await exec('file', 'rename', { path: rl('/home/admin/rename/none.ktr'), newName: 'x.ktr' }, { credentials: admin() });
		expect(missing.error?.message).toBe('The repository has no file or folder /home/admin/rename/none.ktr');
		expect(missing.error?.httpCode).toBe('404');
	});

	it('Get Generated Content and Get Generated Content For User', async () => {
		const own = await ok('file', 'getGeneratedContent', { path: rl('/public/Sample Reports/Sales Summary.prpt'), returnAll: true });
		expect(own.items.map((i) => i.json.path)).toEqual(['/home/admin/Sales Summary.html']);
		const forSuzy = await ok('file', 'getGeneratedContentForUser', { path: rl('/public/Sample Reports/Sales Summary.prpt'), user: 'suzy', returnAll: true });
		expect(forSuzy.items).toEqual([]);
	});
});

describe('Folder', () => {
	it('Create through both endpoints; Is Visible; Get Default Location', async () => {
		await ok('folder', 'create', { path: rl('/public/team/reports') });
		await ok('folder', 'create', { path: rl('/public/team/archive'), useFilesEndpoint: true });
		const children = await ok('folder', 'getChildren', { path: rl('/public/team'), returnAll: true });
		expect(children.items.map((i) => i.json.name)).toEqual(['archive', 'reports']);
		const duplicate = await exec('folder', 'create', { path: rl('/public/team/reports') }, { credentials: admin() });
		expect(duplicate.error?.message).toBe('couldNotCreateFolderDuplicate');
		const visible = await ok('folder', 'isVisible', { path: rl('/public/team') });
		expect(visible.items[0].json).toEqual({ path: '/public/team', visible: true });
		const location = await exec('folder', 'getDefaultLocation', { path: rl('/home/admin') }, { credentials: suzy() });
		expect(location.items[0].json).toEqual({ path: '/home/admin', defaultLocation: '/' });
	});

	it('Get Children with include members and with exclude members', async () => {
		const include = await ok('folder', 'getChildren', {
			path: rl('/public/etl'),
			returnAll: true,
			filter: { types: 'FILES', namePatterns: '*.kjb, load*', includeMembers: ['name', 'path'] },
		});
		expect(include.items.map((i) => i.json)).toEqual([
			{ name: 'daily_load.kjb', path: '/public/etl/daily_load.kjb' },
			{ name: 'load_sales.ktr', path: '/public/etl/load_sales.ktr' },
		]);
		const exclude = await ok('folder', 'getChildren', {
			path: rl('/public/etl'),
			returnAll: true,
			filter: { excludeMembers: ['id', 'owner', 'createdDate'] },
			options: { showHidden: true },
		});
		expect(exclude.items.map((i) => i.json.name)).toEqual(['daily_load.kjb', 'load_sales.ktr', 'lookup_cache.ktr']);
		for (const item of exclude.items) {
			expect(item.json).not.toHaveProperty('id');
			expect(item.json).not.toHaveProperty('owner');
			expect(item.json).toHaveProperty('fileSize');
		}
		const limited = await ok('folder', 'getChildren', { path: rl('/'), returnAll: false, limit: 1, options: { includePermissions: true } });
		expect(limited.items).toHaveLength(1);
		expect(limited.items[0].json.repositoryFileAclDto).toMatchObject({ owner: 'admin' });
	});

	it('Get Tree nested and flattened, with system folders on request', async () => {
		const nested = await ok('folder', 'getTree', { path: rl('/public'), depth: 2, output: 'nested', filter: { types: 'FOLDERS' } });
		const root = nested.items[0].json as IDataObject & { children: IDataObject[] };
		expect(root.path).toBe('/public');
		expect(root.children.map((c) => c.name)).toEqual(expect.arrayContaining(['etl', 'Sample Reports']));
		const flat = await ok('folder', 'getTree', { path: rl('/'), depth: 1, output: 'flat', options: { includeSystemFolders: true } });
		expect(flat.items.map((i) => [i.json.path, i.json.depth])).toEqual([
			['/', 0],
			['/etc', 1],
			['/home', 1],
			['/public', 1],
		]);
	});
});

describe('Trash', () => {
	it('Move to Trash → Get Many lists it → Delete Permanently removes it', async () => {
		const app = fixture.emulator.app;
		const repo = repositoryOf(app);
		await repo.writeFile('/home/admin/old/one.ktr', '<one/>', { name: 'admin', password: '', admin: true });
		await repo.writeFile('/home/admin/old/two.ktr', '<two/>', { name: 'admin', password: '', admin: true });
		const trashed = await ok('trash', 'moveToTrash', { filesBy: 'path', paths: ['/home/admin/old/one.ktr', '/home/admin/old/two.ktr'] });
		expect((trashed.items[0].json.files as IDataObject[]).map((f) => f.path)).toEqual(['/home/admin/old/one.ktr', '/home/admin/old/two.ktr']);
		expect(repo.find('/home/admin/old/one.ktr')).toBeUndefined();

		const listed = await ok('trash', 'getMany', { returnAll: true });
		const one = listed.items.find((i) => i.json.name === 'one.ktr')!;
		expect(one.json).toMatchObject({ originalParentFolderPath: '/home/admin/old' });
		expect(one.json.deletedDate).toMatch(/^\d{4}-/);

		await ok('trash', 'deletePermanently', { filesBy: 'path', paths: ['/home/admin/old/one.ktr'] });
		await ok('trash', 'deletePermanently', { filesBy: 'id', ids: [listed.items.find((i) => i.json.name === 'two.ktr')!.json.id as string] });
		const after = await ok('trash', 'getMany', { returnAll: true });
		expect(after.items.map((i) => i.json.name)).not.toEqual(expect.arrayContaining(['one.ktr']));
		expect(after.items.map((i) => i.json.name)).not.toEqual(expect.arrayContaining(['two.ktr']));
		const gone = await exec('trash', 'deletePermanently', { filesBy: 'path', paths: ['/home/admin/old/one.ktr'] }, { credentials: admin() });
		expect(gone.error?.message).toBe('The repository has no file or folder /home/admin/old/one.ktr (neither in place nor in the trash)');
	});
});

describe('Access', () => {
	it('ACL round trip: Get ACL, Update ACL from fields, Get ACL again, then back from the first output as JSON', async () => {
		const path = rl('/home/admin/sales.ktr');
		const before = (await ok('access', 'getAcl', { path })).items[0].json;
		expect(before).toMatchObject({ owner: 'admin', entriesInheriting: true });
		expect((await exec('file', 'getContent', { path, binaryPropertyName: 'data' }, { credentials: suzy() })).error?.httpCode).toBe('403');

		await ok('access', 'updateAcl', {
			path,
			aclSource: 'fields',
			aclMode: 'replace',
			owner: '',
			entries: { entry: [{ recipient: 'suzy', recipientType: 0, permissions: ['read'] }, { recipient: 'Power User', recipientType: 1, permissions: ['read', 'write'] }] },
		});
		const after = (await ok('access', 'getAcl', { path })).items[0].json;
		expect(after).toMatchObject({ owner: 'admin', ownerType: 'user', entriesInheriting: false });
		expect(after.aces).toEqual([
			expect.objectContaining({ recipient: 'suzy', recipientType: 'user', permissions: ['read'] }),
			expect.objectContaining({ recipient: 'Power User', recipientType: 'role', permissions: ['read', 'write'] }),
			expect.objectContaining({ recipient: 'Administrator', recipientType: 'role', permissions: ['all'], modifiable: false }),
		]);
		const asSuzy = await exec('file', 'getContent', { path, binaryPropertyName: 'data' }, { credentials: suzy() });
		expect(asSuzy.error).toBeUndefined();

		await ok('access', 'updateAcl', { path, aclSource: 'json', aclJson: JSON.stringify(before) });
		const restored = (await ok('access', 'getAcl', { path })).items[0].json;
		expect(restored).toEqual(before);
	});

	it('Update ACL by a user without ACL management is refused', async () => {
		const result = await exec('access', 'updateAcl', { path: rl('/public/etl/daily_load.kjb'), aclSource: 'fields', owner: 'suzy', aclMode: 'inherit' }, { credentials: suzy() });
		expect(result.error?.httpCode).toBe('403');
		expect(result.error?.message).toMatch(/suzy does not have ACL_MANAGEMENT permission/);
	});

	it('Can Access, Get Access Map and Get Access for Paths answer for the user', async () => {
		const can = await exec('access', 'canAccess', { path: rl('/public'), permissions: ['read', 'write'] }, { credentials: suzy() });
		expect(can.items[0].json.canAccess).toBe(true);
		const map = await exec('access', 'getAccessMap', { path: rl('/public'), permissions: ['read', 'write', 'delete', 'aclManagement', 'all'] }, { credentials: suzy() });
		expect(map.items[0].json).toEqual({ path: '/public', read: true, write: true, delete: true, aclManagement: false, all: false });
		const paths = await exec('access', 'getAccessForPaths', { paths: ['/public', '/home/suzy', '/home/admin'] }, { credentials: suzy() });
		expect(paths.items.map((i) => i.json)).toEqual([
			{ path: '/public', read: true, write: true, delete: true, aclManagement: false, all: false },
			{ path: '/home/suzy', read: true, write: true, delete: true, aclManagement: true, all: true },
			{ path: '/home/admin', read: false, write: false, delete: false, aclManagement: false, all: false },
		]);
	});

	it('Can Administer, Can Create, Can Edit, Can Download and Can Upload per user', async () => {
		const answer = async (operation: string, credentials: IDataObject, parameters: IDataObject = {}) =>
			(await exec('access', operation, parameters, { credentials: credentials as never })).items[0].json[operation];
		expect(await answer('canAdminister', admin())).toBe(true);
		expect(await answer('canAdminister', suzy())).toBe(false);
		expect(await answer('canCreate', fixture.server({ user: 'analyst' }))).toBe(false);
		if (atLeast('9.4')) expect(await answer('canEdit', suzy())).toBe(true);
		else expect((await exec('access', 'canEdit', {}, { credentials: suzy() })).error?.message).toMatch(/^Can Edit needs server version 9.4 or later/);
		expect(await answer('canDownload', suzy(), { dirPath: '/home/admin' })).toBe(false);
		expect(await answer('canUpload', suzy(), { dirPath: '/public' })).toBe(true);
		expect(await answer('canUpload', suzy())).toBe(true);
	});
});

describe('Locale & Metadata', () => {
	const path = rl('/public/Sample Reports/Sales Summary.prpt');

	it('Get Locales, Update / Get / Delete Locale Properties', async () => {
		const locales = await ok('localeMetadata', 'getLocales', { path });
		expect(locales.items.map((i) => i.json.locale)).toEqual(['default', 'de']);
		await ok('localeMetadata', 'updateLocaleProperties', { path, locale: 'fr', properties: { entry: [{ key: 'file.title', value: 'Ventes & <marges>' }] } });
		const fr = await ok('localeMetadata', 'getLocaleProperties', { path, locale: 'fr' });
		expect(fr.items[0].json.properties).toEqual({ 'file.title': 'Ventes & <marges>' });
		await ok('localeMetadata', 'deleteLocale', { path, locale: 'fr' });
		const after = await ok('localeMetadata', 'getLocales', { path });
		expect(after.items.map((i) => i.json.locale)).toEqual(['default', 'de']);
	});

	it('Update Metadata merges keys; Get Metadata reads them back', async () => {
		await ok('localeMetadata', 'updateMetadata', { path, metadata: { entry: [{ key: 'team', value: 'finance' }] } });
		const metadata = await ok('localeMetadata', 'getMetadata', { path });
		expect(metadata.items[0].json.metadata).toMatchObject({ category: 'sales', team: 'finance', _PERM_HIDDEN: 'false' });
	});
});

describe('System', () => {
	it('Back Up then Restore brings back what was deleted and keeps what the backup does not know', async () => {
		const repo = repositoryOf(fixture.emulator.app);
		await repo.writeFile('/public/backup/keep.txt', 'version 1', { name: 'admin', password: '', admin: true });
		const area = fixture.emulator.app.state.repositoryArea as { serverLogs: Array<{ operation: string; logFile: string }> };
		area.serverLogs.length = 0;
		// With the defaults: the real 10.2.0.3+ server refuses a backup without a log file (500), and
		// 9.3/10.2.0.0 serve only GET /backup (a POST is 405).
		const backup = await ok('system', 'backUp', { binaryPropertyName: 'backup', options: { outputFile: 'nightly.zip' } });
		const name = atLeast('10.2.0.3') ? 'nightly.zip' : 'SystemBackup.zip';
		expect(backup.items[0].binary?.backup).toMatchObject({ fileName: name, mimeType: 'application/zip' });
		expect(backup.items[0].binary?.backup.id).toBeDefined();

		await ok('trash', 'deletePermanently', { filesBy: 'path', paths: ['/public/backup/keep.txt'] });
		await repo.writeFile('/public/backup/new.txt', 'only here', { name: 'admin', password: '', admin: true });
		expect(repo.find('/public/backup/keep.txt')).toBeUndefined();

		const restored = await ok('system', 'restore', { binaryPropertyName: 'backup', overwriteFile: true }, { input: backup.items });
		expect(restored.items[0].json).toMatchObject({ restored: true, fileName: name, overwriteFile: true });
		// The restore really imported (10.2.0.3+ imports nothing without a .zip backupBundlePath).
		expect((await repo.readContent(repo.find('/public/backup/keep.txt')!)).toString()).toBe('version 1');
		expect(repo.find('/public/backup/new.txt')).toBeDefined();
		expect(area.serverLogs.map((l) => `${l.operation} ${l.logFile}`)).toEqual(atLeast('10.2.0.3') ? ['backup backup.log', 'restore restore.log'] : []);
	});

	it('a non-administrator is refused Back Up, Restore and LDAP changes with a clear error', async () => {
		const backup = await exec('system', 'backUp', { binaryPropertyName: 'data' }, { credentials: suzy() });
		expect(backup.error?.message).toBe('User suzy does not have administrative permission');
		expect(backup.error?.httpCode).toBe('403');
		const restore = await exec(
			'system',
			'restore',
			{ binaryPropertyName: 'data' },
			{ credentials: suzy(), input: [{ json: {}, binary: { data: { data: Buffer.from('PK').toString('base64'), mimeType: 'application/zip', fileName: 'b.zip' } } }] },
		);
		expect(restore.error?.message).toBe('User suzy does not have administrative permission');
		const ldap = await exec('ldap', 'updateSettings', { attributes: { securityProvider: 'ldap' }, onlyChanged: true }, { credentials: suzy() });
		expect(ldap.error?.message).toBe('User suzy does not have administrative permission');
	});

	it('Get Reserved Characters and Get Reserved Characters for Display', async () => {
		expect((await ok('system', 'getReservedCharacters')).items[0].json.characters).toEqual(['/', '\\', '\t', '\r', '\n']);
		expect((await ok('system', 'getReservedCharactersForDisplay')).items[0].json.reservedCharactersDisplay).toBe('/, \\, \\t, \\r, \\n');
	});
});

describe('Repository Resource', () => {
	const path = rl('/public/Sample Reports/Sales Summary.prpt');

	it('Get Default URL, then Post and Get of the resource it names', async () => {
		const url = await ok('resource', 'getDefaultUrl', { path });
		expect(url.items[0].json).toEqual({ path: '/public/Sample Reports/Sales Summary.prpt', url: `${fixture.emulator.url}/api/repos/:public:Sample%20Reports:Sales%20Summary.prpt/viewer`, statusCode: 303 });
		await ok('resource', 'post', { contextType: 'file', path, resourceId: 'viewer', formProperties: { parameter: [{ name: 'theme', value: 'dark' }] } });
		const json = await ok('resource', 'get', { contextType: 'file', path, resourceId: 'viewer', parameters: { parameter: [{ name: 'output-target', value: 'json' }] }, binaryPropertyName: 'data' });
		expect(json.items[0].json).toMatchObject({ generator: 'viewer', parameters: { 'output-target': 'json' }, properties: { theme: 'dark' } });
		const html = await ok('resource', 'get', { contextType: 'file', path, resourceId: 'viewer', binaryPropertyName: 'page' });
		expect(html.items[0].binary?.page).toMatchObject({ mimeType: 'text/html' });
		const png = await ok('resource', 'get', { contextType: 'id', contextId: 'dataflow-emulator', resourceId: 'logo.png', binaryPropertyName: 'data' });
		expect(png.items[0].binary?.data).toMatchObject({ fileName: 'logo.png', mimeType: 'image/png' });
	});
});

describe('LDAP and Session', () => {
	it('Update Settings (full and only changed) then Get Settings', async () => {
		await ok('ldap', 'updateSettings', { attributes: { securityProvider: 'ldap', populatorSearchSubtree: true } });
		await ok('ldap', 'updateSettings', { attributes: { contextSourceProviderUrl: 'ldap://directory:389/dc=example' }, onlyChanged: true });
		const settings = await ok('ldap', 'getSettings');
		expect(settings.items[0].json).toMatchObject({
			securityProvider: 'ldap',
			'populator.searchSubtree': 'true',
			'contextSource.providerUrl': 'ldap://directory:389/dc=example',
			'contextSource.userDn': 'uid=admin,ou=system',
		});
		expect(settings.items[0].json).not.toHaveProperty('contextSource.password');
		const ldapArea = fixture.emulator.app.state.repositoryArea as { ldap: Record<string, string> };
		expect(ldapArea.ldap['contextSource.password']).toBe('secret');
	});

	it('Is Administrator and Is Authenticated', async () => {
		expect((await ok('session', 'isAdministrator')).items[0].json).toEqual({ isAdministrator: true });
		expect((await exec('session', 'isAdministrator', {}, { credentials: suzy() })).items[0].json).toEqual({ isAdministrator: false });
		expect((await exec('session', 'isAuthenticated', {}, { credentials: suzy() })).items[0].json).toEqual({ isAuthenticated: true });
		expect((await exec('session', 'isAuthenticated', {}, { credentials: fixture.server({ password: 'wrong' }) })).items[0].json).toEqual({ isAuthenticated: false });
	});
});

describe('path browser (listSearch)', () => {
	it('searches the root, /public and the home folder, and browses a typed folder', async () => {
		const ctx = loadOptionsContext(suzy());
		const search = await searchPaths.call(ctx, 'NOTES');
		expect(search.results).toEqual([{ name: '/home/suzy/notes.txt', value: '/home/suzy/notes.txt' }]);
		const browse = await searchPaths.call(ctx, '/public/etl/');
		expect(browse.results.map((r) => r.value)).toEqual(['/public/etl', '/public/etl/daily_load.kjb', '/public/etl/load_sales.ktr']);
		const narrowed = await searchPaths.call(ctx, '/public/etl/LOAD_S');
		expect(narrowed.results.map((r) => r.value)).toEqual(['/public/etl/load_sales.ktr']);
	});

	it('shows why a list cannot be loaded (wrong password) instead of "No results"', async () => {
		const ctx = loadOptionsContext({ ...suzy(), password: 'wrong' });
		await expect(searchPaths.call(ctx, '')).rejects.toThrow(/401|[Uu]nauthori[sz]ed|credentials/);
		await expect(searchFolders.call(ctx, '/public/')).rejects.toThrow();
	});

	it('folder pickers offer folders only, the user\'s own home folder among them', async () => {
		const ctx = loadOptionsContext(suzy());
		const all = await searchFolders.call(ctx, '');
		const values = all.results.map((r) => r.value);
		expect(values).toEqual(expect.arrayContaining(['/home/suzy', '/public', '/public/etl']));
		expect(values.every((v) => !/\.(txt|ktr|kjb|prpt)$/.test(String(v)))).toBe(true);
		const browse = await searchFolders.call(ctx, '/public/');
		expect(browse.results.map((r) => r.value)).toEqual(expect.arrayContaining(['/public', '/public/etl']));
		expect(browse.results.map((r) => r.value)).not.toContain('/public/etl/daily_load.kjb');
	});
});

describe('what the server really holds (issues 17 and 18)', () => {
	it('Exists answers true for names with "+", "%", spaces, "~", ":" and non-ASCII on every version', async () => {
		const repo = repositoryOf(fixture.emulator.app);
		const names = ['a+b.ktr', '50% off.ktr', 'tilde~x.ktr', 'time 10:30.ktr', 'Grüße 東京.ktr'];
		for (const name of names) await repo.writeFile(`/home/admin/odd/${name}`, '<t/>', { name: 'admin', password: '', admin: true });
		const result = await ok('file', 'exists', { path: '={{ $json.p }}' }, { input: [...names, 'none+x.ktr'].map((name) => ({ json: { p: `/home/admin/odd/${name}` } })) });
		expect(result.items.map((i) => i.json.exists)).toEqual([true, true, true, true, true, false]);
		const props = await ok('file', 'getProperties', { path: rl('/home/admin/odd/time 10:30.ktr') });
		expect(props.items[0].json).toMatchObject({ name: 'time 10:30.ktr', path: '/home/admin/odd/time 10:30.ktr' });
	});

	it('Create Folder makes "a+b" and "100%" as named (the server decodes new names a second time)', async () => {
		await ok('folder', 'create', { path: rl('/home/admin/plus/a+b') });
		await ok('folder', 'create', { path: rl('/home/admin/plus/a+b/100%') });
		const repo = repositoryOf(fixture.emulator.app);
		expect(repo.find('/home/admin/plus/a+b')?.folder).toBe(true);
		expect(repo.find('/home/admin/plus/a+b/100%')?.folder).toBe(true);
		expect(repo.find('/home/admin/plus/a b')).toBeUndefined();
	});

	it('Get Generated Content and Get Locales of a file that does not exist are errors (the server answers an empty list)', async () => {
		const generated = await exec('file', 'getGeneratedContent', { path: rl('/public/none.prpt'), returnAll: true }, { credentials: admin() });
		expect(generated.error?.message).toBe('The repository has no file or folder /public/none.prpt (or you may not read it)');
		const locales = await exec('localeMetadata', 'getLocales', { path: rl('/public/none.prpt') }, { credentials: admin() });
		expect(locales.error?.httpCode).toBe('404');
	});

	it('Get Children of a folder that does not exist is an error, not an empty list', async () => {
		const result = await exec('folder', 'getChildren', { path: rl('/public/no-such-folder'), returnAll: true }, { credentials: admin() });
		expect(result.error?.message).toBe('The repository has no folder /public/no-such-folder (or you may not read it)');
		const empty = await ok('folder', 'create', { path: rl('/home/admin/empty') });
		expect(empty.items[0].json.created).toBe(true);
		expect((await ok('folder', 'getChildren', { path: rl('/home/admin/empty'), returnAll: true })).items).toEqual([]);
	});

	it('no default of Update ACL removes a permission: the defaults are refused, Add keeps the other entries', async () => {
		const repo = repositoryOf(fixture.emulator.app);
		await repo.writeFile('/public/acl/shared.ktr', '<t/>', { name: 'admin', password: '', admin: true });
		const node = repo.find('/public/acl/shared.ktr')!;
		node.acl = { owner: 'admin', ownerType: 0, entriesInheriting: false, aces: [{ recipient: 'suzy', recipientType: 0, permissions: [0, 1] }] };
		const defaults = await exec('access', 'updateAcl', { path: rl('/public/acl/shared.ktr') }, { credentials: admin() });
		expect(defaults.error?.message).toBe('Add at least one entry to change');
		const added = await ok('access', 'updateAcl', { path: rl('/public/acl/shared.ktr'), entries: { entry: [{ recipient: 'Power User', recipientType: 1, permissions: ['read'] }] } });
		expect(added.items[0].json.aces).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ recipient: 'suzy', recipientType: 'user', permissions: ['read', 'write'] }),
				expect.objectContaining({ recipient: 'Power User', recipientType: 'role', permissions: ['read'] }),
			]),
		);
		expect(node.acl.aces.map((a) => a.recipient).sort()).toEqual(['Power User', 'suzy']);
	});

	it('Update Metadata keeps a hidden file hidden and Update Locale Properties keeps the properties not named', async () => {
		const repo = repositoryOf(fixture.emulator.app);
		await repo.writeFile('/public/meta/hidden.ktr', '<t/>', { name: 'admin', password: '', admin: true });
		const node = repo.find('/public/meta/hidden.ktr')!;
		node.hidden = true;
		node.locales.set('de', { 'file.title': 'Alt', 'file.description': 'Beschreibung' });
		const meta = await ok('localeMetadata', 'updateMetadata', { path: rl('/public/meta/hidden.ktr'), metadata: { entry: [{ key: 'team', value: 'finance' }] } });
		expect(node.hidden).toBe(true);
		expect(meta.items[0].json.metadata).toMatchObject({ team: 'finance', _PERM_HIDDEN: 'true' });
		const locale = await ok('localeMetadata', 'updateLocaleProperties', { path: rl('/public/meta/hidden.ktr'), locale: 'de', properties: { entry: [{ key: 'file.title', value: 'Neu' }] } });
		expect(node.locales.get('de')).toEqual({ 'file.title': 'Neu', 'file.description': 'Beschreibung' });
		expect(locale.items[0].json.properties).toEqual({ 'file.title': 'Neu', 'file.description': 'Beschreibung' });
	});

	it('no default of a Repository write operation removes something the user did not name', async () => {
		// Defaults of every write operation, with only the required path filled in.
		const repo = repositoryOf(fixture.emulator.app);
		await repo.writeFile('/public/defaults/keep.ktr', '<t/>', { name: 'admin', password: '', admin: true });
		const before = repo.find('/public/defaults/keep.ktr')!;
		const acl = JSON.stringify(before.acl);
		const metadata = JSON.stringify(before.metadata);
		const locales = JSON.stringify([...before.locales.entries()]);
		for (const [resource, operation] of [
			['access', 'updateAcl'],
			['localeMetadata', 'updateMetadata'],
			['localeMetadata', 'updateLocaleProperties'],
			['trash', 'moveToTrash'],
			['trash', 'deletePermanently'],
		]) {
			await exec(resource, operation, { path: rl('/public/defaults/keep.ktr') }, { credentials: admin() });
		}
		const after = repo.find('/public/defaults/keep.ktr');
		expect(after).toBeDefined();
		expect(JSON.stringify(after!.acl)).toBe(acl);
		expect(JSON.stringify(after!.metadata)).toBe(metadata);
		expect(JSON.stringify([...after!.locales.entries()])).toBe(locales);
	});
});
});
