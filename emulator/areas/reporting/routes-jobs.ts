/**
 * The reporting plugin's asynchronous-execution API, `/plugin/reporting/api/jobs/…`
 * (pentaho-platform-plugin-reporting:core/src/main/java/org/pentaho/reporting/platform/plugin/JobManager.java@10.2.0.0-222,
 * `@Path("/reporting/api/jobs")` under the plugin's JAXRSPluginServlet bean "api" in plugin.spring.xml; same @9.3.0.0-422 and
 * @11.0.0.0-237 bar jakarta). The job executor keys jobs by UUID and session (the emulator: by user).
 *
 *   GET  config                  JSON, properties in alphabetical order (@JsonPropertyOrder(alphabetic = true)):
 *                                defaultOutputPath (the user's home: HomeSchedulingDirStrategy), dialogThresholdMilliseconds 1500,
 *                                pollingIntervalMilliseconds 500, promptForLocation true, supportAsync true (plugin.spring.xml JobManager args)
 *   POST reserveId               {"reservedId": "<uuid>"}
 *   GET  {id}/status             AsyncReportState as Jackson writes it (field order)
 *   GET|POST {id}/content        202 (no entity) until FINISHED; then the file with `Cache-Control: private, no-transform,
 *                                must-revalidate, max-age=0`, Content-Disposition attachment for eml/xls/xlsx/csv/rtf else inline
 *                                (getDispositionType, PRD-6031), Content-Description `<name><source ext>`
 *   GET  {id}/cancel             200, no entity
 *   GET  {id}/requestPage/{page} text/plain page number
 *
 * An id that is not a UUID, or no job of this user: `Response.status(NOT_FOUND).build()` → the plugin servlet's sendError
 * (core/errors.ts: /unavailable.html).
 */
import { createReadStream } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';

import { EmulatorHttpError } from '../../core/errors';
import type { RequestContext } from '../../core/types';
import { encodeRepositoryPath, javaEncodeUriComponent } from './java';
import { extensionOf } from './request';
import type { AsyncJob, ReportingArea } from './store';

const UUID = /^[0-9a-fA-F]{1,8}-[0-9a-fA-F]{1,4}-[0-9a-fA-F]{1,4}-[0-9a-fA-F]{1,4}-[0-9a-fA-F]{1,12}$/;

function jobOf(area: ReportingArea, ctx: RequestContext): AsyncJob {
	const id = ctx.params.jobId ?? '';
	if (!UUID.test(id)) throw EmulatorHttpError.bare(404);
	const job = area.jobs.get(id.toLowerCase()) ?? area.jobs.get(id);
	if (!job || job.user !== ctx.user?.name) throw EmulatorHttpError.bare(404);
	return job;
}

function stateJson(job: AsyncJob): string {
	// AsyncReportState's fields in declaration order (Jackson keeps it when no order is given).
	return JSON.stringify({
		path: job.path,
		uuid: job.uuid,
		status: job.status,
		progress: job.progress,
		page: job.page,
		totalPages: job.totalPages,
		row: job.row,
		totalRows: job.totalRows,
		activity: job.activity,
		mimeType: job.mimeType,
		errorMessage: job.errorMessage,
		generatedPage: job.page,
		isQueryLimitReached: false,
	});
}

function dispositionType(mimeType: string): string {
	return ['mime-message/text/html', 'application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv', 'application/rtf'].includes(mimeType)
		? 'attachment;'
		: 'inline;';
}

async function content(area: ReportingArea, ctx: RequestContext): Promise<void> {
	const job = jobOf(area, ctx);
	if (job.status !== 'FINISHED' || !job.file) {
		ctx.send(202);
		return;
	}
	const name = job.path.slice(job.path.lastIndexOf('/') + 1);
	const dot = name.lastIndexOf('.');
	const clean = (dot === -1 ? name : name.slice(0, dot)) || 'content';
	const sourceExt = dot === -1 ? '' : name.slice(dot);
	const disposition = `${dispositionType(job.mimeType)} filename*=UTF-8''${javaEncodeUriComponent(encodeRepositoryPath(clean + extensionOf(job.mimeType)))
		.replace(/%5C/g, '%255C')
		.replace(/%2F/g, '%252F')}`;
	ctx.res.writeHead(200, {
		'Content-Type': job.mimeType,
		'Cache-Control': 'private, no-transform, must-revalidate, max-age=0',
		'Content-Disposition': disposition,
		'Content-Description': clean + sourceExt,
	});
	await pipeline(createReadStream(job.file), ctx.res);
}

export function registerJobRoutes(area: ReportingArea): void {
	const { app } = area;
	const base = '/plugin/reporting/api/jobs';
	app.server.add('GET', `${base}/config`, (ctx) =>
		ctx.send(
			200,
			JSON.stringify({
				defaultOutputPath: `/home/${ctx.user!.name}`,
				dialogThresholdMilliseconds: 1500,
				pollingIntervalMilliseconds: 500,
				promptForLocation: true,
				supportAsync: true,
			}),
			'application/json',
		),
	);
	app.server.add('POST', `${base}/reserveId`, (ctx) => {
		const id = randomUUID();
		area.reserved.set(id, ctx.user!.name);
		ctx.send(200, JSON.stringify({ reservedId: id }), 'application/json');
	});
	app.server.add('GET', `${base}/:jobId/status`, (ctx) => ctx.send(200, stateJson(jobOf(area, ctx)), 'application/json'));
	app.server.add('GET', `${base}/:jobId/content`, (ctx) => content(area, ctx), { format: 'binary' });
	app.server.add('POST', `${base}/:jobId/content`, (ctx) => content(area, ctx), { format: 'binary' });
	app.server.add('GET', `${base}/:jobId/cancel`, (ctx) => {
		const job = jobOf(area, ctx);
		// future.cancel(true): a job that has not finished is CANCELED; a finished one stays as it is.
		if (!['FINISHED', 'FAILED', 'CANCELED', 'SCHEDULED'].includes(job.status)) {
			if (job.timer) clearTimeout(job.timer);
			job.status = 'CANCELED';
		}
		ctx.send(200);
	});
	app.server.add('GET', `${base}/:jobId/requestPage/:page`, (ctx) => {
		jobOf(area, ctx);
		const page = Number(ctx.params.page);
		// @PathParam int: a page that is not a number does not match the template (404 from Jersey).
		if (!/^-?\d+$/.test(ctx.params.page ?? '') || !Number.isSafeInteger(page)) throw EmulatorHttpError.bare(404);
		ctx.send(200, String(page), 'text/plain');
	});
}
