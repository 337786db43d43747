/**
 * Repository › User and Role against the emulator's clean-room user/role area on every server
 * version (CSRF protection off and on: /api/userroledao is not in the protected set, so both must
 * work): provisioning a user from creation to deletion, proved by logging in as that user; the
 * server's password rules per build; refusals in words; LDAP servers read, never written.
 */
import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import { useEmulator } from '../helpers/emulator';
import { describeEachProfile } from '../helpers/profiles';

import { exec, serverCredentials } from './helpers';

const byName = (value: string) => ({ __rl: true, mode: 'name', value });

describeEachProfile('User and Role', (profile) => {
	for (const csrf of [false, true]) {
		describe(`CSRF protection ${csrf ? 'on' : 'off'}`, () => {
			const fixture = useEmulator({ profile, csrf });
			const as = (username: string, password: string): ICredentialDataDecryptedObject => serverCredentials(fixture.emulator.url, { username, password });
			const ok = async (resource: string, operation: string, parameters: IDataObject, credentials = fixture.server()) => {
				const result = await exec(resource, operation, parameters, { credentials });
				expect(result.error?.message).toBeUndefined();
				return result.items.map((i) => i.json);
			};
			const canLogIn = async (username: string, password: string) => (await exec('session', 'isAuthenticated', {}, { credentials: as(username, password) })).items[0]?.json.isAuthenticated === true;

			it('a user is provisioned: created with a password and a new role, changes password both ways, loses a role, is deleted', async () => {
				const user = `jo.doe_${String(csrf)}`;
				const role = `Auditors ${String(csrf)}`;
				expect(await ok('role', 'create', { roleName: role })).toEqual([{ roleName: role, created: true }]);
				expect((await ok('role', 'getMany', { returnAll: true })).map((r) => r.roleName)).toContain(role);

				const created = await ok('user', 'create', { userName: user, password: 'Start-123', options: { roles: [role, 'Report Author'] } });
				expect(created).toEqual([{ userName: user, created: true, roles: expect.arrayContaining([role, 'Report Author']) }]);
				expect(JSON.stringify(created)).not.toContain('Start-123');
				expect(await canLogIn(user, 'Start-123')).toBe(true);
				expect((await ok('user', 'getMany', { returnAll: true })).map((u) => u.userName)).toContain(user);
				expect((await ok('user', 'getRoles', { user: byName(user) })).map((r) => r.roleName).sort()).toEqual([role, 'Report Author'].sort());
				expect(await ok('role', 'getMembers', { role: byName(role) })).toEqual([{ roleName: role, userName: user }]);

				// As an administrator (the credential's password checked again), then as the user with the current one.
				expect(await ok('user', 'changePassword', { user: byName(user), newPassword: 'Second-456' })).toEqual([{ userName: user, passwordChanged: true }]);
				expect(await canLogIn(user, 'Second-456')).toBe(true);
				expect(await canLogIn(user, 'Start-123')).toBe(false);
				await ok('user', 'changePassword', { user: byName(user), newPassword: 'Third-789', authorization: 'currentPassword', currentPassword: 'Second-456' }, as(user, 'Second-456'));
				expect(await canLogIn(user, 'Third-789')).toBe(true);

				expect(await ok('user', 'removeRoles', { user: byName(user), roles: ['Report Author'] })).toEqual([{ userName: user, removed: ['Report Author'], roles: [role] }]);
				expect(await ok('user', 'addRoles', { user: byName(user), roles: ['Power User'] })).toEqual([{ userName: user, added: ['Power User'], roles: expect.arrayContaining([role, 'Power User']) }]);

				expect(await ok('role', 'delete', { role: byName(role) })).toEqual([{ roleName: role, deleted: true }]);
				expect((await ok('user', 'getRoles', { user: byName(user) })).map((r) => r.roleName)).toEqual(['Power User']);
				expect(await ok('user', 'delete', { user: byName(user) })).toEqual([{ userName: user, deleted: true }]);
				expect(await canLogIn(user, 'Third-789')).toBe(false);
				expect((await ok('user', 'getMany', { returnAll: true })).map((u) => u.userName)).not.toContain(user);
			});
		});
	}

	describe('refusals', () => {
		const fixture = useEmulator({ profile });
		const admin = () => fixture.server();

		it('deleting the user the credential logs in as is refused before any request', async () => {
			fixture.resetRequests();
			const result = await exec('user', 'delete', { user: byName('admin') }, { credentials: admin() });
			expect(result.error?.message).toBe('Deleting "admin" is refused: it is the user this credential logs in as');
			expect(fixture.requests()).toEqual([]);
		});

		it('the server\'s refusals are errors that say what was refused', async () => {
			const cases: Array<[string, string, IDataObject, RegExp]> = [
				['user', 'create', { userName: 'suzy', password: 'Any-pass1' }, /^The server could not create the user "suzy": a user of that name most likely exists already$/],
				['user', 'delete', { user: byName('nobody') }, /^The server has no user "nobody"$/],
				['role', 'delete', { role: byName('Administrator') }, /^The server refused to delete the role "Administrator": it keeps its system roles/],
				['role', 'create', { roleName: 'Power User' }, /^The server could not create the role "Power User": a role of that name most likely exists already$/],
				['user', 'changePassword', { user: byName('suzy'), newPassword: 'New-pass1', authorization: 'currentPassword', currentPassword: 'wrong-one' }, /^The server refused the new password of "suzy": /],
				['user', 'addRoles', { user: byName('suzy'), roles: ['No Such Role'] }, /^(The server could not give "suzy" the roles No Such Role|The server answered success but "suzy" does not hold No Such Role$)/],
			];
			for (const [resource, operation, parameters, message] of cases) {
				const result = await exec(resource, operation, parameters, { credentials: admin() });
				expect(`${resource}.${operation}: ${String(result.error?.message)}`).toMatch(new RegExp(`^${resource}\\.${operation}: ${message.source.slice(1)}`));
			}
		});

		it('a user who is not an administrator is told so', async () => {
			const suzy = fixture.server({ user: 'suzy' });
			expect((await exec('user', 'create', { userName: 'x9', password: 'Any-pass1' }, { credentials: suzy })).error?.message).toBe('Only administrators may create users, and this user is not one');
			expect((await exec('user', 'getRoles', { user: byName('pat') }, { credentials: suzy })).error?.message).toMatch(/^Only administrators may list the roles of a user/);
			expect((await exec('role', 'getMembers', { role: byName('Power User') }, { credentials: suzy })).error?.message).toMatch(/^Only administrators may list/);
			// Lists of users and roles are for anyone who may read the repository.
			expect((await exec('user', 'getMany', { returnAll: true }, { credentials: suzy })).items.length).toBeGreaterThan(2);
		});

		it('password rules: characters outside the allowed set are refused from 10.2.0.3-306 and 11.0 with the server\'s message; the password never shows', async () => {
			const result = await exec('user', 'create', { userName: 'tilde', password: 'Pass~word1' }, { credentials: admin() });
			if (profile === '10.2sp' || profile === '11.0') {
				expect(result.error?.message).toMatch(/^The server refused the password of "tilde": New password must: /);
				expect(`${result.error?.message} ${result.error?.description}`).not.toContain('Pass~word1');
			} else {
				expect(result.error).toBeUndefined();
				expect(result.items[0].json).toEqual({ userName: 'tilde', created: true });
			}
		});

		it('a password that itself starts with "ENC:" still logs in afterwards (encoded as the server decodes it)', async () => {
			const result = await exec('user', 'create', { userName: 'encuser', password: 'ENC:Secret-1' }, { credentials: admin() });
			expect(result.error?.message).toBeUndefined();
			const session = await exec('session', 'isAuthenticated', {}, { credentials: serverCredentials(fixture.emulator.url, { username: 'encuser', password: 'ENC:Secret-1' }) });
			expect(session.items[0].json).toEqual({ isAuthenticated: true });
		});
	});

	describe('an LDAP server', () => {
		const fixture = useEmulator({ profile, seed: { userrole: { provider: 'ldap' } } });

		it('lists the directory\'s users, roles, a user\'s roles and a role\'s members (from /api/userrolelist) and refuses every write, saying why', async () => {
			const admin = fixture.server();
			const users = await exec('user', 'getMany', { returnAll: true }, { credentials: admin });
			expect(users.error).toBeUndefined();
			expect(users.items.map((i) => i.json.userName)).toContain('suzy');
			const asked = fixture.requests();
			expect(asked).toContain('GET /pentaho/api/userrolelist/users');
			expect(asked).not.toContain('GET /pentaho/api/userroledao/users');
			const roles = await exec('role', 'getMany', { returnAll: true }, { credentials: admin });
			expect(roles.items.map((i) => i.json.roleName)).toContain('Power User');
			const held = await exec('user', 'getRoles', { user: byName('suzy') }, { credentials: admin });
			expect(held.items.map((i) => i.json.roleName)).toContain('Power User');
			const members = await exec('role', 'getMembers', { role: byName('Power User') }, { credentials: admin });
			expect(members.items.map((i) => i.json.userName)).toContain('suzy');
			expect(fixture.requests().filter((r) => r.includes('/api/userroledao/'))).toEqual([]);
			fixture.resetRequests();
			const refused = await exec('role', 'create', { roleName: 'Sales' }, { credentials: admin });
			expect(refused.error?.message).toBe('Creating the role "Sales" is refused: this server logs users in through the LDAP directory (security provider "ldap")');
			expect(fixture.requests().filter((r) => r.startsWith('PUT'))).toEqual([]);
		});
	});
});
