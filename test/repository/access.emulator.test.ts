/**
 * Repository Access operations against the emulator: permission checks per user, access maps, ACL
 * round trips, and Update ACL defaults that never remove a permission.
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
const { fixture, atLeast, admin, suzy, ok } = repositoryEmulator(profile);

describe('Access', () => {
	it('ACL round trip: Get ACL, Update ACL from fields, Get ACL again, then back from the first output as JSON', async () => {
		const path = rl('/home/admin/sales.ktr');
		const before = (await ok('access', 'getAcl', { path })).items[0].json;
		expect(before).toMatchObject({ owner: 'admin', entriesInheriting: true });
		// A file the user may not read is answered like a missing one (getFile gives null: 404).
		expect((await exec('file', 'getContent', { path, binaryPropertyName: 'data' }, { credentials: suzy() })).error?.httpCode).toBe('404');

		await ok('access', 'updateAcl', {
			path,
			aclSource: 'fields',
			aclMode: 'replace',
			options: { owner: '' },
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
		const result = await exec('access', 'updateAcl', { path: rl('/public/etl/daily_load.kjb'), aclSource: 'fields', options: { owner: 'suzy' }, aclMode: 'inherit' }, { credentials: suzy() });
		// FileService.setFileAcls refuses without ACL management with a bare 500.
		expect(result.error?.httpCode).toBe('500');
		expect(result.error?.message).toMatch(/the user may not manage its permissions/);
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
		expect(await answer('canDownload', suzy(), { options: { dirPath: '/home/admin' } })).toBe(false);
		expect(await answer('canUpload', suzy(), { options: { dirPath: '/public' } })).toBe(true);
		expect(await answer('canUpload', suzy())).toBe(true);
	});
});

describe('what the server really holds (issues 17 and 18)', () => {
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
		// Stored with the hidden Administrator-role entry the repository adds to every non-inheriting ACL.
		expect(node.acl.aces.map((a) => a.recipient).sort()).toEqual(['Administrator', 'Power User', 'suzy']);
	});

	it('Remove Entries that would remove every entry is refused before the write, as Replace with no entries is (issue 28, defect 11)', async () => {
		const repo = repositoryOf(fixture.emulator.app);
		await repo.writeFile('/public/acl/only.ktr', '<t/>', { name: 'admin', password: '', admin: true });
		const node = repo.find('/public/acl/only.ktr')!;
		node.acl = { owner: 'admin', ownerType: 0, entriesInheriting: false, aces: [{ recipient: 'suzy', recipientType: 0, permissions: [0, 1] }] };
		fixture.resetRequests();
		const removed = await exec('access', 'updateAcl', { path: rl('/public/acl/only.ktr'), aclMode: 'remove', entries: { entry: [{ recipient: 'suzy', recipientType: 0, permissions: [] }] } }, { credentials: admin() });
		expect(removed.error?.message).toMatch(/^Removing "suzy" would leave \/public\/acl\/only.ktr with no entries and no inheritance/);
		expect(fixture.requests().filter((r) => r.startsWith('PUT '))).toEqual([]);
		expect(node.acl).toEqual({ owner: 'admin', ownerType: 0, entriesInheriting: false, aces: [{ recipient: 'suzy', recipientType: 0, permissions: [0, 1] }] });
		// Removing one of two entries still works.
		node.acl.aces.push({ recipient: 'Power User', recipientType: 1, permissions: [0] });
		const one = await ok('access', 'updateAcl', { path: rl('/public/acl/only.ktr'), aclMode: 'remove', entries: { entry: [{ recipient: 'suzy', recipientType: 0, permissions: [] }] } });
		expect(one.items[0].json.aces).toEqual([
			expect.objectContaining({ recipient: 'Power User', recipientType: 'role', permissions: ['read'] }),
			expect.objectContaining({ recipient: 'Administrator', modifiable: false }),
		]);
	});
});
});
