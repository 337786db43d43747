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

// Every route follows SchedulerResource and SchedulerService of the version the profile plays:
//   9.3   pentaho-platform:extensions/src/main/java/org/pentaho/platform/web/http/api/resources/SchedulerResource.java@9.3.0.0-422
//         (+ services/SchedulerService.java, SchedulerResourceUtil.java, JobScheduleRequest.java of that tag)
//   10.2  pentaho-scheduler-plugin:core/src/main/java/org/pentaho/platform/web/http/api/resources/SchedulerResource.java@10.2.0.0-222
//   11.x  pentaho-scheduler-plugin:core/src/main/java/org/pentaho/platform/web/http/api/resources/SchedulerResource.java@00d51c66
// Per route (same in the three unless said):
//   POST /job                    createJob: 200 text/plain id; SecurityException 401 (no body); IllegalAccessException
//                                (file not schedulable) 403; SchedulerException/IOException 500 with the message; a
//                                RuntimeException (bad date parameter, bad cron) 500 from the container.
//   GET  /getJobs                getJobs: JSON first; 11.x JobWrapper {"job":[…]}, 9.x/10.x Jersey 1 mapped JSON.
//   GET  /jobinfo                getJob: 204 when the job is finished or unknown, 500 for an id that is not one.
//   POST /jobState, /pauseJob, /resumeJob, PUT|DELETE /removeJob   text/plain state; invalid id → RuntimeException 500;
//                                jobState answers 401 to a user who may not see the job.
//   GET  /getContentCleanerJob   the cleaner job, 204 (null entity) when there is none.
//   GET  /generatedContentForSchedule?lineageId=   repositoryFileDto list (Jersey 1 style before 11).
//   GET  /isScheduleAllowed?id=  text/plain true/false; unknown id 500.
//   GET  /canSchedule            application/json only (a bare true/false).
//   POST /pause, /start, GET /state   text/plain scheduler status; pause/start only act for users who may schedule.
//   POST /blockout/add, /blockout/update?jobid=   any IOException/SchedulerException/IllegalAccessException → 401, no body.
//   GET  /blockout/blockoutjobs, /blockout/hasblockouts, /blockout/shouldFireNow; POST /blockout/willFire (text/plain),
//        /blockout/blockstatus (BlockStatusProxy; any error 401).
// Deliberate difference: both scheduler paths answer on every profile (9.3 serves only /api/scheduler,
// 10.x and 11.x only /plugin/scheduler-plugin/api/scheduler), so a credential set to either path works
// against any profile; the path is a credential setting (credentials/DataflowServerApi.credentials.ts).
export function register(app: EmulatorApp): void {
	seedScheduler(app);
	for (const base of SCHEDULER_BASES) {
		registerJobRoutes(app, base);
		registerBlockoutRoutes(app, base);
	}
	registerSystemRoutes(app);
}
