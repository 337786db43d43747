/**
 * Repository › File › Import against the emulator's clean-room import route, on every server
 * version, with the platform's CSRF protection off and on: a folder downloaded with its manifest
 * comes back in another place, streamed through n8n's filesystem binary-data mode; what the server
 * skips or only logs (an existing file with Overwrite off, a zip entry with an invalid name) is
 * reported from the folder read back, never as a success; refusals keep the server's words.
 */
import { zipSync, strToU8 } from 'fflate';

import { repositoryOf } from '../../emulator/areas/repository';
import { useFilesystemBinaryData } from '../helpers/binaryData';
import { useEmulator } from '../helpers/emulator';
import { describeEachProfile } from '../helpers/profiles';

import { binaryInput, exec, rl } from './helpers';

useFilesystemBinaryData();

const ADMIN = { name: 'admin', password: '', admin: true };

describeEachProfile('File › Import', (profile) => {
	for (const csrf of [false, true]) {
		describe(`CSRF protection ${csrf ? 'on' : 'off'}`, () => {
			const fixture = useEmulator({ profile, csrf });

			it('a folder downloaded with its manifest is imported elsewhere: every file created, then kept (Overwrite off) or replaced', async () => {
				const admin = fixture.server();
				const download = await exec('file', 'download', { path: rl('/public/etl'), binaryPropertyName: 'data', options: { withManifest: true } }, { credentials: admin });
				expect(download.error).toBeUndefined();
				expect(download.items[0].binary?.data.id).toMatch(/^filesystem/);
				const repo = repositoryOf(fixture.emulator.app);
				const sources = [...repo.walk(repo.find('/public/etl')!)].filter((n) => !n.folder).map((n) => repo.pathOf(n));
				expect(sources.length).toBeGreaterThan(1);

				fixture.resetRequests();
				const first = await exec('file', 'import', { folder: rl(`/home/admin/promoted-${String(csrf)}`), binaryPropertyName: 'data' }, { credentials: admin, input: download.items });
				expect(first.error?.message).toBeUndefined();
				const target = (path: string) => path.replace('/public', `/home/admin/promoted-${String(csrf)}`);
				expect(first.items[0].json).toMatchObject({ complete: true, archive: true, withManifest: true, created: sources.length, replaced: 0, kept: 0, missing: 0 });
				expect((first.items[0].json.files as Array<{ path: string; status: string }>).map((f) => [f.path, f.status]).sort()).toEqual(sources.map((p) => [target(p), 'created']).sort());
				for (const path of sources) expect(repo.find(target(path))?.fileSize).toBe(repo.find(path)?.fileSize);
				const asked = fixture.requests();
				const post = asked.indexOf('POST /pentaho/api/repo/files/import');
				expect(post).toBeGreaterThan(0);
				// The token is asked for either way (protection off answers without one); the import comes after it.
				expect(asked.indexOf('GET /pentaho/api/csrf/token')).toBeLessThan(post);

				const kept = await exec(
					'file',
					'import',
					{ folder: rl(`/home/admin/promoted-${String(csrf)}`), binaryPropertyName: 'data', options: { overwriteFile: false } },
					{ credentials: admin, input: download.items },
				);
				expect(kept.error?.message).toBeUndefined();
				expect(kept.items[0].json).toMatchObject({ complete: true, created: 0, kept: sources.length });

				const replaced = await exec('file', 'import', { folder: rl(`/home/admin/promoted-${String(csrf)}`), binaryPropertyName: 'data' }, { credentials: admin, input: download.items });
				expect(replaced.error?.message).toBeUndefined();
				expect(replaced.items[0].json).toMatchObject({ complete: true, created: 0, replaced: sources.length });
			});
		});
	}

	describe('what the server skips or only logs', () => {
		const fixture = useEmulator({ profile });

		it('an existing file with Overwrite off is "kept" and keeps its content', async () => {
			const admin = fixture.server();
			const repo = repositoryOf(fixture.emulator.app);
			await repo.writeFile('/home/admin/keep/sales.ktr', Buffer.from('<transformation>old</transformation>'), ADMIN);
			const result = await exec(
				'file',
				'import',
				{ folder: rl('/home/admin/keep'), binaryPropertyName: 'data', options: { overwriteFile: false } },
				{ credentials: admin, input: [binaryInput('<transformation>new, longer</transformation>', 'sales.ktr', 'application/xml')] },
			);
			expect(result.error?.message).toBeUndefined();
			expect(result.items[0].json).toMatchObject({ complete: true, archive: false, kept: 1, files: [{ path: '/home/admin/keep/sales.ktr', status: 'kept' }] });
			expect(repo.find('/home/admin/keep/sales.ktr')?.fileSize).toBe('<transformation>old</transformation>'.length);
		});

		it('a zip with an entry the server refuses: the item fails with what is missing and the log\'s words (HTTP 200 notwithstanding)', async () => {
			const zip = Buffer.from(zipSync({ 'batch/good.ktr': strToU8('<transformation/>'), 'batch/ bad.ktr': strToU8('<transformation/>') }));
			const result = await exec('file', 'import', { folder: rl('/home/admin/refused'), binaryPropertyName: 'data' }, { credentials: fixture.server(), input: [binaryInput(zip, 'batch.zip', 'application/zip')] });
			expect(result.error?.message).toMatch(/^The server imported [01] of 2 file\(s\) into \/home\/admin\/refused; missing: .*\/home\/admin\/refused\/batch\/ bad\.ktr/);
			expect(result.error?.description).toMatch(/Invalid file name/);
			expect(repositoryOf(fixture.emulator.app).find('/home/admin/refused/batch/ bad.ktr')).toBeUndefined();
		});

		it('with Fail on Incomplete Import off, the same import is an item that says what is missing', async () => {
			const zip = Buffer.from(zipSync({ 'batch2/good.ktr': strToU8('<transformation/>'), 'batch2/ bad.ktr': strToU8('<transformation/>') }));
			const result = await exec(
				'file',
				'import',
				{ folder: rl('/home/admin/refused'), binaryPropertyName: 'data', options: { failOnIncomplete: false, includeLog: true } },
				{ credentials: fixture.server(), input: [binaryInput(zip, 'batch2.zip', 'application/zip')] },
			);
			expect(result.error).toBeUndefined();
			const json = result.items[0].json as { complete: boolean; files: Array<{ path: string; status: string }>; serverLog: Array<{ level: string }> };
			expect(json.complete).toBe(false);
			expect(json.files.find((f) => f.path.endsWith(' bad.ktr'))?.status).toBe('missing');
			// The good entry is imported or not, as the version's importer decides; the node says which.
			const good = json.files.find((f) => f.path.endsWith('good.ktr'))!;
			expect(good.status).toBe(repositoryOf(fixture.emulator.app).find(good.path) ? 'created' : 'missing');
			expect(json.serverLog.some((row) => row.level === 'ERROR')).toBe(true);
		});

		it('a file type the server does not import (INVALID_MIME_TYPE, HTTP 200) is an error', async () => {
			const result = await exec('file', 'import', { folder: rl('/home/admin'), binaryPropertyName: 'data' }, { credentials: fixture.server(), input: [binaryInput('a,b\n1,2\n', 'sales.csv', 'text/csv')] });
			expect(result.error?.message).toBe('The server has no importer for "sales.csv" and imported nothing');
			expect(repositoryOf(fixture.emulator.app).find('/home/admin/sales.csv')).toBeUndefined();
		});

		it('a user who may not import into the folder is refused with the server\'s words where it gives them; into her home folder she may', async () => {
			const pat = fixture.server({ user: 'pat' });
			const result = await exec('file', 'import', { folder: rl('/public'), binaryPropertyName: 'data' }, { credentials: pat, input: [binaryInput('<t/>', 'pat.ktr', 'application/xml')] });
			expect(result.error?.httpCode).toBe('500');
			expect(result.error?.message).toMatch(/^The server refused the import/);
			if (profile === '11.0') expect(result.error?.message).toBe('The server refused the import: User is not authorized to perform this operation');
			expect(repositoryOf(fixture.emulator.app).find('/public/pat.ktr')).toBeUndefined();
			const home = await exec('file', 'import', { folder: rl('/home/pat'), binaryPropertyName: 'data' }, { credentials: pat, input: [binaryInput('<t/>', 'pat.ktr', 'application/xml')] });
			expect(home.error?.message).toBeUndefined();
			expect(home.items[0].json).toMatchObject({ complete: true, created: 1 });
		});
	});
});
