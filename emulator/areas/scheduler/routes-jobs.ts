/**
 * The scheduler's job routes (create, list, read, pause, resume, remove, generated content, may
 * schedule) and the scheduler's own state (pause, start, state). Sources: see area.ts.
 */
import type { EmulatorApp } from '../../core/app';
import { EmulatorHttpError } from '../../core/errors';
import type { RequestContext } from '../../core/types';
import { repositoryIndex } from '../repository/store';
import { notSchedulable, repositoryGeneratedContent } from './repositoryContent';
import { fileJson, jersey1, jsonStyleOf, sendJob, sendJobs, XML_DECLARATION, xmlElement } from './format';
import { accepts, negotiate, readBody, requireStructured, routeAdder, sendPlain } from './request';
import { createJob, isFinished, splitJobId, stateOf, visibleTo, type SchedulerJob } from './store';

export function registerJobRoutes(app: EmulatorApp, base: string): void {
	const state = stateOf(app);
	const add = routeAdder(app, base);
	// SchedulerService.getJob → QuartzScheduler.getJob: an id that is not user<TAB>name<TAB>n (or user:name:n) is a
	// SchedulerException from QuartzJobKey.parse, which the resource rethrows as a RuntimeException (500); an unknown
	// one is null, and the service methods then dereference it (NullPointerException, 500) unless said otherwise.
	const lookup = (jobId: unknown): SchedulerJob | undefined => {
		if (!splitJobId(jobId)) throw new EmulatorHttpError(500, `Invalid jobId: ${String(jobId)}`);
		const job = state.jobs.get(jobId as string);
		return job && !isFinished(app, job) ? job : undefined;
	};
	const npe = () => new EmulatorHttpError(500, 'java.lang.NullPointerException');
	const jobIdOfBody = async (ctx: RequestContext): Promise<unknown> => (await readBody(ctx, 'jobRequest')).jobId;

	// --- jobs ---
	// SchedulerResource.createJob → SchedulerService.createJob (pentaho-scheduler-plugin:…/services/SchedulerService.java@11.0.0.0-237,
	// same checks @10.2.0.0-222; pentaho-platform:extensions/…/services/SchedulerService.java@9.3.0.0-R):
	// - a request with a trigger from a user without the Schedule permission: SecurityException → 401 (no body);
	//   one without any trigger ("run in background") is allowed to everyone;
	// - an input file the repository does not have: SchedulerException(ServiceException("Cannot find input source
	//   file <path>")) → 500 with that message (getErrorMessage / e.getCause().getMessage());
	// - a file whose metadata _PERM_SCHEDULABLE is false: IllegalAccessException → 403 (a folder is not refused);
	// - no jobName: the input file's name without extension, else the current time in ms.
	add(
		'POST',
		'/job',
		async (ctx) => {
			if (!accepts(ctx, 'text/plain')) throw new EmulatorHttpError(406, 'Not Acceptable');
			const request = await readBody(ctx, 'jobScheduleRequest');
			const runInBackground = !request.simpleJobTrigger && !request.complexJobTrigger && !request.cronJobTrigger;
			if (!runInBackground && !ctx.user!.admin) throw EmulatorHttpError.bare(401);
			const inputFile = typeof request.inputFile === 'string' ? request.inputFile.trim() : '';
			if (inputFile === '') throw new EmulatorHttpError(500, 'Cannot find input source file (none given)');
			const index = repositoryIndex(app);
			if (index) {
				const file = index.byPath(inputFile);
				if (!file) throw new EmulatorHttpError(500, `Cannot find input source file ${inputFile}`);
				if (notSchedulable(app, { path: inputFile })) throw EmulatorHttpError.bare(403);
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
			// getJobs' filter: an administrator sees every job not named BlockoutAction, others their own.
			const jobs = [...state.jobs.values()].filter((job) => !job.blockout && !isFinished(app, job) && visibleTo(ctx.user!, job));
			sendJobs(app, ctx, jobs);
		},
		'json',
	);
	// getJob: getJobInfo → null (204) for an unknown id; someone else's job for a user who may not administer is
	// a RuntimeException ("Job not found or improper credentials for access"), 500.
	add(
		'GET',
		'/jobinfo',
		(ctx) => {
			requireStructured(ctx);
			const job = lookup(ctx.query.get('jobId'));
			if (!job) {
				ctx.send(204);
				return;
			}
			if (!visibleTo(ctx.user!, job)) throw new EmulatorHttpError(500, 'Job not found or improper credentials for access');
			sendJob(app, ctx, job);
		},
		'json',
	);
	// getJobState: UnsupportedOperationException (someone else's job, no Schedule permission) → 401.
	add(
		'POST',
		'/jobState',
		async (ctx) => {
			const job = lookup(await jobIdOfBody(ctx));
			if (!job) throw npe();
			if (!visibleTo(ctx.user!, job)) throw EmulatorHttpError.bare(401);
			sendPlain(ctx, job.state);
		},
		'text',
	);
	// pauseJob/resumeJob: acted on only for the Schedule permission (10.x: or Execute Schedules) or the owner;
	// otherwise the job's state is answered unchanged, 200.
	for (const [path, target] of [
		['/pauseJob', 'PAUSED'],
		['/resumeJob', 'NORMAL'],
	] as const) {
		add(
			'POST',
			path,
			async (ctx) => {
				const job = lookup(await jobIdOfBody(ctx));
				if (!job) throw npe();
				if (visibleTo(ctx.user!, job)) job.state = target;
				sendPlain(ctx, job.state);
			},
			'text',
		);
	}
	// deleteJob (PUT and DELETE /removeJob): removeJob removes for the Schedule permission or the owner and answers
	// REMOVED, even for an unknown id (Quartz deletes nothing); otherwise the job's state, unchanged.
	for (const method of ['PUT', 'DELETE']) {
		add(
			method,
			'/removeJob',
			async (ctx) => {
				const jobId = await jobIdOfBody(ctx);
				const job = lookup(jobId);
				if (!job) {
					if (!ctx.user!.admin) throw npe();
					state.jobs.delete(jobId as string);
					sendPlain(ctx, 'REMOVED');
					return;
				}
				if (!visibleTo(ctx.user!, job)) {
					sendPlain(ctx, job.state);
					return;
				}
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
			// getContentCleanerJob's JobFilter: the GeneratedContentCleaner job, for an administrator or its owner; none → 204.
			const cleaner = [...state.jobs.values()].find((job) => job.contentCleaner && visibleTo(ctx.user!, job));
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
			if (negotiate(ctx, 'xml') === 'json') {
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
	// isScheduleAllowed(id): false without looking at the file for a user without the Schedule permission; else the
	// file's _PERM_SCHEDULABLE metadata (true when absent, folders included); an id the repository does not know
	// fails in getFileMetadata (500).
	add(
		'GET',
		'/isScheduleAllowed',
		(ctx) => {
			if (!ctx.user!.admin) {
				sendPlain(ctx, 'false');
				return;
			}
			const id = (ctx.query.get('id') ?? '').trim();
			if (id === '') throw new EmulatorHttpError(500, 'Invalid repository file id');
			const index = repositoryIndex(app);
			let allowed = true;
			if (index) {
				if (!index.byId(id)) throw new EmulatorHttpError(500, `Invalid repository file id: ${id}`);
				allowed = notSchedulable(app, { id }) !== true;
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
