/**
 * Repository Folder operations against the emulator: create (names with "+" and "%"), children, tree,
 * visibility, a missing folder.
 */
import type { IDataObject } from 'n8n-workflow';

import { repositoryOf } from '../../emulator/areas/repository';
import { useFilesystemBinaryData } from '../helpers/binaryData';
import { describeEachProfile } from '../helpers/profiles';

import { exec, rl, repositoryEmulator } from './helpers';

useFilesystemBinaryData();

// Every behaviour below must hold on each server version users run (9.3 and 10.2: Jersey 1 JSON,
// GET backup, no /exists; 11.0: Jackson JSON, POST backup with log fields, /exists).
describeEachProfile('Repository node', (profile) => {
const { fixture, admin, suzy, ok } = repositoryEmulator(profile);

describe('Folder', () => {
	it('Create through both endpoints; Is Visible; Get Default Location', async () => {
		await ok('folder', 'create', { path: rl('/public/team/reports') });
		await ok('folder', 'create', { path: rl('/public/team/archive'), options: { useFilesEndpoint: true } });
		const children = await ok('folder', 'getChildren', { path: rl('/public/team'), returnAll: true });
		expect(children.items.map((i) => i.json.name)).toEqual(['archive', 'reports']);
		const duplicate = await exec('folder', 'create', { path: rl('/public/team/reports') }, { credentials: admin() });
		// 11.x passes the server's word through; 9.3/10.2 send the container's page, and the node says it.
		expect(duplicate.error?.message).toMatch(/couldNotCreateFolderDuplicate/);
		const visible = await ok('folder', 'isVisible', { path: rl('/public/team') });
		expect(visible.items[0].json).toEqual({ path: '/public/team', visible: true });
		const location = await exec('folder', 'getDefaultLocation', { path: rl('/home/admin') }, { credentials: suzy() });
		expect(location.items[0].json).toEqual({ path: '/home/admin', defaultLocation: '/' });
	});

	it('Get Children with Types = Files lists no folder, and Types = Folders no file (issue 28, defect 12)', async () => {
		await ok('folder', 'create', { path: rl('/public/types_check/archive') });
		await repositoryOf(fixture.emulator.app).writeFile('/public/types_check/load.ktr', '<t/>', { name: 'admin', password: '', admin: true });
		const files = await ok('folder', 'getChildren', { path: rl('/public/types_check'), returnAll: true, filter: { types: 'FILES' } });
		expect(files.items.map((i) => [i.json.name, i.json.folder])).toEqual([['load.ktr', false]]);
		const folders = await ok('folder', 'getChildren', { path: rl('/public/types_check'), returnAll: true, filter: { types: 'FOLDERS', includeMembers: ['name'] } });
		expect(folders.items.map((i) => i.json)).toEqual([{ name: 'archive' }]);
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
		const nested = await ok('folder', 'getTree', { path: rl('/public'), output: 'nested', filter: { types: 'FOLDERS' }, options: { depth: 2 } });
		const root = nested.items[0].json as IDataObject & { children: IDataObject[] };
		expect(root.path).toBe('/public');
		expect(root.children.map((c) => c.name)).toEqual(expect.arrayContaining(['etl', 'Sample Reports']));
		// A missing folder: 204 on 9.3 GA and 11.x, a bare 500 on 10.2; the node names the folder either way.
		const missing = await exec('folder', 'getTree', { path: rl('/public/no_such_tree'), options: { depth: 1 } }, { credentials: admin() });
		expect(missing.error?.message).toMatch(/^The repository has no folder \/public\/no_such_tree \(or this user may not read it\)/);
		const flat = await ok('folder', 'getTree', { path: rl('/'), output: 'flat', options: { depth: 1, includeSystemFolders: true } });
		expect(flat.items.map((i) => [i.json.path, i.json.depth])).toEqual([
			['/', 0],
			['/etc', 1],
			['/home', 1],
			['/public', 1],
		]);
	});
});

describe('what the server really holds (issues 17 and 18)', () => {
	it('Create Folder makes "a+b" and "100%" as named (the server decodes new names a second time)', async () => {
		await ok('folder', 'create', { path: rl('/home/admin/plus/a+b') });
		await ok('folder', 'create', { path: rl('/home/admin/plus/a+b/100%') });
		const repo = repositoryOf(fixture.emulator.app);
		expect(repo.find('/home/admin/plus/a+b')?.folder).toBe(true);
		expect(repo.find('/home/admin/plus/a+b/100%')?.folder).toBe(true);
		expect(repo.find('/home/admin/plus/a b')).toBeUndefined();
	});

	it('Get Children of a folder that does not exist is an error, not an empty list', async () => {
		const result = await exec('folder', 'getChildren', { path: rl('/public/no-such-folder'), returnAll: true }, { credentials: admin() });
		expect(result.error?.message).toBe('The repository has no folder /public/no-such-folder (or you may not read it)');
		const empty = await ok('folder', 'create', { path: rl('/home/admin/empty') });
		expect(empty.items[0].json.created).toBe(true);
		expect((await ok('folder', 'getChildren', { path: rl('/home/admin/empty'), returnAll: true })).items).toEqual([]);
	});
});

describe('Simplify (n8n UX guidelines: at most 10 fields, the most useful first)', () => {
	const FILE = ['name', 'path', 'id', 'folder', 'fileSize', 'lastModifiedDate', 'createdDate', 'title', 'hidden', 'owner'];
	const pick = (json: IDataObject, keys: string[]) => Object.fromEntries(keys.filter((k) => k in json).map((k) => [k, json[k]]));

	it('Get Children: on, each entry keeps exactly the chosen file fields in order; off, every field', async () => {
		const full = await ok('folder', 'getChildren', { path: rl('/public'), returnAll: true });
		expect(full.items.length).toBeGreaterThan(1);
		for (const item of full.items) expect(Object.keys(item.json).length).toBeGreaterThan(10);
		expect(full.items[0].json).toHaveProperty('ownerTenantPath');
		const simple = await ok('folder', 'getChildren', { path: rl('/public'), returnAll: true, options: { simplify: true } });
		expect(simple.items.map((i) => Object.keys(i.json))).toEqual(full.items.map(() => FILE));
		expect(simple.items.map((i) => i.json)).toEqual(full.items.map((i) => pick(i.json, FILE)));
	});

	it('Get Tree: a nested tree simplifies its children in turn; one item per entry keeps depth and parent path', async () => {
		const nested = await ok('folder', 'getTree', { path: rl('/public'), output: 'nested', options: { depth: 2, simplify: true } });
		const root = nested.items[0].json;
		expect(Object.keys(root)).toEqual(['name', 'path', 'id', 'folder', 'children', 'fileSize', 'lastModifiedDate', 'createdDate', 'title', 'hidden']);
		const walk = (entry: IDataObject): void => {
			expect(Object.keys(entry).length).toBeLessThanOrEqual(10);
			expect(entry).not.toHaveProperty('ownerTenantPath');
			for (const child of (entry.children as IDataObject[] | undefined) ?? []) walk(child);
		};
		walk(root);
		expect((root.children as IDataObject[]).length).toBeGreaterThan(0);
		const flat = await ok('folder', 'getTree', { path: rl('/public'), output: 'flat', options: { simplify: true } });
		expect(Object.keys(flat.items[1].json)).toEqual(['name', 'path', 'depth', 'parentPath', 'id', 'folder', 'fileSize', 'lastModifiedDate', 'createdDate', 'title']);
		expect(flat.items[1].json).toMatchObject({ depth: 1, parentPath: '/public' });
	});

	it('Get Properties and Rename: the file fields (Rename with whether and from where it was renamed)', async () => {
		const props = await ok('file', 'getProperties', { path: rl('/home/admin/sales.ktr'), options: { simplify: true } });
		expect(Object.keys(props.items[0].json)).toEqual(FILE);
		await ok('folder', 'create', { path: rl('/home/admin/simplify') });
		await repositoryOf(fixture.emulator.app).writeFile('/home/admin/simplify/a.ktr', '<t/>', { name: 'admin', password: '', admin: true });
		const renamed = await ok('file', 'rename', { path: rl('/home/admin/simplify/a.ktr'), newName: 'b.ktr', options: { simplify: true } });
		expect(renamed.items[0].json).toMatchObject({ name: 'b.ktr', path: '/home/admin/simplify/b.ktr', renamed: true, previousPath: '/home/admin/simplify/a.ktr' });
		expect(Object.keys(renamed.items[0].json)).toEqual(['name', 'path', 'renamed', 'previousPath', 'id', 'folder', 'fileSize', 'lastModifiedDate', 'createdDate', 'title']);
	});
});
});
