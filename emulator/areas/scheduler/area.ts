/**
 * Registers the scheduler area: its state (seed.ts), its routes under both scheduler base paths
 * (routes-jobs.ts, routes-blockouts.ts) and the platform's time-zone list (routes-system.ts).
 */
import type { EmulatorApp } from '../../core/app';
import { registerBlockoutRoutes } from './routes-blockouts';
import { registerJobRoutes } from './routes-jobs';
import { registerSystemRoutes } from './routes-system';
import { seedScheduler } from './seed';

export const SCHEDULER_BASES = ['/api/scheduler', '/plugin/scheduler-plugin/api/scheduler'] as const;

// Every route follows SchedulerResource and SchedulerService of the build the profile plays:
//   9.3     pentaho-platform:extensions/src/main/java/org/pentaho/platform/web/http/api/resources/SchedulerResource.java@9.3.0.0-R
//           (the 9.3.0.0-428 release; + services/SchedulerService.java, SchedulerResourceUtil.java, JobScheduleRequest.java of that tag)
//   10.2    pentaho-scheduler-plugin:core/src/main/java/org/pentaho/platform/web/http/api/resources/SchedulerResource.java@10.2.0.0-222
//   10.2sp  the same file @10.2.0.10-422 (the newest 10.2 tag of the plugin; the resource adds only GET /hideInternalVariable,
//           from 10.2.0.2-262; SchedulerResourceUtil/QuartzScheduler carry the 10.2.0.2-270 rewrite, see triggers.ts)
//   11.x    the same file @11.0.0.0-237 (identical but for comments @11.0.0.3-300): JobWrapper lists, jakarta, a
//           deprecation warning logged per call (it names an /api/v2/scheduler that no tag of the plugin has).
// Per route (same in all unless said; details above each route):
//   POST /job                    createJob: 200 text/plain id; SecurityException 401 (no body); IllegalAccessException
//                                (_PERM_SCHEDULABLE false) 403; SchedulerException/IOException 500 with the cause's message; a
//                                RuntimeException (bad date parameter, bad cron, NullPointerException) 500 from the container.
//   GET  /getJobs                getJobs: 11.x JobWrapper {"job":[…]}, 9.x/10.x Jersey 1 {"job":[…]} (format.ts).
//   GET  /jobinfo                getJob: 204 for an unknown id, 500 for a malformed one or someone else's job.
//   POST /jobState, /pauseJob, /resumeJob, PUT|DELETE /removeJob   text/plain state (routes-jobs.ts).
//   GET  /getContentCleanerJob   the cleaner job (administrator or owner), 204 (null entity) when none.
//   GET  /generatedContentForSchedule?lineageId=   RepositoryFileDto list of the caller's workspace (routes-jobs.ts).
//   GET  /isScheduleAllowed?id=  text/plain true/false.
//   GET  /canSchedule            application/json only (a bare true/false).
//   POST /pause, /start, GET /state   text/plain scheduler status; pause/start only act for users who may schedule.
//   POST /blockout/add, /blockout/update?jobid=   IOException/SchedulerException/IllegalAccessException → 401, no body.
//   GET  /blockout/blockoutjobs, /blockout/hasblockouts, /blockout/shouldFireNow; POST /blockout/willFire (text/plain),
//        /blockout/blockstatus (BlockStatusProxy; SchedulerException 401).
// Not modelled (present in every version read unless said): POST /job/update, POST /triggerNow, GET /jobs?asCronString=,
// POST /removeJobs, POST /shutdown, GET /jobinfotest, GET /canExecuteSchedules (plugin only), GET /hideInternalVariable
// (10.2.0.2-262+, 10.3+); these answer 404 here.
// Deliberate difference: both scheduler paths answer on every profile (9.3 serves only /api/scheduler,
// 10.x and 11.x only /plugin/scheduler-plugin/api/scheduler: @Path("/scheduler-plugin/api/scheduler") under the
// plugin servlet), so a credential set to either path works against any profile; the path is a credential setting.
export function register(app: EmulatorApp): void {
	seedScheduler(app);
	for (const base of SCHEDULER_BASES) {
		registerJobRoutes(app, base);
		registerBlockoutRoutes(app, base);
	}
	registerSystemRoutes(app);
}
