/**
 * CDA's REST API, `/plugin/cda/api/…` (webdetails/cda pentaho/src/main/java/pt/webdetails/cda/CdaUtils.java@10.2.0.0-222,
 * `@Path("/{plugin}/api")` under the plugin's JAX-RS servlet, the CPF JAXRSCLPluginServlet, which only switches the class
 * loader of the platform's JAXRSPluginServlet: webdetails/cpf …/pt/webdetails/cpf/JAXRSCLPluginServlet.java; same code
 * @9.3.0.0-422 and @11.0.0.0-237 bar javax → jakarta):
 *
 *   GET|POST doQuery        path, dataAccessId, outputType (json|xml|csv|xls|html), param<Name>, setting<Name>,
 *                           paginateQuery, pageSize, pageStart, sortBy (<col>[A|D]), outputIndexId, outputColumnName,
 *                           jsonCallback, wrapItUp. Headers from the exporter (content-disposition), Content-Type from
 *                           Jersey's negotiation (request.ts). Any failure: WebApplicationException(500) without entity.
 *   GET unwrapQuery         path, uuid: a wrapped query (wrapItUp=true answered its UUID), Content-Type the exporter's.
 *   GET listQueries         path, outputType: id, name, type of the public data accesses, sorted by id (TreeMap).
 *   GET listParameters      path, dataAccessId, outputType: name, type, defaultValue, pattern, access.
 *   GET getCdaList          outputType: name, path of every .cda file the user can read; Content-Type the exporter's.
 *   GET clearCache          administrators: "Cache Cleared Successfully"; others sendError(403, …).
 *
 * Errors (CdaCoreService, CdaEngine, SettingsManager, TableModelUtils, Parameter @10.2.0.0-222): a missing or unreadable
 * file, an unknown dataAccessId, an unknown output type, an invalid outputIndexId or sortBy, a parameter value that does
 * not parse and a failing query all end as 500 without entity, i.e. the platform's error page (core/errors.ts).
 */
import { randomUUID } from 'node:crypto';

import { EmulatorHttpError } from '../../core/errors';
import type { RequestContext } from '../../core/types';
import { repositoryOf } from '../repository/area';
import type { RepoNode } from '../repository/store';
import { responseSink } from '../reporting/routes-render';
import { zoneOffsetMinutes } from '../reporting/java';
import { contentDisposition, exporterFor, type Exporter, type Table } from './export';
import type { CdaFile, CdaParameter, CdaQuery, CdaValue } from './model';
import { boolOf, first, intOf, negotiated, readParams, type Params } from './request';
import { cdaFileAt, type CdaArea } from './store';

/** The failure every CDA error becomes: 500 without entity (the plugin servlet's sendError → /unavailable.html). */
function failure(): EmulatorHttpError {
	return EmulatorHttpError.bare(500);
}

interface QueryRequest {
	path?: string;
	dataAccessId: string;
	outputType: string;
	outputIndexId: number;
	pageSize: number;
	pageStart: number;
	paginate: boolean;
	sortBy: string[];
	outputColumnName: string[];
	parameters: Map<string, string | string[]>;
	settings: Map<string, string>;
}

/** QueryParameters.getDoQueryParameters. */
function queryRequest(params: Params): QueryRequest {
	const parameters = new Map<string, string | string[]>();
	const settings = new Map<string, string>();
	for (const [name, values] of params) {
		if (name.startsWith('param')) parameters.set(name.replace('param', ''), values.length === 1 ? values[0] : values);
		else if (name.startsWith('setting')) settings.set(name.replace('setting', ''), values[0]);
	}
	const callback = first(params, 'jsonCallback');
	if (callback !== undefined && callback !== '<blank>') settings.set('callback', callback);
	const solution = first(params, 'solution');
	let path = first(params, 'path');
	if (solution) path = [solution, path, first(params, 'file')].filter((p) => p).join('/').replace(/\/+/g, '/');
	return {
		path,
		dataAccessId: first(params, 'dataAccessId') ?? '<blank>',
		outputType: first(params, 'outputType') ?? 'json',
		outputIndexId: intOf(params, 'outputIndexId', 1),
		pageSize: intOf(params, 'pageSize', 0),
		pageStart: intOf(params, 'pageStart', 0),
		paginate: boolOf(params, 'paginateQuery'),
		sortBy: (params.get('sortBy') ?? []).filter((s) => s !== ''),
		outputColumnName: params.get('outputColumnName') ?? [],
		parameters,
		settings,
	};
}

/** Parameter.getValue: the passed (public) value or the default, parsed by type. */
function parameterValue(parameter: CdaParameter, passed: string | string[] | undefined, offsetMinutes: number): unknown {
	const raw = parameter.access === 'private' || passed === undefined ? parameter.default : passed;
	if (raw === undefined || raw === null) throw failure();
	const one = (text: string, type: string): unknown => {
		switch (type) {
			case 'String':
				return text;
			case 'Integer':
				if (!/^[-+]?\d+$/.test(text)) throw failure(); // Long.parseLong
				return Number(text);
			case 'Numeric': {
				const n = Number(text.trim());
				if (text.trim() === '' || !Number.isFinite(n)) throw failure(); // Double.parseDouble
				return n;
			}
			case 'Date': {
				if (parameter.pattern) {
					const m = /^(\d+)-(\d+)-(\d+)/.exec(text);
					if (!m) throw failure();
					return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) - offsetMinutes * 60000);
				}
				if (!/^[-+]?\d+$/.test(text)) throw failure();
				return new Date(Number(text));
			}
			default:
				throw failure();
		}
	};
	const elementType = parameter.type.replace(/Array$/, '');
	if (parameter.type.endsWith('Array')) {
		const texts = Array.isArray(raw) ? raw : raw.split(';');
		return texts.map((t) => one(t, elementType));
	}
	return one(Array.isArray(raw) ? raw[0] : raw, parameter.type);
}

function compareValues(a: CdaValue, b: CdaValue): number {
	if (a === b) return 0;
	if (a === null) return -1;
	if (b === null) return 1;
	if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
	if (typeof a === 'number' && typeof b === 'number') return a - b;
	const x = String(a);
	const y = String(b);
	return x < y ? -1 : x > y ? 1 : 0;
}

function* take<T>(rows: Iterable<T>, skip: number, count: number): Generator<T> {
	if (count <= 0) return;
	let index = 0;
	for (const row of rows) {
		if (index >= skip + count) return;
		if (index >= skip) yield row;
		index++;
	}
}

/** CdaEngine.doQuery + TableModelUtils.postProcessTableModel: output columns, sorting, paging. */
function runQuery(area: CdaArea, file: CdaFile, request: QueryRequest): { table: Table; exporter: Exporter } {
	const query: CdaQuery | undefined = file.queries.find((q) => q.id === request.dataAccessId);
	if (!query) throw failure(); // UnknownDataAccessException
	const exporter = exporterFor(request.outputType, request.settings);
	if (!exporter) throw failure(); // UnsupportedExporterException
	const offset = zoneOffsetMinutes(area.app.options.serverTimeZone, new Date(area.app.now()));
	const values: Record<string, unknown> = {};
	for (const parameter of query.parameters) values[parameter.name] = parameterValue(parameter, request.parameters.get(parameter.name), offset);
	if (query.fails || !query.rows) throw failure(); // the data source's exception (or no data source behind a parsed file)
	// Output indexes: outputIndexId 1 (all columns) is the only output of these data accesses; outputColumnName wins.
	let indexes = query.columns.map((_, i) => i);
	if (request.outputColumnName.length > 0) {
		indexes = request.outputColumnName.map((name) => query.columns.findIndex((c) => c.name === name)).filter((i) => i >= 0);
	} else if (request.outputIndexId !== 1) throw failure(); // InvalidOutputIndexException
	const sorts = request.sortBy.map((s) => {
		const m = /^(\d+)([AD]?)$/.exec(s);
		if (!m) throw failure(); // SortException: Invalid searchBy option
		return { index: Number(m[1]), descending: m[2] === 'D' };
	});
	const columns = indexes.map((i) => query.columns[i]);
	if (sorts.some((s) => s.index >= columns.length)) throw failure();
	const project = (row: CdaValue[]) => indexes.map((i) => row[i] ?? null);
	let rows: Iterable<CdaValue[]>;
	let total: number;
	const source = () => query.rows!(values);
	if (sorts.length > 0 || !query.rowCount) {
		const all = [...source()].map(project);
		if (sorts.length > 0) {
			all.sort((a, b) => {
				for (const s of sorts) {
					const c = compareValues(a[s.index], b[s.index]);
					if (c !== 0) return s.descending ? -c : c;
				}
				return 0;
			});
		}
		rows = all;
		total = all.length;
	} else {
		total = query.rowCount(values);
		rows = (function* () {
			for (const row of source()) yield project(row);
		})();
	}
	const metadata: Record<string, string> = { totalRows: String(total) };
	// CdaCoreService.setPostProcessOptions / TableModelUtils.paginateTableModel.
	if (request.pageSize > 0 || request.pageStart > 0 || request.paginate) {
		const pageSize = request.pageSize > 0 ? request.pageSize : request.paginate ? 20 : 0;
		const pageStart = request.pageStart > 0 ? request.pageStart : 0;
		if (pageSize !== 0 || pageStart !== 0) {
			rows = take(rows, pageStart, Math.min(pageSize, total - pageStart));
			metadata.pageSize = String(pageSize);
			metadata.pageStart = String(pageStart);
		}
	}
	return { table: { columns, rows, metadata }, exporter };
}

/** The .cda file of a request (SettingsManager.parseSettingsFile): missing, unreadable or not a CDA file → 500. */
async function fileOf(area: CdaArea, ctx: RequestContext, path: string | undefined): Promise<CdaFile> {
	if (path === undefined) throw failure();
	const file = await cdaFileAt(area, path, ctx.user!);
	if (!file) throw failure();
	return file;
}

async function writeTable(ctx: RequestContext, area: CdaArea, table: Table, exporter: Exporter, settings: Map<string, string>, headers: Record<string, string>): Promise<void> {
	ctx.res.writeHead(200, headers);
	try {
		await exporter.write(table, { settings, timeZone: area.app.options.serverTimeZone }, responseSink(ctx));
	} catch (error) {
		if (ctx.res.destroyed) return;
		throw error;
	}
	ctx.res.end();
}

async function doQuery(area: CdaArea, ctx: RequestContext): Promise<void> {
	const params = await readParams(ctx);
	// `params.get("path").get(0)` before anything else: no path is a NullPointerException.
	if (!params.has('path')) throw failure();
	const contentType = negotiated(ctx);
	const request = queryRequest(params);
	const file = await fileOf(area, ctx, request.path);
	if (boolOf(params, 'wrapItUp')) {
		// CdaEngine.wrapQuery: the data access is only looked up when the query is unwrapped.
		const uuid = randomUUID();
		area.wrapped.set(uuid, { path: file.path, request: params });
		ctx.send(200, uuid, contentType);
		return;
	}
	const { table, exporter } = runQuery(area, file, request);
	await writeTable(ctx, area, table, exporter, request.settings, { 'Content-Type': contentType, 'content-disposition': contentDisposition(exporter) });
}

async function unwrapQuery(area: CdaArea, ctx: RequestContext): Promise<void> {
	const path = ctx.query.get('path') ?? undefined;
	const uuid = ctx.query.get('uuid') ?? '';
	await fileOf(area, ctx, path);
	const wrapped = area.wrapped.get(uuid);
	// CdaEngine.unwrapQuery removes the entry: a UUID is good for one call.
	if (!wrapped) throw failure();
	area.wrapped.delete(uuid);
	const file = await fileOf(area, ctx, wrapped.path);
	const request = queryRequest(wrapped.request);
	const { table, exporter } = runQuery(area, file, request);
	await writeTable(ctx, area, table, exporter, request.settings, { 'Content-Type': exporter.mimeType, 'content-disposition': contentDisposition(exporter) });
}

async function listQueries(area: CdaArea, ctx: RequestContext): Promise<void> {
	const path = ctx.query.get('path');
	// `throw new IllegalArgumentException("No path provided")`: an exception out of the servlet, 500.
	if (!path) throw failure();
	const contentType = negotiated(ctx);
	const file = await fileOf(area, ctx, path);
	const exporter = exporterFor(ctx.query.get('outputType') ?? 'json', new Map());
	if (!exporter) throw failure();
	const queries = file.queries.filter((q) => q.access === 'public').sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
	const table: Table = {
		columns: [
			{ name: 'id', type: 'String' },
			{ name: 'name', type: 'String' },
			{ name: 'type', type: 'String' },
		],
		rows: queries.map((q) => [q.id, q.name, q.type]),
	};
	await writeTable(ctx, area, table, exporter, new Map(), { 'Content-Type': contentType });
}

async function listParameters(area: CdaArea, ctx: RequestContext): Promise<void> {
	const contentType = negotiated(ctx);
	const file = await fileOf(area, ctx, ctx.query.get('path') ?? undefined);
	const query = file.queries.find((q) => q.id === ctx.query.get('dataAccessId'));
	if (!query) throw failure();
	const exporter = exporterFor(ctx.query.get('outputType') ?? 'json', new Map());
	if (!exporter) throw failure();
	const table: Table = {
		columns: ['name', 'type', 'defaultValue', 'pattern', 'access'].map((name) => ({ name, type: 'String' as const })),
		rows: query.parameters.map((p) => [
			p.name,
			['String', 'Integer', 'Numeric', 'Date', 'StringArray', 'IntegerArray', 'NumericArray', 'DateArray'].includes(p.type) ? p.type : null,
			p.default ?? null,
			p.pattern ?? null,
			p.access ?? 'public',
		]),
	};
	await writeTable(ctx, area, table, exporter, new Map(), { 'Content-Type': contentType });
}

async function getCdaList(area: CdaArea, ctx: RequestContext): Promise<void> {
	const exporter = exporterFor(ctx.query.get('outputType') ?? 'json', new Map());
	if (!exporter) throw failure();
	const repo = repositoryOf(area.app);
	const files: Array<[string, string]> = [];
	const walk = (node: RepoNode) => {
		for (const child of [...node.children.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
			if (child.trash || child.hidden || !repo.permitted(ctx.user!, child, 0)) continue;
			if (child.folder) walk(child);
			else if (/\.cda$/.test(child.name)) files.push([child.name, repo.pathOf(child)]);
		}
	};
	walk(repo.root);
	const headers: Record<string, string> = { 'Content-Type': exporter.mimeType };
	if (exporter.attachmentName !== undefined) headers['content-disposition'] = `attachment; filename=${exporter.attachmentName}`;
	const table: Table = {
		columns: [
			{ name: 'name', type: 'String' },
			{ name: 'path', type: 'String' },
		],
		rows: files,
	};
	await writeTable(ctx, area, table, exporter, new Map(), headers);
}

export function registerApiRoutes(area: CdaArea): void {
	const { app } = area;
	const base = '/plugin/cda/api';
	app.server.add('GET', `${base}/doQuery`, (ctx) => doQuery(area, ctx), { format: 'json' });
	app.server.add('POST', `${base}/doQuery`, (ctx) => doQuery(area, ctx), { format: 'json' });
	app.server.add('GET', `${base}/unwrapQuery`, (ctx) => unwrapQuery(area, ctx), { format: 'json' });
	app.server.add('GET', `${base}/listQueries`, (ctx) => listQueries(area, ctx), { format: 'json' });
	app.server.add('GET', `${base}/listParameters`, (ctx) => listParameters(area, ctx), { format: 'json' });
	app.server.add('GET', `${base}/getCdaList`, (ctx) => getCdaList(area, ctx), { format: 'json' });
	app.server.add(
		'GET',
		`${base}/clearCache`,
		(ctx) => {
			if (!ctx.user?.admin) {
				// servletResponse.sendError(SC_FORBIDDEN, msg): the webapp's page for 403.
				throw EmulatorHttpError.bare(403);
			}
			ctx.send(200, 'Cache Cleared Successfully', 'text/plain');
		},
		{ format: 'text' },
	);
}
