/** Job Stop, Remove, Start and Execute, and Run and Wait's remove-when-done, against exact server answers. */
import nock from 'nock';

import { DataflowWorker } from '../../nodes/Worker/DataflowWorker.node';
import { run, SERVER_PASSWORD, serverCredentials } from '../harness';
import { statusXml, webResult, WORKER, XML } from './helpers';

const node = new DataflowWorker();
const AUTH = `Basic ${Buffer.from(`admin:${SERVER_PASSWORD}`).toString('base64')}`;
const credentials = { dataflowServerApi: serverCredentials(WORKER) };
const worker = () => nock(WORKER, { reqheaders: { authorization: AUTH } });
const OK_EMPTY = `<?xml version="1.0" encoding="UTF-8"?>\n<webresult><result>OK</result><message/><id/></webresult>`;

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

const ref = { resource: 'job', jobName: 'load_sales', options: { jobId: 'job-1' } };

describe('Job control (exact requests)', () => {
	it('Stop sends name, id and xml=Y and returns the server message (HTML-encoded by newer servers, decoded)', async () => {
		const scope = worker()
			.get('/dataflow/stopJob')
			.query({ name: 'load_sales', id: 'job-1', xml: 'Y' })
			.reply(200, webResult('OK', 'Job [load&#39;s] stop requested.'), XML);
		const result = await run(node, { parameters: { ...ref, operation: 'stop' }, credentials });
		scope.done();
		expect(result.items[0].json).toEqual({ jobName: 'load_sales', id: 'job-1', stopRequested: true, message: "Job [load's] stop requested." });
	});

	it('Stop of a job the server does not know fails with its message', async () => {
		worker().get('/dataflow/stopJob').query(true).reply(200, webResult('ERROR', 'Job [load_sales] could not be found.'), XML);
		const result = await run(node, { parameters: { ...ref, operation: 'stop' }, credentials });
		expect(result.error?.message).toBe('Job [load_sales] could not be found.');
	});

	it('Remove reads the status without the log, then removes; a running job is refused unless asked', async () => {
		const status = (s: string) =>
			worker().get('/dataflow/jobStatus').query({ name: 'load_sales', id: 'job-1', xml: 'Y', from: '2147483647' }).reply(200, statusXml({ status: s }), XML);
		status('Finished');
		const remove = worker().get('/dataflow/removeJob').query({ name: 'load_sales', id: 'job-1', xml: 'Y' }).reply(200, OK_EMPTY, XML);
		const removed = await run(node, { parameters: { ...ref, operation: 'remove' }, credentials });
		remove.done();
		expect(removed.items[0].json).toEqual({ jobName: 'load_sales', id: 'job-1', removed: true });

		status('Running');
		const never = worker().get('/dataflow/removeJob').query(true).reply(200, OK_EMPTY, XML);
		const refused = await run(node, { parameters: { ...ref, operation: 'remove' }, credentials });
		expect(refused.error?.message).toBe('The job "load_sales" (id job-1) is still running (status "Running"): stop it first, or turn on "Remove Even if Running"');
		expect(never.isDone()).toBe(false);
	});

	const serverStatus = (jobs: Array<[string, string, string]>) =>
		'<?xml version="1.0" encoding="UTF-8"?>\n<serverstatus><statusdesc>Online</statusdesc><jobstatuslist>' +
		jobs.map(([name, id, status]) => `<jobstatus><jobname>${name}</jobname><id>${id}</id><status_desc>${status}</status_desc></jobstatus>`).join('') +
		'</jobstatuslist><transstatuslist/></serverstatus>';

	it('Start reads the status list, then sends name, id and fetchJobConfigFromEntry=Y; a 404 (not found) and a 500 (still running) fail with the server message', async () => {
		worker().get('/dataflow/status').query({ xml: 'Y' }).reply(200, serverStatus([['load_sales', 'job-1', 'Finished']]), XML);
		const scope = worker()
			.get('/dataflow/startJob')
			.query({ name: 'load_sales', id: 'job-1', fetchJobConfigFromEntry: 'Y', xml: 'Y' })
			.reply(200, webResult('OK', 'Job [load_sales] was started.', 'job-1'), XML);
		const started = await run(node, { parameters: { ...ref, operation: 'start' }, credentials });
		scope.done();
		expect(started.items[0].json).toEqual({ jobName: 'load_sales', id: 'job-1', started: true, message: 'Job [load_sales] was started.' });

		worker().get('/dataflow/status').query(true).reply(200, serverStatus([]), XML);
		worker().get('/dataflow/startJob').query(true).reply(404, webResult('ERROR', 'The specified job [load_sales] could not be found'), XML);
		const missing = await run(node, { parameters: { ...ref, operation: 'start' }, credentials });
		expect(missing.error?.message).toMatch(/could not be found/);
		expect((missing.error as { httpCode?: string }).httpCode).toBe('404');
	});

	it('Start of an ended run that is not the first of its name is refused before anything starts (issue 28, defect 1)', async () => {
		worker()
			.get('/dataflow/status')
			.query({ xml: 'Y' })
			.reply(200, serverStatus([['load_sales', 'job-0', 'Finished'], ['load_sales', 'job-1', 'Finished (with errors)'], ['other', 'job-2', 'Running']]), XML);
		const never = worker().get('/dataflow/startJob').query(true).reply(200, webResult('OK', 'Job [load_sales] was started.', 'job-1'), XML);
		const refused = await run(node, { parameters: { ...ref, operation: 'start' }, credentials });
		expect(refused.error?.message).toBe('The worker server holds 2 runs named "load_sales": restarting this ended run could run it with another run\'s parameters. Nothing was started.');
		expect(refused.error?.description).toMatch(/first run of its name \(here job-0\)/);
		expect(never.isDone()).toBe(false);
		nock.cleanAll();

		// The first run of the name is safe (its own configuration), and so is a run that has not ended.
		worker().get('/dataflow/status').query(true).reply(200, serverStatus([['load_sales', 'job-1', 'Finished'], ['load_sales', 'job-0', 'Finished']]), XML);
		worker().get('/dataflow/startJob').query(true).reply(200, webResult('OK', 'Job [load_sales] was started.', 'job-1'), XML);
		expect((await run(node, { parameters: { ...ref, operation: 'start' }, credentials })).error).toBeUndefined();
		worker().get('/dataflow/status').query(true).reply(200, serverStatus([['load_sales', 'job-0', 'Finished'], ['load_sales', 'job-1', 'Waiting']]), XML);
		worker().get('/dataflow/startJob').query(true).reply(200, webResult('OK', 'Job [load_sales] was started.', 'job-1'), XML);
		expect((await run(node, { parameters: { ...ref, operation: 'start' }, credentials })).error).toBeUndefined();
	});

	it('Execute POSTs a form body (password never in the URL) and returns the new id', async () => {
		const scope = worker()
			.post('/dataflow/executeJob', (body) => {
				expect(body).toEqual({ rep: 'dataflow', user: 'etl', pass: 'J0b-Secret', job: '/public/etl/nightly', level: 'Debug', DATE: '2024-01-31' });
				return true;
			})
			.matchHeader('content-type', 'application/x-www-form-urlencoded; charset=UTF-8')
			.reply(200, webResult('OK', 'Job started', 'job-9'), XML);
		const result = await run(node, {
			parameters: {
				resource: 'job',
				operation: 'execute',
				executeSource: 'repository',
				repositoryName: 'dataflow',
				executePath: '/public/etl/nightly.kjb',
				options: { logLevel: 'Debug', repositoryPassword: 'J0b-Secret', repositoryUser: 'etl' },
				executeParameters: { entry: [{ name: 'DATE', value: '2024-01-31' }] },
			},
			credentials,
		});
		scope.done();
		expect(result.items[0].json).toEqual({ id: 'job-9', jobName: 'nightly', jobPath: '/public/etl/nightly', source: 'repository', message: 'Job started', repository: 'dataflow' });
		expect(JSON.stringify(result.items)).not.toContain('J0b-Secret');
	});

	it('Execute from a file sends no repository fields; a 404 fails with the server message', async () => {
		worker()
			.post('/dataflow/executeJob', (body) => body.job === '/opt/etl/nightly.kjb' && !('rep' in body) && !('pass' in body))
			.reply(404, webResult('ERROR', 'Unable to read the job file /opt/etl/nightly.kjb'), XML);
		const result = await run(node, { parameters: { resource: 'job', operation: 'execute', executeSource: 'file', executePath: '/opt/etl/nightly.kjb' }, credentials });
		expect(result.error?.message).toBe('Unable to read the job file /opt/etl/nightly.kjb');
	});

	it('Execute refuses a .ktr and reserved names before any request', async () => {
		const any = worker().post(/.*/).reply(200, '').persist();
		for (const [parameters, message] of [
			[{ executePath: '/x/a.ktr' }, /is a transformation \(\.ktr\): use the Transformation resource/],
			[{ executePath: '/x/a.kjb', executeVariables: { entry: [{ name: 'job', value: '1' }] } }, /name "job" is reserved/],
		] as const) {
			const result = await run(node, { parameters: { resource: 'job', operation: 'execute', executeSource: 'file', ...parameters } as never, credentials });
			expect(result.error?.message).toMatch(message);
		}
		expect(any.isDone()).toBe(false);
	});

	it('Run and Wait removes the ended job after reading its last status, when asked', async () => {
		worker().get('/dataflow/runJob').query(true).reply(200, webResult('OK', 'Job started', 'job-1'), XML);
		const last = worker().get('/dataflow/jobStatus').query({ name: 'load_sales', id: 'job-1', xml: 'Y', from: '0' }).reply(200, statusXml({ status: 'Finished' }), XML);
		const remove = worker().get('/dataflow/removeJob').query({ name: 'load_sales', id: 'job-1', xml: 'Y' }).reply(200, OK_EMPTY, XML);
		const result = await run(node, {
			parameters: { resource: 'job', operation: 'runAndWait', jobPath: '/public/etl/load_sales', options: { pollInterval: 0.01, timeout: 5, removeWhenDone: true } },
			credentials,
		});
		last.done();
		remove.done();
		expect(result.items[0].json).toMatchObject({ success: true, removedFromServer: true });
	});

	it('Run and Wait reports a failed removal in the output instead of hiding it', async () => {
		worker().get('/dataflow/runJob').query(true).reply(200, webResult('OK', 'Job started', 'job-1'), XML);
		worker().get('/dataflow/jobStatus').query(true).reply(200, statusXml({ status: 'Finished' }), XML);
		worker().get('/dataflow/removeJob').query(true).reply(200, webResult('ERROR', 'The specified job [load_sales] could not be found'), XML);
		const result = await run(node, {
			parameters: { resource: 'job', operation: 'runAndWait', jobPath: '/public/etl/load_sales', options: { pollInterval: 0.01, timeout: 5, removeWhenDone: true } },
			credentials,
		});
		expect(result.items[0].json).toMatchObject({ success: true, removedFromServer: false, removeError: 'The specified job [load_sales] could not be found' });
	});
});
