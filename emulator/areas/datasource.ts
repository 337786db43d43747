/**
 * The data-source area: JDBC connections, analysis (Mondrian) schemas and data source wizard
 * domains under `/plugin/data-access/api/datasource`, as the data-access plugin serves them in each
 * server profile. Real sources read (pentaho/data-access at 9.3.0.0-422, 10.2.0.0-222, 11.0.0.0-237
 * and HEAD 21d376799c1c3389ff5ccfe98e62668b5b127bf3; paths below are under
 * core/src/main/java/org/pentaho/platform/dataaccess/datasource/):
 *
 * - JDBC: api/resources/JDBCDatasourceResource.java, wizard/service/impl/ConnectionServiceImpl.java,
 *   wizard/service/impl/ConnectionServiceHelper.java, wizard/service/impl/DatabaseConnectionReaderWriter.java
 *   (flexjson up to 11.0, Jackson from 11.1.0.0-272, commit aba0e557c), and the bean
 *   pentaho/pentaho-commons-database:model/src/main/java/org/pentaho/database/model/DatabaseConnection.java@066dc097.
 * - Analysis: api/resources/AnalysisResource.java, api/AnalysisService.java, api/DatasourceService.java,
 *   api/resources/ResourceUtil.java, with pentaho-platform's MondrianCatalogRepositoryHelper.java and
 *   MondrianCatalogHelper.java (extensions/…, HEAD).
 * - Wizard domains: api/resources/DataSourceWizardResource.java, api/DataSourceWizardService.java.
 * - Name lists: pentaho-platform:extensions/src/main/java/org/pentaho/platform/web/http/api/resources/JaxbList.java@HEAD
 *   (`<List><Item xsi:type="xs:string">`), written in JSON by Jersey 1's default JAXB "mapped" notation
 *   on 9.x/10.x (the plugin's own PentahoJAXBContextResolver@9.3.0.0-422 does not cover JaxbList) and by
 *   Jackson on 11.x (pentaho-platform:extensions/src/main/java/org/pentaho/platform/web/servlet/jersey/JAXRSApplication.java@HEAD).
 * - CSRF: assemblies/data-access-plugin/src/main/resources/plugin.spring.xml (9.3.0.0-422 to HEAD;
 *   since 9.3.0.0-2, commit cb37f6e6e) protects only GWT-RPC calls and the legacy REST paths
 *   `POST …/analysis/{id}/remove`, `POST …/api/connection/add`, `POST …/api/mondrian/postAnalysis`:
 *   none of the 11 endpoints here. The seed option `csrfOnImports` protects the analysis import as an
 *   administrator could by editing that set (a deliberate extra, for testing the token path).
 *
 * Permissions (DatasourceService.validateAccess = read + create + publish; "manage data sources" =
 * the data access permission handler): the emulator's administrators have both, other users neither.
 */
import busboy from 'busboy';
import { randomUUID } from 'node:crypto';
import { strToU8, unzipSync, zipSync } from 'fflate';

import type { EmulatorApp } from '../core/app';
import { styled } from '../core/jsonStyle';
import type { RequestContext } from '../core/types';

export const DATASOURCE_PREFIX = '/plugin/data-access/api/datasource';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
/** A stored connection: the DatabaseConnection bean's properties (typed), keyed as the bean names them. */
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
	/** The analysis catalog the domain's model refers to (MondrianCatalogRef), removed with the domain. */
	catalogRef?: string;
}

export interface AnalysisUpload {
	catalogId: string;
	user: string;
	fields: Record<string, string>;
	/** Form parts the resource does not bind (AnalysisResource.putSchema's @FormDataParam names). */
	ignoredFields: string[];
	file?: { fieldName: string; fileName: string; mimeType: string; size: number };
	status: number;
	/** The catalog the server created or replaced. */
	catalogName?: string;
}

export interface JdbcPut {
	pathName: string;
	user: string;
	body: unknown;
	/** Top-level keys the bean has no property for (the JSON readers ignore them silently). */
	ignoredFields: string[];
	status: number;
}

export interface DatasourceState {
	connections: JdbcConnection[];
	catalogs: AnalysisCatalog[];
	domains: DswDomain[];
	/** What GET one does with passwords (10.2+ settings; 9.3 always nullifies): `nullify` (default), `encrypt`, or `plain`. */
	passwordMode: 'nullify' | 'encrypt' | 'plain';
	/** How GET one writes a connection in JSON: flexjson (9.3 to 11.0) or Jackson (11.1+). */
	connectionJson: 'flexjson' | 'jackson';
	/** Every analysis upload the emulator received (fields as sent), newest last. */
	uploads: AnalysisUpload[];
	/** Every JDBC PUT the emulator received, newest last. */
	jdbcPuts: JdbcPut[];
}

export interface DatasourceSeed {
	connections?: Array<Partial<Record<string, Json>> & { name: string }>;
	catalogs?: Array<{ id: string; content: string; mimeType?: string; extraFiles?: Record<string, string>; datasourceName?: string; xmlaEnabled?: boolean }>;
	domains?: Array<{ id: string; files: Record<string, string>; catalogRef?: string }>;
	passwordMode?: DatasourceState['passwordMode'];
	connectionJson?: DatasourceState['connectionJson'];
	/** Protect `PUT …/analysis/catalog/{id}` with the CSRF gate (not so on real servers: see the header). */
	csrfOnImports?: boolean;
}

interface TypeInfo {
	name: string;
	shortName: string;
	defaultDatabasePort: number;
	extraOptionsHelpUrl: string;
	supportedAccessTypes: string[];
	defaultDatabaseName?: string | null;
}

const DATABASE_TYPES: Record<string, TypeInfo> = {
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

const DEFAULT_SEED: Required<Pick<DatasourceSeed, 'connections' | 'catalogs' | 'domains'>> = {
	connections: [
		{ name: 'SampleData', databaseType: 'HYPERSONIC', hostname: 'localhost', databaseName: 'SampleData', databasePort: '9001', username: 'pentaho_user', password: 'password', attributes: { PORT_NUMBER: '9001' } },
		{ name: 'SalesDW', databaseType: 'POSTGRESQL', hostname: 'db.example.com', databaseName: 'sales', databasePort: '5432', username: 'reporting', password: 'Rep0rting!', extraOptions: { 'POSTGRESQL.ssl': 'true' }, maximumPoolSize: 20, connectSql: 'SET search_path TO sales' },
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
		{ id: 'inventory.xmi', files: { 'inventory.xmi': xmiModel('inventory'), 'inventory.mondrian.xml': schemaXml('inventory', 'INVENTORY') }, catalogRef: 'inventory' },
	],
};

// ---- The DatabaseConnection bean ----

/** The bean's properties that JSON readers bind (setters of DatabaseConnection), by kind. */
const STRING_PROPS = ['id', 'name', 'databaseName', 'databasePort', 'hostname', 'username', 'password', 'dataTablespace', 'indexTablespace', 'informixServername', 'connectSql', 'accessTypeValue'];
const BOOLEAN_PROPS = ['streamingResults', 'quoteAllFields', 'changed', 'usingDoubleDecimalAsSchemaTableSeparator', 'forcingIdentifiersToLowerCase', 'forcingIdentifiersToUpperCase', 'usingConnectionPool', 'partitioned'];
const INT_PROPS = ['initialPoolSize', 'maximumPoolSize'];
const MAP_PROPS = ['extraOptions', 'extraOptionsOrder', 'attributes', 'connectionPoolingProperties'];
const OTHER_PROPS = ['accessType', 'databaseType', 'partitioningInformation'];
/** setSQLServerInstance: flexjson (java.beans) names it SQLServerInstance, Jackson sqlserverInstance. */
const SQLSERVER_PROPS = ['SQLServerInstance', 'sqlserverInstance'];
const BEAN_PROPS = new Set([...STRING_PROPS, ...BOOLEAN_PROPS, ...INT_PROPS, ...MAP_PROPS, ...OTHER_PROPS, ...SQLSERVER_PROPS]);
const ACCESS_TYPES = ['NATIVE', 'ODBC', 'OCI', 'PLUGIN', 'JNDI', 'CUSTOM'];

class BindError extends Error {}

function stringMap(value: unknown): Record<string, Json> {
	if (value === null || value === undefined) return {};
	if (typeof value !== 'object' || Array.isArray(value)) throw new BindError('not a map');
	return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, v === null ? null : String(v)]));
}

function typeOf(input: unknown): Record<string, Json> | null {
	if (input === null || input === undefined) return null;
	if (typeof input === 'string') {
		const known = DATABASE_TYPES[input];
		return { ...(known ?? { name: input, shortName: input, defaultDatabasePort: -1, extraOptionsHelpUrl: '', supportedAccessTypes: ['NATIVE', 'ODBC', 'JNDI'] }), defaultDatabaseName: null, defaultOptions: null } as Record<string, Json>;
	}
	if (typeof input !== 'object' || Array.isArray(input)) throw new BindError('databaseType is not an object');
	const t = input as Record<string, unknown>;
	return {
		name: t.name === undefined || t.name === null ? null : String(t.name),
		shortName: t.shortName === undefined || t.shortName === null ? null : String(t.shortName),
		defaultDatabasePort: Number.isFinite(Number(t.defaultDatabasePort)) ? Math.trunc(Number(t.defaultDatabasePort)) : 0,
		extraOptionsHelpUrl: t.extraOptionsHelpUrl === undefined || t.extraOptionsHelpUrl === null ? null : String(t.extraOptionsHelpUrl),
		supportedAccessTypes: Array.isArray(t.supportedAccessTypes) ? t.supportedAccessTypes.map(String) : null,
		defaultDatabaseName: t.defaultDatabaseName === undefined || t.defaultDatabaseName === null ? null : String(t.defaultDatabaseName),
		defaultOptions: t.defaultOptions && typeof t.defaultOptions === 'object' ? stringMap(t.defaultOptions) : null,
	};
}

/**
 * A connection as the JSON readers bind it: a new bean (defaults: strings null, booleans false,
 * ints 0, maps empty) with the body's known properties set; unknown properties are ignored.
 */
function bindConnection(input: Record<string, unknown>): JdbcConnection {
	const bean: Record<string, Json> = {};
	for (const key of STRING_PROPS) bean[key] = null;
	for (const key of BOOLEAN_PROPS) bean[key] = false;
	for (const key of INT_PROPS) bean[key] = 0;
	for (const key of MAP_PROPS) bean[key] = {};
	bean.accessType = null;
	bean.databaseType = null;
	bean.partitioningInformation = null;
	for (const [key, value] of Object.entries(input)) {
		if (!BEAN_PROPS.has(key)) continue;
		if (STRING_PROPS.includes(key)) bean[key] = value === null || value === undefined ? null : typeof value === 'object' ? JSON.stringify(value) : String(value);
		else if (BOOLEAN_PROPS.includes(key)) bean[key] = value === true || value === 'true';
		else if (INT_PROPS.includes(key)) {
			const n = Number(value);
			if (!Number.isInteger(n)) throw new BindError(`${key} is not a whole number`);
			bean[key] = n;
		} else if (MAP_PROPS.includes(key)) bean[key] = stringMap(value);
		else if (key === 'accessType') {
			if (value !== null && !ACCESS_TYPES.includes(String(value))) throw new BindError(`No enum constant ${String(value)}`);
			bean.accessType = value === null ? null : String(value);
		} else if (key === 'databaseType') bean.databaseType = typeOf(value);
		else if (key === 'partitioningInformation') bean.partitioningInformation = Array.isArray(value) ? (value as Json[]) : null;
		else if (SQLSERVER_PROPS.includes(key)) (bean.extraOptions as Record<string, Json>)['MSSQL.instance'] = value === null ? null : String(value);
	}
	return bean as JdbcConnection;
}

/** A seeded connection: a bound bean with the usual defaults of a connection made in the console. */
function seededConnection(input: Record<string, unknown>): JdbcConnection {
	return bindConnection({ id: randomUUID(), accessType: 'NATIVE', usingConnectionPool: true, connectSql: '', dataTablespace: '', indexTablespace: '', informixServername: '', ...input });
}

/** getDatabaseName(): a blank name falls back to the type's default database name. */
function databaseNameOf(bean: JdbcConnection): Json {
	const type = bean.databaseType as Record<string, Json> | null;
	const name = bean.databaseName;
	if (type && (name === null || String(name).trim() === '') && type.shortName !== 'KettleThin') return type.defaultDatabaseName ?? null;
	return name;
}

/** What the bean's getters answer: the properties a writer sees. */
function beanView(bean: JdbcConnection): Record<string, Json> {
	const out: Record<string, Json> = {};
	for (const key of [...STRING_PROPS, ...BOOLEAN_PROPS, ...INT_PROPS, ...MAP_PROPS, 'accessType', 'databaseType', 'partitioningInformation']) out[key] = bean[key] ?? null;
	out.databaseName = databaseNameOf(bean);
	out.accessTypeValue = bean.accessType ?? bean.accessTypeValue ?? null;
	const extra = (bean.extraOptions ?? {}) as Record<string, Json>;
	out.SQLServerInstance = extra['MSSQL.instance'] ?? null;
	return out;
}

/**
 * flexjson's shallow `JSONSerializer().exclude("*.class")` (DatabaseConnectionReaderWriter@9.3.0.0-422
 * to 11.0.0.0-237): every getter, nulls included, but no lists or arrays (partitioningInformation,
 * databaseType.supportedAccessTypes); property names as java.beans gives them (SQLServerInstance).
 */
function flexjsonConnection(bean: JdbcConnection): Record<string, Json> {
	const out = beanView(bean);
	delete out.partitioningInformation;
	if (out.databaseType && typeof out.databaseType === 'object') {
		const { supportedAccessTypes: _dropped, ...type } = out.databaseType as Record<string, Json>;
		out.databaseType = type;
	}
	return out;
}

/** Jackson (DatabaseConnectionReaderWriter@HEAD, 11.1+): every getter, lists included; SQLServerInstance as sqlserverInstance. */
function jacksonConnection(bean: JdbcConnection): Record<string, Json> {
	const { SQLServerInstance, ...rest } = beanView(bean);
	return { ...rest, sqlserverInstance: SQLServerInstance };
}

function escapeXml(text: string): string {
	return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function jaxbListXml(names: string[]): string {
	const items = names.map((name) => `<Item xsi:type="xs:string">${escapeXml(name)}</Item>`).join('');
	return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><List xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xs="http://www.w3.org/2001/XMLSchema">${items}</List>`;
}

/**
 * A JaxbList in JSON: Jersey 1 "mapped" (`{"Item":[{"@type":"xs:string","$":"…"}]}`, one item as a
 * bare object, no items as `{}`), or Jackson (`{"Item":["…"]}`, always a list).
 */
function jaxbListJson(app: EmulatorApp, names: string[]): unknown {
	if (app.profile.jsonStyle === 'jackson') return { Item: names };
	return styled(app.profile, { Item: names.map((name) => ({ '@type': 'xs:string', $: name })) });
}

function sendList(app: EmulatorApp, ctx: RequestContext, names: string[]): void {
	if (ctx.wantsJson()) ctx.sendJson(200, jaxbListJson(app, names));
	else ctx.sendXml(200, jaxbListXml(names), 'application/xml');
}

function valueXml(name: string, value: Json): string {
	if (value === null) return '';
	if (Array.isArray(value)) return value.map((v) => valueXml(name, v)).join('');
	if (typeof value === 'object') {
		return `<${name}>${Object.entries(value)
			.map(([k, v]) => valueXml(k, v))
			.join('')}</${name}>`;
	}
	return `<${name}>${escapeXml(String(value))}</${name}>`;
}

/** JAXB XML of the bean (@XmlRootElement databaseConnection; maps as entry/key/value; nulls left out). */
function connectionXml(bean: JdbcConnection): string {
	const view = beanView(bean);
	const parts = Object.entries(view).map(([key, value]) => {
		if (MAP_PROPS.includes(key) && value && typeof value === 'object' && !Array.isArray(value)) {
			const entries = Object.entries(value)
				.map(([k, v]) => `<entry><key>${escapeXml(k)}</key>${v === null ? '' : `<value>${escapeXml(String(v))}</value>`}</entry>`)
				.join('');
			return `<${key}>${entries}</${key}>`;
		}
		return valueXml(key, value);
	});
	return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><databaseConnection>${parts.join('')}</databaseConnection>`;
}

function encryptPassword(password: string): string {
	return `Encrypted ${Buffer.from(Buffer.from(password, 'utf8').map((byte) => byte ^ 0x5a)).toString('hex')}`;
}

/** ResourceUtil.createAttachment: one file as is (quoted name), several as `<id without .xmi>.zip`. */
function attachment(ctx: RequestContext, id: string, files: Record<string, Buffer>, singleType: string): void {
	const names = Object.keys(files);
	if (names.length === 0) {
		ctx.send(500);
		return;
	}
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

/**
 * A value of Mondrian's connect-string (`mondrian.olap.Util.parseConnectString`, as
 * AnalysisService.getValue uses it): `name=value;…`, names case-insensitive, values optionally
 * quoted with ' or " (a doubled quote inside stands for one).
 */
export function connectStringValue(text: string | undefined, key: string): string | undefined {
	const source = text ?? '';
	let i = 0;
	let found: string | undefined;
	while (i < source.length) {
		const eq = source.indexOf('=', i);
		if (eq < 0) break;
		const name = source.slice(i, eq).trim();
		let j = eq + 1;
		while (source[j] === ' ') j++;
		let value = '';
		const quote = source[j];
		if (quote === "'" || quote === '"') {
			j++;
			while (j < source.length) {
				if (source[j] === quote) {
					if (source[j + 1] === quote) {
						value += quote;
						j += 2;
						continue;
					}
					j++;
					break;
				}
				value += source[j++];
			}
			const semi = source.indexOf(';', j);
			i = semi < 0 ? source.length : semi + 1;
		} else {
			const semi = source.indexOf(';', j);
			value = (semi < 0 ? source.slice(j) : source.slice(j, semi)).trim();
			i = semi < 0 ? source.length : semi + 1;
		}
		if (name.toLowerCase() === key.toLowerCase() && found === undefined) found = value;
	}
	return found;
}

/** `<Schema name="…">` of a Mondrian schema (AnalysisService.getSchemaName), or undefined. */
function schemaNameOf(content: Buffer): string | undefined {
	const match = /<Schema\b[^>]*\bname\s*=\s*("([^"]*)"|'([^']*)')/i.exec(content.toString('utf8'));
	if (!match) return undefined;
	const raw = match[2] ?? match[3] ?? '';
	return raw.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** AnalysisService.determineDomainCatalogName: the schema's name, else catalogName parameter or path id, else the file name (each cut at its first dot). */
function catalogNameFor(schemaName: string | undefined, parameters: string | undefined, pathId: string, fileName: string): string {
	if (schemaName) return schemaName;
	const fromParameters = connectStringValue(parameters, 'catalogName');
	const chosen = fromParameters ?? pathId;
	if (chosen === '') return fileName.includes('.') ? fileName.slice(0, fileName.indexOf('.')) : fileName;
	return chosen.includes('.') ? chosen.slice(0, chosen.indexOf('.')) : chosen;
}

const ANALYSIS_PARTS = new Set(['uploadInput', 'origCatalogName', 'datasourceName', 'overwrite', 'xmlaEnabledFlag', 'parameters', 'acl']);

export function register(app: EmulatorApp): void {
	const seed = (app.options.seed.datasource ?? {}) as DatasourceSeed;
	const state: DatasourceState = {
		connections: (seed.connections ?? DEFAULT_SEED.connections).map((c) => seededConnection(c)),
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
			catalogRef: d.catalogRef,
		})),
		passwordMode: seed.passwordMode ?? 'nullify',
		connectionJson: seed.connectionJson ?? 'flexjson',
		uploads: [],
		jdbcPuts: [],
	};
	app.state.datasource = state;

	const jdbc = `${DATASOURCE_PREFIX}/jdbc/connection`;
	const analysis = `${DATASOURCE_PREFIX}/analysis/catalog`;
	const dsw = `${DATASOURCE_PREFIX}/dsw/domain`;
	/** validateAccess (publish) and the data access permission: administrators only in the emulator. */
	const mayManage = (ctx: RequestContext) => ctx.user?.admin === true;
	const findConnection = (name: string) => state.connections.find((c) => c.name === name);

	// ---- JDBC connections (JDBCDatasourceResource) ----

	// pentaho/data-access:core/src/main/java/org/pentaho/platform/dataaccess/datasource/api/resources/JDBCDatasourceResource.java@9.3.0.0-422 and @HEAD, getConnectionIDs:
	// ConnectionServiceImpl.getConnections checks the data access permission first; any
	// ConnectionServiceException becomes WebApplicationException(500) with no body.
	app.server.add(
		'GET',
		jdbc,
		(ctx) => {
			if (!mayManage(ctx)) {
				ctx.send(500);
				return;
			}
			sendList(app, ctx, state.connections.map((c) => c.name));
		},
		{ format: 'xml' },
	);

	// pentaho/data-access:core/src/main/java/org/pentaho/platform/dataaccess/datasource/api/resources/JDBCDatasourceResource.java@HEAD getConnection (@9.3.0.0-422: password always nulled),
	// writer wizard/service/impl/DatabaseConnectionReaderWriter.java@11.0.0.0-237 (flexjson) and @HEAD (Jackson).
	// Every ConnectionServiceException (no permission, no such connection) is an empty 500.
	// The password is nullified (always at 9.3; by the default settings/nullify-password=true from 10.2).
	app.server.add(
		'GET',
		`${jdbc}/:name`,
		(ctx) => {
			const connection = findConnection(ctx.params.name);
			if (!mayManage(ctx) || !connection) {
				ctx.send(500);
				return;
			}
			const out = { ...connection } as JdbcConnection;
			const stored = connection.password;
			out.password =
				app.profile.before('10.2') || state.passwordMode === 'nullify' || stored === null
					? null
					: state.passwordMode === 'encrypt'
						? encryptPassword(String(stored))
						: stored;
			const accept = ctx.req.headers.accept ?? '';
			if (/xml/i.test(accept) && !/json/i.test(accept)) ctx.sendXml(200, connectionXml(out), 'application/xml');
			else ctx.sendJson(200, state.connectionJson === 'jackson' ? jacksonConnection(out) : flexjsonConnection(out));
		},
		{ format: 'json' },
	);

	// pentaho/data-access:core/src/main/java/org/pentaho/platform/dataaccess/datasource/api/resources/JDBCDatasourceResource.java@9.3.0.0-422 and @HEAD addOrUpdate, with
	// wizard/service/impl/ConnectionServiceImpl.java and ConnectionServiceHelper.java@HEAD:
	// validateAccess (401), then update the connection the path names (a blank password, or
	// one of only '*', keeps the stored one; the body replaces every other property and may rename it),
	// else add the body's connection. Success is always 204: updateConnection and addConnection answer
	// true or throw, so the documented 304 never happens; every failure is an empty 500.
	app.server.add('PUT', `${jdbc}/:connectionId`, async (ctx) => {
		const record: JdbcPut = { pathName: ctx.params.connectionId, user: ctx.user?.name ?? '', body: undefined, ignoredFields: [], status: 0 };
		state.jdbcPuts.push(record);
		const answer = (status: number, message?: string) => {
			record.status = status;
			if (message === undefined) ctx.send(status);
			else ctx.send(status, message, 'text/plain;charset=UTF-8');
		};
		if (!/application\/json/i.test(ctx.req.headers['content-type'] ?? '')) {
			// @Consumes(APPLICATION_JSON): the container refuses other types before the method runs.
			answer(415, 'Unsupported Media Type');
			return;
		}
		let body: unknown;
		try {
			body = await ctx.json<unknown>();
		} catch {
			answer(500);
			return;
		}
		record.body = body;
		if (typeof body !== 'object' || body === null || Array.isArray(body)) {
			answer(500);
			return;
		}
		record.ignoredFields = Object.keys(body).filter((key) => !BEAN_PROPS.has(key));
		if (!mayManage(ctx)) {
			answer(401);
			return;
		}
		let bean: JdbcConnection;
		try {
			bean = bindConnection(body as Record<string, unknown>);
		} catch {
			answer(500);
			return;
		}
		const type = bean.databaseType as Record<string, Json> | null;
		const name = bean.name === null ? '' : String(bean.name);
		if (!type || !type.shortName || name.trim() === '') {
			answer(500);
			return;
		}
		const pathName = ctx.params.connectionId;
		const existing = findConnection(pathName);
		if (existing) {
			const password = bean.password === null ? '' : String(bean.password);
			if (password.trim() === '' || /^\*+$/.test(password)) bean.password = existing.password;
			bean.id = existing.id;
			if (name !== pathName && findConnection(name)) {
				answer(500);
				return;
			}
			state.connections[state.connections.indexOf(existing)] = bean;
			answer(204);
			return;
		}
		if (findConnection(name)) {
			answer(500);
			return;
		}
		bean.id = randomUUID();
		state.connections.push(bean);
		answer(204);
	});

	// pentaho/data-access:core/src/main/java/org/pentaho/platform/dataaccess/datasource/api/resources/JDBCDatasourceResource.java@HEAD deleteConnection, with pentaho/pentaho-platform:
	// repository/src/main/java/org/pentaho/platform/repository/JcrBackedDatasourceMgmtService.java@HEAD.
	// ConnectionServiceImpl.deleteConnection(String) answers true or throws (no
	// permission, no such connection: JcrBackedDatasourceMgmtService.deleteDatasource(null) throws), so
	// the resource answers 204 or an empty 500; the documented 304 never happens.
	app.server.add('DELETE', `${jdbc}/:name`, (ctx) => {
		const connection = findConnection(ctx.params.name);
		if (!mayManage(ctx) || !connection) {
			ctx.send(500);
			return;
		}
		state.connections.splice(state.connections.indexOf(connection), 1);
		ctx.send(204);
	});

	// ---- Analysis schemas (AnalysisResource / AnalysisService) ----

	/** pentaho/data-access:core/src/main/java/org/pentaho/platform/dataaccess/datasource/api/AnalysisService.java@HEAD getAnalysisDatasourceIds: catalogs that are not the analysis half of a wizard domain. */
	const listedCatalogs = () => state.catalogs.filter((c) => !state.domains.some((d) => d.id === `${c.id}.xmi` && d.catalogRef === c.id));

	// pentaho/data-access:core/src/main/java/org/pentaho/platform/dataaccess/datasource/api/resources/AnalysisResource.java@HEAD getSchemaIds.
	app.server.add('GET', analysis, (ctx) => sendList(app, ctx, listedCatalogs().map((c) => c.id)), { format: 'xml' });

	// pentaho/data-access:core/src/main/java/org/pentaho/platform/dataaccess/datasource/api/resources/AnalysisResource.java@9.3.0.0-422 and @HEAD downloadSchema, api/resources/ResourceUtil.java@HEAD,
	// pentaho/pentaho-platform:extensions/src/main/java/org/pentaho/platform/plugin/services/importexport/legacy/MondrianCatalogRepositoryHelper.java@HEAD:
	// no manage permission → WebApplicationException(401), no such catalog →
	// RepositoryException → 400 (MondrianCatalogRepositoryHelper.getMondrianSchemaFiles), both without body.
	// The stored schema.xml is renamed <id>.mondrian.xml (DatasourceService.parseMondrianSchemaName).
	app.server.add(
		'GET',
		`${analysis}/:catalogId`,
		(ctx) => {
			if (!mayManage(ctx)) {
				ctx.send(401);
				return;
			}
			const catalog = state.catalogs.find((c) => c.id === ctx.params.catalogId);
			if (!catalog) {
				ctx.send(400);
				return;
			}
			attachment(ctx, catalog.id, { [`${catalog.id}.mondrian.xml`]: catalog.content, ...catalog.extraFiles }, catalog.mimeType);
		},
		{ format: 'binary' },
	);

	// pentaho/data-access:core/src/main/java/org/pentaho/platform/dataaccess/datasource/api/resources/AnalysisResource.java@9.3.0.0-422 and @HEAD putSchema, api/AnalysisService.java@HEAD putMondrianSchema:
	// multipart parts uploadInput (its file name is the schemaFileInfo), origCatalogName,
	// datasourceName (bound but unused by AnalysisService.putMondrianSchema), overwrite and
	// xmlaEnabledFlag (Boolean: missing → unboxing fails → 500), parameters, acl. 201 with no body.
	app.server.add(
		'PUT',
		`${analysis}/:catalogId`,
		async (ctx) => {
			const catalogId = ctx.params.catalogId;
			const record: AnalysisUpload = { catalogId, user: ctx.user?.name ?? '', fields: {}, ignoredFields: [], status: 0 };
			state.uploads.push(record);
			const answer = (status: number, message?: string) => {
				record.status = status;
				if (message === undefined) ctx.send(status);
				else ctx.send(status, message, 'text/plain');
			};
			if (!/^multipart\/form-data/i.test(ctx.req.headers['content-type'] ?? '')) {
				answer(415, 'Unsupported Media Type');
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
			record.ignoredFields = [...Object.keys(form.fields), ...form.files.map((f) => f.fieldName)].filter((name) => !ANALYSIS_PARTS.has(name));
			const file = form.files.find((f) => f.fieldName === 'uploadInput');
			if (file) record.file = { fieldName: file.fieldName, fileName: file.fileName, mimeType: file.mimeType, size: file.content.length };
			// Boolean @FormDataParam: absent → null → unboxed into putMondrianSchema's boolean → NPE → 500, no message.
			if (form.fields.overwrite === undefined || form.fields.xmlaEnabledFlag === undefined) {
				answer(500);
				return;
			}
			if (!mayManage(ctx)) {
				answer(403, 'Access Denied');
				return;
			}
			if (!file) {
				// schemaFileInfo is null: getFileName() throws → "Unspecified general error" 500 with no message.
				answer(500);
				return;
			}
			if (/\.xmi$/.test(file.fileName)) {
				answer(412, 'Analysis datasource import failed: the file is a metadata model (.xmi), not an analysis schema');
				return;
			}
			let content = file.content;
			if (/\.zip$/.test(file.fileName)) {
				let entries: Record<string, Uint8Array> = {};
				try {
					entries = unzipSync(new Uint8Array(content));
				} catch {
					entries = {};
				}
				const schema = Object.keys(entries).find((name) => name.endsWith('.mondrian.xml'));
				if (schema) content = Buffer.from(entries[schema]);
			}
			if (!/<Schema[\s>]/.test(content.toString('utf8'))) {
				answer(412, 'Analysis datasource import failed: the file is not a Mondrian schema (no <Schema> element)');
				return;
			}
			const parameters = form.fields.parameters;
			const overwriteParameter = connectStringValue(parameters, 'overwrite');
			const overwrite = overwriteParameter !== undefined ? overwriteParameter.toLowerCase() === 'true' : form.fields.overwrite === 'true';
			const name = catalogNameFor(schemaNameOf(content), parameters, catalogId, file.fileName);
			const existing = state.catalogs.find((c) => c.id === name);
			if (existing && !overwrite) {
				answer(409, `Analysis catalog "${name}" already exists (use overwrite to replace it)`);
				return;
			}
			const original = form.fields.origCatalogName;
			if (original && original !== name) state.catalogs = state.catalogs.filter((c) => c.id !== original);
			const datasource = parameters ? connectStringValue(parameters, 'Datasource') : undefined;
			const catalog: AnalysisCatalog = {
				id: name,
				content,
				mimeType: 'text/xml',
				extraFiles: {},
				datasourceName: datasource,
				xmlaEnabled: form.fields.xmlaEnabledFlag === 'true',
				parameters: parameters || `Provider=mondrian;datasourceName=${datasource ?? 'null'};EnableXmla=${form.fields.xmlaEnabledFlag === 'true'}`,
				schemaFileName: file.fileName,
			};
			state.catalogs = state.catalogs.filter((c) => c.id !== name);
			state.catalogs.push(catalog);
			record.catalogName = name;
			answer(201);
		},
		{ csrf: seed.csrfOnImports === true },
	);

	// pentaho/data-access:core/src/main/java/org/pentaho/platform/dataaccess/datasource/api/resources/AnalysisResource.java@HEAD deleteSchema, api/AnalysisService.java@HEAD removeAnalysis,
	// pentaho/pentaho-platform:extensions/src/main/java/org/pentaho/platform/plugin/action/mondrian/catalog/MondrianCatalogHelper.java@HEAD:
	// no data access permission → 401; removeCatalog of a missing catalog throws
	// MondrianCatalogServiceException, which nothing maps → 500 (the container's, no message here).
	app.server.add('DELETE', `${analysis}/:catalogId`, (ctx) => {
		if (!mayManage(ctx)) {
			ctx.send(401);
			return;
		}
		const index = state.catalogs.findIndex((c) => c.id === ctx.params.catalogId);
		if (index < 0) {
			ctx.send(500);
			return;
		}
		state.catalogs.splice(index, 1);
		ctx.send(200);
	});

	// ---- Data source wizard domains (DataSourceWizardResource / DataSourceWizardService) ----

	// pentaho/data-access:core/src/main/java/org/pentaho/platform/dataaccess/datasource/api/resources/DataSourceWizardResource.java@HEAD getDSWDIds (DataSourceWizardService.getDSWDatasourceIds).
	app.server.add('GET', dsw, (ctx) => sendList(app, ctx, state.domains.map((d) => d.id)), { format: 'xml' });

	// pentaho/data-access:core/src/main/java/org/pentaho/platform/dataaccess/datasource/api/resources/DataSourceWizardResource.java@9.3.0.0-422 and @HEAD downloadDsw, api/DataSourceWizardService.java@HEAD:
	// no manage permission → 401 without body; a missing domain fails inside the service
	// (null domain) → 500 without message.
	app.server.add(
		'GET',
		`${dsw}/:dswId`,
		(ctx) => {
			if (!mayManage(ctx)) {
				ctx.send(401);
				return;
			}
			const domain = state.domains.find((d) => d.id === ctx.params.dswId);
			if (!domain) {
				ctx.send(500);
				return;
			}
			attachment(ctx, domain.id, domain.files, 'text/xml');
		},
		{ format: 'binary' },
	);

	// pentaho/data-access:core/src/main/java/org/pentaho/platform/dataaccess/datasource/api/resources/DataSourceWizardResource.java@HEAD remove, api/DataSourceWizardService.java@HEAD removeDSW:
	// no data access permission → 401; a missing domain → 500 (null domain); the domain's
	// analysis catalog (MondrianCatalogRef) goes with it. 200 without body.
	app.server.add('DELETE', `${dsw}/:dswId`, (ctx) => {
		if (!mayManage(ctx)) {
			ctx.send(401);
			return;
		}
		const index = state.domains.findIndex((d) => d.id === ctx.params.dswId);
		if (index < 0) {
			ctx.send(500);
			return;
		}
		const [domain] = state.domains.splice(index, 1);
		if (domain.catalogRef) state.catalogs = state.catalogs.filter((c) => c.id !== domain.catalogRef);
		ctx.send(200);
	});
}

/** For tests and seeds: the bytes of a zip built like the server builds its attachments. */
export function zipOf(files: Record<string, string | Buffer>): Buffer {
	return Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([n, c]) => [n, typeof c === 'string' ? strToU8(c) : new Uint8Array(c)]))));
}
