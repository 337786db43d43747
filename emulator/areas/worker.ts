/**
 * The data-flow worker server (Carte): the 11 worker endpoints under both `/dataflow/...` and
 * `/kettle/...` (stop is `/dataflow/stopWorker` and `/kettle/stopCarte`), answering any HTTP
 * method like the real servlets.
 *
 * - Jobs run on the emulator clock through Waiting → Running → Finished, Finished (with errors) or
 *   Stopped: runJob and executeJob start theirs at once, addJob only registers one (it waits until
 *   startJob, as the real AddJobServlet); see `worker/jobs.ts` for the parameters that steer them (FAIL=Y,
 *   STOP=Y, RESULT=N, LOG_LINES=n, DURATION_MS=n ...). jobStatus serves their log from a `from`
 *   line, as base64(gzip) in an escaped CDATA wrapper; `state.ignoreFrom = true` imitates servers
 *   that ignore `from` (they answer the whole log, first_log_line_nr 0).
 * - runJob: when a repository is attached (`repositoryLookup(app)`, repository/store.ts), a path it does not
 *   know answers a webresult ERROR (HTTP 200, as the real server does); otherwise any job path runs.
 * - jobImage answers a real PNG; sockets are unique per host; sequences hand out blocks (unknown
 *   name → 404 with the container's HTML error page); slaves register (replaced by name, any case) and list.
 * - stopWorker/stopCarte answers `<request_accepted>Y</request_accepted>` on a standalone deployment and
 *   N inside the BI server (HTTP 200 both), unless `allowStop` forces Y (the emulator keeps running).
 * - Two deployments, as the real servlets run: standalone (`contextPath: ''`, Jetty: `/kettle/...` at the
 *   root, bodies without a charset read as ISO-8859-1) and inside the BI server (`<context>/kettle/...`,
 *   every body read as UTF-8). `/dataflow/...` is the interface documents' name for the same servlets;
 *   no real server answers it (kept so that the documents' paths can be exercised).
 * - Real sources: pentaho/pentaho-kettle engine/src/main/java/org/pentaho/di/www/*Servlet.java (commits
 *   named at each route); the report of issue 15 has the table.
 *
 * Layout (as every area): worker/area.ts registers, routes-*.ts answer, store.ts holds the state
 * types, seed.ts the fixture, format.ts and xmlText.ts write pages and documents, request.ts reads
 * bodies; jobs.ts runs jobs, trans.ts transformations and control, png.ts draws job images.
 *
 * Seed (`seed.worker`): `sequences` (name → next value), `autoCreateSequences`, `transformations`
 * ([{ name, status }]) for the status page, `slaves`, `sockets`.
 */
export { register } from './worker/area';
export { createWorkerState } from './worker/seed';
export type { SlaveEntry, SocketAllocation, TransformationEntry, WorkerArea, WorkerState } from './worker/store';
