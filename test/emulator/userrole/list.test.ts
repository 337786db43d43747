/**
 * /api/userrolelist: the lists in Java HashSet order until PPUC-123 sorts them (11.x), the 9.3 extra-role list that
 * /allRoles lengthens, adminRole from 10.2, the administrator-only look-ups (emulator/areas/userrole/routes-list.ts).
 */
import type { ProfileName } from '../../../emulator/core/profiles';
import { useEmulators } from './helpers';

const on = useEmulators();
const L = '/api/userrolelist';
const JSON_ACCEPT = { accept: 'application/json' };
const fresh = (profile: ProfileName, name: string) => on(profile, { seed: { test: name } });
const list = async (profile: ProfileName, path: string) => (await on(profile)('GET', `${L}${path}`, JSON_ACCEPT)).json();

describe('/api/userrolelist', () => {
	it('users and permission-users: every user, sorted, for any user', async () => {
		expect(await list('10.2', '/users')).toEqual({ users: ['admin', 'analyst', 'bob', 'pat', 'suzy', 'tiffany'] });
		expect(await list('9.3', '/permission-users')).toEqual({ users: ['admin', 'analyst', 'pat', 'suzy', 'tiffany'] });
		expect((await on('11.0')('GET', `${L}/users`, { user: 'analyst' })).text).toBe(
			'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><userList><users>admin</users><users>analyst</users><users>bob</users><users>pat</users><users>suzy</users><users>tiffany</users></userList>',
		);
	});

	it('roles: no Administrator, the extra roles included; HashSet order on 9.3/10.2, sorted on 11.x; addExtraRoles=false drops them', async () => {
		expect(await list('9.3', '/roles')).toEqual({ roles: ['Power User', 'Authenticated', 'Business Analyst', 'Report Author', 'Anonymous'] });
		expect(await list('10.2sp', '/roles')).toEqual({ roles: ['Power User', 'Authenticated', 'Business Analyst', 'Report Author', 'Anonymous', 'Schedule Power User'] });
		expect(await list('11.0', '/roles')).toEqual({ roles: ['Anonymous', 'Authenticated', 'Business Analyst', 'Power User', 'Report Author', 'Schedule Power User'] });
		expect(await list('10.2', '/roles?addExtraRoles=false')).toEqual({ roles: ['Power User', 'Business Analyst', 'Report Author', 'Schedule Power User'] });
	});

	it('permission-roles: sorted in every version, without Administrator', async () => {
		expect(await list('9.3', '/permission-roles')).toEqual({ roles: ['Anonymous', 'Authenticated', 'Business Analyst', 'Power User', 'Report Author'] });
	});

	it('allRoles adds the system roles (Administrator appears); excludeAnonymous from 10.2.0.0-183; sorted on 11.x', async () => {
		expect(await list('10.2', '/allRoles?excludeAnonymous=true')).toEqual({ roles: ['Power User', 'Authenticated', 'Administrator', 'Business Analyst', 'Report Author', 'Schedule Power User'] });
		expect(await list('11.0', '/allRoles')).toEqual({ roles: ['Administrator', 'Anonymous', 'Authenticated', 'Business Analyst', 'Power User', 'Report Author', 'Schedule Power User'] });
		expect((await list('9.3', '/allRoles?excludeAnonymous=true')).roles).toContain('Anonymous');
	});

	it('9.3: /allRoles appends the system roles to the shared extra-role list, which /extraRoles then shows', async () => {
		const call = fresh('9.3', 'corruption');
		expect((await call('GET', `${L}/extraRoles`, JSON_ACCEPT)).json()).toEqual({ roles: ['Authenticated', 'Anonymous'] });
		expect((await call('GET', `${L}/allRoles`, JSON_ACCEPT)).json()).toEqual({ roles: ['Power User', 'Authenticated', 'Administrator', 'Business Analyst', 'Report Author', 'Anonymous'] });
		await call('GET', `${L}/allRoles`);
		expect((await call('GET', `${L}/extraRoles`, JSON_ACCEPT)).json()).toEqual({
			roles: ['Authenticated', 'Anonymous', 'Authenticated', 'Administrator', 'Anonymous', 'Authenticated', 'Administrator', 'Anonymous'],
		});
		const later = fresh('10.2sp', 'corruption');
		await later('GET', `${L}/allRoles`);
		expect((await later('GET', `${L}/extraRoles`, JSON_ACCEPT)).json()).toEqual({ roles: ['Authenticated', 'Anonymous'] });
	});

	it('systemRoles and extraRoles, sorted on 11.x', async () => {
		expect(await list('10.2sp', '/systemRoles')).toEqual({ roles: ['Authenticated', 'Administrator', 'Anonymous'] });
		expect(await list('11.0', '/systemRoles')).toEqual({ roles: ['Administrator', 'Anonymous', 'Authenticated'] });
		expect(await list('11.0', '/extraRoles')).toEqual({ roles: ['Anonymous', 'Authenticated'] });
	});

	it('adminRole: text/plain from 10.2.0.0-123, absent on 9.3', async () => {
		const answer = await on('10.2')('GET', `${L}/adminRole`);
		expect([answer.status, answer.text, answer.headers.get('content-type')]).toEqual([200, 'Administrator', 'text/plain']);
		expect((await on('9.3')('GET', `${L}/adminRole`)).status).toBe(404);
	});

	it('getRolesForUser / getUsersInRole: administrators only (500 otherwise); RolesWrapper "role" is bare when alone in Jersey 1 JSON', async () => {
		expect(await list('10.2', '/getRolesForUser?user=suzy')).toEqual({ role: ['Power User', 'Authenticated'] });
		expect(await list('11.0', '/getRolesForUser?user=suzy')).toEqual({ role: ['Authenticated', 'Power User'] });
		expect(await list('11.0', '/getRolesForUser?user=nobody')).toEqual({ role: [] });
		expect((await on('9.3')('GET', `${L}/getRolesForUser?user=suzy`)).text).toBe(
			'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><roles><role>Power User</role><role>Authenticated</role></roles>',
		);
		const call = fresh('10.2', 'bare');
		await call('PUT', '/api/userroledao/createUser', { body: '{"userName":"carol","password":"secret"}', contentType: 'application/json' });
		expect((await call('GET', `${L}/getRolesForUser?user=carol`, JSON_ACCEPT)).json()).toEqual({ role: 'Authenticated' });
		expect((await on('10.2')('GET', `${L}/getRolesForUser?user=suzy`, { user: 'suzy' })).status).toBe(500);
		expect(await list('10.2', '/getUsersInRole?role=Authenticated')).toEqual({ user: ['pat', 'bob', 'suzy', 'admin', 'analyst', 'tiffany'] });
		expect(await list('11.0', '/getUsersInRole?role=Power%20User')).toEqual({ user: ['suzy'] });
		expect((await on('11.0')('GET', `${L}/getUsersInRole?role=Power%20User`, { user: 'suzy' })).status).toBe(500);
	});
});
