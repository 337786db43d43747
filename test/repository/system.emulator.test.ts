/**
 * Repository System operations against the emulator: back up, restore, reserved characters, and who
 * may use them.
 */

import { repositoryOf } from '../../emulator/areas/repository';
import { useFilesystemBinaryData } from '../helpers/binaryData';
import { describeEachProfile } from '../helpers/profiles';

import { exec, repositoryEmulator } from './helpers';

useFilesystemBinaryData();

// Every behaviour below must hold on each server version users run (9.3 and 10.2: Jersey 1 JSON,
// GET backup, no /exists; 11.0: Jackson JSON, POST backup with log fields, /exists).
describeEachProfile('Repository node', (profile) => {
const { fixture, atLeast, suzy, ok } = repositoryEmulator(profile);

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

		const restored = await ok('system', 'restore', { binaryPropertyName: 'backup', options: { overwriteFile: true } }, { input: backup.items });
		expect(restored.items[0].json).toMatchObject({ restored: true, fileName: name, overwriteFile: true });
		// The restore really imported (10.2.0.3+ imports nothing without a .zip backupBundlePath).
		expect((await repo.readContent(repo.find('/public/backup/keep.txt')!)).toString()).toBe('version 1');
		expect(repo.find('/public/backup/new.txt')).toBeDefined();
		expect(area.serverLogs.map((l) => `${l.operation} ${l.logFile}`)).toEqual(atLeast('10.2.0.3') ? ['backup backup.log', 'restore restore.log'] : []);
	});

	it('Restore of a bundle named *.ZIP imports it (issue 28, defect 9: the importer looks the extension up case-sensitively)', async () => {
		const repo = repositoryOf(fixture.emulator.app);
		await repo.writeFile('/public/backup/upper.txt', 'upper case', { name: 'admin', password: '', admin: true });
		const backup = await ok('system', 'backUp', { binaryPropertyName: 'backup', options: { outputFile: 'nightly.zip' } });
		await ok('trash', 'deletePermanently', { filesBy: 'path', paths: ['/public/backup/upper.txt'] });
		const item = { json: {}, binary: { backup: { ...backup.items[0].binary!.backup, fileName: 'NIGHTLY.ZIP' } } };
		await ok('system', 'restore', { binaryPropertyName: 'backup', options: { overwriteFile: true } }, { input: [item] });
		expect(repo.find('/public/backup/upper.txt')).toBeDefined();
	});

	it('a non-administrator is refused Back Up, Restore and LDAP changes with a clear error', async () => {
		const backup = await exec('system', 'backUp', { binaryPropertyName: 'data' }, { credentials: suzy() });
		// 11.x passes the server's message through; 9.3/10.2 send the container's page, so the node's own words stand.
		const refusal = (what: string) => (profile === '11.0' ? 'User suzy does not have administrative permission' : `Only administrators may ${what}, and this user is not one`);
		expect(backup.error?.message).toBe(refusal('back up the system'));
		expect(backup.error?.httpCode).toBe('403');
		const restore = await exec(
			'system',
			'restore',
			{ binaryPropertyName: 'data' },
			{ credentials: suzy(), input: [{ json: {}, binary: { data: { data: Buffer.from('PK').toString('base64'), mimeType: 'application/zip', fileName: 'b.zip' } } }] },
		);
		expect(restore.error?.message).toBe(refusal('restore the system'));
		const ldap = await exec('ldap', 'updateSettings', { attributes: { securityProvider: 'ldap' }, options: { onlyChanged: true } }, { credentials: suzy() });
		expect(ldap.error?.message).toBe(refusal('change the LDAP settings'));
	});

	it('Get Reserved Characters and Get Reserved Characters for Display', async () => {
		expect((await ok('system', 'getReservedCharacters')).items[0].json.characters).toEqual(['/', '\\', '\t', '\r', '\n']);
		expect((await ok('system', 'getReservedCharactersForDisplay')).items[0].json.reservedCharactersDisplay).toBe('/,\\,\\t,\\r,\\n');
	});
});
});
