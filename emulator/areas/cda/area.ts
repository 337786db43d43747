/**
 * Registers the CDA area: Community Data Access, the plugin every CE server ships (pentaho-platform:
 * assemblies/pentaho-solutions/pom.xml unpacks pentaho:cda @9.3.0.0-422, @10.2.0.0-222, @10.2.0.10-434, @11.0.0.0-237,
 * @11.1.0.0-381). Its .cda files are put into the repository (through the repository area's helpers, which registers
 * first) and its REST API answers under /plugin/cda/api (routes-api.ts).
 *
 * Seed (`startEmulator({ seed: { cda: { … } } })`):
 * - `installed: false`: a server without CDA: no routes, so `/plugin/cda/api/…` is the PluginDispatchServlet's
 *   sendError(404) (core/app.ts: the webapp's /unavailable.html);
 * - `benchRows`: rows of the benchmark query `bigQuery` in /public/bench/bench.cda (default 100 000), generated lazily;
 * - `replace`: leave out the built-in files; `files`: more CdaFile models (model.ts).
 */
import type { EmulatorApp } from '../../core/app';
import { putRepositoryFile } from '../repository/area';
import { builtInCdaFiles, cdaXml, type CdaFile } from './model';
import { registerApiRoutes } from './routes-api';
import type { CdaArea } from './store';

export interface CdaSeed {
	installed?: boolean;
	benchRows?: number;
	replace?: boolean;
	files?: CdaFile[];
}

export const DEFAULT_BENCH_ROWS = 100000;

export async function register(app: EmulatorApp): Promise<void> {
	const seed = (app.options.seed.cda ?? {}) as CdaSeed;
	if (seed.installed === false) return;
	const files = [...(seed.replace ? [] : builtInCdaFiles({ benchRows: seed.benchRows ?? DEFAULT_BENCH_ROWS })), ...(seed.files ?? [])];
	const area: CdaArea = { app, files: new Map(files.map((f) => [f.path, f])), wrapped: new Map() };
	app.state.cda = area;
	if (app.state.repositoryArea) {
		for (const file of files) await putRepositoryFile(app, file.path, cdaXml(file), { owner: 'admin', mimeType: 'text/xml' });
	}
	registerApiRoutes(area);
}
