/** Exact requests of the Worker's Job operations (Add, Run, Get Status, Get Image) and the items that come out (split from worker.nock.test.ts). */
import nock from 'nock';

import { DataflowWorker } from '../../nodes/Worker/DataflowWorker.node';
import { run, SERVER_PASSWORD, serverCredentials } from '../harness';
import { statusXml, webResult, WORKER, XML } from './helpers';

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
		jobParameters: { entry: [{ name: 'DATE', value: '2024-01-31' }, { name: 'NOTE', value: 'a & <b>' }] },
		variables: { entry: [{ name: 'V', value: '1' }, { name: 'EMPTY', value: '' }] },
		options: { clearLog: false, safeMode: true, gatherMetrics: true, startCopyName: 'SQL', logLevel: 'Debug' },
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
				jobParameters: { entry: [{ name: 'DATE', value: '2024-01-31' }, { name: 'REGION', value: 'north & south' }] },
				options: { logLevel: 'Rowlevel' },
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
		[[{ name: ' ', value: 'x' }], /A parameter entry has no name/],
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
			parameters: { resource: 'job', operation: 'getStatus', jobName: 'load_sales', options: { fromLine: 12, jobId: 'job-1' } },
			credentials: credentials(),
		});
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items.map((i) => i.json)).toEqual([
			{
				jobName: 'load_sales',
				id: 'job-1',
				statusDesc: 'Finished',
				errorDesc: '',
				logDate: '2024-01-31T10:15:30.250',
				firstLogLineNr: 12,
				lastLogLineNr: 14,
				log,
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
		expect(result.items[0].json).toMatchObject({ statusDesc: 'Running', log: '', raw: doc });
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
			parameters: { resource: 'job', operation: 'getStatus', jobName: 'nope', options: { jobId: 'x' } },
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
		expect(result.items.map((i) => [i.pairedItem, i.json.error ?? i.json.statusDesc])).toEqual([
			[{ item: 0 }, "Job Name is empty: give the name of the job on the server, as returned by 'Add' or 'Run'"],
			[{ item: 1 }, 'Finished'],
			[{ item: 2 }, "Job Name is empty: give the name of the job on the server, as returned by 'Add' or 'Run'"],
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
			parameters: { resource: 'job', operation: 'getImage', jobName: 'load_sales', binaryPropertyName: 'image', options: { jobId: 'job-1' } },
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
