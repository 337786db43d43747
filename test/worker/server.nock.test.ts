/** Exact requests of the Worker's Server operations (Get Status, Stop) and the items that come out (split from worker.nock.test.ts). */
import nock from 'nock';

import { DataflowServerApi } from '../../credentials/DataflowServerApi.credentials';
import { DataflowWorker } from '../../nodes/Worker/DataflowWorker.node';
import { run, SERVER_PASSWORD, serverCredentials } from '../harness';
import { esc, loggingString, webResult, WORKER, XML } from './helpers';
import * as hopDocs from './hopHelpers';

const node = new DataflowWorker();
const AUTH = `Basic ${Buffer.from(`admin:${SERVER_PASSWORD}`).toString('base64')}`;
const credentials = (overrides = {}) => ({ dataflowServerApi: serverCredentials(WORKER, overrides) });
const worker = () => nock(WORKER, { reqheaders: { authorization: AUTH } });

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

const SERVER_STATUS = `<?xml version="1.0" encoding="UTF-8"?>
<serverstatus>
<statusdesc>Online</statusdesc>
<memory_free>123456</memory_free><memory_total>987654</memory_total><cpu_cores>8</cpu_cores><cpu_process_time>55000000</cpu_process_time>
<uptime>3600000</uptime><thread_count>42</thread_count><load_avg>-1.0</load_avg>
<os_name>Linux</os_name><os_version>6.1</os_version><os_arch>amd64</os_arch>
<transstatuslist><transstatus><transname>stage</transname><id>t-1</id><status_desc>Paused</status_desc><error_desc/><log_date>2024/01/31 09:00:00.000</log_date><paused>Y</paused><stepstatuslist></stepstatuslist><first_log_line_nr>0</first_log_line_nr><last_log_line_nr>0</last_log_line_nr><logging_string>${loggingString('')}</logging_string></transstatus></transstatuslist>
<jobstatuslist><jobstatus><jobname>a</jobname><id>j-1</id><status_desc>Running</status_desc><error_desc/><log_date>2024/01/31 09:01:00.000</log_date><logging_string>&lt;![CDATA[]]&gt;</logging_string><first_log_line_nr>0</first_log_line_nr><last_log_line_nr>0</last_log_line_nr></jobstatus>
<jobstatus><jobname>b</jobname><id>j-2</id><status_desc>Finished (with errors)</status_desc><error_desc>${esc('boom & <bang>')}</error_desc><log_date>2024/01/31 09:02:00.000</log_date><logging_string>&lt;![CDATA[]]&gt;</logging_string><first_log_line_nr>0</first_log_line_nr><last_log_line_nr>0</last_log_line_nr></jobstatus></jobstatuslist>
</serverstatus>`;

describe('Server: Get Status', () => {
	const serverItem = {
		kind: 'server',
		statusDesc: 'Online',
		memoryFree: 123456,
		memoryTotal: 987654,
		cpuCores: 8,
		cpuProcessTime: 55000000,
		uptime: 3600000,
		threadCount: 42,
		loadAvg: -1,
		osName: 'Linux',
		osVersion: '6.1',
		osArch: 'amd64',
		jobCount: 2,
		transformationCount: 1,
	};
	const jobItems = [
		{ kind: 'job', jobName: 'a', id: 'j-1', statusDesc: 'Running', errorDesc: '', logDate: '2024-01-31T09:01:00.000' },
		{ kind: 'job', jobName: 'b', id: 'j-2', statusDesc: 'Finished (with errors)', errorDesc: 'boom & <bang>', logDate: '2024-01-31T09:02:00.000' },
	];
	const transItem = { kind: 'transformation', transName: 'stage', id: 't-1', statusDesc: 'Paused', errorDesc: '', logDate: '2024-01-31T09:00:00.000', paused: true };

	it.each([
		['all', [serverItem, ...jobItems, transItem]],
		['server', [serverItem]],
		['entries', [...jobItems, transItem]],
	])('output "%s" gives the expected items', async (output, expected) => {
		const scope = worker().get('/dataflow/status').query({ xml: 'Y' }).reply(200, SERVER_STATUS, { 'Content-Type': 'application/xml' });
		const result = await run(node, { parameters: { resource: 'server', operation: 'getStatus', output }, credentials: credentials() });
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items.map((i) => i.json)).toEqual(expected);
		expect(result.items.every((i) => (i.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	it('the credential\'s default worker path is the real servers\' "kettle" (no real server answers /dataflow)', async () => {
		const defaultPath = new DataflowServerApi().properties.find((p) => p.name === 'workerPath')?.default;
		expect(defaultPath).toBe('kettle');
		for (const workerPath of [defaultPath, '']) {
			const scope = worker().get('/kettle/status').query({ xml: 'Y' }).reply(200, SERVER_STATUS, { 'Content-Type': 'application/xml;charset=UTF-8' });
			const result = await run(node, { parameters: { resource: 'server', operation: 'getStatus', output: 'server' }, credentials: credentials({ workerPath }) });
			expect(result.error).toBeUndefined();
			scope.done();
		}
	});

	it('an HTML page instead of XML is a clear error', async () => {
		worker().get('/kettle/status').query({ xml: 'Y' }).reply(200, '<html><head><title>Login</title></head><body><h1>Please log in</h1></body></html>', { 'Content-Type': 'text/html' });
		const result = await run(node, {
			parameters: { resource: 'server', operation: 'getStatus' },
			credentials: credentials({ workerPath: 'kettle' }),
		});
		expect(result.error?.message).toMatch(/HTML page instead of XML: Please log in/);
	});
});

describe('Server: Stop', () => {
	it('calls stopWorker with xml=Y and returns requestAccepted', async () => {
		const scope = worker().get('/dataflow/stopWorker').query({ xml: 'Y' }).reply(200, '<?xml version="1.0"?>\n<request_accepted>Y</request_accepted>', XML);
		const result = await run(node, { parameters: { resource: 'server', operation: 'stop' }, credentials: credentials() });
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items.map((i) => i.json)).toEqual([{ requestAccepted: true }]);
	});

	it('calls stopCarte under the kettle path', async () => {
		const scope = worker().get('/kettle/stopCarte').query({ xml: 'Y' }).reply(200, '<request_accepted>Y</request_accepted>', XML);
		const result = await run(node, { parameters: { resource: 'server', operation: 'stop' }, credentials: credentials({ workerPath: 'kettle' }) });
		scope.done();
		expect(result.items[0].json).toEqual({ requestAccepted: true });
	});

	it('a refusal (request_accepted N) is a clear error saying only a standalone worker stops', async () => {
		worker().get('/dataflow/stopWorker').query({ xml: 'Y' }).reply(200, '<request_accepted>N</request_accepted>', XML);
		const result = await run(node, { parameters: { resource: 'server', operation: 'stop' }, credentials: credentials() });
		expect(result.error?.message).toBe('The worker server did not accept the stop request (request_accepted = N)');
		expect(result.error?.description).toMatch(/Only a standalone worker server can be stopped/);
	});

	it('a 403 that carries the server\'s own message shows that message (refusals reword only bare refusals)', async () => {
		worker().get('/dataflow/stopWorker').query({ xml: 'Y' }).reply(403, webResult('ERROR', 'Stopping is disabled'), XML);
		const result = await run(node, { parameters: { resource: 'server', operation: 'stop' }, credentials: credentials() });
		expect(result.error?.message).toMatch(/Stopping is disabled/);
		expect(result.error?.message).not.toMatch(/refused to stop/);
	});

	it.each([403, 404, 405])('a bare %i from a server without the stop endpoint is a clear error saying only a standalone worker stops', async (code) => {
		worker().get('/dataflow/stopWorker').query({ xml: 'Y' }).reply(code, '');
		const result = await run(node, { parameters: { resource: 'server', operation: 'stop' }, credentials: credentials() });
		expect(result.error?.message).toBe(
			`The worker server refused to stop (HTTP ${code}). Only a standalone worker server can be stopped this way; the worker inside the BI server (base URL with a context path such as /pentaho) has no server of its own to stop and always refuses. No server setting changes that: stop the BI server the way its administrator does.`,
		);
	});

	it('a bare 500 is not read as "refused to stop"', async () => {
		worker().get('/dataflow/stopWorker').query({ xml: 'Y' }).reply(500, '');
		const result = await run(node, { parameters: { resource: 'server', operation: 'stop' }, credentials: credentials() });
		expect(result.error?.message).not.toMatch(/refused to stop/);
	});
});

describe('Server on a Hop Server (the credential\'s Server Kind "Hop Server")', () => {
	const hop = () => nock(hopDocs.HOP, { reqheaders: { authorization: hopDocs.HOP_AUTH } });

	it('Get Status reads /hop/status/ (2.19: workflow_status_list, shutting_down) as items of kind server, workflow and pipeline', async () => {
		const scope = hop()
			.get('/hop/status/')
			.query({ xml: 'Y' })
			.reply(
				200,
				hopDocs.serverStatusXml([{ name: 'load-customers', id: 'p-1', status: 'Running' }], [{ name: 'nightly-load', id: 'w-1', status: 'Finished', end: '2026/08/12 10:16:00.000' }]),
				hopDocs.XML_2_19,
			);
		const result = await run(node, { parameters: { resource: 'server', operation: 'getStatus' }, credentials: hopDocs.hopCredentials });
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items.map((i) => i.json)).toEqual([
			expect.objectContaining({ kind: 'server', statusDesc: 'Online', shuttingDown: false, memoryFree: 123456789, cpuCores: 4, loadAvg: 0.5, osName: 'Linux', pipelineCount: 1, workflowCount: 1 }),
			{
				kind: 'workflow',
				workflowName: 'nightly-load',
				id: 'w-1',
				statusDesc: 'Finished',
				errorDesc: '',
				logDate: '2026-08-12T10:20:00.000',
				executionStartDate: '2026-08-12T10:15:30.250',
				executionEndDate: '2026-08-12T10:16:00.000',
			},
			{
				kind: 'pipeline',
				pipelineName: 'load-customers',
				id: 'p-1',
				statusDesc: 'Running',
				errorDesc: '',
				logDate: '2026-08-12T10:20:00.000',
				executionStartDate: '2026-08-12T10:15:30.250',
				executionEndDate: null,
				paused: false,
			},
		]);
	});

	it('Get Status reads Hop 2.9 (job_status_list, the XML sent as text/html)', async () => {
		hop()
			.get('/hop/status/')
			.query({ xml: 'Y' })
			.reply(200, hopDocs.serverStatusXml([], [{ name: 'old', id: 'w-9', status: 'Running' }], { release: '2.9' }), hopDocs.HTML_2_9);
		const result = await run(node, { parameters: { resource: 'server', operation: 'getStatus', output: 'entries' }, credentials: hopDocs.hopCredentials });
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json)).toEqual([expect.objectContaining({ kind: 'workflow', workflowName: 'old', id: 'w-9' })]);
	});

	it('Stop sends GET /shutdown (2.19) and reads its empty HTTP 200 as accepted', async () => {
		const scope = hop().get('/shutdown').reply(200, '');
		const result = await run(node, { parameters: { resource: 'server', operation: 'stop' }, credentials: hopDocs.hopCredentials });
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items[0].json).toEqual({ requestAccepted: true });
	});

	it('Stop explains that a Hop Server before 2.19 has no /shutdown', async () => {
		hop().get('/shutdown').reply(404, '');
		const result = await run(node, { parameters: { resource: 'server', operation: 'stop' }, credentials: hopDocs.hopCredentials });
		expect(result.error?.message).toMatch(/no \/shutdown \(HTTP 404\): stopping a Hop Server over HTTP needs Hop 2\.19\.0 or later/);
	});
});
