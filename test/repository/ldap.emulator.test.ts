/**
 * Repository LDAP operations against the emulator: update settings (full and only changed), get
 * settings.
 */

import { useFilesystemBinaryData } from '../helpers/binaryData';
import { describeEachProfile } from '../helpers/profiles';

import { repositoryEmulator } from './helpers';

useFilesystemBinaryData();

// Every behaviour below must hold on each server version users run (9.3 and 10.2: Jersey 1 JSON,
// GET backup, no /exists; 11.0: Jackson JSON, POST backup with log fields, /exists).
describeEachProfile('Repository node', (profile) => {
const { fixture, ok } = repositoryEmulator(profile);

describe('LDAP and Session', () => {
	it('Update Settings (full and only changed) then Get Settings', async () => {
		await ok('ldap', 'updateSettings', { attributes: { securityProvider: 'ldap', populatorSearchSubtree: true } });
		await ok('ldap', 'updateSettings', { attributes: { contextSourceProviderUrl: 'ldap://directory:389/dc=example' }, options: { onlyChanged: true } });
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
});
});
