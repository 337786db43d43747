/**
 * Worker job and transformation paths are repository pickers (issue 18): "From List" browses the BI
 * server's repository with the shared picker (nodes/common/repositoryPicker.ts), "By Path" takes a
 * typed path, and both, like a plain string from older workflows or an expression, run the job.
 */

import { childrenFiles } from '../../nodes/common/repositoryPicker';
import { DataflowWorker } from '../../nodes/Worker/DataflowWorker.node';
import { run } from '../harness';
import { loadOptionsContextFor } from '../harness/loadOptions';
import { useEmulator } from '../helpers/emulator';

const node = new DataflowWorker();
const fixture = useEmulator();

function loadOptions(credentials: Record<string, unknown>) {
	return loadOptionsContextFor(node, credentials as never, { resource: 'job', operation: 'run' }, 'parameters.jobPath');
}

it('the Job Path and Transformation Path fields are repository pickers, "By Path" first', () => {
	for (const name of ['jobPath', 'transPath']) {
		const fields = node.description.properties.filter((p) => p.name === name);
		expect(fields.length).toBeGreaterThan(0);
		for (const field of fields) {
			expect(field.type).toBe('resourceLocator');
			expect(field.default).toEqual({ mode: 'path', value: '' });
			expect(field.modes?.map((m) => m.name)).toEqual(['list', 'path']);
		}
	}
	const search = node.methods?.listSearch ?? {};
	expect(Object.keys(search)).toEqual(expect.arrayContaining(['searchJobPaths', 'searchRepositoryFolders', 'searchRepositoryPaths', 'searchTransformationPaths']));
	const method = (name: string) => (node.description.properties.find((p) => p.name === name)?.modes?.[0].typeOptions as { searchListMethod?: string } | undefined)?.searchListMethod;
	expect(method('jobPath')).toBe('searchJobPaths');
	expect(method('transPath')).toBe('searchTransformationPaths');
});

it('the job and transformation pickers find by name in sub-folders and offer only their kind, never a folder (issue 30)', async () => {
	const jobs = node.methods!.listSearch!.searchJobPaths;
	const transformations = node.methods!.listSearch!.searchTransformationPaths;
	// "load" matches /public/etl/daily_load.kjb and /public/etl/load_sales.ktr, two levels below /public.
	expect((await jobs.call(loadOptions(fixture.server()), 'load')).results.map((r) => r.value)).toEqual(['/public/etl/daily_load.kjb']);
	expect((await transformations.call(loadOptions(fixture.server()), 'load')).results.map((r) => r.value)).toEqual(['/public/etl/load_sales.ktr']);
	// A typed folder lists only that kind, and no "(this folder)" entry: a folder is never a file.
	const listed = (await transformations.call(loadOptions(fixture.server()), '/public/etl/')).results;
	expect(listed.length).toBeGreaterThan(0);
	expect(listed.every((r) => String(r.value).endsWith('.ktr'))).toBe(true);
	expect(listed.map((r) => r.name).join(' ')).not.toMatch(/this folder/);
});

it('a typed folder that does not exist (or may not be read) is an error, not an empty folder to pick (issue 30)', async () => {
	const folders = node.methods!.listSearch!.searchRepositoryFolders;
	await expect(folders.call(loadOptions(fixture.server()), '/public/no_such_folder/')).rejects.toThrow(
		'The repository has no folder /public/no_such_folder, or you may not read it (the server answers both like an empty folder)',
	);
	// suzy may not read /home/admin: the server answers as for a missing folder, and the picker says both.
	await expect(folders.call(loadOptions(fixture.server({ user: 'suzy' })), '/home/admin/')).rejects.toThrow(/no folder \/home\/admin, or you may not read it/);
	const existing = (await folders.call(loadOptions(fixture.server()), '/public/etl/')).results;
	expect(existing[0]).toEqual({ name: '/public/etl/ (this folder)', value: '/public/etl' });
});

it('"From List" browses the repository of the BI server the worker runs in, and says why when it cannot', async () => {
	const search = node.methods!.listSearch!.searchRepositoryPaths;
	const browse = await search.call(loadOptions(fixture.server()), '/public/etl/');
	expect(browse.results.map((r) => r.value)).toEqual(expect.arrayContaining(['/public/etl/daily_load.kjb']));
	await expect(search.call(loadOptions({ ...fixture.server(), password: 'wrong' }), '')).rejects.toThrow(/401|username and password/);
});

it.each([
	['a picked path', { __rl: true, mode: 'list', value: '/public/etl/daily_load.kjb' }],
	['a typed path', { __rl: true, mode: 'path', value: '/public/etl/daily_load' }],
	['a plain string (older workflows)', '/public/etl/daily_load'],
])('runs the job from %s', async (_label, jobPath) => {
	fixture.resetRequests();
	const result = await run(node, { parameters: { resource: 'job', operation: 'run', jobPath } as never, credentials: { dataflowServerApi: fixture.server() } });
	expect(result.error).toBeUndefined();
	expect(result.items[0].json).toMatchObject({ jobName: 'daily_load' });
	const started = fixture.emulator.app.requests.find((r) => r.path.endsWith('/runJob'));
	expect(started?.query.job).toBe('/public/etl/daily_load');
});

it('reads both JSON styles of the children list (Jersey 1 bare object and strings, Jackson arrays)', () => {
	expect(childrenFiles({ repositoryFileDto: { path: '/a/b.ktr', name: 'b.ktr', folder: 'false' } })).toEqual([{ path: '/a/b.ktr', name: 'b.ktr', folder: false }]);
	expect(childrenFiles({ repositoryFileDtoes: { repositoryFileDto: [{ path: '/a/c', name: 'c', folder: true }] } })).toEqual([{ path: '/a/c', name: 'c', folder: true }]);
	expect(childrenFiles({})).toEqual([]);
	expect(childrenFiles(null)).toEqual([]);
});
