/**
 * The reporting area's state: the report definitions by repository path, the asynchronous report jobs (by UUID and
 * owning user, as the real executor keys them by UUID and session), the ids reserved by `reserveId`, and a folder for
 * the staged output of finished jobs (the real plugin stages to a temporary file too:
 * pentaho-platform-plugin-reporting:core/src/main/java/org/pentaho/reporting/platform/plugin/staging/AsyncJobFileStagingHandler.java@10.2.0.0-222).
 */
import type { EmulatorApp } from '../../core/app';
import type { EmulatorUser } from '../../core/types';
import { repositoryOf } from '../repository/area';
import { genericReport, type ReportDefinition } from './model';

export type AsyncStatus = 'QUEUED' | 'WORKING' | 'CONTENT_AVAILABLE' | 'FINISHED' | 'FAILED' | 'CANCELED' | 'PRE_SCHEDULED' | 'SCHEDULED';

export interface AsyncJob {
	uuid: string;
	user: string;
	path: string;
	status: AsyncStatus;
	mimeType: string;
	progress: number;
	page: number;
	totalPages: number;
	row: number;
	totalRows: number;
	activity: string | null;
	errorMessage: string | null;
	/** Staged output (a file in the area's folder) once FINISHED. */
	file?: string;
	timer?: NodeJS.Timeout;
}

export interface ReportingArea {
	app: EmulatorApp;
	reports: Map<string, ReportDefinition>;
	jobs: Map<string, AsyncJob>;
	reserved: Map<string, string>;
	asyncDurationMs: number;
	stagingDir: string;
}

export function reportingArea(app: EmulatorApp): ReportingArea | undefined {
	return app.state.reporting as ReportingArea | undefined;
}

/**
 * The report behind a readable .prpt file: its definition, or (a .prpt the emulator has no definition for) a report
 * without parameters titled after the file. Undefined when the repository has no such file the user may read.
 */
export function reportAt(area: ReportingArea, path: string, user: EmulatorUser): { report: ReportDefinition; name: string } | undefined {
	let repo;
	try {
		repo = repositoryOf(area.app);
	} catch {
		return undefined;
	}
	const node = repo.find(path);
	if (!node || node.folder || !repo.permitted(user, node, 0)) return undefined;
	const canonical = repo.pathOf(node);
	return { report: area.reports.get(canonical) ?? genericReport(canonical, repo.title(node).replace(/\.prpt$/i, '')), name: node.name };
}
