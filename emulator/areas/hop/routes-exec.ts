/**
 * Running files of the server's own file system, synchronously.
 *
 * - `/hop/execPipeline`, `/hop/execWorkflow` (ExecPipelineServlet, ExecWorkflowServlet, new in 2.17.0,
 *   162457dd03; apache/hop:engine/src/main/java/org/apache/hop/www/ @2.19.0-rc1). Parameters: `pipeline` /
 *   `workflow` (the file, variables such as ${PROJECT_HOME} resolved), `level` (LogLevel code, any case),
 *   `runConfig` (else the metadata's default run configuration, else "local"); every other parameter sets a
 *   pipeline/workflow parameter of that name if it has one, else a variable — of the servlet's own variable
 *   space, shared by every later request (variables.setVariable on the server's IVariables). `json=Y` (2.18.0)
 *   asks for JSON and, not being a known option, is set as a variable too. The servlet registers the run in the
 *   map (visible to the status servlets) and waits for its end, then answers:
 *   - 200 OK "Pipeline executed successfully" / "Workflow executed successfully";
 *   - 400 ERROR "Missing mandatory parameter: pipeline" (or workflow);
 *   - 500 ERROR "Error executing pipeline: " + the run's log, when the pipeline finished with errors; for a
 *     workflow when it finished with a result with errors (a stopped workflow is not finished: a workflow
 *     stopped by an Abort action answers 200 OK);
 *   - 404 ERROR "Unable to find pipeline: <path> (resolved: <path>)" only when an exception's message contains
 *     "Unable to find pipeline", which only PipelineEngineFactory's "Unable to find pipeline engine plugin type
 *     with ID '…'" does (a run configuration whose engine is not installed); ExecWorkflowServlet looks for
 *     "Unable to find workflow", which nothing says (its factory's message also names the pipeline engine);
 *   - 500 ERROR "Unexpected error executing pipeline: \n" + the stack trace for everything else — a file that
 *     does not exist included (PipelineMeta: "The pipeline path … is invalid, and will not run successfully.";
 *     WorkflowMeta: "Unable to load the workflow from XML file […]"), despite the user manual's 404.
 *   The web result has no XML header; text/xml;charset=UTF-8 (application/json with json=Y). No 503 while
 *   shutting down (the servlets do not call refuseIfShuttingDown).
 * - `/hop/webService` (WebServiceServlet): runs the pipeline of the WebService metadata named by `service`
 *   and writes the field `fieldName` of every row the transform writes; content type from the metadata
 *   (text/plain by default) with charset UTF-8; other parameters become pipeline parameters or variables;
 *   listed in the status when the service says so. No `service`: 400 "Please specify a service parameter
 *   pointing to the name of the web service object"; unknown or disabled service or a failure: 500 "Error
 *   producing web service output." (sendSafeError, 2.18.0; before, a ServletException out to Jetty: 500).
 * - `/shutdown` (ShutdownServlet, 2.19.0, 893e59ee41): 200 with no body; two seconds later the server shuts
 *   down: new work is refused with 503 and the status says "Shutting down" (shutting_down Y) while it waits up
 *   to --shutdown-timeout for running executions (0 by default: it stops at once); then it stops listening.
 */
import { randomUUID } from 'node:crypto';

import type { PipelineDef, WorkflowDef } from './defs';
import { logLevelOf } from './engine';
import { UTF8, webAnswer, type HopAnswer, type HopCall, type ServletDef } from './http';
import { forHtml } from './xml';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** Waits (on the emulator clock, checking every 20 ms) until `done`, or the emulator stops. */
async function waitFor(call: HopCall, done: () => boolean): Promise<boolean> {
	while (!done()) {
		if (call.state.closed || call.req.socket.destroyed) return false;
		await sleep(20);
		call.state.settle();
	}
	return true;
}

function javaTrace(className: string, message: string, frame: string): string {
	return `${className}: \n${message}\n\n\tat ${frame}\n`;
}

async function exec(call: HopCall, kind: 'pipeline' | 'workflow'): Promise<HopAnswer> {
	const { state } = call;
	const json = state.version.atLeast('2.18.0') && call.flag('json');
	const format = json ? 'json' : 'bareXml';
	const option = call.param(kind);
	if (option === null) return webAnswer({ result: 'ERROR', message: `Missing mandatory parameter: ${kind}` }, format, 400);
	const Kind = kind === 'pipeline' ? 'Pipeline' : 'Workflow';
	const unexpected = (stack: string) => webAnswer({ result: 'ERROR', message: `Unexpected error executing ${kind}: \n${stack}` }, format, 500);
	const resolved = state.resolve(option);
	const def = state.fileDef(resolved);
	if (!def || def.kind !== kind) {
		const stack =
			kind === 'pipeline'
				? def
					? javaTrace('org.apache.hop.core.exception.HopXmlException', `The specified file '${resolved}' does not contain pipeline XML.`, 'org.apache.hop.pipeline.PipelineMeta.loadXml(PipelineMeta.java)')
					: javaTrace('org.apache.hop.core.exception.HopXmlException', `The pipeline path ${resolved} is invalid, and will not run successfully.`, 'org.apache.hop.pipeline.PipelineMeta.loadXml(PipelineMeta.java)')
				: javaTrace('org.apache.hop.core.exception.HopXmlException', `Unable to load the workflow from XML file [${resolved}]\nUnable to read file [file://${resolved}]`, 'org.apache.hop.workflow.WorkflowMeta.loadXml(WorkflowMeta.java)');
		return unexpected(stack);
	}
	// Parameters and variables (known options aside).
	const known = [kind, 'level', 'runConfig'];
	const parameterNames = def.parameters.map((p) => p.name);
	const parameters: Record<string, string> = {};
	for (const name of call.paramNames()) {
		if (known.includes(name)) continue;
		const value = call.param(name) ?? '';
		if (parameterNames.includes(name)) parameters[name] = value;
		else state.variables[name] = value;
	}
	const levelOption = call.param('level');
	const logLevel = levelOption ? logLevelOf(levelOption) : 'Basic';
	const runConfiguration = call.param('runConfig') || state.defaultRunConfiguration(kind) || 'local';
	const problem = state.checkRunConfiguration(kind, state.resolve(runConfiguration));
	if (problem) {
		if (kind === 'pipeline' && problem.includes('Unable to find pipeline')) {
			return webAnswer({ result: 'ERROR', message: `Unable to find pipeline: ${forHtml(option)} (resolved: ${forHtml(resolved)})` }, format, 404);
		}
		return unexpected(javaTrace('org.apache.hop.core.exception.HopException', problem, `org.apache.hop.${kind}.engine.${Kind}EngineFactory.create${Kind}Engine(${Kind}EngineFactory.java)`));
	}
	const config = { logLevel, runConfiguration, parameters, variables: {} };
	if (kind === 'pipeline') {
		const entry = state.addPipeline(def as PipelineDef, config, [], randomUUID());
		state.preparePipeline(entry.engine);
		state.startPipeline(entry.engine);
		const run = entry.engine.run!;
		if (!(await waitFor(call, () => run.finished))) return 'destroy';
		const logging = state.logs.text(run.channel, 0);
		if (run.errors(state.now()) > 0) return webAnswer({ result: 'ERROR', message: `Error executing pipeline: ${logging}` }, format, 500);
		return webAnswer({ result: 'OK', message: 'Pipeline executed successfully' }, format);
	}
	const entry = state.addWorkflow(def as WorkflowDef, config, [], (def as WorkflowDef).name, randomUUID());
	const run = state.startWorkflow(entry.engine);
	if (!(await waitFor(call, () => !run.running))) return 'destroy';
	const result = run.result(state.now());
	if (run.finished && (!result || result.errors > 0)) {
		return webAnswer({ result: 'ERROR', message: `Error executing workflow: ${state.logs.text(run.channel, 0)}` }, format, 500);
	}
	return webAnswer({ result: 'OK', message: 'Workflow executed successfully' }, format);
}

async function webService(call: HopCall): Promise<HopAnswer> {
	const { state } = call;
	const modern = state.version.atLeast('2.18.0');
	const name = call.param('service');
	if (!name) {
		const message = 'Please specify a service parameter pointing to the name of the web service object';
		return modern ? call.sendError(400, message) : call.sendError(500, `javax.servlet.ServletException: ${message}`);
	}
	const fail = () => (modern ? call.sendError(500, 'Error producing web service output.') : call.sendError(500, 'javax.servlet.ServletException: Error producing web service output'));
	const service = state.webServices.find((s) => s.name === name);
	if (!service || service.enabled === false) return fail();
	const def = state.fileDef(state.resolve(service.filename));
	if (!def || def.kind !== 'pipeline') return fail();
	const transform = def.transforms.find((t) => t.name === state.resolve(service.transform));
	if (!transform) return fail();
	const runConfiguration = call.param('runConfig') || (service.runConfiguration ? state.resolve(service.runConfiguration) : undefined);
	if (runConfiguration && state.checkRunConfiguration('pipeline', runConfiguration)) return fail();
	const parameterNames = def.parameters.map((p) => p.name);
	const parameters: Record<string, string> = {};
	const variables: Record<string, string> = {};
	for (const n of call.paramNames()) {
		if (n === 'service') continue;
		if (parameterNames.includes(n)) parameters[n] = call.param(n) ?? '';
		else variables[n] = call.param(n) ?? '';
	}
	const entry = state.addPipeline(def, { logLevel: 'Basic', runConfiguration: runConfiguration ?? 'local', parameters, variables }, [], randomUUID());
	state.preparePipeline(entry.engine);
	state.startPipeline(entry.engine);
	if (service.listStatus === false) state.removePipeline(entry);
	const run = entry.engine.run!;
	if (!(await waitFor(call, () => run.finished))) return 'destroy';
	const generator = def.transforms.find((t) => t.type === 'RowGenerator');
	const field = generator?.fields?.find((f) => f.name === state.resolve(service.field));
	const plan = run.plan.transforms.find((t) => t.def.name === transform.name);
	const rows = plan ? run.counters(plan, state.now()).written : 0;
	if (!field) return rows > 0 ? fail() : { status: 200, contentType: UTF8(service.contentType || 'text/plain') };
	const value = state.resolve(field.value, { ...variables, ...entry.engine.config.parameters });
	return { status: 200, body: value.repeat(rows), contentType: UTF8(service.contentType || 'text/plain') };
}

function shutdown(call: HopCall): HopAnswer {
	const { state } = call;
	if (state.shutdownRequestedAt === undefined) state.shutdownRequestedAt = state.now();
	return { status: 200 };
}

export const EXEC_SERVLETS: ServletDef[] = [
	// apache/hop:engine/src/main/java/org/apache/hop/www/ExecPipelineServlet.java@2.19.0-rc1 (and @2.9.0-rc1 where it exists)
	{ path: '/hop/execPipeline', className: 'org.apache.hop.www.ExecPipelineServlet', since: '2.17.0', handler: (call) => exec(call, 'pipeline') },
	// apache/hop:engine/src/main/java/org/apache/hop/www/ExecWorkflowServlet.java@2.19.0-rc1 (and @2.9.0-rc1 where it exists)
	{ path: '/hop/execWorkflow', className: 'org.apache.hop.www.ExecWorkflowServlet', since: '2.17.0', handler: (call) => exec(call, 'workflow') },
	// apache/hop:engine/src/main/java/org/apache/hop/www/WebServiceServlet.java@2.19.0-rc1 (and @2.9.0-rc1 where it exists)
	{ path: '/hop/webService', className: 'org.apache.hop.www.WebServiceServlet', handler: webService },
	// apache/hop:engine/src/main/java/org/apache/hop/www/ShutdownServlet.java@2.19.0-rc1 (and @2.9.0-rc1 where it exists)
	{ path: '/shutdown', className: 'org.apache.hop.www.ShutdownServlet', since: '2.19.0', handler: shutdown },
];
