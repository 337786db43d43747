/** The worker's job routes: jobStatus, jobImage, addJob and runJob. Sources at each route. */
import { decodeServletBody } from '../../core/charset';
import type { RequestContext } from '../../core/types';
import { repositoryLookup } from '../repository/store';
import { carteLink, forHtml, html, sendHtml } from './format';
import { carteDate, encodeLog, type EmulatedJob } from './jobs';
import { jobPng } from './png';
import { bodyParser, javaInt, pairs, parametersOf, text, wantsXml } from './request';
import type { WorkerArea } from './store';
import { esc, javaText, tag, webResult, XML_HEADER } from './xmlText';

type Handler = (ctx: RequestContext) => void | Promise<void>;

/** LogLevel codes (core/src/main/java/org/pentaho/di/core/logging/LogLevel.java), compared case-sensitively by RunJobServlet.isValidLogLevel. */
const LOG_LEVEL_CODES = ['Nothing', 'Error', 'Minimal', 'Basic', 'Detailed', 'Debug', 'Rowlevel'];

export function jobsRoutes(area: WorkerArea): Record<string, Handler> {
	const { app, state, engine, xmlType, deployment } = area;
	const link = (path: string) => carteLink(deployment, path);
	const backToStatus = `<a href="${link('/kettle/status')}">Back to the status page</a><p>\n`;

	/**
	 * jobStatus (GetJobStatusServlet.java: branch 9.3 @0d46237290, master @ae692d1261 for 10.2, branch 11.0
	 * @3a1f253bad):
	 * - `name` is mandatory up to 10.2.0.3 (400 "Missing mandatory parameter name", even with an id; PDI-17013,
	 *   ca47eece39, 2020); name or id since 11.0 (PDI-19550, d29e24880b, master 2025-05-06) and 10.2.0.4 builds
	 *   from 2025-05-14 (SP-6847, 140db20d9d): 400 "Either the name or id parameter must contain a value".
	 * - Without an id, a name that more than one run has is refused with 409 "Multiple jobs found with the same
	 *   name. Please provide an Id" (ca47eece39), on 9.3, 10.2 and 11.0.0.0; removed in 10.2.0.7 builds from
	 *   December 2025 (SP-6996, 1aaa26c40c, 2025-11-28), 11.0.0.1 builds from 2026-01-21 (SP-7012, 4426bda4c0) and
	 *   master (ab000407ea, 2025-11-10), which then take the first of the name in the JobMap's order.
	 * - With an id and an empty name the job is found by the Job object's container id (JobMap.findJob), which a
	 *   job re-created by startJob no longer shares with its entry; with an id and a name, by the entry id (the name
	 *   not compared) and the document then names the job by its own name.
	 * - `from`: the log after that line of the shared log buffer, `first_log_line_nr` echoes it (default 0). On
	 *   9.3.0.0 (PDI-19448, bd3232f03d, until PDI-19901 e0b1583a6b on master 2023-09-13, 10.1, and 9.3.0.6) the
	 *   default is 9999999 and `from` counts from the job's own first line: start = (last line - the job's line
	 *   count) + from - 1, or 0 (the whole log) when that passes the last line. `tail` (10.2+) keeps the last n lines.
	 * - XML: the declaration and SlaveServerJobStatus.getXML (error_desc never set, log_date the job's start, empty
	 *   when never started, the result only once it has ended). Unknown: 404, a webresult ERROR WITHOUT the
	 *   declaration ("The specified job [name] could not be found"), or in HTML an H1 and a link.
	 * Deliberate difference: the per-`from` cache of finished jobs is not modelled (it answers the same document).
	 */
	const nameMandatory = app.profile.before('10.2.0.4');
	const refusesSharedName = app.profile.major >= 11 ? app.profile.before('11.0.0.1') : app.profile.before('10.2.0.7');
	const fromCountsPerJob = app.profile.before('9.4');
	const jobStatus = async (ctx: RequestContext) => {
		const params = await parametersOf(ctx);
		const xml = (params.get('xml') ?? '').toUpperCase() === 'Y';
		const now = app.now();
		engine.advance(now);
		let jobName = params.get('name');
		let id = params.get('id');
		const refuse = (status: number, message: string) => {
			if (xml) ctx.send(status, XML_HEADER + webResult('ERROR', message), xmlType);
			else
				sendHtml(
					ctx,
					status,
					`<HTML>\n<HEAD>\n<TITLE>Start job</TITLE>\n<META http-equiv="Refresh" content="2;url=${link('/kettle/status')}">\n<META http-equiv="Content-Type" content="text/html; charset=UTF-8">\n</HEAD>\n<BODY>\n<H1>${forHtml(message)}</H1>\n${backToStatus}</BODY>\n</HTML>\n`,
				);
		};
		if (nameMandatory ? jobName === null : jobName === null && id === null) {
			refuse(400, nameMandatory ? 'Missing mandatory parameter name' : 'Either the name or id parameter must contain a value');
			return;
		}
		let job: EmulatedJob | undefined;
		if (id === null || id === '') {
			if (refusesSharedName && engine.nameIsShared(jobName ?? '')) {
				refuse(409, 'Multiple jobs found with the same name. Please provide an Id');
				return;
			}
			job = engine.firstByName(jobName);
			if (job) id = job.id;
		} else if (jobName === null || jobName === '') {
			job = engine.byContainerId(id);
		} else {
			job = engine.byId(id);
			if (job) jobName = job.name;
		}
		if (!job) {
			const message = `The specified job [${javaText(jobName)}] could not be found`;
			if (xml) ctx.send(404, webResult('ERROR', message), xmlType);
			else sendHtml(ctx, 404, `<H1>${forHtml(message)}</H1>\n${backToStatus}`);
			return;
		}
		const startLineNr = javaInt(params.get('from'), fromCountsPerJob ? 9999999 : 0);
		const tail = fromCountsPerJob ? 0 : javaInt(params.get('tail'), 0);
		let from = state.ignoreFrom ? 0 : startLineNr;
		if (fromCountsPerJob && !state.ignoreFrom) {
			const startLineForJob = engine.lastLineNr - job.lines.length;
			from = startLineForJob + startLineNr - 1 > engine.lastLineNr ? 0 : startLineForJob + startLineNr - 1;
		}
		let log = engine.logAfter(job, from);
		if (tail > 0) {
			const lines = log.split('\n').filter((line, i, all) => i < all.length - 1 || line !== '');
			log = lines.length > tail ? `${lines.slice(lines.length - tail).join('\n')}\n` : log;
		}
		const statusDesc = engine.status(job, now);
		if (!xml) {
			sendHtml(ctx, 200, html(`Kettle job status`, `<H1>${forHtml(`${job.name} status`)}</H1>\n<p>${forHtml(statusDesc)}</p>\n<textarea>${forHtml(log)}</textarea>`));
			return;
		}
		const result = engine.isFinished(job, now)
			? `<result>${Object.entries(engine.result(job, now))
					.map(([key, value]) => `${tag(key, value)}\n`)
					.join('')}</result>`
			: '';
		const body =
			'<jobstatus>\n' +
			[
				tag('jobname', jobName),
				tag('id', id),
				tag('status_desc', statusDesc),
				tag('error_desc', ''),
				tag('log_date', job.startedAt === undefined ? '' : carteDate(job.startedAt)),
				tag('logging_string', encodeLog(log)),
				tag('first_log_line_nr', state.ignoreFrom ? 0 : startLineNr),
				tag('last_log_line_nr', engine.lastLineNr),
			]
				.map((line) => `  ${line}\n`)
				.join('') +
			// job.getResult() is null until the job has ended: no <result> while it waits or runs.
			result +
			'</jobstatus>';
		ctx.send(200, XML_HEADER + body, xmlType);
	};

	/**
	 * jobImage (GetJobImageServlet.java, the same at the three commits): a PNG of the job (also of one that never
	 * ran). Without an id a shared name is refused (409 in HTML, a webresult ERROR with 200 in XML: "There are
	 * multiple jobs with the same name: x"); unknown: 404 in HTML, webresult ERROR with 200 in XML ("Carte couldn't
	 * find the job with name [x] and carte object id y."). The errors set no content type and the webresult has no
	 * XML declaration.
	 */
	const jobImage = (ctx: RequestContext) => {
		const now = app.now();
		const jobName = ctx.query.get('name');
		const id = ctx.query.get('id');
		const xml = wantsXml(ctx);
		const refuse = (status: number, message: string) => {
			if (xml) ctx.send(200, `${webResult('ERROR', message)}\n`);
			else ctx.send(status, `<H1>${forHtml(message)}</H1>\n${backToStatus}`);
		};
		let job: EmulatedJob | undefined;
		if (id === null || id === '') {
			if (engine.nameIsShared(jobName ?? '')) {
				refuse(409, `There are multiple jobs with the same name: ${javaText(jobName)}`);
				return;
			}
			job = engine.firstByName(jobName);
		} else job = engine.byId(id);
		if (!job) {
			refuse(404, `Carte couldn't find the job with name [${javaText(jobName)}] and carte object id ${javaText(id)}.`);
			return;
		}
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
			if (wantsXml(ctx)) ctx.sendXml(200, `${XML_HEADER}${webResult(result, message, id)}\n`, xmlType);
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
		// AddJobServlet only puts the job in the JobMap: it stays Waiting until startJob.
		const job = engine.create({
			name,
			source: 'add',
			start: false,
			configuration: body,
			logLevel: text(execution.log_level) || 'Basic',
			parameters: pairs((execution.parameters as Record<string, unknown> | undefined)?.parameter),
			variables: pairs((execution.variables as Record<string, unknown> | undefined)?.variable),
			entries: Array.isArray(entries) && entries.length > 0 ? entries.length : undefined,
		});
		answer('OK', forHtml(`Job '${name}' was added to the list with id ${job.id}`), job.id);
	};

	/**
	 * runJob (RunJobServlet.java: the same at branch 9.3 @0d46237290, master @ae692d1261 for 10.2 and branch 11.0
	 * @3a1f253bad but for project variables; PDI-17006, 59b76fc145, 2020): no content type and no XML declaration,
	 * bare webresults. "Job started" with the new id (HTTP 200); 401 "Unable to connect to repository with Slave
	 * Server Config: <repository>" when the server has no connected repository; 400 "Missing mandatory parameter
	 * job"; 400 "Log level is invalid" for a `level` that is not a LogLevel code (Nothing, Error, Minimal, Basic,
	 * Detailed, Debug, Rowlevel; checked after the job is loaded); 404 "Unable to find job in repository with Slave
	 * Server Config: <repository>" when the repository has no job of that name in that folder (a name with `.kjb` is
	 * not found: repository names carry no extension). The job is named after the JobMeta (here the last path
	 * segment); query parameters other than job and level go to the job.
	 */
	const runJob = (ctx: RequestContext) => {
		const repositoryId = area.control.repositories[0]?.name ?? '';
		const answer = (status: number, result: 'OK' | 'ERROR', message: string, id = '') => ctx.send(status, `${webResult(result, message, id)}\n`);
		const path = ctx.query.get('job');
		const level = ctx.query.get('level');
		const known = repositoryLookup(app);
		if (path === null) {
			answer(400, 'ERROR', 'Missing mandatory parameter job');
			return;
		}
		const name = path.slice(path.lastIndexOf('/') + 1);
		const exists = name !== '' && !/\.(kjb|ktr)$/i.test(name) && (!known || known(path) || known(`${path}.kjb`));
		if (!exists) {
			answer(404, 'ERROR', `Unable to find job in repository with Slave Server Config: ${repositoryId}`);
			return;
		}
		if (level !== null && !LOG_LEVEL_CODES.includes(level)) {
			answer(400, 'ERROR', 'Log level is invalid');
			return;
		}
		const parameters: Record<string, string> = {};
		for (const [key, value] of ctx.query) if (key !== 'job' && key !== 'level' && !(key in parameters)) parameters[key] = value;
		const job = engine.create({ name, source: 'run', path, logLevel: level ?? 'Basic', parameters });
		answer(200, 'OK', 'Job started', job.id);
	};

	return { jobStatus, jobImage, addJob, runJob };
}
