/**
 * Exact requests of Repository › Role (list, create, delete, members) and the items and errors that
 * come out; on LDAP/JDBC servers the lists come from /api/userrolelist and writes are refused.
 */
import { BASE, exec, loadOptionsContext, server, serverCredentials, json, useNock } from './helpers';
import { searchRoles } from '../../nodes/Repository/shared/userRoles';

useNock();

const DAO = '/pentaho/api/userroledao';
const LIST = '/pentaho/api/userrolelist';
const byName = (value: string) => ({ __rl: true, mode: 'name', value });
const provider = (type: string) => server({ accept: 'application/json' }).get('/pentaho/api/system/authentication-provider').reply(200, { authenticationType: type }, json);

describe('Role', () => {
	it('Get Many lists the server\'s roles, one item each (XML too)', async () => {
		provider('jackrabbit');
		server({ accept: 'application/json' }).get(`${DAO}/roles`).reply(200, { roles: ['Administrator', 'Power User', 'Report Author'] }, json);
		const result = await exec('role', 'getMany', { returnAll: true });
		expect(result.items.map((i) => i.json)).toEqual([{ roleName: 'Administrator' }, { roleName: 'Power User' }, { roleName: 'Report Author' }]);

		provider('super');
		server().get(`${DAO}/roles`).reply(200, '<roleList><roles>Administrator</roles></roleList>', { 'Content-Type': 'application/xml' });
		expect((await exec('role', 'getMany', { returnAll: false, limit: 5 })).items.map((i) => i.json)).toEqual([{ roleName: 'Administrator' }]);
	});

	it('on a JDBC server Get Many and Get Members read /api/userrolelist (addExtraRoles=false, getUsersInRole)', async () => {
		provider('jdbc');
		server().get(`${LIST}/roles`).query({ addExtraRoles: 'false' }).reply(200, { roles: ['Sales'] }, json);
		expect((await exec('role', 'getMany', { returnAll: true })).items.map((i) => i.json)).toEqual([{ roleName: 'Sales' }]);
		provider('jdbc');
		server().get(`${LIST}/getUsersInRole`).query({ role: 'Sales' }).reply(200, { user: 'dbuser' }, json);
		expect((await exec('role', 'getMembers', { role: byName('Sales') })).items.map((i) => i.json)).toEqual([{ roleName: 'Sales', userName: 'dbuser' }]);
	});

	it('Create PUTs createRole with the name in the query; 412 and 403 are explained', async () => {
		provider('jackrabbit');
		const scope = server().put(`${DAO}/createRole`).query({ roleName: 'Sales & Marketing' }).reply(204);
		const result = await exec('role', 'create', { roleName: 'Sales & Marketing' });
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items[0].json).toEqual({ roleName: 'Sales & Marketing', created: true });

		provider('jackrabbit');
		server().put(`${DAO}/createRole`).query(true).reply(412, '');
		expect((await exec('role', 'create', { roleName: 'Sales' })).error?.message).toBe('The server could not create the role "Sales": a role of that name most likely exists already');
		provider('jackrabbit');
		server().put(`${DAO}/createRole`).query(true).reply(403, '');
		expect((await exec('role', 'create', { roleName: 'Sales' })).error?.message).toBe('Only administrators may create roles, and this user is not one');
	});

	it('Create on an LDAP server is refused before anything is written', async () => {
		provider('ldap');
		const result = await exec('role', 'create', { roleName: 'Sales' });
		expect(result.error?.message).toBe('Creating the role "Sales" is refused: this server logs users in through the LDAP directory (security provider "ldap")');
	});

	it('Delete looks the role up, PUTs deleteRoles and reads the list back; unknown and system roles are errors', async () => {
		provider('jackrabbit');
		server().get(`${DAO}/roles`).reply(200, { roles: ['Administrator', 'Sales'] }, json);
		const scope = server().put(`${DAO}/deleteRoles`).query({ roleNames: 'Sales' }).reply(204);
		server().get(`${DAO}/roles`).reply(200, { roles: ['Administrator'] }, json);
		const result = await exec('role', 'delete', { role: byName('Sales') });
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items[0].json).toEqual({ roleName: 'Sales', deleted: true });

		provider('jackrabbit');
		server().get(`${DAO}/roles`).reply(200, { roles: ['Administrator'] }, json);
		expect((await exec('role', 'delete', { role: byName('Ghost') })).error?.message).toBe('The server has no role "Ghost"');

		provider('jackrabbit');
		server().get(`${DAO}/roles`).reply(200, { roles: ['Administrator'] }, json);
		server().put(`${DAO}/deleteRoles`).query(true).reply(500, '');
		expect((await exec('role', 'delete', { role: byName('Administrator') })).error?.message).toMatch(/^The server refused to delete the role "Administrator": it keeps its system roles/);
	});

	it('Get Members: one item per user; a 403 (not an administrator) is explained; an empty answer for an unknown role is an error', async () => {
		provider('jackrabbit');
		server().get(`${DAO}/roleMembers`).query({ roleName: 'Power User' }).reply(200, { users: ['suzy', 'pat'] }, json);
		expect((await exec('role', 'getMembers', { role: byName('Power User') })).items.map((i) => i.json.userName)).toEqual(['suzy', 'pat']);
		provider('jackrabbit');
		server().get(`${DAO}/roleMembers`).query(true).reply(403, '');
		expect((await exec('role', 'getMembers', { role: byName('Power User') })).error?.message).toMatch(/^Only administrators may list/);
		provider('jackrabbit');
		server().get(`${DAO}/roleMembers`).query(true).reply(200, {}, json);
		server().get(`${DAO}/roles`).reply(200, { roles: ['Administrator'] }, json);
		expect((await exec('role', 'getMembers', { role: byName('Nope') })).error?.message).toBe('The server has no role "Nope"');
	});

	it('the role picker searches by text', async () => {
		provider('jackrabbit');
		server().get(`${DAO}/roles`).reply(200, { roles: ['Administrator', 'Power User', 'Report Author'] }, json);
		const ctx = loadOptionsContext(serverCredentials(BASE));
		expect((await searchRoles.call(ctx, 'POWER')).results.map((r) => r.value)).toEqual(['Power User']);
	});
});
