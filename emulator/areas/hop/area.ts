/**
 * Registers the Hop Server area. With `server: 'hop'` (EmulatorOptions, core/app.ts) the whole listener
 * is an Apache Hop Server: its state (state.ts, seeded by seed.ts and `seed.hop`) and the servlets of
 * routes-status.ts, routes-control.ts, routes-register.ts, routes-exec.ts and routes-async.ts behind Jetty's security and
 * context handlers (http.ts). With the default Pentaho flavour the area registers nothing.
 *
 * Layout: version.ts (which release, what changed when), xml.ts (Hop's XML/JSON writing), jetty.ts (Jetty's
 * error pages and challenge), defs.ts (pipelines and workflows from Hop XML), engine.ts (runs over time, the
 * log store), state.ts (the maps, variables, metadata, shutdown), status.ts (the status documents), html.ts,
 * svg.ts, zip.ts.
 */
import type { EmulatorApp } from '../../core/app';
import { createHandler } from './http';
import { ASYNC_SERVLETS } from './routes-async';
import { CONTROL_SERVLETS } from './routes-control';
import { EXEC_SERVLETS } from './routes-exec';
import { REGISTER_SERVLETS } from './routes-register';
import { STATUS_SERVLETS } from './routes-status';
import { HopServerState } from './state';

export function register(app: EmulatorApp): void {
	if (app.options.server !== 'hop') return;
	const state = new HopServerState(app);
	app.state.hop = state;
	app.onClose(() => {
		state.closed = true;
	});
	app.mountRaw(createHandler(state, [...STATUS_SERVLETS, ...CONTROL_SERVLETS, ...REGISTER_SERVLETS, ...EXEC_SERVLETS, ...ASYNC_SERVLETS]));
}
