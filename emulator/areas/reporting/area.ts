/**
 * Registers the reporting area: the reporting plugin (pentaho-platform-plugin-reporting) that every Pentaho server
 * ships (pentaho-platform:assemblies/pentaho-solutions/pom.xml unpacks classic-core-platform-plugin-package
 * @9.3.0.0-422, @10.2.0.0-222, @11.0.0.0-237): its content generators on .prpt files (routes-render.ts) and its
 * asynchronous-job API (routes-jobs.ts). Its reports are put into the repository as .prpt files (seed.ts) through the
 * repository area's helpers, so the repository area registers first.
 */
import { mkdtempSync, promises as fsp } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { EmulatorApp } from '../../core/app';
import { putRepositoryFile } from '../repository/area';
import { registerJobRoutes } from './routes-jobs';
import { registerRenderRoutes } from './routes-render';
import { bundleOf, seededReports, type ReportingSeed } from './seed';
import type { ReportingArea } from './store';

export async function register(app: EmulatorApp): Promise<void> {
	const seed = (app.options.seed.reporting ?? {}) as ReportingSeed;
	if (seed.installed === false) return;
	const reports = seededReports(seed);
	const baseDir = app.options.dataDir ?? tmpdir();
	await fsp.mkdir(baseDir, { recursive: true });
	const stagingDir = mkdtempSync(join(baseDir, 'dataflow-reporting-'));
	const area: ReportingArea = {
		app,
		reports: new Map(reports.map((r) => [r.path, r])),
		jobs: new Map(),
		reserved: new Map(),
		asyncDurationMs: seed.asyncDurationMs ?? 300,
		stagingDir,
	};
	app.state.reporting = area;
	app.onClose(async () => {
		for (const job of area.jobs.values()) if (job.timer) clearTimeout(job.timer);
		await fsp.rm(stagingDir, { recursive: true, force: true });
	});
	if (app.state.repositoryArea) {
		for (const report of reports) {
			await putRepositoryFile(app, report.path, bundleOf(report), { owner: 'admin' });
		}
	}
	registerRenderRoutes(area);
	registerJobRoutes(area);
}
