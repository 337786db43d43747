/**
 * The reporting area's fixture: the report definitions (model.ts) and the .prpt files that stand for them in the
 * repository (so that repository listings and file pickers find them). A .prpt is a zip bundle; ours holds a
 * `mimetype` entry (application/vnd.pentaho.reporting.classic, as report bundles declare themselves), a small
 * meta.xml and our own description of the report (not the engine's bundle format).
 *
 * Seed (`startEmulator({ seed: { reporting: { … } } })`):
 * - `replace`: leave out the built-in reports;
 * - `reports`: more report definitions (model.ts ReportDefinition), added to the repository as .prpt files;
 * - `largeReportBytes`: the size the benchmark report "/public/bench/Large Report.prpt" renders to (default 100 MiB),
 *   streamed in chunks and never held in memory;
 * - `asyncDurationMs`: how long an asynchronous report job stays QUEUED/WORKING before it finishes (default 300 ms);
 * - `installed: false`: a server without the reporting plugin (its routes are not registered).
 */
import { strToU8, zipSync } from 'fflate';

import { escapeXml } from '../../core/xml';
import { builtInReports, type ReportDefinition } from './model';

export interface ReportingSeed {
	replace?: boolean;
	reports?: ReportDefinition[];
	largeReportBytes?: number;
	asyncDurationMs?: number;
	installed?: boolean;
}

export const DEFAULT_LARGE_REPORT_BYTES = 100 * 1024 * 1024;

export function seededReports(seed: ReportingSeed): ReportDefinition[] {
	const builtIn = seed.replace ? [] : builtInReports({ largeReportBytes: seed.largeReportBytes ?? DEFAULT_LARGE_REPORT_BYTES });
	return [...builtIn, ...(seed.reports ?? [])];
}

/** The bytes of the .prpt file standing for a report in the repository. */
export function bundleOf(report: ReportDefinition): Buffer {
	const description =
		'<?xml version="1.0" encoding="UTF-8"?>\n' +
		`<emulator-report title="${escapeXml(report.title)}">` +
		report.parameters.map((p) => `<parameter name="${escapeXml(p.name)}" type="${p.type}" mandatory="${p.mandatory}"/>`).join('') +
		report.columns.map((c) => `<column name="${escapeXml(c.name)}" type="${c.type}"/>`).join('') +
		'</emulator-report>\n';
	return Buffer.from(
		zipSync({
			mimetype: [strToU8('application/vnd.pentaho.reporting.classic'), { level: 0 }],
			'meta.xml': strToU8(
				'<?xml version="1.0" encoding="UTF-8"?><office:document-meta xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" ' +
					`xmlns:dc="http://purl.org/dc/elements/1.1/"><office:meta><dc:title>${escapeXml(report.title)}</dc:title>` +
					`<dc:description>${escapeXml(report.description ?? '')}</dc:description></office:meta></office:document-meta>`,
			),
			'emulator-report.xml': strToU8(description),
		}),
	);
}
