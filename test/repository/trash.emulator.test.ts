/**
 * Repository Trash operations against the emulator: move to trash, list, delete permanently.
 */
import type { IDataObject } from 'n8n-workflow';

import { repositoryOf } from '../../emulator/areas/repository';
import { useFilesystemBinaryData } from '../helpers/binaryData';
import { describeEachProfile } from '../helpers/profiles';

import { exec, repositoryEmulator } from './helpers';

useFilesystemBinaryData();

// Every behaviour below must hold on each server version users run (9.3 and 10.2: Jersey 1 JSON,
// GET backup, no /exists; 11.0: Jackson JSON, POST backup with log fields, /exists).
describeEachProfile('Repository node', (profile) => {
const { fixture, admin, ok } = repositoryEmulator(profile);

describe('Trash', () => {
	it('Restore puts a file back in its original folder (re-created when gone), names a file of that name in the way, and restores into the home folder (issue 28, defect 14)', async () => {
		const repo = repositoryOf(fixture.emulator.app);
		const user = { name: 'admin', password: '', admin: true };
		await repo.writeFile('/home/admin/restore/back.ktr', '<back/>', user);
		await ok('trash', 'moveToTrash', { filesBy: 'path', paths: ['/home/admin/restore/back.ktr'] });
		// The original folder is gone too: the repository creates it again.
		await ok('trash', 'deletePermanently', { filesBy: 'path', paths: ['/home/admin/restore'] });
		const restored = await ok('trash', 'restore', { filesBy: 'path', paths: ['/home/admin/restore/back.ktr'] });
		expect(restored.items[0].json).toMatchObject({ restoredTo: 'originalFolder', files: [{ originalPath: '/home/admin/restore/back.ktr', restored: true }] });
		expect((await repo.readContent(repo.find('/home/admin/restore/back.ktr')!)).toString()).toBe('<back/>');

		// A file of that name in the original folder: the server answers 500 and restores nothing.
		await ok('trash', 'moveToTrash', { filesBy: 'path', paths: ['/home/admin/restore/back.ktr'] });
		await repo.writeFile('/home/admin/restore/back.ktr', '<new/>', user);
		const blocked = await exec('trash', 'restore', { filesBy: 'path', paths: ['/home/admin/restore/back.ktr'] }, { credentials: admin() });
		expect(blocked.error?.message).toBe('A file or folder already exists at /home/admin/restore/back.ktr: the server restores nothing over it');
		expect((await repo.readContent(repo.find('/home/admin/restore/back.ktr')!)).toString()).toBe('<new/>');

		// Into the home folder, keeping both.
		const home = await ok('trash', 'restore', { filesBy: 'path', paths: ['/home/admin/restore/back.ktr'], restoreTo: 'home' });
		expect(home.items[0].json).toMatchObject({ restoredTo: 'homeFolder', files: [{ restored: true }] });
		const trash = await ok('trash', 'getMany', { returnAll: true });
		expect(trash.items.filter((i) => i.json.name === 'back.ktr')).toEqual([]);
		expect(repo.find('/home/admin/back.ktr')).toBeDefined();
	});

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
});
