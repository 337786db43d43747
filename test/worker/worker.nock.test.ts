/** Exact requests of every Worker operation (method, path, query, headers, body) and the items that come out. */
import nock from 'nock';

import { DataflowServerApi } from '../../credentials/DataflowServerApi.credentials';
import { DataflowWorker } from '../../nodes/Worker/DataflowWorker.node';
import { run, SERVER_PASSWORD, serverCredentials } from '../harness';
import { esc, loggingString, statusXml, webResult, WORKER, XML } from './helpers';

const node = new DataflowWorker();
const AUTH = `Basic ${Buffer.from(`admin:${SERVER_PASSWORD}`).toString('base64')}`;
const credentials = (overrides = {}) => ({ dataflowServerApi: serverCredentials(WORKER, overrides) });
const worker = () => nock(WORKER, { reqheaders: { authorization: AUTH } });

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

const KJB = `\uFEFF<?xml version="1.0" encoding="UTF-8"?>
<job>
  <name>load_sales</name>
  <!-- nightly -->
  <description>Sales &amp; &lt;costs&gt; &#x27;q&#x27;</description>
  <entries><entry><name>SQL</name><sql><![CDATA[select 1 where a < 2]]></sql></entry></entries>
  <notepads/>
</job>
`;

const EXPECTED_CONFIGURATION =
	'<?xml version="1.0" encoding="UTF-8"?>\n<job_configuration><job>\n  <name>load_sales</name>\n  <!-- nightly -->\n' +
	"  <description>Sales &amp; &lt;costs&gt; &apos;q&apos;</description>\n" +
	'  <entries><entry><name>SQL</name><sql><![CDATA[select 1 where a < 2]]></sql></entry></entries>\n  <notepads></notepads>\n</job>' +
	'<job_execution_configuration><exec_local>Y</exec_local><exec_remote>N</exec_remote><pass_export>N</pass_export>' +
	'<parameters><parameter><name>DATE</name><value>2024-01-31</value></parameter><parameter><name>NOTE</name><value>a &amp; &lt;b&gt;</value></parameter></parameters>' +
	'<variables><variable><name>V</name><value>1</value></variable></variables><arguments></arguments><replay_date></replay_date>' +
	'<safe_mode>Y</safe_mode><log_level>Debug</log_level><clear_log>N</clear_log><start_copy_name>SQL</start_copy_name><start_copy_nr>0</start_copy_nr>' +
	'<gather_metrics>Y</gather_metrics><expand_remote_job>N</expand_remote_job></job_execution_configuration></job_configuration>';

describe('Job: Add', () => {
	const parameters = {
		resource: 'job',
		operation: 'add',
		logLevel: 'Debug',
		jobParameters: { entry: [{ name: 'DATE', value: '2024-01-31' }, { name: 'NOTE', value: 'a & <b>' }] },
		variables: { entry: [{ name: 'V', value: '1' }, { name: 'EMPTY', value: '' }] },
		options: { clearLog: false, safeMode: true, gatherMetrics: true, startCopyName: 'SQL' },
	};

	it('posts the job_configuration built from a .kjb in a binary field and returns the new id', async () => {
		let body = '';
		const scope = worker()
			.matchHeader('content-type', 'application/xml; charset=UTF-8') // the server reads characters: without a charset, ISO-8859-1
			.post('/dataflow/addJob', (b) => {
				body = typeof b === 'string' ? b : JSON.stringify(b);
				return true;
			})
			.query({ xml: 'Y' })
			// As the real servlet writes it: Encode.forHtml, then XML-escaped again (AddJobServlet.java@00c601e).
			.reply(200, webResult('OK', 'Job &#39;load_sales&#39; was added to the list with id 7d1c', '7d1c'), XML);

		const result = await run(node, {
			parameters: { ...parameters, source: 'binary', binaryPropertyName: 'file' },
			credentials: credentials(),
			input: [{ json: {}, binary: { file: { data: Buffer.from(KJB).toString('base64'), mimeType: 'application/xml', fileName: 'load_sales.kjb' } } }],
		});

		expect(result.error).toBeUndefined();
		scope.done();
		expect(body).toBe(EXPECTED_CONFIGURATION);
		expect(result.items.map((i) => i.json)).toEqual([{ id: '7d1c', jobName: 'load_sales', message: "Job 'load_sales' was added to the list with id 7d1c" }]);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
	});

	it('takes the job definition from text too, and adds the raw answer on request', async () => {
		let body = '';
		const answer = webResult('OK', 'added', 'abc');
		worker()
			.post('/dataflow/addJob', (b) => {
				body = String(b);
				return true;
			})
			.query({ xml: 'Y' })
			.reply(200, answer, XML);
		const result = await run(node, {
			parameters: { ...parameters, source: 'text', jobXml: KJB, options: { ...parameters.options, includeRaw: true } },
			credentials: credentials(),
		});
		expect(result.error).toBeUndefined();
		expect(body).toBe(EXPECTED_CONFIGURATION);
		expect(result.items[0].json).toEqual({ id: 'abc', jobName: 'load_sales', message: 'added', raw: answer });
	});

	it.each([
		['<transformation><name>t</name></transformation>', /transformation \(\.ktr\), not a job/],
		['<job><name>x</name>', /not well-formed XML/],
		['<job><description>no name</description></job>', /has no <name>/],
		['   ', /job definition is empty/],
	])('refuses %j before any request', async (jobXml, message) => {
		const scope = worker().post('/dataflow/addJob').query(true).reply(200, webResult('OK', '', 'x'), XML);
		const result = await run(node, { parameters: { ...parameters, source: 'text', jobXml }, credentials: credentials() });
		expect(result.error?.message).toMatch(message);
		expect(scope.isDone()).toBe(false);
	});

	it('a webresult ERROR inside HTTP 200 fails with the server message', async () => {
		worker()
			.post('/dataflow/addJob')
			.query({ xml: 'Y' })
			.reply(200, webResult('ERROR', 'Unexpected error adding job: org.pentaho.di.core.exception.KettleXMLException'), XML);
		const result = await run(node, { parameters: { ...parameters, source: 'text', jobXml: KJB }, credentials: credentials() });
		expect(result.error?.message).toBe('Unexpected error adding job: org.pentaho.di.core.exception.KettleXMLException');
	});
});

describe('Job: Run', () => {
	it('sends job, level and each parameter as a query parameter and returns the id', async () => {
		const scope = worker()
			.get('/dataflow/runJob')
			.query({ job: '/public/etl/load_sales', level: 'Rowlevel', DATE: '2024-01-31', REGION: 'north & south' })
			.reply(200, webResult('OK', 'Job started', 'run-42'), XML);
		const result = await run(node, {
			parameters: {
				resource: 'job',
				operation: 'run',
				jobPath: ' /public/etl/load_sales/ ',
				logLevel: 'Rowlevel',
				jobParameters: { entry: [{ name: 'DATE', value: '2024-01-31' }, { name: 'REGION', value: 'north & south' }] },
			},
			credentials: credentials(),
		});
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items.map((i) => i.json)).toEqual([
			{ id: 'run-42', jobName: 'load_sales', jobPath: '/public/etl/load_sales', message: 'Job started' },
		]);
	});

	it('uses the kettle worker path of the credential and strips .kjb from the job name', async () => {
		const scope = worker()
			.get('/kettle/runJob')
			.query({ job: '/home/admin/nightly', level: 'Basic' })
			.reply(200, webResult('OK', 'Job started', 'k-1'));
		const result = await run(node, {
			parameters: { resource: 'job', operation: 'run', jobPath: '/home/admin/nightly.kjb' },
			credentials: credentials({ workerPath: 'kettle' }),
		});
		scope.done();
		expect(result.items[0].json).toMatchObject({ id: 'k-1', jobName: 'nightly' });
	});

	it('reads the answer as the real servlet writes it: no XML header, no Content-Type', async () => {
		const scope = worker()
			.get('/kettle/runJob')
			.query({ job: '/public/etl/bare', level: 'Basic' })
			.reply(200, '<webresult>\n  <result>OK</result>\n  <message>Job started</message>\n  <id>b-1</id>\n</webresult>\n');
		const result = await run(node, { parameters: { resource: 'job', operation: 'run', jobPath: '/public/etl/bare' }, credentials: credentials({ workerPath: 'kettle' }) });
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items[0].json).toMatchObject({ id: 'b-1', message: 'Job started' });
	});

	it('a 200 answer with result=ERROR fails with the server message', async () => {
		worker()
			.get('/dataflow/runJob')
			.query(true)
			.reply(200, webResult('ERROR', 'Unable to find job [load_sales] in the repository'), XML);
		const result = await run(node, {
			parameters: { resource: 'job', operation: 'run', jobPath: '/public/etl/load_sales' },
			credentials: credentials(),
		});
		expect(result.error?.message).toBe('Unable to find job [load_sales] in the repository');
		expect(result.error?.description).toMatch(/HTTP 200 and result ERROR/);
	});

	it.each([
		['={{ "" }}', /Job Path is empty/],
		['={{ "   " }}', /Job Path is empty/],
		['public/x', /must start with "\/"/],
		['/', /is a folder/],
		['/a/../b', /may not contain "\.\." segments/],
	])('refuses job path %j before any request', async (jobPath, message) => {
		const scope = worker().get('/dataflow/runJob').query(true).reply(200, webResult('OK', '', 'x'));
		const result = await run(node, { parameters: { resource: 'job', operation: 'run', jobPath }, credentials: credentials() });
		expect(result.error?.message).toMatch(message);
		expect(scope.isDone()).toBe(false);
	});

	it.each([
		[[{ name: 'job', value: 'x' }], /name "job" is reserved/],
		[[{ name: ' ', value: 'x' }], /A parameter has no name/],
		[[{ name: 'A', value: '1' }, { name: 'A', value: '2' }], /"A" is given twice/],
	])('refuses bad parameters %j before any request', async (entry, message) => {
		const scope = worker().get('/dataflow/runJob').query(true).reply(200, webResult('OK', '', 'x'));
		const result = await run(node, {
			parameters: { resource: 'job', operation: 'run', jobPath: '/public/a', jobParameters: { entry } },
			credentials: credentials(),
		});
		expect(result.error?.message).toMatch(message);
		expect(scope.isDone()).toBe(false);
	});
});

describe('Job: Get Status', () => {
	it('asks by name and id with xml=Y and from, and returns typed fields and the decoded log', async () => {
		const log = '2024/01/31 10:15:30 - load_sales - Start of job execution\n2024/01/31 10:15:31 - load_sales - Job execution finished\n';
		const scope = worker()
			.get('/dataflow/jobStatus')
			.query({ name: 'load_sales', id: 'job-1', xml: 'Y', from: '12' })
			.reply(200, statusXml({ status: 'Finished', log, first: 12, last: 14 }), XML);
		const result = await run(node, {
			parameters: { resource: 'job', operation: 'getStatus', jobName: 'load_sales', jobId: 'job-1', options: { fromLine: 12 } },
			credentials: credentials(),
		});
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items.map((i) => i.json)).toEqual([
			{
				jobname: 'load_sales',
				id: 'job-1',
				status_desc: 'Finished',
				error_desc: '',
				log_date: '2024-01-31T10:15:30.250',
				first_log_line_nr: 12,
				last_log_line_nr: 14,
				log,
				result: {
					lines_input: 0,
					lines_output: 10,
					lines_read: 100,
					lines_written: 90,
					lines_updated: 1,
					lines_rejected: 0,
					lines_deleted: 2,
					nr_errors: 0,
					nr_files_retrieved: 3,
					entry_nr: 0,
					result: true,
					exit_status: 0,
					is_stopped: false,
					log_channel_id: 'chan-1',
					log_text: '',
					elapsedTimeMillis: 1234,
				},
			},
		]);
	});

	it('asks by name alone from line 0 when no id is given, and adds the raw document on request', async () => {
		const doc = statusXml({ status: 'Running', log: '' });
		const scope = worker().get('/dataflow/jobStatus').query({ name: 'load_sales', xml: 'Y', from: '0' }).reply(200, doc, XML);
		const result = await run(node, {
			parameters: { resource: 'job', operation: 'getStatus', jobName: 'load_sales', options: { includeRaw: true } },
			credentials: credentials(),
		});
		scope.done();
		expect(result.items[0].json).toMatchObject({ status_desc: 'Running', log: '', raw: doc });
	});

	it('reads a log sent as a real CDATA section or as plain text too', async () => {
		const cdata = statusXml({ status: 'Running' }).replace(/<logging_string>.*<\/logging_string>/, '<logging_string><![CDATA[plain line\n]]></logging_string>');
		worker().get('/dataflow/jobStatus').query(true).reply(200, cdata, XML);
		const result = await run(node, {
			parameters: { resource: 'job', operation: 'getStatus', jobName: 'x' },
			credentials: credentials(),
		});
		expect(result.items[0].json.log).toBe('plain line');
	});

	it('a 404 for an unknown job carries the server message', async () => {
		worker()
			.get('/dataflow/jobStatus')
			.query(true)
			.reply(404, webResult('ERROR', 'The specified job [nope] could not be found'), XML);
		const result = await run(node, {
			parameters: { resource: 'job', operation: 'getStatus', jobName: 'nope', jobId: 'x' },
			credentials: credentials(),
		});
		expect(result.error?.message).toBe('The specified job [nope] could not be found');
		expect(result.error?.httpCode).toBe('404');
	});

	it('a missing name fails before any request; continueOnFail gives one paired error item per failed item', async () => {
		const scope = worker()
			.get('/dataflow/jobStatus')
			.query({ name: 'good', xml: 'Y', from: '0' })
			.reply(200, statusXml({ name: 'good', status: 'Finished' }), XML);
		const result = await run(node, {
			parameters: { resource: 'job', operation: 'getStatus', jobName: '={{$json.name}}' },
			credentials: credentials(),
			input: [{ json: { name: '' } }, { json: { name: 'good' } }, { json: { name: '  ' } }],
			continueOnFail: true,
		});
		scope.done();
		expect(result.items.map((i) => [i.pairedItem, i.json.error ?? i.json.status_desc])).toEqual([
			[{ item: 0 }, 'Job Name is empty: give the name of the job on the server, as returned by Add or Run'],
			[{ item: 1 }, 'Finished'],
			[{ item: 2 }, 'Job Name is empty: give the name of the job on the server, as returned by Add or Run'],
		]);

		nock.cleanAll();
		const never = worker().get('/dataflow/jobStatus').query(true).reply(200, statusXml({ status: 'Finished' }), XML);
		const failed = await run(node, {
			parameters: { resource: 'job', operation: 'getStatus', jobName: '={{ $json.missing }}' },
			credentials: credentials(),
		});
		expect(failed.error?.message).toMatch(/Job Name is empty/);
		expect(never.isDone()).toBe(false);
	});
});

describe('Job: Get Image', () => {
	const PNG = Buffer.concat([
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		Buffer.from('rest-of-image'),
	]);

	it('downloads the PNG as binary data', async () => {
		const scope = worker()
			.matchHeader('accept', 'image/png')
			.get('/dataflow/jobImage')
			.query({ name: 'load_sales', id: 'job-1' })
			.reply(200, PNG, { 'Content-Type': 'image/png' });
		const result = await run(node, {
			parameters: { resource: 'job', operation: 'getImage', jobName: 'load_sales', jobId: 'job-1', binaryPropertyName: 'image' },
			credentials: credentials(),
		});
		expect(result.error).toBeUndefined();
		scope.done();
		const item = result.items[0];
		expect(item.json).toMatchObject({ jobName: 'load_sales', id: 'job-1', fileName: 'load_sales.png', mimeType: 'image/png' });
		expect(item.binary?.image).toMatchObject({ fileName: 'load_sales.png', mimeType: 'image/png' });
		expect(Buffer.from(item.binary!.image.data, 'base64')).toEqual(PNG);
	});

	it('a 200 webresult ERROR instead of an image fails with the server message', async () => {
		worker()
			.get('/dataflow/jobImage')
			.query({ name: 'nope' })
			.reply(200, webResult('ERROR', 'The specified job [nope] could not be found'), XML);
		const result = await run(node, {
			parameters: { resource: 'job', operation: 'getImage', jobName: 'nope' },
			credentials: credentials(),
		});
		expect(result.error?.message).toBe('The specified job [nope] could not be found');
	});

	it('a 404 page fails with its text', async () => {
		worker()
			.get('/dataflow/jobImage')
			.query(true)
			.reply(404, '<HTML><BODY><H1>The specified job [nope] could not be found</H1></BODY></HTML>', { 'Content-Type': 'text/html' });
		const result = await run(node, {
			parameters: { resource: 'job', operation: 'getImage', jobName: 'nope' },
			credentials: credentials(),
		});
		expect(result.error?.message).toMatch(/could not be found/);
		expect(result.error?.httpCode).toBe('404');
	});
});

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
		statusdesc: 'Online',
		memory_free: 123456,
		memory_total: 987654,
		cpu_cores: 8,
		cpu_process_time: 55000000,
		uptime: 3600000,
		thread_count: 42,
		load_avg: -1,
		os_name: 'Linux',
		os_version: '6.1',
		os_arch: 'amd64',
		jobCount: 2,
		transformationCount: 1,
	};
	const jobItems = [
		{ kind: 'job', jobname: 'a', id: 'j-1', status_desc: 'Running', error_desc: '', log_date: '2024-01-31T09:01:00.000' },
		{ kind: 'job', jobname: 'b', id: 'j-2', status_desc: 'Finished (with errors)', error_desc: 'boom & <bang>', log_date: '2024-01-31T09:02:00.000' },
	];
	const transItem = { kind: 'transformation', transname: 'stage', id: 't-1', status_desc: 'Paused', error_desc: '', log_date: '2024-01-31T09:00:00.000', paused: true };

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

	it('a 403 or 404 from a server without the stop endpoint is a clear error too', async () => {
		worker().get('/dataflow/stopWorker').query({ xml: 'Y' }).reply(403, webResult('ERROR', 'Stopping is disabled'), XML);
		const result = await run(node, { parameters: { resource: 'server', operation: 'stop' }, credentials: credentials() });
		expect(result.error?.message).toBe('The worker server refused to stop (HTTP 403): Stopping is disabled');
		expect(result.error?.description).toMatch(/Only a standalone worker server/);
	});
});

describe('Slave: Register and List', () => {
	it('posts the slave description as XML built from the fields', async () => {
		let body = '';
		const scope = worker()
			.matchHeader('content-type', 'application/xml; charset=UTF-8')
			.post('/dataflow/registerSlave', (b) => {
				body = String(b);
				return true;
			})
			.reply(200, webResult('OK', "Slave server detection 'w&2' was replaced in the list."), XML);
		const result = await run(node, {
			parameters: {
				resource: 'slave',
				operation: 'register',
				slaveName: 'w&2',
				hostname: 'etl-2.example.com',
				port: 8082,
				additionalFields: { username: 'cluster', password: 'p<ss', webAppName: 'pentaho', sslMode: true, proxyHostname: 'proxy', proxyPort: 3128 },
			},
			credentials: credentials(),
		});
		expect(result.error).toBeUndefined();
		scope.done();
		const date = /<last_active_date>(\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}\.\d{3})<\/last_active_date>/.exec(body)?.[1];
		expect(date).toBeDefined();
		expect(body).toBe(
			'<?xml version="1.0" encoding="UTF-8"?>\n<SlaveServerDetection><slaveserver><name>w&amp;2</name><hostname>etl-2.example.com</hostname><port>8082</port>' +
				'<webAppName>pentaho</webAppName><username>cluster</username><password>p&lt;ss</password><proxy_hostname>proxy</proxy_hostname><proxy_port>3128</proxy_port>' +
				'<non_proxy_hosts></non_proxy_hosts><get_properties_from_master></get_properties_from_master><override_existing_properties>N</override_existing_properties>' +
				`<master>N</master><sslMode>Y</sslMode></slaveserver><active>Y</active><last_active_date>${date}</last_active_date><last_inactive_date></last_inactive_date></SlaveServerDetection>`,
		);
		expect(result.items.map((i) => i.json)).toEqual([{ registered: true, name: 'w&2', message: "Slave server detection 'w&2' was replaced in the list." }]);
	});

	it('refuses a missing name or hostname before any request', async () => {
		const scope = worker().post('/dataflow/registerSlave').reply(200, webResult('OK', ''), XML);
		for (const [slaveName, hostname, message] of [
			['={{ "" }}', 'h', /Name is empty/],
			['w', ' ', /Hostname is empty/],
		] as const) {
			const result = await run(node, { parameters: { resource: 'slave', operation: 'register', slaveName, hostname }, credentials: credentials() });
			expect(result.error?.message).toMatch(message);
		}
		expect(scope.isDone()).toBe(false);
	});

	it('lists slaves with getSlaves?xml=Y, one typed item per slave, without passwords', async () => {
		const doc = `<?xml version="1.0" encoding="UTF-8"?><SlaveServerDetections>
<SlaveServerDetection><slaveserver><name>w1</name><hostname>h1</hostname><port>8081</port><webAppName/><username>cluster</username><password>Encrypted 2be98afc86aa7f2e4cb79ce10be84bd89</password><proxy_hostname/><proxy_port/><non_proxy_hosts/><get_properties_from_master/><override_existing_properties>N</override_existing_properties><master>Y</master><sslMode>N</sslMode></slaveserver><active>Y</active><last_active_date>2014/11/17 06:42:28.043</last_active_date><last_inactive_date/></SlaveServerDetection>
<SlaveServerDetection><slaveserver><name>w2</name><hostname>h2</hostname><port>8082</port><master>N</master><sslMode>Y</sslMode></slaveserver><active>N</active><last_active_date/><last_inactive_date>2014/11/18 07:00:00.000</last_inactive_date></SlaveServerDetection>
</SlaveServerDetections>`;
		const scope = worker().get('/dataflow/getSlaves').query({ xml: 'Y' }).reply(200, doc, XML);
		const result = await run(node, { parameters: { resource: 'slave', operation: 'list' }, credentials: credentials() });
		scope.done();
		expect(result.items.map((i) => i.json)).toEqual([
			{
				name: 'w1',
				hostname: 'h1',
				port: 8081,
				webAppName: '',
				username: 'cluster',
				proxy_hostname: '',
				proxy_port: '',
				non_proxy_hosts: '',
				get_properties_from_master: '',
				override_existing_properties: false,
				master: true,
				sslMode: false,
				active: true,
				last_active_date: '2014-11-17T06:42:28.043',
				last_inactive_date: null,
			},
			{ name: 'w2', hostname: 'h2', port: 8082, master: false, sslMode: true, active: false, last_active_date: null, last_inactive_date: '2014-11-18T07:00:00.000' },
		]);
		expect(JSON.stringify(result.items)).not.toContain('Encrypted');
	});

	it('an empty list gives no items', async () => {
		worker().get('/dataflow/getSlaves').query({ xml: 'Y' }).reply(200, '<?xml version="1.0"?><SlaveServerDetections></SlaveServerDetections>', XML);
		const result = await run(node, { parameters: { resource: 'slave', operation: 'list' }, credentials: credentials() });
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([]);
	});
});

describe('Socket: Allocate and List', () => {
	it('sends every allocation parameter given, with xml=Y, and returns the port', async () => {
		const scope = worker()
			.get('/dataflow/allocateSocket')
			.query({
				xml: 'Y',
				rangeStart: '41000',
				host: 'h1',
				id: 'run-1',
				trans: 'trans-9',
				sourceSlave: 's1',
				sourceStep: 'Read rows',
				targetSlave: 's2',
				targetStep: 'Write rows',
				sourceCopy: '0',
				targetCopy: '2',
			})
			.reply(200, '<?xml version="1.0" encoding="UTF-8"?>\n<port>41003</port>\n', XML);
		const result = await run(node, {
			parameters: {
				resource: 'socket',
				operation: 'allocate',
				allocationFields: {
					rangeStart: 41000,
					host: 'h1',
					id: 'run-1',
					trans: 'trans-9',
					sourceSlave: 's1',
					sourceStep: 'Read rows',
					sourceCopy: 0,
					targetSlave: 's2',
					targetStep: 'Write rows',
					targetCopy: 2,
				},
			},
			credentials: credentials(),
		});
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items[0].json).toEqual({
			port: 41003,
			rangeStart: 41000,
			host: 'h1',
			id: 'run-1',
			trans: 'trans-9',
			sourceSlave: 's1',
			sourceStep: 'Read rows',
			targetSlave: 's2',
			targetStep: 'Write rows',
			sourceCopy: 0,
			targetCopy: 2,
		});
	});

	it('sends only xml=Y when no field is given', async () => {
		const scope = worker().get('/dataflow/allocateSocket').query({ xml: 'Y' }).reply(200, '<port>40000</port>', XML);
		const result = await run(node, { parameters: { resource: 'socket', operation: 'allocate' }, credentials: credentials() });
		scope.done();
		expect(result.items[0].json).toEqual({ port: 40000 });
	});

	it('refuses a non-numeric range start before any request', async () => {
		const scope = worker().get('/dataflow/allocateSocket').query(true).reply(200, '<port>1</port>', XML);
		const result = await run(node, {
			parameters: { resource: 'socket', operation: 'allocate', allocationFields: { rangeStart: 'abc' } },
			credentials: credentials(),
		});
		expect(result.error?.message).toMatch(/Range Start must be a whole number/);
		expect(scope.isDone()).toBe(false);
	});

	const LISTING = `<HTML>
<HEAD><TITLE>List of server sockets on server &#x27;127.0.0.1&#x27;</TITLE></HEAD>
<BODY>
<H1>Ports for host &#x27;127.0.0.1&#x27;</H1>
Found 3 ports for host &#x27;127.0.0.1&#x27;<p>
8088 : Transformation=dummy-trans, crt/Dummy (do nothing) 2.0
 --> sll/Dummy (do nothing).0
 id=b20bcd03-9682-4327-8c42-b129faabbfe1, allocated=false
 time=Mon Nov 17 09:31:15 BRT 2014
<br>
8089 : Transformation=sales, master/Read.1
 --> slave-2/Write rows.3
 id=run-7, allocated=true
 time=Tue Jan 30 21:05:09 UTC 2024
<br>
8090 : Transformation=null, null/null.null
 --> null/null.null
 id=null, allocated=true
 time=null
<br>
<p>
</BODY>
</HTML>
`;

	it('lists the ports of a host from the HTML listing, one item per port', async () => {
		const scope = worker()
			.get('/dataflow/listSocket')
			.query({ host: '127.0.0.1', onlyOpen: 'N' })
			.reply(200, LISTING, { 'Content-Type': 'text/html' });
		const result = await run(node, { parameters: { resource: 'socket', operation: 'list', host: '127.0.0.1' }, credentials: credentials() });
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items.map((i) => i.json)).toEqual([
			{
				port: 8088,
				host: '127.0.0.1',
				transformation: 'dummy-trans',
				sourceSlave: 'crt',
				sourceStep: 'Dummy (do nothing) 2',
				sourceCopy: 0,
				targetSlave: 'sll',
				targetStep: 'Dummy (do nothing)',
				targetCopy: 0,
				clusterRunId: 'b20bcd03-9682-4327-8c42-b129faabbfe1',
				allocated: false,
				status: 'closed',
				lastUsed: '2014-11-17T09:31:15.000',
			},
			{
				port: 8089,
				host: '127.0.0.1',
				transformation: 'sales',
				sourceSlave: 'master',
				sourceStep: 'Read',
				sourceCopy: 1,
				targetSlave: 'slave-2',
				targetStep: 'Write rows',
				targetCopy: 3,
				clusterRunId: 'run-7',
				allocated: true,
				status: 'open',
				lastUsed: '2024-01-30T21:05:09.000Z',
			},
			{
				port: 8090,
				host: '127.0.0.1',
				transformation: null,
				sourceSlave: null,
				sourceStep: null,
				sourceCopy: null,
				targetSlave: null,
				targetStep: null,
				targetCopy: null,
				clusterRunId: null,
				allocated: true,
				status: 'open',
				lastUsed: null,
			},
		]);
	});

	it('sends onlyOpen=Y, gives no items for a host without ports, and fails on a page that is not a listing', async () => {
		const scope = worker()
			.get('/dataflow/listSocket')
			.query({ host: 'h9', onlyOpen: 'Y' })
			.reply(200, "<HTML>\n<BODY>\n<H1>Ports for host &#x27;h9&#x27;</H1>\nNo port allocations found for host &#x27;h9&#x27;\n", { 'Content-Type': 'text/html' });
		const result = await run(node, { parameters: { resource: 'socket', operation: 'list', host: 'h9', onlyOpen: true }, credentials: credentials() });
		scope.done();
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([]);

		worker().get('/dataflow/listSocket').query(true).reply(200, '<html><body><h1>Login</h1></body></html>', { 'Content-Type': 'text/html' });
		const login = await run(node, { parameters: { resource: 'socket', operation: 'list', host: 'h9' }, credentials: credentials() });
		expect(login.error?.message).toBe('The server answered something other than a port listing: Login');
	});

	it('refuses an empty host before any request', async () => {
		const scope = worker().get('/dataflow/listSocket').query(true).reply(200, LISTING);
		const result = await run(node, { parameters: { resource: 'socket', operation: 'list', host: ' ' }, credentials: credentials() });
		expect(result.error?.message).toBe('Host is empty');
		expect(scope.isDone()).toBe(false);
	});
});

describe('Sequence: Reserve', () => {
	it('asks nextSequence for name and increment and returns the first and last value', async () => {
		const scope = worker()
			.get('/dataflow/nextSequence')
			.query({ name: 'orders', increment: '500' })
			.reply(200, '<?xml version="1.0" encoding="UTF-8"?>\n<seq><value>570000</value><increment>500</increment></seq>', XML);
		const result = await run(node, {
			parameters: { resource: 'sequence', operation: 'reserve', sequenceName: 'orders', increment: 500 },
			credentials: credentials(),
		});
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items.map((i) => i.json)).toEqual([{ name: 'orders', firstValue: 570000, lastValue: 570499, increment: 500 }]);
	});

	it('uses the default increment of 10000', async () => {
		const scope = worker()
			.get('/dataflow/nextSequence')
			.query({ name: 'orders', increment: '10000' })
			.reply(200, '<seq><value>1</value><increment>10000</increment></seq>', XML);
		const result = await run(node, { parameters: { resource: 'sequence', operation: 'reserve', sequenceName: 'orders' }, credentials: credentials() });
		scope.done();
		expect(result.items[0].json).toEqual({ name: 'orders', firstValue: 1, lastValue: 10000, increment: 10000 });
	});

	// The real servlet calls sendError(404) before writing <seq><error>, so the body is the web
	// container's own page (NextSequenceValueServlet.java@028843e): the node names the sequence itself.
	const JETTY_404 =
		'<html>\n<head>\n<meta http-equiv="Content-Type" content="text/html;charset=utf-8"/>\n<title>Error 404 Not Found</title>\n</head>\n<body><h2>HTTP ERROR 404 Not Found</h2>\n</body>\n</html>\n';

	it('an unknown sequence (404 with the container\'s error page) fails naming the sequence', async () => {
		worker().get('/dataflow/nextSequence').query(true).reply(404, JETTY_404, { 'Content-Type': 'text/html;charset=iso-8859-1' });
		const result = await run(node, { parameters: { resource: 'sequence', operation: 'reserve', sequenceName: 'nope' }, credentials: credentials() });
		expect(result.error?.message).toBe('The worker server has no sequence named "nope" (HTTP 404)');
		expect(result.error?.httpCode).toBe('404');
	});

	it.each([
		[{ sequenceName: '={{ "" }}', increment: 10 }, /Sequence Name is empty/],
		[{ sequenceName: 'orders', increment: 'abc' }, /Increment must be a whole number from 1 up, got "abc"/],
		[{ sequenceName: 'orders', increment: '={{ "ten" }}' }, /Increment must be a whole number/],
		[{ sequenceName: 'orders', increment: 0 }, /Increment must be a whole number from 1 up, got "0"/],
		[{ sequenceName: 'orders', increment: 2.5 }, /Increment must be a whole number/],
	])('refuses %j before any request', async (fields, message) => {
		const scope = worker().get('/dataflow/nextSequence').query(true).reply(200, '<seq><value>1</value><increment>1</increment></seq>', XML);
		const result = await run(node, { parameters: { resource: 'sequence', operation: 'reserve', ...fields }, credentials: credentials() });
		expect(result.error?.message).toMatch(message);
		expect(scope.isDone()).toBe(false);
	});

	it('continueOnFail: a bad item and a refused item give paired error items, the good one its value', async () => {
		worker().get('/dataflow/nextSequence').query({ name: 'orders', increment: '10' }).reply(200, '<seq><value>5</value><increment>10</increment></seq>', XML);
		worker().get('/dataflow/nextSequence').query({ name: 'nope', increment: '10' }).reply(404, JETTY_404, { 'Content-Type': 'text/html' });
		const result = await run(node, {
			parameters: { resource: 'sequence', operation: 'reserve', sequenceName: '={{$json.name}}', increment: '={{$json.increment}}' },
			credentials: credentials(),
			input: [{ json: { name: 'orders', increment: 10 } }, { json: { name: 'orders', increment: 'x' } }, { json: { name: 'nope', increment: 10 } }],
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(result.items[0].json).toEqual({ name: 'orders', firstValue: 5, lastValue: 14, increment: 10 });
		expect(result.items[1].json.error).toMatch(/Increment must be a whole number/);
		expect(result.items[2].json.error).toBe('The worker server has no sequence named "nope" (HTTP 404)');
	});
});
