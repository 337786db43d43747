/**
 * Issue 18: no default of any Worker write operation removes or stops something the user did not
 * name. The operations that end, remove or pause a run need its name (no empty default that the
 * server could read as "all" or "the first one"): without it they fail before any request. With
 * only what they require, they act on the named run alone: every other job and transformation on
 * the worker (as Server Get Status lists them) is exactly as before.
 */
import type { IDataObject, INodeParameters, INodeProperties } from 'n8n-workflow';

import type { WorkerState } from '../../emulator/areas/worker';
import type { ControlState } from '../../emulator/areas/worker/trans';
import { DataflowWorker } from '../../nodes/Worker/DataflowWorker.node';
import { run } from '../harness';
import { useEmulator } from '../helpers/emulator';

const node = new DataflowWorker();
const fixture = useEmulator({ seed: { worker: { transformations: [] } } });
const app = () => fixture.emulator.app;
const jobs = () => (app().state.worker as WorkerState).engine;
const trans = () => (app().state.workerControl as ControlState).trans;
const MINUTE = 60_000;
const LONG = String(60 * MINUTE);
let counter = 0;
const prefix = () => `wd${++counter}_`;

const exec = async (parameters: INodeParameters) => await run(node, { parameters, credentials: { dataflowServerApi: fixture.server() } });

/** Every job and transformation the worker lists, as the node outputs them, except the one named by id. */
async function others(id: string): Promise<IDataObject[]> {
	const listed = await exec({ resource: 'server', operation: 'getStatus', output: 'entries' });
	expect(listed.error).toBeUndefined();
	return listed.items.map((i) => i.json).filter((entry) => entry.id !== id);
}

/** Every operation of the node that writes (anything that is not a read). */
function writeOperations(): string[] {
	return node.description.properties
		.filter((p: INodeProperties) => p.name === 'operation')
		.flatMap((p) => (p.options ?? []).map((o) => `${p.displayOptions?.show?.resource?.[0]}.${(o as { value: string }).value}`))
		.filter((key) => !/\.(get\w*|list)$/.test(key))
		.sort();
}

afterEach(() => app().advanceClock(120 * MINUTE));

it('the write operations are the ones covered below (or create something new, or stop the whole server by design)', () => {
	expect(writeOperations()).toEqual([
		// Create something new: nothing of the user's is removed or stopped.
		'job.add',
		'job.execute',
		// Covered below.
		'job.remove',
		'job.run',
		'job.runAndWait',
		'job.start',
		'job.stop',
		// Hop Server (Pipeline, Workflow): Execute, Register and Run and Wait create a new run; the others are covered below.
		'pipeline.execute',
		'pipeline.pause',
		'pipeline.register',
		'pipeline.remove',
		'pipeline.resume',
		'pipeline.runAndWait',
		'pipeline.start',
		'pipeline.stop',
		'sequence.reserve',
		// Stops the whole worker server: its notice says so, and its only field is the options.
		'server.stop',
		'slave.register',
		'socket.allocate',
		'transformation.execute',
		'transformation.pause',
		'transformation.remove',
		'transformation.resume',
		'transformation.run',
		'transformation.runAndWait',
		'transformation.stop',
		'workflow.execute',
		'workflow.register',
		'workflow.remove',
		'workflow.runAndWait',
		'workflow.start',
		'workflow.stop',
	]);
	const serverStop = node.description.properties.filter(
		(p) => p.displayOptions?.show?.resource?.[0] === 'server' && p.displayOptions?.show?.operation?.[0] === 'stop',
	);
	expect(serverStop.map((p) => p.name).sort()).toEqual(['options', 'stopNotice']);
});

describe('no default of a Worker write operation removes or stops what the user did not name', () => {
	it.each([
		['job', 'stop', /Job Name/],
		['job', 'remove', /Job Name/],
		['job', 'start', /Job Name/],
		['transformation', 'stop', /Transformation Name/],
		['transformation', 'remove', /Transformation Name/],
		['transformation', 'pause', /Transformation Name/],
		['transformation', 'resume', /Transformation Name/],
		['pipeline', 'stop', /Pipeline Name/],
		['pipeline', 'remove', /Pipeline Name/],
		['pipeline', 'pause', /Pipeline Name/],
		['pipeline', 'resume', /Pipeline Name/],
		['pipeline', 'start', /Pipeline Name/],
		['workflow', 'stop', /Workflow Name/],
		['workflow', 'remove', /Workflow Name/],
		['workflow', 'start', /Workflow Name/],
	])('%s %s with its defaults fails before any request: it needs the name of the run', async (resource, operation, message) => {
		const p = prefix();
		jobs().create({ name: `${p}job`, source: 'run', parameters: { DURATION_MS: LONG } });
		trans().create({ name: `${p}trans`, source: 'run', path: `/public/etl/${p}trans`, parameters: { DURATION_MS: LONG } });
		fixture.resetRequests();
		// n8n refuses to run the node without the required name...
		await expect(exec({ resource, operation })).rejects.toThrow(message);
		// ...and a name that an expression leaves empty is refused by the node, before any request (Pipeline and
		// Workflow with a Hop Server credential, which the node checks without a request).
		const nameField = { job: 'jobName', transformation: 'transName', pipeline: 'pipelineName', workflow: 'workflowName' }[resource]!;
		const hop = resource === 'pipeline' || resource === 'workflow';
		const result = await run(node, {
			parameters: { resource, operation, [nameField]: '={{ "" }}' },
			credentials: { dataflowServerApi: fixture.server(hop ? { serverKind: 'hopServer' } : {}) },
		});
		expect(result.error?.message).toMatch(new RegExp(`${message.source} is empty`));
		expect(fixture.requests()).toEqual([]);
	});

	it('Job Stop with only the name stops that job alone', async () => {
		const p = prefix();
		const target = jobs().create({ name: `${p}target`, source: 'run', parameters: { DURATION_MS: LONG } });
		jobs().create({ name: `${p}other`, source: 'run', parameters: { DURATION_MS: LONG } });
		trans().create({ name: `${p}trans`, source: 'run', path: `/public/etl/${p}trans`, parameters: { DURATION_MS: LONG } });
		app().advanceClock(MINUTE);
		const before = await others(target.id);
		const result = await exec({ resource: 'job', operation: 'stop', jobName: `${p}target` });
		expect(result.error).toBeUndefined();
		expect(await others(target.id)).toEqual(before);
		const status = await exec({ resource: 'job', operation: 'getStatus', jobName: `${p}target`, options: { jobId: target.id } });
		expect(String(status.items[0].json.statusDesc)).toMatch(/^Stopp/);
	});

	it('Job Remove with only the name removes that ended job alone (a running one is refused by default)', async () => {
		const p = prefix();
		const target = jobs().create({ name: `${p}target`, source: 'run', parameters: { DURATION_MS: String(MINUTE) } });
		jobs().create({ name: `${p}ended`, source: 'run', parameters: { DURATION_MS: String(MINUTE) } });
		const running = jobs().create({ name: `${p}running`, source: 'run', parameters: { DURATION_MS: LONG } });
		app().advanceClock(2 * MINUTE);
		const before = await others(target.id);
		const result = await exec({ resource: 'job', operation: 'remove', jobName: `${p}target` });
		expect(result.error).toBeUndefined();
		expect(await others(target.id)).toEqual(before);
		expect((await others('')).some((entry) => entry.id === target.id)).toBe(false);
		const refused = await exec({ resource: 'job', operation: 'remove', jobName: `${p}running` });
		expect(refused.error?.message).toMatch(/running|not ended|has not ended/i);
		expect((await others('')).some((entry) => entry.id === running.id)).toBe(true);
	});

	it.each(['stop', 'pause'])('Transformation %s with only the name acts on that transformation alone', async (operation) => {
		const p = prefix();
		const target = trans().create({ name: `${p}target`, source: 'run', path: `/public/etl/${p}target`, parameters: { DURATION_MS: LONG } });
		trans().create({ name: `${p}other`, source: 'run', path: `/public/etl/${p}other`, parameters: { DURATION_MS: LONG } });
		jobs().create({ name: `${p}job`, source: 'run', parameters: { DURATION_MS: LONG } });
		app().advanceClock(MINUTE);
		const before = await others(target.id);
		const result = await exec({ resource: 'transformation', operation, transName: `${p}target` });
		expect(result.error).toBeUndefined();
		expect(await others(target.id)).toEqual(before);
	});

	it('Transformation Remove with only the name removes that ended transformation alone', async () => {
		const p = prefix();
		const target = trans().create({ name: `${p}target`, source: 'run', path: `/public/etl/${p}target`, parameters: { DURATION_MS: String(MINUTE) } });
		trans().create({ name: `${p}ended`, source: 'run', path: `/public/etl/${p}ended`, parameters: { DURATION_MS: String(MINUTE) } });
		trans().create({ name: `${p}running`, source: 'run', path: `/public/etl/${p}running`, parameters: { DURATION_MS: LONG } });
		app().advanceClock(2 * MINUTE);
		const before = await others(target.id);
		const result = await exec({ resource: 'transformation', operation: 'remove', transName: `${p}target` });
		expect(result.error).toBeUndefined();
		expect(await others(target.id)).toEqual(before);
		expect((await others('')).some((entry) => entry.id === target.id)).toBe(false);
	});
});
