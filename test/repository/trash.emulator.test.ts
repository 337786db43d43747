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
