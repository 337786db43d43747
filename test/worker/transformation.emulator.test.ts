/**
 * Transformations and run control against the emulator over real HTTP: Run and Wait with steps,
 * a failing step, stop / pause / resume / remove, stop on timeout and on cancel of the n8n
 * execution (through n8n-core's WorkflowExecute, as the Stop button does), remove when done.
 */
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';

import type { ControlState } from '../../emulator/areas/worker/trans';
import { DataflowWorker } from '../../nodes/Worker/DataflowWorker.node';
import { run } from '../harness';
import { useEmulator } from '../helpers/emulator';

const node = new DataflowWorker();
const fixture = useEmulator({ jobDurationMs: 300 });

beforeAll(() => {
	delete fixture.emulator.app.state.repositoryLookup;
});

const control = () => fixture.emulator.app.state.workerControl as ControlState;
const requestsTo = (endpoint: string) => fixture.emulator.app.requests.filter((r) => r.path.endsWith(`/${endpoint}`));
const credentials = () => ({ dataflowServerApi: fixture.server() });

function pairs(values: Record<string, string>) {
	return { entry: Object.entries(values).map(([name, value]) => ({ name, value })) };
}

function transformation(operation: string, parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) {
	return run(node, { parameters: { resource: 'transformation', operation, ...parameters }, credentials: credentials(), ...extra });
}

/** `options`: the Options collection's values over Log Level Basic, Poll Interval 0.05 s and Timeout 10 s. */
function runAndWait(path: string, parameters: Record<string, string> = {}, options: Record<string, unknown> = {}, runExtra: Record<string, unknown> = {}) {
	return transformation(
		'runAndWait',
		{ transPath: path, transParameters: pairs(parameters), options: { logLevel: 'Basic', pollInterval: 0.05, timeout: 10, ...options } },
		runExtra,
	);
}

/** Resolves once the emulator has answered `count` requests to an endpoint. */
async function seen(endpoint: string, count = 1): Promise<void> {
	while (requestsTo(endpoint).length < count) await new Promise((resolve) => setImmediate(resolve));
}

describe('Transformation: Run and Wait against the emulator', () => {
	it('runs by path with parameters and returns the steps with their rows, typed counters and the whole log once', async () => {
		fixture.resetRequests();
		const result = await runAndWait('/public/etl/stage_customers.ktr', { ROWS: '40', REGION: 'EU' });
		expect(result.error).toBeUndefined();
		const json = result.items[0].json as Record<string, any>;
		expect(json).toMatchObject({ transName: 'stage_customers', transPath: '/public/etl/stage_customers', success: true, statusDesc: 'Finished' });
		expect(json.steps.map((s: any) => s.stepName)).toEqual(['Table input', 'Filter rows', 'Table output']);
		expect(json.steps[0]).toMatchObject({ linesInput: 40, linesWritten: 40, errors: 0, statusDescription: 'Finished', stopped: false, paused: false });
		expect(json.steps[2]).toMatchObject({ linesRead: 40, linesOutput: 40, errors: 0 });
		expect(json.result).toMatchObject({ linesRead: 40, linesWritten: 40, nrErrors: 0, isStopped: false });
		const lines = (json.log as string).trimEnd().split('\n');
		expect(new Set(lines).size).toBe(lines.length);
		expect(lines[0]).toMatch(/Dispatching started for transformation \[stage_customers\]$/);
		expect(lines[lines.length - 1]).toMatch(/Transformation finished$/);
		expect(json.logLineCount).toBe(lines.length);

		const started = control().trans.list.find((t) => t.id === json.id)!;
		expect(started.parameters).toEqual({ ROWS: '40', REGION: 'EU' });
		const runs = requestsTo('runTrans');
		expect(runs[0].query).toMatchObject({ trans: '/public/etl/stage_customers', level: 'Basic', ROWS: '40', REGION: 'EU' });
		// Each poll asks for the lines after the last one seen.
		const froms = requestsTo('transStatus').map((r) => Number(r.query.from));
		expect(froms[0]).toBe(0);
		expect(froms).toEqual([...froms].sort((a, b) => a - b));
	});

	it('fails with the failing step named when a step fails, and never reports it as a success', async () => {
		const result = await runAndWait('/public/etl/stage_orders', { FAIL: 'Y', FAIL_STEP: 'Filter rows' });
		expect(result.error?.message).toMatch(
			/^The transformation "stage_orders" \(id [0-9a-f-]+\) failed: the transformation ended with errors \(1 error in step "Filter rows", status "Finished \(with errors\)"\)$/,
		);
		expect(result.error?.description).toMatch(/Filter rows \(Stopped, 1 errors\)/);
		expect(result.error?.description).toMatch(/Unexpected error: the step was asked to fail/);
	});

	it('returns a failed run as an item with success false when errors are not to fail the node', async () => {
		const result = await runAndWait('/public/etl/stage_orders', { FAIL: 'Y' }, { errorOnErrors: false });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ success: false, statusDesc: 'Finished (with errors)' });
		expect(String(result.items[0].json.failureReason)).toMatch(/1 error in step "Table output"/);
	});

	it('stops the transformation on the server when the wait times out, and says so', async () => {
		fixture.resetRequests();
		const result = await runAndWait('/public/etl/slow', { DURATION_MS: '600000' }, { timeout: 0.3 });
		expect(result.error?.message).toMatch(
			/^The transformation "slow" \(id ([0-9a-f-]+)\) did not finish within 0\.3 s: last status "(Waiting|Running)"\. It was stopped on the server \(the server said: Transformation \[slow\] stop requested\.\)\.$/,
		);
		const id = /id ([0-9a-f-]+)/.exec(result.error!.message)![1];
		expect(requestsTo('stopTrans')).toHaveLength(1);
		expect(requestsTo('stopTrans')[0].query).toMatchObject({ name: 'slow', id, xml: 'Y' });
		expect(control().trans.status(control().trans.find('', id)!)).toBe('Stopped');
	});

	it('leaves the transformation running after a timeout when asked', async () => {
		fixture.resetRequests();
		const result = await runAndWait('/public/etl/slow', { DURATION_MS: '600000' }, { timeout: 0.2, onAbort: 'leave' });
		expect(result.error?.message).toMatch(/It was left running on the server, as 'On Timeout or Cancel' asks\.$/);
		expect(requestsTo('stopTrans')).toHaveLength(0);
		const id = /id ([0-9a-f-]+)/.exec(result.error!.message)![1];
		expect(['Waiting', 'Running']).toContain(control().trans.status(control().trans.find('', id)!));
		control().trans.stop(control().trans.find('', id)!, false);
	});

	it('stops the transformation on the server when the n8n execution is cancelled (n8n-core WorkflowExecute.cancel)', async () => {
		fixture.resetRequests();
		// The editor shows no node error for a cancelled execution: n8n's log names what was stopped (issue 30).
		const warn = jest.spyOn(Container.get(Logger), 'warn');
		const result = await runAndWait(
			'/public/etl/long_load',
			{ DURATION_MS: '600000' },
			{ pollInterval: 0.05, timeout: 0 },
			{ onStarted: (cancel: () => void) => void seen('transStatus', 2).then(cancel) },
		);
		// n8n marks the execution cancelled; the node's error says what became of the remote run.
		expect(result.error?.message).toMatch(
			/^The n8n execution was cancelled while waiting for the transformation "long_load" \(id [0-9a-f-]+\): last status "(Waiting|Running)"\. It was stopped on the server/,
		);
		expect(requestsTo('stopTrans')).toHaveLength(1);
		const stop = requestsTo('stopTrans')[0];
		const trans = control().trans.find('', stop.query.id)!;
		expect(trans.name).toBe('long_load');
		expect(control().trans.status(trans)).toBe('Stopped');
		expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([
			expect.stringMatching(/^Dataflow Run and Wait: The n8n execution was cancelled while waiting for the transformation "long_load" \(id [0-9a-f-]+\).*It was stopped on the server/),
		]);
		warn.mockRestore();
	});

	it('safe-stops on cancel when asked: the input stops, the rows already read reach the output', async () => {
		fixture.resetRequests();
		await runAndWait(
			'/public/etl/long_load',
			{ DURATION_MS: '600000' },
			{ pollInterval: 0.05, timeout: 0, onAbort: 'safeStop' },
			{ onStarted: (cancel: () => void) => void seen('transStatus', 2).then(cancel) },
		);
		expect(requestsTo('stopTrans')[0].query).toMatchObject({ inputOnly: 'Y' });
	});

	it('removes the finished transformation from the server after reading its result, when asked', async () => {
		fixture.resetRequests();
		const result = await runAndWait('/public/etl/tidy', {}, { removeWhenDone: true });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ success: true, removedFromServer: true });
		expect(control().trans.find('', String(result.items[0].json.id))).toBeUndefined();
		const paths = fixture.emulator.app.requests.map((r) => r.path.split('/').pop());
		expect(paths.lastIndexOf('removeTrans')).toBeGreaterThan(paths.lastIndexOf('transStatus'));
	});
});

describe('Transformation: control operations against the emulator', () => {
	async function started(parameters: Record<string, string> = { DURATION_MS: '600000' }) {
		const result = await transformation('run', { transPath: '/public/etl/controlled', transParameters: pairs(parameters), options: { logLevel: 'Basic' } });
		expect(result.error).toBeUndefined();
		return String(result.items[0].json.id);
	}

	it('runs, pauses, resumes, reads the steps, stops safely and removes', async () => {
		const id = await started();
		fixture.emulator.app.advanceClock(1000);
		const ref = { transName: 'controlled', options: { transId: id } };

		const paused = await transformation('pause', ref);
		expect(paused.items[0].json).toMatchObject({ id, paused: true, changed: true, statusDesc: 'Paused' });
		const again = await transformation('pause', ref);
		expect(again.items[0].json).toMatchObject({ paused: true, changed: false });

		const status = await transformation('getStatus', ref);
		expect(status.items[0].json).toMatchObject({ id, statusDesc: 'Paused', paused: true });
		expect((status.items[0].json.steps as any[]).every((s) => s.paused === true)).toBe(true);

		const resumed = await transformation('resume', ref);
		expect(resumed.items[0].json).toMatchObject({ paused: false, changed: true, statusDesc: 'Running' });

		const refused = await transformation('remove', ref);
		expect(refused.error?.message).toMatch(/is still running \(status "Running"\): stop it first/);

		const stopped = await transformation('stop', { ...ref, options: { ...ref.options, safeStop: true } });
		expect(stopped.items[0].json).toMatchObject({ id, stopRequested: true, safeStop: true });
		const after = await transformation('getStatus', ref);
		expect(after.items[0].json.statusDesc).toBe('Stopped');
		const steps = after.items[0].json.steps as any[];
		expect(steps[0]).toMatchObject({ stopped: true });
		expect(steps[2].linesOutput).toBe(steps[0].linesInput);

		const removed = await transformation('remove', ref);
		expect(removed.items[0].json).toMatchObject({ removed: true, id });
		const gone = await transformation('getStatus', ref);
		expect(gone.error?.message).toMatch(/could not be found/);
	});

	it('downloads the image, and fails clearly for a transformation the server does not know (empty answer)', async () => {
		const id = await started({ DURATION_MS: '50' });
		const image = await transformation('getImage', { transName: 'controlled', binaryPropertyName: 'picture', options: { transId: id } });
		expect(image.error).toBeUndefined();
		expect(image.items[0].binary?.picture.mimeType).toBe('image/png');
		const missing = await transformation('getImage', { transName: 'nothing', binaryPropertyName: 'picture', options: { transId: 'no-such-id' } });
		expect(missing.error?.message).toBe('The transformation "nothing" (id no-such-id) could not be found on the server (it answered an empty body instead of an image)');
	});

	it('refuses to pause a transformation that has ended', async () => {
		const id = await started({ DURATION_MS: '10' });
		fixture.emulator.app.advanceClock(1000);
		const result = await transformation('pause', { transName: 'controlled', options: { transId: id } });
		expect(result.error?.message).toMatch(/cannot be paused: it has already ended \(status "Finished"\)$/);
	});

	it('executes from a repository with the password in the form body only, and from a file', async () => {
		fixture.resetRequests();
		const ok = await transformation('execute', {
			executeSource: 'repository',
			repositoryName: 'dataflow',
			executePath: '/public/etl/stage_customers.ktr',
			options: { logLevel: 'Minimal', repositoryPassword: 'password', repositoryUser: 'admin' },
			executeParameters: pairs({ REGION: 'EU' }),
			executeVariables: pairs({ BATCH: '7' }),
		});
		expect(ok.error).toBeUndefined();
		expect(ok.items[0].json).toMatchObject({ transName: 'stage_customers', transPath: '/public/etl/stage_customers', success: true, repository: 'dataflow' });
		// The servlet writes the XML declaration before running: a run whose steps write nothing has no output (issue 28, defect 2).
		expect(ok.items[0].json).not.toHaveProperty('output');
		const request = requestsTo('executeTrans')[0];
		expect(request.method).toBe('POST');
		expect(Object.keys(request.query)).toEqual([]);
		const ran = control().trans.list[control().trans.list.length - 1];
		expect(ran).toMatchObject({ name: 'stage_customers', source: 'execute', logLevel: 'Minimal', parameters: { REGION: 'EU', BATCH: '7' } });

		const badPassword = await transformation('execute', {
			executeSource: 'repository',
			repositoryName: 'dataflow',
			executePath: '/public/etl/stage_customers',
			options: { repositoryPassword: 'wrong-secret', repositoryUser: 'admin' },
		});
		expect(badPassword.error?.message).toMatch(/Repository login failed/);
		expect(badPassword.error?.description).toMatch(/the repository refused the Repository User and Repository Password/);
		expect(`${badPassword.error?.message} ${badPassword.error?.description}`).not.toContain('wrong-secret');

		const failing = await transformation('execute', { executeSource: 'file', executePath: '/opt/etl/load.ktr', executeParameters: pairs({ FAIL: 'Y' }) });
		expect(failing.error?.message).toMatch(/Error executing transformation/);
		expect((failing.error as any)?.httpCode).toBe('500');
	});
});

describe('Job: control operations against the emulator', () => {
	const jobs = () => control().engine;

	it('executes a job from a repository, stops it, starts it again and removes it', async () => {
		const executed = await run(node, {
			parameters: {
				resource: 'job',
				operation: 'execute',
				executeSource: 'repository',
				repositoryName: 'dataflow',
				executePath: '/public/etl/nightly.kjb',
				options: { repositoryPassword: 'password', repositoryUser: 'admin' },
				executeParameters: pairs({ DURATION_MS: '600000' }),
			},
			credentials: credentials(),
		});
		expect(executed.error).toBeUndefined();
		const id = String(executed.items[0].json.id);
		expect(executed.items[0].json).toMatchObject({ jobName: 'nightly', jobPath: '/public/etl/nightly', message: 'Job started' });
		const ref = { resource: 'job', jobName: 'nightly', options: { jobId: id } };
		fixture.emulator.app.advanceClock(1000);

		const stillRunning = await run(node, { parameters: { ...ref, operation: 'start' }, credentials: credentials() });
		expect(stillRunning.error?.message).toMatch(/still running/);

		const stopped = await run(node, { parameters: { ...ref, operation: 'stop' }, credentials: credentials() });
		expect(stopped.items[0].json).toMatchObject({ stopRequested: true, message: 'Job [nightly] stop requested.' });
		const job = jobs().jobs.find((j) => j.id === id)!;
		expect(jobs().status(job)).toBe('Stopped');

		const restarted = await run(node, { parameters: { ...ref, operation: 'start' }, credentials: credentials() });
		expect(restarted.items[0].json).toMatchObject({ id, started: true });
		expect(jobs().status(job)).not.toBe('Stopped');

		const refused = await run(node, { parameters: { ...ref, operation: 'remove' }, credentials: credentials() });
		expect(refused.error?.message).toMatch(/still running/);
		const removed = await run(node, { parameters: { ...ref, operation: 'remove', options: { ...ref.options, removeRunning: true } }, credentials: credentials() });
		expect(removed.items[0].json).toMatchObject({ removed: true });
		expect(jobs().jobs.find((j) => j.id === id)).toBeUndefined();
	});

	it('Run and Wait stops the job on the server when the wait times out, and removes a finished one when asked', async () => {
		fixture.resetRequests();
		const slow = await run(node, {
			parameters: { resource: 'job', operation: 'runAndWait', jobPath: '/public/etl/slow_job', jobParameters: pairs({ DURATION_MS: '600000' }), options: { pollInterval: 0.05, timeout: 0.3 } },
			credentials: credentials(),
		});
		expect(slow.error?.message).toMatch(/^The job "slow_job" \(id [0-9a-f-]+\) did not finish within 0\.3 s: last status "(Waiting|Running)"\. It was stopped on the server/);
		const id = requestsTo('stopJob')[0].query.id;
		expect(jobs().status(jobs().jobs.find((j) => j.id === id)!)).toBe('Stopped');

		const tidy = await run(node, {
			parameters: { resource: 'job', operation: 'runAndWait', jobPath: '/public/etl/tidy_job', options: { pollInterval: 0.05, timeout: 10, removeWhenDone: true } },
			credentials: credentials(),
		});
		expect(tidy.items[0].json).toMatchObject({ success: true, removedFromServer: true });
		expect(jobs().jobs.find((j) => j.id === tidy.items[0].json.id)).toBeUndefined();
	});

	it('Run and Wait stops the job when the n8n execution is cancelled', async () => {
		fixture.resetRequests();
		const result = await run(node, {
			parameters: { resource: 'job', operation: 'runAndWait', jobPath: '/public/etl/cancelled_job', jobParameters: pairs({ DURATION_MS: '600000' }), options: { pollInterval: 0.05, timeout: 0 } },
			credentials: credentials(),
			onStarted: (cancel: () => void) => void seen('jobStatus', 2).then(cancel),
		});
		expect(result.error?.message).toMatch(/^The n8n execution was cancelled while waiting for the job "cancelled_job" \(id [0-9a-f-]+\): last status "(Waiting|Running)"\. It was stopped on the server/);
		expect(requestsTo('stopJob')).toHaveLength(1);
		const job = jobs().jobs.find((j) => j.id === requestsTo('stopJob')[0].query.id)!;
		expect(job.name).toBe('cancelled_job');
		expect(jobs().status(job)).toBe('Stopped');
	});
});
