/** Pipelines on a Hop Server against exact answers (nock): requests as Hop's servlets read them, answers as they write them. */
import { gunzipSync } from 'node:zlib';

import { XMLParser } from 'fast-xml-parser';
import nock from 'nock';

import { DataflowWorker } from '../../nodes/Worker/DataflowWorker.node';
import { run, serverCredentials } from '../harness';
import { useNock } from '../helpers/nodeTests';
import {
	fileItem,
	hop,
	HOP,
	hopCredentials,
	hopWebResult,
	HTML_2_9,
	PIPELINE_HPL,
	pipelineStatusXml,
	serverStatusXml,
	WORKFLOW_HWF,
	XML_2_19,
} from './hopHelpers';

const node = new DataflowWorker();
const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, trimValues: true });

useNock();

const ref = { pipelineName: 'load-customers', options: { pipelineId: 'pipe-1' } };
/** Get Image draws a pipeline by its id only: the ID is a required field there, not an option. */
const imageRef = { pipelineName: 'load-customers', pipelineId: 'pipe-1' };

describe('Pipeline: Get Status', () => {
	it('asks /hop/pipelineStatus/ by name and id with xml=Y and the first log line, and types the pipeline-status Hop 2.9 sends as text/html', async () => {
		const scope = hop()
			.get('/hop/pipelineStatus/')
			.query({ name: 'load-customers', id: 'pipe-1', from: '3', xml: 'Y' })
			.reply(
				200,
				pipelineStatusXml({
					status: 'Running',
					paused: true,
					transforms: [
						{ name: 'Generate rows', read: 0, written: 5, status: 'Finished', log: 'generated 5 rows' },
						{ name: 'result', read: 3, written: 3, status: 'Running' },
					],
					log: 'line 4\nline 5\n',
					first: 3,
					last: 5,
				}),
				HTML_2_9,
			);
		const result = await run(node, { parameters: { resource: 'pipeline', operation: 'getStatus', ...ref, options: { ...ref.options, fromLine: 3 } }, credentials: hopCredentials });
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items[0].json).toEqual({
			pipelineName: 'load-customers',
			id: 'pipe-1',
			statusDesc: 'Running',
			errorDesc: '',
			logDate: '2026-08-12T10:15:31.000',
			executionStartDate: '2026-08-12T10:15:30.250',
			executionEndDate: null,
			paused: true,
			steps: [
				expect.objectContaining({ stepName: 'Generate rows', copy: 0, linesRead: 0, linesWritten: 5, errors: 0, statusDescription: 'Finished', seconds: 1.2, stopped: false, paused: false, logText: 'generated 5 rows' }),
				expect.objectContaining({ stepName: 'result', linesRead: 3, statusDescription: 'Running' }),
			],
			firstLogLineNr: 3,
			lastLogLineNr: 5,
			log: 'line 4\nline 5\n',
			result: expect.objectContaining({ linesRead: 5, nrErrors: 0, result: true, isStopped: false, elapsedTimeMillis: 1200 }),
		});
		expect((result.items[0].json.steps as Array<Record<string, unknown>>)[1]).not.toHaveProperty('logText');
	});

	it('fails with the servlet\'s own message when the pipeline is not on the server (webresult ERROR inside HTTP 200)', async () => {
		hop()
			.get('/hop/pipelineStatus/')
			.query({ name: 'gone', xml: 'Y', from: '0' })
			.reply(200, hopWebResult('ERROR', 'The specified pipeline [gone] could not be found', '', false), XML_2_19);
		const result = await run(node, { parameters: { resource: 'pipeline', operation: 'getStatus', pipelineName: 'gone' }, credentials: hopCredentials });
		expect(result.error?.message).toBe('The specified pipeline [gone] could not be found');
	});
});

describe('Pipeline: nothing lost across items', () => {
	const items = [{ json: { name: 'a' } }, { json: { name: 'gone' } }, { json: { name: 'c' } }];
	const parameters = { resource: 'pipeline', operation: 'getStatus', pipelineName: '={{ $json.name }}', requestOptions: { batching: { batch: { batchSize: 1, batchInterval: 0 } } } };
	const answers = () => {
		hop().get('/hop/pipelineStatus/').query({ name: 'a', from: '0', xml: 'Y' }).reply(200, pipelineStatusXml({ name: 'a', id: 'p-a', status: 'Finished' }), XML_2_19);
		hop().get('/hop/pipelineStatus/').query({ name: 'gone', from: '0', xml: 'Y' }).reply(200, hopWebResult('ERROR', 'The specified pipeline [gone] could not be found', '', false), XML_2_19);
		hop().get('/hop/pipelineStatus/').query({ name: 'c', from: '0', xml: 'Y' }).reply(200, pipelineStatusXml({ name: 'c', id: 'p-c', status: 'Running' }), XML_2_19);
	};

	it('with continue on fail, items 0 and 2 are answered and item 1 gives one error item, each paired to its input', async () => {
		answers();
		const result = await run(node, { parameters, credentials: hopCredentials, input: items, continueOnFail: true });
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => [i.pairedItem, i.json.id ?? i.json.error])).toEqual([
			[{ item: 0 }, 'p-a'],
			[{ item: 1 }, 'The specified pipeline [gone] could not be found'],
			[{ item: 2 }, 'p-c'],
		]);
	});

	it('without it, the node fails naming item 1', async () => {
		answers();
		const result = await run(node, { parameters, credentials: hopCredentials, input: items });
		expect(result.error?.message).toBe('The specified pipeline [gone] could not be found');
		expect((result.error as { context?: { itemIndex?: number } })?.context?.itemIndex).toBe(1);
	});
});

describe('Pipeline: Execute (a file on the server)', () => {
	const parameters = {
		resource: 'pipeline',
		operation: 'execute',
		filePath: '${PROJECT_HOME}/pipelines/load-customers.hpl',
		options: { runConfiguration: 'local', logLevel: 'Detailed' },
		hopParameters: { entry: [{ name: 'PRM_NAME', value: 'Grüße & "more"' }] },
		hopVariables: { entry: [{ name: 'TARGET_DB', value: 'dwh' }] },
	};

	it('sends execPipeline with the file (variables left for the server), level, runConfig and every parameter and variable, and no xml=Y (it would become a variable)', async () => {
		const scope = hop()
			.get('/hop/execPipeline/')
			.query({ pipeline: '${PROJECT_HOME}/pipelines/load-customers.hpl', level: 'Detailed', runConfig: 'local', PRM_NAME: 'Grüße & "more"', TARGET_DB: 'dwh' })
			.reply(200, hopWebResult('OK', 'Pipeline executed successfully', '', false), XML_2_19);
		const result = await run(node, { parameters, credentials: hopCredentials });
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items[0].json).toEqual({
			pipelineName: 'load-customers',
			pipelinePath: '${PROJECT_HOME}/pipelines/load-customers.hpl',
			success: true,
			message: 'Pipeline executed successfully',
		});
	});

	it('leaves runConfig out when Run Configuration is empty (the server takes its default)', async () => {
		const scope = hop()
			.get('/hop/execPipeline/')
			.query({ pipeline: '/opt/hop/p.hpl', level: 'Basic' })
			.reply(200, hopWebResult('OK', 'Pipeline executed successfully', '', false), XML_2_19);
		const result = await run(node, { parameters: { resource: 'pipeline', operation: 'execute', filePath: '/opt/hop/p.hpl' }, credentials: hopCredentials });
		expect(result.error).toBeUndefined();
		scope.done();
	});

	it('fails with the run\'s log when the pipeline ended with errors (HTTP 500, webresult ERROR)', async () => {
		hop()
			.get('/hop/execPipeline/')
			.query(true)
			.reply(500, hopWebResult('ERROR', 'Error executing pipeline: 2026/08/12 10:15:31 - Abort - Row nr 1 causing abort', '', false), XML_2_19);
		const result = await run(node, { parameters, credentials: hopCredentials });
		expect(result.error?.message).toContain('Error executing pipeline: 2026/08/12 10:15:31 - Abort - Row nr 1 causing abort');
	});

	it('says that a Hop Server before 2.17 has no execPipeline (its root servlet answers a bare 404)', async () => {
		hop().get('/hop/execPipeline/').query(true).reply(404, '', { 'Content-Type': 'text/html;charset=iso-8859-1' });
		const result = await run(node, { parameters, credentials: hopCredentials });
		expect(result.error?.message).toMatch(/no execPipeline servlet .*Hop 2\.17\.0 or later/);
	});

	it.each([
		['a workflow file', { filePath: '/opt/hop/w.hwf' }, /is a workflow \(\.hwf\): use the Workflow resource/],
		['a Kettle file', { filePath: '/opt/etl/t.ktr' }, /is a Kettle file/],
		['no file', { filePath: '  ' }, /Pipeline File is empty/],
		['a parameter named like the servlet\'s own', { hopParameters: { entry: [{ name: 'runConfig', value: 'x' }] } }, /reserved/],
		['a name given as parameter and variable', { hopVariables: { entry: [{ name: 'PRM_NAME', value: 'x' }] } }, /both as a parameter and as a variable/],
	])('refuses %s before any request', async (_label, over, message) => {
		const result = await run(node, { parameters: { ...parameters, ...over }, credentials: hopCredentials });
		expect(result.error?.message).toMatch(message);
		expect(nock.pendingMocks()).toEqual([]);
	});
});

describe('Pipeline: Register and Start', () => {
	it('POSTs a pipeline_configuration (the .hpl, its execution configuration, an empty metadata store) as UTF-8 XML and returns the id', async () => {
		let body = '';
		const scope = hop()
			.post('/hop/registerPipeline/', (b) => {
				body = typeof b === 'string' ? b : JSON.stringify(b);
				return true;
			})
			.query({ xml: 'Y' })
			.matchHeader('content-type', 'text/xml;charset=UTF-8')
			.reply(200, hopWebResult('OK', "Pipeline 'load-customers' was added to HopServer with id pipe-9", 'pipe-9'), XML_2_19);
		const result = await run(node, {
			parameters: {
				resource: 'pipeline',
				operation: 'register',
				options: { runConfiguration: 'remote-ish', logLevel: 'Debug' },
				hopParameters: { entry: [{ name: 'PRM_NAME', value: 'Grüße <&>' }] },
				hopVariables: { entry: [{ name: 'EMPTY', value: '' }] },
			},
			credentials: hopCredentials,
			input: fileItem(PIPELINE_HPL, 'load-customers.hpl'),
		});
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items[0].json).toEqual({
			id: 'pipe-9',
			pipelineName: 'load-customers',
			fileName: 'load-customers.hpl',
			runConfiguration: 'remote-ish',
			message: "Pipeline 'load-customers' was added to HopServer with id pipe-9",
		});
		const doc = parser.parse(body);
		const config = doc.pipeline_configuration;
		expect(config.pipeline.info.name).toBe('load-customers');
		expect(config.pipeline.transform[0].fields.field.nullif).toBe('Grüße');
		expect(config.pipeline_execution_configuration).toMatchObject({
			pass_export: 'N',
			parameters: { parameter: { name: 'PRM_NAME', value: 'Grüße <&>' } },
			variables: { variable: { name: 'EMPTY', value: '' } },
			log_level: 'Debug',
			run_configuration: 'remote-ish',
		});
		expect(gunzipSync(Buffer.from(config.metastore_json, 'base64')).toString('utf8')).toBe('{}');
		expect(body).toContain('<description>Loads customers &amp; &quot;prospects&quot;</description>');
		expect(body).toContain('<value>Grüße &lt;&amp;&gt;</value>');
	});

	it('names the run configuration "local" when it is left empty (a registered run needs one)', async () => {
		let body = '';
		hop()
			.post('/hop/registerPipeline/', (b) => ((body = String(b)), true))
			.query({ xml: 'Y' })
			.reply(200, hopWebResult('OK', 'added', 'pipe-9'), XML_2_19);
		const result = await run(node, { parameters: { resource: 'pipeline', operation: 'register' }, credentials: hopCredentials, input: fileItem(PIPELINE_HPL, 'p.hpl') });
		expect(result.error).toBeUndefined();
		expect(parser.parse(body).pipeline_configuration.pipeline_execution_configuration.run_configuration).toBe('local');
	});

	it.each([
		['a workflow', WORKFLOW_HWF, /a Hop workflow \(\.hwf\): use the Workflow resource/],
		['a Kettle transformation', '<transformation><info><name>t</name></info></transformation>', /Kettle transformation \(\.ktr\)/],
		['a pipeline without a name', '<pipeline><info><name/></info></pipeline>', /has no name/],
		['no XML', 'not xml at all', /not well-formed/],
	])('refuses %s before any request', async (_label, content, message) => {
		const result = await run(node, { parameters: { resource: 'pipeline', operation: 'register' }, credentials: hopCredentials, input: fileItem(content, 'x.hpl') });
		expect(result.error?.message).toMatch(message);
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('Start prepares (prepareExec) then starts (startExec) the registered pipeline by name and id', async () => {
		const scopes = [
			hop().get('/hop/prepareExec/').query({ name: 'load-customers', id: 'pipe-1', xml: 'Y' }).reply(200, hopWebResult('OK'), XML_2_19),
			hop().get('/hop/startExec/').query({ name: 'load-customers', id: 'pipe-1', xml: 'Y' }).reply(200, hopWebResult('OK'), XML_2_19),
		];
		const result = await run(node, { parameters: { resource: 'pipeline', operation: 'start', ...ref }, credentials: hopCredentials });
		expect(result.error).toBeUndefined();
		for (const scope of scopes) scope.done();
		expect(result.items[0].json).toEqual({ pipelineName: 'load-customers', id: 'pipe-1', message: '', started: true });
	});

	it('Start by name alone reads the id of the pipeline the servlets took from its status', async () => {
		hop().get('/hop/prepareExec/').query({ name: 'load-customers', xml: 'Y' }).reply(200, hopWebResult('OK'), XML_2_19);
		hop().get('/hop/startExec/').query({ name: 'load-customers', xml: 'Y' }).reply(200, hopWebResult('OK'), XML_2_19);
		hop().get('/hop/pipelineStatus/').query({ name: 'load-customers', from: '2147483647', xml: 'Y' }).reply(200, pipelineStatusXml({ status: 'Running', id: 'pipe-7' }), XML_2_19);
		const result = await run(node, { parameters: { resource: 'pipeline', operation: 'start', pipelineName: 'load-customers' }, credentials: hopCredentials });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.id).toBe('pipe-7');
	});

	it('Start fails with the preparation\'s own message', async () => {
		hop()
			.get('/hop/prepareExec/')
			.query(true)
			.reply(200, hopWebResult('ERROR', 'Initialisation of pipeline failed: \nUnable to find the specified pipeline run configuration \'gpu\''), XML_2_19);
		const result = await run(node, { parameters: { resource: 'pipeline', operation: 'start', ...ref }, credentials: hopCredentials });
		expect(result.error?.message).toContain('Initialisation of pipeline failed');
		expect(nock.pendingMocks()).toEqual([]);
	});
});

describe('Pipeline: Stop, Pause, Resume, Remove, Get Image', () => {
	it('Stop sends stopPipeline by name and id (no inputOnly: Hop ignores it)', async () => {
		const scope = hop()
			.get('/hop/stopPipeline/')
			.query({ name: 'load-customers', id: 'pipe-1', xml: 'Y' })
			.reply(200, hopWebResult('OK', 'Pipeline [load-customers] stop requested.', 'pipe-1'), XML_2_19);
		const result = await run(node, { parameters: { resource: 'pipeline', operation: 'stop', ...ref }, credentials: hopCredentials });
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items[0].json).toEqual({ pipelineName: 'load-customers', id: 'pipe-1', stopRequested: true, message: 'Pipeline [load-customers] stop requested.' });
	});

	it('Pause reads the status, toggles pausePipeline, and reads the status again', async () => {
		const scopes = [
			hop().get('/hop/pipelineStatus/').query({ name: 'load-customers', id: 'pipe-1', from: '2147483647', xml: 'Y' }).reply(200, pipelineStatusXml({ status: 'Running' }), XML_2_19),
			hop()
				.get('/hop/pausePipeline/')
				.query({ name: 'load-customers', id: 'pipe-1', xml: 'Y' })
				.reply(200, hopWebResult('OK', 'Pipeline [load-customers] : pause requested.'), XML_2_19),
			hop().get('/hop/pipelineStatus/').query({ name: 'load-customers', id: 'pipe-1', from: '2147483647', xml: 'Y' }).reply(200, pipelineStatusXml({ status: 'Paused', paused: true }), XML_2_19),
		];
		const result = await run(node, { parameters: { resource: 'pipeline', operation: 'pause', ...ref }, credentials: hopCredentials });
		expect(result.error).toBeUndefined();
		for (const scope of scopes) scope.done();
		expect(result.items[0].json).toEqual({ pipelineName: 'load-customers', id: 'pipe-1', paused: true, changed: true, statusDesc: 'Paused', message: 'Pipeline [load-customers] : pause requested.' });
	});

	it('Resume sends nothing when the pipeline already runs, and refuses a pipeline never started (the servlet would fail with a NullPointerException)', async () => {
		hop().get('/hop/pipelineStatus/').query(true).reply(200, pipelineStatusXml({ status: 'Running' }), XML_2_19);
		const running = await run(node, { parameters: { resource: 'pipeline', operation: 'resume', ...ref }, credentials: hopCredentials });
		expect(running.items[0].json).toMatchObject({ paused: false, changed: false });
		hop().get('/hop/pipelineStatus/').query(true).reply(200, pipelineStatusXml({ status: 'Waiting' }), XML_2_19);
		const waiting = await run(node, { parameters: { resource: 'pipeline', operation: 'pause', ...ref }, credentials: hopCredentials });
		expect(waiting.error?.message).toMatch(/cannot be paused: it has not been started \(status "Waiting"\)/);
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('Remove refuses a running pipeline, and removes an ended one', async () => {
		hop().get('/hop/pipelineStatus/').query(true).reply(200, pipelineStatusXml({ status: 'Running' }), XML_2_19);
		const refused = await run(node, { parameters: { resource: 'pipeline', operation: 'remove', ...ref }, credentials: hopCredentials });
		expect(refused.error?.message).toMatch(/still running/);
		hop().get('/hop/pipelineStatus/').query(true).reply(200, pipelineStatusXml({ status: 'Finished' }), XML_2_19);
		const removed = hop().get('/hop/removePipeline/').query({ name: 'load-customers', id: 'pipe-1', xml: 'Y' }).reply(200, `<?xml version="1.0" encoding="UTF-8"?>\n${hopWebResult('OK', '', '', false)}`, XML_2_19);
		const result = await run(node, { parameters: { resource: 'pipeline', operation: 'remove', ...ref }, credentials: hopCredentials });
		expect(result.error).toBeUndefined();
		removed.done();
		expect(result.items[0].json).toEqual({ pipelineName: 'load-customers', id: 'pipe-1', removed: true });
	});

	it('Get Image downloads the SVG as binary data', async () => {
		const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>';
		const scope = hop().get('/hop/pipelineImage/').query({ name: 'load-customers', id: 'pipe-1' }).reply(200, svg, { 'Content-Type': 'image/svg+xml;charset=UTF-8' });
		const result = await run(node, { parameters: { resource: 'pipeline', operation: 'getImage', ...imageRef }, credentials: hopCredentials });
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items[0].json).toMatchObject({ pipelineName: 'load-customers', id: 'pipe-1', fileName: 'load-customers.svg', mimeType: 'image/svg+xml' });
		expect(Buffer.from(result.items[0].binary!.data.data, 'base64').toString('utf8')).toBe(svg);
	});

	it('Get Image needs the pipeline id (the servlet draws by id only) and explains a 204 (no graphics environment)', async () => {
		const noId = await run(node, { parameters: { resource: 'pipeline', operation: 'getImage', pipelineName: 'load-customers', pipelineId: '={{ $json.missing ?? "" }}' }, credentials: hopCredentials });
		expect(noId.error?.message).toMatch(/'Pipeline ID' is empty/);
		hop().get('/hop/pipelineImage/').query(true).reply(204);
		const headless = await run(node, { parameters: { resource: 'pipeline', operation: 'getImage', ...imageRef }, credentials: hopCredentials });
		expect(headless.error?.message).toMatch(/draws no images: it answered HTTP 204/);
		hop().get('/hop/pipelineImage/').query(true).reply(200, '');
		const unknown = await run(node, { parameters: { resource: 'pipeline', operation: 'getImage', ...imageRef }, credentials: hopCredentials });
		expect(unknown.error?.message).toMatch(/could not be found on the Hop Server/);
	});
});

describe('Pipeline: Run and Wait', () => {
	const wait = { options: { pollInterval: 0.01, timeout: 10 } };

	it('from a binary file: registers, prepares and starts it, follows its status and log by id, and returns the result with its transforms', async () => {
		const scopes = [
			hop().post('/hop/registerPipeline/').query({ xml: 'Y' }).reply(200, hopWebResult('OK', 'added', 'pipe-1'), XML_2_19),
			hop().get('/hop/prepareExec/').query({ name: 'load-customers', id: 'pipe-1', xml: 'Y' }).reply(200, hopWebResult('OK'), XML_2_19),
			hop().get('/hop/startExec/').query({ name: 'load-customers', id: 'pipe-1', xml: 'Y' }).reply(200, hopWebResult('OK'), XML_2_19),
			hop()
				.get('/hop/pipelineStatus/')
				.query({ name: 'load-customers', id: 'pipe-1', from: '0', xml: 'Y' })
				.reply(200, pipelineStatusXml({ status: 'Running', transforms: [{ name: 'Generate rows', written: 2, status: 'Running' }], log: 'a\nb\n', first: 0, last: 2 }), XML_2_19),
			hop()
				.get('/hop/pipelineStatus/')
				.query({ name: 'load-customers', id: 'pipe-1', from: '2', xml: 'Y' })
				.reply(200, pipelineStatusXml({ status: 'Finished', transforms: [{ name: 'Generate rows', written: 5 }, { name: 'result', read: 5, written: 5 }], log: 'c\n', first: 2, last: 3, end: '2026/08/12 10:15:33.000' }), XML_2_19),
			hop().get('/hop/removePipeline/').query({ name: 'load-customers', id: 'pipe-1', xml: 'Y' }).reply(200, hopWebResult('OK'), XML_2_19),
		];
		const result = await run(node, {
			parameters: { resource: 'pipeline', operation: 'runAndWait', hopSource: 'binary', options: { ...wait.options, removeWhenDone: true } },
			credentials: hopCredentials,
			input: fileItem(PIPELINE_HPL, 'load-customers.hpl'),
		});
		expect(result.error).toBeUndefined();
		for (const scope of scopes) scope.done();
		expect(result.items[0].json).toMatchObject({
			id: 'pipe-1',
			pipelineName: 'load-customers',
			fileName: 'load-customers.hpl',
			success: true,
			statusDesc: 'Finished',
			executionEndDate: '2026-08-12T10:15:33.000',
			steps: [expect.objectContaining({ stepName: 'Generate rows', linesWritten: 5 }), expect.objectContaining({ stepName: 'result', linesRead: 5 })],
			result: expect.objectContaining({ linesWritten: 5, nrErrors: 0 }),
			statusRequests: 2,
			logLineCount: 3,
			log: 'a\nb\nc\n',
			removedFromServer: true,
		});
	});

	it('from a file on the server: reads the status list, sends execPipeline without waiting for it, finds the new run of that name, and follows it', async () => {
		let answerExec!: () => void;
		const execAnswered = new Promise<void>((resolve) => (answerExec = resolve));
		const scopes = [
			hop().get('/hop/status/').query({ xml: 'Y' }).reply(200, serverStatusXml([{ name: 'load-customers', id: 'old-1', status: 'Finished' }], []), XML_2_19),
			hop()
				.get('/hop/execPipeline/')
				.query({ pipeline: '${PROJECT_HOME}/pipelines/load-customers.hpl', level: 'Basic' })
				.reply(200, async () => {
					await execAnswered;
					return hopWebResult('OK', 'Pipeline executed successfully', '', false);
				}),
			hop()
				.get('/hop/status/')
				.query({ xml: 'Y' })
				.reply(200, serverStatusXml([{ name: 'load-customers', id: 'old-1', status: 'Finished' }, { name: 'other', id: 'x-1', status: 'Running' }, { name: 'load-customers', id: 'new-1', status: 'Running' }], []), XML_2_19),
			hop()
				.get('/hop/pipelineStatus/')
				.query({ name: 'load-customers', id: 'new-1', from: '0', xml: 'Y' })
				.reply(200, () => {
					answerExec();
					return pipelineStatusXml({ id: 'new-1', status: 'Finished', transforms: [{ name: 'Generate rows', written: 5 }], log: 'done\n', first: 0, last: 1 });
				}),
		];
		const result = await run(node, {
			parameters: { resource: 'pipeline', operation: 'runAndWait', hopSource: 'server', filePath: '${PROJECT_HOME}/pipelines/load-customers.hpl', ...wait },
			credentials: hopCredentials,
		});
		expect(result.error).toBeUndefined();
		for (const scope of scopes) scope.done();
		expect(result.items[0].json).toMatchObject({
			id: 'new-1',
			pipelineName: 'load-customers',
			pipelinePath: '${PROJECT_HOME}/pipelines/load-customers.hpl',
			success: true,
			statusDesc: 'Finished',
			statusRequests: 3,
			log: 'done\n',
		});
	});

	it('from a file on the server: fails with the servlet\'s message when execPipeline fails before the run is seen (a missing file: HTTP 500)', async () => {
		hop().get('/hop/status/').query({ xml: 'Y' }).times(3).reply(200, serverStatusXml([], []), XML_2_19);
		hop()
			.get('/hop/execPipeline/')
			.query(true)
			.reply(500, hopWebResult('ERROR', 'Unexpected error executing pipeline: \norg.apache.hop.core.exception.HopXmlException: \nThe pipeline path /nope.hpl is invalid, and will not run successfully.', '', false), XML_2_19);
		const result = await run(node, { parameters: { resource: 'pipeline', operation: 'runAndWait', filePath: '/nope.hpl', ...wait }, credentials: hopCredentials });
		expect(result.error?.message).toContain('The pipeline path /nope.hpl is invalid');
	});

	it('from a file on the server: a cancel before the run was seen still finds it (one more list, past the cancel) and stops it', async () => {
		let lists = 0;
		hop()
			.get('/hop/status/')
			.query({ xml: 'Y' })
			.times(20)
			.reply(200, () => {
				lists++;
				// The run shows up only in the look made after the cancel.
				return serverStatusXml(lists >= 4 ? [{ name: 'slow', id: 'late-1', status: 'Running' }] : [], []);
			});
		hop()
			.get('/hop/execPipeline/')
			.query(true)
			.reply(200, () => new Promise<string>(() => undefined));
		const stop = hop().get('/hop/stopPipeline/').query({ name: 'slow', id: 'late-1', xml: 'Y' }).reply(200, hopWebResult('OK', 'Pipeline [slow] stop requested.', 'late-1'), XML_2_19);
		const result = await run(node, {
			parameters: { resource: 'pipeline', operation: 'runAndWait', filePath: '/opt/hop/slow.hpl', options: { pollInterval: 0.05, timeout: 0 } },
			credentials: hopCredentials,
			onStarted: (cancel: () => void) => {
				const wait = async () => {
					while (lists < 3) await new Promise((resolve) => setTimeout(resolve, 5));
					cancel();
				};
				void wait();
			},
		});
		stop.done();
		expect(result.error?.message).toMatch(/^The n8n execution was cancelled while waiting for the pipeline \/opt\/hop\/slow\.hpl to start\. Its run has the id late-1\. It was stopped on the server/);
	});

	it('judges a stopped pipeline (Hop says "Finished" with is_stopped=Y) as stopped, in Hop\'s words', async () => {
		hop().post('/hop/registerPipeline/').query(true).reply(200, hopWebResult('OK', 'added', 'pipe-1'), XML_2_19);
		hop().get('/hop/prepareExec/').query(true).reply(200, hopWebResult('OK'), XML_2_19);
		hop().get('/hop/startExec/').query(true).reply(200, hopWebResult('OK'), XML_2_19);
		hop()
			.get('/hop/pipelineStatus/')
			.query(true)
			.reply(200, pipelineStatusXml({ status: 'Finished', transforms: [{ name: 'Generate rows', stopped: true, status: 'Stopped' }], result: { is_stopped: 'Y' } }), XML_2_19);
		const result = await run(node, {
			parameters: { resource: 'pipeline', operation: 'runAndWait', hopSource: 'binary', options: { ...wait.options, errorWhenStopped: false } },
			credentials: hopCredentials,
			input: fileItem(PIPELINE_HPL, 'p.hpl'),
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ success: false, failureReason: 'the pipeline was stopped (status "Finished"; stopped transform: "Generate rows")' });
	});

	it('fails a pipeline that ended with errors, naming the transforms', async () => {
		hop().post('/hop/registerPipeline/').query(true).reply(200, hopWebResult('OK', 'added', 'pipe-1'), XML_2_19);
		hop().get('/hop/prepareExec/').query(true).reply(200, hopWebResult('OK'), XML_2_19);
		hop().get('/hop/startExec/').query(true).reply(200, hopWebResult('OK'), XML_2_19);
		hop()
			.get('/hop/pipelineStatus/')
			.query(true)
			.reply(200, pipelineStatusXml({ status: 'Finished (with errors)', transforms: [{ name: 'Abort', errors: 1, status: 'Stopped' }], result: { nr_errors: 1, result: 'N' }, log: 'Abort!\n', last: 1 }), XML_2_19);
		const result = await run(node, { parameters: { resource: 'pipeline', operation: 'runAndWait', hopSource: 'binary', ...wait }, credentials: hopCredentials, input: fileItem(PIPELINE_HPL, 'p.hpl') });
		expect(result.error?.message).toBe('The pipeline "load-customers" (id pipe-1) failed: the pipeline ended with errors (1 error in transform "Abort", status "Finished (with errors)")');
		expect(result.error?.description).toContain('Transforms: Abort (Stopped, 1 errors)');
	});

	it('stops the pipeline with stopPipeline when it does not finish in time', async () => {
		hop().post('/hop/registerPipeline/').query(true).reply(200, hopWebResult('OK', 'added', 'pipe-1'), XML_2_19);
		hop().get('/hop/prepareExec/').query(true).reply(200, hopWebResult('OK'), XML_2_19);
		hop().get('/hop/startExec/').query(true).reply(200, hopWebResult('OK'), XML_2_19);
		hop().get('/hop/pipelineStatus/').query(true).times(100).reply(200, pipelineStatusXml({ status: 'Running' }), XML_2_19);
		const stop = hop()
			.get('/hop/stopPipeline/')
			.query({ name: 'load-customers', id: 'pipe-1', xml: 'Y' })
			.reply(200, hopWebResult('OK', 'Pipeline [load-customers] stop requested.', 'pipe-1'), XML_2_19);
		const result = await run(node, {
			parameters: { resource: 'pipeline', operation: 'runAndWait', hopSource: 'binary', options: { pollInterval: 0.05, timeout: 0.2 } },
			credentials: hopCredentials,
			input: fileItem(PIPELINE_HPL, 'p.hpl'),
		});
		stop.done();
		expect(result.error?.message).toMatch(/did not finish within 0\.2 s: last status "Running"\. It was stopped on the server \(the server said: Pipeline \[load-customers\] stop requested\.\)/);
	});

	it('offers no safe stop on a Hop Server', async () => {
		const result = await run(node, {
			parameters: { resource: 'pipeline', operation: 'runAndWait', hopSource: 'binary', options: { ...wait.options, onAbort: 'safeStop' } },
			credentials: hopCredentials,
			input: fileItem(PIPELINE_HPL, 'p.hpl'),
		});
		expect(result.error?.message).toMatch(/'On Timeout or Cancel' must be one of stop, leave/);
	});
});

describe('Pipeline and Workflow: the server kind of the credential', () => {
	it('refuses the Pipeline resource on a worker or BI server credential before any request', async () => {
		const result = await run(node, {
			parameters: { resource: 'pipeline', operation: 'getStatus', ...ref },
			credentials: { dataflowServerApi: serverCredentials(HOP) },
		});
		expect(result.error?.message).toMatch(/"Pipeline" is only available on a Hop Server.*set the credential's Server Kind to "Hop Server", or use the Transformation resource/);
	});

	it.each([
		['job', /On a Hop Server a job is a workflow: use the Workflow resource/],
		['transformation', /use the Pipeline resource/],
		['sequence', /nextSequence servlet was removed in Hop 2\.2\.0/],
		['slave', /no slave server registry/],
		['socket', /no socket port servlets/],
	])('refuses the %s resource on a Hop Server before any request', async (resource, message) => {
		const result = await run(node, { parameters: { resource, operation: 'list', host: 'h' }, credentials: hopCredentials });
		expect(result.error?.message).toMatch(message);
	});
});
