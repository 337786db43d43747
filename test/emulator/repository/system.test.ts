/**
 * The repository area's system routes over plain HTTP (routes-system.ts): folders under
 * /api/repo/dirs, backup and restore, resources under /api/repos, LDAP settings and the user-console
 * session checks.
 */
import { unzipSync } from 'fflate';

import { call, emu, F, json, propertiesOf, text, useProfileEmulators, useRepositoryEmulator } from './helpers';

useRepositoryEmulator();

describe('repository emulator: folders under /api/repo/dirs', () => {
	it('PUT creates folders but not at root level; isVisible and defaultLocation answer text', async () => {
		expect((await call('PUT', '/api/repo/dirs/:public:by-dirs:sub')).status).toBe(200);
		expect((await propertiesOf('/public/by-dirs/sub')).folder).toBe(true);
		expect(await text('PUT', '/api/repo/dirs/:public:by-dirs:sub')).toEqual([409, 'couldNotCreateFolderDuplicate']);
		expect(await text('PUT', '/api/repo/dirs/:toplevel')).toEqual([403, 'couldNotCreateRootLevelFolder']);
		expect(await text('GET', '/api/repo/dirs/:public/isVisible')).toEqual([200, 'true']);
		expect(await text('GET', '/api/repo/dirs/:home:admin/isVisible', { user: 'suzy' })).toEqual([200, 'false']);
		expect(await text('GET', '/api/repo/dirs/:public/defaultLocation', { user: 'suzy' })).toEqual([200, '/public']);
		expect(await text('GET', '/api/repo/dirs/:home:admin/defaultLocation', { user: 'suzy' })).toEqual([200, '/']);
	});

	it('non-administrators write only where the ACLs allow', async () => {
		expect((await call('PUT', `${F}/:home:suzy:mine.txt`, { user: 'suzy', body: 'ok' })).status).toBe(200);
		expect((await call('PUT', `${F}/:public:suzy.txt`, { user: 'suzy', body: 'ok' })).status).toBe(200);
		expect((await call('PUT', `${F}/:home:admin:intrude.txt`, { user: 'suzy', body: 'no' })).status).toBe(403);
		expect((await call('PUT', `${F}/:toplevel.txt`, { user: 'analyst', body: 'no' })).status).toBe(403);
		expect((await call('PUT', `${F}/:newtop/createDir`, { user: 'analyst' })).status).toBe(403);
		expect((await call('GET', `${F}/:home:suzy:notes.txt`, { user: 'analyst' })).status).toBe(404);
	});
});

describe('repository emulator: backup and restore', () => {
	it('backup answers a zip of the repository; systemRestore reads it back with overwriteFile semantics', async () => {
		await call('PUT', `${F}/:public:restore:keep.txt`, { body: 'original' });
		const backup = await call('POST', `${F}/backup`, {
			contentType: 'application/x-www-form-urlencoded',
			body: new URLSearchParams({ logFile: 'backup.log', logLevel: 'INFO', outputFile: 'nightly.zip' }),
		});
		expect(backup.status).toBe(200);
		expect(backup.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''nightly.zip");
		const zip = Buffer.from(await backup.arrayBuffer());
		const entries = unzipSync(new Uint8Array(zip));
		expect(Object.keys(entries)).toEqual(expect.arrayContaining(['exportManifest.xml', 'public/etl/daily_load.kjb', 'public/restore/keep.txt', 'home/suzy/notes.txt']));

		// Change one file, remove another, add one that is not in the backup.
		await call('PUT', `${F}/:public:restore:keep.txt`, { body: 'changed' });
		const id = (await propertiesOf('/public/etl/load_sales.ktr')).id;
		await call('PUT', `${F}/deletepermanent`, { body: id, contentType: 'text/plain' });
		await call('PUT', `${F}/:public:restore:new.txt`, { body: 'only on the server' });

		const restore = async (overwriteFile: string) => {
			const form = new FormData();
			form.append('fileUpload', new Blob([zip], { type: 'application/zip' }), 'nightly.zip');
			form.append('overwriteFile', overwriteFile);
			form.append('applyAclSettings', 'true');
			form.append('overwriteAclSettings', 'false');
			form.append('logLevel', 'INFO');
			form.append('logFile', 'restore.log');
			form.append('backupBundlePath', 'nightly.zip');
			return await call('POST', `${F}/systemRestore`, { body: form });
		};
		expect((await restore('false')).status).toBe(200);
		expect(await (await call('GET', `${F}/:public:restore:keep.txt`)).text()).toBe('changed');
		expect((await call('GET', `${F}/:public:etl:load_sales.ktr`)).status).toBe(200);
		expect((await restore('true')).status).toBe(200);
		expect(await (await call('GET', `${F}/:public:restore:keep.txt`)).text()).toBe('original');
		expect(await (await call('GET', `${F}/:public:restore:new.txt`)).text()).toBe('only on the server');
		expect((await propertiesOf('/public/etl/lookup_cache.ktr')).hidden).toBe(true);
	});

	it('backup and restore are refused to non-administrators (403); restore takes multipart only (415), and an upload that is not a zip imports nothing (200)', async () => {
		expect((await call('POST', `${F}/backup`, { user: 'suzy', contentType: 'application/x-www-form-urlencoded', body: 'logLevel=INFO' })).status).toBe(403);
		const form = new FormData();
		form.append('fileUpload', new Blob([Buffer.from('not a zip')]), 'x.zip');
		form.append('logFile', 'restore.log');
		form.append('logLevel', 'INFO');
		form.append('backupBundlePath', 'x.zip');
		expect((await call('POST', `${F}/systemRestore`, { user: 'analyst', body: form })).status).toBe(403);
		expect((await call('POST', `${F}/systemRestore`, { body: form })).status).toBe(200);
		expect((await call('POST', `${F}/systemRestore`, { body: 'x', contentType: 'text/plain' })).status).toBe(415);
	});
});

describe('repository emulator: backup and restore per server build', () => {
	const on = useProfileEmulators();
	const form = (fields: Record<string, string>) => ({ contentType: 'application/x-www-form-urlencoded', body: new URLSearchParams(fields) });
	const LOGS = { logFile: 'b.log', logLevel: 'info', outputFile: 'nightly backup.zip' };

	// FileResource.systemBackup is GET up to 10.2.0.2-289 and POST from 10.2.0.2-290 (pentaho-platform@ab03dbb3d7), so the
	// newest 10.2 service pack (profile 10.2sp, 10.2.0.10-434) is on the POST side like 11.0, and 10.2 GA on the GET side.
	it('10.2 service packs from 10.2.0.2-290 back up with POST and log fields; GET there is 405; 10.2 GA still GET', async () => {
		expect((await on('10.2', 'GET', `${F}/backup`)).status).toBe(200);
		expect((await on('10.2', 'POST', `${F}/backup`, form(LOGS))).status).toBe(405);
		const sp = await on('10.2sp', 'POST', `${F}/backup`, form(LOGS));
		expect(sp.status).toBe(200);
		expect(sp.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''nightly%20backup.zip");
		await sp.arrayBuffer();
		expect((await on('10.2sp', 'GET', `${F}/backup`)).status).toBe(405);
		expect((await on('11.0', 'GET', `${F}/backup`)).status).toBe(405);
		const old = await on('9.3', 'GET', `${F}/backup`);
		expect(old.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''SystemBackup.zip");
		await old.arrayBuffer();
	});

	it('backup checks outputFile, then logLevel, then logFile; a body that is not a form is 415', async () => {
		const status = async (fields: Record<string, string>) => (await on('10.2sp', 'POST', `${F}/backup`, form(fields))).status;
		expect(await status({ logFile: 'x.csv', logLevel: 'LOUD' })).toBe(500);
		expect(await status({ logFile: 'x.csv', logLevel: 'LOUD', outputFile: 'o.zip' })).toBe(400);
		expect(await status({ logFile: 'x.csv', outputFile: 'o.zip' })).toBe(500);
		expect(await status({ logLevel: ' debug ', outputFile: 'o.zip' })).toBe(500);
		expect(await status({ logFile: 'x.csv', logLevel: 'debug', outputFile: 'o.zip' })).toBe(400);
		expect((await on('10.2sp', 'POST', `${F}/backup`, { contentType: 'application/json', body: '{}' })).status).toBe(415);
	});

	it('restore imports only a backupBundlePath ending in ".zip" exactly: "backup.ZIP" and ".Zip" import nothing and answer 200', async () => {
		const backup = Buffer.from(await (await on('10.2sp', 'POST', `${F}/backup`, form(LOGS))).arrayBuffer());
		const restore = async (fields: Record<string, string>) => {
			const body = new FormData();
			body.append('fileUpload', new Blob([backup], { type: 'application/zip' }), 'backup.zip');
			for (const [k, v] of Object.entries(fields)) body.append(k, v);
			return (await on('10.2sp', 'POST', `${F}/systemRestore`, { body })).status;
		};
		const present = async () => (await on('10.2sp', 'GET', `${F}/:public:etl:load_sales.ktr/properties`)).status;
		const remove = async () => {
			const id = ((await (await on('10.2sp', 'GET', `${F}/:public:etl:load_sales.ktr/properties`, { accept: 'application/json' })).json()) as { id: string }).id;
			expect((await on('10.2sp', 'PUT', `${F}/deletepermanent`, { body: id, contentType: 'text/plain' })).status).toBe(200);
		};
		await remove();
		const logs = { logFile: 'r.log', logLevel: 'INFO' };
		for (const name of ['backup.ZIP', 'backup.Zip', 'backup', 'backup.zip.bak']) {
			expect(await restore({ ...logs, backupBundlePath: name })).toBe(200);
			expect(await present()).toBe(204);
		}
		expect(await restore({ logLevel: 'INFO', backupBundlePath: 'backup.zip' })).toBe(500);
		expect(await restore({ logFile: 'r.log', logLevel: 'LOUD', backupBundlePath: 'backup.zip' })).toBe(400);
		expect(await present()).toBe(204);
		expect(await restore({ ...logs, backupBundlePath: 'backup.zip' })).toBe(200);
		expect(await present()).toBe(200);
		// Before 10.2.0.2-290 the server names the bundle SystemBackup.zip itself: no log fields, any upload name.
		const old = Buffer.from(await (await on('10.2', 'GET', `${F}/backup`)).arrayBuffer());
		const id = ((await (await on('10.2', 'GET', `${F}/:public:etl:load_sales.ktr/properties`, { accept: 'application/json' })).json()) as { id: string }).id;
		await on('10.2', 'PUT', `${F}/deletepermanent`, { body: id, contentType: 'text/plain' });
		const body = new FormData();
		body.append('fileUpload', new Blob([old]), 'BACKUP.ZIP');
		expect((await on('10.2', 'POST', `${F}/systemRestore`, { body })).status).toBe(200);
		expect((await on('10.2', 'GET', `${F}/:public:etl:load_sales.ktr/properties`)).status).toBe(200);
	});
});

describe('repository emulator: /api/repos resources', () => {
	const pathId = ':public:Sample%20Reports:Sales%20Summary.prpt';

	it('default answers 303 with the content URL, which serves the resource', async () => {
		const response = await call('GET', `/api/repos/${pathId}/default`, { redirect: 'manual' });
		expect(response.status).toBe(303);
		expect(response.headers.get('location')).toBe(`${emu().url}/api/repos/${pathId}/viewer`);
		const viewer = await call('GET', `/api/repos/${pathId}/viewer?output-target=json&region=EMEA`);
		expect(await viewer.json()).toMatchObject({ file: '/public/Sample Reports/Sales Summary.prpt', generator: 'viewer', parameters: { region: 'EMEA' } });
		expect((await call('GET', `/api/repos/:public:none.prpt/default`, { redirect: 'manual' })).status).toBe(404);
		// RepositoryResource.doExecuteDefault keeps the query string; a type no plugin registers (a .txt, a folder) has no
		// content info: 500.
		const withQuery = await call('GET', `/api/repos/${pathId}/default?region=EMEA`, { redirect: 'manual' });
		expect(withQuery.headers.get('location')).toBe(`${emu().url}/api/repos/${pathId}/viewer?region=EMEA`);
		expect((await call('GET', `/api/repos/:home:suzy:notes.txt/default`, { redirect: 'manual' })).status).toBe(500);
		expect((await call('GET', `/api/repos/:public:etl/default`, { redirect: 'manual' })).status).toBe(500);
		expect((await call('GET', `/api/repos/:public:etl/content`)).status).toBe(404);
	});

	it('GET serves file content, plugin files and generator info; POST stores form properties', async () => {
		const content = await call('GET', `/api/repos/:home:suzy:notes.txt/content`, { user: 'suzy' });
		expect(await content.text()).toBe('Quarterly numbers are due on Friday.\n');
		const png = await call('GET', '/api/repos/dataflow-emulator/logo.png');
		expect(png.headers.get('content-type')).toBe('image/png');
		expect(Buffer.from(await png.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
		expect((await call('POST', '/api/repos/dataflow-emulator/info.json', { contentType: 'application/x-www-form-urlencoded', body: 'theme=dark' })).status).toBe(200);
		expect(await json('/api/repos/dataflow-emulator/info.json')).toMatchObject({ plugin: 'dataflow-emulator', properties: { theme: 'dark' } });
		expect(await json('/api/repos/prpt/viewer')).toMatchObject({ extension: 'prpt', generator: 'viewer' });
		expect((await call('GET', '/api/repos/unknown/thing')).status).toBe(404);
	});
});

describe('repository emulator: LDAP and user console', () => {
	it('getAttributeValues answers the attribute set; setAttributeValues changes it (administrators only)', async () => {
		const before = await json('/api/ldap/config/getAttributeValues');
		expect(before.attributes).toHaveLength(20);
		expect(before.attributes).toContainEqual({ key: 'contextSource.password', value: 'secret' });
		const forSuzy = await json('/api/ldap/config/getAttributeValues', { user: 'suzy' });
		expect(forSuzy.attributes).toContainEqual({ key: 'contextSource.password', value: '' });
		const body = JSON.stringify({ attributes: [{ key: 'securityProvider', value: 'ldap' }, { key: 'populator.searchSubtree', value: 'true' }] });
		expect((await call('PUT', '/api/ldap/config/setAttributeValues', { user: 'suzy', body, contentType: 'application/json' })).status).toBe(403);
		expect((await call('PUT', '/api/ldap/config/setAttributeValues', { body, contentType: 'application/json' })).status).toBe(200);
		const after = await json('/api/ldap/config/getAttributeValues');
		expect(after.attributes).toContainEqual({ key: 'securityProvider', value: 'ldap' });
		expect(after.attributes).toContainEqual({ key: 'populator.searchSubtree', value: 'true' });
		const bad = JSON.stringify({ attributes: [{ key: 'no.such.key', value: 'x' }] });
		expect((await call('PUT', '/api/ldap/config/setAttributeValues', { body: bad, contentType: 'application/json' })).status).toBe(400);
	});

	it('isAdministrator and isAuthenticated answer text; wrong credentials are 401', async () => {
		expect(await text('GET', '/api/mantle/isAdministrator')).toEqual([200, 'true']);
		expect(await text('GET', '/api/mantle/isAdministrator', { user: 'analyst' })).toEqual([200, 'false']);
		expect(await text('GET', '/api/mantle/isAuthenticated', { user: 'suzy' })).toEqual([200, 'true']);
		expect((await call('GET', '/api/mantle/isAuthenticated', { password: 'wrong' })).status).toBe(401);
		expect((await call('GET', `${F}/children`, { password: 'wrong' })).status).toBe(401);
	});
});
