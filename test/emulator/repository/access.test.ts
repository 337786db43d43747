/**
 * The repository area's access routes over plain HTTP (routes-access.ts): ACLs, permission checks,
 * locale properties and metadata.
 */
import type { ProfileName } from '../../../emulator/core/profiles';
import { call, F, json, names, text, useProfileEmulators, useRepositoryEmulator } from './helpers';

useRepositoryEmulator();

describe('repository emulator: access', () => {
	const profiles = useProfileEmulators();
	it('GET acl in JSON and XML; PUT acl (XML) round trip changes who may read', async () => {
		const acl = await json(`${F}/:home:admin:sales.ktr/acl`);
		expect(acl).toMatchObject({ owner: 'admin', ownerType: 0, entriesInheriting: true });
		expect(acl.aces).toContainEqual(expect.objectContaining({ recipient: 'Administrator', recipientType: 1, permissions: [4], modifiable: false }));
		expect((await call('GET', `${F}/:home:admin:sales.ktr`, { user: 'suzy' })).status).toBe(404);
		const body =
			'<repositoryFileAclDto><aces><recipient>suzy</recipient><recipientType>0</recipientType><permissions>0</permissions></aces>' +
			'<entriesInheriting>false</entriesInheriting><owner>admin</owner><ownerType>0</ownerType></repositoryFileAclDto>';
		expect((await call('PUT', `${F}/:home:admin:sales.ktr/acl`, { body, contentType: 'application/xml' })).status).toBe(200);
		const after = await json(`${F}/:home:admin:sales.ktr/acl`);
		expect(after.entriesInheriting).toBe(false);
		expect(after.aces[0]).toMatchObject({ recipient: 'suzy', recipientType: 0, permissions: [0] });
		expect((await call('GET', `${F}/:home:admin:sales.ktr`, { user: 'suzy' })).status).toBe(200);
		expect((await call('PUT', `${F}/:home:admin:sales.ktr`, { user: 'suzy', body: 'x' })).status).toBe(403);
		const xml = (await text('GET', `${F}/:home:admin:sales.ktr/acl`))[1];
		expect(xml).toContain('<entriesInheriting>false</entriesInheriting>');
		// JSON bodies are taken too; names are checked for characters only (403), not looked up; non-managers get 500.
		const jsonBody = JSON.stringify({ owner: 'admin', ownerType: 0, aces: [], entriesInheriting: true });
		expect((await call('PUT', `${F}/:home:admin:sales.ktr/acl`, { body: jsonBody, contentType: 'application/json' })).status).toBe(200);
		const unknown = JSON.stringify({ owner: 'admin', ownerType: 0, aces: [{ recipient: 'nobody', recipientType: 0, permissions: [0] }], entriesInheriting: false });
		expect((await call('PUT', `${F}/:home:admin:sales.ktr/acl`, { body: unknown, contentType: 'application/json' })).status).toBe(200);
		const badName = JSON.stringify({ owner: 'admin', ownerType: 0, aces: [{ recipient: 'a<b', recipientType: 0, permissions: [0] }], entriesInheriting: false });
		expect((await call('PUT', `${F}/:home:admin:sales.ktr/acl`, { body: badName, contentType: 'application/json' })).status).toBe(403);
		expect((await call('PUT', `${F}/:home:admin:sales.ktr/acl`, { user: 'suzy', body: jsonBody, contentType: 'application/json' })).status).toBe(500);
		expect((await call('PUT', `${F}/:home:admin:sales.ktr/acl`, { body: '<repositoryFileAclDto><owner>', contentType: 'application/xml' })).status).toBe(500);
	});

	it('canAccess answers text for all codes; canAccessMap one setting per code', async () => {
		expect(await text('GET', `${F}/:public/canAccess?permissions=0%7C1`, { user: 'suzy' })).toEqual([200, 'true']);
		expect(await text('GET', `${F}/:public/canAccess?permissions=0%7C3`, { user: 'suzy' })).toEqual([200, 'false']);
		const map = await json(`${F}/:public/canAccessMap?permissions=0%7C1%7C3`, { user: 'suzy' });
		expect(map).toEqual({ setting: [{ name: '0', value: 'true' }, { name: '1', value: 'true' }, { name: '3', value: 'false' }] });
		expect((await text('GET', `${F}/:public/canAccessMap?permissions=0`))[1]).toBe(
			'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><settings><setting><name>0</name><value>true</value></setting></settings>',
		);
	});

	it('canAdminister, canCreate, canEdit, canDownload and canUpload answer per user', async () => {
		expect(await text('GET', `${F}/canAdminister`)).toEqual([200, 'true']);
		expect(await text('GET', `${F}/canAdminister`, { user: 'suzy' })).toEqual([200, 'false']);
		expect(await text('GET', `${F}/canCreate`, { user: 'suzy' })).toEqual([200, 'true']);
		expect(await text('GET', `${F}/canCreate`, { user: 'analyst' })).toEqual([200, 'false']);
		expect(await text('GET', `${F}/canEdit`, { user: 'analyst' })).toEqual([200, 'false']);
		// Download needs an administrator, a download role (pentaho.xml default: Administrator) or a path in the user's home.
		expect(await text('GET', `${F}/canDownload`, { user: 'suzy' })).toEqual([200, 'false']);
		expect(await text('GET', `${F}/canDownload?dirPath=%2Fhome%2Fsuzy`, { user: 'suzy' })).toEqual([200, 'true']);
		expect(await text('GET', `${F}/canDownload`)).toEqual([200, 'true']);
		expect(await text('GET', `${F}/canDownload?dirPath=%2Fhome%2Fadmin`, { user: 'suzy' })).toEqual([200, 'false']);
		expect(await text('GET', `${F}/canUpload?dirPath=%2Fpublic`, { user: 'suzy' })).toEqual([200, 'true']);
		expect(await text('GET', `${F}/canUpload?dirPath=%2Fhome%2Fadmin`, { user: 'suzy' })).toEqual([200, 'false']);
	});

	it('canUpload/canDownload per epoch: 10.2 GA checks only actions and the home folder; 10.2sp/11.0 check the folder, and take ignoreUploadDirExistenceChecks', async () => {
		const on = profiles;
		const answer = async (profile: ProfileName, query: string, user = 'suzy') => (await (await on(profile, 'GET', `${F}/${query}`, { user })).text());
		expect(await answer('10.2', 'canUpload?dirPath=%2Fpublic%2Fnew-folder')).toBe('true');
		expect(await answer('10.2sp', 'canUpload?dirPath=%2Fpublic%2Fnew-folder')).toBe('false');
		expect(await answer('10.2sp', 'canUpload?dirPath=%2Fpublic%2Fnew-folder&ignoreUploadDirExistenceChecks=true')).toBe('true');
		expect(await answer('11.0', 'canUpload?dirPath=%2Fpublic%2Fnew-folder&ignoreUploadDirExistenceChecks=true')).toBe('true');
		expect(await answer('10.2', 'canDownload?dirPath=%2Fhome%2Fsuzy-archive')).toBe('true');
		expect(await answer('10.2sp', 'canDownload?dirPath=%2Fhome%2Fsuzy')).toBe('true');
		expect(await answer('10.2sp', 'canDownload?dirPath=%3Ahome%3Asuzy')).toBe('false');
		expect(await answer('9.3', 'canUpload', 'analyst')).toBe('false');
	});

	it('pathsAccessList takes a JSON or XML string list and answers one setting per permission held', async () => {
		const response = await call('POST', `${F}/pathsAccessList`, {
			user: 'suzy',
			accept: 'application/json',
			contentType: 'application/json',
			body: JSON.stringify({ strings: ['/public', '/home/admin'] }),
		});
		expect(await response.json()).toEqual({ setting: [{ name: '/public', value: '0' }, { name: '/public', value: '1' }, { name: '/public', value: '2' }] });
		const xml = await call('POST', `${F}/pathsAccessList`, {
			accept: 'application/json',
			contentType: 'application/xml',
			body: '<stringListWrapper><strings>/home/suzy</strings></stringListWrapper>',
		});
		expect(((await xml.json()) as any).setting.map((s: any) => s.value)).toEqual(['0', '1', '2', '3', '4']);
	});
});

describe('repository emulator: what PUT acl stores (JcrRepositoryFileAclDao.internalUpdateAcl)', () => {
	const on = useProfileEmulators();
	const put = (profile: '9.3' | '10.2sp' | '11.0', path: string, body: string, contentType = 'application/json', user = 'admin') =>
		on(profile, 'PUT', `${F}/${path}/acl`, { body, contentType, user });
	const acl = async (profile: '9.3' | '10.2sp' | '11.0', path: string) => (await (await on(profile, 'GET', `${F}/${path}/acl`, { accept: 'application/json' })).json()) as any;

	it('no entries and entriesInheriting=false: only the hidden Administrator entry is stored; GET shows the display-only one; the owner keeps access', async () => {
		for (const profile of ['9.3', '10.2sp', '11.0'] as const) {
			await on(profile, 'PUT', `${F}/:public:acl:shared.txt`, { body: 'x' });
			const body = '<repositoryFileAclDto><owner>suzy</owner><ownerType>0</ownerType><entriesInheriting>false</entriesInheriting></repositoryFileAclDto>';
			expect((await put(profile, ':public:acl:shared.txt', body, 'application/xml')).status).toBe(200);
			const read = await acl(profile, ':public:acl:shared.txt');
			const aces = Array.isArray(read.aces) ? read.aces : [read.aces];
			expect(aces).toHaveLength(1);
			expect(aces[0]).toMatchObject({ recipient: 'Administrator', recipientType: profile === '11.0' ? 1 : '1', modifiable: profile === '11.0' ? false : 'false' });
			// Authenticated (from /public) no longer reads it; its owner does (the owner ACE the access manager adds).
			expect((await on(profile, 'GET', `${F}/:public:acl:shared.txt`, { user: 'analyst' })).status).toBe(404);
			expect((await on(profile, 'GET', `${F}/:public:acl:shared.txt`, { user: 'suzy' })).status).toBe(200);
		}
	});

	it('inheriting ACLs keep no entries of their own; Administrator-role entries are never read back; the owner reads back as a user', async () => {
		await on('10.2sp', 'PUT', `${F}/:public:acl:b.txt`, { body: 'x' });
		const inherit = JSON.stringify({ owner: 'admin', ownerType: 1, entriesInheriting: true, aces: [{ recipient: 'suzy', recipientType: 0, permissions: [0] }] });
		expect((await put('10.2sp', ':public:acl:b.txt', inherit)).status).toBe(200);
		const own = JSON.stringify({ owner: 'admin', ownerType: 1, entriesInheriting: false, aces: [] });
		expect((await put('10.2sp', ':public:acl:b.txt', own)).status).toBe(200);
		const read = await acl('10.2sp', ':public:acl:b.txt');
		expect(read.ownerType).toBe('0');
		expect(read.aces).toMatchObject({ recipient: 'Administrator', permissions: '4' });
		const adminRead = JSON.stringify({ owner: 'admin', ownerType: 0, entriesInheriting: false, aces: [{ recipient: 'Administrator', recipientType: 1, permissions: [0] }, { recipient: 'x', recipientType: 1, permissions: [0], modifiable: false }] });
		expect((await put('10.2sp', ':public:acl:b.txt', adminRead)).status).toBe(200);
		expect((await acl('10.2sp', ':public:acl:b.txt')).aces).toMatchObject({ recipient: 'Administrator', permissions: '4', modifiable: 'false' });
	});

	it('missing ownerType, bad codes or a missing file are 500; other content types 415; malformed XML 400 on 9.3, 500 from 10.2', async () => {
		expect((await put('10.2sp', ':public:acl:none.txt', JSON.stringify({ owner: 'admin', ownerType: 0 }))).status).toBe(500);
		await on('10.2sp', 'PUT', `${F}/:public:acl:c.txt`, { body: 'x' });
		expect((await put('10.2sp', ':public:acl:c.txt', JSON.stringify({ owner: 'admin', entriesInheriting: true }))).status).toBe(500);
		expect((await put('10.2sp', ':public:acl:c.txt', JSON.stringify({ owner: 'admin', ownerType: 0, entriesInheriting: false, aces: [{ recipient: 'suzy', recipientType: 0, permissions: [7] }] }))).status).toBe(500);
		expect((await put('10.2sp', ':public:acl:c.txt', JSON.stringify({ owner: ' ', ownerType: 0 }))).status).toBe(403);
		expect((await put('10.2sp', ':public:acl:c.txt', 'owner=admin', 'text/plain')).status).toBe(415);
		expect((await put('9.3', ':public:acl:c.txt', '<repositoryFileAclDto><owner>', 'application/xml')).status).toBe(400);
		expect((await put('10.2sp', ':public:acl:c.txt', '<repositoryFileAclDto><owner>', 'application/xml')).status).toBe(500);
		expect((await on('10.2sp', 'GET', `${F}/:public:acl:none.txt/acl`)).status).toBe(500);
		expect((await on('10.2sp', 'GET', `${F}/:home:admin:sales.ktr/acl`, { user: 'suzy' })).status).toBe(500);
	});

	it('11.x (Jackson): an "aces" key turns inheriting off unless entriesInheriting comes after it', async () => {
		await on('11.0', 'PUT', `${F}/:public:acl:j.txt`, { body: 'x' });
		const entries = [{ recipient: 'suzy', recipientType: 0, permissions: [0] }];
		expect((await put('11.0', ':public:acl:j.txt', JSON.stringify({ owner: 'admin', ownerType: 0, entriesInheriting: true, aces: entries }))).status).toBe(200);
		expect((await acl('11.0', ':public:acl:j.txt')).entriesInheriting).toBe(false);
		expect((await put('11.0', ':public:acl:j.txt', JSON.stringify({ owner: 'admin', ownerType: 0, aces: entries, entriesInheriting: true }))).status).toBe(200);
		expect((await acl('11.0', ':public:acl:j.txt')).entriesInheriting).toBe(true);
		await on('10.2sp', 'PUT', `${F}/:public:acl:j.txt`, { body: 'x' });
		expect((await put('10.2sp', ':public:acl:j.txt', JSON.stringify({ owner: 'admin', ownerType: 0, entriesInheriting: true, aces: entries }))).status).toBe(200);
		expect((await acl('10.2sp', ':public:acl:j.txt')).entriesInheriting).toBe('true');
	});
});

describe('repository emulator: locales and metadata', () => {
	const report = `${F}/:public:Sample%20Reports:Sales%20Summary.prpt`;
	const profileEmulators = useProfileEmulators();

	it('locales, localeProperties (GET, PUT with XML) and deleteLocale', async () => {
		const locales = await json(`${report}/locales`);
		expect(locales.localeMapDto.map((l: any) => l.locale)).toEqual(['default', 'de']);
		expect(await json(`${report}/localeProperties?locale=de`)).toEqual({ stringKeyStringValueDto: [{ key: 'file.title', value: 'Umsatzübersicht' }] });
		const body =
			'<stringKeyStringValueDtoes><stringKeyStringValueDto><key>file.title</key><value>Ventes &amp; marges</value></stringKeyStringValueDto></stringKeyStringValueDtoes>';
		expect((await call('PUT', `${report}/localeProperties?locale=fr`, { body, contentType: 'application/xml' })).status).toBe(200);
		expect(await json(`${report}/localeProperties?locale=fr`)).toEqual({ stringKeyStringValueDto: [{ key: 'file.title', value: 'Ventes & marges' }] });
		expect((await call('PUT', `${report}/deleteLocale?locale=fr`)).status).toBe(200);
		expect(await json(`${report}/localeProperties?locale=fr`)).toEqual({});
		expect(await json(`${F}/:public:none.prpt/locales`)).toEqual({});
		// FileService.doDeleteLocale skips a file it cannot find: 200.
		expect((await call('PUT', `${F}/:public:none.prpt/deleteLocale?locale=fr`)).status).toBe(200);
	});

	it('locales answers locale names only, root localeMapDtoes (Jersey 1) or localePropertiesMapEntries (11.x); properties come from localeProperties', async () => {
		const on = profileEmulators;
		for (const profile of ['9.3', '10.2sp', '11.0'] as const) {
			const xml = await (await on(profile, 'GET', `${report}/locales`)).text();
			const root = profile === '11.0' ? 'localePropertiesMapEntries' : 'localeMapDtoes';
			expect(xml).toBe(
				`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><${root}><localeMapDto><locale>default</locale></localeMapDto><localeMapDto><locale>de</locale></localeMapDto></${root}>`,
			);
			const asJson = (await (await on(profile, 'GET', `${report}/locales`, { accept: 'application/json' })).json()) as any;
			expect(asJson).toEqual({ localeMapDto: [{ locale: 'default' }, { locale: 'de' }] });
			const props = (await (await on(profile, 'GET', `${report}/localeProperties?locale=de`, { accept: 'application/json' })).json()) as any;
			expect(props).toEqual({ stringKeyStringValueDto: profile === '11.0' ? [{ key: 'file.title', value: 'Umsatzübersicht' }] : { key: 'file.title', value: 'Umsatzübersicht' } });
		}
	});

	it('localeProperties of a missing or unreadable file is an empty 200; PUT by a user who may not write is 500', async () => {
		expect(await json(`${F}/:public:none.prpt/localeProperties?locale=de`)).toEqual({});
		expect(await json(`${F}/:home:admin:sales.ktr/localeProperties`, { user: 'suzy' })).toEqual({});
		const body = JSON.stringify({ stringKeyStringValueDto: [{ key: 'file.title', value: 'x' }] });
		expect((await call('PUT', `${F}/:home:admin:sales.ktr/localeProperties?locale=fr`, { user: 'suzy', body, contentType: 'application/json' })).status).toBe(500);
		const noValue = JSON.stringify({ stringKeyStringValueDto: [{ key: 'file.title' }] });
		expect((await call('PUT', `${report}/localeProperties?locale=fr`, { body: noValue, contentType: 'application/json' })).status).toBe(500);
	});

	it('metadata GET and PUT (JSON under either key, or XML); _PERM_HIDDEN hides the file', async () => {
		const before = await json(`${report}/metadata`);
		expect(before.stringKeyStringValueDto).toEqual(expect.arrayContaining([{ key: 'category', value: 'sales' }, { key: '_PERM_HIDDEN', value: 'false' }]));
		await call('PUT', `${report}/metadata`, { contentType: 'application/json', body: JSON.stringify({ stringKeyStringValueDto: [{ key: 'owner.team', value: 'bi' }] }) });
		await call('PUT', `${report}/metadata`, { contentType: 'application/json', body: JSON.stringify({ stringKeyStringValueDtoes: [{ key: 'reviewed', value: 'yes' }] }) });
		// 11.0 GA takes JSON only (the XML method came with 11.0.0.2-289): XML is 415 here.
		const xml = '<stringKeyStringValueDtoes><stringKeyStringValueDto><key>_PERM_HIDDEN</key><value>true</value></stringKeyStringValueDto></stringKeyStringValueDtoes>';
		expect((await call('PUT', `${report}/metadata`, { contentType: 'application/xml', body: xml })).status).toBe(415);
		expect((await call('PUT', `${report}/metadata`, { contentType: 'application/json', body: JSON.stringify({ stringKeyStringValueDto: [{ key: '_PERM_HIDDEN', value: 'true' }] }) })).status).toBe(200);
		const after = await json(`${report}/metadata`);
		expect(after.stringKeyStringValueDto).toEqual(
			expect.arrayContaining([{ key: 'category', value: 'sales' }, { key: 'owner.team', value: 'bi' }, { key: 'reviewed', value: 'yes' }, { key: '_PERM_HIDDEN', value: 'true' }]),
		);
		expect(names(await json(`${F}/:public:Sample%20Reports/children`))).toEqual([]);
		await call('PUT', `${report}/metadata`, { contentType: 'application/json', body: JSON.stringify({ stringKeyStringValueDto: [{ key: '_PERM_HIDDEN', value: 'false' }] }) });
		expect((await call('PUT', `${report}/metadata`, { contentType: 'application/json', body: '{"stringKeyStringValueDto":[{"value":"x"}]}' })).status).toBe(400);
		expect((await call('PUT', `${report}/metadata`, { contentType: 'application/xml', body: '<a><b>' })).status).toBe(415);
	});

	it('metadata: XML bodies on 9.3 GA and 10.2.0.9-405+ only; missing file 204/500; only owner, admin or an ACL manager may set it (401)', async () => {
		const on = profileEmulators;
		const xml = '<stringKeyStringValueDtoes><stringKeyStringValueDto><key>team</key><value>bi</value></stringKeyStringValueDto></stringKeyStringValueDtoes>';
		const put = (profile: ProfileName, path: string, body: string, contentType: string, user = 'admin') => on(profile, 'PUT', `${F}/${path}/metadata`, { body, contentType, user });
		expect((await put('9.3', ':public:etl:daily_load.kjb', xml, 'application/xml')).status).toBe(200);
		expect((await put('10.2', ':public:etl:daily_load.kjb', xml, 'application/xml')).status).toBe(415);
		expect((await put('10.2sp', ':public:etl:daily_load.kjb', xml, 'application/xml')).status).toBe(200);
		expect((await put('11.0', ':public:etl:daily_load.kjb', xml, 'application/xml')).status).toBe(415);
		const json = JSON.stringify({ stringKeyStringValueDto: [{ key: 'team', value: 'bi' }] });
		expect((await put('10.2sp', ':public:none.kjb', json, 'application/json')).status).toBe(500);
		expect((await on('10.2sp', 'GET', `${F}/:public:none.kjb/metadata`)).status).toBe(204);
		// suzy may write in /public but neither owns the file nor manages its ACL.
		expect((await put('10.2sp', ':public:etl:daily_load.kjb', json, 'application/json', 'suzy')).status).toBe(401);
		await on('10.2sp', 'PUT', `${F}/:public:suzys.kjb`, { body: '<job/>', user: 'suzy' });
		expect((await put('10.2sp', ':public:suzys.kjb', json, 'application/json', 'suzy')).status).toBe(200);
		const read = (await (await on('10.2sp', 'GET', `${F}/:public:suzys.kjb/metadata`, { accept: 'application/json' })).json()) as any;
		expect(read.stringKeyStringValueDto).toEqual([{ key: 'team', value: 'bi' }, { key: '_PERM_SCHEDULABLE', value: 'true' }, { key: '_PERM_HIDDEN', value: 'false' }]);
	});
});
