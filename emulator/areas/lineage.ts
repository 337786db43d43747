/**
 * The lineage area: the metaverse download endpoints under `/osgi/cxf/lineage/api/download`.
 *
 * Modelled on (M = pentaho/pentaho-metaverse; the files are the same at 9.3.0.0-422, 10.2.0.0-222, 10.2.0.9-418,
 * 11.0.0.2-292 and HEAD b0463d03 in everything emulated here):
 * - M web/src/main/java/org/pentaho/metaverse/service/MetaverseService.java (the six download methods),
 *   LineageStreamingOutput.java, web/src/main/resources/OSGI-INF/blueprint/blueprint.xml (CXF server `/lineage`,
 *   JacksonJaxbJsonProvider the only provider);
 * - M core/src/main/java/org/pentaho/metaverse/impl/VfsLineageCollector.java (the collector the core blueprint
 *   wires), util/VfsDateRangeFilter.java, impl/VfsLineageWriter.java (how the artifacts are laid out);
 * - CXF 3.3.1 (9.3, 10.2 GA up to 10.2.0.2-267) / 3.6.x (10.2.0.2-270 on, 11.0): apache/cxf
 *   rt/frontend/jaxrs/.../interceptor/JAXRSInInterceptor.java, JAXRSOutInterceptor.java, utils/JAXRSUtils.java,
 *   utils/ExceptionUtils.java, provider/StringTextProvider.java, rt/transports/http/.../Headers.java @ cxf-3.3.1 and
 *   cxf-3.6.4 (the same in what is used here); versions from pentaho/maven-parent-poms:pom.xml `cxf.version`.
 *
 * Artifacts sit where VfsLineageWriter puts them: `<output folder>/<YYYYMMdd>/<repository path without its leading
 * slash>/<startMillis>_<name>.graphml` and `….execution.js`. Answers are zips whose entries are named by the
 * artifacts' absolute paths on the server (`file.getName().getPath()` in compressArtifacts).
 */
import { strToU8, zipSync } from 'fflate';

import type { EmulatorApp } from '../core/app';
import { EmulatorHttpError } from '../core/errors';
import type { RequestContext } from '../core/types';
import { escapeXml } from '../core/xml';

export const LINEAGE_PREFIX = '/osgi/cxf/lineage/api/download';
export const INVALID_DATE_MESSAGE = 'Invalid date string provided. All dates must be valid and conform to this format yyyyMMdd';
export const NO_PATH_MESSAGE = 'No path property was found in the body of the request';
const REQUEST_CLASS = 'org.pentaho.metaverse.api.model.LineageRequest';
/** The methods' `@Produces("application/zip")`: CXF writes every entity of these methods with it, error texts included. */
const ZIP = 'application/zip';

/**
 * `lineage.execution.output.folder=./pentaho-lineage-output` (pentaho/pentaho-karaf-assembly:
 * pentaho-osgi-config/src/main/resources/pentaho.metaverse.cfg @ 9.3.0.0-422, 10.2.0.0-222, 11.0.0.2-292), made
 * canonical by VfsLineageWriter/VfsLineageCollector.setOutputFolder against the working directory, which
 * start-pentaho.sh sets to `<install>/tomcat/bin` (pentaho/pentaho-platform:
 * assemblies/pentaho-server/src/main/resources-filtered/start-pentaho.sh @ 10.2.0.0-222). The install directory is
 * the emulator's choice.
 */
export const DEFAULT_OUTPUT_FOLDER = '/opt/pentaho/server/pentaho-server/tomcat/bin/pentaho-lineage-output';

export interface LineageRun {
	/** Repository path of the transformation (.ktr) or job (.kjb): the execution profile's path, the holder's id. */
	path: string;
	/** When the run started (ISO 8601); the writer's day folder is taken from it (the emulated server runs in UTC). */
	startedAt: string;
	/** Name of the transformation or job (default: the file name without its extension). */
	name?: string;
	/** Steps (transformation) or entries (job), in hop order. */
	steps?: string[];
	/** Database table the last step writes. */
	table?: string;
	user?: string;
}

export interface LineageArtifact {
	/** Zip entry name: the artifact's absolute path on the server. */
	entry: string;
	/** Day folder name as the writer wrote it (`YYYYMMdd`, week year). */
	day: string;
	/** Repository path of the run the artifact belongs to. */
	path: string;
	/** Absolute path of the folder holding the artifact. */
	folder: string;
	content: Buffer;
}

export interface LineageState {
	artifacts: LineageArtifact[];
	outputFolder: string;
}

export interface LineageSeed {
	runs?: LineageRun[];
	/** Absolute output folder on the emulated server (default DEFAULT_OUTPUT_FOLDER). */
	outputFolder?: string;
	/**
	 * `lineage.execution.generation.strategy`: `latest` (the shipped default, pentaho.metaverse.cfg) deletes the
	 * holder's folder of the run's day before writing (VfsLineageWriter.cleanOutput, called from
	 * BaseRuntimeExtensionPoint.writeLineageInfo), so a day keeps only the last run of a file; `all` keeps every run.
	 */
	generationStrategy?: 'latest' | 'all';
	/**
	 * How the file request's JSON reader treats "@class": `required` (default, the real service: Jackson with
	 * @JsonTypeInfo(use = CLASS) fails without it, and CXF answers 500 with no body), `refused` (a server that
	 * follows the interface documents strictly and refuses unknown properties) or `optional` (either form works).
	 */
	typeHint?: 'required' | 'refused' | 'optional';
}

export const DEFAULT_RUNS: LineageRun[] = [
	{ path: '/home/admin/sales.ktr', startedAt: '2024-03-01T08:15:00.000Z', steps: ['Read orders', 'Add totals', 'Write sales'], table: 'SALES_FACT' },
	{ path: '/home/admin/sales.ktr', startedAt: '2024-03-03T08:15:00.000Z', steps: ['Read orders', 'Add totals', 'Write sales'], table: 'SALES_FACT' },
	{ path: '/public/jobs/load_dw.kjb', startedAt: '2024-03-03T22:00:00.000Z', steps: ['Start', 'Run sales', 'Success'] },
	{ path: '/home/suzy/test.ktr', startedAt: '2024-03-05T10:30:00.000Z', steps: ['Generate rows', 'Write test'], table: 'TEST_OUT', user: 'suzy' },
	{ path: '/home/admin/sales.ktr', startedAt: '2024-03-08T08:15:00.000Z', steps: ['Read orders', 'Add totals', 'Write sales'], table: 'SALES_FACT' },
];

function baseName(path: string): string {
	return path.split('/').filter(Boolean).pop() ?? path;
}

/** `new java.io.File(path).getName()` on a Unix server: the part after the last `/` of the normalised path ("" for "/" and ""). */
export function javaFileName(path: string): string {
	const normalised = path.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
	return normalised.slice(normalised.lastIndexOf('/') + 1);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The writer's day folder: `new SimpleDateFormat("YYYYMMdd")` (VfsLineageWriter.dateFolderFormat, unchanged from
 * M 51825047 through HEAD). Capital `Y` is the week year: with the US week rules (weeks start on Sunday, week 1
 * holds 1 January) the last days of December can belong to the next year's first week, so a run on 2024-12-31 is
 * filed under `20251231`. The emulated server's default locale is en_US and its time zone UTC.
 */
export function dayFolderOf(millis: number): string {
	const date = new Date(millis);
	const year = date.getUTCFullYear();
	const month = date.getUTCMonth();
	const day = date.getUTCDate();
	const saturday = new Date(Date.UTC(year, month, day + (6 - date.getUTCDay())));
	return `${pad(saturday.getUTCFullYear(), 4)}${pad(month + 1)}${pad(day)}`;
}

/** VfsLineageWriter.cleanseName: colons become dashes, at most 150 characters. */
function cleanseName(name: string): string {
	return name.replace(/:/g, '-').slice(0, 150);
}

class VfsPathError extends Error {}

/** commons-vfs UriParser.normalisePath of an absolute path: empty and `.` segments go, `..` above the root fails. */
function normaliseVfs(path: string): string {
	const out: string[] = [];
	for (const segment of path.split('/')) {
		if (segment === '' || segment === '.') continue;
		if (segment === '..') {
			if (out.length === 0) throw new VfsPathError(path);
			out.pop();
			continue;
		}
		out.push(segment);
	}
	return `/${out.join('/')}`;
}

function parentOf(path: string): string {
	const index = path.lastIndexOf('/');
	return index <= 0 ? '/' : path.slice(0, index);
}

function isJob(path: string): boolean {
	return /\.kjb$/i.test(path);
}

/**
 * GraphML as the metaverse writes it: Blueprints' GraphMLWriter with `setNormalize(true)`
 * (M core/src/main/java/org/pentaho/metaverse/graph/GraphMLWriter.java @ 10.2.0.0-222): `<key>` ids are the
 * property names, keys, nodes, edges and each element's data sorted, four-space indentation, `<key …></key>`, no
 * newline after `</graphml>` (as in the fixture M core/src/test/resources/pentaho-lineage-output/20150706/repo/
 * validation/merge_join.ktr/1436208018952_merge_join.graphml). Edge ids are `<source>~<label>~<target>`; labels,
 * types and categories are DictionaryConst's (M api/src/main/java/org/pentaho/dictionary/DictionaryConst.java).
 * The graph itself is a small stand-in (document, steps or entries, hops, the table written), not an analysis.
 */
export function graphmlFor(run: LineageRun, name: string): string {
	const job = isJob(run.path);
	const steps = run.steps ?? [];
	const documentId = `document:${run.path}`;
	const rootId = `${job ? 'job' : 'transformation'}:${run.path}`;
	const nodes: Array<{ id: string; data: Record<string, string | number | boolean> }> = [
		{ id: documentId, data: { name: baseName(run.path), type: 'File', category: 'document', path: run.path, virtual: false } },
		{ id: rootId, data: { name, type: job ? 'Job' : 'Transformation', category: 'document', path: run.path, virtual: false } },
		...steps.map((step, index) => ({
			id: `${rootId}/${step}`,
			data: { name: step, type: job ? 'Job Entry' : 'Transformation Step', category: 'documentelement', copies: index + 1 === steps.length ? 2 : 1, virtual: false },
		})),
	];
	const edges: Array<{ source: string; target: string; label: string }> = [{ source: documentId, target: rootId, label: 'defines' }];
	steps.forEach((step, index) => {
		edges.push({ source: rootId, target: `${rootId}/${step}`, label: 'contains' });
		if (index > 0) edges.push({ source: `${rootId}/${steps[index - 1]}`, target: `${rootId}/${step}`, label: 'hops_to' });
	});
	if (run.table && steps.length > 0) {
		const tableId = `table:${run.table}`;
		nodes.push({ id: tableId, data: { name: run.table, type: 'Database Table', category: 'datasource', virtual: true } });
		edges.push({ source: `${rootId}/${steps[steps.length - 1]}`, target: tableId, label: 'writesto' });
	}
	const types: Record<string, string> = { copies: 'int', virtual: 'boolean' };
	const nodeKeys = [...new Set(nodes.flatMap((n) => Object.keys(n.data)))].sort();
	const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
	const x = (text: string | number | boolean) => escapeXml(String(text), 'noApostrophe');
	const lines = [
		'<?xml version="1.0" ?>',
		'<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.1/graphml.xsd">',
		...nodeKeys.map((key) => `    <key id="${key}" for="node" attr.name="${key}" attr.type="${types[key] ?? 'string'}"></key>`),
		'    <key id="text" for="edge" attr.name="text" attr.type="string"></key>',
		'    <graph id="G" edgedefault="directed">',
		...[...nodes].sort(byId).flatMap((n) => [
			`        <node id="${x(n.id)}">`,
			...Object.keys(n.data)
				.sort()
				.map((key) => `            <data key="${key}">${x(n.data[key])}</data>`),
			'        </node>',
		]),
		...edges
			.map((e) => ({ ...e, id: `${e.source}~${e.label}~${e.target}` }))
			.sort(byId)
			.flatMap((e) => [
				`        <edge id="${x(e.id)}" source="${x(e.source)}" target="${x(e.target)}" label="${e.label}">`,
				`            <data key="text">${e.label}</data>`,
				'        </edge>',
			]),
		'    </graph>',
		'</graphml>',
	];
	return lines.join('\n');
}

/**
 * JSON as Jackson's default pretty printer writes it (`"key" : value`, two-space object indentation, arrays on
 * one line `[ a, b ]`, empty ones `[ ]` and `{ }`), the way ExecutionProfileUtil.outputExecutionProfile prints the
 * profile (INDENT_OUTPUT, then println).
 */
function jacksonPretty(value: unknown, level = 0): string {
	const indent = '  '.repeat(level);
	if (Array.isArray(value)) return value.length === 0 ? '[ ]' : `[ ${value.map((item) => jacksonPretty(item, level)).join(', ')} ]`;
	if (value !== null && typeof value === 'object') {
		const entries = Object.entries(value as Record<string, unknown>);
		if (entries.length === 0) return '{ }';
		return `{\n${entries.map(([key, item]) => `${indent}  ${JSON.stringify(key)} : ${jacksonPretty(item, level + 1)}`).join(',\n')}\n${indent}}`;
	}
	return JSON.stringify(value ?? null);
}

/**
 * The execution profile in the field order of M core/.../impl/model/ExecutionProfile.java (BaseInfo name and
 * description first), ExecutionData.java and ExecutionEngine.java (VersionInfo) @ 10.2.0.0-222; dates as epoch
 * milliseconds; the engine from BaseRuntimeExtensionPoint.getExecutionEngineInfo (DictionaryConst name and
 * description, the server's build version). `clientExecutor` on the server is not traced (stand-in "DI Server",
 * the value TransformationRuntimeExtensionPoint uses when Kettle has no client type).
 */
function executionProfileFor(run: LineageRun, name: string, startMillis: number, version: string): string {
	return `${jacksonPretty({
		name,
		description: null,
		path: run.path,
		type: isJob(run.path) ? 'Job' : 'Transformation',
		executionEngine: {
			name: 'Pentaho Data Integration',
			description: 'Pentaho Data Integration (PDI) prepares and blends data to create a complete picture of your business that drives actionable insights.',
			version,
		},
		executionData: {
			startTime: startMillis,
			endTime: startMillis + 42_000,
			failureCount: 0,
			executorServer: 'localhost',
			executorUser: run.user ?? 'admin',
			clientExecutor: 'DI Server',
			loggingChannelId: `log-${startMillis}`,
			parameters: [],
			externalResources: {},
			variables: {},
			arguments: [],
			artifactMetadata: null,
			userMetadata: null,
		},
	})}\n`;
}

/** `<output folder>/<day>/<holder>`: the folder VfsLineageWriter.getOutputDirectoryAsFile makes for a run. */
function holderFolderOf(run: LineageRun, outputFolder: string): string {
	const holder = cleanseName(run.path.startsWith('/') ? run.path.slice(1) : run.path);
	return normaliseVfs(`${normaliseVfs(outputFolder)}/${dayFolderOf(Date.parse(run.startedAt))}/${holder}`);
}

/**
 * The two artifacts (graph and execution profile) a run leaves, as VfsLineageWriter writes them: the day folder
 * from the start time (`dateFolderFormat`), the holder folder from the profile's path without one leading `/`
 * (getNameForHolder, cleanseName), the file `<startMillis>_<cleansed name><extension>` (createOutputStream), each
 * resolved (and so normalised) by commons-vfs.
 */
export function artifactsOf(run: LineageRun, outputFolder: string = DEFAULT_OUTPUT_FOLDER, version = '11.0.0.0-237'): LineageArtifact[] {
	const startMillis = Date.parse(run.startedAt);
	if (!Number.isFinite(startMillis)) throw new Error(`Lineage run of ${run.path}: startedAt "${run.startedAt}" is not a date`);
	const name = run.name ?? baseName(run.path).replace(/\.(ktr|kjb)$/i, '');
	const day = dayFolderOf(startMillis);
	const stem = `${holderFolderOf(run, outputFolder)}/${startMillis}_${cleanseName(name)}`;
	return [
		{ suffix: '.graphml', content: graphmlFor(run, name) },
		{ suffix: '.execution.js', content: executionProfileFor(run, name, startMillis, version) },
	].map(({ suffix, content }) => {
		const entry = normaliseVfs(`${stem}${suffix}`);
		return { entry, day, path: run.path, folder: parentOf(entry), content: Buffer.from(content, 'utf8') };
	});
}

/**
 * The artifacts of a list of runs. With the `latest` strategy the run that ends up in a holder folder of a day is
 * the last one (cleanOutput deletes `<day>/<holder>` before each write).
 */
function artifactsOfRuns(runs: LineageRun[], outputFolder: string, strategy: 'latest' | 'all', version: string): LineageArtifact[] {
	const ordered = runs.map((run, index) => ({ run, index })).sort((a, b) => Date.parse(a.run.startedAt) - Date.parse(b.run.startedAt) || a.index - b.index);
	const byHolderFolder = new Map<string, LineageArtifact[]>();
	const all: LineageArtifact[] = [];
	for (const { run } of ordered) {
		const artifacts = artifactsOf(run, outputFolder, version);
		if (strategy === 'latest') byHolderFolder.set(holderFolderOf(run, outputFolder), artifacts);
		else all.push(...artifacts);
	}
	const chosen = strategy === 'latest' ? [...byHolderFolder.values()].flat() : all;
	const unique = new Map(chosen.map((a) => [a.entry, a]));
	return [...unique.values()].sort((a, b) => a.entry.localeCompare(b.entry));
}

/**
 * `SimpleDateFormat("yyyyMMdd")` with `setLenient(false)`, `parse(String)` (VfsLineageCollector.format,
 * VfsDateRangeFilter.parseDateString): the canonical `yyyymmdd` of the date, or undefined where Java throws.
 * Like the JDK: spaces and tabs before a field are skipped; `yyyy` and `MM` read at most up to their pattern
 * width counted from where the field started (abutting numeric fields), `dd` reads every following digit; a
 * leading minus sign is read; text after the date is ignored (`20240101abc` is 1 January 2024, `2024011` is
 * 1 January 2024, `202401011` is 11 January 2024); the calendar is the default Julian/Gregorian one, whose
 * non-lenient check refuses year 0, month 13, 30 February and 5-14 October 1582.
 * Not modelled: digits other than ASCII (DecimalFormat takes any Unicode decimal digit) and exponents.
 */
export function parseJavaDay(text: string): string | undefined {
	let position = 0;
	const values: number[] = [];
	const fields: Array<{ width: number; obeyCount: boolean }> = [
		{ width: 4, obeyCount: true },
		{ width: 2, obeyCount: true },
		{ width: 2, obeyCount: false },
	];
	for (const { width, obeyCount } of fields) {
		const start = position;
		while (position < text.length && (text[position] === ' ' || text[position] === '\t')) position++;
		if (position >= text.length) return undefined;
		const limit = obeyCount ? start + width : text.length;
		if (obeyCount && limit > text.length) return undefined;
		const match = /^-?[0-9]+/.exec(text.slice(position, limit));
		if (!match) return undefined;
		position += match[0].length;
		const digits = match[0].replace(/^-/, '');
		// Number.intValue() of what DecimalFormat returns (a Long, or a Double when it does not fit).
		const big = BigInt(digits) * (match[0].startsWith('-') ? -1n : 1n);
		const value = big > 9223372036854775807n || big < -9223372036854775808n ? (big > 0n ? 2147483647 : -2147483648) : Number(BigInt.asIntN(32, big));
		values.push(value);
	}
	const [year, month, day] = values;
	if (year < 1 || month < 1 || month > 12 || day < 1) return undefined;
	const julian = year < 1582 || (year === 1582 && (month < 10 || (month === 10 && day < 5)));
	const leap = julian ? year % 4 === 0 : (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
	const lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
	if (day > lengths[month - 1]) return undefined;
	if (year === 1582 && month === 10 && day >= 5 && day <= 14) return undefined;
	return `${pad(year, 4)}${pad(month)}${pad(day)}`;
}

/** VFS schemes Kettle registers that name other file systems (no lineage there); `file:` is the local disk. */
const FOREIGN_SCHEMES = ['zip', 'jar', 'tar', 'tgz', 'tbz2', 'gz', 'bz2', 'http', 'https', 'ftp', 'ftps', 'sftp', 'ram', 'res', 'tmp', 'webdav', 'hdfs'];

/**
 * Tomcat writes header values as ISO-8859-1 bytes and turns control characters (but tab) into spaces
 * (apache/tomcat java/org/apache/coyote/http11/Http11OutputBuffer.java write(MessageBytes)). A character above
 * U+00FF became `?` up to Tomcat 9.0.70 (MessageBytes.toBytes with charset.encode, @9.0.50: the 9.3 server); from
 * 9.0.71 (BZ 66196, apache/tomcat@98b70be6) the whole header is logged and dropped (Http11Processor.prepareResponse,
 * @9.0.86 and @10.1.55). Tomcat versions: pentaho/maven-parent-poms:pom.xml `tomcat.version` (9.0.50 at
 * 9.3.0.0-422, 9.0.86 at 10.2.0.0-222, 9.0.120 at 10.2.0.10-434, 10.1.48 at 11.0.0.0-237), bundled by
 * pentaho-platform:assemblies/pentaho-server/pom.xml.
 */
function tomcatHeaderValue(value: string, dropsWide: boolean): string | undefined {
	let out = '';
	for (const char of value) {
		const code = char.charCodeAt(0);
		if (char.length > 1 || code > 0xff) {
			if (dropsWide) return undefined;
			out += '?';
		} else if ((code <= 31 && code !== 9) || code === 127) out += ' ';
		else out += char;
	}
	return out;
}

interface MediaRange {
	type: string;
	subtype: string;
}

/** Media types of an Accept or Content-Type header as CXF reads them (MediaTypeHeaderProvider, lenient). */
function mediaRanges(header: string): MediaRange[] {
	return header
		.split(',')
		.map((part) => part.split(';')[0].trim().toLowerCase())
		.filter((part) => part !== '')
		.map((part) => {
			const slash = part.indexOf('/');
			if (slash >= 0) return { type: part.slice(0, slash), subtype: part.slice(slash + 1) };
			// handleMediaTypeWithoutSubtype: "*" and anything unknown are */*, "text" text/plain, "xml" application/xml.
			if (part === 'text') return { type: 'text', subtype: 'plain' };
			if (part === 'xml') return { type: 'application', subtype: 'xml' };
			return { type: '*', subtype: '*' };
		});
}

function compatible(range: MediaRange, type: string, subtype: string): boolean {
	return (range.type === '*' || range.type === type) && (range.subtype === '*' || range.subtype === subtype);
}

/** An answer with no body (Content-Length 0, no Content-Type), as CXF sends its bare statuses. */
function bare(status: number, headers?: Record<string, string>): EmulatorHttpError {
	return new EmulatorHttpError(status, `HTTP ${status}`, { body: '', headers });
}

/** A String entity of these methods: CXF's StringTextProvider writes it with the method's `application/zip`. */
function zipTyped(status: number, message: string): EmulatorHttpError {
	return new EmulatorHttpError(status, message, { body: message, contentType: ZIP });
}

/**
 * CXF's answer when no method takes the request (JAXRSUtils.findTargetMethod / createResponse): 405 when the path
 * is known but not the method, with `Allow` built from the root resources' methods (MetaverseService and
 * AnalyzerInfoService: GET, POST, in HashSet order) plus OPTIONS and HEAD, joined by Headers.copyToResponse;
 * no body (REPORT_FAULT_MESSAGE_PROPERTY is off).
 */
const ALLOW = 'POST,GET,OPTIONS,HEAD';

export function register(app: EmulatorApp): void {
	const seed = (app.options.seed.lineage ?? {}) as LineageSeed;
	const outputFolder = normaliseVfs(seed.outputFolder ?? DEFAULT_OUTPUT_FOLDER);
	const state: LineageState = {
		outputFolder,
		artifacts: artifactsOfRuns(seed.runs ?? DEFAULT_RUNS, outputFolder, seed.generationStrategy ?? 'latest', app.profile.build),
	};
	app.state.lineage = state;
	// Tomcat 9.0.71 and later drop a header with a character above U+00FF (tomcatHeaderValue).
	const [major, minor, patch] = app.profile.tomcatVersion.split('.').map(Number);
	const dropsWideHeaders = major > 9 || (major === 9 && (minor > 0 || patch >= 71));

	/** The tree below the output folder: folders (absolute) and the files directly in each. */
	const tree = () => {
		const filesIn = new Map<string, LineageArtifact[]>();
		const folders = new Set<string>();
		for (const artifact of state.artifacts) {
			filesIn.set(artifact.folder, [...(filesIn.get(artifact.folder) ?? []), artifact]);
			for (let folder = artifact.folder; folder.startsWith(`${outputFolder}/`); folder = parentOf(folder)) folders.add(folder);
		}
		return { filesIn, folders: [...folders] };
	};

	/**
	 * The date folders of a request: VfsDateRangeFilter (a FileDepthSelector(1, 256) on the output folder) takes
	 * every folder below the output folder, at any depth, whose name parses as a date within the inclusive range.
	 * The dates are parsed when the filter is built, before any listing: a bad one is an IllegalArgumentException,
	 * which the service turns into 400 (also when there is no artifact at all).
	 */
	const dateFolders = (folders: string[], range: { start?: string; end?: string }) =>
		folders.filter((folder) => {
			const date = parseJavaDay(folder.slice(folder.lastIndexOf('/') + 1));
			return date !== undefined && (!range.start || date >= range.start) && (!range.end || date <= range.end);
		});

	const rangeOf = (ctx: RequestContext): { start?: string; end?: string } => {
		const range: { start?: string; end?: string } = {};
		for (const key of ['start', 'end'] as const) {
			const value = ctx.params[key];
			if (value === undefined) continue;
			const date = parseJavaDay(value);
			if (date === undefined) throw zipTyped(400, INVALID_DATE_MESSAGE);
			range[key] = date;
		}
		return range;
	};

	/** CXF's method selection for a matched path and method: 406 when Accept takes no `application/zip`. */
	const checkAccept = (ctx: RequestContext) => {
		const accept = ctx.req.headers.accept;
		if (accept === undefined || accept.trim() === '') return;
		if (!mediaRanges(accept).some((range) => compatible(range, 'application', 'zip'))) throw bare(406);
	};

	/**
	 * The answer (MetaverseService.download / downloadFile): `Content-Type: application/zip` and
	 * `Content-Disposition: inline; filename=<name>` where name is `pentaho-lineage` or `<File(path).getName()>_lineage`,
	 * then `_<startingDate>` and `-<endingDate>` exactly as they were in the URL path (decoded), then `.zip`; no
	 * quotes, no encoding, no timestamp. An empty selection is an empty zip (22 bytes).
	 */
	const sendZip = (ctx: RequestContext, stem: string, selected: LineageArtifact[]) => {
		const { start, end } = ctx.params;
		const fileName = `${stem}${start !== undefined ? `_${start}` : ''}${end !== undefined ? `-${end}` : ''}.zip`;
		const unique = [...new Map(selected.map((a) => [a.entry, a])).values()].sort((a, b) => a.entry.localeCompare(b.entry));
		const zip = Buffer.from(zipSync(Object.fromEntries(unique.map((a) => [a.entry, new Uint8Array(a.content)]))));
		const disposition = tomcatHeaderValue(`inline; filename=${fileName}`, dropsWideHeaders);
		ctx.send(200, zip, ZIP, disposition === undefined ? {} : { 'Content-Disposition': disposition });
	};

	// GET /download/all, /all/{startingDate}, /all/{startingDate}/{endingDate}: every file below a date folder in range
	// (VfsLineageCollector.listArtifacts: findFiles(depth 1..256) of each date folder, files only).
	const all = (ctx: RequestContext) => {
		checkAccept(ctx);
		const range = rangeOf(ctx);
		const { folders } = tree();
		const inRange = dateFolders(folders, range);
		const selected = state.artifacts.filter((a) => inRange.some((folder) => a.entry.startsWith(`${folder}/`)));
		sendZip(ctx, 'pentaho-lineage', selected);
	};

	/**
	 * The JSON body as CXF and Jackson read it into a LineageRequest (JacksonJaxbJsonProvider, default ObjectMapper):
	 * - no Content-Type: CXF reads the body as application/octet-stream, for which it has no reader: 415;
	 * - an empty body: null (JaxRSFeature.ALLOW_EMPTY_INPUT, on by default: jackson-jaxrs-providers
	 *   base/.../ProviderBase.java readFrom @ 2.9.10, 2.14.2, 2.17.2), and so is the JSON `null`;
	 * - anything Jackson refuses (bad JSON, no or another "@class", an unknown property, a path that is an object or
	 *   an array) is an IOException for which no ExceptionMapper is registered: JAXRSInInterceptor turns it into
	 *   InternalServerErrorException, answered 500 with no body (JAXRSInInterceptor.convertExceptionToResponseIfPossible,
	 *   JAXRSDefaultFaultOutInterceptor, WebApplicationExceptionMapper @ cxf-3.3.1 and cxf-3.6.4);
	 * - a number or boolean path is read as its text (scalar coercion).
	 */
	const readRequest = async (ctx: RequestContext): Promise<{ path?: string } | null> => {
		if (ctx.req.headers['content-type'] === undefined) throw bare(415);
		const text = (await ctx.body()).toString('utf8');
		if (text.trim() === '') return null;
		let body: unknown;
		try {
			body = JSON.parse(text);
		} catch {
			throw bare(500);
		}
		if (body === null) return null;
		if (typeof body !== 'object' || Array.isArray(body)) throw bare(500);
		const record = body as Record<string, unknown>;
		const typeHint = seed.typeHint ?? 'required';
		const hinted = '@class' in record;
		if (hinted && (typeHint === 'refused' || record['@class'] !== REQUEST_CLASS)) throw bare(500);
		if (!hinted && typeHint === 'required') throw bare(500);
		if (Object.keys(record).some((key) => key !== '@class' && key !== 'path')) throw bare(500);
		const path = record.path;
		if (path === undefined || path === null) return {};
		if (typeof path === 'object') throw bare(500);
		return { path: String(path) };
	};

	/**
	 * VfsLineageCollector.listArtifactsForFile: for every date folder in range and every file or folder below it
	 * (depth 1..256), `current.resolveFile(path)`; when that is an existing folder, its files are taken. So the path
	 * is resolved relative to each of those, not to the output folder: `admin/sales.ktr` and `sales.ktr` find
	 * `<day>/home/admin/sales.ktr/…`, `home/admin/sales.ktr` finds nothing, an absolute `/home/admin/sales.ktr` is
	 * resolved from the root of the server's disk (DefaultFileSystemManager.resolveName) and finds nothing either
	 * (unless it names a folder inside the output folder), and "" takes the files of every folder (all lineage in
	 * range). A `..` above the disk root fails in commons-vfs (UriParser.normalisePath) and the collector reports
	 * it as the date error: 400.
	 */
	const artifactsForFile = (path: string, range: { start?: string; end?: string }): LineageArtifact[] => {
		const { folders, filesIn } = tree();
		const fixed = path.replace(/\\/g, '/');
		const scheme = /^([a-z][a-z0-9+.-]*):/.exec(fixed)?.[1];
		const selected: LineageArtifact[] = [];
		for (const dateFolder of dateFolders(folders, range)) {
			const below = [...folders.filter((f) => f.startsWith(`${dateFolder}/`)), ...state.artifacts.filter((a) => a.entry.startsWith(`${dateFolder}/`)).map((a) => a.entry)];
			for (const current of below) {
				let requested: string | undefined;
				try {
					if (scheme === 'file') requested = normaliseVfs(fixed.slice('file:'.length));
					else if (scheme !== undefined && FOREIGN_SCHEMES.includes(scheme)) requested = undefined;
					else if (fixed.startsWith('/')) requested = normaliseVfs(fixed);
					else requested = normaliseVfs(`${current}/${fixed}`);
				} catch (error) {
					if (error instanceof VfsPathError) throw zipTyped(400, INVALID_DATE_MESSAGE);
					throw error;
				}
				if (requested !== undefined) selected.push(...(filesIn.get(requested) ?? []));
			}
		}
		return selected;
	};

	// POST /download/file, /file/{startingDate}, /file/{startingDate}/{endingDate} (@Consumes application/json).
	const file = async (ctx: RequestContext) => {
		// Method selection: the request's Content-Type must be compatible with application/json (a missing one
		// passes as */* here and fails when the body is read), then Accept with application/zip.
		const contentType = ctx.req.headers['content-type'];
		if (contentType !== undefined && !mediaRanges(contentType).some((range) => compatible(range, 'application', 'json'))) throw bare(415);
		checkAccept(ctx);
		const request = await readRequest(ctx);
		if (request === null || request.path === undefined) throw zipTyped(500, NO_PATH_MESSAGE);
		const range = rangeOf(ctx);
		sendZip(ctx, `${javaFileName(request.path)}_lineage`, artifactsForFile(request.path, range));
	};

	const others = (get?: (ctx: RequestContext) => void | Promise<void>) => async (ctx: RequestContext) => {
		if (ctx.method === 'HEAD' && get) return get(ctx);
		if (!ctx.req.readableEnded) ctx.req.resume();
		if (ctx.method === 'OPTIONS') ctx.send(200, '', undefined, { Allow: ALLOW });
		else throw bare(405, { Allow: ALLOW });
	};

	for (const suffix of ['', '/:start', '/:start/:end']) {
		app.server.add('GET', `${LINEAGE_PREFIX}/all${suffix}`, all, { format: 'binary' });
		app.server.add('*', `${LINEAGE_PREFIX}/all${suffix}`, others(all), { format: 'binary' });
		app.server.add('POST', `${LINEAGE_PREFIX}/file${suffix}`, file, { format: 'binary' });
		app.server.add('*', `${LINEAGE_PREFIX}/file${suffix}`, others(), { format: 'binary' });
	}
}

/** A zip of text files (for tests). */
export function zipOfTexts(files: Record<string, string>): Buffer {
	return Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)]))));
}
