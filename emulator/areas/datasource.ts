/**
 * The data-source area: JDBC connections, analysis (Mondrian) schemas and data source wizard
 * domains under `/plugin/data-access/api/datasource`, as the data-access plugin serves them:
 *
 * - name lists as a platform `JaxbList` (XML `<List><Item xsi:type="xs:string">` by default, Jersey 1
 *   JSON `{"Item":[{"@type":"xs:string","$":"…"}]}` when the client asks for JSON);
 * - JDBC PUT (JSON only) 204 / 304 / 401, GET one (JSON by default, password nullified like the real
 *   default setting), DELETE 204 / 304;
 * - analysis PUT multipart (`uploadInput`, `schemaFileInfo`, `origCatalogName`, `datasourceName`,
 *   `overwrite`, `xmlaEnabledFlag`, `parameters`) 201 with an empty body, errors as text
 *   (409 exists, 403 access, 412 import failed), GET one as an attachment (one file as is, several
 *   as a zip), DELETE 200 empty;
 * - wizard domains GET one (XMI as is, or a zip with its Mondrian schema), DELETE 200 empty.
 *
 * Non-administrators may list but not manage: JDBC PUT 401, JDBC DELETE 304, analysis PUT 403,
 * analysis and domain GET one / DELETE 401.
 */
import busboy from 'busboy';
import { randomUUID } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';

import type { EmulatorApp } from '../core/app';
import type { RequestContext } from '../core/types';

export const DATASOURCE_PREFIX = '/plugin/data-access/api/datasource';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JdbcConnection = Record<string, Json> & { id: string; name: string; password: Json };

export interface AnalysisCatalog {
	id: string;
	/** The schema file, exactly as uploaded. */
	content: Buffer;
	mimeType: string;
	/** Other files of the catalog (for example annotations.xml); with any, a download is a zip. */
	extraFiles: Record<string, Buffer>;
	datasourceName?: string;
	xmlaEnabled: boolean;
	parameters?: string;
	schemaFileName?: string;
}

export interface DswDomain {
	id: string;
	/** File name → content; one file downloads as is, several as a zip. */
	files: Record<string, Buffer>;
}

export interface AnalysisUpload {
	catalogId: string;
	user: string;
	fields: Record<string, string>;
	file?: { fieldName: string; fileName: string; mimeType: string; size: number };
	status: number;
}

export interface DatasourceState {
	connections: JdbcConnection[];
	catalogs: AnalysisCatalog[];
	domains: DswDomain[];
	/** What GET one does with passwords: `nullify` (the real default), `encrypt`, or `plain`. */
	passwordMode: 'nullify' | 'encrypt' | 'plain';
	/** Every analysis upload the emulator received (fields as sent), newest last. */
	uploads: AnalysisUpload[];
}

export interface DatasourceSeed {
	connections?: Array<Partial<Record<string, Json>> & { name: string }>;
	catalogs?: Array<{ id: string; content: string; mimeType?: string; extraFiles?: Record<string, string>; datasourceName?: string; xmlaEnabled?: boolean }>;
	domains?: Array<{ id: string; files: Record<string, string> }>;
	passwordMode?: DatasourceState['passwordMode'];
}

const DATABASE_TYPES: Record<string, { name: string; shortName: string; defaultDatabasePort: number; extraOptionsHelpUrl: string; supportedAccessTypes: string[] }> = {
	HYPERSONIC: {
		name: 'Hypersonic',
		shortName: 'HYPERSONIC',
		defaultDatabasePort: 9001,
		extraOptionsHelpUrl: 'http://hsqldb.sourceforge.net/doc/guide/ch04.html#N109DA',
		supportedAccessTypes: ['NATIVE', 'ODBC', 'JNDI'],
	},
	POSTGRESQL: {
		name: 'PostgreSQL',
		shortName: 'POSTGRESQL',
		defaultDatabasePort: 5432,
		extraOptionsHelpUrl: 'http://jdbc.postgresql.org/documentation/83/connect.html#connection-parameters',
		supportedAccessTypes: ['NATIVE', 'ODBC', 'JNDI'],
	},
	MYSQL: {
		name: 'MySQL',
		shortName: 'MYSQL',
		defaultDatabasePort: 3306,
		extraOptionsHelpUrl: 'http://dev.mysql.com/doc/refman/5.0/en/connector-j-reference-configuration-properties.html',
		supportedAccessTypes: ['NATIVE', 'ODBC', 'JNDI'],
	},
};

function schemaXml(name: string, table: string): string {
	return `<?xml version="1.0"?>
<Schema name="${name}">
  <Dimension name="Region">
    <Hierarchy hasAll="true" allMemberName="All Regions">
      <Table name="${table}"/>
      <Level name="Region" column="REGION" uniqueMembers="true"/>
    </Hierarchy>
  </Dimension>
  <Cube name="${name} Analysis">
    <Table name="${table}"/>
    <DimensionUsage name="Region" source="Region"/>
    <Measure name="Actual" column="ACTUAL" aggregator="sum" formatString="#,###.00"/>
  </Cube>
</Schema>
`;
}

function xmiModel(domainId: string): string {
	return `<?xml version="1.0" encoding="UTF-8"?>
<xmi:XMI xmlns:xmi="http://www.omg.org/XMI" xmlns:CWM="org.omg.CWM1.0" xmi.version="1.2">
  <xmi:Documentation><xmi:Exporter>Pentaho Metadata</xmi:Exporter></xmi:Documentation>
  <xmi:Content>
    <CWM:Description body="${domainId}" name="domain" type="String"/>
  </xmi:Content>
</xmi:XMI>
`;
}

const DEFAULT_SEED: Required<Omit<DatasourceSeed, 'passwordMode'>> = {
	connections: [
		{ name: 'SampleData', databaseType: 'HYPERSONIC', hostname: 'localhost', databaseName: 'SampleData', databasePort: '9001', username: 'pentaho_user', password: 'password' },
		{ name: 'SalesDW', databaseType: 'POSTGRESQL', hostname: 'db.example.com', databaseName: 'sales', databasePort: '5432', username: 'reporting', password: 'Rep0rting!', extraOptions: { 'POSTGRESQL.ssl': 'true' } },
		{ name: 'baseball connection', databaseType: 'MYSQL', hostname: 'mysql.example.com', databaseName: 'baseball', databasePort: '3306', username: 'fan', password: 'homerun' },
	],
	catalogs: [
		{ id: 'SampleData', content: schemaXml('SampleData', 'QUADRANT_ACTUALS'), datasourceName: 'SampleData', xmlaEnabled: true },
		{
			id: 'SteelWheels',
			content: schemaXml('SteelWheels', 'ORDERFACT'),
			datasourceName: 'SampleData',
			xmlaEnabled: true,
			extraFiles: { 'annotations.xml': '<?xml version="1.0"?>\n<annotations/>\n' },
		},
	],
	domains: [
		{ id: 'sales_model.xmi', files: { 'sales_model.xmi': xmiModel('sales_model') } },
		{ id: 'inventory.xmi', files: { 'inventory.xmi': xmiModel('inventory'), 'inventory.mondrian.xml': schemaXml('inventory', 'INVENTORY') } },
	],
};

/** A full connection bean as the server writes it, from a partial one (databaseType by short name or object). */
function connectionBean(input: Record<string, unknown>, id: string = randomUUID()): JdbcConnection {
	const typeInput = input.databaseType;
	const type =
		typeof typeInput === 'string'
			? DATABASE_TYPES[typeInput] ?? { name: typeInput, shortName: typeInput, defaultDatabasePort: -1, extraOptionsHelpUrl: '', supportedAccessTypes: ['NATIVE', 'ODBC', 'JNDI'] }
			: (typeInput as Record<string, Json>);
	const accessType = String(input.accessType ?? 'NATIVE');
	return {
		id,
		name: String(input.name),
		hostname: String(input.hostname ?? ''),
		databaseName: String(input.databaseName ?? ''),
		databasePort: String(input.databasePort ?? ''),
		username: String(input.username ?? ''),
		password: (input.password ?? null) as Json,
		dataTablespace: String(input.dataTablespace ?? ''),
		indexTablespace: String(input.indexTablespace ?? ''),
		informixServername: String(input.informixServername ?? ''),
		connectSql: String(input.connectSql ?? ''),
		streamingResults: input.streamingResults === true,
		quoteAllFields: input.quoteAllFields === true,
		changed: input.changed === true,
		usingDoubleDecimalAsSchemaTableSeparator: input.usingDoubleDecimalAsSchemaTableSeparator === true,
		forcingIdentifiersToLowerCase: input.forcingIdentifiersToLowerCase === true,
		forcingIdentifiersToUpperCase: input.forcingIdentifiersToUpperCase === true,
		usingConnectionPool: input.usingConnectionPool !== false,
		partitioned: input.partitioned === true,
		initialPoolSize: Number(input.initialPoolSize ?? 0),
		maximumPoolSize: Number(input.maximumPoolSize ?? 0),
		accessType,
		accessTypeValue: accessType,
		extraOptions: (input.extraOptions ?? {}) as Json,
		extraOptionsOrder: (input.extraOptionsOrder ?? {}) as Json,
		attributes: (input.attributes ?? {}) as Json,
		connectionPoolingProperties: (input.connectionPoolingProperties ?? {}) as Json,
		partitioningInformation: (input.partitioningInformation ?? []) as Json,
		SQLServerInstance: (input.SQLServerInstance ?? null) as Json,
		databaseType: type as Json,
	};
}

function escapeXml(text: string): string {
	return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function jaxbListXml(names: string[]): string {
	const items = names.map((name) => `<Item xsi:type="xs:string">${escapeXml(name)}</Item>`).join('');
	return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><List xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xs="http://www.w3.org/2001/XMLSchema">${items}</List>`;
}

/** Jersey 1 "mapped" JSON: a list of one item is written as a bare object, an empty list as {}. */
function jaxbListJson(names: string[]): Json {
	const items = names.map((name) => ({ '@type': 'xs:string', $: name }));
	if (items.length === 0) return {};
	return { Item: items.length === 1 ? items[0] : items };
}

function sendList(ctx: RequestContext, names: string[]): void {
	if (ctx.wantsJson()) ctx.sendJson(200, jaxbListJson(names));
	else ctx.sendXml(200, jaxbListXml(names), 'application/xml');
}

function valueXml(name: string, value: Json): string {
	if (value === null) return `<${name} xsi:nil="true"/>`;
	if (Array.isArray(value)) return value.map((v) => valueXml(name, v)).join('');
	if (typeof value === 'object') {
		return `<${name}>${Object.entries(value)
			.map(([k, v]) => valueXml(k, v))
			.join('')}</${name}>`;
	}
	return `<${name}>${escapeXml(String(value))}</${name}>`;
}

const MAP_FIELDS = new Set(['extraOptions', 'extraOptionsOrder', 'attributes', 'connectionPoolingProperties']);

function connectionXml(connection: Record<string, Json>): string {
	const parts = Object.entries(connection).map(([key, value]) => {
		if (MAP_FIELDS.has(key) && value && typeof value === 'object' && !Array.isArray(value)) {
			const entries = Object.entries(value)
				.map(([k, v]) => `<entry><key>${escapeXml(k)}</key><value>${escapeXml(String(v))}</value></entry>`)
				.join('');
			return `<${key}>${entries}</${key}>`;
		}
		return valueXml(key, value);
	});
	return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><databaseConnection xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">${parts.join('')}</databaseConnection>`;
}

function encryptPassword(password: string): string {
	return `Encrypted ${Buffer.from(Buffer.from(password, 'utf8').map((byte) => byte ^ 0x5a)).toString('hex')}`;
}

function attachment(ctx: RequestContext, id: string, files: Record<string, Buffer>, singleType: string): void {
	const names = Object.keys(files);
	if (names.length === 1) {
		ctx.send(200, files[names[0]], singleType, { 'Content-Disposition': `attachment; filename="${names[0]}"` });
		return;
	}
	const zip = Buffer.from(zipSync(Object.fromEntries(names.map((name) => [name, new Uint8Array(files[name])]))));
	const xmi = id.lastIndexOf('.xmi');
	const stem = xmi > 0 ? id.slice(0, xmi) : id;
	ctx.send(200, zip, 'application/zip', { 'Content-Disposition': `attachment; filename="${stem}.zip"` });
}

interface MultipartFile {
	fieldName: string;
	fileName: string;
	mimeType: string;
	content: Buffer;
}

/** A multipart/form-data body, read as it streams in. */
function readMultipart(ctx: RequestContext): Promise<{ fields: Record<string, string>; files: MultipartFile[] }> {
	return new Promise((resolve, reject) => {
		let parser: busboy.Busboy;
		try {
			parser = busboy({ headers: ctx.req.headers });
		} catch (error) {
			reject(error as Error);
			return;
		}
		const fields: Record<string, string> = {};
		const files: MultipartFile[] = [];
		parser.on('file', (fieldName, stream, info) => {
			const chunks: Buffer[] = [];
			stream.on('data', (chunk: Buffer) => chunks.push(chunk));
			stream.on('end', () => files.push({ fieldName, fileName: info.filename, mimeType: info.mimeType, content: Buffer.concat(chunks) }));
		});
		parser.on('field', (name, value) => {
			fields[name] = value;
		});
		parser.on('close', () => resolve({ fields, files }));
		parser.on('error', (error) => reject(error as Error));
		ctx.req.pipe(parser);
	});
}

/** `name=value;name=value` import parameters (Mondrian connect-string style). */
function parameterValue(parameters: string | undefined, key: string): string | undefined {
	for (const pair of (parameters ?? '').split(';')) {
		const index = pair.indexOf('=');
		if (index > 0 && pair.slice(0, index).trim().toLowerCase() === key.toLowerCase()) return pair.slice(index + 1).trim();
	}
	return undefined;
}

export function register(app: EmulatorApp): void {
	const seed = (app.options.seed.datasource ?? {}) as DatasourceSeed;
	const state: DatasourceState = {
		connections: (seed.connections ?? DEFAULT_SEED.connections).map((c) => connectionBean(c)),
		catalogs: (seed.catalogs ?? DEFAULT_SEED.catalogs).map((c) => ({
			id: c.id,
			content: Buffer.from(c.content, 'utf8'),
			mimeType: c.mimeType ?? 'text/xml',
			extraFiles: Object.fromEntries(Object.entries(c.extraFiles ?? {}).map(([name, text]) => [name, Buffer.from(text, 'utf8')])),
			datasourceName: c.datasourceName,
			xmlaEnabled: c.xmlaEnabled ?? false,
		})),
		domains: (seed.domains ?? DEFAULT_SEED.domains).map((d) => ({
			id: d.id,
			files: Object.fromEntries(Object.entries(d.files).map(([name, text]) => [name, Buffer.from(text, 'utf8')])),
		})),
		passwordMode: seed.passwordMode ?? 'nullify',
		uploads: [],
	};
	app.state.datasource = state;

	const jdbc = `${DATASOURCE_PREFIX}/jdbc/connection`;
	const analysis = `${DATASOURCE_PREFIX}/analysis/catalog`;
	const dsw = `${DATASOURCE_PREFIX}/dsw/domain`;
	const isAdmin = (ctx: RequestContext) => ctx.user?.admin === true;
	const findConnection = (name: string) => state.connections.find((c) => c.name === name);

	// ---- JDBC connections ----

	app.server.add('GET', jdbc, (ctx) => sendList(ctx, state.connections.map((c) => c.name)), { format: 'xml' });

	app.server.add(
		'GET',
		`${jdbc}/:name`,
		(ctx) => {
			const connection = findConnection(ctx.params.name);
			if (!connection) {
				// The real resource answers any failure, "not found" included, with an empty 500.
				ctx.send(500);
				return;
			}
			const out: Record<string, Json> = { ...connection };
			const stored = connection.password;
			out.password =
				state.passwordMode === 'nullify' || stored === null || stored === ''
					? null
					: state.passwordMode === 'encrypt'
						? encryptPassword(String(stored))
						: stored;
			const accept = ctx.req.headers.accept ?? '';
			if (/xml/i.test(accept) && !/json/i.test(accept)) ctx.sendXml(200, connectionXml(out), 'application/xml');
			else ctx.sendJson(200, out);
		},
		{ format: 'json' },
	);

	app.server.add('PUT', `${jdbc}/:connectionId`, async (ctx) => {
		if (!isAdmin(ctx)) {
			ctx.send(401);
			return;
		}
		if (!/application\/json/i.test(ctx.req.headers['content-type'] ?? '')) {
			ctx.send(415, 'The connection must be sent as application/json', 'text/plain;charset=UTF-8');
			return;
		}
		let body: Record<string, unknown>;
		try {
			body = (await ctx.json<Record<string, unknown>>()) ?? {};
		} catch {
			ctx.send(400, 'The body is not valid JSON', 'text/plain;charset=UTF-8');
			return;
		}
		if (typeof body !== 'object' || body === null || Array.isArray(body) || !body.databaseType || typeof body.databaseType !== 'object') {
			ctx.send(500);
			return;
		}
		const pathName = ctx.params.connectionId;
		const name = typeof body.name === 'string' && body.name !== '' ? body.name : pathName;
		const existing = findConnection(pathName);
		if (existing) {
			const password = typeof body.password === 'string' && body.password.trim() !== '' ? body.password : existing.password;
			const updated = connectionBean({ ...body, name, password }, existing.id);
			if (name !== pathName && findConnection(name)) {
				ctx.send(500);
				return;
			}
			if (JSON.stringify(updated) === JSON.stringify(existing)) {
				ctx.send(304);
				return;
			}
			state.connections[state.connections.indexOf(existing)] = updated;
			ctx.send(204);
			return;
		}
		if (findConnection(name)) {
			ctx.send(500);
			return;
		}
		state.connections.push(connectionBean({ ...body, name }));
		ctx.send(204);
	});

	app.server.add('DELETE', `${jdbc}/:name`, (ctx) => {
		const connection = findConnection(ctx.params.name);
		// 304 both when the user may not remove connections and when there is no such connection.
		if (!isAdmin(ctx) || !connection) {
			ctx.send(304);
			return;
		}
		state.connections.splice(state.connections.indexOf(connection), 1);
		ctx.send(204);
	});

	// ---- Analysis schemas ----

	app.server.add('GET', analysis, (ctx) => sendList(ctx, state.catalogs.map((c) => c.id)), { format: 'xml' });

	app.server.add(
		'GET',
		`${analysis}/:catalogId`,
		(ctx) => {
			if (!isAdmin(ctx)) {
				ctx.send(401);
				return;
			}
			const catalog = state.catalogs.find((c) => c.id === ctx.params.catalogId);
			if (!catalog) {
				ctx.fail(500, `Analysis catalog "${ctx.params.catalogId}" was not found`);
				return;
			}
			attachment(ctx, catalog.id, { [`${catalog.id}.mondrian.xml`]: catalog.content, ...catalog.extraFiles }, catalog.mimeType);
		},
		{ format: 'binary' },
	);

	app.server.add('PUT', `${analysis}/:catalogId`, async (ctx) => {
		const catalogId = ctx.params.catalogId;
		const record: AnalysisUpload = { catalogId, user: ctx.user?.name ?? '', fields: {}, status: 0 };
		state.uploads.push(record);
		const answer = (status: number, message?: string) => {
			record.status = status;
			if (message === undefined) ctx.send(status);
			else ctx.send(status, message, 'text/plain;charset=UTF-8');
		};
		if (!/^multipart\/form-data/i.test(ctx.req.headers['content-type'] ?? '')) {
			answer(415, 'The schema must be sent as multipart/form-data');
			return;
		}
		let form: { fields: Record<string, string>; files: MultipartFile[] };
		try {
			form = await readMultipart(ctx);
		} catch (error) {
			answer(400, `The multipart body could not be read: ${(error as Error).message}`);
			return;
		}
		record.fields = form.fields;
		const file = form.files.find((f) => f.fieldName === 'uploadInput');
		if (file) record.file = { fieldName: file.fieldName, fileName: file.fileName, mimeType: file.mimeType, size: file.content.length };
		if (!isAdmin(ctx)) {
			answer(403, `Access denied: user ${ctx.user?.name} may not publish analysis schemas`);
			return;
		}
		if (!file) {
			answer(412, 'Analysis datasource import failed: there is no schema file in "uploadInput"');
			return;
		}
		if (form.fields.overwrite === undefined || form.fields.xmlaEnabledFlag === undefined) {
			answer(500, 'Unspecified general error: the "overwrite" and "xmlaEnabledFlag" fields are required');
			return;
		}
		if (/\.xmi$/i.test(file.fileName)) {
			answer(412, `Analysis datasource import failed: ${file.fileName} is a metadata model (.xmi), not a Mondrian schema`);
			return;
		}
		if (!/<Schema[\s>]/.test(file.content.toString('utf8'))) {
			answer(412, 'Analysis datasource import failed: the file is not a Mondrian schema (no <Schema> element)');
			return;
		}
		const parameters = form.fields.parameters;
		const overwriteParameter = parameterValue(parameters, 'overwrite');
		const overwrite = overwriteParameter !== undefined ? overwriteParameter.toLowerCase() === 'true' : form.fields.overwrite === 'true';
		const existing = state.catalogs.find((c) => c.id === catalogId);
		if (existing && !overwrite) {
			answer(409, `Content already exists: the analysis catalog "${catalogId}" is published (use overwrite to replace it)`);
			return;
		}
		const original = form.fields.origCatalogName;
		if (original && original !== catalogId) {
			state.catalogs = state.catalogs.filter((c) => c.id !== original);
		}
		const catalog: AnalysisCatalog = {
			id: catalogId,
			content: file.content,
			mimeType: 'text/xml',
			extraFiles: {},
			datasourceName: form.fields.datasourceName || parameterValue(parameters, 'DataSource'),
			xmlaEnabled: form.fields.xmlaEnabledFlag === 'true',
			parameters,
			schemaFileName: form.fields.schemaFileInfo || file.fileName,
		};
		state.catalogs = state.catalogs.filter((c) => c.id !== catalogId);
		state.catalogs.push(catalog);
		answer(201);
	});

	app.server.add('DELETE', `${analysis}/:catalogId`, (ctx) => {
		if (!isAdmin(ctx)) {
			ctx.send(401);
			return;
		}
		const index = state.catalogs.findIndex((c) => c.id === ctx.params.catalogId);
		if (index < 0) {
			ctx.fail(500, `Analysis catalog "${ctx.params.catalogId}" was not found`);
			return;
		}
		state.catalogs.splice(index, 1);
		ctx.send(200);
	});

	// ---- Data source wizard domains ----

	app.server.add('GET', dsw, (ctx) => sendList(ctx, state.domains.map((d) => d.id)), { format: 'xml' });

	app.server.add(
		'GET',
		`${dsw}/:dswId`,
		(ctx) => {
			if (!isAdmin(ctx)) {
				ctx.send(401);
				return;
			}
			const domain = state.domains.find((d) => d.id === ctx.params.dswId);
			if (!domain) {
				ctx.fail(500, `Data source wizard domain "${ctx.params.dswId}" could not be exported: it does not exist`);
				return;
			}
			attachment(ctx, domain.id, domain.files, 'text/xml');
		},
		{ format: 'binary' },
	);

	app.server.add('DELETE', `${dsw}/:dswId`, (ctx) => {
		if (!isAdmin(ctx)) {
			ctx.send(401);
			return;
		}
		const index = state.domains.findIndex((d) => d.id === ctx.params.dswId);
		if (index < 0) {
			ctx.fail(500, `Data source wizard domain "${ctx.params.dswId}" could not be removed: it does not exist`);
			return;
		}
		state.domains.splice(index, 1);
		ctx.send(200);
	});
}

/** For tests and seeds: the bytes of a zip built like the server builds its attachments. */
export function zipOf(files: Record<string, string | Buffer>): Buffer {
	return Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([n, c]) => [n, typeof c === 'string' ? strToU8(c) : new Uint8Array(c)]))));
}
