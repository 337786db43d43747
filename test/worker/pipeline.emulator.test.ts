/**
 * Pipelines against the emulator's Hop Server flavour (emulator/areas/hop, written clean-room from
 * apache/hop @2.19.0-rc1): run from a file of the server and from a binary field, followed to the end,
 * failures judged, stopped on timeout, paused, removed, drawn; the server status and shutdown.
 */
import type { IDataObject } from 'n8n-workflow';

import type { HopServerState } from '../../emulator/areas/hop';
import { DataflowWorker } from '../../nodes/Worker/DataflowWorker.node';
import { run } from '../harness';
import { useEmulator } from '../helpers/emulator';
import { fileItem, PIPELINE_HPL } from './hopHelpers';

const fixture = useEmulator({ server: 'hop', jobDurationMs: 200, seed: { hop: { version: '2.19.0' } } });
const node = new DataflowWorker();
const credentials = () => ({ dataflowServerApi: fixture.server({ user: 'cluster', serverKind: 'hopServer' }) });
const hop = () => fixture.emulator.app.state.hop as HopServerState;
const fast = { pollInterval: 0.05, timeout: 30 };

/** Waits until the emulator has seen `request` ("GET /hop/…") `count` times. */
async function seen(request: string, count = 1): Promise<void> {
	while (fixture.requests().filter((r) => r === request).length < count) await new Promise((resolve) => setImmediate(resolve));
}

describe('Pipeline on a Hop Server (emulator)', () => {
	it('Run and Wait runs a .hpl of the server with a parameter, finds its run, and returns its transforms and log', async () => {
		const result = await run(node, {
			parameters: {
				resource: 'pipeline',
				operation: 'runAndWait',
				filePath: '${PROJECT_HOME}/pipelines/generate-rows.hpl',
				hopParameters: { entry: [{ name: 'PRM_NAME', value: 'n8n' }] },
				options: fast,
			},
			credentials: credentials(),
		});
		expect(result.error).toBeUndefined();
		const json = result.items[0].json;
		expect(json).toMatchObject({ pipelineName: 'generate-rows', pipelinePath: '${PROJECT_HOME}/pipelines/generate-rows.hpl', success: true, statusDesc: 'Finished' });
		const steps = json.steps as IDataObject[];
		expect(steps.map((s) => s.stepName)).toEqual(expect.arrayContaining(['Generate rows', 'result']));
		expect(steps.find((s) => s.stepName === 'Generate rows')).toMatchObject({ linesWritten: 5, errors: 0 });
		expect(String(json.log)).not.toBe('');
		// The id is the server's own: the run is in its pipeline map under it.
		expect(hop().pipelines.map((p) => p.id)).toContain(json.id);
		expect(fixture.requests()).toEqual(expect.arrayContaining(['GET /hop/execPipeline/', 'GET /hop/status/', 'GET /hop/pipelineStatus/']));
	});

	it('Run and Wait from a binary field registers, prepares and starts the pipeline, and removes it when done', async () => {
		const result = await run(node, {
			parameters: { resource: 'pipeline', operation: 'runAndWait', hopSource: 'binary', options: { ...fast, removeWhenDone: true } },
			credentials: credentials(),
			input: fileItem(PIPELINE_HPL, 'load-customers.hpl'),
		});
		expect(result.error).toBeUndefined();
		const json = result.items[0].json;
		expect(json).toMatchObject({ pipelineName: 'load-customers', fileName: 'load-customers.hpl', success: true, statusDesc: 'Finished', removedFromServer: true });
		expect(hop().pipelines.map((p) => p.id)).not.toContain(json.id);
	});

	it('Run and Wait fails a pipeline that ends with errors (an Abort transform), naming the transform', async () => {
		const result = await run(node, { parameters: { resource: 'pipeline', operation: 'runAndWait', filePath: '${PROJECT_HOME}/pipelines/fail.hpl', options: fast }, credentials: credentials() });
		expect(result.error?.message).toMatch(/The pipeline "fail" \(id .+\) failed: the pipeline ended with errors/);
	});

	it('Run and Wait stops a pipeline that runs past its timeout, and the server then lists it stopped', async () => {
		const result = await run(node, {
			parameters: { resource: 'pipeline', operation: 'runAndWait', filePath: '${PROJECT_HOME}/pipelines/long-running.hpl', options: { pollInterval: 0.05, timeout: 1 } },
			credentials: credentials(),
		});
		expect(result.error?.message).toMatch(/did not finish within 1 s: .*It was stopped on the server/);
		const id = /\(id ([^)]+)\)/.exec(result.error!.message)![1];
		const status = await run(node, { parameters: { resource: 'pipeline', operation: 'getStatus', pipelineName: 'long-running', options: { pipelineId: id } }, credentials: credentials() });
		expect(status.items[0].json).toMatchObject({ id, statusDesc: expect.stringMatching(/^(Finished|Stopped|Halting)/) });
	});

	it('a cancelled n8n execution stops the pipeline on the server (binary source), the stop sent past the cancel', async () => {
		fixture.resetRequests();
		const ticker = PIPELINE_HPL.replace('<name>load-customers</name>', '<name>cancel-me</name>').replace('<limit>5</limit>', '<limit>5</limit><never_ending>Y</never_ending><interval_in_ms>1000</interval_in_ms>');
		const result = await run(node, {
			parameters: { resource: 'pipeline', operation: 'runAndWait', hopSource: 'binary', options: { pollInterval: 0.05, timeout: 0 } },
			credentials: credentials(),
			input: fileItem(ticker, 'cancel-me.hpl'),
			onStarted: (cancel: () => void) => void seen('GET /hop/pipelineStatus/', 2).then(cancel),
		});
		expect(result.error?.message).toMatch(/^The n8n execution was cancelled while waiting for the pipeline "cancel-me" \(id [0-9a-f-]+\): last status "Running"\. It was stopped on the server/);
		expect(fixture.requests().filter((r) => r === 'GET /hop/stopPipeline/')).toHaveLength(1);
	});

	it('a cancelled n8n execution stops a pipeline run from a file of the server, found by its new id', async () => {
		fixture.resetRequests();
		const result = await run(node, {
			parameters: { resource: 'pipeline', operation: 'runAndWait', filePath: '${PROJECT_HOME}/pipelines/long-running.hpl', options: { pollInterval: 0.05, timeout: 0 } },
			credentials: credentials(),
			onStarted: (cancel: () => void) => void seen('GET /hop/pipelineStatus/', 2).then(cancel),
		});
		expect(result.error?.message).toMatch(/^The n8n execution was cancelled while waiting for the pipeline "long-running" \(id [0-9a-f-]+\).*It was stopped on the server/);
		const id = /\(id ([0-9a-f-]+)\)/.exec(result.error!.message)![1];
		const entry = hop().pipelines.find((p) => p.id === id)!;
		expect(entry.name).toBe('long-running');
		expect(fixture.requests().filter((r) => r === 'GET /hop/stopPipeline/')).toHaveLength(1);
	});

	it('Run and Wait of a file that is not there fails with the servlet\'s own words', async () => {
		const result = await run(node, { parameters: { resource: 'pipeline', operation: 'runAndWait', filePath: '/nowhere/missing.hpl', options: fast }, credentials: credentials() });
		expect(result.error?.message).toMatch(/Unexpected error executing pipeline/);
	});

	it('Execute runs a file to its end and answers without an id', async () => {
		const result = await run(node, { parameters: { resource: 'pipeline', operation: 'execute', filePath: '${PROJECT_HOME}/pipelines/generate-rows.hpl' }, credentials: credentials() });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toEqual({
			pipelineName: 'generate-rows',
			pipelinePath: '${PROJECT_HOME}/pipelines/generate-rows.hpl',
			success: true,
			message: 'Pipeline executed successfully',
		});
	});

	it('Register, Start, Pause, Resume, Stop, Get Image and Remove a pipeline', async () => {
		const long = PIPELINE_HPL.replace('<name>load-customers</name>', '<name>ticker</name>').replace('<limit>5</limit>', '<limit>5</limit><never_ending>Y</never_ending><interval_in_ms>1000</interval_in_ms>');
		const registered = await run(node, { parameters: { resource: 'pipeline', operation: 'register' }, credentials: credentials(), input: fileItem(long, 'ticker.hpl') });
		expect(registered.error).toBeUndefined();
		const id = String(registered.items[0].json.id);
		expect(registered.items[0].json).toMatchObject({ pipelineName: 'ticker', runConfiguration: 'local', message: `Pipeline 'ticker' was added to HopServer with id ${id}` });
		const ref = { pipelineName: 'ticker', options: { pipelineId: id } };

		const waiting = await run(node, { parameters: { resource: 'pipeline', operation: 'getStatus', ...ref }, credentials: credentials() });
		expect(waiting.items[0].json.statusDesc).toBe('Waiting');

		const started = await run(node, { parameters: { resource: 'pipeline', operation: 'start', ...ref }, credentials: credentials() });
		expect(started.error).toBeUndefined();
		expect(started.items[0].json).toMatchObject({ id, started: true });

		const paused = await run(node, { parameters: { resource: 'pipeline', operation: 'pause', ...ref }, credentials: credentials() });
		expect(paused.error).toBeUndefined();
		expect(paused.items[0].json).toMatchObject({ paused: true, changed: true, statusDesc: 'Paused' });
		const resumed = await run(node, { parameters: { resource: 'pipeline', operation: 'resume', ...ref }, credentials: credentials() });
		expect(resumed.items[0].json).toMatchObject({ paused: false, changed: true });

		const image = await run(node, { parameters: { resource: 'pipeline', operation: 'getImage', pipelineName: 'ticker', pipelineId: id }, credentials: credentials() });
		expect(image.error).toBeUndefined();
		expect(image.items[0].json).toMatchObject({ fileName: 'ticker.svg', mimeType: 'image/svg+xml' });
		expect(Buffer.from(image.items[0].binary!.data.data, 'base64').toString('utf8')).toMatch(/<svg/);

		const refused = await run(node, { parameters: { resource: 'pipeline', operation: 'remove', ...ref }, credentials: credentials() });
		expect(refused.error?.message).toMatch(/still running/);

		const stopped = await run(node, { parameters: { resource: 'pipeline', operation: 'stop', ...ref }, credentials: credentials() });
		expect(stopped.error).toBeUndefined();
		expect(stopped.items[0].json).toMatchObject({ stopRequested: true, message: 'Pipeline [ticker] stop requested.' });

		let removed;
		for (let i = 0; i < 40; i++) {
			removed = await run(node, { parameters: { resource: 'pipeline', operation: 'remove', ...ref }, credentials: credentials() });
			if (!removed.error) break;
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
		expect(removed!.error).toBeUndefined();
		expect(hop().pipelines.map((p) => p.id)).not.toContain(id);
	});

	it('Get Status of an unknown pipeline fails with the servlet\'s words', async () => {
		const result = await run(node, { parameters: { resource: 'pipeline', operation: 'getStatus', pipelineName: 'nope', options: { pipelineId: 'nope-id' } }, credentials: credentials() });
		expect(result.error?.message).toBe('The specified pipeline [nope] could not be found');
	});
});

describe('Server on a Hop Server (emulator)', () => {
	it('Get Status lists the server, its workflows and pipelines', async () => {
		const result = await run(node, { parameters: { resource: 'server', operation: 'getStatus' }, credentials: credentials() });
		expect(result.error).toBeUndefined();
		const [server, ...entries] = result.items.map((i) => i.json);
		expect(server).toMatchObject({ kind: 'server', statusDesc: 'Online', shuttingDown: false });
		expect(server.pipelineCount).toBe(entries.filter((e) => e.kind === 'pipeline').length);
		expect(entries.some((e) => e.kind === 'pipeline' && e.pipelineName === 'generate-rows')).toBe(true);
	});
});
