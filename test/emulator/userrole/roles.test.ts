/**
 * /api/userroledao roles: creating and deleting roles, assigning them, the logical role map and its bindings, and the
 * user console's "Unsupported" calls (emulator/areas/userrole/routes-dao.ts, store.ts).
 */
import type { ProfileName } from '../../../emulator/core/profiles';
import { useEmulators } from './helpers';

const on = useEmulators();
const D = '/api/userroledao';
const JSON_ACCEPT = { accept: 'application/json' };
const fresh = (profile: ProfileName, name: string) => on(profile, { seed: { test: name } });

describe('roles', () => {
	it('createRole: 204 and listed; existing 412, empty 400, non-administrator 403', async () => {
		const call = fresh('11.0', 'create-role');
		expect((await call('PUT', `${D}/createRole?roleName=Auditor`)).status).toBe(204);
		expect((await call('GET', `${D}/roles`, JSON_ACCEPT)).json().roles).toContain('Auditor');
		expect((await call('PUT', `${D}/createRole?roleName=Auditor`)).status).toBe(412);
		expect((await call('PUT', `${D}/createRole?roleName=`)).status).toBe(400);
		expect((await call('PUT', `${D}/createRole`)).status).toBe(400);
		expect((await call('PUT', `${D}/createRole?roleName=Other`, { user: 'suzy' })).status).toBe(403);
		expect((await call('GET', '/api/userrolelist/roles', JSON_ACCEPT)).json().roles).toContain('Auditor');
	});

	it('deleteRoles: roles and memberships go; Authenticated and Administrator are refused (500); unknown and Anonymous skipped', async () => {
		const call = fresh('11.0', 'delete-role');
		expect((await call('PUT', `${D}/deleteRoles?roleNames=Power%20User%09Nope%09Anonymous`)).status).toBe(204);
		expect((await call('GET', `${D}/roles`, JSON_ACCEPT)).json().roles).not.toContain('Power User');
		expect((await call('GET', `${D}/userRoles?userName=suzy`, JSON_ACCEPT)).json()).toEqual({ roles: [] });
		expect((await call('PUT', `${D}/deleteRoles?roleNames=Administrator`)).status).toBe(500);
		expect((await call('PUT', `${D}/deleteRoles?roleNames=Authenticated`)).status).toBe(500);
		expect((await call('PUT', `${D}/deleteRoles?roleNames=Report%20Author`, { user: 'suzy' })).status).toBe(403);
	});

	it('assignRoleToUser adds roles (unknown ones ignored) and they count at once: Power User publishes, Administrator administers', async () => {
		const call = fresh('10.2sp', 'assign');
		expect((await call('GET', '/api/repo/files/canUpload?dirPath=%2Fpublic', { user: 'pat' })).text).toBe('false');
		expect((await call('PUT', `${D}/assignRoleToUser?userName=pat&roleNames=Power%20User%09Ghost`)).status).toBe(204);
		expect((await call('GET', `${D}/userRoles?userName=pat`, JSON_ACCEPT)).json()).toEqual({ roles: ['Power User', 'Business Analyst'] });
		expect((await call('GET', '/api/repo/files/canUpload?dirPath=%2Fpublic', { user: 'pat' })).text).toBe('true');
		expect((await call('GET', `${D}/userRoles?userName=pat`, { user: 'suzy' })).status).toBe(500);
		expect((await call('PUT', `${D}/assignRoleToUser?userName=suzy&roleNames=Administrator`)).status).toBe(204);
		expect((await call('GET', `${D}/userRoles?userName=pat`, { user: 'suzy' })).status).toBe(200);
		expect((await call('GET', '/api/mantle/isAdministrator', { user: 'suzy' })).text).toBe('true');
		expect((await call('PUT', `${D}/assignRoleToUser?userName=nobody&roleNames=Power%20User`)).status).toBe(500);
		expect((await call('PUT', `${D}/assignRoleToUser?userName=pat&roleNames=Power%20User`, { user: 'tiffany' })).status).toBe(403);
	});

	it('removeRoleFromUser: refuses taking Administrator from yourself or admin (500 with the DAO message on 11.x), unknown user 404', async () => {
		const call = fresh('11.0', 'remove');
		expect((await call('PUT', `${D}/removeRoleFromUser?userName=suzy&roleNames=Power%20User`)).status).toBe(204);
		expect((await call('GET', `${D}/userRoles?userName=suzy`, JSON_ACCEPT)).json()).toEqual({ roles: [] });
		const self = await call('PUT', `${D}/removeRoleFromUser?userName=admin&roleNames=Administrator`);
		expect(self.status).toBe(500);
		expect(self.text).toBe('Error updating role. cause: [ Unassigning/removing admin role from yourself or default admin user is not allowed. ]');
		const unknown = await call('PUT', `${D}/removeRoleFromUser?userName=nobody&roleNames=Power%20User`);
		expect(unknown.status).toBe(404);
		expect(unknown.text).toBe('User not found.');
		const old = await fresh('9.3', 'remove')('PUT', `${D}/removeRoleFromUser?userName=nobody&roleNames=Power%20User`);
		expect(old.status).toBe(404);
		expect(old.text).toContain('Sorry, something went wrong.');
	});

	it('the logical role map: Administrator immutable with every logical role, bindings per role, English names (administrators only)', async () => {
		const call = fresh('11.0', 'map');
		const map = (await call('GET', `${D}/logicalRoleMap?locale=en`, JSON_ACCEPT)).json();
		expect(map.assignments.map((a: any) => a.roleName)).toEqual(['Authenticated', 'Power User', 'Administrator', 'Business Analyst', 'Report Author', 'Schedule Power User']);
		expect(map.assignments.find((a: any) => a.roleName === 'Administrator')).toMatchObject({ immutable: true });
		expect(map.assignments.find((a: any) => a.roleName === 'Business Analyst')).toEqual({ roleName: 'Business Analyst', logicalRoles: ['org.pentaho.security.publish'], immutable: false });
		expect(map.localizedRoleNames[0]).toEqual({ roleName: 'org.pentaho.security.administerSecurity', localizedName: 'Administer Security' });
		expect((await call('GET', `${D}/logicalRoleMap`, { user: 'suzy' })).status).toBe(403);
		// Jersey 1: strings, and a one-element logicalRoles bare (not a resolver array).
		const old = (await fresh('9.3', 'map')('GET', `${D}/logicalRoleMap`, JSON_ACCEPT)).json();
		expect(old.assignments.find((a: any) => a.roleName === 'Business Analyst')).toEqual({ roleName: 'Business Analyst', logicalRoles: 'org.pentaho.security.publish', immutable: 'false' });
		expect(old.localizedRoleNames.map((n: any) => n.roleName)).not.toContain('org.pentaho.scheduler.execute');
		const xml = await call('GET', `${D}/logicalRoleMap`);
		expect(xml.text).toMatch(/^<\?xml[^>]*\?><systemRolesMap><assignments><immutable>false<\/immutable><logicalRoles>/);
	});

	it('roleAssignments replaces a role’s logical roles (XML or JSON only, 415 else); Administer Security makes administrators', async () => {
		const call = fresh('11.0', 'bind');
		const body = JSON.stringify({ assignments: [{ roleName: 'Report Author', logicalRoles: ['org.pentaho.repository.read', 'org.pentaho.repository.create', 'org.pentaho.security.administerSecurity'] }] });
		expect((await call('PUT', `${D}/roleAssignments`, { body, contentType: 'text/plain' })).status).toBe(415);
		expect((await call('PUT', `${D}/roleAssignments`, { body, contentType: 'application/json', user: 'tiffany' })).status).toBe(403);
		expect((await call('GET', '/api/mantle/isAdministrator', { user: 'tiffany' })).text).toBe('false');
		expect((await call('PUT', `${D}/roleAssignments`, { body, contentType: 'application/json' })).status).toBe(204);
		expect((await call('GET', '/api/mantle/isAdministrator', { user: 'tiffany' })).text).toBe('true');
		expect((await call('GET', `${D}/userRoles?userName=suzy`, { user: 'tiffany' })).status).toBe(200);
		const xml = '<logicalRoleAssignments><assignments><roleName>Report Author</roleName><logicalRoles>org.pentaho.security.publish</logicalRoles></assignments></logicalRoleAssignments>';
		expect((await call('PUT', `${D}/roleAssignments`, { body: xml, contentType: 'application/xml' })).status).toBe(204);
		expect((await call('GET', '/api/mantle/isAdministrator', { user: 'tiffany' })).text).toBe('false');
	});
});

describe('the user console’s unsupported calls', () => {
	it('answer 401 to non-administrators and their failures with HTTP 200 and the message', async () => {
		const call = fresh('11.0', 'unsupported');
		expect((await call('PUT', `${D}/removeAllRolesFromUser?userName=pat`, { user: 'suzy' })).status).toBe(401);
		const self = await call('PUT', `${D}/removeAllRolesFromUser?userName=admin`);
		expect(self.status).toBe(200);
		expect(self.text).toBe('Error updating role. cause: [ Unassigning/removing admin role from yourself or default admin user is not allowed. ]');
		const role = await call('PUT', `${D}/assignUserToRole?userNames=pat&roleName=Ghost`);
		expect([role.status, role.text]).toEqual([200, 'Role not found.']);
		expect((await call('PUT', `${D}/assignUserToRole?userNames=pat%09tiffany&roleName=Power%20User`)).status).toBe(204);
		expect((await call('GET', `${D}/roleMembers?roleName=Power%20User`, JSON_ACCEPT)).json()).toEqual({ users: ['suzy', 'pat', 'tiffany'] });
		expect((await call('PUT', `${D}/removeUserFromRole?userNames=pat&roleName=Power%20User`)).status).toBe(204);
		const admins = await call('PUT', `${D}/removeAllUsersFromRole?roleName=Administrator`);
		expect([admins.status, admins.text]).toEqual([200, 'Error updating role. cause: [ Unassigning/removing yourself or default admin user from the Administrator role is not allowed. ]']);
	});

	it('assignAllRolesToUser / assignAllUsersToRole rely on method security (403 page) and give every role / every user', async () => {
		const call = fresh('10.2', 'all');
		const refused = await call('PUT', `${D}/assignAllRolesToUser?userName=pat`, { user: 'suzy' });
		expect(refused.status).toBe(403);
		expect(refused.text).toContain('Sorry, something went wrong.');
		expect((await call('PUT', `${D}/assignAllRolesToUser?userName=pat`)).status).toBe(204);
		expect((await call('GET', `${D}/userRoles?userName=pat`, JSON_ACCEPT)).json().roles).toEqual(['Administrator', 'Power User', 'Report Author', 'Business Analyst', 'Schedule Power User']);
		expect((await call('PUT', `${D}/assignAllUsersToRole?roleName=Report%20Author`)).status).toBe(204);
		expect((await call('GET', `${D}/roleMembers?roleName=Report%20Author`, JSON_ACCEPT)).json().users).toHaveLength(6);
		expect((await call('PUT', `${D}/assignAllUsersToRole?roleName=Ghost`)).status).toBe(500);
	});
});
