/**
 * Security providers: the server says which one authenticates (/api/system/authentication-provider); with LDAP or JDBC
 * the DAO still writes the Jackrabbit store (JcrUserRoleDao is the only IUserRoleDao), so its answers are 204 and nothing
 * changes about who logs in, while /api/userrolelist reads the directory (emulator/areas/userrole/store.ts, seed.ts).
 */
import { useEmulators } from './helpers';

const on = useEmulators();
const D = '/api/userroledao';
const L = '/api/userrolelist';
const JSON_ACCEPT = { accept: 'application/json' };
const json = (value: unknown) => ({ body: JSON.stringify(value), contentType: 'application/json' });

describe('security providers', () => {
	it('answers the provider of security.properties as JSON to any user', async () => {
		const jackrabbit = await on('9.3')('GET', '/api/system/authentication-provider', { user: 'suzy' });
		expect([jackrabbit.status, jackrabbit.headers.get('content-type'), jackrabbit.json()]).toEqual([200, 'application/json', { authenticationType: 'jackrabbit' }]);
		expect((await on('11.0', { seed: { userrole: { provider: 'ldap' } } })('GET', '/api/system/authentication-provider')).json()).toEqual({ authenticationType: 'ldap' });
		expect((await on('11.0')('GET', '/api/system/authentication-provider', { accept: 'application/xml' })).status).toBe(406);
	});

	it('LDAP: the DAO writes the JCR store (204) but created users cannot log in and deleted ones still can', async () => {
		const call = on('10.2sp', { seed: { userrole: { provider: 'ldap' } } });
		expect((await call('PUT', `${D}/createUser`, json({ userName: 'jcronly', password: 'secret' }))).status).toBe(204);
		expect((await call('GET', `${D}/users`, JSON_ACCEPT)).json().users).toContain('jcronly');
		expect((await call('GET', '/api/mantle/isAuthenticated', { user: 'jcronly', password: 'secret' })).status).toBe(401);
		expect((await call('PUT', `${D}/deleteUsers?userNames=suzy`)).status).toBe(204);
		expect((await call('GET', `${D}/users`, JSON_ACCEPT)).json().users).not.toContain('suzy');
		expect((await call('GET', '/api/mantle/isAuthenticated', { user: 'suzy' })).text).toBe('true');
		// The list service reads the directory (the logins), not the JCR store.
		expect((await call('GET', `${L}/users`, JSON_ACCEPT)).json().users).toContain('suzy');
		expect((await call('GET', `${L}/users`, JSON_ACCEPT)).json().users).not.toContain('jcronly');
	});

	it('JDBC with a directory of its own: its users log in and its Administrator role administers; the JCR store keeps the defaults', async () => {
		const call = on('11.0', {
			seed: { userrole: { provider: 'jdbc', directory: [{ name: 'dbadmin', password: 'dbpw', roles: ['Administrator'] }, { name: 'dbuser', password: 'dbpw', roles: ['Sales'] }] } },
		});
		expect((await call('GET', '/api/mantle/isAuthenticated')).status).toBe(401);
		expect((await call('GET', '/api/mantle/isAdministrator', { user: 'dbadmin', password: 'dbpw' })).text).toBe('true');
		expect((await call('GET', `${D}/users`, { user: 'dbuser', password: 'dbpw', ...JSON_ACCEPT })).json()).toEqual({ users: ['admin', 'suzy', 'pat', 'tiffany', 'bob'] });
		expect((await call('GET', `${L}/roles`, { user: 'dbuser', password: 'dbpw', ...JSON_ACCEPT })).json()).toEqual({ roles: ['Administrator', 'Anonymous', 'Authenticated', 'Sales'] });
		expect((await call('GET', `${L}/getUsersInRole?role=Sales`, { user: 'dbadmin', password: 'dbpw', ...JSON_ACCEPT })).json()).toEqual({ user: ['dbuser'] });
		// updatePassword re-authenticates the session user against the active provider.
		const update = await call('PUT', `${D}/updatePassword`, { user: 'dbadmin', password: 'dbpw', ...json({ userName: 'pat', password: 'newpw1', administratorPassword: 'dbpw' }) });
		expect(update.status).toBe(204);
		expect((await call('GET', '/api/mantle/isAuthenticated', { user: 'pat', password: 'newpw1' })).status).toBe(401);
	});
});
