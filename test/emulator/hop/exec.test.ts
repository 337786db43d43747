/**
 * Running the server's own files (emulator/areas/hop/routes-exec.ts): execPipeline, execWorkflow and
 * webService on the seeded files (hop/seed.ts), and the packages of registerPackage / addExport.
 */
import { advance, call, emu, json, state, useHopEmulator, xml, zip } from './helpers';

useHopEmulator({}, {
	pipelineRunConfigurations: [
		{ name: 'local', engine: 'Local', default: true },
		{ name: 'spark', engine: 'NotInstalledEngine' },
	],
});

const P = '/opt/hop/project/pipelines';
const W = '/opt/hop/project/workflows';

describe('hop emulator: execPipeline', () => {
	it('runs a file synchronously and registers it: 200 "Pipeline executed successfully", no XML header', async () => {
		const answer = await call(`/hop/execPipeline?pipeline=\${PROJECT_HOME}/pipelines/generate-rows.hpl&PRM_NAME=you&level=Detailed`);
		expect(answer.status).toBe(200);
		expect(answer.type).toBe('text/xml;charset=UTF-8');
		expect(answer.text).toBe('<webresult>\n  <result>OK</result>\n  <message>Pipeline executed successfully</message>\n  <id/>\n</webresult>\n\n');
		const entry = state().pipelines.find((p) => p.name === 'generate-rows')!;
		expect(entry.engine.config.parameters.PRM_NAME).toBe('you');
		expect(entry.engine.config.logLevel).toBe('Detailed');
		expect((await xml(`/hop/pipelineStatus/?name=generate-rows&id=${entry.id}&xml=Y`)).doc['pipeline-status'].status_desc).toBe('Finished');
	});

	it('sets unknown parameters as variables of the server, kept for later requests', async () => {
		await call(`/hop/execPipeline?pipeline=${P}/generate-rows.hpl&SOME_VARIABLE=kept`);
		expect(state().variables.SOME_VARIABLE).toBe('kept');
	});

	it('answers 500 with the log for a pipeline that finished with errors', async () => {
		const answer = await xml(`/hop/execPipeline?pipeline=${P}/fail.hpl`);
		expect(answer.status).toBe(500);
		expect(answer.doc.webresult.result).toBe('ERROR');
		expect(answer.doc.webresult.message).toMatch(/^Error executing pipeline: .* - fail - Executing this pipeline/);
		expect(answer.doc.webresult.message).toContain('Abort.0 - ERROR: Row nr 1 causing abort');
	});

	it('answers 400 without `pipeline`, 500 for a missing file (not the manual\'s 404), 404 only for an engine not installed', async () => {
		const missingParam = await xml('/hop/execPipeline?level=Basic');
		expect(missingParam.status).toBe(400);
		expect(missingParam.doc.webresult.message).toBe('Missing mandatory parameter: pipeline');
		const missingFile = await xml('/hop/execPipeline?pipeline=/nowhere/x.hpl');
		expect(missingFile.status).toBe(500);
		expect(missingFile.doc.webresult.message).toMatch(/^Unexpected error executing pipeline: \norg\.apache\.hop\.core\.exception\.HopXmlException: \nThe pipeline path \/nowhere\/x\.hpl is invalid, and will not run successfully\./);
		const unknownRunConfig = await xml(`/hop/execPipeline?pipeline=${P}/generate-rows.hpl&runConfig=nope`);
		expect(unknownRunConfig.status).toBe(500);
		expect(unknownRunConfig.doc.webresult.message).toContain("Unable to find the specified pipeline run configuration 'nope'");
		const engineMissing = await xml(`/hop/execPipeline?pipeline=\${PROJECT_HOME}/pipelines/generate-rows.hpl&runConfig=spark`);
		expect(engineMissing.status).toBe(404);
		expect(engineMissing.doc.webresult.message).toBe(`Unable to find pipeline: \${PROJECT_HOME}/pipelines/generate-rows.hpl (resolved: ${P}/generate-rows.hpl)`);
	});

	it('answers JSON with json=Y', async () => {
		const answer = await json(`/hop/execPipeline?pipeline=${P}/generate-rows.hpl&json=Y`);
		expect(answer.type).toBe('application/json;charset=UTF-8');
		expect(answer.value).toMatchObject({ result: 'OK', message: 'Pipeline executed successfully', id: null });
	});

	it('waits for a never-ending pipeline until another request stops it', async () => {
		const pending = call(`/hop/execPipeline?pipeline=${P}/long-running.hpl`);
		let entry;
		for (let i = 0; i < 100 && !entry; i++) {
			await new Promise((r) => setTimeout(r, 20));
			entry = state().pipelines.find((p) => p.name === 'long-running' && p.engine.run?.running);
		}
		expect(entry).toBeDefined();
		advance(10_000);
		const status = (await xml(`/hop/pipelineStatus/?name=long-running&id=${entry!.id}&xml=Y`)).doc['pipeline-status'];
		expect(status.status_desc).toBe('Running');
		await call(`/hop/stopPipeline/?name=long-running&id=${entry!.id}&xml=Y`);
		const answer = await pending;
		expect(answer.status).toBe(200);
		expect(answer.text).toContain('Pipeline executed successfully');
	});
});

describe('hop emulator: execWorkflow', () => {
	it('runs a workflow file: OK; a failing one 500; an aborted (stopped) one OK', async () => {
		const ok = await xml(`/hop/execWorkflow?workflow=${W}/main.hwf&ENV=test`);
		expect(ok.status).toBe(200);
		expect(ok.doc.webresult.message).toBe('Workflow executed successfully');
		const main = state().workflows.find((w) => w.name === 'main')!;
		expect(main.engine.config.parameters.ENV).toBe('test');
		const ws = (await xml(`/hop/workflowStatus/?name=main&id=${main.id}&xml=Y`)).doc['workflow-status'];
		expect([ws.action_status_list.action_status].flat().map((a: any) => a.name)).toEqual(['Start', 'generate-rows', 'Success']);
		const failed = await xml(`/hop/execWorkflow?workflow=${W}/fail.hwf`);
		expect(failed.status).toBe(500);
		expect(failed.doc.webresult.message).toMatch(/^Error executing workflow: /);
		const aborted = await xml(`/hop/execWorkflow?workflow=${W}/abort.hwf`);
		expect(aborted.status).toBe(200);
		const abortEntry = state().workflows.find((w) => w.name === 'abort-workflow')!;
		expect((await xml(`/hop/workflowStatus/?name=abort-workflow&id=${abortEntry.id}&xml=Y`)).doc['workflow-status'].status_desc).toBe('Stopped (with errors)');
	});

	it('answers 400 without `workflow` and 500 for a missing file', async () => {
		expect((await call('/hop/execWorkflow')).status).toBe(400);
		const missing = await xml('/hop/execWorkflow?workflow=/nowhere.hwf');
		expect(missing.status).toBe(500);
		expect(missing.doc.webresult.message).toContain('Unable to load the workflow from XML file [/nowhere.hwf]');
	});
});

describe('hop emulator: webService', () => {
	it('writes the field of the rows the transform writes, with the service\'s content type', async () => {
		const answer = await call('/hop/webService/?service=hello&NAME=Hop');
		expect(answer.status).toBe(200);
		expect(answer.type).toBe('application/json;charset=UTF-8');
		expect(JSON.parse(answer.text)).toEqual({ greeting: 'Hello Hop' });
		expect(state().pipelines.some((p) => p.name === 'web-hello')).toBe(true);
	});

	it('answers 400 without service and 500 for an unknown one', async () => {
		const none = await call('/hop/webService/');
		expect(none.status).toBe(400);
		expect(none.text).toContain('Please specify a service parameter pointing to the name of the web service object');
		const unknown = await call('/hop/webService/?service=nope');
		expect(unknown.status).toBe(500);
		expect(unknown.text).toContain('Error producing web service output.');
	});
});

describe('hop emulator: registerPackage and addExport', () => {
	const pipelineXml =
		'<pipeline><info><name>packaged</name></info><order><hop><from>Generate rows</from><to>out</to><enabled>Y</enabled></hop></order><transform><name>Generate rows</name><type>RowGenerator</type><limit>3</limit></transform><transform><name>out</name><type>Dummy</type></transform></pipeline>';
	const configXml = '<pipeline_execution_configuration><log_level>Basic</log_level><run_configuration>local</run_configuration></pipeline_execution_configuration>';

	it('registers the pipeline inside an uploaded zip: the zip URL as message and the id', async () => {
		const body = zip({ 'packaged.hpl': pipelineXml, '__pipeline_execution_configuration__.xml': configXml, 'metadata.json': '{}' });
		const answer = await xml('/hop/registerPackage/?type=pipeline&load=packaged.hpl', { method: 'POST', body });
		expect(answer.type).toBe('text/xml;charset=UTF-8');
		const web = answer.doc.webresult;
		expect(web.result).toBe('OK');
		expect(web.message).toMatch(/^zip:file:\/\/\/tmp\/export_[0-9a-f-]{36}\.zip!packaged\.hpl$/);
		expect((await xml(`/hop/startPipeline/?name=packaged&id=${web.id}&xml=Y`)).doc.webresult.result).toBe('OK');
		const noLoad = await call('/hop/registerPackage/', { method: 'POST', body });
		expect(noLoad.text).toBe('<?xml version="1.0" encoding="UTF-8"?>\n');
		const broken = await xml('/hop/registerPackage/?type=pipeline&load=packaged.hpl', { method: 'POST', body: zip({ 'packaged.hpl': pipelineXml }) });
		expect(broken.doc.webresult.message).toBe('Request failed. See server log for details.');
	});

	it('addExport uploads, and fails whenever `load` is given (the double zip: prefix)', async () => {
		const body = zip({ 'packaged.hpl': pipelineXml, '__pipeline_execution_configuration__.xml': configXml, 'metadata.json': '{}' });
		const plain = await xml('/hop/addExport/', { method: 'POST', body });
		expect(plain.doc.webresult.message).toMatch(/^file:\/\/\/tmp\/export_.*\.zip$/);
		const loaded = await xml('/hop/addExport/?type=pipeline&load=packaged.hpl', { method: 'POST', body });
		expect(loaded.doc.webresult).toMatchObject({ result: 'ERROR', message: 'Export failed. See server log for details.' });
		expect(emu().url).toBeTruthy();
	});
});

describe('hop emulator: asyncRun and asyncStatus', () => {
	it('starts the service\'s workflow in the background under the service name and reports its status variables', async () => {
		const started = await call('/hop/asyncRun/?service=async-main&ENV=acceptance', { method: 'POST', body: 'payload' });
		expect(started.status).toBe(200);
		expect(started.type).toBe('application/json;charset=UTF-8');
		expect(started.text.endsWith('}\n')).toBe(true);
		const run = JSON.parse(started.text);
		// json-simple's HashMap order.
		expect(Object.keys(run)).toEqual(['logChannelId', 'name', 'id']);
		expect(run.name).toBe('main');
		expect(state().workflows.find((w) => w.id === run.id)?.name).toBe('async-main');
		advance(5000);
		const status = await json(`/hop/asyncStatus/?service=async-main&id=${run.id}`);
		expect(Object.keys(status.value)).toEqual(['service', 'id', 'logDate', 'startDate', 'endDate', 'statusDescription', 'statusVariables', 'pipelineStatuses']);
		expect(status.value.statusDescription).toBe('Finished');
		expect(status.value.statusVariables).toEqual({ ENV: 'acceptance', BODY: 'payload' });
		expect(status.value.startDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+0000$/);
	});

	it('answers an empty 200 for a service it cannot run, 400 without service or id, 500 for an unknown id', async () => {
		const unknown = await call('/hop/asyncRun/?service=nope');
		expect(unknown.status).toBe(200);
		expect(unknown.text).toBe('');
		expect((await call('/hop/asyncStatus/?id=1')).status).toBe(400);
		expect((await call('/hop/asyncStatus/?service=async-main')).status).toBe(400);
		const missing = await call('/hop/asyncStatus/?service=async-main&id=nope');
		expect(missing.status).toBe(500);
		expect(missing.text).toContain('Error getting asynchronous web service status.');
	});
});
