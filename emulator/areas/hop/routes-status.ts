/**
 * The reading servlets: `/` (GetRootServlet), `/hop/status` (GetStatusServlet), `/hop/pipelineStatus`
 * (GetPipelineStatusServlet), `/hop/workflowStatus` (GetWorkflowStatusServlet), `/hop/pipelineImage`,
 * `/hop/workflowImage` (GetPipelineImageServlet, GetWorkflowImageServlet), `/hop/sniffTransform`
 * (SniffTransformServlet), and `/static/*` (Jetty's DefaultServlet) — apache/hop:engine/src/main/java/org/
 * apache/hop/www/<Servlet>.java @2.19.0-rc1, differences @2.9.0-rc1 placed in version.ts.
 *
 * Content types: from 2.18.0 (00729a9593, BaseHttpServlet.setResponseFormat) xml=Y answers text/xml, json=Y
 * application/json, else text/html, all UTF-8; before, the status servlets set text/xml for xml=Y and then
 * overwrote it with text/html;charset=UTF-8 unless json=Y (GetStatusServlet.java@2.9.0-rc1 lines 79-88), so
 * an XML status document came as text/html.
 */
import type { PipelineEntry, WorkflowEntry } from './engine';
import { notFoundPage, rootPage, runPage, statusPage, type Row } from './html';
import { UTF8, webAnswer, type HopAnswer, type HopCall, type ServletDef } from './http';
import { pipelineStatusJson, pipelineStatusView, pipelineStatusXml, serverStatusJson, serverStatusXml, workflowStatusJson, workflowStatusView, workflowStatusXml } from './status';
import { graphSvg } from './svg';
import { date2string, jacksonPretty, XML_HEADER, forXml, addTagValue } from './xml';

/** The content type of a status servlet's answer. */
function statusType(call: HopCall, xml: boolean, json: boolean): string {
	if (call.state.version.atLeast('2.18.0')) return xml ? UTF8('text/xml') : json ? UTF8('application/json') : UTF8('text/html');
	return json ? UTF8('application/json') : UTF8('text/html');
}

/** Const.toInt(value, 0). */
function toInt(value: string | null, fallback = 0): number {
	if (value === null || !/^\s*[+-]?\d+\s*$/.test(value)) return fallback;
	return Number(value.trim());
}

/** GetRootServlet: the menu at `/` exactly; every other path of the root context is a 404. */
function root(call: HopCall): HopAnswer {
	if (call.url.pathname !== '/') return call.state.version.atLeast('2.18.0') ? call.sendError(404, 'Not found.') : call.sendError(404);
	return { status: 200, body: rootPage(), contentType: UTF8('text/html') };
}

/** GetStatusServlet (`xml`, `json`, `useLightTheme`). */
function status(call: HopCall): HopAnswer {
	const { state } = call;
	const xml = call.flag('xml');
	const json = call.flag('json');
	const type = statusType(call, xml, json);
	if (xml) return { status: 200, body: `${XML_HEADER}${serverStatusXml(state)}\n`, contentType: type };
	if (json) return { status: 200, body: `${jacksonPretty(serverStatusJson(state))}\n`, contentType: type };
	const now = state.now();
	const tz = state.app.options.serverTimeZone;
	// The page sorts pipelines by start date, newest first (the comparator in doGet).
	const pipelines: Row[] = [...state.pipelines]
		.sort((a, b) => (b.engine.run?.preparedAt ?? 0) - (a.engine.run?.preparedAt ?? 0))
		.map((e) => ({ name: e.name, id: e.id, status: e.engine.statusDescription(now), start: date2string(e.engine.run?.preparedAt, tz), last: date2string(e.engine.run?.endedAt, tz) }));
	const workflows: Row[] = state.workflows.map((e) => ({ name: e.name, id: e.id, status: e.engine.statusDescription(now), start: date2string(e.engine.run?.startedAt, tz), last: date2string(e.engine.run?.endedAt, tz) }));
	return { status: 200, body: statusPage(pipelines, workflows, state.shuttingDown), contentType: type };
}

/** The servlets' pipeline look-up: the first of the name without an id, the entry with the id otherwise. */
export function lookupPipeline(call: HopCall, name: string | null, id: string | null): PipelineEntry | undefined {
	return id ? call.state.findPipeline(null, id) : call.state.findPipeline(name, null);
}

/** GetPipelineStatusServlet (`name`, `id`, `xml`, `json`, `from`, `sendResult`). */
function pipelineStatus(call: HopCall): HopAnswer {
	const { state } = call;
	const name = call.param('name');
	const id = call.param('id');
	const xml = call.flag('xml');
	const json = call.flag('json');
	const from = toInt(call.param('from'));
	const type = statusType(call, xml, json);
	const entry = lookupPipeline(call, name, id);
	if (!entry) {
		// Only xml=Y gets a web result (without the XML header); json=Y gets the HTML heading.
		if (xml) return { status: 200, body: `${webAnswer({ result: 'ERROR', message: `The specified pipeline [${name}] could not be found` }, 'bareXml').body}`, contentType: type };
		return { status: 200, body: notFoundPage(`Pipeline [${name}] could not be found.`), contentType: type };
	}
	const view = pipelineStatusView(state, entry, name, from);
	if (xml) return { status: 200, body: `${XML_HEADER}${pipelineStatusXml(state, view, call.flag('sendResult'))}`, contentType: type };
	if (json) return { status: 200, body: jacksonPretty(pipelineStatusJson(state, view)), contentType: type };
	const tz = state.app.options.serverTimeZone;
	const rows = view.transforms.map(
		(t) =>
			`<tr><td>${forXml(t.transformName)}</td><td>${t.copy}</td><td>${t.linesRead}</td><td>${t.linesWritten}</td><td>${t.linesInput}</td><td>${t.linesOutput}</td><td>${t.linesUpdated}</td><td>${t.linesRejected}</td><td>${t.errors}</td><td>${forXml(t.statusDescription)}</td><td>${t.seconds}</td><td>${forXml(t.speed)}</td><td>${forXml(t.priority)}</td></tr>`,
	);
	const log = state.logs.text(entry.engine.channel, from, state.logs.lastLineNr);
	return {
		status: 200,
		body: runPage('pipeline', name ?? entry.name, id ?? entry.id, view.statusDescription, date2string(view.executionStartDate, tz), log, ['<table class="pipeline-table">', ...rows, '</table>']),
		contentType: UTF8('text/html'),
	};
}

/** The workflow the status servlet finds, and the name and id it reports. */
function lookupWorkflowForStatus(call: HopCall): { entry?: WorkflowEntry; name: string | null; id: string | null } {
	const { state } = call;
	let name = call.param('name');
	let id = call.param('id');
	if (!id) {
		const entry = state.findWorkflow(name, null);
		if (entry) id = entry.id;
		return { entry, name, id };
	}
	if (!name) return { entry: state.findWorkflowByContainerId(id), name, id };
	const entry = state.findWorkflow(null, id);
	if (entry) name = entry.engine.def.name;
	return { entry, name, id };
}

/** GetWorkflowStatusServlet (`name`, `id`, `xml`, `json`, `from`). */
function workflowStatus(call: HopCall): HopAnswer {
	const { state } = call;
	const xml = call.flag('xml');
	const json = call.flag('json');
	const from = toInt(call.param('from'));
	const type = statusType(call, xml, json);
	const { entry, name, id } = lookupWorkflowForStatus(call);
	if (!entry) {
		if (xml) return { status: 200, body: `${webAnswer({ result: 'ERROR', message: `The specified workflow [${name}] could not be found` }, 'bareXml').body}`, contentType: type };
		return { status: 200, body: `<H1>Workflow ${forXml(`'${name}'`)} could not be found.</H1>\n<a href="/hop/status">Back to status page</a><p>\n`, contentType: type };
	}
	const view = workflowStatusView(state, entry, name, id, from);
	if (xml) return { status: 200, body: `${XML_HEADER}${workflowStatusXml(state, view)}`, contentType: type };
	if (json) return { status: 200, body: jacksonPretty(workflowStatusJson(state, view)), contentType: type };
	const tz = state.app.options.serverTimeZone;
	const rows = view.actions.map((a) => `<tr><td>${forXml(a.name)}</td><td>${a.status}</td><td>${a.result ? (a.result.result ? 'Success' : 'Failure') : ''}</td></tr>`);
	const log = state.logs.text(entry.engine.channel, from, state.logs.lastLineNr);
	return {
		status: 200,
		body: runPage('workflow', name ?? entry.name, id ?? entry.id, view.statusDescription, date2string(view.executionStartDate, tz), log, ['<table class="workflow-table">', ...rows, '</table>']),
		contentType: UTF8('text/html'),
	};
}

/** The image servlets answer 204 without a graphics environment; the flag is only read on a GET. */
function graphicsOff(call: HopCall): boolean {
	return !(call.state.graphics && call.state.graphicsKnown.has(call.servlet.className));
}

/** GetPipelineImageServlet (`name`, `id` required). */
function pipelineImage(call: HopCall): HopAnswer {
	if (graphicsOff(call)) return { status: 204 };
	const id = call.param('id');
	if (!id) {
		// "Please provide the ID of pipeline …": 2.18.0 answers sendSafeError(500, …); before, the servlet
		// threw IOException("Error building SVG image of pipleine") out to Jetty (GetPipelineImageServlet.java@2.9.0-rc1).
		return call.state.version.atLeast('2.18.0') ? call.sendError(500, 'Unable to generate pipeline image.') : call.sendError(500, 'java.io.IOException: Error building SVG image of pipleine');
	}
	const entry = call.state.findPipeline(null, id);
	if (!entry) return { status: 200 };
	return { status: 200, body: graphSvg(entry.engine.def), contentType: UTF8('image/svg+xml') };
}

/** GetWorkflowImageServlet (`name`, `id` optional). */
function workflowImage(call: HopCall): HopAnswer {
	if (graphicsOff(call)) return { status: 204 };
	const name = call.param('name');
	const id = call.param('id');
	const entry = id ? call.state.findWorkflow(null, id) : call.state.findWorkflow(name, null);
	if (!entry) return { status: 200 };
	return { status: 200, body: graphSvg(entry.engine.def), contentType: UTF8('image/svg+xml') };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** RowMeta.getMetaXml / getDataXml for the sniffed rows (value-meta with ValueMetaBase's defaults). */
function rowBufferXml(fields: Array<{ name: string; type: string }>, rows: string[][]): string {
	const meta = fields
		.map(
			(f) =>
				`<value-meta>${addTagValue('type', f.type)}${addTagValue('storagetype', 'normal')}${addTagValue('name', f.name)}${addTagValue('length', -1)}${addTagValue('precision', -1)}${addTagValue('origin', '')}${addTagValue('comments', '')}${addTagValue('conversion_Mask', '')}${addTagValue('decimal_symbol', '.')}${addTagValue('grouping_symbol', ',')}${addTagValue('currency_symbol', '$')}${addTagValue('trim_type', 'none')}${addTagValue('case_insensitive', false)}${addTagValue('collator_disabled', true)}${addTagValue('collator_strength', 0)}${addTagValue('sort_descending', false)}${addTagValue('output_padding', false)}${addTagValue('date_format_lenient', false)}${addTagValue('date_format_locale', 'en_US')}${addTagValue('date_format_timezone', 'UTC')}${addTagValue('lenient_string_to_number', false)}</value-meta>`,
		)
		.join('');
	const data = rows.map((r) => `<row-data>${r.map((v) => addTagValue('value-data', v)).join('')}</row-data>`).join('');
	return `<row-buffer><row-meta>${meta}</row-meta>${data}</row-buffer>`;
}

/** SniffTransformServlet (`pipeline`, `id`, `transform`, `copynr`, `lines`, `type` input|output, `xml`, `json`). */
async function sniffTransform(call: HopCall): Promise<HopAnswer> {
	const { state } = call;
	const name = call.param('pipeline');
	const id = call.param('id');
	const transformName = call.param('transform');
	const copyNr = toInt(call.param('copynr'));
	const lines = toInt(call.param('lines'));
	const xml = call.flag('xml');
	const json = state.version.atLeast('2.18.0') && call.flag('json');
	const type = state.version.atLeast('2.18.0') ? (xml ? UTF8('text/xml') : json ? UTF8('application/json') : UTF8('text/html')) : xml ? UTF8('text/xml') : UTF8('text/html');
	const entry = lookupPipeline(call, name, id);
	const fail = (message: string, heading: string): HopAnswer => {
		if (xml) return webAnswer({ result: 'ERROR', message }, 'bareXml');
		if (json) return webAnswer({ result: 'ERROR', message }, 'json');
		return { status: 200, body: `<H1>${forXml(heading)}</H1>\n<a href="/hop/status">Back to the status page</a><p>\n`, contentType: type };
	};
	if (!entry) return fail(`Could not find specified pipeline: ${name}`, `Could not find pipeline: ${name}`);
	const run = entry.engine.run;
	const transform = run?.plan.transforms.find((t) => t.def.name.toLowerCase() === String(transformName ?? '').toLowerCase());
	if (!run || !transform || copyNr !== 0) return fail(`Could not find specified transform: ${transformName}`, `Could not find specified transform: ${transformName}`);
	// The rows the transform writes (or reads) after the listener is added, until `lines` or its end.
	const input = (call.param('type') ?? 'output').toLowerCase() === 'input';
	const count = () => (input ? run.counters(transform, state.now()).read : run.counters(transform, state.now()).written);
	const startCount = count();
	let captured = 0;
	if (!run.stopped) {
		while (captured < lines && run.running && !run.stopped) {
			await sleep(20);
			state.settle();
			captured = Math.min(lines, count() - startCount);
		}
		captured = Math.min(lines, Math.max(captured, count() - startCount));
	}
	const generator = entry.engine.def.transforms.find((t) => t.type === 'RowGenerator');
	const fields = captured > 0 ? (generator?.fields ?? []).map((f) => ({ name: f.name, type: f.type })) : [];
	const rows = Array.from({ length: captured }, () => (generator?.fields ?? []).map((f) => state.resolve(f.value, entry.engine.config.parameters)));
	if (xml) return { status: 200, body: `${XML_HEADER}${rowBufferXml(fields, rows)}\n`, contentType: type };
	if (json) return { status: 200, body: `${jacksonPretty({ fields, rows })}\n`, contentType: type };
	const body = [
		'<HTML>',
		'<HEAD>',
		'<TITLE>Transform sniff result</TITLE>',
		'<META http-equiv="Content-Type" content="text/html; charset=UTF-8">',
		'</HEAD>',
		'<BODY>',
		`<H1>${forXml(`Sniff results for transform: ${transformName}`)}</H1>`,
		'<table border="1">',
		`<tr>${fields.map((f) => `<th>${forXml(f.name)}</th>`).join('')}</tr>`,
		...rows.map((r) => `<tr>${r.map((v) => `<td>${forXml(v)}</td>`).join('')}</tr>`),
		'</table>',
		'</BODY>',
		'</HTML>',
	].join('\n');
	return { status: 200, body: `${body}\n`, contentType: type };
}

/** Jetty's DefaultServlet on /static/*: the emulator has none of the style sheets and icons. */
function staticFiles(call: HopCall): HopAnswer {
	return call.sendError(404);
}

/** Up to 2.18 a Jersey ServletContainer on `/api/*` (see routes.ts: no resources reach it). */
function jerseyApi(call: HopCall): HopAnswer {
	return call.sendError(404);
}

export const STATUS_SERVLETS: ServletDef[] = [
	// apache/hop:engine/src/main/java/org/apache/hop/www/GetRootServlet.java@2.19.0-rc1 (and @2.9.0-rc1 where it exists)
	{ path: '/', className: 'org.apache.hop.www.GetRootServlet', handler: root },
	// apache/hop:engine/src/main/java/org/apache/hop/www/WebServer.java@2.19.0-rc1 (DefaultServlet "static" on /static/*)
	{ path: '/static', className: 'org.eclipse.jetty.servlet.DefaultServlet', holder: 'static', mapping: true, handler: staticFiles },
	// apache/hop:engine/src/main/java/org/apache/hop/www/WebServer.java@2.9.0-rc1 (root.addServlet(jerseyServletHolder, "/api/*"); gone @2.19.0-rc1)
	{ path: '/api', className: 'org.glassfish.jersey.servlet.ServletContainer', mapping: true, until: '2.19.0', handler: jerseyApi },
	// apache/hop:engine/src/main/java/org/apache/hop/www/GetStatusServlet.java@2.19.0-rc1 (and @2.9.0-rc1 where it exists)
	{ path: '/hop/status', className: 'org.apache.hop.www.GetStatusServlet', handler: status },
	// apache/hop:engine/src/main/java/org/apache/hop/www/GetPipelineStatusServlet.java@2.19.0-rc1 (and @2.9.0-rc1 where it exists)
	{ path: '/hop/pipelineStatus', className: 'org.apache.hop.www.GetPipelineStatusServlet', handler: pipelineStatus },
	// apache/hop:engine/src/main/java/org/apache/hop/www/GetWorkflowStatusServlet.java@2.19.0-rc1 (and @2.9.0-rc1 where it exists)
	{ path: '/hop/workflowStatus', className: 'org.apache.hop.www.GetWorkflowStatusServlet', handler: workflowStatus },
	// apache/hop:engine/src/main/java/org/apache/hop/www/GetPipelineImageServlet.java@2.19.0-rc1 (and @2.9.0-rc1 where it exists)
	{ path: '/hop/pipelineImage', className: 'org.apache.hop.www.GetPipelineImageServlet', handler: pipelineImage },
	// apache/hop:engine/src/main/java/org/apache/hop/www/GetWorkflowImageServlet.java@2.19.0-rc1 (and @2.9.0-rc1 where it exists)
	{ path: '/hop/workflowImage', className: 'org.apache.hop.www.GetWorkflowImageServlet', handler: workflowImage },
	// apache/hop:engine/src/main/java/org/apache/hop/www/SniffTransformServlet.java@2.19.0-rc1 (and @2.9.0-rc1 where it exists)
	{ path: '/hop/sniffTransform', className: 'org.apache.hop.www.SniffTransformServlet', handler: sniffTransform },
];
