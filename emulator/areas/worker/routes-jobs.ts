/** The worker's job routes: jobStatus, jobImage, addJob and runJob. Sources at each route. */
import { webResultXml } from '../../core/app';
import { decodeServletBody } from '../../core/charset';
import { EmulatorHttpError } from '../../core/errors';
import type { RequestContext } from '../../core/types';
import { repositoryLookup } from '../repository/store';
import { forHtml, html, htmlError, sendHtml } from './format';
import { carteDate, encodeLog } from './jobs';
import { jobPng } from './png';
import { bodyParser, pairs, text, wantsXml } from './request';
import type { WorkerArea } from './store';
import { esc, tag, XML_HEADER } from './xmlText';

type Handler = (ctx: RequestContext) => void | Promise<void>;

export function jobsRoutes(area: WorkerArea): Record<string, Handler> {
	const { app, state, engine, xmlType, deployment } = area;
	/** 404 for an unknown job: with xml=Y a webresult (the route's error style), else the servlet's HTML page. */
	const jobNotFound = (ctx: RequestContext, name: string, id: string): EmulatorHttpError => {
		const what = `The specified job [${name || id}] could not be found`;
		return wantsXml(ctx) ? new EmulatorHttpError(404, what) : htmlError(404, html('Job not found', `<H1>${esc(what)}</H1>`));
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
			throw wantsXml(ctx)
				? new EmulatorHttpError(400, 'Give the name or the id of the job (parameters name, id)')
				: htmlError(400, html('Bad request', '<H1>Give the name or the id of the job</H1>'));
		}
		const job = engine.find(name || undefined, id || undefined)[0];
		if (!job) throw jobNotFound(ctx, name, id);
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
			// As the real server: with xml=Y the error is a webresult inside HTTP 200 (an answer, not an
			// EmulatorHttpError), else a 404 page.
			if (!wantsXml(ctx)) throw htmlError(404, html('Job not found', `<H1>${esc(what)}</H1>`));
			ctx.sendXml(200, webResultXml('ERROR', what));
			return;
		}
		if (found.length > 1 && id === '') {
			const what = `The job name [${name}] is not unique: give the job id`;
			if (!wantsXml(ctx)) throw htmlError(409, html('Ambiguous job name', `<H1>${esc(what)}</H1>`));
			ctx.sendXml(200, webResultXml('ERROR', what));
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
		const known = repositoryLookup(app);
		if (known) {
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

	return { jobStatus, jobImage, addJob, runJob };
}
