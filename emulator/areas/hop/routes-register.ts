/**
 * The servlets that put pipelines and workflows on the server without running them.
 *
 * - `/hop/registerPipeline`, `/hop/registerWorkflow` (RegisterPipelineServlet, RegisterWorkflowServlet on
 *   BodyHttpServlet and BaseWorkflowServlet, apache/hop:engine/src/main/java/org/apache/hop/www/ @2.19.0-rc1):
 *   the body is a `pipeline_configuration` / `workflow_configuration` (the pipeline or workflow XML, its
 *   execution configuration with `run_configuration`, `log_level`, `parameters`, `variables`, and
 *   `metastore_json`, the client's metadata as base64 gzip JSON). The run configuration must exist in the
 *   server's metadata or the client's (PipelineEngineFactory). Answer (HTTP 200): OK "Pipeline '<name>' was
 *   added to HopServer with id <id>" / "Workflow '<name>' was added to the list with id <id>" with the id;
 *   any failure ERROR "Request failed. See server log for details." from 2.18.0 (00729a9593), the exception's
 *   stack trace before (BodyHttpServlet.java@2.9.0-rc1). xml=Y: `<?xml …?>` and the web result; json=Y
 *   (2.18.0): the JSON web result; otherwise an HTML page titled "!RegisterPipelineServlet.Title!" (the
 *   servlet asks PackageMessages for a "Title" key the messages file lacks) around the XML web result.
 * - `/hop/addPipeline`, `/hop/addWorkflow` (deprecated since 2.18.0): the same registration written by hand;
 *   xml=Y answers the web result with the id; HTML a link "Go to the pipeline status page"; failures the
 *   stack trace. The servlets set text/xml (or text/html) after taking the writer, so Jetty keeps the
 *   writer's ISO-8859-1: `text/xml;charset=iso-8859-1`.
 * - `/hop/registerPackage` (RegisterPackageServlet): the body is a zip (a resources export) saved to
 *   /tmp/export_<uuid>.zip; with `load` (a file in the zip) and `type` (pipeline | workflow) it reads
 *   metadata.json and __pipeline_execution_configuration__.xml / __workflow_execution_configuration__.xml
 *   from the zip and registers `zip:file:///tmp/export_….zip!<load>`: OK with that URL as message and the
 *   id. Without `load` the answer is the XML header alone. Always XML (useXML is overridden to true).
 * - `/hop/addExport` (AddExportServlet, deprecated since 2.18.0): without `load`, OK with the archive URL;
 *   with `load` it fails on every release read, because it hands an already "zip:"-prefixed URL to
 *   RegisterPackageServlet.getMetaStoreJsonFromZIP, which prefixes it again — ERROR "Export failed. See
 *   server log for details." (2.18.0) / the exception's stack trace (before).
 * From 2.19.0 all of them answer 503 while the server shuts down.
 */
import { randomUUID } from 'node:crypto';

import { executionConfigFromNode, parseXml, pipelineFromNode, runConfigurationsInMetadata, workflowFromNode } from './defs';
import { page } from './html';
import { UTF8, webAnswer, type HopAnswer, type HopCall, type ServletDef } from './http';
import { pipelineConfigurationFromXml, workflowConfigurationFromXml } from './state';
import { forHtml, webResultJson, webResultXml, XML_HEADER, type WebResult } from './xml';
import { readZip } from './zip';

function refused(call: HopCall): HopAnswer | undefined {
	if (!call.state.version.atLeast('2.19.0') || !call.state.shuttingDown) return undefined;
	return call.sendError(503, 'The Hop server is shutting down and is not accepting new work.');
}

class RequestFailed extends Error {}

/** A Java exception as Const.getStackTracker prints it (the first line and a frame). */
function trace(className: string, message: string, frame: string): string {
	return `${className}: \n${message}\n\n\tat ${frame}\n`;
}

/** BodyHttpServlet.doGet around a body generator. */
async function bodyServlet(call: HopCall, generate: () => Promise<WebResult | undefined>, alwaysXml = false): Promise<HopAnswer> {
	const refusal = refused(call);
	if (refusal) return refusal;
	const { state } = call;
	const xml = alwaysXml || call.flag('xml');
	const json = state.version.atLeast('2.18.0') && call.flag('json');
	let web: WebResult | undefined;
	try {
		web = await generate();
	} catch (error) {
		const message = state.version.atLeast('2.18.0') ? 'Request failed. See server log for details.' : error instanceof Error ? error.message : String(error);
		web = { result: 'ERROR', message };
	}
	const render = (w: WebResult) => (json ? `${webResultJson(w)}\n` : `${webResultXml(w)}\n`);
	if (xml) return { status: 200, body: `${XML_HEADER}${web ? render(web) : ''}`, contentType: UTF8('text/xml') };
	if (json) return { status: 200, body: web ? render(web) : '', contentType: UTF8('application/json') };
	const title = `!${call.servlet.className.split('.').pop()}.Title!`;
	const html = ['<HTML>', '<HEAD>', '<TITLE>', forHtml(title), '</TITLE>', '<META http-equiv="Content-Type" content="text/html; charset=UTF-8">', '<link rel="icon" type="image/svg+xml" href="/static/images/favicon.svg">', '</HEAD>', '<BODY>'].join('\n');
	return { status: 200, body: `${html}\n${web ? render(web) : ''}<p>\n</BODY>\n</HTML>\n`, contentType: UTF8('text/html') };
}

function failure(call: HopCall, className: string, message: string, frame: string): never {
	throw new RequestFailed(trace(className, message, frame));
}

function registerPipeline(call: HopCall): Promise<HopAnswer> {
	return bodyServlet(call, async () => {
		const { state } = call;
		const xml = (await call.body()).toString('utf8');
		const parsed = pipelineConfigurationFromXml(xml);
		if (!parsed) failure(call, 'org.apache.hop.core.exception.HopXmlException', 'Error reading pipeline configuration from XML', 'org.apache.hop.pipeline.PipelineConfiguration.fromXml(PipelineConfiguration.java)');
		if (!parsed.metastoreJson) failure(call, 'org.apache.hop.core.exception.HopException', 'Error reading metadata from JSON', 'org.apache.hop.core.metadata.SerializableMetadataProvider.<init>(SerializableMetadataProvider.java)');
		const clientRunConfigurations = runConfigurationsInMetadata(parsed.metastoreJson, 'pipeline-run-configuration');
		const runConfiguration = parsed.config.runConfiguration ? state.resolve(parsed.config.runConfiguration) : undefined;
		const problem = state.checkRunConfiguration('pipeline', runConfiguration, clientRunConfigurations);
		if (problem) failure(call, 'org.apache.hop.core.exception.HopException', problem, 'org.apache.hop.pipeline.engine.PipelineEngineFactory.createPipelineEngine(PipelineEngineFactory.java)');
		const entry = state.addPipeline(parsed.def, { ...parsed.config, runConfiguration }, clientRunConfigurations);
		return { result: 'OK', message: `Pipeline '${entry.name}' was added to HopServer with id ${entry.id}`, id: entry.id };
	});
}

function registerWorkflow(call: HopCall): Promise<HopAnswer> {
	return bodyServlet(call, async () => {
		const { state } = call;
		const xml = (await call.body()).toString('utf8');
		const parsed = workflowConfigurationFromXml(xml);
		if (!parsed) failure(call, 'org.apache.hop.core.exception.HopXmlException', 'Error reading workflow configuration from XML', 'org.apache.hop.workflow.WorkflowConfiguration.fromXml(WorkflowConfiguration.java)');
		if (!parsed.metastoreJson) failure(call, 'org.apache.hop.core.exception.HopException', 'Error reading metadata from JSON', 'org.apache.hop.core.metadata.SerializableMetadataProvider.<init>(SerializableMetadataProvider.java)');
		const clientRunConfigurations = runConfigurationsInMetadata(parsed.metastoreJson, 'workflow-run-configuration');
		const runConfiguration = parsed.config.runConfiguration ? state.resolve(parsed.config.runConfiguration) : undefined;
		const problem = state.checkRunConfiguration('workflow', runConfiguration, clientRunConfigurations);
		if (problem) failure(call, 'org.apache.hop.core.exception.HopException', problem, 'org.apache.hop.workflow.engine.WorkflowEngineFactory.createWorkflowEngine(WorkflowEngineFactory.java)');
		const entry = state.addWorkflow(parsed.def, { ...parsed.config, runConfiguration }, clientRunConfigurations);
		return { result: 'OK', message: `Workflow '${entry.name}' was added to the list with id ${entry.id}`, id: entry.id };
	});
}

/** AddPipelineServlet / AddWorkflowServlet (hand-written, deprecated since 2.18.0). */
async function addServlet(call: HopCall, kind: 'pipeline' | 'workflow'): Promise<HopAnswer> {
	const refusal = refused(call);
	if (refusal) return refusal;
	const { state } = call;
	const xml = call.flag('xml');
	const type = xml ? 'text/xml;charset=iso-8859-1' : 'text/html;charset=iso-8859-1';
	const body = (await call.body()).toString('latin1');
	const parsed = kind === 'pipeline' ? pipelineConfigurationFromXml(body) : workflowConfigurationFromXml(body);
	let problem: string | undefined;
	if (!parsed) problem = trace('org.apache.hop.core.exception.HopXmlException', `Error reading ${kind} configuration from XML`, 'org.apache.hop.www.AddPipelineServlet.doGet(AddPipelineServlet.java)');
	else if (!parsed.metastoreJson) problem = trace('org.apache.hop.core.exception.HopException', 'Error reading metadata from JSON', 'org.apache.hop.core.metadata.SerializableMetadataProvider.<init>(SerializableMetadataProvider.java)');
	let clientRunConfigurations: string[] = [];
	let runConfiguration: string | undefined;
	if (parsed && !problem) {
		clientRunConfigurations = runConfigurationsInMetadata(parsed.metastoreJson, kind === 'pipeline' ? 'pipeline-run-configuration' : 'workflow-run-configuration');
		runConfiguration = parsed.config.runConfiguration ? state.resolve(parsed.config.runConfiguration) : undefined;
		const check = state.checkRunConfiguration(kind, runConfiguration, clientRunConfigurations);
		if (check) problem = trace('org.apache.hop.core.exception.HopException', check, 'org.apache.hop.pipeline.engine.PipelineEngineFactory.createPipelineEngine(PipelineEngineFactory.java)');
	}
	if (problem || !parsed) {
		if (xml) return { status: 200, body: `${XML_HEADER}${webResultXml({ result: 'ERROR', message: problem })}\n`, contentType: type };
		return { status: 200, body: `${page(kind === 'pipeline' ? 'Add pipeline' : 'Add workflow', [forHtml(problem ?? '')])}`, contentType: type };
	}
	if (kind === 'pipeline') {
		const entry = state.addPipeline(parsed.def as ReturnType<typeof pipelineFromNode>, { ...parsed.config, runConfiguration }, clientRunConfigurations);
		const message = `Pipeline '${entry.name}' was added to HopServer with id ${entry.id}`;
		if (xml) return { status: 200, body: `${XML_HEADER}${webResultXml({ result: 'OK', message, id: entry.id })}\n`, contentType: type };
		return { status: 200, body: page('Add pipeline', [`<p><a href="/hop/pipelineStatus?name=${entry.name}&id=${entry.id}">Go to the pipeline status page</a><p>`]), contentType: type };
	}
	const entry = state.addWorkflow(parsed.def as ReturnType<typeof workflowFromNode>, { ...parsed.config, runConfiguration }, clientRunConfigurations);
	const message = `Workflow '${entry.name}' was added to the list with id ${entry.id}`;
	if (xml) return { status: 200, body: `${XML_HEADER}${webResultXml({ result: 'OK', message, id: entry.id })}\n`, contentType: type };
	return { status: 200, body: page('Add workflow', [`<p><a href="/hop/workflowStatus?name=${entry.name}&id=${entry.id}">Go to the workflow status page</a><p>`]), contentType: type };
}

/** Saves an uploaded export as the servlets do (HopVfs.createTempFile("export", ".zip", java.io.tmpdir)). */
async function saveArchive(call: HopCall): Promise<{ url: string; zip?: Map<string, Buffer> }> {
	const data = await call.body();
	const url = `file:///tmp/export_${randomUUID()}.zip`;
	call.state.packages.set(url, data);
	return { url, zip: readZip(data) };
}

function registerPackage(call: HopCall): Promise<HopAnswer> {
	return bodyServlet(
		call,
		async () => {
			const { state } = call;
			const { url, zip } = await saveArchive(call);
			const load = call.param('load');
			if (!load) return undefined;
			const fileUrl = `zip:${url}!${load}`;
			const isWorkflow = (call.param('type') ?? '').toLowerCase() === 'workflow';
			const entryText = (name: string) => zip?.get(name)?.toString('utf8');
			const metadata = entryText('metadata.json');
			if (metadata === undefined) failure(call, 'org.apache.commons.vfs2.FileSystemException', `Could not read from "zip:${url}!metadata.json" because it is not a file.`, 'org.apache.hop.www.RegisterPackageServlet.getMetaStoreJsonFromZIP(RegisterPackageServlet.java)');
			const configName = isWorkflow ? '__workflow_execution_configuration__.xml' : '__pipeline_execution_configuration__.xml';
			const configDoc = parseXml(entryText(configName) ?? '');
			const configNode = configDoc?.[isWorkflow ? 'workflow_execution_configuration' : 'pipeline_execution_configuration'] as Record<string, unknown> | undefined;
			if (!configNode) failure(call, 'org.apache.hop.core.exception.HopXmlException', `Unable to read file [zip:${url}!${configName}]`, 'org.apache.hop.core.xml.XmlHandler.loadXmlFile(XmlHandler.java)');
			const config = executionConfigFromNode(configNode);
			const doc = parseXml(entryText(load) ?? '');
			const kind = isWorkflow ? 'workflow' : 'pipeline';
			const node = doc?.[kind] as Record<string, unknown> | undefined;
			if (!node) failure(call, 'org.apache.hop.core.exception.HopXmlException', isWorkflow ? `Unable to load the workflow from XML file [${fileUrl}]` : `The pipeline path ${fileUrl} is invalid, and will not run successfully.`, 'org.apache.hop.www.RegisterPackageServlet.generateBody(RegisterPackageServlet.java)');
			let clientNames: string[] = [];
			try {
				const json = JSON.parse(metadata) as Record<string, unknown>;
				const list = json[`${kind}-run-configuration`];
				clientNames = Array.isArray(list) ? list.map((e) => String((e as { name?: unknown }).name ?? '')) : [];
			} catch {
				failure(call, 'org.apache.hop.core.exception.HopException', 'Error reading metadata from JSON', 'org.apache.hop.core.metadata.SerializableMetadataProvider.<init>(SerializableMetadataProvider.java)');
			}
			const runConfiguration = config.runConfiguration ? state.resolve(config.runConfiguration) : undefined;
			const problem = state.checkRunConfiguration(kind, runConfiguration, clientNames);
			if (problem) failure(call, 'org.apache.hop.core.exception.HopException', problem, 'org.apache.hop.pipeline.engine.PipelineEngineFactory.createPipelineEngine(PipelineEngineFactory.java)');
			const id = isWorkflow
				? state.addWorkflow(workflowFromNode(node, fileUrl), { ...config, runConfiguration }, clientNames).id
				: state.addPipeline(pipelineFromNode(node, fileUrl), { ...config, runConfiguration }, clientNames).id;
			return { result: 'OK', message: fileUrl, id };
		},
		true,
	);
}

async function addExport(call: HopCall): Promise<HopAnswer> {
	const refusal = refused(call);
	if (refusal) return refusal;
	const { state } = call;
	const { url } = await saveArchive(call);
	const load = call.param('load');
	const type = 'text/xml;charset=iso-8859-1';
	if (!load) return { status: 200, body: `${XML_HEADER}${webResultXml({ result: 'OK', message: url })}\n`, contentType: type };
	const message = state.version.atLeast('2.18.0')
		? 'Export failed. See server log for details.'
		: trace('org.apache.hop.core.exception.HopFileException', `Unable to get VFS File object for filename 'zip:zip:${url}!metadata.json!metadata.json'`, 'org.apache.hop.www.RegisterPackageServlet.getMetaStoreJsonFromZIP(RegisterPackageServlet.java)');
	return { status: 200, body: `${XML_HEADER}${webResultXml({ result: 'ERROR', message })}\n`, contentType: type };
}

export const REGISTER_SERVLETS: ServletDef[] = [
	// apache/hop:engine/src/main/java/org/apache/hop/www/RegisterPipelineServlet.java@2.19.0-rc1 (and @2.9.0-rc1 where it exists)
	{ path: '/hop/registerPipeline', className: 'org.apache.hop.www.RegisterPipelineServlet', handler: registerPipeline },
	// apache/hop:engine/src/main/java/org/apache/hop/www/RegisterWorkflowServlet.java@2.19.0-rc1 (and @2.9.0-rc1 where it exists)
	{ path: '/hop/registerWorkflow', className: 'org.apache.hop.www.RegisterWorkflowServlet', handler: registerWorkflow },
	// apache/hop:engine/src/main/java/org/apache/hop/www/AddPipelineServlet.java@2.19.0-rc1 (and @2.9.0-rc1 where it exists)
	{ path: '/hop/addPipeline', className: 'org.apache.hop.www.AddPipelineServlet', handler: (call) => addServlet(call, 'pipeline') },
	// apache/hop:engine/src/main/java/org/apache/hop/www/AddWorkflowServlet.java@2.19.0-rc1 (and @2.9.0-rc1 where it exists)
	{ path: '/hop/addWorkflow', className: 'org.apache.hop.www.AddWorkflowServlet', handler: (call) => addServlet(call, 'workflow') },
	// apache/hop:engine/src/main/java/org/apache/hop/www/RegisterPackageServlet.java@2.19.0-rc1 (and @2.9.0-rc1 where it exists)
	{ path: '/hop/registerPackage', className: 'org.apache.hop.www.RegisterPackageServlet', handler: registerPackage },
	// apache/hop:engine/src/main/java/org/apache/hop/www/AddExportServlet.java@2.19.0-rc1 (and @2.9.0-rc1 where it exists)
	{ path: '/hop/addExport', className: 'org.apache.hop.www.AddExportServlet', handler: addExport },
];

export { webAnswer };
