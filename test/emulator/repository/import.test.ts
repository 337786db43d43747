/**
 * POST /api/repo/files/import (emulator/areas/repository/routes-import.ts): what the real import answers — the HTML
 * import log with HTTP 200 (failures inside the import are rows of that log), INVALID_MIME_TYPE, and 500 only when the
 * user may not import or the repository refuses a write — per server build.
 */
import { strToU8, zipSync } from 'fflate';

import type { ProfileName } from '../../../emulator/core/profiles';
import { useEmulators, type Caller } from '../userrole/helpers';

const on = useEmulators();
const I = '/api/repo/files/import';
const fresh = (profile: ProfileName, name: string, extra: Record<string, unknown> = {}) => on(profile, { seed: { test: name }, ...extra });

const KTR = '<?xml version="1.0" encoding="UTF-8"?><transformation><info><name>t</name></info></transformation>';

interface Upload {
	name?: string;
	data: string | Uint8Array;
}

function form(fields: Record<string, string>, uploads: Upload[] = []): FormData {
	const body = new FormData();
	for (const [key, value] of Object.entries(fields)) body.append(key, value);
	for (const upload of uploads) body.append('fileUpload', new Blob([upload.data]), upload.name ?? 'upload.bin');
	return body;
}

async function importFile(call: Caller, fields: Record<string, string>, uploads: Upload[], user = 'admin', path = I) {
	const headers = { Authorization: `Basic ${Buffer.from(`${user}:password`).toString('base64')}` };
	await call('GET', '/api/mantle/isAuthenticated');
	const response = await fetch(`${call.emulator().url}${path}`, { method: 'POST', headers, body: form(fields, uploads) });
	return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

async function properties(call: Caller, path: string): Promise<any | undefined> {
	const answer = await call('GET', `/api/repo/files/${path.replace(/\//g, ':')}/properties`, { accept: 'application/json' });
	return answer.status === 200 ? answer.json() : undefined;
}

async function content(call: Caller, path: string): Promise<string | undefined> {
	const answer = await call('GET', `/api/repo/files/${path.replace(/\//g, ':')}`);
	return answer.status === 200 ? answer.text : undefined;
}

const rows = (log: string) => [...log.matchAll(/<td title="Level">(?:<font[^>]*>)?(?:<strong>)?(\w+)(?:<\/strong>)?(?:<\/font>)?<\/td>\n(?:<td>[^<]*<\/td>\n)?<td title="Message">([^<]*)<\/td>/g)].map((m) => `${m[1]} ${m[2]}`);

describe('a single file', () => {
	it('answers 200 text/html with the import log: on 11.0.0.0-237 the footer comes first and twice (BISERVER-15566 defect), fixed on 10.2.0.10-434', async () => {
		const eleven = fresh('11.0', 'single');
		const answer = await importFile(eleven, { importDir: '/public/imp', fileNameOverride: 'first.ktr' }, [{ name: 'first.ktr', data: KTR }]);
		expect([answer.status, answer.type]).toEqual([200, 'text/html']);
		expect(answer.text.startsWith('</table>\n<br>\n</body></html><!DOCTYPE HTML PUBLIC')).toBe(true);
		expect(answer.text.endsWith('</table>\n<br>\n</body></html>')).toBe(true);
		expect(answer.text).toContain('<title>Repository Import Log</title>');
		expect(answer.text).toMatch(/Log session start time \w{3} \w{3} \d\d \d\d:\d\d:\d\d UTC \d{4}<br>/);
		expect(rows(answer.text)).toEqual([]);
		expect(await content(eleven, '/public/imp/first.ktr')).toBe(KTR);
		expect(await properties(eleven, '/public/imp/first.ktr')).toMatchObject({ hidden: false, title: 'first', owner: 'admin' });
		const sp = await importFile(fresh('10.2sp', 'single'), { importDir: '/public/imp', fileNameOverride: 'first.ktr' }, [{ data: KTR }]);
		expect(sp.text.startsWith('<!DOCTYPE HTML PUBLIC')).toBe(true);
		expect(sp.text.split('</table>')).toHaveLength(2);
	});

	it('9.3 and 10.2 import transformations and jobs hidden (mime hidden="true" until 11.0.0.0-164), also when overwriting', async () => {
		const ga = fresh('10.2', 'hidden');
		expect((await importFile(ga, { importDir: '/public/etl', fileNameOverride: 'load_sales.ktr' }, [{ data: KTR }])).status).toBe(200);
		// Jersey 1 JSON: strings.
		expect(await properties(ga, '/public/etl/load_sales.ktr')).toMatchObject({ hidden: 'true' });
		const eleven = fresh('11.0', 'hidden');
		await importFile(eleven, { importDir: '/public/etl', fileNameOverride: 'load_sales.ktr' }, [{ data: KTR }]);
		expect(await properties(eleven, '/public/etl/load_sales.ktr')).toMatchObject({ hidden: false });
	});

	it('logs per build at INFO: "Start File Import" and "End Import Job" only before the 10.2.0.2-290 logging change', async () => {
		const fields = { importDir: '/public/imp', fileNameOverride: 'a.ktr', logLevel: 'info' };
		const old = await importFile(fresh('9.3', 'info'), fields, [{ data: KTR }]);
		expect(rows(old.text)).toEqual(['INFO Start Import Job', 'INFO Start File Import', 'INFO End Import Job']);
		expect(old.text).toContain('<td title="importFile">/public/imp/a.ktr</td>');
		expect(old.text).toContain('MDC: {currentFile=/public/imp/a.ktr}');
		expect(old.text).not.toContain('<th>Time</th>');
		const sp = await importFile(fresh('10.2sp', 'info'), fields, [{ data: KTR }]);
		expect(rows(sp.text)).toEqual(['INFO Start Import Job']);
		const debug = await importFile(fresh('11.0', 'debug'), { ...fields, logLevel: 'DEBUG' }, [{ data: KTR }]);
		expect(debug.text).toContain('<th>Time</th>');
		expect(rows(debug.text)).toEqual(['INFO Start Import Job', 'DEBUG Starting import of file a.ktr', 'DEBUG File is new']);
		// An unknown level is DEBUG (log4j2 Level.toLevel).
		expect(rows((await importFile(fresh('11.0', 'level'), { ...fields, logLevel: 'LOUD' }, [{ data: KTR }])).text)).toContain('DEBUG File is new');
	});

	it('answers INVALID_MIME_TYPE for an extension the importer does not know (csv, upper case) and stores nothing', async () => {
		const call = fresh('11.0', 'mime');
		for (const name of ['data.csv', 'upper.KTR', 'noextension']) {
			const answer = await importFile(call, { importDir: '/public/imp', fileNameOverride: name }, [{ data: 'a,b' }]);
			expect([answer.status, answer.type, answer.text]).toEqual([200, 'text/html', 'INVALID_MIME_TYPE']);
			expect(await properties(call, `/public/imp/${name}`)).toBeUndefined();
		}
	});

	it('skips an existing file without overwriteFile silently (no error row); overwrites by default', async () => {
		const call = fresh('11.0', 'exists');
		const fields = { importDir: '/public/imp', fileNameOverride: 'keep.xml' };
		await importFile(call, fields, [{ data: '<a/>' }]);
		const skipped = await importFile(call, { ...fields, overwriteFile: 'false', logLevel: 'TRACE' }, [{ data: '<b/>' }]);
		expect(skipped.status).toBe(200);
		expect(rows(skipped.text)).toContain('TRACE Not performing backup of existing file [/public/imp/keep.xml]');
		expect(rows(skipped.text).filter((r) => r.startsWith('ERROR'))).toEqual([]);
		expect(await content(call, '/public/imp/keep.xml')).toBe('<a/>');
		await importFile(call, fields, [{ data: '<c/>' }]);
		expect(await content(call, '/public/imp/keep.xml')).toBe('<c/>');
	});

	it('creates a missing target folder; logs "Could not create folder" (200) when the user may not', async () => {
		const call = fresh('11.0', 'folders');
		expect((await importFile(call, { importDir: '/public/new/deeper', fileNameOverride: 'x.xml' }, [{ data: '<x/>' }])).status).toBe(200);
		expect(await properties(call, '/public/new/deeper')).toMatchObject({ folder: true, owner: 'admin' });
		const denied = await importFile(call, { importDir: '/home/admin/sub', fileNameOverride: 'x.xml' }, [{ data: '<x/>' }], 'suzy');
		expect(denied.status).toBe(200);
		expect(rows(denied.text)).toEqual(['ERROR Could not create folder /home/admin/sub/x.xml']);
		expect(denied.text).toContain('org.pentaho.platform.plugin.services.importer.PlatformImportException: Could not create folder /home/admin/sub/x.xml');
		expect(await properties(call, '/home/admin/sub')).toBeUndefined();
	});

	it('logs an invalid name (whitespace at an end, control characters) and answers 200', async () => {
		const call = fresh('11.0', 'names');
		for (const name of [' lead.ktr', 'tab\tname.ktr']) {
			const answer = await importFile(call, { importDir: '/public/imp', fileNameOverride: name }, [{ data: KTR }]);
			expect(answer.status).toBe(200);
			expect(rows(answer.text)).toEqual([`ERROR Invalid file name [${name}].`]);
		}
		expect(await properties(call, '/public/imp')).toBeUndefined();
	});

	it('answers 500 when the repository refuses the write (body on 11.x, the container page on 9.3/10.2)', async () => {
		const eleven = await importFile(fresh('11.0', 'denied'), { importDir: '/etc', fileNameOverride: 'x.xml' }, [{ data: '<x/>' }], 'suzy');
		expect([eleven.status, eleven.type, eleven.text]).toEqual([500, 'text/html', 'org.pentaho.platform.api.repository2.unified.UnifiedRepositoryAccessDeniedException']);
		const old = await importFile(fresh('9.3', 'denied'), { importDir: '/etc', fileNameOverride: 'x.xml' }, [{ data: '<x/>' }], 'suzy');
		expect(old.status).toBe(500);
		expect(old.text).toContain('Sorry, something went wrong.');
	});

	it('answers 500 to users who may not import (SystemUtils.canUpload), the home folder allowed; 9.3 only asks for the home path inside', async () => {
		const call = fresh('11.0', 'allowed');
		const refused = await importFile(call, { importDir: '/public', fileNameOverride: 'p.xml' }, [{ data: '<p/>' }], 'pat');
		expect([refused.status, refused.text]).toEqual([500, 'org.pentaho.platform.api.engine.PentahoAccessControlException: User is not authorized to perform this operation']);
		expect((await importFile(call, { importDir: '/home/pat', fileNameOverride: 'p.xml' }, [{ data: '<p/>' }], 'pat')).status).toBe(200);
		expect(await content(call, '/home/pat/p.xml')).toBe('<p/>');
		expect((await importFile(call, { importDir: '/home/pat', fileNameOverride: 'p.xml' }, [{ data: '<p/>' }], 'analyst')).status).toBe(500);
		expect((await importFile(call, { importDir: '/public/home/pat', fileNameOverride: 'p.xml' }, [{ data: '<p/>' }], 'pat')).status).toBe(500);
		expect((await importFile(fresh('9.3', 'allowed'), { importDir: '/home/pat/../pat', fileNameOverride: 'p.xml' }, [{ data: '<p/>' }], 'pat')).status).toBe(200);
		expect((await importFile(fresh('9.3', 'allowed2'), { importDir: '/public/home/pat', fileNameOverride: 'p.xml' }, [{ data: '<p/>' }], 'pat')).status).toBe(200);
	});

	it('from 10.2 needs fileNameOverride (500 without) and splits it on commas; 9.3 takes the upload’s name', async () => {
		const missing = await importFile(fresh('11.0', 'override'), { importDir: '/public/imp' }, [{ name: 'up.xml', data: '<u/>' }]);
		expect([missing.status, missing.text]).toEqual([500, 'java.lang.NullPointerException: Cannot invoke "String.split(String)" because "fileNameOverride" is null']);
		const old = fresh('9.3', 'override');
		expect((await importFile(old, { importDir: '/public/imp' }, [{ name: 'up.xml', data: '<u/>' }])).status).toBe(200);
		expect(await content(old, '/public/imp/up.xml')).toBe('<u/>');
		const comma = fresh('11.0', 'comma');
		const split = await importFile(comma, { importDir: '/public/imp', fileNameOverride: 'one.xml,two.xml' }, [{ data: '<one/>' }]);
		expect([split.status, split.text]).toEqual([500, 'java.lang.IndexOutOfBoundsException: Index 1 out of bounds for length 1']);
		expect(await content(comma, '/public/imp/one.xml')).toBe('<one/>');
	});

	it('URL-decodes the names from 10.2.0.9-405 (SP-7194) but not on 11.0.0.0-237', async () => {
		const sp = fresh('10.2sp', 'decode');
		expect((await importFile(sp, { importDir: '/public/imp', fileNameOverride: 'a%2Cb.xml' }, [{ data: '<a/>' }])).status).toBe(200);
		expect(await properties(sp, '/public/imp/a,b.xml')).toBeDefined();
		const eleven = fresh('11.0', 'decode');
		await importFile(eleven, { importDir: '/public/imp', fileNameOverride: 'a%2Cb.xml' }, [{ data: '<a/>' }]);
		expect((await eleven('GET', '/api/repo/files/:public:imp/children', { accept: 'application/json' })).json().repositoryFileDto.map((f: any) => f.name)).toEqual(['a%2Cb.xml']);
	});

	it('imports several uploads through /import/multiple (10.2+)', async () => {
		const call = fresh('10.2sp', 'multiple');
		const answer = await importFile(call, { importDir: '/public/multi', fileNameOverride: 'm1.xml,m2.xml' }, [{ data: '<m1/>' }, { data: '<m2/>' }], 'admin', `${I}/multiple`);
		expect(answer.status).toBe(200);
		expect(await content(call, '/public/multi/m2.xml')).toBe('<m2/>');
	});

	it('refuses a body that is not multipart (415) and, with CSRF protection on, a request without the token (403)', async () => {
		const call = fresh('11.0', 'refusals');
		expect((await call('POST', I, { body: 'x', contentType: 'text/plain' })).status).toBe(415);
		const csrf = on('11.0', { csrf: true, seed: { test: 'csrf' } });
		const answer = await importFile(csrf, { importDir: '/public/imp', fileNameOverride: 'c.xml' }, [{ data: '<c/>' }]);
		expect(answer.status).toBe(403);
		expect(await properties(csrf, '/public/imp/c.xml')).toBeUndefined();
	});
});

describe('a zip', () => {
	const manifest = (entities: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<exportManifest createdBy="admin">\n${entities}</exportManifest>\n`;
	const zip = (files: Record<string, string>) => zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])));

	it('imports its folders and files under importDir; a manifest gives owners, hidden flags and (with applyAclPermissions) ACLs', async () => {
		const call = fresh('11.0', 'zip-manifest');
		const data = zip({
			'exportManifest.xml': manifest(
				'  <entity path="/src/etl" folder="true" hidden="false" owner="suzy" ownerType="0" entriesInheriting="true"/>\n' +
					'  <entity path="/src/etl/job.kjb" file="etl/job.kjb" folder="false" hidden="true" owner="suzy" ownerType="0" entriesInheriting="false">\n' +
					'    <ace recipient="pat" recipientType="0" permissions="0"/>\n    <metadata key="origin" value="zip"/>\n  </entity>\n',
			),
			'etl/': '',
			'etl/job.kjb': '<job><name>j</name></job>',
			'etl/plain.xml': '<p/>',
		});
		const answer = await importFile(call, { importDir: '/public/unzipped', fileNameOverride: 'bundle.zip' }, [{ data: data }]);
		expect(answer.status).toBe(200);
		expect(rows(answer.text)).toEqual([]);
		const job = await properties(call, '/public/unzipped/etl/job.kjb');
		expect(job).toMatchObject({ owner: 'suzy', hidden: true });
		expect((await call('GET', '/api/repo/files/:public:unzipped:etl:job.kjb/metadata', { accept: 'application/json' })).text).toContain('origin');
		const acl = (await call('GET', '/api/repo/files/:public:unzipped:etl:job.kjb/acl', { accept: 'application/json' })).json();
		expect(acl.entriesInheriting).toBe(true);
		expect(await properties(call, '/public/unzipped/etl/plain.xml')).toMatchObject({ owner: 'admin' });
		await importFile(call, { importDir: '/public/acl', fileNameOverride: 'bundle.zip', applyAclPermissions: 'true' }, [{ data: data }]);
		const applied = (await call('GET', '/api/repo/files/:public:acl:etl:job.kjb/acl', { accept: 'application/json' })).json();
		expect(applied.entriesInheriting).toBe(false);
		expect(JSON.stringify(applied.aces)).toContain('pat');
		await importFile(call, { importDir: '/public/retain', fileNameOverride: 'bundle.zip', retainOwnership: 'true' }, [{ data: data }]);
		expect(await properties(call, '/public/retain/etl/job.kjb')).toMatchObject({ owner: 'admin' });
		// A non-administrator's import ignores the manifest's owners and ACLs.
		await importFile(call, { importDir: '/public/bysuzy', fileNameOverride: 'bundle.zip', applyAclPermissions: 'true' }, [{ data: data }], 'suzy');
		expect(await properties(call, '/public/bysuzy/etl/job.kjb')).toMatchObject({ owner: 'suzy' });
	});

	it('imports nothing and logs nothing for data that is not a zip; a manifest it cannot read is ignored', async () => {
		const call = fresh('11.0', 'zip-bad');
		const answer = await importFile(call, { importDir: '/public/z', fileNameOverride: 'x.zip', logLevel: 'INFO' }, [{ data: 'not a zip at all' }]);
		expect(answer.status).toBe(200);
		expect(rows(answer.text)).toEqual(['INFO Start Import Job']);
		expect(await properties(call, '/public/z')).toBeUndefined();
		const broken = zip({ 'exportManifest.xml': '<exportManifest><entity', 'a.xml': '<a/>' });
		expect((await importFile(call, { importDir: '/public/z2', fileNameOverride: 'y.zip' }, [{ data: broken }])).status).toBe(200);
		expect(await content(call, '/public/z2/a.xml')).toBe('<a/>');
	});

	it('stops the whole zip at an entry with an invalid name: two ERROR rows, nothing imported', async () => {
		const call = fresh('10.2', 'zip-name');
		const answer = await importFile(call, { importDir: '/public/z', fileNameOverride: 'x.zip' }, [{ data: zip({ 'good.xml': '<g/>', ' bad.xml': '<b/>' }) }]);
		expect(answer.status).toBe(200);
		expect(rows(answer.text)).toEqual(['ERROR Invalid file name [ bad.xml].', 'ERROR ZIPFILE.ExceptionOccurred - Exception occurred when processing Zip: ']);
		expect(answer.text).toContain('org.pentaho.platform.plugin.services.importer.PlatformImportException: Invalid file name [ bad.xml].');
		expect(await properties(call, '/public/z/good.xml')).toBeUndefined();
	});

	it('leaves out entries of unknown types: silently on 9.3/10.2, INVALID_MIME_TYPE_PARTIAL from 11.0.0.0-79', async () => {
		const data = zip({ 'keep.xml': '<k/>', 'table.csv': 'a,b' });
		const sp = fresh('10.2sp', 'zip-partial');
		expect((await importFile(sp, { importDir: '/public/p', fileNameOverride: 'x.zip' }, [{ data }])).status).toBe(200);
		expect(await content(sp, '/public/p/keep.xml')).toBe('<k/>');
		expect(await properties(sp, '/public/p/table.csv')).toBeUndefined();
		const eleven = fresh('11.0', 'zip-partial');
		const answer = await importFile(eleven, { importDir: '/public/p', fileNameOverride: 'x.zip' }, [{ data }]);
		expect([answer.status, answer.text]).toEqual([200, 'INVALID_MIME_TYPE_PARTIAL']);
		expect(await content(eleven, '/public/p/keep.xml')).toBe('<k/>');
	});

	it('skips existing files of a zip without overwriteFile and re-imports them with it', async () => {
		const call = fresh('11.0', 'zip-overwrite');
		await importFile(call, { importDir: '/public/o', fileNameOverride: 'x.zip' }, [{ data: zip({ 'f.xml': '<one/>' }) }]);
		await importFile(call, { importDir: '/public/o', fileNameOverride: 'x.zip', overwriteFile: 'false' }, [{ data: zip({ 'f.xml': '<two/>' }) }]);
		expect(await content(call, '/public/o/f.xml')).toBe('<one/>');
		await importFile(call, { importDir: '/public/o', fileNameOverride: 'x.zip' }, [{ data: zip({ 'f.xml': '<three/>' }) }]);
		expect(await content(call, '/public/o/f.xml')).toBe('<three/>');
	});
});
