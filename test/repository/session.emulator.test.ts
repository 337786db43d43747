/**
 * Repository Session operations against the emulator.
 */
import type { IDataObject } from 'n8n-workflow';

import { useFilesystemBinaryData } from '../helpers/binaryData';
import { useEmulator } from '../helpers/emulator';
import { describeEachProfile } from '../helpers/profiles';

import { exec } from './helpers';

useFilesystemBinaryData();

// Every behaviour below must hold on each server version users run (9.3 and 10.2: Jersey 1 JSON,
// GET backup, no /exists; 11.0: Jackson JSON, POST backup with log fields, /exists).
describeEachProfile('Repository node', (profile) => {
const fixture = useEmulator({ profile });

const admin = () => fixture.server();
const suzy = () => fixture.server({ user: 'suzy' });

async function ok(resource: string, operation: string, parameters: IDataObject = {}, options: Parameters<typeof exec>[3] = {}) {
	const result = await exec(resource, operation, parameters, { credentials: admin(), ...options });
	expect(result.error?.message).toBeUndefined();
	return result;
}

describe('LDAP and Session', () => {
	it('Is Administrator and Is Authenticated', async () => {
		expect((await ok('session', 'isAdministrator')).items[0].json).toEqual({ isAdministrator: true });
		expect((await exec('session', 'isAdministrator', {}, { credentials: suzy() })).items[0].json).toEqual({ isAdministrator: false });
		expect((await exec('session', 'isAuthenticated', {}, { credentials: suzy() })).items[0].json).toEqual({ isAuthenticated: true });
		expect((await exec('session', 'isAuthenticated', {}, { credentials: fixture.server({ password: 'wrong' }) })).items[0].json).toEqual({ isAuthenticated: false });
	});
});
});
