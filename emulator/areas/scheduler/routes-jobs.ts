/**
 * The scheduler's job routes (create, list, read, pause, resume, remove, generated content, may
 * schedule) and the scheduler's own state (pause, start, state). Sources: see area.ts.
 */
import type { EmulatorApp } from '../../core/app';
import { EmulatorHttpError } from '../../core/errors';
import type { RequestContext } from '../../core/types';
import { repositoryIndex } from '../repository/store';
import { repositoryGeneratedContent } from './repositoryContent';
import { fileJson, jersey1, jsonStyleOf, sendJob, sendJobs, XML_DECLARATION, xmlElement } from './format';
import { accepts, readBody, requireStructured, routeAdder, sendPlain } from './request';
import { createJob, isFinished, splitJobId, stateOf, visibleTo, type SchedulerJob } from './store';

export function registerJobRoutes(app: EmulatorApp, base: string): void {
	const state = stateOf(app);
	const add = routeAdder(app, base);
	const jobOf = (ctx: RequestContext, jobId: unknown): SchedulerJob => {
		if (!splitJobId(jobId)) throw new EmulatorHttpError(500, `Invalid jobId: ${String(jobId)}`);
		const job = state.jobs.get(jobId as string);
		if (!job || isFinished(app, job) || !visibleTo(ctx.user!, job)) {
			throw new EmulatorHttpError(500, `Invalid jobId: ${String(jobId)}`);
		}
		return job;
	};
	const jobIdOfBody = async (ctx: RequestContext): Promise<unknown> => (await readBody(ctx, 'jobRequest')).jobId;

	// --- jobs ---
	add(
		'POST',
		'/job',
		async (ctx) => {
			if (!accepts(ctx, 'text/plain')) throw new EmulatorHttpError(406, 'Not Acceptable');
			const request = await readBody(ctx, 'jobScheduleRequest');
			if (!ctx.user!.admin) throw EmulatorHttpError.bare(401);
			const inputFile = typeof request.inputFile === 'string' ? request.inputFile.trim() : '';
			if (inputFile === '') throw new EmulatorHttpError(500, 'Cannot find input source file (none given)');
			const index = repositoryIndex(app);
			if (index) {
				const file = index.byPath(inputFile);
				if (!file) throw new EmulatorHttpError(500, `Cannot find input source file ${inputFile} Aborting schedule...`);
				if (file.folder) throw EmulatorHttpError.bare(403);
			}
			const job = createJob(app, ctx.user!.name, request);
			sendPlain(ctx, job.jobId);
		},
		'text',
	);
	add(
		'GET',
		'/getJobs',
		(ctx) => {
			requireStructured(ctx);
			const jobs = [...state.jobs.values()].filter((job) => !job.blockout && !isFinished(app, job) && visibleTo(ctx.user!, job));
			sendJobs(app, ctx, jobs);
		},
		'json',
	);
	add(
		'GET',
		'/jobinfo',
		(ctx) => {
			requireStructured(ctx);
			const jobId = ctx.query.get('jobId');
			if (!splitJobId(jobId)) throw new EmulatorHttpError(500, `Invalid jobId: ${String(jobId)}`);
			const job = state.jobs.get(jobId as string);
			if (!job || isFinished(app, job) || !visibleTo(ctx.user!, job)) {
				ctx.send(204);
				return;
			}
			sendJob(app, ctx, job);
		},
		'json',
	);
	add(
		'POST',
		'/jobState',
		async (ctx) => {
			const jobId = await jobIdOfBody(ctx);
			const job = state.jobs.get(jobId as string);
			if (job && !visibleTo(ctx.user!, job)) throw EmulatorHttpError.bare(401);
			sendPlain(ctx, jobOf(ctx, jobId).state);
		},
		'text',
	);
	add(
		'POST',
		'/pauseJob',
		async (ctx) => {
			const job = jobOf(ctx, await jobIdOfBody(ctx));
			job.state = 'PAUSED';
			sendPlain(ctx, job.state);
		},
		'text',
	);
	add(
		'POST',
		'/resumeJob',
		async (ctx) => {
			const job = jobOf(ctx, await jobIdOfBody(ctx));
			job.state = 'NORMAL';
			sendPlain(ctx, job.state);
		},
		'text',
	);
	for (const method of ['PUT', 'DELETE']) {
		add(
			method,
			'/removeJob',
			async (ctx) => {
				const job = jobOf(ctx, await jobIdOfBody(ctx));
				state.jobs.delete(job.jobId);
				sendPlain(ctx, 'REMOVED');
			},
			'text',
		);
	}
	add(
		'GET',
		'/getContentCleanerJob',
		(ctx) => {
			requireStructured(ctx);
			const cleaner = [...state.jobs.values()].find((job) => job.contentCleaner);
			if (!cleaner) {
				ctx.send(204);
				return;
			}
			sendJob(app, ctx, cleaner);
		},
		'json',
	);
	// SchedulerService.doGetGeneratedContentForSchedule(lineageId) → FileService.searchGeneratedContent(
	// SessionResource.doGetCurrentUserDir(), lineageId, "lineage-id"): the files (not folders) directly in the
	// CALLER's /home/<user>/workspace whose repository metadata "lineage-id" equals lineageId exactly. That metadata is
	// the job's "lineage-id" parameter (a UUID QuartzScheduler.createJob adds unless the request's jobParameters carry
	// one), written on each output file when a run finishes (ActionRunner.markContentAsGenerated). A path or path id
	// never matches. A missing workspace folder is a FileNotFoundException, answered as an empty list; any other
	// failure is logged and answered as an empty list too: always 200.
	// pentaho-scheduler-plugin:core/src/main/java/org/pentaho/platform/web/http/api/resources/SchedulerResource.java@11.0.0.0-237,
	// …/services/SchedulerService.java@11.0.0.0-237 (same @10.2.0.0-222, @10.2.0.10-422);
	// pentaho-platform:extensions/src/main/java/org/pentaho/platform/web/http/api/resources/services/FileService.java@9.3.0.0-R
	// (searchGeneratedContent, same @10.2.0.0-222, @HEAD) and …/SessionResource.java (doGetCurrentUserDir = home + "/workspace").
	// The answer is a List<RepositoryFileDto>: XML <repositoryFileDtoes>, Jersey 1 {"repositoryFileDto":[…]}, 11.x a JSON array.
	add(
		'GET',
		'/generatedContentForSchedule',
		(ctx) => {
			requireStructured(ctx);
			const lineageId = ctx.query.get('lineageId');
			const workspace = `/home/${ctx.user!.name}/workspace`;
			const list =
				lineageId === null
					? []
					: [
							...state.generated.filter((f) => f.lineageId === lineageId && f.path === `${workspace}/${f.name}`).map(fileJson),
							...repositoryGeneratedContent(app, workspace, lineageId),
						];
			if (ctx.wantsJson()) {
				ctx.sendJson(200, jsonStyleOf(app) === 'jersey1' ? jersey1({ repositoryFileDto: list }) : list);
			} else {
				ctx.sendXml(
					200,
					`${XML_DECLARATION}<repositoryFileDtoes>${list.map((f) => xmlElement('repositoryFileDto', f)).join('')}</repositoryFileDtoes>`,
					'application/xml',
				);
			}
		},
		'json',
	);
	add(
		'GET',
		'/isScheduleAllowed',
		(ctx) => {
			const id = (ctx.query.get('id') ?? '').trim();
			if (id === '') throw new EmulatorHttpError(500, 'Invalid repository file id');
			const index = repositoryIndex(app);
			let allowed = ctx.user!.admin;
			if (index) {
				const file = index.byId(id);
				if (!file) throw new EmulatorHttpError(500, `Invalid repository file id: ${id}`);
				if (file.folder) allowed = false;
			}
			sendPlain(ctx, String(allowed));
		},
		'text',
	);
	add(
		'GET',
		'/canSchedule',
		(ctx) => {
			if (!accepts(ctx, 'application/json')) throw new EmulatorHttpError(406, 'Not Acceptable');
			ctx.send(200, String(ctx.user!.admin), 'application/json');
		},
		'json',
	);

	// --- the scheduler ---
	add(
		'POST',
		'/pause',
		(ctx) => {
			if (ctx.user!.admin) state.status = 'PAUSED';
			sendPlain(ctx, state.status);
		},
		'text',
	);
	add(
		'POST',
		'/start',
		(ctx) => {
			if (ctx.user!.admin) state.status = 'RUNNING';
			sendPlain(ctx, state.status);
		},
		'text',
	);
	add('GET', '/state', (ctx) => sendPlain(ctx, state.status), 'text');
}
