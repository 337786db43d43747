/**
 * The data-flow worker server (Carte): the 11 worker endpoints under both `/dataflow/...` and
 * `/kettle/...` (stop is `/dataflow/stopWorker` and `/kettle/stopCarte`), answering any HTTP
 * method like the real servlets.
 *
 * - Jobs (addJob, runJob) run on the emulator clock through Waiting → Running → Finished, Finished
 *   (with errors) or Stopped; see `worker/jobs.ts` for the parameters that steer them (FAIL=Y,
 *   STOP=Y, RESULT=N, LOG_LINES=n, DURATION_MS=n ...). jobStatus serves their log from a `from`
 *   line, as base64(gzip) in an escaped CDATA wrapper; `state.ignoreFrom = true` imitates servers
 *   that ignore `from` (they answer the whole log, first_log_line_nr 0).
 * - runJob: when `app.state.repositoryLookup` is a function `(path) => boolean`, a path it does not
 *   know answers a webresult ERROR (HTTP 200, as the real server does); otherwise any job path runs.
 * - jobImage answers a real PNG; sockets are unique per host; sequences hand out blocks (unknown
 *   name → 404 with the container's HTML error page); slaves register (replaced by name, any case) and list.
 * - stopWorker/stopCarte answers `<request_accepted>Y</request_accepted>` on a standalone deployment and
 *   N inside the BI server (HTTP 200 both), unless `allowStop` forces Y (the emulator keeps running).
 * - Two deployments, as the real servlets run: standalone (`contextPath: ''`, Jetty: `/kettle/...` at the
 *   root, bodies without a charset read as ISO-8859-1) and inside the BI server (`<context>/kettle/...`,
 *   every body read as UTF-8). `/dataflow/...` is the interface documents' name for the same servlets;
 *   no real server answers it (kept so that the documents' paths can be exercised).
 * - Real sources: pentaho/pentaho-kettle engine/src/main/java/org/pentaho/di/www/*Servlet.java (commits
 *   named at each route); the report of issue 15 has the table.
 *
 * Seed (`seed.worker`): `sequences` (name → next value), `autoCreateSequences`, `transformations`
 * ([{ name, status }]) for the status page, `slaves`, `sockets`.
 */
import { cpus, loadavg, arch, release, type as osType } from 'node:os';

import { XMLParser } from 'fast-xml-parser';

import type { EmulatorApp } from '../core/app';
import { webResultXml } from '../core/app';
import { decodeServletBody, decodeXmlBytes, type ServletDeployment } from '../core/charset';
import type { RequestContext } from '../core/types';
import { carteDate, encodeLog, JobEngine, type EmulatedJob } from './worker/jobs';
import { jobPng } from './worker/png';
import { controlRoutes, createControlState, transListXml } from './worker/trans';
import { esc, tag, XML_HEADER } from './worker/xmlText';

export interface SocketAllocation {
	host: string;
	port: number;
	clusterRunId: string;
	transformation: string;
	sourceSlave: string;
	sourceStep: string;
	sourceCopy: string;
	targetSlave: string;
	targetStep: string;
	targetCopy: string;
	allocated: boolean;
	lastRequested: number;
}

export interface SlaveEntry {
	name: string;
	hostname: string;
	port: string;
	webAppName: string;
	username: string;
	password: string;
	proxy_hostname: string;
	proxy_port: string;
	non_proxy_hosts: string;
	get_properties_from_master: string;
	override_existing_properties: string;
	master: string;
	sslMode: string;
	active: string;
	last_active_date: string;
	last_inactive_date: string;
}

export interface TransformationEntry {
	id: string;
	name: string;
	status: string;
	startedAt: number;
}

export interface WorkerState {
	engine: JobEngine;
	jobs: EmulatedJob[];
	sockets: SocketAllocation[];
	/** Next value of each configured sequence. */
	sequences: Map<string, number>;
	autoCreateSequences: boolean;
	slaves: SlaveEntry[];
	transformations: TransformationEntry[];
	/** Imitate servers that ignore jobStatus `from`. */
	ignoreFrom: boolean;
	stopRequests: number;
	stopAccepted: boolean;
	startedAt: number;
}

interface WorkerSeed {
	sequences?: Record<string, number>;
	autoCreateSequences?: boolean;
	transformations?: Array<{ name: string; status?: string; id?: string }>;
	slaves?: Array<Partial<SlaveEntry> & { name: string }>;
	sockets?: Array<Partial<SocketAllocation> & { host: string; port: number }>;
}

const DEFAULT_SEQUENCES: Record<string, number> = { orders: 1, batch_id: 570000 };
const DEFAULT_TRANSFORMATIONS: Array<{ name: string; status?: string; id?: string }> = [
	{ name: 'stage_customers', status: 'Running' },
	{ name: 'daily_revenue', status: 'Finished' },
];


function html(title: string, body: string): string {
	return `<HTML>\n<HEAD><TITLE>${esc(title)}</TITLE></HEAD>\n<BODY>\n${body}\n</BODY>\n</HTML>\n`;
}

/** OWASP `Encode.forHtml`, which the real servlets apply to some messages before WebResult escapes them again. */
function forHtml(text: string): string {
	return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&#34;').replace(/'/g, '&#39;');
}

/**
 * The web container's own error page, which replaces what a servlet wrote when it calls
 * `response.sendError(status)`: Jetty's for a standalone worker server, Tomcat's inside the BI server.
 */
function containerErrorPage(deployment: ServletDeployment, status: number, reason: string, uri: string): string {
	if (deployment === 'standalone') {
		return `<html>\n<head>\n<meta http-equiv="Content-Type" content="text/html;charset=utf-8"/>\n<title>Error ${status} ${reason}</title>\n</head>\n<body><h2>HTTP ERROR ${status} ${reason}</h2>\n<table>\n<tr><th>URI:</th><td>${esc(uri)}</td></tr>\n<tr><th>STATUS:</th><td>${status}</td></tr>\n<tr><th>MESSAGE:</th><td>${reason}</td></tr>\n</table>\n</body>\n</html>\n`;
	}
	return `<!doctype html><html lang="en"><head><title>HTTP Status ${status} – ${reason}</title></head><body><h1>HTTP Status ${status} – ${reason}</h1><hr class="line" /><p><b>Type</b> Status Report</p><p><b>Description</b> The origin server did not find a current representation for the target resource or is not willing to disclose that one exists.</p><hr class="line" /><h3>Apache Tomcat</h3></body></html>`;
}

function javaDate(ms: number): string {
	const d = new Date(ms);
	const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
	const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
	const p = (n: number) => String(n).padStart(2, '0');
	return `${days[d.getUTCDay()]} ${months[d.getUTCMonth()]} ${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} UTC ${d.getUTCFullYear()}`;
}

const bodyParser = new XMLParser({
	ignoreAttributes: false,
	attributeNamePrefix: '@',
	parseTagValue: false,
	trimValues: true,
	isArray: (_name, jpath) =>
		/(^|\.)(parameters\.parameter|variables\.variable|entries\.entry)$/.test(String(jpath)),
});

function text(value: unknown): string {
	if (value === undefined || value === null) return '';
	if (typeof value === 'object') return String((value as Record<string, unknown>)['#text'] ?? '');
	return String(value);
}

function pairs(list: unknown): Record<string, string> {
	const out: Record<string, string> = {};
	for (const entry of Array.isArray(list) ? list : []) {
		const name = text((entry as Record<string, unknown>).name).trim();
		if (name !== '') out[name] = text((entry as Record<string, unknown>).value);
	}
	return out;
}

export function createWorkerState(app: EmulatorApp): WorkerState {
	const seed = (app.options.seed.worker ?? {}) as WorkerSeed;
	const engine = new JobEngine(() => app.now(), app.options.jobDurationMs);
	const startedAt = app.now();
	return {
		engine,
		jobs: engine.jobs,
		sockets: (seed.sockets ?? []).map((s) => ({
			clusterRunId: '',
			transformation: '',
			sourceSlave: '',
			sourceStep: '',
			sourceCopy: '0',
			targetSlave: '',
			targetStep: '',
			targetCopy: '0',
			allocated: true,
			lastRequested: startedAt,
			...s,
		})),
		sequences: new Map(Object.entries({ ...DEFAULT_SEQUENCES, ...(seed.sequences ?? {}) })),
		autoCreateSequences: seed.autoCreateSequences ?? false,
		slaves: (seed.slaves ?? []).map((s) => ({
			hostname: 'localhost',
			port: '8081',
			webAppName: '',
			username: '',
			password: '',
			proxy_hostname: '',
			proxy_port: '',
			non_proxy_hosts: '',
			get_properties_from_master: '',
			override_existing_properties: 'N',
			master: 'N',
			sslMode: 'N',
			active: 'Y',
			last_active_date: carteDate(startedAt),
			last_inactive_date: '',
			...s,
		})),
		transformations: (seed.transformations ?? DEFAULT_TRANSFORMATIONS).map((t, i) => ({
			id: t.id ?? `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
			name: t.name,
			status: t.status ?? 'Finished',
			startedAt,
		})),
		ignoreFrom: false,
		stopRequests: 0,
		stopAccepted: false,
		startedAt,
	};
}

export function register(app: EmulatorApp): void {
	const state = createWorkerState(app);
	app.state.worker = state;
	const { engine } = state;
	// Transformations and the control endpoints (stop, pause, remove, start, execute): worker/trans.ts.
	const control = createControlState(app, engine);
	app.state.workerControl = control;
	const controlHandlers = controlRoutes(app, control);
	const wantsXml = (ctx: RequestContext) => (ctx.query.get('xml') ?? '').toUpperCase() === 'Y';
	/**
	 * Content type of XML answers: servlets that moved to BaseHttpServlet.contentTypeAndHeader (11.x) write
	 * application/xml; 9.x/10.x wrote text/xml (BaseHttpServlet.java@12d25b5f1ccb8422cb4998771a7758e2d55ab038 has no such helper).
	 */
	const xmlType = app.profile.atLeast('11') ? 'application/xml;charset=UTF-8' : 'text/xml;charset=UTF-8';
	/** A standalone worker server (Jetty, `/kettle/...` at the root) or the servlets inside the BI server (`<context>/kettle/...`). */
	const deployment: ServletDeployment = app.options.contextPath === '' ? 'standalone' : 'biServer';
	const sendHtml = (ctx: RequestContext, status: number, page: string) => ctx.send(status, page, 'text/html;charset=UTF-8');

	// ---- status ---------------------------------------------------------------------------
	const jobListEntry = (job: EmulatedJob, now: number) =>
		`<jobstatus>${tag('jobname', job.name)}${tag('id', job.id)}${tag('status_desc', engine.status(job, now))}${tag('error_desc', '')}${tag(
			'log_date',
			carteDate(job.createdAt),
		)}${tag('logging_string', '<![CDATA[]]>')}${tag('first_log_line_nr', 0)}${tag('last_log_line_nr', 0)}</jobstatus>`;
	const transListEntry = (t: TransformationEntry) =>
		`<transstatus>${tag('transname', t.name)}${tag('id', t.id)}${tag('status_desc', t.status)}${tag('error_desc', '')}${tag(
			'log_date',
			carteDate(t.startedAt),
		)}${tag('paused', t.status === 'Paused' ? 'Y' : 'N')}<stepstatuslist></stepstatuslist>${tag('first_log_line_nr', 0)}${tag(
			'last_log_line_nr',
			0,
		)}${tag('logging_string', '<![CDATA[]]>')}</transstatus>`;

	// pentaho/pentaho-kettle:engine/src/main/java/org/pentaho/di/www/GetStatusServlet.java@00c601e019125ad4e44f97747faa242e7225cb33 and SlaveServerStatus.java@12d25b5f1ccb8422cb4998771a7758e2d55ab038:
	// list entries are SlaveServerJobStatus without a result and with an empty escaped CDATA log; empty lists hold whitespace only.
	const status = (ctx: RequestContext) => {
		const now = app.now();
		engine.advance(now);
		const memory = process.memoryUsage();
		const cpu = process.cpuUsage();
		if (!wantsXml(ctx)) {
			const rows = [
				...state.transformations.map((t) => `<tr><td>${esc(t.name)}</td><td>transformation</td><td>${esc(t.status)}</td></tr>`),
				...state.jobs.map((j) => `<tr><td>${esc(j.name)}</td><td>job</td><td>${esc(engine.status(j, now))}</td></tr>`),
			].join('\n');
			sendHtml(ctx, 200, html('Kettle slave server status', `<H1>Status</H1>\n<table>\n${rows}\n</table>`));
			return;
		}
		const xml =
			XML_HEADER +
			'<serverstatus>\n' +
			tag('statusdesc', 'Online') +
			tag('memory_free', memory.heapTotal - memory.heapUsed) +
			tag('memory_total', memory.heapTotal) +
			tag('cpu_cores', cpus().length) +
			tag('cpu_process_time', (cpu.user + cpu.system) * 1000) +
			tag('uptime', Math.max(0, now - state.startedAt)) +
			tag('thread_count', 12) +
			tag('load_avg', loadavg()[0].toFixed(2)) +
			tag('os_name', osType()) +
			tag('os_version', release()) +
			tag('os_arch', arch()) +
			`\n<transstatuslist>${state.transformations.map(transListEntry).join('')}${transListXml(control, now)}</transstatuslist>\n` +
			`<jobstatuslist>${state.jobs.map((job) => jobListEntry(job, now)).join('')}</jobstatuslist>\n` +
			'</serverstatus>\n';
		ctx.sendXml(200, xml, xmlType); // GetStatusServlet.java@00c601e019125ad4e44f97747faa242e7225cb33 (contentTypeAndHeader)
	};

	// ---- jobs -----------------------------------------------------------------------------
	const jobNotFound = (ctx: RequestContext, name: string, id: string) => {
		const what = `The specified job [${name || id}] could not be found`;
		if (wantsXml(ctx)) ctx.sendXml(404, webResultXml('ERROR', what));
		else sendHtml(ctx, 404, html('Job not found', `<H1>${esc(what)}</H1>`));
	};

	// pentaho/pentaho-kettle:engine/src/main/java/org/pentaho/di/www/GetJobStatusServlet.java@0d70bee9418e23b626dd74ca314b263bdb67b276 and SlaveServerJobStatus.java@12d25b5f1ccb8422cb4998771a7758e2d55ab038:
	// name or id (400 without both), from/last line numbers of the shared log buffer, the log as escaped CDATA of base64(gzip),
	// 404 webresult for an unknown job. Deliberate difference: `tail` and the per-`from` cache of finished jobs are not modelled.
	const jobStatus = (ctx: RequestContext) => {
		const now = app.now();
		engine.advance(now);
		const name = (ctx.query.get('name') ?? '').trim();
		const id = (ctx.query.get('id') ?? '').trim();
		if (name === '' && id === '') {
			if (wantsXml(ctx)) ctx.sendXml(400, webResultXml('ERROR', 'Give the name or the id of the job (parameters name, id)'));
			else sendHtml(ctx, 400, html('Bad request', '<H1>Give the name or the id of the job</H1>'));
			return;
		}
		const job = engine.find(name || undefined, id || undefined)[0];
		if (!job) {
			jobNotFound(ctx, name, id);
			return;
		}
		const requested = Math.max(0, Number.parseInt(ctx.query.get('from') ?? '0', 10) || 0);
		const from = state.ignoreFrom ? 0 : requested;
		const log = engine.logAfter(job, from);
		const statusDesc = engine.status(job, now);
		if (!wantsXml(ctx)) {
			sendHtml(ctx, 200, html(`Status of job ${job.name}`, `<H1>Job status</H1>\n<p>${esc(job.name)}: ${esc(statusDesc)}</p>\n<pre>${esc(log)}</pre>`));
			return;
		}
		const result = Object.entries(engine.result(job, now))
			.map(([key, value]) => (key.startsWith('result-') ? `<${key}></${key}>` : tag(key, value)))
			.join('');
		const xml =
			XML_HEADER +
			'<jobstatus>\n' +
			[
				tag('jobname', job.name),
				tag('id', job.id),
				tag('status_desc', statusDesc),
				tag('error_desc', job.outcome === 'errors' && engine.isFinished(job, now) ? `${job.errors} error(s) in job ${job.name}` : ''),
				tag('log_date', carteDate(job.createdAt)),
				tag('logging_string', encodeLog(log)),
				tag('first_log_line_nr', from),
				tag('last_log_line_nr', engine.lastLineNr),
			]
				.map((line) => `  ${line}\n`)
				.join('') +
			// The real servlet writes job.getResult(), which is null until the job has ended: no <result>
			// while it waits or runs (GetJobStatusServlet.java@0d70bee9418e23b626dd74ca314b263bdb67b276, "might be null").
			(/^(Finished|Stopped)/.test(statusDesc) ? `<result>${result}</result>` : '') +
			'</jobstatus>\n';
		ctx.sendXml(200, xml);
	};

	// pentaho/pentaho-kettle:engine/src/main/java/org/pentaho/di/www/GetJobImageServlet.java@1cefc9dae3cbaddf0e0e5982321fec072796511e: not found 404 HTML (with xml=Y a webresult with 200),
	// an ambiguous name 409. Deliberate difference: the real not-found page has no Content-Type; this one says text/html.
	const jobImage = (ctx: RequestContext) => {
		const now = app.now();
		const name = (ctx.query.get('name') ?? '').trim();
		const id = (ctx.query.get('id') ?? '').trim();
		const found = name === '' && id === '' ? [] : engine.find(name || undefined, id || undefined);
		if (found.length === 0) {
			const what = `The specified job [${name || id}] could not be found`;
			// As the real server: with xml=Y the error is a webresult with HTTP 200, else a 404 page.
			if (wantsXml(ctx)) ctx.sendXml(200, webResultXml('ERROR', what));
			else sendHtml(ctx, 404, html('Job not found', `<H1>${esc(what)}</H1>`));
			return;
		}
		if (found.length > 1 && id === '') {
			const what = `The job name [${name}] is not unique: give the job id`;
			if (wantsXml(ctx)) ctx.sendXml(200, webResultXml('ERROR', what));
			else sendHtml(ctx, 409, html('Ambiguous job name', `<H1>${esc(what)}</H1>`));
			return;
		}
		const job = found[found.length - 1];
		const statusDesc = engine.status(job, now);
		const look = /error|stopped/i.test(statusDesc) ? 'error' : engine.isFinished(job, now) ? 'ok' : 'running';
		ctx.send(200, jobPng(job.entries, look), 'image/png');
	};

	// pentaho/pentaho-kettle:engine/src/main/java/org/pentaho/di/www/AddJobServlet.java@00c601e019125ad4e44f97747faa242e7225cb33
	// (11.x; the same at 12d25b5f1ccb8422cb4998771a7758e2d55ab038, 9.x/10.x): the body is read with request.getReader(),
	// so its charset is the Content-Type's (ISO-8859-1 when none; UTF-8 always inside the BI server, see core/charset.ts);
	// errors are HTTP 200 webresult ERROR; the OK message is Encode.forHtml'd before WebResult escapes it again.
	const addJob = async (ctx: RequestContext) => {
		const body = decodeServletBody(await ctx.body(), ctx.req.headers['content-type'], deployment);
		const answer = (result: 'OK' | 'ERROR', message: string, id = '') => {
			if (wantsXml(ctx)) ctx.sendXml(200, webResultXml(result, message, id), xmlType);
			else sendHtml(ctx, 200, html('Add job', `<H1>${result === 'OK' ? message : esc(message)}</H1>`));
		};
		let doc: Record<string, unknown>;
		try {
			doc = bodyParser.parse(body, true) as Record<string, unknown>;
		} catch (error) {
			answer('ERROR', `Unable to parse the job configuration: ${(error as Error).message}`);
			return;
		}
		const configuration = doc.job_configuration as Record<string, unknown> | undefined;
		const jobDoc = configuration && typeof configuration === 'object' ? (configuration.job as Record<string, unknown> | undefined) : undefined;
		if (!jobDoc || typeof jobDoc !== 'object') {
			answer('ERROR', 'Unable to read the job configuration: no <job_configuration> with a <job> in the request body');
			return;
		}
		const name = text(jobDoc.name).trim();
		if (name === '') {
			answer('ERROR', 'Unable to add the job: the job definition has no name');
			return;
		}
		const execution = (configuration!.job_execution_configuration ?? {}) as Record<string, unknown>;
		const entries = (jobDoc.entries as Record<string, unknown> | undefined)?.entry;
		const job = engine.create({
			name,
			source: 'add',
			configuration: body,
			logLevel: text(execution.log_level) || 'Basic',
			parameters: pairs((execution.parameters as Record<string, unknown> | undefined)?.parameter),
			variables: pairs((execution.variables as Record<string, unknown> | undefined)?.variable),
			entries: Array.isArray(entries) && entries.length > 0 ? entries.length : undefined,
		});
		answer('OK', forHtml(`Job '${name}' was added to the list with id ${job.id}`), job.id);
	};

	// pentaho/pentaho-kettle:engine/src/main/java/org/pentaho/di/www/RunJobServlet.java@0bee2d3a1a963a7295066eb5ab8deea6da277f44:
	// HTTP 200 always, the webresult printed without an XML header and without a Content-Type.
	const bareWebResult = (result: 'OK' | 'ERROR', message: string, id = '') => webResultXml(result, message, id).replace(/^<\?xml[^>]*>\s*/, '');
	const runJob = (ctx: RequestContext) => {
		const path = (ctx.query.get('job') ?? '').trim();
		const fail = (message: string) => ctx.send(200, bareWebResult('ERROR', message));
		if (path === '') {
			fail('Unable to run the job: the job parameter (repository path of the job) is missing');
			return;
		}
		if (!path.includes('/')) {
			fail(`Unable to run the job: '${path}' is not a full repository path (for example /public/etl/${path})`);
			return;
		}
		if (/\.ktr$/i.test(path)) {
			fail(`Unable to run the job: '${path}' is a transformation, not a job`);
			return;
		}
		// The real servlet splits the path at the last '/' and asks the repository for a job of that
		// name in that folder; repository names carry no extension, so '/x/load.kjb' is not found
		// (pentaho/pentaho-kettle:engine/src/main/java/org/pentaho/di/www/RunJobServlet.java@0bee2d3a1a963a7295066eb5ab8deea6da277f44 loadJob).
		if (/\.kjb$/i.test(path)) {
			fail(`Unexpected error executing the job:\norg.pentaho.di.core.exception.KettleException: Unable to load job '${path.split('/').pop()}': no job of that name in ${path.slice(0, path.lastIndexOf('/')) || '/'} (repository names have no .kjb extension)`);
			return;
		}
		const lookup = app.state.repositoryLookup;
		if (typeof lookup === 'function') {
			const known = (p: string) => (lookup as (p: string) => boolean)(p) === true;
			if (!known(path) && !known(`${path}.kjb`)) {
				fail(`Unable to run the job: job '${path}' could not be found in the repository`);
				return;
			}
		}
		const parameters: Record<string, string> = {};
		for (const [key, value] of ctx.query) if (key !== 'job' && key !== 'level') parameters[key] = value;
		const name = (path.split('/').pop() ?? '').replace(/\.kjb$/i, '');
		const job = engine.create({ name, source: 'run', path, logLevel: ctx.query.get('level') || 'Basic', parameters });
		ctx.send(200, bareWebResult('OK', 'Job started', job.id));
	};

	// ---- sockets --------------------------------------------------------------------------
	// pentaho/pentaho-kettle:engine/src/main/java/org/pentaho/di/www/AllocateServerSocketServlet.java@12d25b5f1ccb8422cb4998771a7758e2d55ab038: rangeStart default 40000; xml=Y gives <port>.
	const allocateSocket = (ctx: RequestContext) => {
		const q = (name: string) => ctx.query.get(name) ?? '';
		const host = q('host') || 'localhost';
		const rangeStart = /^\d+$/.test(q('rangeStart')) ? Number(q('rangeStart')) : 40000;
		const key = {
			clusterRunId: q('id'),
			transformation: q('trans'),
			sourceSlave: q('sourceSlave'),
			sourceStep: q('sourceStep'),
			sourceCopy: q('sourceCopy'),
			targetSlave: q('targetSlave'),
			targetStep: q('targetStep'),
			targetCopy: q('targetCopy'),
		};
		const onHost = state.sockets.filter((s) => s.host === host);
		const same = onHost.find((s) => (Object.keys(key) as Array<keyof typeof key>).every((k) => s[k] === key[k]));
		let allocation: SocketAllocation;
		if (same) {
			allocation = same;
		} else {
			const free = onHost.filter((s) => !s.allocated && s.port >= rangeStart).sort((a, b) => a.port - b.port)[0];
			if (free) {
				allocation = Object.assign(free, key);
			} else {
				const used = new Set(onHost.map((s) => s.port));
				let port = rangeStart;
				while (used.has(port)) port++;
				allocation = { host, port, ...key, allocated: true, lastRequested: app.now() };
				state.sockets.push(allocation);
			}
		}
		allocation.allocated = true;
		allocation.lastRequested = app.now();
		if (wantsXml(ctx)) ctx.sendXml(200, `${XML_HEADER}<port>${allocation.port}</port>\n`);
		else sendHtml(ctx, 200, html('Allocate a server socket', `<H1>Allocated port</H1>\n--> port : ${allocation.port}`));
	};

	// pentaho/pentaho-kettle:engine/src/main/java/org/pentaho/di/www/ListServerSocketServlet.java@12d25b5f1ccb8422cb4998771a7758e2d55ab038: HTML only, one block per port ending in <br>.
	const listSocket = (ctx: RequestContext) => {
		const host = ctx.query.get('host') ?? '';
		const onlyOpen = (ctx.query.get('onlyOpen') ?? '').toUpperCase() === 'Y';
		const quoted = esc(`'${host}'`);
		const lines = [`<HTML>`, `<HEAD><TITLE>List of server sockets on server ${quoted}</TITLE></HEAD>`, `<BODY>`, `<H1>Ports for host ${quoted}</H1>`];
		const allocations = state.sockets.filter((s) => s.host === host);
		if (allocations.length === 0) {
			lines.push(`No port allocations found for host ${quoted}`);
			ctx.send(200, `${lines.join('\n')}\n`, 'text/html');
			return;
		}
		lines.push(`Found ${allocations.length} ports for host ${quoted}<p>`);
		for (const a of allocations) {
			if (onlyOpen && !a.allocated) continue;
			lines.push(`${a.port} : Transformation=${a.transformation || 'null'}, ${a.sourceSlave || 'null'}/${a.sourceStep || 'null'}.${a.sourceCopy || 'null'}`);
			lines.push(` --> ${a.targetSlave || 'null'}/${a.targetStep || 'null'}.${a.targetCopy || 'null'}`);
			lines.push(` id=${a.clusterRunId || 'null'}, allocated=${a.allocated}`);
			lines.push(` time=${javaDate(a.lastRequested)}`);
			lines.push('<br>');
		}
		lines.push('<p>', '</BODY>', '</HTML>');
		ctx.send(200, `${lines.join('\n')}\n`, 'text/html');
	};

	// ---- sequences ------------------------------------------------------------------------
	// pentaho/pentaho-kettle:engine/src/main/java/org/pentaho/di/www/NextSequenceValueServlet.java@028843ec4ec28d4933886af2f3a3ee9bfc428b51:
	// an unknown sequence calls response.sendError(404) before writing <error>, so the container
	// discards the servlet's <seq> and answers its own HTML error page (Jetty standalone, Tomcat in the BI server).
	const nextSequence = (ctx: RequestContext) => {
		const name = ctx.query.get('name') ?? '';
		const raw = ctx.query.get('increment') ?? '';
		const increment = /^-?\d+$/.test(raw.trim()) ? Number(raw.trim()) : 10000;
		if (!state.sequences.has(name)) {
			if (!state.autoCreateSequences || name === '') {
				const uri = `${app.options.contextPath}${ctx.path}`;
				ctx.send(404, containerErrorPage(deployment, 404, 'Not Found', uri), deployment === 'standalone' ? 'text/html;charset=iso-8859-1' : 'text/html;charset=utf-8');
				return;
			}
			state.sequences.set(name, 1);
		}
		const value = state.sequences.get(name)!;
		state.sequences.set(name, value + increment);
		ctx.sendXml(200, `${XML_HEADER}<seq>${tag('value', value)}${tag('increment', increment)}</seq>\n`);
	};

	// ---- slaves ---------------------------------------------------------------------------
	// pentaho/pentaho-kettle:engine/src/main/java/org/pentaho/di/www/RegisterSlaveServlet.java@12d25b5f1ccb8422cb4998771a7758e2d55ab038:
	// the body is parsed from the input stream (the XML prolog's encoding, UTF-8 by default); always HTTP 200 webresult.
	const registerSlave = async (ctx: RequestContext) => {
		const body = decodeXmlBytes(await ctx.body());
		let doc: Record<string, unknown>;
		try {
			doc = bodyParser.parse(body, true) as Record<string, unknown>;
		} catch (error) {
			ctx.sendXml(200, webResultXml('ERROR', `Unable to parse the slave server description: ${(error as Error).message}`));
			return;
		}
		const detection = doc.SlaveServerDetection as Record<string, unknown> | undefined;
		const slave = detection && typeof detection === 'object' ? (detection.slaveserver as Record<string, unknown> | undefined) : undefined;
		const name = slave ? text(slave.name).trim() : '';
		if (!slave || name === '') {
			ctx.sendXml(200, webResultXml('ERROR', 'Unable to register the slave server: no <SlaveServerDetection> with a named <slaveserver>'));
			return;
		}
		const field = (key: string) => text(slave[key]);
		const entry: SlaveEntry = {
			name,
			hostname: field('hostname'),
			port: field('port'),
			webAppName: field('webAppName'),
			username: field('username'),
			password: field('password'),
			proxy_hostname: field('proxy_hostname'),
			proxy_port: field('proxy_port'),
			non_proxy_hosts: field('non_proxy_hosts'),
			get_properties_from_master: field('get_properties_from_master'),
			override_existing_properties: field('override_existing_properties') || 'N',
			master: field('master') || 'N',
			sslMode: field('sslMode') || 'N',
			active: text(detection!.active) || 'Y',
			last_active_date: text(detection!.last_active_date),
			last_inactive_date: text(detection!.last_inactive_date),
		};
		const index = state.slaves.findIndex((s) => s.name.toLowerCase() === name.toLowerCase());
		// The real server's two messages are swapped (a new slave "was replaced", a known one "was added"); kept as it is.
		if (index >= 0) {
			state.slaves[index] = entry;
			ctx.sendXml(200, webResultXml('OK', `Slave server detection '${name}' was added to the list.`));
		} else {
			state.slaves.push(entry);
			ctx.sendXml(200, webResultXml('OK', `Slave server detection '${name}' was replaced in the list.`));
		}
	};

	// pentaho/pentaho-kettle:engine/src/main/java/org/pentaho/di/www/GetSlavesServlet.java@1c42d65011ad0cd53bb2799650f6ffe2a5a4e5d6: always XML. Deliberate difference: the real server pings
	// every slave and marks unreachable ones inactive; the emulator's slaves are not contacted.
	const getSlaves = (ctx: RequestContext) => {
		const entries = state.slaves.map(
			(s) =>
				'<SlaveServerDetection>' +
				'<slaveserver>' +
				[
					tag('name', s.name),
					tag('hostname', s.hostname),
					tag('port', s.port),
					tag('webAppName', s.webAppName),
					tag('username', s.username),
					tag('password', s.password === '' ? '' : `Encrypted ${Buffer.from(s.password).toString('hex')}`),
					tag('proxy_hostname', s.proxy_hostname),
					tag('proxy_port', s.proxy_port),
					tag('non_proxy_hosts', s.non_proxy_hosts),
					tag('get_properties_from_master', s.get_properties_from_master),
					tag('override_existing_properties', s.override_existing_properties),
					tag('master', s.master),
					tag('sslMode', s.sslMode),
				].join('') +
				'</slaveserver>' +
				tag('active', s.active) +
				tag('last_active_date', s.last_active_date) +
				tag('last_inactive_date', s.last_inactive_date) +
				'</SlaveServerDetection>',
		);
		ctx.sendXml(200, `${XML_HEADER}<SlaveServerDetections>${entries.join('\n')}</SlaveServerDetections>\n`);
	};

	// ---- stop -----------------------------------------------------------------------------
	// pentaho/pentaho-kettle:engine/src/main/java/org/pentaho/di/www/StopCarteServlet.java@4df1b6ef6d866746de1c103e6002ed75fc10d972:
	// request_accepted is whether a standalone Carte instance runs (CarteSingleton.getCarte() != null):
	// Y on a standalone worker server (which then exits about 1 s later), N inside the BI server. There is
	// no switch that enables it. Deliberate difference: the emulator keeps running, and `allowStop` makes a
	// BI-deployed emulator accept too (older tests rely on it).
	const stop = (ctx: RequestContext) => {
		state.stopRequests++;
		const accepted = deployment === 'standalone' || app.options.allowStop === true;
		if (accepted) state.stopAccepted = true;
		if (wantsXml(ctx)) {
			ctx.sendXml(200, `${XML_HEADER}<request_accepted>${accepted ? 'Y' : 'N'}</request_accepted>`, xmlType);
		} else if (accepted) {
			sendHtml(ctx, 200, html('Shutdown request', '<H1>Status</H1>\n<p>\nShutting Down\n</p>'));
		} else {
			sendHtml(ctx, 200, html('Shutdown request', '<H1>Status</H1>\n<p>\nNo Carte instance is running in this server: nothing to shut down\n</p>'));
		}
	};

	for (const prefix of ['/dataflow', '/kettle']) {
		const route = (name: string, handler: (ctx: RequestContext) => void | Promise<void>, format: 'xml' | 'text' | 'binary' = 'xml') =>
			app.server.add('*', `${prefix}/${name}`, handler, { format, errorStyle: 'worker' });
		route('status', status);
		route('jobStatus', jobStatus);
		route('jobImage', jobImage, 'binary');
		route('addJob', addJob);
		route('runJob', runJob);
		route('allocateSocket', allocateSocket);
		route('listSocket', listSocket, 'text');
		route('nextSequence', nextSequence);
		route('registerSlave', registerSlave);
		route('getSlaves', getSlaves);
		route(prefix === '/kettle' ? 'stopCarte' : 'stopWorker', stop);
		for (const [name, handler] of Object.entries(controlHandlers)) route(name, handler, name === 'transImage' ? 'binary' : 'xml');
	}
}
