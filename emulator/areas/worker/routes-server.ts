/** The worker's server routes: the status page or document, and the stop request (stopWorker/stopCarte). Sources at each route. */
import { cpus, loadavg, arch, release, type as osType } from 'node:os';

import type { RequestContext } from '../../core/types';
import { html, sendHtml } from './format';
import { carteDate, type EmulatedJob } from './jobs';
import { wantsXml } from './request';
import type { TransformationEntry, WorkerArea } from './store';
import { transListXml } from './trans';
import { esc, tag, XML_HEADER } from './xmlText';

type Handler = (ctx: RequestContext) => void | Promise<void>;

export function serverRoutes(area: WorkerArea): Record<string, Handler> {
	const { app, state, engine, control, xmlType, deployment } = area;
	const jobListEntry = (job: EmulatedJob, now: number) =>
		`<jobstatus>${tag('jobname', job.name)}${tag('id', job.id)}${tag('status_desc', engine.status(job, now))}${tag('error_desc', '')}${tag(
			'log_date',
			job.startedAt === undefined ? '' : carteDate(job.startedAt),
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
			// In the JobMap's (HashMap) order, not by age or name (GetStatusServlet sorts only its HTML page).
			`<jobstatuslist>${engine.ordered().map((job) => jobListEntry(job, now)).join('')}</jobstatuslist>\n` +
			'</serverstatus>\n';
		ctx.sendXml(200, xml, xmlType); // text/xml;charset=UTF-8: GetStatusServlet.java@ae692d1261 (10.2), the same @0d46237290 (9.3) and @3a1f253bad (11.0)
	};

	/**
	 * stopCarte (StopCarteServlet.java, the same at branch 9.3 @0d46237290, master @ae692d1261 for 10.2 and branch
	 * 11.0 @3a1f253bad but for the jakarta imports): no parameter but `xml`, no switch and no configuration option
	 * that enables or refuses it; any authenticated user may call it. `request_accepted` is whether a Carte instance
	 * runs in this JVM (CarteSingleton.getCarte() != null): Y on a standalone worker server, which stops its web
	 * server and exits the JVM about 1 s later; N inside the BI server (no Carte instance), where nothing stops.
	 * Always HTTP 200. XML: text/xml;charset=UTF-8, the declaration and `<request_accepted>Y|N</request_accepted>`.
	 * HTML: `text/html` (no charset), an H1 "Status" and "Shutting Down", or, when refused, the missing message key
	 * printed as BaseMessages prints one: "!StopCarteServlet.shutdownRequest.status.notFound!" (the key is in no
	 * message bundle). The command line's `carte.sh -s` calls the same servlet (Carte.callStopCarteRestService; over
	 * SSL since PDI-17634, e1fa7512ab on master 2025-01-23, 816f116122 on branch 10.2 2025-03-18, 10.2.0.3).
	 * Deliberate difference: the emulator keeps running, and `allowStop` makes a BI-deployed emulator accept too.
	 */
	const stop = (ctx: RequestContext) => {
		state.stopRequests++;
		const accepted = deployment === 'standalone' || app.options.allowStop === true;
		if (accepted) state.stopAccepted = true;
		if (wantsXml(ctx)) {
			ctx.sendXml(200, `${XML_HEADER}<request_accepted>${accepted ? 'Y' : 'N'}</request_accepted>\n`, xmlType);
			return;
		}
		const outcome = accepted ? 'Shutting Down' : '!StopCarteServlet.shutdownRequest.status.notFound!';
		ctx.send(
			200,
			`<HTML>\n<HEAD><TITLE>Shutdown of Carte requested</TITLE></HEAD>\n<BODY>\n<H1>Status</H1>\n<p>\n${outcome}\n</p>\n</BODY>\n</HTML>\n`,
			'text/html',
		);
	};

	return { status, stop };
}
