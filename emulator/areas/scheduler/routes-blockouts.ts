/**
 * The scheduler's blockout routes (add, update, list, has, shouldFireNow, willFire, blockstatus).
 * Sources: see area.ts.
 */
import type { EmulatorApp } from '../../core/app';
import { EmulatorHttpError } from '../../core/errors';
import type { RequestContext } from '../../core/types';
import { jersey1, sendJobs, XML_DECLARATION, xmlElement } from './format';
import { accepts, readBody, requireStructured, routeAdder, sendPlain } from './request';
import { blockedAt, createJob, hasBlockouts, schedulerRules, stateOf, upcomingFires, type Json, type SchedulerJob } from './store';
import { triggerFromRequest, type Trigger } from './triggers';

export function registerBlockoutRoutes(app: EmulatorApp, base: string): void {
	const state = stateOf(app);
	const add = routeAdder(app, base);
	// --- blockouts ---
	const readBlockout = async (ctx: RequestContext): Promise<Json> => {
		let request: Json;
		try {
			request = await readBody(ctx, 'jobScheduleRequest');
		} catch {
			throw EmulatorHttpError.bare(401);
		}
		if (!ctx.user!.admin) throw EmulatorHttpError.bare(401);
		return request;
	};
	// The server answers 401 for any error of blockout/add and blockout/update.
	const addBlockout = (ctx: RequestContext, request: Json): SchedulerJob => {
		let job: SchedulerJob;
		try {
			job = createJob(app, ctx.user!.name, request, { blockout: true });
		} catch {
			throw EmulatorHttpError.bare(401);
		}
		if (!job.duration || !(job.duration > 0)) {
			state.jobs.delete(job.jobId);
			throw EmulatorHttpError.bare(401);
		}
		return job;
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
			const request = await readBlockout(ctx);
			const old = state.jobs.get(ctx.query.get('jobid') ?? '');
			if (!old || !old.blockout) throw EmulatorHttpError.bare(401);
			state.jobs.delete(old.jobId);
			let job: SchedulerJob;
			try {
				job = addBlockout(ctx, request);
			} catch (error) {
				state.jobs.set(old.jobId, old);
				throw error;
			}
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
			const fires = upcomingFires(app, triggerFromRequest(request, app.now(), schedulerRules(app), false));
			sendPlain(ctx, String(fires.some((t) => !blockedAt(app, t))));
		},
		'text',
	);
	add(
		'POST',
		'/blockout/blockstatus',
		async (ctx) => {
			requireStructured(ctx);
			let trigger: Trigger;
			try {
				trigger = triggerFromRequest(await readBody(ctx, 'jobScheduleRequest'), app.now(), schedulerRules(app), false);
			} catch {
				throw EmulatorHttpError.bare(401);
			}
			const fires = upcomingFires(app, trigger);
			const blocked = fires.map((t) => blockedAt(app, t));
			const partiallyBlocked = blocked.some(Boolean);
			const totallyBlocked = partiallyBlocked && !blocked.some((b) => !b);
			const status = { totallyBlocked, partiallyBlocked };
			if (ctx.wantsJson()) ctx.sendJson(200, state.jsonStyle === 'jersey1' ? jersey1(status) : status);
			else ctx.sendXml(200, `${XML_DECLARATION}${xmlElement('blockStatusProxy', status)}`, 'application/xml');
		},
		'json',
	);
}
