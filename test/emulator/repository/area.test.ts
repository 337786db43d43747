/**
 * The repository area as a whole (area.ts, store.ts): the accessors other areas use, its options, and
 * the answers that differ per server version.
 */
import { startEmulator, type RunningEmulator } from '../../../emulator';
import { putRepositoryFile, readRepositoryFile, repositoryIndex, repositoryLookup, type RepositoryIndex } from '../../../emulator/areas/repository';
import { call, emu, F, useRepositoryEmulator, type CallOptions } from './helpers';

useRepositoryEmulator();

describe('repository emulator: cross-area contract and options', () => {
	it('repositoryLookup, repositoryIndex and the exported helpers see and change files', async () => {
		const lookup = repositoryLookup(emu().app)!;
		const index: RepositoryIndex = repositoryIndex(emu().app)!;
		expect(lookup('/public/etl/daily_load.kjb')).toBe(true);
		expect(lookup('/public/etl')).toBe(false);
		expect(lookup('/public/etl/none.kjb')).toBe(false);
		const summary = index.byPath('/public/etl/daily_load.kjb')!;
		expect(summary).toMatchObject({ path: '/public/etl/daily_load.kjb', name: 'daily_load.kjb', folder: false });
		expect(index.byId(summary.id)).toEqual(summary);
		const added = await putRepositoryFile(emu().app, '/public/added/by-helper.kjb', '<job/>');
		expect(lookup('/public/added/by-helper.kjb')).toBe(true);
		expect((await readRepositoryFile(emu().app, added.path))?.toString()).toBe('<job/>');
		await call('PUT', `${F}/delete`, { body: added.id, contentType: 'text/plain' });
		expect(lookup('/public/added/by-helper.kjb')).toBe(false);
		expect(index.byId(added.id)).toBeUndefined();
	});

	it('seed overrides: own files, reserved characters, and string-typed JSON as older servers write it', async () => {
		const other = await startEmulator({
			seed: { repository: { replace: true, files: [{ path: '/public/only.ktr', content: '<transformation/>' }], reservedCharacters: '/\\*', jsonStyle: 'strings' } },
		});
		try {
			const auth = { Authorization: `Basic ${Buffer.from('admin:password').toString('base64')}`, Accept: 'application/json' };
			const children = (await (await fetch(`${other.url}${F}/:public/children`, { headers: auth })).json()) as any;
			// Other areas may seed their own files into /public: look at ours only.
			const only = ([] as any[]).concat(children.repositoryFileDto).find((f: any) => f.name === 'only.ktr');
			expect(only).toMatchObject({ name: 'only.ktr', folder: 'false', fileSize: '17' });
			expect(await (await fetch(`${other.url}${F}/reservedCharacters`, { headers: auth })).text()).toBe('/\\*');
			expect((await fetch(`${other.url}${F}/:public:a*b`, { method: 'PUT', headers: auth, body: 'x' })).status).toBe(403);
		} finally {
			await other.stop();
		}
	});
});

describe('repository emulator: server-version profiles', () => {
	const started: RunningEmulator[] = [];
	afterAll(async () => {
		for (const e of started) await e.stop();
	});
	async function profileCall(profile: '9.3' | '10.2' | '11.0', method: string, path: string, options: CallOptions = {}) {
		let running = started.find((e) => e.app.profile.name === profile);
		if (!running) {
			running = await startEmulator({ profile });
			started.push(running);
		}
		const headers: Record<string, string> = { Authorization: `Basic ${Buffer.from('admin:password').toString('base64')}` };
		if (options.accept) headers.Accept = options.accept;
		if (options.contentType) headers['Content-Type'] = options.contentType;
		return await fetch(`${running.url}${path}`, { method, headers, body: options.body as never });
	}

	it('before 10.3 there is no /exists: the request reaches GET {pathId} and every file is "missing" (404)', async () => {
		for (const profile of ['9.3', '10.2'] as const) {
			expect((await profileCall(profile, 'GET', `${F}/exists?pathId=${encodeURIComponent(':public:etl:daily_load.kjb')}`)).status).toBe(404);
			expect((await profileCall(profile, 'GET', `${F}/:public:etl:daily_load.kjb/properties`)).status).toBe(200);
		}
	});

	it('backup before 10.2.0.2-290 is GET (POST 405); from then on POST with logFile, logLevel and outputFile all required', async () => {
		const old = await profileCall('9.3', 'GET', `${F}/backup`);
		expect(old.status).toBe(200);
		expect(old.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''SystemBackup.zip");
		expect((await profileCall('10.2', 'POST', `${F}/backup`, { contentType: 'application/x-www-form-urlencoded', body: 'outputFile=x.zip' })).status).toBe(405);
		const form = (fields: Record<string, string>) => ({ contentType: 'application/x-www-form-urlencoded', body: new URLSearchParams(fields) });
		expect((await profileCall('11.0', 'POST', `${F}/backup`, form({ logLevel: 'INFO', outputFile: 'x.zip' }))).status).toBe(500);
		expect((await profileCall('11.0', 'POST', `${F}/backup`, form({ logFile: 'b.csv', logLevel: 'INFO', outputFile: 'x.zip' }))).status).toBe(400);
		expect((await profileCall('11.0', 'POST', `${F}/backup`, form({ logFile: 'b.log', logLevel: 'LOUD', outputFile: 'x.zip' }))).status).toBe(400);
		expect((await profileCall('11.0', 'POST', `${F}/backup`, form({ logFile: 'b.log', logLevel: 'INFO', outputFile: 'x.zip' }))).status).toBe(200);
		// The literal template "/backup" wins over "{pathId : .+}" and has only POST: a GET is 405.
		expect((await profileCall('11.0', 'GET', `${F}/backup`)).status).toBe(405);
	});

	it('restore from 10.2.0.2-290 needs the log fields and imports nothing (still 200) without a .zip backupBundlePath', async () => {
		const zip = Buffer.from(await (await profileCall('11.0', 'POST', `${F}/backup`, { contentType: 'application/x-www-form-urlencoded', body: new URLSearchParams({ logFile: 'b.log', logLevel: 'INFO', outputFile: 'x.zip' }) })).arrayBuffer());
		const id = async () => ((await (await profileCall('11.0', 'GET', `${F}/:public:etl:load_sales.ktr/properties`, { accept: 'application/json' })).json()) as { id: string }).id;
		await profileCall('11.0', 'PUT', `${F}/deletepermanent`, { body: await id(), contentType: 'text/plain' });
		const restore = async (fields: Record<string, string>) => {
			const form = new FormData();
			form.append('fileUpload', new Blob([zip], { type: 'application/zip' }), 'x.zip');
			for (const [k, v] of Object.entries(fields)) form.append(k, v);
			return (await profileCall('11.0', 'POST', `${F}/systemRestore`, { body: form })).status;
		};
		const present = async () => (await profileCall('11.0', 'GET', `${F}/:public:etl:load_sales.ktr/properties`)).status;
		expect(await restore({})).toBe(500);
		expect(await restore({ logFile: 'r.log', logLevel: 'INFO' })).toBe(200);
		expect(await present()).toBe(204);
		expect(await restore({ logFile: 'r.log', logLevel: 'INFO', backupBundlePath: 'x.zip' })).toBe(200);
		expect(await present()).toBe(200);
	});

	it('9.x/10.x answer Jersey 1 JSON (strings, one-element lists bare); 11.x typed JSON; /canEdit only from 9.4', async () => {
		const old = (await (await profileCall('10.2', 'GET', `${F}/:public:etl:daily_load.kjb/properties`, { accept: 'application/json' })).json()) as Record<string, unknown>;
		expect(old.folder).toBe('false');
		expect(typeof old.fileSize).toBe('string');
		const typed = (await (await profileCall('11.0', 'GET', `${F}/:public:etl:daily_load.kjb/properties`, { accept: 'application/json' })).json()) as Record<string, unknown>;
		expect(typed.folder).toBe(false);
		expect((await profileCall('9.3', 'GET', `${F}/canEdit`)).status).toBe(404);
		expect((await profileCall('10.2', 'GET', `${F}/canEdit`)).status).toBe(200);
	});
});
