/**
 * The Repository Trigger against the emulator: files are created, updated, moved to the trash and
 * deleted, reports get output files, and every poll's items are asserted exactly.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { addGeneratedContent, deleteRepositoryPath, putRepositoryFile, repositoryOf } from '../../emulator/areas/repository';
import { DataflowRepositoryTrigger } from '../../nodes/Repository/DataflowRepositoryTrigger.node';
import { pollHarness, type PollHarness, type PollHarnessOptions } from '../harness/poll';
import { useEmulator } from '../helpers/emulator';
import { cursorEntries, emitted, isIsoBetween, MINUTE } from './helpers';

const fixture = useEmulator();
const trigger = new DataflowRepositoryTrigger();
const REPORT = '/public/Sample Reports/Sales Summary.prpt';
let counter = 0;

const app = () => fixture.emulator.app;
const rl = (value: string) => ({ __rl: true, mode: 'path', value });
const iso = (ms: number) => new Date(ms).toISOString();

/** A new folder per test: /public/watch/tN. */
function folder(): string {
	return `/public/watch/t${++counter}`;
}

async function put(path: string, content = 'content'): Promise<string> {
	app().advanceClock(MINUTE);
	return (await putRepositoryFile(app(), path, content)).id;
}

function trash(path: string): void {
	app().advanceClock(MINUTE);
	const repo = repositoryOf(app());
	const node = repo.find(path);
	if (!node) throw new Error(`No file ${path}`);
	repo.moveToTrash(node, app().users.find((u) => u.name === 'admin')!);
}

function node(path: string) {
	const found = repositoryOf(app()).find(path);
	if (!found) throw new Error(`No file ${path}`);
	return found;
}

function harness(parameters: INodeParameters, options: Partial<PollHarnessOptions> = {}): PollHarness {
	return pollHarness({ nodeType: trigger, parameters, credentials: { dataflowServerApi: fixture.server() }, ...options });
}

const key = (item: IDataObject) => (item.file as IDataObject).path;
const polled = async (h: PollHarness, options: Parameters<PollHarness['poll']>[0] = {}) => emitted(await h.poll(options), key);
const FILE_EVENTS = ['fileCreated', 'fileUpdated', 'fileDeleted'];

describe('Dataflow Repository Trigger', () => {
	it('emits created, updated, trashed and deleted files once each, after a baseline', async () => {
		const dir = folder();
		const a = await put(`${dir}/a.ktr`);
		const h = harness({ events: FILE_EVENTS, folder: rl(dir) });
		const first = await h.poll();
		expect(first.items).toBeNull();
		expect(Object.keys(cursorEntries(h.saved, 'files'))).toEqual([a]);

		const b = await put(`${dir}/b.ktr`, 'b');
		const created = await h.poll();
		expect(emitted(created, key)).toEqual([`fileCreated ${dir}/b.ktr`]);
		expect(created.items![0]).toEqual({
			event: 'fileCreated',
			occurredAt: iso(node(`${dir}/b.ktr`).createdDate),
			file: expect.objectContaining({
				id: b,
				name: 'b.ktr',
				path: `${dir}/b.ktr`,
				folder: false,
				fileSize: 1,
				createdDate: iso(node(`${dir}/b.ktr`).createdDate),
				lastModifiedDate: iso(node(`${dir}/b.ktr`).lastModifiedDate),
				parentPath: dir,
			}),
		});
		expect(await polled(h)).toBeNull();

		const before = iso(node(`${dir}/a.ktr`).lastModifiedDate);
		await put(`${dir}/a.ktr`, 'changed');
		const updated = await h.poll();
		expect(emitted(updated, key)).toEqual([`fileUpdated ${dir}/a.ktr`]);
		const modified = iso(node(`${dir}/a.ktr`).lastModifiedDate);
		expect(updated.items![0]).toMatchObject({
			occurredAt: modified,
			file: { id: a, lastModifiedDate: modified, fileSize: 7 },
			previous: { lastModifiedDate: before },
		});
		expect(await polled(h)).toBeNull();

		trash(`${dir}/b.ktr`);
		const trashed = await h.poll();
		expect(emitted(trashed, key)).toEqual([`fileDeleted ${dir}/b.ktr`]);
		const deletedDate = iso(repositoryOf(app()).byId.get(b)!.trash!.deletedDate);
		expect(trashed.items![0]).toMatchObject({
			occurredAt: deletedDate,
			trashed: true,
			file: { id: b, name: 'b.ktr', deletedDate, originalParentFolderPath: dir },
		});

		await deleteRepositoryPath(app(), `${dir}/a.ktr`);
		const t0 = Date.now();
		const deleted = await h.poll();
		expect(emitted(deleted, key)).toEqual([`fileDeleted ${dir}/a.ktr`]);
		expect(deleted.items![0]).toEqual({
			event: 'fileDeleted',
			occurredAt: deleted.items![0].occurredAt,
			trashed: false,
			file: { id: a, name: 'a.ktr', path: `${dir}/a.ktr`, lastModifiedDate: modified },
		});
		expect(isIsoBetween(deleted.items![0].occurredAt, t0, Date.now())).toBe(true);
		expect(cursorEntries(h.saved, 'files')).toEqual({});
		expect(await polled(h)).toBeNull();
	});

	it('watches names matching the pattern, with or without subfolders', async () => {
		const dir = folder();
		await put(`${dir}/sub/old.ktr`);
		const flat = harness({ events: FILE_EVENTS, folder: rl(dir), options: { namePattern: '*.KTR, report-??.pdf' } });
		const deep = harness({ events: FILE_EVENTS, folder: rl(dir), options: { namePattern: '*.ktr', includeSubfolders: true } });
		const folders = harness({ events: ['fileCreated'], folder: rl(dir), options: { includeFolders: true } });
		for (const h of [flat, deep, folders]) expect(await polled(h)).toBeNull();

		await put(`${dir}/x.ktr`);
		await put(`${dir}/x.txt`);
		await put(`${dir}/report-01.pdf`);
		await put(`${dir}/report-100.pdf`);
		await put(`${dir}/sub/y.ktr`);
		await put(`${dir}/sub/deeper/z.ktr`);
		expect(await polled(flat)).toEqual([`fileCreated ${dir}/x.ktr`, `fileCreated ${dir}/report-01.pdf`]);
		expect(await polled(deep)).toEqual([`fileCreated ${dir}/x.ktr`, `fileCreated ${dir}/sub/y.ktr`, `fileCreated ${dir}/sub/deeper/z.ktr`]);
		expect((await polled(folders))!.sort()).toEqual(
			[`${dir}/x.ktr`, `${dir}/x.txt`, `${dir}/report-01.pdf`, `${dir}/report-100.pdf`].map((p) => `fileCreated ${p}`).sort(),
		);
		expect(Object.keys(cursorEntries(deep.saved, 'files'))).toHaveLength(4);

		// A file in a subfolder changes: only the trigger that includes subfolders sees it.
		await put(`${dir}/sub/y.ktr`, 'new');
		expect(await polled(flat)).toBeNull();
		expect(await polled(deep)).toEqual([`fileUpdated ${dir}/sub/y.ktr`]);
	});

	it('counts folders as files when asked', async () => {
		const dir = folder();
		await put(`${dir}/keep.txt`);
		const h = harness({ events: ['fileCreated', 'fileUpdated'], folder: rl(dir), options: { includeFolders: true } });
		await h.poll();
		app().advanceClock(MINUTE);
		repositoryOf(app()).mkdirs(`${dir}/new folder`, app().users[0], false);
		const outcome = await h.poll();
		expect(emitted(outcome, key)).toEqual([`fileCreated ${dir}/new folder`]);
		expect(outcome.items![0].file).toMatchObject({ folder: true });
	});

	it('emits the files that exist on the first poll when asked', async () => {
		const dir = folder();
		await put(`${dir}/one.ktr`);
		await put(`${dir}/two.ktr`);
		const h = harness({ events: FILE_EVENTS, folder: rl(dir), options: { emitExisting: true } });
		expect(await polled(h)).toEqual([`fileCreated ${dir}/one.ktr`, `fileCreated ${dir}/two.ktr`]);
		expect(await polled(h)).toBeNull();
	});

	it('emits output files added to a source file', async () => {
		const h = harness({ events: ['generatedContentAdded'], sourceFile: rl(REPORT) });
		expect(await polled(h)).toBeNull();
		const existing = Object.keys(cursorEntries(h.saved, 'generatedContent'));
		expect(existing.length).toBeGreaterThan(0);

		app().advanceClock(MINUTE);
		const output = await addGeneratedContent(app(), REPORT, 'admin', 'Sales Summary (1).pdf', '%PDF-1.4');
		const outcome = await h.poll();
		expect(emitted(outcome, key)).toEqual(['generatedContentAdded /home/admin/Sales Summary (1).pdf']);
		expect(outcome.items![0]).toEqual({
			event: 'generatedContentAdded',
			occurredAt: iso(node(output.path).createdDate),
			sourceFile: REPORT,
			file: expect.objectContaining({ id: output.id, name: 'Sales Summary (1).pdf', path: output.path, folder: false }),
		});
		expect(await polled(h)).toBeNull();
		// Output removed: no event, and the cursor forgets it.
		await deleteRepositoryPath(app(), output.path);
		expect(await polled(h)).toBeNull();
		expect(Object.keys(cursorEntries(h.saved, 'generatedContent')).sort()).toEqual(existing.sort());
	});

	it('watches a folder and a source file in one trigger, each change once', async () => {
		const h = harness({ events: ['fileCreated', 'generatedContentAdded'], folder: rl('/home/admin'), options: { namePattern: '*.pdf' }, sourceFile: rl(REPORT) });
		await h.poll();
		app().advanceClock(MINUTE);
		const output = await addGeneratedContent(app(), REPORT, 'admin', 'Sales Summary (2).pdf', '%PDF-1.4');
		expect(await polled(h)).toEqual([`fileCreated ${output.path}`, `generatedContentAdded ${output.path}`]);
		expect(await polled(h)).toBeNull();
	});

	it('emits a change once across restarts, and again after a poll that n8n did not commit', async () => {
		const dir = folder();
		const h = harness({ events: FILE_EVENTS, folder: rl(dir) });
		await put(`${dir}/keep.txt`);
		await h.poll();
		await put(`${dir}/one.txt`);
		expect(await polled(h)).toEqual([`fileCreated ${dir}/one.txt`]);
		expect(await polled(h.restart())).toBeNull();

		const restarted = h.restart();
		await put(`${dir}/two.txt`);
		trash(`${dir}/one.txt`);
		const crashed = await restarted.poll({ crashBeforeCommit: true });
		expect(crashed.items).toBeNull();
		const again = restarted.restart();
		expect((await polled(again))!.sort()).toEqual([`fileCreated ${dir}/two.txt`, `fileDeleted ${dir}/one.txt`]);
		expect(await polled(again)).toBeNull();
		expect(await polled(again.restart())).toBeNull();
	});

	it.each(['snapshot', 'direct'] as const)('leaves the cursor whole when a poll fails half-way (%s static data)', async (staging) => {
		const dir = folder();
		const h = harness({ events: ['fileCreated', 'generatedContentAdded'], folder: rl(dir), sourceFile: rl(REPORT) }, { staging });
		await put(`${dir}/old.txt`);
		expect((await h.poll()).items).toBeNull();
		await put(`${dir}/new.txt`);
		const saved = h.saved;
		// The folder is read first; the source file's outputs then fail.
		app().faults.add({ kind: 'error500', path: '*/generatedContent', times: 1 });
		const failed = await h.poll();
		expect(failed.error).toBeDefined();
		expect(failed.items).toBeNull();
		expect(h.saved).toEqual(saved);
		expect(await polled(h)).toEqual([`fileCreated ${dir}/new.txt`]);
	});

	it('fails without reporting deletions when the folder disappears', async () => {
		const dir = folder();
		await put(`${dir}/a.txt`);
		const h = harness({ events: FILE_EVENTS, folder: rl(dir) });
		await h.poll();
		const saved = h.saved;
		trash(dir);
		const outcome = await h.poll();
		expect(outcome.error?.message).toBe(`The repository has no folder ${dir} (or this user may not read it)`);
		expect(outcome.items).toBeNull();
		expect(h.saved).toEqual(saved);
	});

	it('starts a new baseline when the folder changes, without reporting the old files deleted', async () => {
		const one = folder();
		const two = folder();
		await put(`${one}/a.txt`);
		await put(`${two}/b.txt`);
		const h = harness({ events: FILE_EVENTS, folder: rl(one) });
		await h.poll();
		const moved = h.restart({ parameters: { events: FILE_EVENTS, folder: rl(two) } });
		expect(await polled(moved)).toBeNull();
		expect(Object.keys(cursorEntries(moved.saved, 'files'))).toEqual([node(`${two}/b.txt`).id]);
		await put(`${two}/c.txt`);
		expect(await polled(moved)).toEqual([`fileCreated ${two}/c.txt`]);
	});

	it('returns the most recent matching file in manual mode without touching the cursor', async () => {
		const dir = folder();
		await put(`${dir}/old.ktr`);
		await put(`${dir}/new.ktr`);
		await put(`${dir}/old.ktr`, 'touched');
		await put(`${dir}/gone.ktr`);
		trash(`${dir}/gone.ktr`);
		const sample = async (events: string[]) => {
			const h = harness({ events, folder: rl(dir), options: { namePattern: '*.ktr' } });
			const outcome = await h.poll({ mode: 'manual' });
			expect(outcome.staticDataChanged).toBe(false);
			expect(h.saved).toEqual({});
			return emitted(outcome, key);
		};
		expect(await sample(['fileCreated'])).toEqual([`fileCreated ${dir}/new.ktr`]);
		expect(await sample(['fileUpdated'])).toEqual([`fileUpdated ${dir}/old.ktr`]);
		expect(await sample(['fileDeleted'])).toEqual([`fileDeleted ${dir}/gone.ktr`]);
		expect(await sample(FILE_EVENTS)).toEqual([`fileDeleted ${dir}/gone.ktr`]);

		const report = harness({ events: ['generatedContentAdded'], sourceFile: rl(REPORT) });
		const outcome = await report.poll({ mode: 'manual' });
		expect(outcome.items).toHaveLength(1);
		expect(outcome.items![0]).toMatchObject({ event: 'generatedContentAdded', sourceFile: REPORT });

		const empty = harness({ events: ['fileCreated'], folder: rl(dir), options: { namePattern: '*.none' } });
		expect((await empty.poll({ mode: 'manual' })).items).toBeNull();
	});

	it('in manual mode shows a file never changed since its creation as created, not updated', async () => {
		const dir = folder();
		await put(`${dir}/old.html`);
		await put(`${dir}/report.html`);
		expect(node(`${dir}/report.html`).lastModifiedDate).toBe(node(`${dir}/report.html`).createdDate);
		const h = harness({ events: ['fileCreated', 'fileUpdated'], folder: rl(dir), options: { namePattern: '*.html' } });
		const outcome = await h.poll({ mode: 'manual' });
		expect(emitted(outcome, key)).toEqual([`fileCreated ${dir}/report.html`]);
		expect(outcome.items![0]).toMatchObject({ event: 'fileCreated', occurredAt: iso(node(`${dir}/report.html`).createdDate) });
		// Once it changes, the change is the newest thing: an update.
		await put(`${dir}/report.html`, 'changed');
		expect(await polled(harness({ events: ['fileCreated', 'fileUpdated'], folder: rl(dir), options: { namePattern: '*.html' } }), { mode: 'manual' })).toEqual([
			`fileUpdated ${dir}/report.html`,
		]);
	});

	it('refuses a folder path that is not a repository path', async () => {
		const h = harness({ events: ['fileCreated'], folder: rl('public/x') });
		const outcome = await h.poll();
		expect(outcome.error?.message).toMatch(/must start with "\/"/);
	});
});
