/**
 * What the name of a lineage artifact says. The server stores artifacts as
 * `<output folder>/<yyyyMMdd>/<repository path of the .ktr/.kjb>/<startMillis>_<name><suffix>`
 * and names each zip entry by that path; the suffix is `.graphml` (the graph), `.execution.js`
 * (the execution profile, JSON), or `.graphson` / `.txt` with other writers.
 */
import type { IDataObject } from 'n8n-workflow';

import { isValidCalendarDate } from '../../common/dates';

export type ArtifactKind = 'graph' | 'executionProfile' | 'graphson' | 'text' | 'other';

export interface ArtifactInfo {
	/** The last part of the entry name. */
	fileName: string;
	kind: ArtifactKind;
	/** The day folder, as `yyyy-MM-dd`. */
	date?: string;
	/** Repository path of the transformation or job the artifact describes. */
	artifactPath?: string;
	/** Name of the transformation or job. */
	name?: string;
	/** When the run started (from the file name's epoch milliseconds), ISO 8601. */
	startedAt?: string;
	mimeType: string;
}

const SUFFIXES: Array<{ suffix: string; kind: ArtifactKind; mimeType: string }> = [
	{ suffix: '.graphml', kind: 'graph', mimeType: 'application/xml' },
	{ suffix: '.execution.js', kind: 'executionProfile', mimeType: 'application/json' },
	{ suffix: '.graphson', kind: 'graphson', mimeType: 'application/json' },
	{ suffix: '.txt', kind: 'text', mimeType: 'text/plain' },
];

function dayFolder(segment: string): string | undefined {
	if (!/^\d{8}$/.test(segment)) return undefined;
	const year = Number(segment.slice(0, 4));
	const month = Number(segment.slice(4, 6));
	const day = Number(segment.slice(6, 8));
	return isValidCalendarDate(year, month, day) ? `${segment.slice(0, 4)}-${segment.slice(4, 6)}-${segment.slice(6, 8)}` : undefined;
}

export function describeArtifact(entryName: string): ArtifactInfo {
	const segments = entryName.split(/[\\/]/).filter((s) => s !== '');
	const fileName = segments[segments.length - 1] ?? entryName;
	const known = SUFFIXES.find((s) => fileName.toLowerCase().endsWith(s.suffix));
	const info: ArtifactInfo = {
		fileName,
		kind: known?.kind ?? 'other',
		mimeType: known?.mimeType ?? 'application/octet-stream',
	};
	// The day folder is the first eight-digit date segment; the folders after it are the artifact's path.
	for (let index = 0; index < segments.length - 1; index++) {
		const date = dayFolder(segments[index]);
		if (date) {
			info.date = date;
			const folders = segments.slice(index + 1, -1);
			if (folders.length > 0) info.artifactPath = `/${folders.join('/')}`;
			break;
		}
	}
	const stem = known ? fileName.slice(0, fileName.length - known.suffix.length) : fileName;
	const match = /^(\d{10,})_(.+)$/.exec(stem);
	if (match) {
		const millis = Number(match[1]);
		const started = new Date(millis);
		if (Number.isFinite(millis) && !Number.isNaN(started.getTime())) info.startedAt = started.toISOString();
		info.name = match[2];
	}
	return info;
}

/** The JSON of an extracted artifact item, absent values left out. */
export function artifactJson(archive: string, entryName: string, info: ArtifactInfo, size: number): IDataObject {
	const out: IDataObject = { archive, path: entryName, fileName: info.fileName, kind: info.kind, size };
	if (info.date) out.date = info.date;
	if (info.artifactPath) out.artifactPath = info.artifactPath;
	if (info.name) out.name = info.name;
	if (info.startedAt) out.startedAt = info.startedAt;
	return out;
}
