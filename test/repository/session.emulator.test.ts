/**
 * Repository Session operations against the emulator.
 */

import { useFilesystemBinaryData } from '../helpers/binaryData';
import { describeEachProfile } from '../helpers/profiles';

import { exec, repositoryEmulator } from './helpers';

useFilesystemBinaryData();

// Every behaviour below must hold on each server version users run (9.3 and 10.2: Jersey 1 JSON,
// GET backup, no /exists; 11.0: Jackson JSON, POST backup with log fields, /exists).
describeEachProfile('Repository node', (profile) => {
const { fixture, suzy, ok } = repositoryEmulator(profile);

describe('LDAP and Session', () => {
	it('Is Administrator and Is Authenticated', async () => {
		expect((await ok('session', 'isAdministrator')).items[0].json).toEqual({ isAdministrator: true });
		expect((await exec('session', 'isAdministrator', {}, { credentials: suzy() })).items[0].json).toEqual({ isAdministrator: false });
		expect((await exec('session', 'isAuthenticated', {}, { credentials: suzy() })).items[0].json).toEqual({ isAuthenticated: true });
		expect((await exec('session', 'isAuthenticated', {}, { credentials: fixture.server({ password: 'wrong' }) })).items[0].json).toEqual({ isAuthenticated: false });
	});
});
});
