/**
 * Apache Hop Server (Carte's successor, apache/hop engine/src/main/java/org/apache/hop/www): start the
 * emulator with `server: 'hop'` and it answers at the root as a Hop Server does, on its paths (`/hop/status`,
 * `/hop/pipelineStatus`, `/hop/registerPipeline`, `/hop/execPipeline`, …, `/shutdown`), behind Basic
 * authentication of the realm "Hop" (user cluster/cluster unless `users` says otherwise), with Jetty's error
 * pages. `seed.hop` picks the release (default 2.19.0; e.g. '2.9.0') and the fixture (hop/seed.ts).
 *
 *   const emu = await startEmulator({ server: 'hop', seed: { hop: { version: '2.9.0' } } });
 *   await fetch(`${emu.url}/hop/status/?xml=Y`, { headers: { Authorization: 'Basic ' + btoa('cluster:cluster') } });
 *
 * Also the async web service (`/hop/asyncRun`, `/hop/asyncStatus`). See hop/area.ts for the layout and docs/real-servers/hop-server.md for the real behaviour.
 */
export { register } from './hop/area';
export { HopServerState } from './hop/state';
export type { HopSeed } from './hop/seed';
