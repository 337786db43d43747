/** The Worker node's job operations against the emulator over real HTTP: Run and Wait end to end, Add, Get Status, Get Image, Run (split per resource from worker.emulator.test.ts). */
import { inflateSync } from 'node:zlib';

import type { WorkerState } from '../../emulator/areas/worker';
import { DataflowWorker } from '../../nodes/Worker/DataflowWorker.node';
import { run } from '../harness';
import { useEmulator } from '../helpers/emulator';

const node = new DataflowWorker();
const fixture = useEmulator({ jobDurationMs: 300 });

let repositoryLookup: unknown;
beforeAll(() => {
	// Most tests run made-up job paths; the repository area's lookup is put back where a test needs it.
	repositoryLookup = fixture.emulator.app.state.repositoryLookup;
	delete fixture.emulator.app.state.repositoryLookup;
});

const state = () => fixture.emulator.app.state.worker as WorkerState;
const statusRequests = () => fixture.emulator.app.requests.filter((r) => /\/jobStatus$/.test(r.path));

const KJB = `<?xml version="1.0" encoding="UTF-8"?>
<job>
  <name>emulated_load</name>
  <description>Loads &amp; checks</description>
  <entries><entry><name>START</name></entry><entry><name>Load</name></entry><entry><name>Check</name></entry></entries>
</job>`;

/** `options`: the Options collection's values over Log Level Basic, Poll Interval 0.05 s and Timeout 10 s. */
function runAndWait(jobPath: string, parameters: Record<string, string> = {}, options: Record<string, unknown> = {}) {
	return run(node, {
		parameters: {
			resource: 'job',
			operation: 'runAndWait',
			jobPath,
			jobParameters: { entry: Object.entries(parameters).map(([name, value]) => ({ name, value })) },
			options: { logLevel: 'Basic', pollInterval: 0.05, timeout: 10, ...options },
		},
		credentials: { dataflowServerApi: fixture.server() },
	});
}

describe('Worker node against the emulator: Run and Wait', () => {
	it('runs a job by path and waits: every log line once, paged with from, counters typed', async () => {
		fixture.resetRequests();
		const result = await runAndWait('/public/etl/load_sales.kjb', { LOG_LINES: '25', ROWS: '40' });
		expect(result.error).toBeUndefined();
		const json = result.items[0].json as Record<string, any>;
		expect(json).toMatchObject({ jobName: 'load_sales', jobPath: '/public/etl/load_sales', success: true, statusDesc: 'Finished', logLineCount: 25 });
		expect(json.result).toMatchObject({ linesRead: 40, linesWritten: 40, nrErrors: 0, result: true, isStopped: false });
		const lines = (json.log as string).trimEnd().split('\n');
		expect(lines).toHaveLength(25);
		expect(new Set(lines).size).toBe(25);
		expect(lines[0]).toMatch(/ - load_sales - Start of job execution$/);
		expect(lines[24]).toMatch(/ - load_sales - Job execution finished$/);
		expect(json.durationMs).toBeGreaterThanOrEqual(250);

		const polls = statusRequests();
		expect(polls).toHaveLength(json.statusRequests);
		expect(polls.every((r) => r.query.id === json.id && r.query.name === 'load_sales' && r.query.xml === 'Y')).toBe(true);
		const froms = polls.map((r) => Number(r.query.from));
		expect(froms[0]).toBe(0);
		for (let i = 1; i < froms.length; i++) expect(froms[i]).toBeGreaterThanOrEqual(froms[i - 1]);
		expect(froms[froms.length - 1]).toBeGreaterThan(0);
	});

	it('a job writing 10 000 lines comes back whole, each line once', async () => {
		const result = await runAndWait('/public/etl/big.kjb', { LOG_LINES: '10000' });
		expect(result.error).toBeUndefined();
		const json = result.items[0].json as Record<string, any>;
		expect(json.logLineCount).toBe(10000);
		const lines = (json.log as string).trimEnd().split('\n');
		expect(lines).toHaveLength(10000);
		expect(lines[9999]).toMatch(/Job execution finished$/);
		expect(lines[5000]).toMatch(/Processing step 5001 of 10000$/);
	});

	it('keeps each line once when the server ignores "from"', async () => {
		state().ignoreFrom = true;
		try {
			const result = await runAndWait('/public/etl/legacy.kjb', { LOG_LINES: '12' });
			expect(result.error).toBeUndefined();
			const log = (result.items[0].json.log as string).trimEnd().split('\n');
			expect(log).toHaveLength(12);
			expect(new Set(log).size).toBe(12);
		} finally {
			state().ignoreFrom = false;
		}
	});

	it('fails for a job that finishes with errors, and passes it through as data when asked', async () => {
		const failed = await runAndWait('/public/etl/load_sales.kjb', { FAIL: 'Y', ERRORS: '2' });
		expect(failed.error?.message).toMatch(/^The job "load_sales" \(id [0-9a-f-]+\) failed: the job finished with errors \(2 errors\)$/);
		expect(failed.error?.description).toMatch(/ERROR: Job entry \[Check data\] failed/);

		const passed = await runAndWait('/public/etl/load_sales.kjb', { FAIL: 'Y' }, { errorOnJobErrors: false });
		expect(passed.error).toBeUndefined();
		expect(passed.items[0].json).toMatchObject({ success: false, statusDesc: 'Finished (with errors)', result: { nrErrors: 1, result: false } });
	});

	it('fails for a stopped job', async () => {
		const result = await runAndWait('/public/etl/load_sales.kjb', { STOP: 'Y' });
		expect(result.error?.message).toMatch(/failed: the job was stopped \(status "Stopped"\)$/);
	});

	it('fails for a job whose result is N although no error was counted', async () => {
		const result = await runAndWait('/public/etl/load_sales.kjb', { RESULT: 'N' });
		expect(result.error?.message).toMatch(/failed: the job finished with result "N"/);
	});

	it('times out naming the last status, while the job keeps running on the server', async () => {
		const result = await runAndWait('/public/etl/slow.kjb', { DURATION_MS: '60000' }, { pollInterval: 0.05, timeout: 0.8, onAbort: 'leave' });
		expect(result.error?.message).toMatch(
			/^The job "slow" \(id [0-9a-f-]+\) did not finish within 0\.8 s: last status "Running"\. It was left running on the server, as 'On Timeout or Cancel' asks\.$/,
		);
		const job = state().jobs.find((j) => j.name === 'slow')!;
		expect(state().engine.status(job)).toBe('Running');
	});

	it('with the repository area, a job the repository does not hold fails with the server message (HTTP 200, result ERROR)', async () => {
		fixture.emulator.app.state.repositoryLookup = repositoryLookup;
		try {
			const missing = await runAndWait('/public/etl/does_not_exist.kjb');
			expect(missing.error?.message).toBe('Unable to find job in repository with Slave Server Config: dataflow');
			const present = await runAndWait('/public/etl/daily_load.kjb');
			expect(present.error).toBeUndefined();
			expect(present.items[0].json).toMatchObject({ jobName: 'daily_load', success: true });
		} finally {
			delete fixture.emulator.app.state.repositoryLookup;
		}
	});

	it('works under the kettle worker path too', async () => {
		fixture.resetRequests();
		const result = await run(node, {
			parameters: { resource: 'job', operation: 'runAndWait', jobPath: '/public/k.kjb', options: { pollInterval: 0.05, timeout: 10 } },
			credentials: { dataflowServerApi: fixture.server({ workerPath: 'kettle' }) },
		});
		expect(result.error).toBeUndefined();
		expect(fixture.requests().every((r) => r.includes('/pentaho/kettle/'))).toBe(true);
	});
});

describe('Worker node against the emulator: Run and Wait with Simplify', () => {
	it('on: the outcome in 10 fields (error count flattened, no log or result); with Include Raw Response, raw too; off: every field', async () => {
		const full = await runAndWait('/public/etl/load_sales.kjb', { LOG_LINES: '5' });
		expect(full.error).toBeUndefined();
		expect(Object.keys(full.items[0].json).length).toBeGreaterThan(10);
		expect(full.items[0].json).toHaveProperty('log');
		const simple = await runAndWait('/public/etl/load_sales.kjb', { LOG_LINES: '5' }, { simplify: true, includeRaw: true });
		expect(simple.error).toBeUndefined();
		const { raw, ...json } = simple.items[0].json;
		expect(typeof raw).toBe('string');
		expect(Object.keys(json)).toEqual(['id', 'jobName', 'success', 'statusDesc', 'errorDesc', 'errors', 'durationMs', 'startedAt', 'finishedAt', 'jobPath']);
		expect(json).toMatchObject({ jobName: 'load_sales', jobPath: '/public/etl/load_sales', success: true, statusDesc: 'Finished', errors: 0 });
	});

	it('a failed run keeps its reason in place of the path', async () => {
		const failed = await runAndWait('/public/etl/broken.kjb', { FAIL: 'Y', LOG_LINES: '3' }, { simplify: true, errorOnJobErrors: false });
		expect(failed.error).toBeUndefined();
		const json = failed.items[0].json;
		expect(json.success).toBe(false);
		expect(Object.keys(json)).toEqual(['id', 'jobName', 'success', 'statusDesc', 'failureReason', 'errorDesc', 'errors', 'durationMs', 'startedAt', 'finishedAt']);
	});
});

describe('Worker node against the emulator: other job operations', () => {
	it('Add (from binary) then Get Status until it finishes, then Get Image', async () => {
		const added = await run(node, {
			parameters: {
				resource: 'job',
				operation: 'add',
				source: 'binary',
				binaryPropertyName: 'data',
				jobParameters: { entry: [{ name: 'LOG_LINES', value: '3' }] },
				variables: { entry: [{ name: 'TARGET', value: 'dwh & mart' }] },
				options: { logLevel: 'Detailed' },
			},
			credentials: { dataflowServerApi: fixture.server() },
			input: [{ json: {}, binary: { data: { data: Buffer.from(KJB).toString('base64'), mimeType: 'application/xml', fileName: 'emulated_load.kjb' } } }],
		});
		expect(added.error).toBeUndefined();
		const { id, jobName } = added.items[0].json as { id: string; jobName: string };
		expect(jobName).toBe('emulated_load');
		const job = state().jobs.find((j) => j.id === id)!;
		expect(job).toMatchObject({ name: 'emulated_load', source: 'add', logLevel: 'Detailed', parameters: { LOG_LINES: '3' }, variables: { TARGET: 'dwh & mart' }, entries: 3 });

		const getStatus = (fromLine = 0) =>
			run(node, {
				parameters: { resource: 'job', operation: 'getStatus', jobName, options: { fromLine, jobId: id } },
				credentials: { dataflowServerApi: fixture.server() },
			});
		// addJob only registers the job (AddJobServlet never starts it): it waits until startJob.
		const first = await getStatus();
		expect(first.items[0].json.statusDesc).toBe('Waiting');
		const start = await run(node, { parameters: { resource: 'job', operation: 'start', jobName, options: { jobId: id } }, credentials: { dataflowServerApi: fixture.server() } });
		expect(start.error).toBeUndefined();
		await new Promise((resolve) => setTimeout(resolve, 400));
		const done = await getStatus();
		const json = done.items[0].json as Record<string, any>;
		expect(json).toMatchObject({ jobName: 'emulated_load', id, statusDesc: 'Finished', result: { nrErrors: 0, result: true } });
		expect(json.log.trimEnd().split('\n')).toHaveLength(3);
		const later = await getStatus(json.lastLogLineNr);
		expect(later.items[0].json.log).toBe('');

		const image = await run(node, {
			parameters: { resource: 'job', operation: 'getImage', jobName, binaryPropertyName: 'picture', options: { jobId: id } },
			credentials: { dataflowServerApi: fixture.server() },
		});
		expect(image.error).toBeUndefined();
		const binary = image.items[0].binary!.picture;
		expect(binary).toMatchObject({ mimeType: 'image/png', fileName: 'emulated_load.png' });
		const png = Buffer.from(binary.data, 'base64');
		expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
		const idatLength = png.readUInt32BE(33);
		expect(png.subarray(37, 41).toString('ascii')).toBe('IDAT');
		const width = png.readUInt32BE(16);
		const height = png.readUInt32BE(20);
		expect(inflateSync(png.subarray(41, 41 + idatLength))).toHaveLength((width * 3 + 1) * height);
	});

	it('Run returns the id that Get Status then finds; Get Image of an unknown job fails clearly', async () => {
		const started = await run(node, {
			parameters: { resource: 'job', operation: 'run', jobPath: '/public/etl/quick', jobParameters: { entry: [{ name: 'ROWS', value: '7' }] } },
			credentials: { dataflowServerApi: fixture.server() },
		});
		const { id, jobName } = started.items[0].json as { id: string; jobName: string };
		expect(state().jobs.find((j) => j.id === id)?.parameters).toEqual({ ROWS: '7' });
		const status = await run(node, {
			parameters: { resource: 'job', operation: 'getStatus', jobName, options: { jobId: id } },
			credentials: { dataflowServerApi: fixture.server() },
		});
		expect(status.items[0].json).toMatchObject({ jobName: 'quick', id });

		const missing = await run(node, {
			parameters: { resource: 'job', operation: 'getImage', jobName: 'nope' },
			credentials: { dataflowServerApi: fixture.server() },
		});
		expect(missing.error?.message).toBe("Carte couldn't find the job with name [nope] and carte object id null.");
		expect(missing.error?.httpCode).toBe('404');
	});
});

describe('Worker node against the emulator: Start of an ended run among runs of the same name (issue 28, defect 1)', () => {
	it('refuses to restart a run whose configuration the server would take from another run of that name; restarts the first one', async () => {
		const credentials = { dataflowServerApi: fixture.server() };
		const runOnce = async (rows: string) =>
			(await run(node, { parameters: { resource: 'job', operation: 'run', jobPath: '/public/etl/twin', jobParameters: { entry: [{ name: 'ROWS', value: rows }] } }, credentials })).items[0]
				.json as { id: string; jobName: string };
		const a = await runOnce('1');
		const b = await runOnce('2');
		await new Promise((resolve) => setTimeout(resolve, 400));
		const status = await run(node, { parameters: { resource: 'server', operation: 'getStatus' }, credentials });
		// The server lists its jobs in its job map's order; the first of a name is the one whose configuration a restart takes.
		const twins = status.items.filter((i) => i.json.kind === 'job' && i.json.jobName === 'twin').map((i) => String(i.json.id));
		expect(new Set(twins)).toEqual(new Set([a.id, b.id]));
		const [first, second] = twins;

		fixture.resetRequests();
		const refused = await run(node, { parameters: { resource: 'job', operation: 'start', jobName: 'twin', options: { jobId: second } }, credentials });
		expect(refused.error?.message).toMatch(/^The worker server holds 2 runs named "twin": restarting this ended run could run it with another run's parameters/);
		expect(fixture.requests().filter((r) => r.endsWith('/startJob'))).toEqual([]);

		const restarted = await run(node, { parameters: { resource: 'job', operation: 'start', jobName: 'twin', options: { jobId: first } }, credentials });
		expect(restarted.error).toBeUndefined();
		expect(restarted.items[0].json).toMatchObject({ jobName: 'twin', id: first, started: true });
		const own = first === a.id ? '1' : '2';
		expect(state().jobs.find((j) => j.id === first)?.parameters).toEqual({ ROWS: own });
	});
});

