/**
 * The worker's job-control routes: startJob, stopJob, removeJob and executeJob, per version.
 *
 * Sources (pentaho/pentaho-kettle, engine/src/main/java/org/pentaho/di/www/; the commits are upstream commits,
 * read in a fork that carries the release branches): 9.3 = branch 9.3 @0d46237290 (the 9.3.0.0 GA state; the
 * branch left master at 52f0476c4e, 2022-03-28), 10.2 = master @ae692d1261 (where 10.2 branched, 2024-07-08;
 * no www change on branch 10.2 before its GA build of 2024-10-13), 11.0 = branch 11.0 @3a1f253bad (11.0.0.0 GA
 * state; it left master at 253a5fe850, 2025-10-31). Messages: engine/src/main/resources/org/pentaho/di/www/
 * messages/messages_en_US.properties at the same commits.
 *
 * startJob (StartJobServlet.java):
 * - 9.3.0.0 (PDI-17007, 27f93099ab, 2020): `name` is mandatory (400 "Missing mandatory parameter name"), even
 *   with an id. 9.4+ (PDI-19501, fc176df339, master 2022-05-13; backported to 9.3 as 2e8f391cd1, 2022-08-02,
 *   9.3.0.1, whose first form 6150fa6d0e answered an unknown id with a 500 NullPointerException until
 *   8a15a671f2, 2023-01-12, 9.3.0.3): name or id (400 "Either the name or id parameter must contain a value"),
 *   and with an id the job's own name replaces the asked one.
 * - The run is found by id when one is given (the name is then not compared: CarteObjectEntry equality is by
 *   id), else the FIRST entry of that name in the JobMap's HashMap order (javaMap.ts). Unknown: 404 "The
 *   specified job [name] could not be found". The reply echoes the asked id, or the found entry's id.
 * - A job added and not started is started. A job still running makes Thread.start() throw: 500 "Unexpected
 *   error during job start: IllegalThreadStateException".
 * - An ended job is re-created under the SAME JobMap entry (same carteObjectId and name; a new Job object
 *   with a new container id and log channel, its old log lines discarded) from the configuration that
 *   JobMap.getConfiguration(jobName) finds: the first entry OF THAT NAME in the HashMap order, which is not
 *   necessarily the run asked for when several runs share a name:
 *   - 9.3 and 10.2: `new Job(rep, job.getJobMeta(), ...)`: the re-run keeps its own JobMeta, so its own
 *     parameters, but none of the variables injected when it was added; the found configuration only
 *     replaces the entry's stored one.
 *   - 11.0 (BACKLOG-40920, 72107229c4, master 2024-11-18): `BaseJobServlet.createJob(..., jobConfiguration)`:
 *     the re-run is built from the found configuration, so it runs with THAT run's parameters and variables
 *     (it keeps its own log level).
 *   - Upstream code after 2026-03-31 (pentaho/pentaho-kettle StartJobServlet.java@00c601e019, not on branch
 *     11.0 as of 2026-02-11 nor on master as of 2026-03-31) adds `fetchJobConfigFromEntry=Y`, which takes the
 *     entry's own configuration; without it the name look-up stays. Not played by any profile.
 * - HTML mode writes `URLEncoder.encode(jobName)` before its try block (9.4+): with an id and no name that
 *   is a NullPointerException out of doGet, the container's 500 page.
 *
 * stopJob (StopJobServlet.java, the same at the three commits): first entry of the name or by id;
 * `Job.stopAll()`; "Job [name] stop requested." with the ASKED name (null prints "null"); unknown: XML a
 * webresult ERROR with HTTP 200, HTML a 400 page.
 * removeJob (RemoveJobServlet.java, the same at the three commits): removes even a running job; XML OK is
 * the declaration and an empty webresult; unknown: XML a webresult ERROR WITHOUT the declaration, HTTP 200,
 * HTML a 400 page.
 * executeJob (ExecuteJobServlet.java; 11.0 only adds project variables): no content type and no XML
 * declaration (unless KETTLE_DEFAULT_SERVLET_ENCODING is set), "Job started" with the new id; 404 unknown
 * repository or job (the KettleException's message, which starts and ends with a line break), 401 refused
 * repository login.
 */
import type { RequestContext } from '../../core/types';
import { repositoryLookup } from '../repository/store';
import { carteLink, containerServerError, forHtml, javaUrlEncode } from './format';
import type { EmulatedJob } from './jobs';
import { parametersOf, restOf } from './request';
import type { WorkerArea } from './store';
import type { RepositorySeed } from './trans';
import { javaText, webResult, XML_HEADER } from './xmlText';

type Handler = (ctx: RequestContext) => void | Promise<void>;

const HTML_TYPE = 'text/html;charset=UTF-8';

const THREAD_STATE_TRACE =
	'java.lang.IllegalThreadStateException\n\tat java.base/java.lang.Thread.start(Thread.java:793)\n\tat org.pentaho.di.www.StartJobServlet.runJob(StartJobServlet.java:331)\n\tat org.pentaho.di.www.StartJobServlet.doGet(StartJobServlet.java:282)\n';

export function jobControlRoutes(area: WorkerArea): Record<string, Handler> {
	const { app, engine, control, deployment, xmlType } = area;
	const link = (path: string) => carteLink(deployment, path);
	const isEmpty = (value: string | null) => value === null || value === '';
	/** Looked up as the servlets do: by id when given (name not compared), else the first entry of the name. */
	const lookUp = (name: string | null, id: string | null): EmulatedJob | undefined =>
		isEmpty(id) ? engine.firstByName(name) : engine.byId(id!);
	const sendXml = (ctx: RequestContext, status: number, body: string) => ctx.send(status, body, xmlType);
	const sendPage = (ctx: RequestContext, status: number, body: string) => ctx.send(status, body, HTML_TYPE);
	const head = (title: string, refresh: string) =>
		`<HTML>\n<HEAD>\n<TITLE>${title}</TITLE>\n<META http-equiv="Refresh" content="2;url=${refresh}">\n<META http-equiv="Content-Type" content="text/html; charset=UTF-8">\n</HEAD>\n<BODY>\n`;
	const backToStatus = `<a href="${link('/kettle/status')}">Back to the status page</a><p>\n`;
	const backToJob = (name: string, id: string) =>
		`<a href="${link('/kettle/jobStatus')}?name=${javaUrlEncode(name)}&id=${javaUrlEncode(id)}">Back to the job status page</a><p>\n`;
	const tail = '<p>\n</BODY>\n</HTML>\n';

	// ---- startJob ------------------------------------------------------------------------------------------
	const nameMandatory = app.profile.before('9.4');
	const rebuildFromConfiguration = app.profile.atLeast('11');
	const startJob: Handler = async (ctx) => {
		const params = await parametersOf(ctx);
		const xml = (params.get('xml') ?? '').toUpperCase() === 'Y';
		let jobName = params.get('name');
		let id = params.get('id');
		if (nameMandatory ? jobName === null : jobName === null && id === null) {
			const message = nameMandatory ? 'Missing mandatory parameter name' : 'Either the name or id parameter must contain a value';
			if (xml) sendXml(ctx, 400, XML_HEADER + webResult('ERROR', message));
			else sendPage(ctx, 400, `${head('Start job', link('/kettle/status'))}<H1>${forHtml(message)}</H1>\n${backToStatus}</BODY>\n</HTML>\n`);
			return;
		}
		if (!xml && jobName === null) throw containerServerError(deployment, `${app.options.contextPath}${ctx.path}`);
		const answer = (status: number, result: 'OK' | 'ERROR', message: string, htmlBody: string, answerId = '') => {
			if (xml) sendXml(ctx, status, XML_HEADER + webResult(result, message, answerId));
			else sendPage(ctx, status, `${head('Start job', `${link('/kettle/status')}?name=${javaUrlEncode(params.get('name') ?? '')}`)}${htmlBody}${tail}`);
		};
		const job = lookUp(jobName, id);
		if (job && isEmpty(id)) id = job.id;
		else if (job && !nameMandatory) jobName = job.name;
		if (!job) {
			const message = `The specified job [${javaText(jobName)}] could not be found`;
			answer(404, 'ERROR', message, `<H1>${forHtml(message)}</H1>\n${backToStatus}`);
			return;
		}
		const now = app.now();
		engine.advance(now);
		if (engine.isActive(job, now)) {
			const message = `Unexpected error during job start: \n${THREAD_STATE_TRACE}`;
			answer(500, 'ERROR', message, `<p>\n<pre>\n${forHtml(THREAD_STATE_TRACE)}\n</pre>\n`);
			return;
		}
		if (engine.isFinished(job, now)) {
			const configuration = engine.configurationByName(jobName);
			if (rebuildFromConfiguration) {
				if (!configuration) {
					const trace = 'java.lang.NullPointerException\n\tat org.pentaho.di.www.BaseJobServlet.createJob(BaseJobServlet.java:131)\n';
					answer(500, 'ERROR', `Unexpected error during job start: \n${trace}`, `<p>\n<pre>\n${forHtml(trace)}\n</pre>\n`);
					return;
				}
				engine.restart(job, { parameters: { ...configuration.parameters }, variables: { ...configuration.variables } }, now);
				job.configuration = configuration;
			} else {
				engine.restart(job, { parameters: job.parameters, variables: {} }, now);
				job.configuration = configuration ?? null;
			}
		} else {
			engine.start(job, now);
		}
		const message = `Job [${javaText(jobName)}] was started.`;
		answer(200, 'OK', message, `<H1>${forHtml(message)}</H1>\n${backToJob(javaText(jobName), id ?? '')}`, id ?? '');
	};

	// ---- stopJob -------------------------------------------------------------------------------------------
	const stopJob: Handler = async (ctx) => {
		const params = await parametersOf(ctx);
		const xml = (params.get('xml') ?? '').toUpperCase() === 'Y';
		const jobName = params.get('name');
		const id = params.get('id');
		if (!xml && jobName === null) {
			// URLEncoder.encode(null) inside the try: the stack trace, HTTP 400.
			const trace = 'java.lang.NullPointerException\n\tat java.base/java.net.URLEncoder.encode(URLEncoder.java:208)\n\tat org.pentaho.di.www.StopJobServlet.doGet(StopJobServlet.java:147)\n';
			sendPage(ctx, 400, `<HTML>\n<HEAD>\n<TITLE>Stop job</TITLE>\n<p>\n<pre>\n${forHtml(trace)}\n</pre>\n${tail}`);
			return;
		}
		const page = (body: string) => `${head('Stop job', `${link('/kettle/jobStatus')}?name=${javaUrlEncode(jobName ?? '')}`)}${body}${tail}`;
		const job = lookUp(jobName, id);
		if (!job) {
			const message = `Job [${javaText(jobName)}] could not be found.`;
			if (xml) sendXml(ctx, 200, XML_HEADER + webResult('ERROR', message));
			// The real link lacks its closing quote: href="/kettle/status>...
			else sendPage(ctx, 400, page(`<H1>${forHtml(message)}</H1>\n<a href="${link('/kettle/status')}>Back to the status page</a><p>\n`));
			return;
		}
		stopAll(job);
		const message = `Job [${javaText(jobName)}] stop requested.`;
		if (xml) sendXml(ctx, 200, XML_HEADER + webResult('OK', message));
		else sendPage(ctx, 200, page(`<H1>${forHtml(message)}</H1>\n${backToJob(javaText(jobName), isEmpty(id) ? job.id : id!)}`));
	};

	/** Job.stopAll(): a running job ends "Stopped" now; one never started is Stopped until started; an ended one stays as it is. */
	const stopAll = (job: EmulatedJob) => {
		const now = app.now();
		engine.advance(now);
		if (job.startedAt === undefined) {
			job.stoppedBeforeStart = true;
			return;
		}
		if (!engine.isActive(job, now)) return;
		job.outcome = 'stopped';
		const elapsed = Math.max(0, now - job.startedAt);
		job.waitMs = Math.min(job.waitMs, elapsed);
		job.durationMs = elapsed;
		job.logLineTotal = job.lines.length + 1;
		engine.advance(now);
	};

	// ---- removeJob -----------------------------------------------------------------------------------------
	const removeJob: Handler = async (ctx) => {
		const params = await parametersOf(ctx);
		const xml = (params.get('xml') ?? '').toUpperCase() === 'Y';
		const jobName = params.get('name');
		let id = params.get('id');
		const job = lookUp(jobName, id);
		if (job && isEmpty(id)) id = job.id;
		if (!job) {
			if (xml) sendXml(ctx, 200, webResult('ERROR', `Could not find the job with specified name [${javaText(jobName)}]!`));
			else
				sendPage(
					ctx,
					400,
					`<H1>${forHtml(`Carte couldn't find the job with name [${javaText(jobName)}] and carte object id ${javaText(id)}.`)}</H1>\n${backToStatus}`,
				);
			return;
		}
		engine.remove(job);
		if (xml) {
			sendXml(ctx, 200, XML_HEADER + webResult('OK', ''));
			return;
		}
		sendPage(
			ctx,
			200,
			`<HTML>\n<HEAD>\n<TITLE>Job Removed!</TITLE>\n<META http-equiv="Content-Type" content="text/html; charset=UTF-8">\n</HEAD>\n<BODY>\n<H3>${forHtml(
				`The job with name [${javaText(jobName)}] and carte object id ${javaText(id)} was removed from Carte.`,
			)}</H3>\n<a href="${link('/kettle/status')}">Back to the status page</a><br><p>\n</BODY>\n</HTML>\n`,
		);
	};

	// ---- executeJob ----------------------------------------------------------------------------------------
	const lookup = (path: string): boolean | undefined => {
		const known = repositoryLookup(app);
		if (!known) return undefined;
		return known(path) || known(`${path}.kjb`);
	};
	const executeJob: Handler = async (ctx) => {
		const params = await parametersOf(ctx);
		// No content type, no XML declaration: the servlet writes bare webresults (KETTLE_DEFAULT_SERVLET_ENCODING unset).
		const bare = (status: number, result: 'OK' | 'ERROR', message: string, id = '') => ctx.send(status, webResult(result, message, id));
		const rep = params.get('rep') ?? '';
		let repository: RepositorySeed | null = null;
		if (rep !== '') {
			repository = control.repositories.find((r) => r.name === rep) ?? null;
			if (!repository) {
				bare(404, 'ERROR', `Unable to find repository: ${rep}`);
				return;
			}
			const users = repository.users ?? {};
			if (Object.keys(users).length > 0 && users[params.get('user') ?? ''] !== (params.get('pass') ?? '')) {
				bare(401, 'ERROR', 'Repository login failed.\nYou need to be authenticated to call this web service, Service URL=/kettle/executeJob');
				return;
			}
		}
		const path = params.get('job');
		if (path === null && repository !== null) throw containerServerError(deployment, `${app.options.contextPath}${ctx.path}`);
		const job = path ?? '';
		const slash = job.lastIndexOf('/');
		const directory = slash < 0 ? '/' : job.slice(0, slash);
		const name = job.slice(slash + 1);
		if (repository !== null) {
			if ((lookup(job) ?? true) === false || /\.(kjb|ktr)$/i.test(name) || name === '') {
				bare(404, 'ERROR', `\nUnable to find job [${name}] in directory: '${directory}'\n`);
				return;
			}
		} else if (!/\.kjb$/i.test(job) || /missing|not-found/i.test(job)) {
			bare(404, 'ERROR', `\nError reading object from XML file\n\nUnable to read file [${job}]\n`);
			return;
		}
		const started = engine.create({
			name: name.replace(/\.kjb$/i, ''),
			source: 'run',
			path: job,
			logLevel: params.get('level') ?? 'Basic',
			parameters: restOf(params, ['rep', 'user', 'pass', 'job', 'level']),
		});
		bare(200, 'OK', 'Job started', started.id);
	};

	return { startJob, stopJob, removeJob, executeJob };
}
