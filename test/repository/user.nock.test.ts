/**
 * Exact requests of Repository › User (list, create, delete, change password, roles) and the items
 * and errors that come out: the provider decides which API lists (/api/userroledao or, on LDAP/JDBC
 * servers, /api/userrolelist) and whether writes are refused; passwords only in request bodies.
 */
import { BASE, exec, loadOptionsContext, rl, SERVER_PASSWORD, server, serverCredentials, json, text, useNock } from './helpers';
import { getRoleOptions, searchUsers } from '../../nodes/Repository/shared/userRoles';

useNock();

const DAO = '/pentaho/api/userroledao';
const LIST = '/pentaho/api/userrolelist';
const byName = (value: string) => ({ __rl: true, mode: 'name', value });

const provider = (type: string | null) =>
	type === null
		? server().get('/pentaho/api/system/authentication-provider').reply(404)
		: server({ accept: 'application/json' }).get('/pentaho/api/system/authentication-provider').reply(200, { authenticationType: type }, json);

function captureJson() {
	const sent: { body?: Record<string, string>; raw?: string } = {};
	const matcher = (body: unknown) => {
		sent.raw = typeof body === 'string' ? body : JSON.stringify(body);
		sent.body = typeof body === 'string' ? (JSON.parse(body) as Record<string, string>) : (body as Record<string, string>);
		return true;
	};
	return { sent, matcher };
}

describe('User', () => {
	it('Get Many lists the server\'s users (one item each), Jersey 1\'s bare single element included; Limit cuts', async () => {
		provider('jackrabbit');
		server({ accept: 'application/json' }).get(`${DAO}/users`).reply(200, { users: ['admin', 'pat', 'suzy'] }, json);
		const all = await exec('user', 'getMany', { returnAll: false, limit: 2 });
		expect(all.error).toBeUndefined();
		expect(all.items.map((i) => i.json)).toEqual([{ userName: 'admin' }, { userName: 'pat' }]);

		provider('jackrabbit');
		server().get(`${DAO}/users`).reply(200, { users: 'admin' }, json);
		expect((await exec('user', 'getMany', { returnAll: true })).items.map((i) => i.json)).toEqual([{ userName: 'admin' }]);

		provider(null);
		server().get(`${DAO}/users`).reply(200, '<userList><users>admin</users><users>suzy</users></userList>', { 'Content-Type': 'application/xml' });
		expect((await exec('user', 'getMany', { returnAll: true })).items.map((i) => i.json.userName)).toEqual(['admin', 'suzy']);
	});

	it('on an LDAP server, lists come from /api/userrolelist (the directory), not from the server\'s own store', async () => {
		provider('ldap');
		server().get(`${LIST}/users`).reply(200, { users: ['alice', 'bob'] }, json);
		const users = await exec('user', 'getMany', { returnAll: true });
		expect(users.items.map((i) => i.json.userName)).toEqual(['alice', 'bob']);

		provider('ldap');
		server().get(`${LIST}/getRolesForUser`).query({ user: 'alice' }).reply(200, { role: ['Authenticated', 'Sales'] }, json);
		const roles = await exec('user', 'getRoles', { user: byName('alice') });
		expect(roles.items.map((i) => i.json)).toEqual([
			{ userName: 'alice', roleName: 'Authenticated' },
			{ userName: 'alice', roleName: 'Sales' },
		]);
	});

	it.each(['ldap', 'jdbc'])('on a %s server every write is refused before it is sent, saying why', async (type) => {
		for (const [operation, parameters] of [
			['create', { userName: 'new', password: 'Secret-1' }],
			['delete', { user: byName('suzy') }],
			['changePassword', { user: byName('suzy'), newPassword: 'Secret-1' }],
			['addRoles', { user: byName('suzy'), roles: ['Sales'] }],
			['removeRoles', { user: byName('suzy'), roles: ['Sales'] }],
		] as const) {
			const scope = provider(type);
			if (operation === 'create') server({ accept: 'text/plain' }).get('/pentaho/api/repo/files/reservedCharacters').reply(200, '/\\\t\r\n', text);
			const result = await exec('user', operation, parameters);
			expect(result.error?.message).toMatch(new RegExp(`is refused: this server logs users in through the (LDAP directory|user database) \\(security provider "${type}"\\)`));
			expect(result.error?.description).toMatch(/would have no effect/);
			scope.done();
		}
	});

	it('Create PUTs the name URL-encoded (the server decodes it) and the password as it is, in the JSON body only; roles are assigned and read back', async () => {
		server({ accept: 'text/plain' }).get('/pentaho/api/repo/files/reservedCharacters').reply(200, '/\\\t\r\n', text);
		provider('jackrabbit');
		const { sent, matcher } = captureJson();
		const create = server({ 'content-type': 'application/json' }).put(`${DAO}/createUser`, matcher).reply(204);
		const assign = server().put(`${DAO}/assignRoleToUser`).query({ userName: 'Jo Doe+1', roleNames: 'Power User\tSales' }).reply(204);
		server().get(`${DAO}/userRoles`).query({ userName: 'Jo Doe+1' }).reply(200, { roles: ['Authenticated', 'Power User', 'Sales'] }, json);
		const result = await exec('user', 'create', { userName: 'Jo Doe+1', password: 'pa ss+%word', options: { roles: ['Power User', 'Sales'] } });
		expect(result.error).toBeUndefined();
		create.done();
		assign.done();
		expect(sent.body).toEqual({ userName: 'Jo%20Doe%2B1', password: 'pa ss+%word' });
		expect(result.items[0].json).toEqual({ userName: 'Jo Doe+1', created: true, roles: ['Authenticated', 'Power User', 'Sales'] });
		expect(JSON.stringify(result.items)).not.toContain('pa ss+%word');
	});

	it.each([
		['11.0.0.0.237', 'ENC:pw', (s: string) => s],
		['10.2.0.0.222', 'ENC:a+b?', (s: string) => encodeURIComponent(s)],
	])('on %s a password that itself starts with "ENC:" is sent encoded as the server decodes it (GWT base64%s)', async (build, password, prepare) => {
		server({ accept: 'text/plain' }).get('/pentaho/api/repo/files/reservedCharacters').reply(200, '/\\\t\r\n', text);
		provider('jackrabbit');
		server().get('/pentaho/api/version/show').reply(200, build, text);
		const { sent, matcher } = captureJson();
		server().put(`${DAO}/createUser`, matcher).reply(204);
		const result = await exec('user', 'create', { userName: 'enc', password });
		expect(result.error).toBeUndefined();
		const expected = `ENC:${Buffer.from(prepare(password)).toString('base64').replace(/\+/g, '$').replace(/\//g, '_')}`;
		expect(sent.body?.password).toBe(expected);
	});

	it('Create: the server\'s password rules (400 + PUC_VALIDATION_ERROR_MESSAGE) are quoted; the password never shows, even when echoed', async () => {
		server({ accept: 'text/plain' }).get('/pentaho/api/repo/files/reservedCharacters').reply(200, '/\\\t\r\n', text);
		provider('jackrabbit');
		server().put(`${DAO}/createUser`).reply(400, '', { PUC_VALIDATION_ERROR_MESSAGE: 'New password must: contain only a-z A-Z 0-9 (got Tr0ub4dor&3~).' });
		const result = await exec('user', 'create', { userName: 'jdoe', password: 'Tr0ub4dor&3~' });
		expect(result.error?.message).toBe('The server refused the password of "jdoe": New password must: contain only a-z A-Z 0-9 (got ***).');
		expect(result.error?.httpCode).toBe('400');
		expect(JSON.stringify({ ...result.error, node: undefined }) + String(result.error?.description)).not.toContain('Tr0ub4dor');
	});

	it.each([
		[400, {}, 'The server refused the user name "jdoe" or its password'],
		[412, {}, 'The server could not create the user "jdoe": a user of that name most likely exists already'],
		[403, {}, 'Only administrators may create users, and this user is not one'],
	])('Create: a bare %s is explained', async (status, headers, message) => {
		server({ accept: 'text/plain' }).get('/pentaho/api/repo/files/reservedCharacters').reply(200, '/\\\t\r\n', text);
		provider('jackrabbit');
		server().put(`${DAO}/createUser`).reply(status, '', headers);
		const result = await exec('user', 'create', { userName: 'jdoe', password: 'secret' });
		expect(result.error?.message).toBe(message);
	});

	it.each([
		['an empty name', { userName: '={{ "" }}', password: 'x' }, /User Name is empty/],
		['a name with blanks around it', { userName: ' jdoe', password: 'x' }, /begins or ends with a blank/],
		['a name with a tab', { userName: 'j\tdoe', password: 'x' }, /tab or line break/],
		['an empty password', { userName: 'jdoe', password: '={{ "" }}' }, /Password is empty/],
	])('Create with %s fails before any request', async (_label, parameters, message) => {
		const result = await exec('user', 'create', parameters);
		expect(result.error?.message).toMatch(message);
	});

	it('Create with a reserved character in the name fails before the user is sent', async () => {
		server({ accept: 'text/plain' }).get('/pentaho/api/repo/files/reservedCharacters').reply(200, '/\\\t\r\n', text);
		const result = await exec('user', 'create', { userName: 'a/b', password: 'x' });
		expect(result.error?.message).toMatch(/contains "\/", which the repository reserves/);
	});

	it('Delete looks the user up, PUTs deleteUsers and reads the list back', async () => {
		provider('jackrabbit');
		server().get(`${DAO}/users`).reply(200, { users: ['admin', 'pat', 'suzy'] }, json);
		const del = server().put(`${DAO}/deleteUsers`).query({ userNames: 'pat' }).reply(204);
		server().get(`${DAO}/users`).reply(200, { users: ['admin', 'suzy'] }, json);
		const result = await exec('user', 'delete', { user: rl('pat') });
		expect(result.error).toBeUndefined();
		del.done();
		expect(result.items[0].json).toEqual({ userName: 'pat', deleted: true });
	});

	it('Delete of an unknown user is an error (the server would answer 204 and do nothing)', async () => {
		provider('jackrabbit');
		server().get(`${DAO}/users`).reply(200, { users: ['admin'] }, json);
		const result = await exec('user', 'delete', { user: byName('ghost') });
		expect(result.error?.message).toBe('The server has no user "ghost"');
		expect(result.error?.httpCode).toBe('404');
	});

	it('Delete of a user the server still lists afterwards is an error; its bare 500 is explained', async () => {
		provider('jackrabbit');
		server().get(`${DAO}/users`).twice().reply(200, { users: ['admin', 'suzy'] }, json);
		server().put(`${DAO}/deleteUsers`).query(true).reply(204);
		expect((await exec('user', 'delete', { user: byName('suzy') })).error?.message).toBe('The server answered success but still lists the user "suzy"');

		provider('jackrabbit');
		server().get(`${DAO}/users`).reply(200, { users: ['admin', 'suzy'] }, json);
		server().put(`${DAO}/deleteUsers`).query(true).reply(500, '');
		expect((await exec('user', 'delete', { user: byName('suzy') })).error?.message).toMatch(/^The server refused to delete "suzy": it keeps its default administrator/);
	});

	it.each(['admin', 'ADMIN'])('Delete of the user the credential logs in as (%s) is refused before any request', async (name) => {
		const result = await exec('user', 'delete', { user: byName(name) });
		expect(result.error?.message).toBe(`Deleting "${name}" is refused: it is the user this credential logs in as`);
	});

	it('Change Password as administrator: updatePassword with the name encoded, the new password and the credential\'s password, in the body only', async () => {
		provider('jackrabbit');
		const { sent, matcher } = captureJson();
		const scope = server({ 'content-type': 'application/json' }).put(`${DAO}/updatePassword`, matcher).reply(204);
		const result = await exec('user', 'changePassword', { user: byName('Jo Doe'), newPassword: 'N3w-secret' });
		expect(result.error).toBeUndefined();
		scope.done();
		expect(sent.body).toEqual({ userName: 'Jo%20Doe', password: 'N3w-secret', administratorPassword: SERVER_PASSWORD });
		expect(result.items[0].json).toEqual({ userName: 'Jo Doe', passwordChanged: true });
	});

	it('Change Password with the current password: PUT /user with the name as it is', async () => {
		provider('jackrabbit');
		const { sent, matcher } = captureJson();
		server().put(`${DAO}/user`, matcher).reply(204);
		const result = await exec('user', 'changePassword', { user: byName('Jo Doe'), newPassword: 'N3w-secret', authorization: 'currentPassword', currentPassword: '0ld-secret' });
		expect(result.error).toBeUndefined();
		expect(sent.body).toEqual({ userName: 'Jo Doe', newPassword: 'N3w-secret', oldPassword: '0ld-secret' });
	});

	it.each([
		[403, { PUC_VALIDATION_ERROR_MESSAGE: 'Logged-in user re-authentication failed' }, 'The server refused the new password of "suzy": Logged-in user re-authentication failed'],
		[400, { PUC_VALIDATION_ERROR_MESSAGE: 'New password must: have at least 8 characters.' }, 'The server refused the new password of "suzy": New password must: have at least 8 characters.'],
		[412, {}, 'The server refused the new password of "suzy": the server failed (10.2 GA answers 412 for failures other than the password rules)'],
	])('Change Password: %s is an error in the server\'s words where it gives them, and no password shows', async (status, headers, message) => {
		provider('jackrabbit');
		server().put(`${DAO}/updatePassword`).reply(status, '', headers);
		const result = await exec('user', 'changePassword', { user: byName('suzy'), newPassword: 'N3w-secret' });
		expect(result.error?.message).toBe(message);
		// (The error's `node` is the workflow's node with its parameters, as n8n stores it; what the error says is checked.)
		const all = JSON.stringify({ ...result.error, node: undefined }) + String(result.error?.description);
		for (const secret of ['N3w-secret', SERVER_PASSWORD]) expect(all).not.toContain(secret);
	});

	it('Get Roles: one item per role; an empty answer for a user the server does not know is an error', async () => {
		provider('jackrabbit');
		server().get(`${DAO}/userRoles`).query({ userName: 'suzy' }).reply(200, { roles: ['Authenticated', 'Power User'] }, json);
		const roles = await exec('user', 'getRoles', { user: byName('suzy') });
		expect(roles.items.map((i) => i.json)).toEqual([
			{ userName: 'suzy', roleName: 'Authenticated' },
			{ userName: 'suzy', roleName: 'Power User' },
		]);
		provider('jackrabbit');
		server().get(`${DAO}/userRoles`).query(true).reply(200, {}, json);
		server().get(`${DAO}/users`).reply(200, { users: ['admin'] }, json);
		expect((await exec('user', 'getRoles', { user: byName('ghost') })).error?.message).toBe('The server has no user "ghost"');
	});

	it('Get Roles by a non-administrator (a bare 500) is explained', async () => {
		provider('jackrabbit');
		server().get(`${DAO}/userRoles`).query(true).reply(500, '');
		expect((await exec('user', 'getRoles', { user: byName('suzy') })).error?.message).toMatch(/^Only administrators may list the roles of a user/);
	});

	it('Add Roles: assignRoleToUser with the roles tab-separated, then the roles read back; a role the server did not give is an error', async () => {
		provider('jackrabbit');
		const scope = server().put(`${DAO}/assignRoleToUser`).query({ userName: 'suzy', roleNames: 'Sales\tAudit' }).reply(204);
		server().get(`${DAO}/userRoles`).query({ userName: 'suzy' }).reply(200, { roles: ['Audit', 'Power User', 'Sales'] }, json);
		const result = await exec('user', 'addRoles', { user: byName('suzy'), roles: ['Sales', 'Audit'] });
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items[0].json).toEqual({ userName: 'suzy', added: ['Sales', 'Audit'], roles: ['Audit', 'Power User', 'Sales'] });

		provider('jackrabbit');
		server().put(`${DAO}/assignRoleToUser`).query(true).reply(204);
		server().get(`${DAO}/userRoles`).query(true).reply(200, { roles: ['Power User'] }, json);
		expect((await exec('user', 'addRoles', { user: byName('suzy'), roles: ['Sales'] })).error?.message).toBe('The server answered success but "suzy" does not hold Sales');

		provider('jackrabbit');
		server().put(`${DAO}/assignRoleToUser`).query(true).reply(500, '');
		expect((await exec('user', 'addRoles', { user: byName('suzy'), roles: ['Nope'] })).error?.message).toBe('The server could not give "suzy" the roles Nope: the user or one of the roles does not exist');
	});

	it('Remove Roles: removeRoleFromUser, then read back; its bare 500 (the Administrator role of the one who asks) is explained', async () => {
		provider('jackrabbit');
		server().put(`${DAO}/removeRoleFromUser`).query({ userName: 'suzy', roleNames: 'Sales' }).reply(204);
		server().get(`${DAO}/userRoles`).query(true).reply(200, { roles: ['Power User'] }, json);
		const result = await exec('user', 'removeRoles', { user: byName('suzy'), roles: ['Sales'] });
		expect(result.items[0].json).toEqual({ userName: 'suzy', removed: ['Sales'], roles: ['Power User'] });

		provider('jackrabbit');
		server().put(`${DAO}/removeRoleFromUser`).query(true).reply(500, '');
		expect((await exec('user', 'removeRoles', { user: byName('admin'), roles: ['Administrator'] })).error?.message).toMatch(/the Administrator role stays with the user who asks/);
	});

	it('Add Roles without a role fails before any request', async () => {
		const result = await exec('user', 'addRoles', { user: byName('suzy'), roles: '={{ [] }}' });
		expect(result.error?.message).toBe('Roles is empty: give at least one role');
	});

	it('the pickers: users by text, roles as options', async () => {
		provider('jackrabbit');
		server().get(`${DAO}/users`).reply(200, { users: ['admin', 'pat', 'suzy'] }, json);
		server().get(`${DAO}/roles`).reply(200, { roles: ['Administrator', 'Power User'] }, json);
		const ctx = loadOptionsContext(serverCredentials(BASE));
		expect((await searchUsers.call(ctx, 'A')).results).toEqual([
			{ name: 'admin', value: 'admin' },
			{ name: 'pat', value: 'pat' },
		]);
		expect(await getRoleOptions.call(ctx)).toEqual([
			{ name: 'Administrator', value: 'Administrator' },
			{ name: 'Power User', value: 'Power User' },
		]);
	});
});
