/**
 * Repository File operations against the emulator: upload and download streamed through n8n's
 * filesystem binary-data mode, properties, rename, exists with unusual names, generated content.
 */
import { randomBytes } from 'node:crypto';

import { unzipSync } from 'fflate';

import { repositoryOf } from '../../emulator/areas/repository';
import { useFilesystemBinaryData } from '../helpers/binaryData';
import { describeEachProfile } from '../helpers/profiles';

import { binaryBytes, exec, rl, repositoryEmulator } from './helpers';

const binaryData = useFilesystemBinaryData();

// Every behaviour below must hold on each server version users run (9.3 and 10.2: Jersey 1 JSON,
// GET backup, no /exists; 11.0: Jackson JSON, POST backup with log fields, /exists).
describeEachProfile('Repository node', (profile) => {
const { fixture, admin, ok } = repositoryEmulator(profile);

describe('File', () => {
	it('Upload then Get Content returns the same bytes, streamed through n8n\'s binary storage', async () => {
		const bytes = randomBytes(3 * 1024 * 1024 + 17);
		// Put the file into n8n's storage the way a previous node would: by running Get Content on an emulator file.
		await repositoryOf(fixture.emulator.app).writeFile('/home/admin/source.bin', bytes, { name: 'admin', password: '', admin: true });
		const source = await ok('file', 'getContent', { path: rl('/home/admin/source.bin'), binaryPropertyName: 'data' });
		expect(source.items[0].binary?.data.id).toMatch(/^filesystem/);
		expect(await binaryData.storedBytes()).toBeGreaterThanOrEqual(bytes.length);

		const upload = await ok('file', 'upload', { folder: rl('/public/uploads'), binaryPropertyName: 'data', options: { fileName: 'copy.bin' } }, { input: source.items });
		expect(upload.items[0].json).toMatchObject({ path: '/public/uploads/copy.bin', fileSize: bytes.length, uploaded: true });
		const stored = repositoryOf(fixture.emulator.app).find('/public/uploads/copy.bin');
		expect(stored?.fileSize).toBe(bytes.length);

		const back = await ok('file', 'getContent', { path: rl('/public/uploads/copy.bin'), binaryPropertyName: 'out' });
		expect(back.items[0].binary?.out).toMatchObject({ fileName: 'copy.bin' });
		expect(back.items[0].binary?.out.id).toBeDefined();
		expect((await binaryBytes(back.items[0], 'out')).equals(bytes)).toBe(true);
	});

	it('Upload of a name with a reserved character fails before the file is sent', async () => {
		fixture.resetRequests();
		const result = await exec(
			'file',
			'upload',
			{ folder: rl('/public'), binaryPropertyName: 'data', options: { fileName: 'bad\\name.txt' } },
			{ credentials: admin(), input: [{ json: {}, binary: { data: { data: Buffer.from('x').toString('base64'), mimeType: 'text/plain', fileName: 'x.txt' } } }] },
		);
		expect(result.error?.message).toBe('The name "bad\\name.txt" contains "\\", which the repository reserves');
		expect(fixture.requests()).toEqual(['GET /pentaho/api/repo/files/reservedCharacters']);
	});

	it('Download gives a zip with the manifest, or the file as is; Get Inline the content', async () => {
		const zip = await ok('file', 'download', { path: rl('/public/etl'), binaryPropertyName: 'data', options: { withManifest: true } });
		expect(zip.items[0].binary?.data).toMatchObject({ fileName: 'etl.zip', mimeType: 'application/zip' });
		const entries = Object.keys(unzipSync(new Uint8Array(await binaryBytes(zip.items[0]))));
		expect(entries).toEqual(expect.arrayContaining(['exportManifest.xml', 'etl/daily_load.kjb', 'etl/load_sales.ktr']));
		const raw = await ok('file', 'download', { path: rl('/public/etl/daily_load.kjb'), binaryPropertyName: 'data', options: { withManifest: false } });
		expect(raw.items[0].binary?.data).toMatchObject({ fileName: 'daily_load.kjb', mimeType: 'application/xml' });
		expect((await binaryBytes(raw.items[0])).toString()).toContain('<name>daily_load</name>');
		const inline = await ok('file', 'getInline', { path: rl('/home/admin/sales.ktr'), binaryPropertyName: 'data' });
		expect((await binaryBytes(inline.items[0])).toString()).toContain('<transformation>');
	});

	it('Exists, Get Properties and Rename', async () => {
		const exists = await ok('file', 'exists', { path: '={{ $json.p }}' }, { input: [{ json: { p: '/home/admin/sales.ktr' } }, { json: { p: '/home/admin/none.ktr' } }] });
		expect(exists.items.map((i) => i.json.exists)).toEqual([true, false]);
		await ok('folder', 'create', { path: rl('/home/admin/rename') });
		await repositoryOf(fixture.emulator.app).writeFile('/home/admin/rename/a.ktr', '<a/>', { name: 'admin', password: '', admin: true });
		const renamed = await ok('file', 'rename', { path: rl('/home/admin/rename/a.ktr'), newName: 'b.ktr' });
		expect(renamed.items[0].json).toMatchObject({ path: '/home/admin/rename/b.ktr', previousPath: '/home/admin/rename/a.ktr', renamed: true });
		const props = await ok('file', 'getProperties', { path: rl('/home/admin/rename/b.ktr') });
		expect(props.items[0].json).toMatchObject({ name: 'b.ktr', folder: false, fileSize: 4, owner: 'admin' });
		expect(props.items[0].json.createdDate).toMatch(/^\d{4}-\d\d-\d\dT/);
		const root = await ok('file', 'getProperties', { path: rl('/') });
		expect(root.items[0].json).toMatchObject({ path: '/', folder: true });
		const missing = await exec('file', 'rename', { path: rl('/home/admin/rename/none.ktr'), newName: 'x.ktr' }, { credentials: admin() });
		expect(missing.error?.message).toBe('The repository has no file or folder /home/admin/rename/none.ktr');
		expect(missing.error?.httpCode).toBe('404');
	});

	it('Get Generated Content and Get Generated Content for User', async () => {
		const own = await ok('file', 'getGeneratedContent', { path: rl('/public/Sample Reports/Sales Summary.prpt'), returnAll: true });
		expect(own.items.map((i) => i.json.path)).toEqual(['/home/admin/Sales Summary.html']);
		const forSuzy = await ok('file', 'getGeneratedContentForUser', { path: rl('/public/Sample Reports/Sales Summary.prpt'), user: 'suzy', returnAll: true });
		expect(forSuzy.items).toEqual([]);
	});
});

describe('what the server really holds (issues 17 and 18)', () => {
	it('Exists answers true for names with "+", "%", spaces, "~", ":" and non-ASCII on every version', async () => {
		const repo = repositoryOf(fixture.emulator.app);
		const names = ['a+b.ktr', '50% off.ktr', 'tilde~x.ktr', 'time 10:30.ktr', 'Grüße 東京.ktr'];
		for (const name of names) await repo.writeFile(`/home/admin/odd/${name}`, '<t/>', { name: 'admin', password: '', admin: true });
		const result = await ok('file', 'exists', { path: '={{ $json.p }}' }, { input: [...names, 'none+x.ktr'].map((name) => ({ json: { p: `/home/admin/odd/${name}` } })) });
		expect(result.items.map((i) => i.json.exists)).toEqual([true, true, true, true, true, false]);
		const props = await ok('file', 'getProperties', { path: rl('/home/admin/odd/time 10:30.ktr') });
		expect(props.items[0].json).toMatchObject({ name: 'time 10:30.ktr', path: '/home/admin/odd/time 10:30.ktr' });
	});

	it('Get Generated Content and Get Locales of a file that does not exist are errors (the server answers an empty list)', async () => {
		const generated = await exec('file', 'getGeneratedContent', { path: rl('/public/none.prpt'), returnAll: true }, { credentials: admin() });
		expect(generated.error?.message).toBe('The repository has no file or folder /public/none.prpt (or you may not read it)');
		const locales = await exec('localeMetadata', 'getLocales', { path: rl('/public/none.prpt') }, { credentials: admin() });
		expect(locales.error?.httpCode).toBe('404');
	});
});
});
