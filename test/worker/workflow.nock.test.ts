/** Workflows on a Hop Server against exact answers (nock). */
import { XMLParser } from 'fast-xml-parser';

import { DataflowWorker } from '../../nodes/Worker/DataflowWorker.node';
import { run } from '../harness';
import { useNock } from '../helpers/nodeTests';
import { fileItem, hop, hopCredentials, hopWebResult, PIPELINE_HPL, serverStatusXml, WORKFLOW_HWF, workflowStatusXml, XML_2_19 } from './hopHelpers';

const node = new DataflowWorker();
const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, trimValues: true });

useNock();

const ref = { workflowName: 'nightly-load', options: { workflowId: 'wf-1' } };
const wait = { options: { pollInterval: 0.01, timeout: 10 } };

describe('Workflow: Get Status', () => {
	it('asks /hop/workflowStatus/ by name and id and types its actions (2.15+)', async () => {
		const scope = hop()
			.get('/hop/workflowStatus/')
			.query({ name: 'nightly-load', id: 'wf-1', from: '0', xml: 'Y' })
			.reply(
				200,
				workflowStatusXml({
					status: 'Finished',
					actions: [
						{ name: 'Start', status: 'FINISHED', result: { result: 'Y' } },
						{ name: 'load', status: 'FINISHED', result: { lines_written: 5 } },
					],
					log: 'Starting\nDone\n',
					last: 2,
					end: '2026/08/12 10:15:40.000',
				}),
				XML_2_19,
			);
		const result = await run(node, { parameters: { resource: 'workflow', operation: 'getStatus', ...ref }, credentials: hopCredentials });
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items[0].json).toMatchObject({
			workflowName: 'nightly-load',
			id: 'wf-1',
			statusDesc: 'Finished',
			logDate: '2026-08-12T10:15:30.250',
			executionStartDate: '2026-08-12T10:15:30.250',
			executionEndDate: '2026-08-12T10:15:40.000',
			actions: [
				{ name: 'Start', status: 'FINISHED', result: expect.objectContaining({ result: true }) },
				{ name: 'load', status: 'FINISHED', result: expect.objectContaining({ linesWritten: 5 }) },
			],
			log: 'Starting\nDone\n',
			lastLogLineNr: 2,
			result: expect.objectContaining({ result: true, nrErrors: 0 }),
		});
	});

	it('fails with the servlet\'s message for an unknown workflow', async () => {
		hop().get('/hop/workflowStatus/').query(true).reply(200, hopWebResult('ERROR', 'The specified workflow [gone] could not be found', '', false), XML_2_19);
		const result = await run(node, { parameters: { resource: 'workflow', operation: 'getStatus', workflowName: 'gone' }, credentials: hopCredentials });
		expect(result.error?.message).toBe('The specified workflow [gone] could not be found');
	});
});

describe('Workflow: Execute, Register, Start, Stop, Remove', () => {
	it('Execute sends execWorkflow with the file, level, runConfig and parameters', async () => {
		const scope = hop()
			.get('/hop/execWorkflow/')
			.query({ workflow: '${PROJECT_HOME}/workflows/nightly-load.hwf', level: 'Basic', runConfig: 'local', ENV: 'prod' })
			.reply(200, hopWebResult('OK', 'Workflow executed successfully', '', false), XML_2_19);
		const result = await run(node, {
			parameters: { resource: 'workflow', operation: 'execute', filePath: '${PROJECT_HOME}/workflows/nightly-load.hwf', options: { runConfiguration: 'local' }, hopParameters: { entry: [{ name: 'ENV', value: 'prod' }] } },
			credentials: hopCredentials,
		});
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items[0].json).toEqual({ workflowName: 'nightly-load', workflowPath: '${PROJECT_HOME}/workflows/nightly-load.hwf', success: true, message: 'Workflow executed successfully' });
	});

	it('Execute refuses a pipeline file before any request', async () => {
		const result = await run(node, { parameters: { resource: 'workflow', operation: 'execute', filePath: '/opt/p.hpl' }, credentials: hopCredentials });
		expect(result.error?.message).toMatch(/is a pipeline \(\.hpl\): use the Pipeline resource/);
	});

	it('Register POSTs a workflow_configuration, leaving out variables without a value (the server drops them)', async () => {
		let body = '';
		const scope = hop()
			.post('/hop/registerWorkflow/', (b) => ((body = String(b)), true))
			.query({ xml: 'Y' })
			.matchHeader('content-type', 'text/xml;charset=UTF-8')
			.reply(200, hopWebResult('OK', "Workflow 'nightly-load' was added to the list with id wf-9", 'wf-9'), XML_2_19);
		const result = await run(node, {
			parameters: {
				resource: 'workflow',
				operation: 'register',
				hopParameters: { entry: [{ name: 'ENV', value: 'prod' }] },
				hopVariables: { entry: [{ name: 'A', value: '1' }, { name: 'EMPTY', value: '' }] },
			},
			credentials: hopCredentials,
			input: fileItem(WORKFLOW_HWF, 'nightly-load.hwf'),
		});
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items[0].json).toMatchObject({ id: 'wf-9', workflowName: 'nightly-load', runConfiguration: 'local' });
		const config = parser.parse(body).workflow_configuration;
		expect(config.workflow.name).toBe('nightly-load');
		expect(config.workflow_execution_configuration).toMatchObject({
			parameters: { parameter: { name: 'ENV', value: 'prod' } },
			variables: { variable: { name: 'A', value: '1' } },
			log_level: 'Basic',
			run_configuration: 'local',
		});
		expect(config.metastore_json).toBeTruthy();
	});

	it('Register refuses a pipeline file', async () => {
		const result = await run(node, { parameters: { resource: 'workflow', operation: 'register' }, credentials: hopCredentials, input: fileItem(PIPELINE_HPL, 'p.hwf') });
		expect(result.error?.message).toMatch(/a Hop pipeline \(\.hpl\): use the Pipeline resource/);
	});

	it('Start answers the list entry\'s id, and the new container id of a workflow run again', async () => {
		const scope = hop()
			.get('/hop/startWorkflow/')
			.query({ name: 'nightly-load', id: 'wf-1', xml: 'Y' })
			.reply(200, hopWebResult('OK', 'Workflow [nightly-load] was started.', 'wf-2'), XML_2_19);
		const result = await run(node, { parameters: { resource: 'workflow', operation: 'start', ...ref }, credentials: hopCredentials });
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items[0].json).toEqual({ workflowName: 'nightly-load', id: 'wf-1', containerId: 'wf-2', message: 'Workflow [nightly-load] was started.', started: true });
	});

	it('Stop sends stopWorkflow; Remove removeWorkflow after checking the workflow has ended', async () => {
		const stop = hop().get('/hop/stopWorkflow/').query({ name: 'nightly-load', id: 'wf-1', xml: 'Y' }).reply(200, hopWebResult('OK', 'Workflow [nightly-load] stop requested.'), XML_2_19);
		const stopped = await run(node, { parameters: { resource: 'workflow', operation: 'stop', ...ref }, credentials: hopCredentials });
		expect(stopped.error).toBeUndefined();
		stop.done();
		expect(stopped.items[0].json).toEqual({ workflowName: 'nightly-load', id: 'wf-1', stopRequested: true, message: 'Workflow [nightly-load] stop requested.' });

		const scopes = [
			hop().get('/hop/workflowStatus/').query({ name: 'nightly-load', id: 'wf-1', from: '2147483647', xml: 'Y' }).reply(200, workflowStatusXml({ status: 'Stopped' }), XML_2_19),
			hop().get('/hop/removeWorkflow/').query({ name: 'nightly-load', id: 'wf-1', xml: 'Y' }).reply(200, hopWebResult('OK'), XML_2_19),
		];
		const removed = await run(node, { parameters: { resource: 'workflow', operation: 'remove', ...ref }, credentials: hopCredentials });
		expect(removed.error).toBeUndefined();
		for (const s of scopes) s.done();
		expect(removed.items[0].json).toEqual({ workflowName: 'nightly-load', id: 'wf-1', removed: true });
	});

	it('Get Image downloads the workflow SVG by name alone (the id is optional for workflows)', async () => {
		const scope = hop().get('/hop/workflowImage/').query({ name: 'nightly-load' }).reply(200, '<svg/>', { 'Content-Type': 'image/svg+xml;charset=UTF-8' });
		const result = await run(node, { parameters: { resource: 'workflow', operation: 'getImage', workflowName: 'nightly-load' }, credentials: hopCredentials });
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items[0].json).toMatchObject({ workflowName: 'nightly-load', fileName: 'nightly-load.svg', mimeType: 'image/svg+xml' });
	});
});

describe('Workflow: Run and Wait', () => {
	it('from a binary file: registers and starts it, follows it, and returns its actions', async () => {
		const scopes = [
			hop().post('/hop/registerWorkflow/').query({ xml: 'Y' }).reply(200, hopWebResult('OK', 'added', 'wf-1'), XML_2_19),
			hop().get('/hop/startWorkflow/').query({ name: 'nightly-load', id: 'wf-1', xml: 'Y' }).reply(200, hopWebResult('OK', 'Workflow [nightly-load] was started.', 'wf-1'), XML_2_19),
			hop().get('/hop/workflowStatus/').query({ name: 'nightly-load', id: 'wf-1', from: '0', xml: 'Y' }).reply(200, workflowStatusXml({ status: 'Running', actions: [{ name: 'Start', status: 'RUNNING' }], log: 'a\n', last: 1, result: null }), XML_2_19),
			hop()
				.get('/hop/workflowStatus/')
				.query({ name: 'nightly-load', id: 'wf-1', from: '1', xml: 'Y' })
				.reply(200, workflowStatusXml({ status: 'Finished', actions: [{ name: 'Start', status: 'FINISHED' }, { name: 'Success', status: 'FINISHED' }], log: 'b\n', first: 1, last: 2 }), XML_2_19),
		];
		const result = await run(node, { parameters: { resource: 'workflow', operation: 'runAndWait', hopSource: 'binary', ...wait }, credentials: hopCredentials, input: fileItem(WORKFLOW_HWF, 'nightly-load.hwf') });
		expect(result.error).toBeUndefined();
		for (const s of scopes) s.done();
		expect(result.items[0].json).toMatchObject({
			id: 'wf-1',
			workflowName: 'nightly-load',
			fileName: 'nightly-load.hwf',
			success: true,
			statusDesc: 'Finished',
			actions: [{ name: 'Start', status: 'FINISHED' }, { name: 'Success', status: 'FINISHED' }],
			message: 'Workflow [nightly-load] was started.',
			log: 'a\nb\n',
		});
	});

	it('from a file on the server (Hop 2.9 lists workflows in job_status_list): finds the new run and judges an Abort as stopped, in Hop\'s words', async () => {
		let answer!: () => void;
		const answered = new Promise<void>((resolve) => (answer = resolve));
		hop().get('/hop/status/').query({ xml: 'Y' }).reply(200, serverStatusXml([], [], { release: '2.9' }), XML_2_19);
		hop()
			.get('/hop/execWorkflow/')
			.query({ workflow: '/opt/hop/abort.hwf', level: 'Basic' })
			.reply(200, async () => {
				await answered;
				return hopWebResult('OK', 'Workflow executed successfully', '', false);
			});
		hop().get('/hop/status/').query({ xml: 'Y' }).reply(200, serverStatusXml([], [{ name: 'abort', id: 'wf-5', status: 'Running' }], { release: '2.9' }), XML_2_19);
		hop()
			.get('/hop/workflowStatus/')
			.query({ name: 'abort', id: 'wf-5', from: '0', xml: 'Y' })
			.reply(200, () => {
				answer();
				return workflowStatusXml({ name: 'abort', id: 'wf-5', status: 'Stopped (with errors)', actions: [{ name: 'Abort workflow', status: 'STOPPED' }], result: { nr_errors: 1, result: 'N' } });
			});
		const result = await run(node, { parameters: { resource: 'workflow', operation: 'runAndWait', filePath: '/opt/hop/abort.hwf', ...wait }, credentials: hopCredentials });
		expect(result.error?.message).toBe('The workflow "abort" (id wf-5) failed: the workflow was stopped (status "Stopped (with errors)")');
		expect(result.error?.description).toContain('Actions: Abort workflow (STOPPED)');
	});
});
