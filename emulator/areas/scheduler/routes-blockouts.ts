/**
 * The scheduler's blockout routes (add, update, list, has, shouldFireNow, willFire, blockstatus).
 * Sources: see area.ts.
 */
import type { EmulatorApp } from '../../core/app';
import { EmulatorHttpError } from '../../core/errors';
import type { RequestContext } from '../../core/types';
import { jersey1, sendJobs, XML_DECLARATION, xmlElement } from './format';
import { accepts, negotiate, readBody, requireStructured, routeAdder, sendPlain } from './request';
import { blockedAt, createJob, hasBlockouts, schedulerRules, splitJobId, stateOf, upcomingFires, type Json, type SchedulerJob } from './store';
import { BadScheduleRequest, triggerFromRequest, type Trigger } from './triggers';

export function registerBlockoutRoutes(app: EmulatorApp, base: string): void {
	const state = stateOf(app);
	const add = routeAdder(app, base);
	// --- blockouts ---
	// SchedulerResource.addBlockout/updateBlockout catch IOException | SchedulerException | IllegalAccessException
	// and answer 401 without a body (a user who may not administer the scheduler gets IllegalAccessException from
	// SchedulerService.addBlockout); a RuntimeException (a bad cron string, a NullPointerException) is not caught
	// and the container answers 500; a body that cannot be read is refused by Jersey before the method (400/415).
	// pentaho-scheduler-plugin:core/src/main/java/org/pentaho/platform/web/http/api/resources/SchedulerResource.java@11.0.0.0-237
	// (same @10.2.0.0-222, @10.2.0.10-422; pentaho-platform:extensions/…/SchedulerResource.java@9.3.0.0-R).
	// The window is the request's top-level `duration` (DURATION_PARAM, read back by PentahoBlockoutManager);
	// nothing checks it, so 0 or a missing duration is accepted (a window that blocks nothing).
	const readBlockout = async (ctx: RequestContext): Promise<Json> => {
		const request = await readBody(ctx, 'jobScheduleRequest');
		if (!ctx.user!.admin) throw EmulatorHttpError.bare(401);
		return request;
	};
	const addBlockout = (ctx: RequestContext, request: Json): SchedulerJob => {
		try {
			return createJob(app, ctx.user!.name, request, { blockout: true });
		} catch (error) {
			if (error instanceof BadScheduleRequest && error.kind === 'runtime') throw error;
			throw EmulatorHttpError.bare(401);
		}
	};
	add(
		'POST',
		'/blockout/add',
		async (ctx) => {
			const request = await readBlockout(ctx);
			const job = addBlockout(ctx, request);
			ctx.sendText(200, job.jobId);
		},
		'text',
	);
	add(
		'POST',
		'/blockout/update',
		async (ctx) => {
			// SchedulerService.updateBlockout: removeJob(jobid) (getJob → QuartzJobKey.parse: a missing jobid is a
			// NullPointerException, 500; one that is not user<TAB>name<TAB>n a SchedulerException, 401), then
			// addBlockout. The administrator may remove any job, so an unknown id or the id of an ordinary job is
			// no error: the ordinary job is removed and a new blockout created; the removal stays when the add fails.
			const request = await readBlockout(ctx);
			const jobId = ctx.query.get('jobid');
			if (jobId === null) throw new EmulatorHttpError(500, 'java.lang.NullPointerException');
			if (!splitJobId(jobId)) throw EmulatorHttpError.bare(401);
			state.jobs.delete(jobId);
			const job = addBlockout(ctx, request);
			ctx.sendText(200, job.jobId);
		},
		'text',
	);
	add(
		'GET',
		'/blockout/blockoutjobs',
		(ctx) => {
			requireStructured(ctx);
			sendJobs(
				app,
				ctx,
				[...state.jobs.values()].filter((job) => job.blockout),
			);
		},
		'json',
	);
	add('GET', '/blockout/hasblockouts', (ctx) => sendPlain(ctx, String(hasBlockouts(app))), 'text');
	add('GET', '/blockout/shouldFireNow', (ctx) => sendPlain(ctx, String(!blockedAt(app, app.now()))), 'text');
	add(
		'POST',
		'/blockout/willFire',
		async (ctx) => {
			if (!accepts(ctx, 'text/plain')) throw new EmulatorHttpError(406, 'Not Acceptable');
			const request = await readBody(ctx, 'jobScheduleRequest');
			// blockoutWillFire converts the request without moving its start (no updateStartDateForTimeZone).
			const fires = upcomingFires(app, triggerFromRequest(request, app.now(), schedulerRules(app), false, false));
			sendPlain(ctx, String(fires.some((t) => !blockedAt(app, t))));
		},
		'text',
	);
	add(
		'POST',
		'/blockout/blockstatus',
		async (ctx) => {
			requireStructured(ctx);
			// getBlockStatus answers 401 for a SchedulerException only.
			const request = await readBody(ctx, 'jobScheduleRequest');
			let trigger: Trigger;
			try {
				trigger = triggerFromRequest(request, app.now(), schedulerRules(app), false);
			} catch (error) {
				if (error instanceof BadScheduleRequest && error.kind === 'runtime') throw error;
				throw EmulatorHttpError.bare(401);
			}
			const fires = upcomingFires(app, trigger);
			const blocked = fires.map((t) => blockedAt(app, t));
			const partiallyBlocked = blocked.some(Boolean);
			const totallyBlocked = partiallyBlocked && !blocked.some((b) => !b);
			const status = { totallyBlocked, partiallyBlocked };
			if (negotiate(ctx, 'json') === 'json') ctx.sendJson(200, state.jsonStyle === 'jersey1' ? jersey1(status) : status);
			else ctx.sendXml(200, `${XML_DECLARATION}${xmlElement('blockStatusProxy', status)}`, 'application/xml');
		},
		'json',
	);
}
