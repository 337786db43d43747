/**
 * The lineage area: the metaverse download endpoints under `/osgi/cxf/lineage/api/download`.
 *
 * Artifacts are stored like the real writer stores them, under `<yyyyMMdd>/<repository path>/`
 * as `<startMillis>_<name>.graphml` (a GraphML graph with `<key>` declarations, nodes and
 * edges) and `<startMillis>_<name>.execution.js` (the JSON execution profile). Answers are zips
 * (`application/zip`, `Content-Disposition: inline; filename=…`) of the artifacts whose day folder
 * is in the inclusive date range, and for file requests whose repository path is the body's `path`.
 * Impossible dates answer 400 with the server's text; a file request without a path answers 500.
 * File requests need "@class" in their JSON body, as the real service does (see `typeHint`).
 *
 * Follows pentaho/pentaho-metaverse:web/src/main/java/org/pentaho/metaverse/service/MetaverseService.java
 * @ b0463d034072c5c80cf9df010b61ed9d09db5b32 (unchanged in what is emulated at 9.3.0.0-422, 10.2.0.0-222, 11.0.0.2-292).
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

export interface LineageRun {
	/** Repository path of the transformation (.ktr) or job (.kjb). */
	path: string;
	/** When the run started (ISO 8601); its UTC day is the artifact's day folder. */
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
	/** Zip entry name: `<yyyyMMdd>/<path>/<startMillis>_<name>.<suffix>`. */
	entry: string;
	/** Day folder, `yyyyMMdd`. */
	day: string;
	/** Repository path the artifact belongs to. */
	path: string;
	content: Buffer;
}

export interface LineageState {
	artifacts: LineageArtifact[];
}

export interface LineageSeed {
	runs?: LineageRun[];
	/**
	 * How the file request's JSON reader treats "@class": `required` (default, the real service:
	 * Jackson with @JsonTypeInfo(use = CLASS) refuses a body without it, 400 with no body), `refused`
	 * (a server that follows the interface documents strictly and refuses unknown properties) or
	 * `optional` (either form works).
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

function dayOf(millis: number): string {
	return new Date(millis).toISOString().slice(0, 10).replace(/-/g, '');
}

function isJob(path: string): boolean {
	return /\.kjb$/i.test(path);
}

/** GraphML as the metaverse writes it, with `<key>` declarations (ids d0…) the data refers to. */
export function graphmlFor(run: LineageRun, name: string): string {
	const job = isJob(run.path);
	const steps = run.steps ?? [];
	const node = (id: string, data: Record<string, string | number | boolean>) =>
		`    <node id="${escapeXml(id, 'noApostrophe')}">${Object.entries(data)
			.map(([key, value]) => `<data key="${KEY_IDS[key]}">${escapeXml(String(value), 'noApostrophe')}</data>`)
			.join('')}</node>`;
	const edge = (id: string, source: string, target: string, label: string) =>
		`    <edge id="${id}" source="${escapeXml(source, 'noApostrophe')}" target="${escapeXml(target, 'noApostrophe')}" label="${label}"><data key="${KEY_IDS.text}">${label}</data></edge>`;
	const documentId = `document:${run.path}`;
	const rootId = `${job ? 'job' : 'transformation'}:${run.path}`;
	const nodes = [
		node(documentId, { name: baseName(run.path), type: job ? 'Job File' : 'Transformation File', category: 'document', path: run.path }),
		node(rootId, { name, type: job ? 'Job' : 'Transformation', category: 'document', path: run.path }),
		...steps.map((step, index) =>
			node(`${rootId}/${step}`, { name: step, type: job ? 'Job Entry' : 'Transformation Step', category: 'document-element', copies: index + 1 === steps.length ? 2 : 1 }),
		),
	];
	const edges = [edge('e0', documentId, rootId, 'defines')];
	steps.forEach((step, index) => {
		edges.push(edge(`e${edges.length}`, rootId, `${rootId}/${step}`, 'contains'));
		if (index > 0) edges.push(edge(`e${edges.length}`, `${rootId}/${steps[index - 1]}`, `${rootId}/${step}`, 'hops_to'));
	});
	if (run.table && steps.length > 0) {
		const tableId = `table:${run.table}`;
		nodes.push(node(tableId, { name: run.table, type: 'Database Table', category: 'datasource', virtual: true }));
		edges.push(edge(`e${edges.length}`, `${rootId}/${steps[steps.length - 1]}`, tableId, 'writes'));
	}
	return `<?xml version="1.0" ?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.1/graphml.xsd">
  <key id="d0" for="node" attr.name="name" attr.type="string"/>
  <key id="d1" for="node" attr.name="type" attr.type="string"/>
  <key id="d2" for="node" attr.name="category" attr.type="string"/>
  <key id="d3" for="node" attr.name="path" attr.type="string"/>
  <key id="d4" for="node" attr.name="copies" attr.type="int"/>
  <key id="d5" for="node" attr.name="virtual" attr.type="boolean"><default>false</default></key>
  <key id="d6" for="edge" attr.name="text" attr.type="string"/>
  <graph id="G" edgedefault="directed">
${nodes.join('\n')}
${edges.join('\n')}
  </graph>
</graphml>
`;
}

const KEY_IDS: Record<string, string> = { name: 'd0', type: 'd1', category: 'd2', path: 'd3', copies: 'd4', virtual: 'd5', text: 'd6' };

function executionProfileFor(run: LineageRun, name: string, startMillis: number): string {
	return JSON.stringify(
		{
			name,
			path: run.path,
			type: isJob(run.path) ? 'Job' : 'Transformation',
			description: null,
			executionEngine: { name: 'Pentaho Data Integration', version: '9.3.0.0', description: 'Pentaho Data Integration' },
			executionData: {
				startTime: startMillis,
				endTime: startMillis + 42_000,
				failureCount: 0,
				executorServer: 'localhost',
				executorUser: run.user ?? 'admin',
				clientExecutor: 'SERVER',
				loggingChannelId: `log-${startMillis}`,
				parameters: [],
				variables: {},
				arguments: [],
				externalResources: {},
			},
		},
		null,
		2,
	);
}

/** The two artifacts (graph and execution profile) a run leaves. */
export function artifactsOf(run: LineageRun): LineageArtifact[] {
	const startMillis = Date.parse(run.startedAt);
	if (!Number.isFinite(startMillis)) throw new Error(`Lineage run of ${run.path}: startedAt "${run.startedAt}" is not a date`);
	const name = run.name ?? baseName(run.path).replace(/\.(ktr|kjb)$/i, '');
	const day = dayOf(startMillis);
	const folder = `${day}/${run.path.replace(/^\/+/, '')}`;
	return [
		{ entry: `${folder}/${startMillis}_${name}.graphml`, day, path: run.path, content: Buffer.from(graphmlFor(run, name), 'utf8') },
		{ entry: `${folder}/${startMillis}_${name}.execution.js`, day, path: run.path, content: Buffer.from(executionProfileFor(run, name, startMillis), 'utf8') },
	];
}

function isValidDay(text: string): boolean {
	if (!/^\d{8}$/.test(text)) return false;
	const year = Number(text.slice(0, 4));
	const month = Number(text.slice(4, 6));
	const day = Number(text.slice(6, 8));
	const date = new Date(Date.UTC(year, month - 1, day));
	return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function normalizePath(path: string): string {
	return `/${path.split('/').filter(Boolean).join('/')}`;
}

export function register(app: EmulatorApp): void {
	const seed = (app.options.seed.lineage ?? {}) as LineageSeed;
	const state: LineageState = {
		artifacts: (seed.runs ?? DEFAULT_RUNS).flatMap(artifactsOf).sort((a, b) => a.entry.localeCompare(b.entry)),
	};
	app.state.lineage = state;

	/** The dates of a request (400 when one is not a valid day). */
	const datesOf = (ctx: RequestContext): { start?: string; end?: string } => {
		const { start, end } = ctx.params;
		for (const value of [start, end]) {
			if (value !== undefined && !isValidDay(value)) throw new EmulatorHttpError(400, INVALID_DATE_MESSAGE);
		}
		return { start, end };
	};

	const sendZip = (ctx: RequestContext, fileName: string, range: { start?: string; end?: string }, path?: string) => {
		const selected = state.artifacts.filter(
			(a) => (!range.start || a.day >= range.start) && (!range.end || a.day <= range.end) && (path === undefined || a.path === path),
		);
		const zip = Buffer.from(zipSync(Object.fromEntries(selected.map((a) => [a.entry, new Uint8Array(a.content)]))));
		const name = `${fileName}${range.start ? `_${range.start}` : ''}${range.end ? `-${range.end}` : ''}.zip`;
		ctx.send(200, zip, 'application/zip', { 'Content-Disposition': `inline; filename=${name}` });
	};

	const all = (ctx: RequestContext) => {
		sendZip(ctx, 'pentaho-lineage', datesOf(ctx));
	};

	const file = async (ctx: RequestContext) => {
		if (!/application\/json/i.test(ctx.req.headers['content-type'] ?? '')) throw new EmulatorHttpError(415, 'The lineage request must be sent as application/json');
		let body: { path?: unknown; '@class'?: unknown } | undefined;
		try {
			body = await ctx.json<{ path?: unknown; '@class'?: unknown }>();
		} catch {
			throw new EmulatorHttpError(400, 'The lineage request is not valid JSON');
		}
		// The body is read by CXF with JacksonJaxbJsonProvider into LineageRequest, which is annotated
		// @JsonTypeInfo(use = Id.CLASS): without "@class" (or with another class) Jackson fails, and CXF
		// turns a reader failure into 400 Bad Request with an empty body
		// (pentaho/pentaho-metaverse:api/src/main/java/org/pentaho/metaverse/api/model/LineageRequest.java and
		// web/src/main/resources/OSGI-INF/blueprint/blueprint.xml @ 9.3.0.0-422 951cda49, 10.2.0.0-222 7f2a7fa6, 11.0.0.2-292 2c206574).
		const typeHint = seed.typeHint ?? 'required';
		const hinted = body !== null && typeof body === 'object' && body['@class'] !== undefined;
		if (hinted && (typeHint === 'refused' || body!['@class'] !== REQUEST_CLASS)) throw EmulatorHttpError.bare(400);
		if (!hinted && typeHint === 'required' && body !== undefined) throw EmulatorHttpError.bare(400);
		if (!body || typeof body.path !== 'string' || body.path === '') throw new EmulatorHttpError(500, NO_PATH_MESSAGE);
		const range = datesOf(ctx);
		sendZip(ctx, `${baseName(body.path)}_lineage`, range, normalizePath(body.path));
	};

	for (const suffix of ['', '/:start', '/:start/:end']) {
		app.server.add('GET', `${LINEAGE_PREFIX}/all${suffix}`, all, { format: 'binary' });
		app.server.add('POST', `${LINEAGE_PREFIX}/file${suffix}`, file, { format: 'binary' });
	}
}

/** A zip of text files (for tests). */
export function zipOfTexts(files: Record<string, string>): Buffer {
	return Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)]))));
}
