/**
 * The Repository node against the emulator, node-wide: the path and folder pickers (listSearch), and
 * that no default of a write operation removes what the user did not name.
 */
import { repositoryOf } from '../../emulator/areas/repository';
import { searchFolders, searchPaths } from '../../nodes/Repository/shared/listSearch';
import { useFilesystemBinaryData } from '../helpers/binaryData';
import { describeEachProfile } from '../helpers/profiles';

import { exec, loadOptionsContext, rl, repositoryEmulator } from './helpers';

useFilesystemBinaryData();

// Every behaviour below must hold on each server version users run (9.3 and 10.2: Jersey 1 JSON,
// GET backup, no /exists; 11.0: Jackson JSON, POST backup with log fields, /exists).
describeEachProfile('Repository node', (profile) => {
const { fixture, admin, suzy } = repositoryEmulator(profile);

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
		await expect(searchPaths.call(ctx, '')).rejects.toThrow(/401|[Uu]nauthori[sz]ed|credential/);
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
