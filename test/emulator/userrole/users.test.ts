/**
 * /api/userroledao users: listing, creating (the new user logs in), deleting (the user no longer does), and both
 * password changes, per server build (emulator/areas/userrole/routes-dao.ts).
 */
import type { ProfileName } from '../../../emulator/core/profiles';
import { basic, useEmulators } from './helpers';

const on = useEmulators();
const D = '/api/userroledao';
const json = (value: unknown) => ({ body: JSON.stringify(value), contentType: 'application/json' });
const fresh = (profile: ProfileName, name: string) => on(profile, { seed: { test: name } });

async function canLogIn(call: ReturnType<typeof on>, user: string, password: string): Promise<boolean> {
	const answer = await call('GET', '/api/mantle/isAuthenticated', { user, password });
	return answer.status === 200 && answer.text === 'true';
}

describe('listing users and roles', () => {
	it('lists the default users (bob from 10.2.0.0-75) to any user, XML by default and JSON on request', async () => {
		const xml = await on('9.3')('GET', `${D}/users`, { user: 'suzy' });
		expect(xml.status).toBe(200);
		expect(xml.headers.get('content-type')).toBe('application/xml');
		expect(xml.text).toBe(
			'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><userList><users>admin</users><users>suzy</users><users>analyst</users><users>pat</users><users>tiffany</users></userList>',
		);
		expect((await on('11.0')('GET', `${D}/users`, { accept: 'application/json' })).json()).toEqual({ users: ['admin', 'suzy', 'analyst', 'pat', 'tiffany', 'bob'] });
		expect((await on('10.2')('GET', `${D}/users`, { accept: 'application/json' })).json().users).toContain('bob');
	});

	it('lists the roles without Authenticated and Anonymous; Schedule Power User from 10.2', async () => {
		expect((await on('9.3')('GET', `${D}/roles`, { accept: 'application/json' })).json()).toEqual({ roles: ['Administrator', 'Power User', 'Report Author', 'Business Analyst'] });
		expect((await on('11.0')('GET', `${D}/roles`, { accept: 'application/json' })).json()).toEqual({
			roles: ['Administrator', 'Power User', 'Report Author', 'Business Analyst', 'Schedule Power User'],
		});
	});

	it('userRoles is for administrators (500 from the container otherwise), roleMembers answers 403', async () => {
		const call = on('11.0');
		expect((await call('GET', `${D}/userRoles?userName=suzy`, { accept: 'application/json' })).json()).toEqual({ roles: ['Power User'] });
		expect((await call('GET', `${D}/userRoles?userName=nobody`, { accept: 'application/json' })).json()).toEqual({ roles: [] });
		const refused = await call('GET', `${D}/userRoles?userName=suzy`, { user: 'suzy' });
		expect(refused.status).toBe(500);
		expect(refused.text).toContain('Sorry, something went wrong.');
		expect((await call('GET', `${D}/roleMembers?roleName=Power%20User`, { accept: 'application/json' })).json()).toEqual({ users: ['suzy'] });
		expect((await call('GET', `${D}/roleMembers?roleName=Power%20User`, { user: 'suzy' })).status).toBe(403);
	});

	it('writes one-element lists as arrays in Jersey 1 JSON (users, roles are resolver arrays) and an empty one as {}', async () => {
		const call = on('10.2sp');
		expect((await call('GET', `${D}/userRoles?userName=suzy`, { accept: 'application/json' })).json()).toEqual({ roles: ['Power User'] });
		expect((await call('GET', `${D}/userRoles?userName=nobody`, { accept: 'application/json' })).json()).toEqual({});
	});
});

describe('createUser', () => {
	it('creates a user that logs in at once, with a home folder; a second time is 412', async () => {
		const call = fresh('11.0', 'create');
		expect(await canLogIn(call, 'carol', 'secret1')).toBe(false);
		const created = await call('PUT', `${D}/createUser`, json({ userName: 'carol', password: 'secret1' }));
		expect(created.status).toBe(204);
		expect(created.text).toBe('');
		expect(await canLogIn(call, 'carol', 'secret1')).toBe(true);
		expect(await canLogIn(call, 'carol', 'wrong')).toBe(false);
		expect((await call('GET', `${D}/users`, { accept: 'application/json' })).json().users).toContain('carol');
		expect((await call('GET', `${D}/userRoles?userName=carol`, { accept: 'application/json' })).json()).toEqual({ roles: [] });
		expect((await call('GET', '/api/repo/files/:home:carol/properties', { accept: 'application/json' })).json()).toMatchObject({ path: '/home/carol', folder: true, owner: 'carol' });
		expect((await call('PUT', `${D}/createUser`, json({ userName: 'carol', password: 'other' }))).status).toBe(412);
	});

	it('refuses non-administrators (403), empty or reserved-character names and empty passwords (400 without header)', async () => {
		const call = fresh('11.0', 'create-refusals');
		expect((await call('PUT', `${D}/createUser`, { user: 'suzy', ...json({ userName: 'x1', password: 'secret' }) })).status).toBe(403);
		for (const body of [{ userName: 'a/b', password: 'secret' }, { userName: '', password: 'secret' }, { userName: 'nopw', password: '' }, { userName: 'nopw' }]) {
			const answer = await call('PUT', `${D}/createUser`, json(body));
			expect(answer.status).toBe(400);
			expect(answer.headers.get('PUC_VALIDATION_ERROR_MESSAGE')).toBeNull();
		}
		expect(await canLogIn(call, 'x1', 'secret')).toBe(false);
	});

	it('checks the password characters from 10.2.0.3-306 / 10.3.0.0-260 and 72 characters on 10.2 from 10.2.0.7-393, in the header', async () => {
		const body = json({ userName: 'spacey', password: 'pass word' });
		const sp = await fresh('10.2sp', 'chars')('PUT', `${D}/createUser`, body);
		expect(sp.status).toBe(400);
		expect(sp.headers.get('PUC_VALIDATION_ERROR_MESSAGE')).toBe(
			'New password must: have no more than 72 characters, only contain the following characters: a-z A-Z 0-9 _ . , : ; < > | ! @ # $ % ^ & * ( ) [ ] -.',
		);
		const eleven = await fresh('11.0', 'chars')('PUT', `${D}/createUser`, body);
		expect(eleven.status).toBe(400);
		expect(eleven.headers.get('PUC_VALIDATION_ERROR_MESSAGE')).toBe('New password must: only contain the following characters: a-z A-Z 0-9 _ . , : ; < > | ! @ # $ % ^ & * ( ) [ ] -.');
		const old = fresh('10.2', 'chars');
		expect((await old('PUT', `${D}/createUser`, body)).status).toBe(204);
		expect(await canLogIn(old, 'spacey', 'pass word')).toBe(true);
		const long = await fresh('10.2sp', 'long')('PUT', `${D}/createUser`, json({ userName: 'longpw', password: 'a'.repeat(73) }));
		expect(long.status).toBe(400);
		expect((await fresh('11.0', 'long')('PUT', `${D}/createUser`, json({ userName: 'longpw', password: 'a'.repeat(73) }))).status).toBe(204);
	});

	it('applies security.properties password rules with every criterion in the message', async () => {
		const call = on('9.3', { seed: { userrole: { passwordLength: 8, requireSpecialCharacter: true } } });
		const answer = await call('PUT', `${D}/createUser`, json({ userName: 'short', password: 'abc' }));
		expect(answer.status).toBe(400);
		expect(answer.headers.get('PUC_VALIDATION_ERROR_MESSAGE')).toBe('New password must: have at least 8 characters, have at least one special character.');
		expect((await call('PUT', `${D}/createUser`, json({ userName: 'short', password: 'abcdefg!' }))).status).toBe(204);
	});

	it('URL-decodes the name (keeping "+") and trims it from 10.2.0.2-281 / 10.3.0.0-190', async () => {
		const eleven = fresh('11.0', 'trim');
		expect((await eleven('PUT', `${D}/createUser`, json({ userName: '%20dave+x ', password: 'secret' }))).status).toBe(204);
		expect((await eleven('GET', `${D}/users`, { accept: 'application/json' })).json().users).toContain('dave+x');
		const old = fresh('9.3', 'trim');
		expect((await old('PUT', `${D}/createUser`, json({ userName: '%20dave+x ', password: 'secret' }))).status).toBe(204);
		expect((await old('GET', `${D}/users`, { accept: 'application/json' })).json().users).toContain(' dave+x ');
		expect((await old('PUT', `${D}/createUser`, json({ userName: 'bad%zz', password: 'secret' }))).status).toBe(412);
	});

	it('decodes "ENC:" passwords with GWT Base64 (and URL-decodes them on 10.2 GA only)', async () => {
		const enc = 'ENC:' + Buffer.from('a%41b').toString('base64');
		const eleven = fresh('11.0', 'enc');
		expect((await eleven('PUT', `${D}/createUser`, json({ userName: 'encoded', password: enc }))).status).toBe(204);
		expect(await canLogIn(eleven, 'encoded', 'a%41b')).toBe(true);
		const ga = fresh('10.2', 'enc');
		expect((await ga('PUT', `${D}/createUser`, json({ userName: 'encoded', password: enc }))).status).toBe(204);
		expect(await canLogIn(ga, 'encoded', 'aAb')).toBe(true);
		// window.btoa's "/" is not in GWT's alphabet: it decodes as "A" (zero bits): "Pz4/" is "?>" and a NUL, not "?>?"
		// (9.3 has no character rule; 11.0 would refuse the NUL with 400).
		const slash = fresh('9.3', 'enc-slash');
		expect((await slash('PUT', `${D}/createUser`, json({ userName: 'slash', password: 'ENC:' + Buffer.from('?>?').toString('base64') }))).status).toBe(204);
		expect(await canLogIn(slash, 'slash', '?>?')).toBe(false);
		expect(await canLogIn(slash, 'slash', '?>\u0000')).toBe(true);
		expect((await slash('PUT', `${D}/createUser`, json({ userName: 'odd', password: 'ENC:abc' }))).status).toBe(412);
	});

	it('reads XML (root <user>) and JSON; 415 without a readable type; 11.x refuses unknown JSON members', async () => {
		const call = fresh('11.0', 'bodies');
		expect((await call('PUT', `${D}/createUser`, { body: '<user><userName>xml1</userName><password>secret</password></user>', contentType: 'application/xml' })).status).toBe(204);
		expect(await canLogIn(call, 'xml1', 'secret')).toBe(true);
		expect((await call('PUT', `${D}/createUser`, { body: '<person><userName>xml2</userName><password>s</password></person>', contentType: 'application/xml' })).status).toBe(400);
		expect((await call('PUT', `${D}/createUser`, { body: '{"userName":"x3","password":"s"}' })).status).toBe(415);
		expect((await call('PUT', `${D}/createUser`, json({ userName: 'x4', password: 'secret', role: 'x' }))).status).toBe(400);
		expect((await fresh('9.3', 'bodies')('PUT', `${D}/createUser`, json({ userName: 'x4', password: 'secret', role: 'x' }))).status).toBe(204);
	});

	it('answers errors on 9.3/10.2 with the container page, keeping the validation header', async () => {
		const answer = await fresh('10.2sp', 'page')('PUT', `${D}/createUser`, json({ userName: 'p', password: 'pass word' }));
		expect(answer.status).toBe(400);
		expect(answer.text).toContain('HTTP Status 400');
		expect(answer.headers.get('PUC_VALIDATION_ERROR_MESSAGE')).toMatch(/^New password must/);
		const refused = await fresh('11.0', 'page')('PUT', `${D}/createUser`, { user: 'suzy', ...json({ userName: 'p', password: 'pw' }) });
		expect(refused.status).toBe(403);
		expect(refused.text).toBe('');
	});
});

describe('deleteUsers', () => {
	it('deletes tab-separated users (they no longer log in) and skips unknown names', async () => {
		const call = fresh('11.0', 'delete');
		expect((await call('PUT', `${D}/createUser`, json({ userName: 'gone', password: 'secret' }))).status).toBe(204);
		expect(await canLogIn(call, 'pat', 'password')).toBe(true);
		const answer = await call('PUT', `${D}/deleteUsers?userNames=gone%09nobody%09pat`);
		expect(answer.status).toBe(204);
		expect(await canLogIn(call, 'gone', 'secret')).toBe(false);
		expect(await canLogIn(call, 'pat', 'password')).toBe(false);
		expect((await call('GET', `${D}/users`, { accept: 'application/json' })).json().users).not.toContain('pat');
	});

	it('refuses yourself, the default admin and the last administrator (500), non-administrators (403) and a missing list (500)', async () => {
		const call = fresh('11.0', 'delete-refusals');
		expect((await call('PUT', `${D}/deleteUsers?userNames=admin`)).status).toBe(500);
		expect(await canLogIn(call, 'admin', 'password')).toBe(true);
		expect((await call('PUT', `${D}/deleteUsers?userNames=tiffany`, { user: 'suzy' })).status).toBe(403);
		expect((await call('PUT', `${D}/deleteUsers`)).status).toBe(500);
		// suzy made an administrator may not delete the default admin user either; admin may delete suzy (two administrators).
		expect((await call('PUT', `${D}/assignRoleToUser?userName=suzy&roleNames=Administrator`)).status).toBe(204);
		expect((await call('PUT', `${D}/deleteUsers?userNames=admin`, { user: 'suzy' })).status).toBe(500);
		expect((await call('PUT', `${D}/deleteUsers?userNames=suzy`)).status).toBe(204);
		expect(await canLogIn(call, 'suzy', 'password')).toBe(false);
	});
});

describe('password changes', () => {
	it('PUT /user: a user changes their own password with the old one; the new one works at once', async () => {
		const call = fresh('11.0', 'own');
		const answer = await call('PUT', `${D}/user`, { user: 'suzy', ...json({ userName: 'suzy', oldPassword: 'password', newPassword: 'newpass1' }) });
		expect(answer.status).toBe(204);
		expect(await canLogIn(call, 'suzy', 'newpass1')).toBe(true);
		expect(await canLogIn(call, 'suzy', 'password')).toBe(false);
	});

	it('PUT /user: wrong old password, someone else’s password, unknown user → 403 with the message; missing fields → 400', async () => {
		const call = fresh('11.0', 'own-refusals');
		const wrong = await call('PUT', `${D}/user`, { user: 'suzy', ...json({ userName: 'suzy', oldPassword: 'nope', newPassword: 'x1' }) });
		expect(wrong.status).toBe(403);
		expect(wrong.headers.get('PUC_VALIDATION_ERROR_MESSAGE')).toBe('You entered the wrong old password.');
		expect((await call('PUT', `${D}/user`, { user: 'suzy', ...json({ userName: 'pat', oldPassword: 'password', newPassword: 'x1' }) })).status).toBe(403);
		// Administrators need the user's old password too.
		expect((await call('PUT', `${D}/user`, json({ userName: 'pat', oldPassword: 'nope', newPassword: 'x1' }))).status).toBe(403);
		expect((await call('PUT', `${D}/user`, json({ userName: 'pat', oldPassword: 'password', newPassword: 'x1' }))).status).toBe(204);
		expect(await canLogIn(call, 'pat', 'x1')).toBe(true);
		expect((await call('PUT', `${D}/user`, json({ userName: 'nobody', oldPassword: 'a', newPassword: 'b' }))).status).toBe(403);
		expect((await call('PUT', `${D}/user`, { user: 'suzy', ...json({ userName: 'suzy', newPassword: 'x1' }) })).status).toBe(400);
		const xml = await call('PUT', `${D}/user`, {
			user: 'tiffany',
			body: '<ChangePasswordUser><userName>tiffany</userName><newPassword>t1</newPassword><oldPassword>password</oldPassword></ChangePasswordUser>',
			contentType: 'text/xml',
		});
		expect(xml.status).toBe(204);
	});

	it('PUT /updatePassword: an administrator sets any password after re-authenticating', async () => {
		const call = fresh('11.0', 'update');
		const answer = await call('PUT', `${D}/updatePassword`, json({ userName: 'pat', password: 'reset1', administratorPassword: 'password' }));
		expect(answer.status).toBe(204);
		expect(await canLogIn(call, 'pat', 'reset1')).toBe(true);
		const reauth = await call('PUT', `${D}/updatePassword`, json({ userName: 'pat', password: 'reset2', administratorPassword: 'wrong' }));
		expect(reauth.status).toBe(403);
		expect(reauth.headers.get('PUC_VALIDATION_ERROR_MESSAGE')).toBe('Logged-in user re-authentication failed');
		const notAdmin = await call('PUT', `${D}/updatePassword`, { user: 'suzy', ...json({ userName: 'pat', password: 'reset2', administratorPassword: 'password' }) });
		expect(notAdmin.status).toBe(403);
		expect(notAdmin.headers.get('PUC_VALIDATION_ERROR_MESSAGE')).toBe('Logged-in user is not authorized to change password');
		const unknown = await call('PUT', `${D}/updatePassword`, json({ userName: 'nobody', password: 'reset2', administratorPassword: 'password' }));
		expect(unknown.status).toBe(403);
		expect(unknown.headers.get('PUC_VALIDATION_ERROR_MESSAGE')).toBe('User not found');
		expect(await canLogIn(call, 'pat', 'reset1')).toBe(true);
	});

	it('PUT /updatePassword without userName: 500, but 412 on 10.2 GA ([BISERVER-14644] catch-all)', async () => {
		const body = json({ password: 'reset1', administratorPassword: 'password' });
		expect((await fresh('11.0', 'no-name')('PUT', `${D}/updatePassword`, body)).status).toBe(500);
		expect((await fresh('10.2', 'no-name')('PUT', `${D}/updatePassword`, body)).status).toBe(412);
	});

	it('a wrong Basic password stays refused after a change (the login store is the one the DAO writes)', async () => {
		const call = fresh('9.3', 'basic');
		expect((await call('PUT', `${D}/updatePassword`, json({ userName: 'tiffany', password: 'changed1', administratorPassword: 'password' }))).status).toBe(204);
		const old = await fetch(`${call.emulator().url}/api/mantle/isAuthenticated`, { headers: { Authorization: basic('tiffany', 'password') } });
		expect(old.status).toBe(401);
	});
});
