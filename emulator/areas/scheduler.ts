/**
 * The scheduler area: the 18 scheduler endpoints of the specification (plus resumeJob, start and
 * state) under both `/api/scheduler/…` and `/plugin/scheduler-plugin/api/scheduler/…`.
 *
 * Behaviour, not canned answers: schedule requests (JSON or XML) become jobs with ids
 * `user<TAB>name<TAB>N` whose `nextRun` is computed from their trigger on the emulator clock;
 * jobs and the scheduler pause and resume; blockouts are jobs whose windows (`duration` from each
 * fire) drive hasblockouts, shouldFireNow, willFire and blockstatus. Jobs answer as JSON when
 * asked with `Accept: application/json`, else XML (`<jobs><job>…`, triggers with `xsi:type`); ids,
 * states and yes/no answer text/plain, and an Accept header that excludes what an endpoint
 * produces gets 406 as from the real server. Non-administrators cannot schedule: `canSchedule`
 * is false, creating a job or blockout answers 401 with no body, and they see only their own jobs.
 *
 * Nothing fires by itself: `fireSchedule(app, jobId)` and `fireDueSchedules(app)` simulate runs.
 *
 * Layout (as every area): scheduler/area.ts registers, routes-*.ts answer, store.ts holds the state
 * and acts on it, seed.ts is the fixture, format.ts writes the documents, request.ts reads requests;
 * triggers.ts, cron.ts, serverCron.ts and time.ts compute fire times.
 */
export { register, SCHEDULER_BASES } from './scheduler/area';
export { schedulerJobJson } from './scheduler/format';
export type { SchedulerSeed, SeedSchedule } from './scheduler/seed';
export { fireDueSchedules, fireSchedule, schedulerRules } from './scheduler/store';
export type { FireResult, GeneratedFile, JobState, SchedulerJob, SchedulerState } from './scheduler/store';
