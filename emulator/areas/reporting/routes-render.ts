/**
 * The reporting plugin's content generators on a .prpt file, reached through RepositoryResource:
 *
 *   GET|POST /api/repos/{pathId}/report             ReportContentGenerator (bean prpt.report)
 *   GET|POST /api/repos/{pathId}/generatedContent   ReportContentGenerator (the default bean prpt)
 *   GET|POST /api/repos/{pathId}/parameter          ParameterContentGenerator (bean prpt.parameter)
 *   GET|POST /api/repos/{pathId}/reportjob          BackgroundJobReportContentGenerator (bean prpt.reportjob)
 *
 * Sources: pentaho-platform:extensions/src/main/java/org/pentaho/platform/web/http/api/resources/RepositoryResource.java@10.2.0.0-222
 * (doService: a missing or unreadable file is `Response.serverError()`; A.2 serves a repository file next to the report
 * named like the resource; the generator's answer is `Response.ok(GeneratorStreamingOutput)`), GeneratorStreamingOutput.java
 * (character encoding set first: `<mime>;charset=UTF-8`), web/servlet/HttpMimeTypeListener.java (`inline; filename*=UTF-8''default<ext>`,
 * forceAttachment), pentaho-platform-plugin-reporting:assemblies/web/src/main/resources/package-res/plugin.spring.xml@10.2.0.0-222
 * (the beans), core/src/main/java/org/pentaho/reporting/platform/plugin/{ReportContentGenerator,ExecuteReportContentHandler,
 * ParameterContentGenerator,ParameterXmlContentHandler,SimpleReportingComponent,BackgroundJobReportContentGenerator}.java@10.2.0.0-222
 * (same behaviour @9.3.0.0-422 and @11.0.0.0-237 but for what params.ts and request.ts place by version).
 *
 * Jersey commits its own status (200) with the first byte of the body, after the plugin's setStatus(500): every
 * answer of a generator that writes a body is HTTP 200, its failures included ("Report validation failed.", the
 * engine's "The parameters provided for this report are not valid.", "Failed to execute query.").
 */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { promises as fsp } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

import { EmulatorHttpError, UNAVAILABLE_PAGE } from '../../core/errors';
import type { RequestContext } from '../../core/types';
import { repositoryOf } from '../repository/area';
import { pathFromId } from '../repository/store';
import { parameterDocument } from './format';
import { zoneOffsetMinutes } from './java';
import type { ParamValue, ReportDefinition } from './model';
import { evaluate, hasReportSpecification, MESSAGES, type Inputs } from './params';
import { DataSourceFailure, pageCount, renderReport } from './render';
import {
	contentType,
	defaultDisposition,
	effectiveOutputTarget,
	handledTargets,
	HTML_PAGE,
	mimeTypeOf,
	readInputs,
	reportDisposition,
	single,
} from './request';
import { addFirst, passOn } from './routing';
import { reportAt, type AsyncJob, type ReportingArea } from './store';
import type { Sink } from './files';

/** A repository file context (RepositoryResource.doService: ":…" or a drive-letter path). */
function isFileContext(contextId: string): boolean {
	return contextId.startsWith(':') || /^[A-Za-z]\t:/.test(contextId);
}

/** An exception escaping the servlet: Tomcat's status 500 and the webapp's /unavailable.html (web.xml error page). */
function servletException(): EmulatorHttpError {
	return new EmulatorHttpError(500, 'Internal Server Error', { body: UNAVAILABLE_PAGE, contentType: 'text/html' });
}

/** Writes chunks with back-pressure; stops the producer when the client went away. */
export function responseSink(ctx: RequestContext): Sink {
	return async (chunk) => {
		if (ctx.res.destroyed) throw new Error('client closed the connection');
		if (!ctx.res.write(chunk)) {
			await Promise.race([once(ctx.res, 'drain'), once(ctx.res, 'close')]);
			if (ctx.res.destroyed) throw new Error('client closed the connection');
		}
	};
}

function inputFlag(inputs: Inputs, name: string): boolean {
	return (single(inputs, name) ?? '').trim().toLowerCase() === 'true';
}

interface Target {
	area: ReportingArea;
	report: ReportDefinition;
	name: string;
	path: string;
}

/**
 * The report a request is for, or undefined when the route is not the reporting plugin's (the request was handed on).
 * Throws the bare 500 of a missing/unreadable file.
 */
async function resolve(area: ReportingArea, ctx: RequestContext): Promise<Target | undefined> {
	const contextId = ctx.params.pathId ?? '';
	if (!isFileContext(contextId)) {
		if (await passOn(area.app, ctx)) return undefined;
		throw EmulatorHttpError.bare(404);
	}
	const path = pathFromId(contextId);
	// repository.getFile: nothing there, a folder, or not readable → Response.serverError().
	const found = reportAt(area, path, ctx.user!);
	if (!found) throw EmulatorHttpError.bare(500);
	if (!/\.prpt$/.test(found.name)) {
		// Another plugin's file: the next route (the repository area's) answers.
		if (await passOn(area.app, ctx)) return undefined;
		throw EmulatorHttpError.bare(404);
	}
	return { area, ...found, path };
}

/** RepositoryResource A.2: a repository file next to the report named like the resource is served instead. */
async function siblingFile(area: ReportingArea, ctx: RequestContext, target: Target, resource: string): Promise<boolean> {
	const repo = repositoryOf(area.app);
	const folder = target.path.slice(0, target.path.lastIndexOf('/')) || '/';
	const node = repo.find(`${folder === '/' ? '' : folder}/${resource}`);
	if (!node || node.folder || !repo.permitted(ctx.user!, node, 0)) return false;
	ctx.res.writeHead(200, { 'Content-Type': node.mimeType, 'Content-Length': String(node.fileSize) });
	await pipeline(repo.openContent(node), ctx.res);
	return true;
}

function offsetNow(area: ReportingArea): number {
	return zoneOffsetMinutes(area.app.options.serverTimeZone, new Date(area.app.now()));
}

/** `/report` and `/generatedContent`: ReportContentGenerator.createContent → ExecuteReportContentHandler. */
async function report(area: ReportingArea, ctx: RequestContext, resource: string): Promise<void> {
	const target = await resolve(area, ctx);
	if (!target) return;
	if (await siblingFile(area, ctx, target, resource)) return;
	const inputs = await readInputs(ctx);
	const profile = area.app.profile;
	const forceAttachment = (single(inputs, 'forceAttachment') ?? '').toLowerCase() === 'true';
	const renderMode = (single(inputs, 'renderMode') ?? 'REPORT').toUpperCase();
	if (!['REPORT', 'XML', 'PARAMETER', 'DOWNLOAD'].includes(renderMode)) throw servletException();
	if (renderMode === 'XML' || renderMode === 'PARAMETER') {
		// `default: throw new IllegalArgumentException()`, caught and written as the class name.
		ctx.send(200, 'java.lang.IllegalArgumentException', contentType('text/xml'), { 'Content-Disposition': defaultDisposition('text/xml', forceAttachment) });
		return;
	}
	if (renderMode === 'DOWNLOAD') {
		// DownloadReportContentHandler encodes the path again, finds no file and dereferences null: the NPE's message
		// (Java 17+ helpful NullPointerException text from 10.x, none on 9.3's Java 11).
		const message = profile.before('10.0')
			? 'java.lang.NullPointerException'
			: 'Cannot invoke "org.pentaho.platform.api.repository2.unified.RepositoryFile.isFolder()" because "file" is null';
		ctx.send(200, message, contentType('application/octet-stream'), { 'Content-Disposition': defaultDisposition('application/octet-stream', forceAttachment) });
		return;
	}
	const outputTarget = effectiveOutputTarget(target.report, inputs, profile);
	const mime = mimeTypeOf(outputTarget, profile);
	const headers = {
		'Content-Type': contentType(mime),
		'Content-Disposition': reportDisposition(target.name, mime),
		'Content-Description': target.name,
		'Cache-Control': 'private, max-age=0, must-revalidate',
	};
	const offset = offsetNow(area);
	const evaluation = evaluate(target.report, inputs, offset);
	let failure: string | undefined;
	if (evaluation.conversionErrors.size > 0 || !handledTargets(profile).includes(outputTarget)) failure = MESSAGES.validationFailed;
	else if (evaluation.validationErrors.size > 0) failure = MESSAGES.parametersNotValid;
	if (failure) {
		ctx.send(200, failure, headers['Content-Type'], headers);
		return;
	}
	ctx.res.writeHead(200, headers);
	const sink = responseSink(ctx);
	const acceptedInput = Number((single(inputs, 'accepted-page') ?? '').trim());
	try {
		await renderReport({
			report: target.report,
			values: evaluation.trusted,
			target: outputTarget,
			acceptedPage: Number.isInteger(acceptedInput) && acceptedInput > 0 ? acceptedInput : 0,
			includeSpecification: hasReportSpecification(profile) && inputFlag(inputs, 'includeReportSpecification'),
			timeZone: area.app.options.serverTimeZone,
			sink,
		});
	} catch (error) {
		if (error instanceof DataSourceFailure) {
			// ReportContentGenerator: `outputStream.write(exceptionMessage)` after whatever was written.
			await sink(Buffer.from(MESSAGES.queryFailed, 'utf8'));
		} else if (ctx.res.destroyed) {
			return;
		} else throw error;
	}
	ctx.res.end();
}

/** `/parameter`: ParameterContentGenerator → ParameterXmlContentHandler.createParameterContent. */
async function parameter(area: ReportingArea, ctx: RequestContext): Promise<void> {
	const target = await resolve(area, ctx);
	if (!target) return;
	if (await siblingFile(area, ctx, target, 'parameter')) return;
	const inputs = await readInputs(ctx);
	const profile = area.app.profile;
	const renderMode = (single(inputs, 'renderMode') ?? 'XML').toUpperCase();
	// RenderType.valueOf of anything else, or a valid one other than XML/PARAMETER, throws out of the generator.
	if (renderMode !== 'XML' && renderMode !== 'PARAMETER') throw servletException();
	const mobile = single(inputs, 'mobile') === 'true';
	const outputTarget = effectiveOutputTarget(target.report, inputs, profile, mobile);
	const evaluation = evaluate(target.report, inputs, offsetNow(area));
	const sessionInput = single(inputs, '::session');
	const report = mobile ? { ...target.report, lockOutputType: true } : target.report;
	const xml = parameterDocument({
		profile,
		report,
		inputs,
		evaluation,
		outputTarget,
		paginate: renderMode === 'XML',
		pageCount: () => pageCount(target.report, evaluation.trusted as Map<string, ParamValue>),
		timeZone: area.app.options.serverTimeZone,
		sessionId: sessionInput && sessionInput !== '' ? sessionInput : randomUUID(),
	});
	const forceAttachment = (single(inputs, 'forceAttachment') ?? '').toLowerCase() === 'true';
	ctx.send(200, xml, contentType('text/xml'), { 'Content-Disposition': defaultDisposition('text/xml', forceAttachment) });
}

/* ----- asynchronous jobs ----- */

/** Whether the job was canceled meanwhile (read again after an await). */
function isCanceled(job: AsyncJob): boolean {
	return job.status === 'CANCELED';
}

function finishJob(area: ReportingArea, job: AsyncJob, target: Target, inputs: Inputs): void {
	job.timer = setTimeout(() => {
		job.timer = undefined;
		void runJob(area, job, target, inputs);
	}, area.asyncDurationMs);
	job.timer.unref();
}

async function runJob(area: ReportingArea, job: AsyncJob, target: Target, inputs: Inputs): Promise<void> {
	if (job.status === 'CANCELED') return;
	job.status = 'WORKING';
	const profile = area.app.profile;
	const outputTarget = effectiveOutputTarget(target.report, inputs, profile);
	const evaluation = evaluate(target.report, inputs, offsetNow(area));
	// PentahoAsyncReportExecution.call: execute() false → FAILED without message; an exception → FAILED with every
	// message of the cause chain, each followed by ".\n".
	if (evaluation.conversionErrors.size > 0 || !handledTargets(profile).includes(outputTarget)) {
		job.status = 'FAILED';
		return;
	}
	if (evaluation.validationErrors.size > 0) {
		job.status = 'FAILED';
		job.errorMessage = `${MESSAGES.parametersNotValid}.\n`;
		return;
	}
	const file = join(area.stagingDir, `${job.uuid}.bin`);
	const handle = await fsp.open(file, 'w');
	let rows = 0;
	try {
		await renderReport({
			report: target.report,
			values: evaluation.trusted,
			target: outputTarget,
			acceptedPage: 0,
			includeSpecification: hasReportSpecification(profile) && inputFlag(inputs, 'includeReportSpecification'),
			timeZone: area.app.options.serverTimeZone,
			sink: async (chunk) => {
				await handle.write(chunk);
			},
		});
		for (const _ of target.report.targetBytes === undefined ? target.report.rows({ values: Object.fromEntries(evaluation.trusted), offsetMinutes: 0 }) : []) rows++;
	} catch (error) {
		await handle.close();
		await fsp.rm(file, { force: true });
		if (isCanceled(job)) return;
		job.status = 'FAILED';
		job.errorMessage =
			error instanceof DataSourceFailure ? `${MESSAGES.queryFailed}.\n${target.report.failure?.cause ?? ''}.\n` : `${(error as Error).message}.\n`;
		return;
	}
	await handle.close();
	if (isCanceled(job)) {
		await fsp.rm(file, { force: true });
		return;
	}
	const pages = pageCount(target.report, evaluation.trusted);
	Object.assign(job, { file, status: 'FINISHED', progress: 100, page: pages, totalPages: pages, row: rows, totalRows: rows, activity: 'GENERATING_CONTENT' });
}

/** `/reportjob`: BackgroundJobReportContentGenerator: queue the job, then redirect to its status. */
async function reportJob(area: ReportingArea, ctx: RequestContext): Promise<void> {
	const target = await resolve(area, ctx);
	if (!target) return;
	if (await siblingFile(area, ctx, target, 'reportjob')) return;
	const inputs = await readInputs(ctx);
	const user = ctx.user!.name;
	const requested = single(inputs, 'reservedId');
	let uuid: string = randomUUID();
	if (requested && area.reserved.get(requested) === user) {
		// IJobIdGenerator.acquire: a reserved id of this session is used once.
		area.reserved.delete(requested);
		uuid = requested;
	}
	const outputTarget = effectiveOutputTarget(target.report, inputs, area.app.profile);
	const job: AsyncJob = {
		uuid,
		user,
		path: target.path,
		status: 'QUEUED',
		mimeType: mimeTypeOf(outputTarget, area.app.profile),
		progress: 0,
		page: 0,
		totalPages: 0,
		row: 0,
		totalRows: 0,
		activity: null,
		errorMessage: null,
	};
	area.jobs.set(uuid, job);
	finishJob(area, job, target, inputs);
	// sendSuccessRedirect: Tomcat's relative redirect (useRelativeRedirects) to the job's status.
	ctx.send(302, undefined, contentType('text/html'), { Location: `${area.app.options.contextPath}/plugin/reporting/api/jobs/${uuid}/status` });
}

export function registerRenderRoutes(area: ReportingArea): void {
	const { app } = area;
	for (const method of ['GET', 'POST']) {
		addFirst(app, method, '/api/repos/:pathId/report', (ctx) => report(area, ctx, 'report'), { format: 'binary' });
		addFirst(app, method, '/api/repos/:pathId/generatedContent', (ctx) => report(area, ctx, 'generatedContent'), { format: 'binary' });
		addFirst(app, method, '/api/repos/:pathId/parameter', (ctx) => parameter(area, ctx), { format: 'xml' });
		addFirst(app, method, '/api/repos/:pathId/reportjob', (ctx) => reportJob(area, ctx), { format: 'text' });
	}
}

export { HTML_PAGE };
