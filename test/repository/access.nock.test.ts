/** Exact requests of the Repository Access operations (permission checks, access maps, ACL read and update). */
import nock from 'nock';

import { exec, FILES, rl, server, json, text, ACL_XML, useNock } from './helpers';

useNock();

describe('Access', () => {
	it('Get ACL types the answer, old servers\' single-string permissions included', async () => {
		server({ accept: 'application/json' })
			.get(`${FILES}/:home:admin:sales.ktr/acl`)
			.reply(
				200,
				{
					aces: { recipient: 'suzy', recipientType: '0', permissions: '0', modifiable: 'true' },
					entriesInheriting: 'false',
					id: 'f1',
					owner: 'admin',
					ownerType: '0',
				},
				json,
			);
		const result = await exec('access', 'getAcl', { path: rl('/home/admin/sales.ktr') });
		// Codes become words (RepositoryFileSid.Type, RepositoryFilePermission ordinals).
		expect(result.items[0].json).toEqual({
			path: '/home/admin/sales.ktr',
			aces: [{ recipient: 'suzy', recipientType: 'user', permissions: ['read'], modifiable: true }],
			entriesInheriting: false,
			id: 'f1',
			owner: 'admin',
			ownerType: 'user',
		});
	});

	const CURRENT = {
		owner: 'admin',
		ownerType: '0',
		entriesInheriting: 'false',
		aces: [
			{ recipient: 'suzy', recipientType: '0', permissions: '0', modifiable: 'true' },
			{ recipient: 'Business Analyst', recipientType: '1', permissions: ['0', '1'], modifiable: 'true' },
			{ recipient: 'Administrator', recipientType: '1', permissions: '4', modifiable: 'false' },
		],
	};

	function acl(aces: string, inheriting = false) {
		return `<?xml version="1.0" encoding="UTF-8"?>\n<repositoryFileAclDto>${aces}<entriesInheriting>${inheriting}</entriesInheriting><owner>admin</owner><ownerType>0</ownerType></repositoryFileAclDto>`;
	}
	const ace = (recipient: string, type: number, ...permissions: number[]) =>
		`<aces>${permissions.map((p) => `<permissions>${p}</permissions>`).join('')}<recipient>${recipient}</recipient><recipientType>${type}</recipientType><modifiable>true</modifiable></aces>`;

	function aclServer(put: string) {
		return server()
			.get(`${FILES}/:home:admin:sales.ktr/acl`)
			.reply(200, CURRENT, json)
			.put(`${FILES}/:home:admin:sales.ktr/acl`, put)
			.reply(200)
			.get(`${FILES}/:home:admin:sales.ktr/acl`)
			.reply(200, CURRENT, json);
	}

	it('Update ACL by default adds to the current ACL: entries not named are kept (the PUT replaces the whole ACL)', async () => {
		const scope = aclServer(acl(ace('suzy', 0, 0, 1) + ace('Business Analyst', 1, 0, 1) + ace('Power User', 1, 4)));
		const result = await exec('access', 'updateAcl', {
			path: rl('/home/admin/sales.ktr'),
			entries: {
				entry: [
					{ recipient: 'suzy', recipientType: 0, permissions: ['write', 'read'] },
					{ recipient: 'Power User', recipientType: 1, permissions: ['all'] },
				],
			},
		});
		expect(result.error).toBeUndefined();
		scope.done();
		// The output is the ACL the server holds afterwards (read back), in words.
		expect(result.items[0].json).toMatchObject({ path: '/home/admin/sales.ktr', change: 'add', owner: 'admin', ownerType: 'user', entriesInheriting: false, updated: true });
	});

	it('Update ACL sends the Owner and Owner Type of Options instead of the current owner', async () => {
		const scope = aclServer(acl(ace('suzy', 1, 0), false).replace('<owner>admin</owner><ownerType>0</ownerType>', '<owner>Power User</owner><ownerType>1</ownerType>'));
		const result = await exec('access', 'updateAcl', {
			path: rl('/home/admin/sales.ktr'),
			aclMode: 'replace',
			entries: { entry: [{ recipient: 'suzy', recipientType: 1, permissions: ['read'] }] },
			options: { owner: 'Power User', ownerType: 1 },
		});
		expect(result.error).toBeUndefined();
		scope.done();
	});

	it('Update ACL with nothing but the path filled in is refused before any request (it would lock everyone out)', async () => {
		const defaults = await exec('access', 'updateAcl', { path: rl('/home/admin/sales.ktr') });
		expect(defaults.error?.message).toBe('Add at least one entry to change');
		const replace = await exec('access', 'updateAcl', { path: rl('/home/admin/sales.ktr'), aclMode: 'replace' });
		expect(replace.error?.message).toMatch(/Replace needs at least one entry/);
		const json = await exec('access', 'updateAcl', { path: rl('/home/admin/sales.ktr'), aclSource: 'json', aclJson: '{"owner":"admin","entriesInheriting":false,"aces":[]}' });
		expect(json.error?.message).toMatch(/neither inherits nor lists an entry/);
	});

	it('Update ACL removes only the named entries, and Inherit From Parent turns inheriting on', async () => {
		const remove = aclServer(acl(ace('Business Analyst', 1, 0, 1)));
		const removed = await exec('access', 'updateAcl', { path: rl('/home/admin/sales.ktr'), aclMode: 'remove', entries: { entry: [{ recipient: 'suzy', recipientType: 0 }] } });
		expect(removed.error).toBeUndefined();
		remove.done();
		const inherit = aclServer(acl('', true));
		const inherited = await exec('access', 'updateAcl', { path: rl('/home/admin/sales.ktr'), aclMode: 'inherit' });
		expect(inherited.error).toBeUndefined();
		inherit.done();
	});

	it('Update ACL without an owner keeps the current one; JSON as Get ACL gives it replaces the ACL', async () => {
		const aclJson = JSON.stringify({
			owner: '',
			entriesInheriting: 'false',
			aces: [
				{ recipient: 'suzy', recipientType: 'user', permissions: ['read', 1] },
				{ recipient: 'Power User', recipientType: 'role', permissions: ['all'] },
				{ recipient: 'Administrator', recipientType: 1, permissions: [4], modifiable: false },
			],
		});
		const scope = aclServer(ACL_XML.replace('<?xml version="1.0" encoding="UTF-8"?>\n', '<?xml version="1.0" encoding="UTF-8"?>\n'));
		const result = await exec('access', 'updateAcl', { path: rl('/home/admin/sales.ktr'), aclSource: 'json', aclJson });
		expect(result.error).toBeUndefined();
		scope.done();
	});

	it('Update ACL refuses a bad entry before any request', async () => {
		const result = await exec('access', 'updateAcl', {
			path: rl('/home/admin/sales.ktr'),
			aclSource: 'fields',
			options: { owner: 'admin' },
			entries: { entry: [{ recipient: 'suzy', recipientType: 0, permissions: [] }] },
		});
		expect(result.error?.message).toBe('Entry 1 (suzy) has no permissions');
	});

	it('Can Access sends the chosen permissions as pipe-separated codes', async () => {
		server({ accept: 'text/plain' }).get(`${FILES}/:public/canAccess`).query({ permissions: '0|1|3' }).reply(200, 'true', text);
		const result = await exec('access', 'canAccess', { path: rl('/public'), permissions: ['aclManagement', 'read', 'write'] });
		expect(result.items[0].json).toEqual({ path: '/public', permissions: ['read', 'write', 'aclManagement'], canAccess: true });
	});

	it('Get Access Map answers each permission by name', async () => {
		server({ accept: 'application/json' })
			.get(`${FILES}/:public/canAccessMap`)
			.query({ permissions: '0|1|2|3|4' })
			.reply(200, { setting: [{ name: '0', value: 'true' }, { name: '1', value: 'true' }, { name: '2', value: 'false' }, { name: '3', value: 'false' }, { name: '4', value: 'false' }] }, json);
		const result = await exec('access', 'getAccessMap', { path: rl('/public'), permissions: ['read', 'write', 'delete', 'aclManagement', 'all'] });
		expect(result.items[0].json).toEqual({ path: '/public', read: true, write: true, delete: false, aclManagement: false, all: false });
	});

	it.each([
		['canAdminister', 'true', true],
		['canCreate', 'false', false],
		['canEdit', 'true\n', true],
	])('%s answers the boolean of GET /api/repo/files/<operation> ("%s")', async (operation, answer, expected) => {
		if (operation === 'canEdit') server().get('/pentaho/api/version/show').reply(200, '10.2.0.0-222', text);
		server({ accept: 'text/plain' }).get(`${FILES}/${operation}`).reply(200, answer, text);
		const result = await exec('access', operation);
		expect(result.items[0].json).toEqual({ [operation]: expected });
	});

	it('Can Edit on a 9.3 server (no /canEdit before 9.4) says so before asking', async () => {
		const scope = server().get('/pentaho/api/version/show').reply(200, '9.3.0.0-428', text);
		const result = await exec('access', 'canEdit');
		scope.done();
		expect(result.error?.message).toBe('Can Edit needs server version 9.4 or later; this server is 9.3.0.0-428');
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('Can Download and Can Upload send dirPath only when given', async () => {
		const scope = server()
			.get(`${FILES}/canDownload`)
			.reply(200, 'true', text)
			.get(`${FILES}/canUpload`)
			.query({ dirPath: '/public/in' })
			.reply(200, 'false', text);
		const download = await exec('access', 'canDownload', { options: { dirPath: '' } });
		const upload = await exec('access', 'canUpload', { options: { dirPath: '/public/in/' } });
		scope.done();
		expect(download.items[0].json).toEqual({ canDownload: true });
		expect(upload.items[0].json).toEqual({ dirPath: '/public/in', canUpload: false });
	});

	it('a yes/no answer that is neither true nor false is an error', async () => {
		server().get(`${FILES}/canCreate`).reply(200, 'maybe', text);
		const result = await exec('access', 'canCreate');
		expect(result.error?.message).toBe('The server answered "maybe" where "true" or "false" was expected');
	});

	it('Get Access for Paths POSTs the string list and answers one item per path', async () => {
		server({ 'content-type': 'application/json', accept: 'application/json' })
			.post(`${FILES}/pathsAccessList`, { strings: ['/public', '/home/admin'] })
			.reply(200, { setting: [{ name: '/public', value: '0' }, { name: '/public', value: '1' }] }, json);
		const result = await exec('access', 'getAccessForPaths', { paths: ['/public', '/home/admin/'] });
		expect(result.items.map((i) => i.json)).toEqual([
			{ path: '/public', read: true, write: true, delete: false, aclManagement: false, all: false },
			{ path: '/home/admin', read: false, write: false, delete: false, aclManagement: false, all: false },
		]);
	});
});
