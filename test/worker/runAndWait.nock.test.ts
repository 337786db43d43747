/** Run and Wait against exact server answers: polling by id, incremental log, failure policy, timeout. */
import nock from 'nock';

import { DataflowWorker } from '../../nodes/Worker/DataflowWorker.node';
import { run, SERVER_PASSWORD, serverCredentials } from '../harness';
import { FINISHED_RESULT, statusXml, webResult, WORKER, XML } from './helpers';

const node = new DataflowWorker();
const AUTH = `Basic ${Buffer.from(`admin:${SERVER_PASSWORD}`).toString('base64')}`;
const credentials = { dataflowServerApi: serverCredentials(WORKER) };
const worker = () => nock(WORKER, { reqheaders: { authorization: AUTH } });

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

const base = {
	resource: 'job',
	operation: 'runAndWait',
	jobPath: '/public/etl/load_sales.kjb',
	jobParameters: { entry: [{ name: 'DATE', value: '2024-01-31' }] },
	options: { logLevel: 'Detailed', pollInterval: 0.01, timeout: 5 },
};

function started(id = 'job-1') {
	return worker()
		.get('/dataflow/runJob')
		.query({ job: '/public/etl/load_sales', level: 'Detailed', DATE: '2024-01-31' })
		.reply(200, webResult('OK', 'Job started', id), XML);
}

/** A jobStatus answer for one poll, asked by name and id from a line. */
function poll(from: number, doc: Parameters<typeof statusXml>[0], id = 'job-1') {
	return worker().get('/dataflow/jobStatus').query({ name: 'load_sales', id, xml: 'Y', from: String(from) }).reply(200, statusXml({ id, ...doc }), XML);
}

const running = (over: Record<string, string | number> = {}) => ({ ...FINISHED_RESULT, result: 'N', lines_read: 10, lines_written: 5, ...over });

describe('Job: Run and Wait', () => {
	it('runs by path, polls by the returned id with from = last line seen, and returns status, counters, duration and the whole log', async () => {
		const scopes = [
			started(),
			poll(0, { status: 'Waiting', log: '', first: 0, last: 0, result: running() }),
			poll(0, { status: 'Running', log: 'line 1\nline 2\n', first: 0, last: 2, result: running() }),
			poll(2, { status: 'Running', log: 'line 3\n', first: 2, last: 5, result: running() }),
			poll(5, { status: 'Finished', log: 'line 4\nline 5\n', first: 5, last: 7 }),
		];
		const result = await run(node, { parameters: base, credentials });
		expect(result.error).toBeUndefined();
		for (const scope of scopes) scope.done();
		expect(result.items).toHaveLength(1);
		const json = result.items[0].json;
		expect(json).toMatchObject({
			id: 'job-1',
			jobName: 'load_sales',
			jobPath: '/public/etl/load_sales',
			success: true,
			statusDesc: 'Finished',
			errorDesc: '',
			logDate: '2024-01-31T10:15:30.250',
			statusRequests: 4,
			logLineCount: 5,
			log: 'line 1\nline 2\nline 3\nline 4\nline 5\n',
			result: {
				linesInput: 0,
				linesOutput: 10,
				linesRead: 100,
				linesWritten: 90,
				linesUpdated: 1,
				linesRejected: 0,
				linesDeleted: 2,
				nrErrors: 0,
				nrFilesRetrieved: 3,
				entryNr: 0,
				result: true,
				exitStatus: 0,
				isStopped: false,
				logChannelId: 'chan-1',
				logText: '',
				elapsedTimeMillis: 1234,
			},
		});
		expect(json).not.toHaveProperty('failureReason');
		expect(typeof json.durationMs).toBe('number');
		expect(json.durationMs).toBeGreaterThanOrEqual(30);
		expect(Date.parse(json.finishedAt as string) - Date.parse(json.startedAt as string)).toBe(json.durationMs);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
	});

	it('keeps every line once when the server ignores "from" and answers the whole log again', async () => {
		const scopes = [
			started(),
			poll(0, { status: 'Running', log: 'a\nb\n', first: 0, last: 2, result: running() }),
			poll(2, { status: 'Running', log: 'a\nb\nc\n', first: 0, last: 3, result: running() }),
			poll(3, { status: 'Finished', log: 'a\nb\nc\nd\n', first: 0, last: 4 }),
		];
		const result = await run(node, { parameters: base, credentials });
		for (const scope of scopes) scope.done();
		expect(result.items[0].json).toMatchObject({ log: 'a\nb\nc\nd\n', logLineCount: 4, statusRequests: 3 });
	});

	it('returns only the last N lines of the log with "Log Lines to Keep"', async () => {
		started();
		poll(0, { status: 'Running', log: 'l1\nl2\nl3\n', first: 0, last: 3, result: running() });
		poll(3, { status: 'Finished', log: 'l4\nl5\n', first: 3, last: 5 });
		const result = await run(node, { parameters: { ...base, options: { ...base.options, logLines: 2 } }, credentials });
		expect(result.items[0].json).toMatchObject({ log: 'l4\nl5\n', logLineCount: 5 });
	});

	it('fails on "Finished (with errors)" by default, naming the reason and the last log lines', async () => {
		started();
		poll(0, {
			status: 'Finished (with errors)',
			log: 'start\nERROR: table sales is locked\n',
			first: 0,
			last: 2,
			result: { ...FINISHED_RESULT, nr_errors: 2, result: 'N', exit_status: 1 },
		});
		const result = await run(node, { parameters: base, credentials });
		expect(result.error?.message).toBe('The job "load_sales" (id job-1) failed: the job finished with errors (2 errors)');
		expect(result.error?.description).toContain('Final status "Finished (with errors)"');
		expect(result.error?.description).toContain('ERROR: table sales is locked');
		expect(result.items).toEqual([]);
	});

	it('passes a failed job through as data with "Error on Job Errors" off', async () => {
		started();
		poll(0, { status: 'Finished (with errors)', log: 'x\n', first: 0, last: 1, result: { ...FINISHED_RESULT, nr_errors: 1, result: 'N' } });
		const result = await run(node, { parameters: { ...base, options: { ...base.options, errorOnJobErrors: false } }, credentials });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			success: false,
			statusDesc: 'Finished (with errors)',
			failureReason: 'the job finished with errors (1 error)',
			result: { nrErrors: 1, result: false },
			log: 'x\n',
		});
	});

	it.each([
		['Finished', { nr_errors: 3 }, 'the job reported 3 errors'],
		['Finished', { result: 'N' }, 'the job finished with result "N" (its last entry failed)'],
	])('fails on a "%s" status with %j', async (status, over, reason) => {
		started();
		poll(0, { status, log: '', first: 0, last: 0, result: { ...FINISHED_RESULT, ...over } });
		const result = await run(node, { parameters: base, credentials });
		expect(result.error?.message).toBe(`The job "load_sales" (id job-1) failed: ${reason}`);
	});

	it('fails on an error description even when the status says Finished', async () => {
		started();
		poll(0, { status: 'Finished', error: 'Connection lost', log: '', first: 0, last: 0 });
		const result = await run(node, { parameters: base, credentials });
		expect(result.error?.message).toBe('The job "load_sales" (id job-1) failed: the server reported an error: Connection lost');
	});

	it.each(['Stopped', 'Stopped (with errors)'])('fails on "%s" by default, and passes it through with "Error When Stopped" off', async (status) => {
		started();
		poll(0, { status: 'Halting', log: '', first: 0, last: 0, result: running() });
		poll(0, { status, log: 'stopped by user\n', first: 0, last: 1, result: { ...FINISHED_RESULT, is_stopped: 'Y', result: 'N' } });
		const failed = await run(node, { parameters: base, credentials });
		expect(failed.error?.message).toBe(`The job "load_sales" (id job-1) failed: the job was stopped (status "${status}")`);

		started();
		poll(0, { status, log: 'stopped by user\n', first: 0, last: 1, result: { ...FINISHED_RESULT, is_stopped: 'Y', result: 'N' } });
		const passed = await run(node, { parameters: { ...base, options: { ...base.options, errorWhenStopped: false } }, credentials });
		expect(passed.error).toBeUndefined();
		expect(passed.items[0].json).toMatchObject({ success: false, statusDesc: status, failureReason: `the job was stopped (status "${status}")` });
	});

	it('a stopped job still fails when only "Error on Job Errors" is turned off', async () => {
		started();
		poll(0, { status: 'Stopped', log: '', first: 0, last: 0, result: { ...FINISHED_RESULT, is_stopped: 'Y' } });
		const result = await run(node, { parameters: { ...base, options: { ...base.options, errorOnJobErrors: false } }, credentials });
		expect(result.error?.message).toMatch(/was stopped/);
	});

	it('times out with an error naming the last status seen, never as success', async () => {
		started();
		const status = worker()
			.get('/dataflow/jobStatus')
			.query({ name: 'load_sales', id: 'job-1', xml: 'Y', from: /\d+/ })
			.reply(200, statusXml({ status: 'Running', log: '', first: 0, last: 0, result: running() }), XML)
			.persist();
		// By default the job is stopped on the server when the wait gives up (stopJob by name and id).
		const stop = worker()
			.get('/dataflow/stopJob')
			.query({ name: 'load_sales', id: 'job-1', xml: 'Y' })
			.reply(200, webResult('OK', 'Job [load_sales] stop requested.'), XML);
		const began = Date.now();
		const result = await run(node, { parameters: { ...base, options: { ...base.options, pollInterval: 0.02, timeout: 0.15 } }, credentials });
		const took = Date.now() - began;
		expect(result.error?.message).toBe(
			'The job "load_sales" (id job-1) did not finish within 0.15 s: last status "Running". It was stopped on the server (the server said: Job [load_sales] stop requested.).',
		);
		expect(result.error?.description).toMatch(/; stopped on the server\./);
		stop.done();
		expect(result.items).toEqual([]);
		expect(took).toBeGreaterThanOrEqual(150);
		expect(took).toBeLessThan(3000);
		expect(status.isDone()).toBe(true);
	});

	it('a 200 answer with result=ERROR from runJob fails with the server message and polls nothing', async () => {
		worker()
			.get('/dataflow/runJob')
			.query(true)
			.reply(200, webResult('ERROR', 'Unable to find repository [prod] on this server'), XML);
		const status = worker().get('/dataflow/jobStatus').query(true).reply(200, statusXml({ status: 'Finished' }), XML);
		const result = await run(node, { parameters: base, credentials });
		expect(result.error?.message).toBe('Unable to find repository [prod] on this server');
		expect(status.isDone()).toBe(false);
	});

	it('a 200 answer with result=ERROR while polling fails with the server message', async () => {
		started();
		poll(0, { status: 'Running', log: 'a\n', first: 0, last: 1, result: running() });
		worker()
			.get('/dataflow/jobStatus')
			.query({ name: 'load_sales', id: 'job-1', xml: 'Y', from: '1' })
			.reply(200, webResult('ERROR', 'The job was removed from the server'), XML);
		const result = await run(node, { parameters: base, credentials });
		expect(result.error?.message).toBe('The job was removed from the server');
	});

	it('runJob without an id in its answer is an error, not a wait for nothing', async () => {
		worker().get('/dataflow/runJob').query(true).reply(200, webResult('OK', 'Job started', ''), XML);
		const result = await run(node, { parameters: base, credentials });
		expect(result.error?.message).toBe('The server accepted the run of /public/etl/load_sales but returned no job id (message: Job started)');
	});

	it('refuses bad input before any request: empty job path, bad interval or timeout', async () => {
		const scope = worker().get('/dataflow/runJob').query(true).reply(200, webResult('OK', '', 'x'), XML);
		for (const [over, message] of [
			[{ jobPath: '={{ "" }}' }, /Job Path is empty/],
			[{ options: { ...base.options, pollInterval: '={{ 0 }}' } }, /Poll Interval must be a number of seconds above 0/],
			[{ options: { ...base.options, timeout: '={{ -1 }}' } }, /Timeout must be a number of seconds/],
		] as const) {
			const result = await run(node, { parameters: { ...base, ...over }, credentials });
			expect(result.error?.message).toMatch(message);
		}
		expect(scope.isDone()).toBe(false);
	});

	it('continueOnFail: each input item runs its own job; a failed one gives one paired error item', async () => {
		worker().get('/dataflow/runJob').query({ job: '/public/a', level: 'Basic' }).reply(200, webResult('OK', 'Job started', 'id-a'), XML);
		worker().get('/dataflow/runJob').query({ job: '/public/b', level: 'Basic' }).reply(200, webResult('OK', 'Job started', 'id-b'), XML);
		worker().get('/dataflow/jobStatus').query({ name: 'a', id: 'id-a', xml: 'Y', from: '0' }).reply(200, statusXml({ name: 'a', id: 'id-a', status: 'Finished', log: 'ok\n', last: 1 }), XML);
		worker()
			.get('/dataflow/jobStatus')
			.query({ name: 'b', id: 'id-b', xml: 'Y', from: '0' })
			.reply(200, statusXml({ name: 'b', id: 'id-b', status: 'Finished (with errors)', last: 1, result: { ...FINISHED_RESULT, nr_errors: 1 } }), XML);
		const result = await run(node, {
			parameters: { ...base, jobPath: '={{$json.path}}', jobParameters: {}, options: { ...base.options, logLevel: 'Basic' } },
			credentials,
			input: [{ json: { path: '/public/a' } }, { json: { path: '/public/b' } }, { json: { path: '' } }],
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(result.items[0].json).toMatchObject({ id: 'id-a', jobName: 'a', success: true, log: 'ok\n' });
		expect(result.items[1].json).toMatchObject({ error: 'The job "b" (id id-b) failed: the job finished with errors (1 error)' });
		expect(result.items[2].json.error).toMatch(/Job Path is empty/);
	});
});
