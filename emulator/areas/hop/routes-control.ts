/**
 * The control servlets (apache/hop:engine/src/main/java/org/apache/hop/www/<Servlet>.java @2.19.0-rc1,
 * differences @2.9.0-rc1 placed in version.ts). Every one answers HTTP 200 with a web result for xml=Y
 * (and json=Y from 2.18.0, 00729a9593); only the HTML answers of failures set 400. Parameters `name`
 * and `id`: with an id the entry with that id whatever the name; without one the first entry of the name.
 *
 * - `/hop/stopPipeline` (StopPipelineServlet): stopAll — also with `inputOnly=Y`, which the servlet reads
 *   and ignores (there is no safe stop over HTTP); nothing happens to a pipeline never prepared. OK
 *   "Pipeline [name] stop requested." with the id; ERROR "Pipeline [name] could not be found." with the id.
 * - `/hop/pausePipeline` (PausePipelineServlet): pauses, or resumes a paused pipeline. OK "Pipeline [name] :
 *   pause requested." / ": resume requested." (no id); ERROR "Pipeline [name] to be paused could not be
 *   found."; a pipeline never prepared: pauseExecution sets the paused flag, then fails on its missing
 *   transforms — ERROR with the NullPointerException's stack trace (HTML: 400).
 * - `/hop/removePipeline`, `/hop/removeWorkflow`: drop the entry (running or not) and its log lines.
 *   OK without message (`<?xml …?>` then the web result, no line break); not found: ERROR "The specified
 *   pipeline [name] could not be found" / "Could not find the workflow with specified name [name]!" without
 *   the XML header.
 * - `/hop/prepareExec` (PrepareExecutionPipelineServlet): prepareExecution. OK; ERROR "The specified
 *   pipeline [name] could not be found" for an unknown id; an unknown name without id makes the servlet look up
 *   a null entry in the ConcurrentHashMap: "Unexpected error during pipeline execution preparation: " + the
 *   NullPointerException.
 * - `/hop/startExec` (StartExecutionPipelineServlet): startThreads if prepared. OK; ERROR "The specified
 *   pipeline [name] is not ready to be started. (Was not prepared for execution)".
 * - `/hop/startPipeline` (StartPipelineServlet): execute() (prepare and start; a new log channel each time).
 *   OK "Pipeline [name] was started." (no id).
 * - `/hop/stopWorkflow` (StopWorkflowServlet): stopExecution. OK "Workflow [name] stop requested." (no id).
 * - `/hop/startWorkflow` (StartWorkflowServlet): starts it; a workflow that already ran is replaced by a new
 *   engine with a new container id, which the web result's id carries while the map entry keeps the old id.
 *   OK "Workflow [name] was started." with the container id; ERROR "The specified workflow [name] could
 *   not be found".
 * From 2.10.0 startPipeline/startWorkflow/startExec HTML-escape `name` (and startPipeline/startWorkflow `id`)
 * before the look-up (13cfe030ec), so a name with &, <, > or " is not found. From 2.19.0 the servlets that
 * take new work (prepare, startExec, startPipeline, startWorkflow, the register/add servlets) answer
 * sendSafeError(503, "The Hop server is shutting down and is not accepting new work.") once a shutdown began
 * (BaseHttpServlet.refuseIfShuttingDown, 02b72d78af).
 */
import { randomUUID } from 'node:crypto';

import { WorkflowEngine } from './engine';
import { page } from './html';
import { UTF8, webAnswer, type HopAnswer, type HopCall, type ServletDef } from './http';
import { lookupPipeline } from './routes-status';
import { forHtml } from './xml';

type Format = 'xml' | 'json' | 'html';

function formatOf(call: HopCall): Format {
	if (call.flag('xml')) return 'xml';
	if (call.state.version.atLeast('2.18.0') && call.flag('json')) return 'json';
	return 'html';
}

/** The answer of a control servlet: the web result (XML with header, or JSON), or the HTML page. */
function answer(call: HopCall, format: Format, web: { result: 'OK' | 'ERROR'; message?: string | null; id?: string | null }, html: () => { title: string; body: string[]; refresh?: string; status?: number }): HopAnswer {
	if (format !== 'html') return webAnswer(web, format);
	const p = html();
	return { status: p.status ?? 200, body: page(p.title, p.body, p.refresh), contentType: UTF8('text/html') };
}

const enc = (v: string | null) => encodeURIComponent(v ?? '').replace(/%20/g, '+');
const back = '<a href="/hop/status">Back to the status page</a><p>';

/** StringEscapeUtils.escapeHtml4 on the names of the start servlets (2.10.0). */
function escapedName(call: HopCall, value: string | null): string | null {
	if (value === null || !call.state.version.atLeast('2.10.0')) return value;
	return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** BaseHttpServlet.refuseIfShuttingDown (2.19.0). */
function refused(call: HopCall): HopAnswer | undefined {
	if (!call.state.version.atLeast('2.19.0') || !call.state.shuttingDown) return undefined;
	return call.sendError(503, 'The Hop server is shutting down and is not accepting new work.');
}

/** A Java NullPointerException's stack trace as Const.getStackTracker prints it (first frames only). */
export function npeTrace(call: HopCall, where: string, what: string): string {
	const helpful = call.state.version.atLeast('2.16.0') ? `: ${what}` : '';
	return `java.lang.NullPointerException${helpful}\n\tat ${where}\n\tat jakarta.servlet.http.HttpServlet.service(HttpServlet.java)\n`;
}

function stopPipeline(call: HopCall): HopAnswer {
	const { state } = call;
	const format = formatOf(call);
	const name = call.param('name');
	let id = call.param('id');
	const entry = lookupPipeline(call, name, id);
	if (entry) {
		if (!id) id = entry.id;
		const now = state.now();
		entry.engine.run?.stop(now);
		state.settle(now);
		const message = `Pipeline [${name}] stop requested.`;
		return answer(call, format, { result: 'OK', message, id }, () => ({
			title: 'Stop pipeline',
			refresh: `/hop/pipelineStatus?name=${enc(name)}`,
			body: [`<H1>${forHtml(message)}</H1>`, `<a href="/hop/pipelineStatus?name=${enc(name)}&id=${enc(id)}">Back to the pipeline status page</a><p>`],
		}));
	}
	const message = `Pipeline [${name}] could not be found.`;
	return answer(call, format, { result: 'ERROR', message, id }, () => ({ title: 'Stop pipeline', refresh: `/hop/pipelineStatus?name=${enc(name)}`, body: [`<H1>${forHtml(message)}</H1>`, back], status: 400 }));
}

function pausePipeline(call: HopCall): HopAnswer {
	const { state } = call;
	const format = formatOf(call);
	const name = call.param('name');
	const id = call.param('id');
	const entry = lookupPipeline(call, name, id);
	if (!entry) {
		const message = `Pipeline [${name}] to be paused could not be found.`;
		return answer(call, format, { result: 'ERROR', message }, () => ({ title: 'Pause pipeline', refresh: `/hop/pipelineStatus?name=${enc(name)}`, body: [`<H1>${forHtml(message)}</H1>`, back], status: 400 }));
	}
	const now = state.now();
	const engine = entry.engine;
	const run = engine.run;
	let message: string;
	if (engine.isPaused()) {
		if (!run) {
			// resumeExecution iterates the missing transforms too.
			const trace = npeTrace(call, 'org.apache.hop.pipeline.Pipeline.resumeExecution(Pipeline.java)', 'Cannot invoke "java.util.List.iterator()" because "this.transforms" is null');
			return answer(call, format, { result: 'ERROR', message: trace }, () => ({ title: 'Pause pipeline', body: [forHtml(trace)], status: 400 }));
		}
		run.resume(now);
		engine.pausedFlag = false;
		message = `Pipeline [${name}] : resume requested.`;
	} else {
		engine.pausedFlag = true;
		if (!run) {
			const trace = npeTrace(call, 'org.apache.hop.pipeline.Pipeline.pauseExecution(Pipeline.java)', 'Cannot invoke "java.util.List.iterator()" because "this.transforms" is null');
			return answer(call, format, { result: 'ERROR', message: trace }, () => ({ title: 'Pause pipeline', body: [forHtml(trace)], status: 400 }));
		}
		if (run.running) run.pause(now);
		message = `Pipeline [${name}] : pause requested.`;
	}
	state.settle(now);
	return answer(call, format, { result: 'OK', message }, () => ({
		title: 'Pause pipeline',
		refresh: `/hop/pipelineStatus?name=${enc(name)}`,
		body: [`<H1>${forHtml(message)}</H1>`, `<a href="/hop/pipelineStatus?name=${enc(name)}&id=${enc(id ?? entry.id)}">Back to the pipeline status page</a><p>`],
	}));
}

function removePipeline(call: HopCall): HopAnswer {
	const { state } = call;
	const format = formatOf(call);
	const name = call.param('name');
	const id = call.param('id');
	const entry = lookupPipeline(call, name, id);
	if (entry) {
		state.logs.discard(entry.engine.channel);
		state.removePipeline(entry);
		if (format === 'xml') return webAnswer({ result: 'OK' }, 'xml', 200, false);
		if (format === 'json') return webAnswer({ result: 'OK' }, 'json');
		return {
			status: 200,
			body: page('The pipeline was removed', [`<H3>${forHtml(`The pipeline with name [${name}] and hopServer object id ${id ?? entry.id} was removed from Hop Server.`)}</H3>`, back]),
			contentType: UTF8('text/html'),
		};
	}
	const message = `The specified pipeline [${name}] could not be found`;
	if (format !== 'html') return webAnswer({ result: 'ERROR', message }, format === 'xml' ? 'bareXml' : 'json');
	return { status: 400, body: `<H1>${forHtml(`Hop Server couldn't find the pipeline with name [${name}] and hopServer object ID ${id}.`)}</H1>\n${back}\n`, contentType: UTF8('text/html') };
}

function prepareExec(call: HopCall): HopAnswer {
	const refusal = refused(call);
	if (refusal) return refusal;
	const { state } = call;
	const format = formatOf(call);
	const name = call.param('name');
	const id = call.param('id');
	const entry = lookupPipeline(call, name, id);
	if (!entry && !id) {
		const trace = npeTrace(call, 'java.util.concurrent.ConcurrentHashMap.get(ConcurrentHashMap.java)', '');
		const message = `Unexpected error during pipeline execution preparation: \n${trace}`;
		return answer(call, format, { result: 'ERROR', message }, () => ({ title: 'Prepare execution of pipeline', body: [forHtml(trace)], status: 400 }));
	}
	if (!entry) {
		const message = `The specified pipeline [${name}] could not be found`;
		return answer(call, format, { result: 'ERROR', message }, () => ({ title: 'Prepare execution of pipeline', body: [`<H1>${forHtml(`Pipeline [${name}] could not be found.`)}</H1>`, back], status: 400 }));
	}
	state.preparePipeline(entry.engine);
	return answer(call, format, { result: 'OK' }, () => ({
		title: 'Prepare execution of pipeline',
		refresh: `/hop/pipelineStatus?name=${enc(name)}`,
		body: [`<H1>${forHtml(`Pipeline [${name}] was prepared.`)}</H1>`, `<a href="/hop/pipelineStatus?name=${enc(name)}&id=${enc(id ?? entry.id)}">Back to the pipeline status page</a><p>`],
	}));
}

function startExec(call: HopCall): HopAnswer {
	const refusal = refused(call);
	if (refusal) return refusal;
	const { state } = call;
	const format = formatOf(call);
	const name = escapedName(call, call.param('name'));
	const id = call.param('id');
	const entry = lookupPipeline(call, name, id);
	if (!entry) {
		const message = `The specified pipeline [${name}] could not be found`;
		return answer(call, format, { result: 'ERROR', message }, () => ({ title: 'Prepare execution of pipeline', body: [`<H1>${forHtml(`Pipeline [${name}] could not be found.`)}</H1>`, back] }));
	}
	const run = entry.engine.run;
	if (!entry.engine.readyToStart || !run) {
		const message = `The specified pipeline [${name}] is not ready to be started. (Was not prepared for execution)`;
		return answer(call, format, { result: 'ERROR', message }, () => ({ title: 'Prepare execution of pipeline', body: [`<H1>${forHtml(message)}</H1>`, back] }));
	}
	// startThreads on a run that already started is not played: the emulator leaves it as it is.
	if (run.startedAt === undefined) state.startPipeline(entry.engine);
	return answer(call, format, { result: 'OK' }, () => ({
		title: 'Prepare execution of pipeline',
		refresh: `/hop/pipelineStatus?name=${enc(name)}`,
		body: [`<H1>Pipeline ${forHtml(`'${name}'`)} has been executed.</H1>`, `<a target="_blank" href="/hop/pipelineStatus?name=${enc(name)}&id=${enc(id ?? entry.id)}">Back to the pipeline status page</a><p>`],
	}));
}

function startPipeline(call: HopCall): HopAnswer {
	const refusal = refused(call);
	if (refusal) return refusal;
	const { state } = call;
	const format = formatOf(call);
	let name = escapedName(call, call.param('name'));
	if (name === null && state.version.atLeast('2.10.0')) name = '';
	const id = escapedName(call, call.param('id'));
	const entry = lookupPipeline(call, name, id);
	if (!entry) {
		const message = `The specified pipeline [${name}] could not be found`;
		return answer(call, format, { result: 'ERROR', message, id }, () => ({ title: 'Start of pipeline', refresh: `/hop/pipelineStatus?name=${enc(name)}`, body: [`<H1>${forHtml(message)}</H1>`, back], status: 400 }));
	}
	state.logs.discard(entry.engine.channel);
	state.preparePipeline(entry.engine);
	state.startPipeline(entry.engine);
	const message = `Pipeline [${name}] was started.`;
	return answer(call, format, { result: 'OK', message }, () => ({
		title: 'Start of pipeline',
		refresh: `/hop/pipelineStatus?name=${enc(name)}`,
		body: [`<H1>${forHtml(message)}</H1>`, `<a href="/hop/pipelineStatus?name=${enc(name)}&id=${enc(id ?? entry.id)}">Back to the pipeline status page</a><p>`],
	}));
}

function stopWorkflow(call: HopCall): HopAnswer {
	const { state } = call;
	const format = formatOf(call);
	const name = call.param('name');
	const id = call.param('id');
	const entry = id ? state.findWorkflow(null, id) : state.findWorkflow(name, null);
	if (!entry) {
		const message = `Workflow [${name}] could not be found.`;
		return answer(call, format, { result: 'ERROR', message }, () => ({ title: 'Stop workflow', refresh: `/hop/workflowStatus?name=${enc(name)}`, body: [`<H1>${forHtml(message)}</H1>`, back], status: 400 }));
	}
	const now = state.now();
	state.settle(now);
	const run = entry.engine.run;
	if (run) run.stop(now, state.logs);
	else entry.engine.stoppedBeforeStart = true;
	state.settle(now);
	const message = `Workflow [${name}] stop requested.`;
	return answer(call, format, { result: 'OK', message }, () => ({
		title: 'Stop workflow',
		refresh: `/hop/workflowStatus?name=${enc(name)}`,
		body: [`<H1>${forHtml(message)}</H1>`, `<a href="/hop/workflowStatus?name=${enc(name)}&id=${enc(id ?? entry.id)}">Back to the workflow status page</a><p>`],
	}));
}

function removeWorkflow(call: HopCall): HopAnswer {
	const { state } = call;
	const format = formatOf(call);
	const name = call.param('name');
	const id = call.param('id');
	const entry = id ? state.findWorkflow(null, id) : state.findWorkflow(name, null);
	if (entry) {
		state.logs.discard(entry.engine.channel);
		state.removeWorkflow(entry);
		if (format === 'xml') return webAnswer({ result: 'OK' }, 'xml', 200, false);
		if (format === 'json') return webAnswer({ result: 'OK' }, 'json');
		return {
			status: 200,
			body: page('Workflow Removed!', [`<H3>${forHtml(`The workflow with name [${name}] and hopServer object id ${id ?? entry.id} was removed from Hop Server.`)}</H3>`, '<a href="/hop/status">Back to the status page</a><br>']),
			contentType: UTF8('text/html'),
		};
	}
	const message = `Could not find the workflow with specified name [${name}]!`;
	if (format !== 'html') return webAnswer({ result: 'ERROR', message }, format === 'xml' ? 'bareXml' : 'json');
	return { status: 400, body: `<H1>${forHtml(`Hop Server couldn't find the workflow with name [${name}] and hopServer object id ${id}.`)}</H1>\n${back}\n`, contentType: UTF8('text/html') };
}

function startWorkflow(call: HopCall): HopAnswer {
	const refusal = refused(call);
	if (refusal) return refusal;
	const { state } = call;
	const format = formatOf(call);
	const name = escapedName(call, call.param('name'));
	const id = escapedName(call, call.param('id'));
	const entry = id ? state.findWorkflow(null, id) : state.findWorkflow(name, null);
	if (!entry) {
		const message = `The specified workflow [${name}] could not be found`;
		return answer(call, format, { result: 'ERROR', message }, () => ({ title: 'Start workflow', refresh: '/hop/status', body: [`<H1>${forHtml(message)}</H1>`, back], status: 400 }));
	}
	let engine = entry.engine;
	if (engine.initialized && !engine.active) {
		// A workflow that ran is replaced by a new engine: a new container id, same map entry (its id stays).
		if (name === null) {
			// getConfiguration(null) finds no configuration: the restart fails with a NullPointerException.
			const trace = npeTrace(call, 'org.apache.hop.www.StartWorkflowServlet.doGet(StartWorkflowServlet.java)', 'Cannot invoke "org.apache.hop.workflow.WorkflowConfiguration.getWorkflowExecutionConfiguration()" because "workflowConfiguration" is null');
			const message = `Unexpected error during workflow start: \n${trace}`;
			return answer(call, format, { result: 'ERROR', message }, () => ({ title: 'Start workflow', body: [forHtml(trace)], status: 400 }));
		}
		state.logs.discard(engine.channel);
		engine = new WorkflowEngine(engine.def, engine.config, randomUUID());
		entry.engine = engine;
	}
	if (!engine.active) state.startWorkflow(engine);
	const message = `Workflow [${name}] was started.`;
	return answer(call, format, { result: 'OK', message, id: engine.containerId }, () => ({
		title: 'Start workflow',
		refresh: `/hop/status?name=${enc(name)}`,
		body: [`<H1>${forHtml(message)}</H1>`, `<a href="/hop/workflowStatus?name=${enc(name)}&id=${enc(id ?? entry.id)}">Back to the workflow status page</a><p>`],
	}));
}

export const CONTROL_SERVLETS: ServletDef[] = [
	// apache/hop:engine/src/main/java/org/apache/hop/www/StopPipelineServlet.java@2.19.0-rc1 (and @2.9.0-rc1 where it exists)
	{ path: '/hop/stopPipeline', className: 'org.apache.hop.www.StopPipelineServlet', handler: stopPipeline },
	// apache/hop:engine/src/main/java/org/apache/hop/www/PausePipelineServlet.java@2.19.0-rc1 (and @2.9.0-rc1 where it exists)
	{ path: '/hop/pausePipeline', className: 'org.apache.hop.www.PausePipelineServlet', handler: pausePipeline },
	// apache/hop:engine/src/main/java/org/apache/hop/www/RemovePipelineServlet.java@2.19.0-rc1 (and @2.9.0-rc1 where it exists)
	{ path: '/hop/removePipeline', className: 'org.apache.hop.www.RemovePipelineServlet', handler: removePipeline },
	// apache/hop:engine/src/main/java/org/apache/hop/www/PrepareExecutionPipelineServlet.java@2.19.0-rc1 (and @2.9.0-rc1 where it exists)
	{ path: '/hop/prepareExec', className: 'org.apache.hop.www.PrepareExecutionPipelineServlet', handler: prepareExec },
	// apache/hop:engine/src/main/java/org/apache/hop/www/StartExecutionPipelineServlet.java@2.19.0-rc1 (and @2.9.0-rc1 where it exists)
	{ path: '/hop/startExec', className: 'org.apache.hop.www.StartExecutionPipelineServlet', handler: startExec },
	// apache/hop:engine/src/main/java/org/apache/hop/www/StartPipelineServlet.java@2.19.0-rc1 (and @2.9.0-rc1 where it exists)
	{ path: '/hop/startPipeline', className: 'org.apache.hop.www.StartPipelineServlet', handler: startPipeline },
	// apache/hop:engine/src/main/java/org/apache/hop/www/StopWorkflowServlet.java@2.19.0-rc1 (and @2.9.0-rc1 where it exists)
	{ path: '/hop/stopWorkflow', className: 'org.apache.hop.www.StopWorkflowServlet', handler: stopWorkflow },
	// apache/hop:engine/src/main/java/org/apache/hop/www/RemoveWorkflowServlet.java@2.19.0-rc1 (and @2.9.0-rc1 where it exists)
	{ path: '/hop/removeWorkflow', className: 'org.apache.hop.www.RemoveWorkflowServlet', handler: removeWorkflow },
	// apache/hop:engine/src/main/java/org/apache/hop/www/StartWorkflowServlet.java@2.19.0-rc1 (and @2.9.0-rc1 where it exists)
	{ path: '/hop/startWorkflow', className: 'org.apache.hop.www.StartWorkflowServlet', handler: startWorkflow },
];
