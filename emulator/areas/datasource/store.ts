/**
 * The data-source area's state (connections, analysis catalogs, wizard domains, and the record of
 * uploads and PUTs for tests) and the DatabaseConnection bean as the server binds it.
 */
import { randomUUID } from 'node:crypto';

import type { RequestContext } from '../../core/types';
import { safeEscapeHtml, unescapeHtml } from './html';
import { decryptPasswordOptionallyEncrypted, encryptPasswordIfNotUsingVariables } from './kettle';

export const DATASOURCE_PREFIX = '/plugin/data-access/api/datasource';

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
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

export interface TypeInfo {
	name: string;
	shortName: string;
	defaultDatabasePort: number;
	extraOptionsHelpUrl: string;
	supportedAccessTypes: string[];
	defaultDatabaseName?: string | null;
}

export const DATABASE_TYPES: Record<string, TypeInfo> = {
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

// ---- The DatabaseConnection bean ----

/** The bean's properties that JSON readers bind (setters of DatabaseConnection), by kind. */
export const STRING_PROPS = ['id', 'name', 'databaseName', 'databasePort', 'hostname', 'username', 'password', 'dataTablespace', 'indexTablespace', 'informixServername', 'connectSql', 'accessTypeValue'];
export const BOOLEAN_PROPS = ['streamingResults', 'quoteAllFields', 'changed', 'usingDoubleDecimalAsSchemaTableSeparator', 'forcingIdentifiersToLowerCase', 'forcingIdentifiersToUpperCase', 'usingConnectionPool', 'partitioned'];
export const INT_PROPS = ['initialPoolSize', 'maximumPoolSize'];
export const MAP_PROPS = ['extraOptions', 'extraOptionsOrder', 'attributes', 'connectionPoolingProperties'];
const OTHER_PROPS = ['accessType', 'databaseType', 'partitioningInformation'];
/** setSQLServerInstance: flexjson (java.beans) names it SQLServerInstance, Jackson sqlserverInstance. */
const SQLSERVER_PROPS = ['SQLServerInstance', 'sqlserverInstance'];
export const BEAN_PROPS = new Set([...STRING_PROPS, ...BOOLEAN_PROPS, ...INT_PROPS, ...MAP_PROPS, ...OTHER_PROPS, ...SQLSERVER_PROPS]);
const ACCESS_TYPES = ['NATIVE', 'ODBC', 'OCI', 'PLUGIN', 'JNDI', 'CUSTOM'];

export class BindError extends Error {}

function stringMap(value: unknown): Record<string, Json> {
	if (value === null || value === undefined) return {};
	if (typeof value !== 'object' || Array.isArray(value)) throw new BindError('not a map');
	return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, v === null ? null : String(v)]));
}

function typeOf(input: unknown, allowShortName: boolean): Record<string, Json> | null {
	if (input === null || input === undefined) return null;
	if (typeof input === 'string') {
		// flexjson's ObjectBinder (and Jackson) cannot bind a JSON string into DatabaseType: only seeds name a type so.
		if (!allowShortName) throw new BindError('databaseType is not an object');
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
export function bindConnection(input: Record<string, unknown>, options: { seed?: boolean } = {}): JdbcConnection {
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
		} else if (key === 'databaseType') bean.databaseType = typeOf(value, options.seed === true);
		else if (key === 'partitioningInformation') bean.partitioningInformation = Array.isArray(value) ? (value as Json[]) : null;
		else if (SQLSERVER_PROPS.includes(key)) (bean.extraOptions as Record<string, Json>)['MSSQL.instance'] = value === null ? null : String(value);
	}
	return bean as JdbcConnection;
}

/**
 * A seeded connection, as one made in the console: ConnectionService.addConnection (`…/api/connection/add`)
 * runs UtilHtmlSanitizer.sanitizeConnectionParameters first, so the repository holds the HTML-escaped name,
 * database name, port, host, password and user; then it goes through the repository like any other.
 */
export function seededConnection(input: Record<string, unknown>): JdbcConnection {
	const bean = bindConnection({ id: randomUUID(), accessType: 'NATIVE', usingConnectionPool: true, connectSql: '', dataTablespace: '', indexTablespace: '', informixServername: '', ...input }, { seed: true });
	for (const key of SANITIZED_PROPS) bean[key] = safeEscapeHtml(bean[key] as string | null);
	return repositoryRoundTrip(bean);
}

/** The fields UtilHtmlSanitizer escapes (sanitize) and unescapes (unsanitize). */
const SANITIZED_PROPS = ['name', 'databaseName', 'databasePort', 'hostname', 'password', 'username'];

/** ConnectionServiceImpl.getConnectionByName/getConnections: the stored bean with UtilHtmlSanitizer.unsanitizeConnectionParameters applied. */
export function unsanitized(bean: JdbcConnection): JdbcConnection {
	const out = { ...bean } as JdbcConnection;
	for (const key of SANITIZED_PROPS) out[key] = unescapeHtml(out[key] as string | null);
	return out;
}

/**
 * Which stored connection a name in a request finds: ConnectionServiceImpl.getConnectionByName and
 * deleteConnection(String) look the name up HTML-escaped (`sanitizer.safeEscapeHtml( name )`,
 * pentaho/data-access:…/wizard/service/impl/ConnectionServiceImpl.java@10.2.0.0-222, the same 9.3.0.0-R to
 * 11.0.0.3-300), while the JDBC PUT stores the name as sent. A connection written through the PUT with `&`,
 * `<`, `>`, `"` or a non-ASCII character in its name is therefore listed but never found again by name.
 */
export function lookupConnection(state: DatasourceState, requestName: string): JdbcConnection | undefined {
	const key = safeEscapeHtml(requestName);
	return state.connections.find((c) => c.name === key);
}

/** The stored file of that exact name (JcrBackedDatasourceMgmtService.getDatasourceByName, unescaped), as ConnectionServiceHelper and createDatasource meet it. */
export function storedConnection(state: DatasourceState, name: string | null): JdbcConnection | undefined {
	return name === null ? undefined : state.connections.find((c) => c.name === name);
}

/**
 * What a connection pool logs in with: PooledDatasourceHelper.getConnectionFactory puts
 * `unescapeHtml(getUsername())` and `unescapeHtml(getPassword())` of the connection as the repository returns
 * it (pentaho/pentaho-platform:core/src/main/java/org/pentaho/platform/engine/services/connection/datasource/dbcp/PooledDatasourceHelper.java@9.3.0.0-R,
 * @10.2.0.0-222 and @11.0.0.3-310; `convert` for non-pooled connections passes them without unescaping).
 * Nothing on the way decodes an `Encrypted …` text: a password written as such is the login password.
 */
export function poolLogin(bean: JdbcConnection): { user: string | null; password: string | null } {
	return { user: unescapeHtml(bean.username as string | null), password: unescapeHtml(bean.password as string | null) };
}

export class StoreError extends Error {}

const STORED_STRINGS = ['hostname', 'databaseName', 'username', 'informixServername', 'dataTablespace', 'indexTablespace', 'connectSql'];
const STORED_BOOLEANS = ['quoteAllFields', 'usingConnectionPool', 'forcingIdentifiersToLowerCase', 'forcingIdentifiersToUpperCase', 'usingDoubleDecimalAsSchemaTableSeparator'];
const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;

/** Java's Long.parseLong: an optional sign and decimal digits within the long range, else NumberFormatException. */
function parseJavaLong(text: string): bigint {
	if (!/^[+-]?[0-9]+$/.test(text)) throw new StoreError(`NumberFormatException: For input string: "${text}"`);
	const value = BigInt(text);
	if (value < LONG_MIN || value > LONG_MAX) throw new StoreError(`NumberFormatException: For input string: "${text}"`);
	return value;
}

function mapBack(value: Json): Record<string, Json> {
	const out: Record<string, Json> = {};
	for (const [k, v] of Object.entries((value ?? {}) as Record<string, Json>)) out[k] = v === null || v === '' ? '' : String(v);
	return out;
}

/**
 * A connection written to the repository and read back: pentaho/pentaho-platform:repository/src/main/java/org/pentaho/platform/repository/DatabaseHelper.java
 * databaseConnectionToDataNode + dataNodeToDatabaseConnection (@9.3.0.0-R, @10.2.0.0-222, @11.0.0.3-310; HEAD adds CONNECTION_ID).
 * - accessType is required (`getAccessType().getName()`: NullPointerException → the write fails);
 * - the port is stored as a long (`Long.parseLong`, null or "" → 0): a port that is not a whole number fails the write,
 *   and it reads back as the number's text ("+05432" → "5432"); PORT_NUMBER is added to the attributes when absent;
 * - null texts (host, database, user, Informix server, tablespaces, connect SQL) are stored as "" and read back as "";
 * - the password is stored with Encr.encryptPasswordIfNotUsingVariables and read with decryptPasswordOptionallyEncrypted:
 *   whatever text was written comes back as written (an `Encrypted …` text too: it is encrypted once more on the way
 *   in and decrypted once on the way out), null comes back as "";
 * - streamingResults, changed, partitioned, partitioningInformation and accessTypeValue are not stored (false / null);
 * - map values read back as text ("" for null);
 * - the type is stored by short name and read back as the server's own type of that name (databaseTypeHelper;
 *   the emulator knows three, and keeps what was sent for the others), or null when none was sent.
 */
export function repositoryRoundTrip(bean: JdbcConnection): JdbcConnection {
	if (bean.accessType === null || bean.accessType === undefined) throw new StoreError('NullPointerException: no access type');
	const portText = bean.databasePort === null || bean.databasePort === '' ? '0' : String(bean.databasePort);
	const port = parseJavaLong(portText).toString();
	const out: Record<string, Json> = { ...bean };
	for (const key of STORED_STRINGS) out[key] = bean[key] === null || bean[key] === undefined ? '' : bean[key];
	for (const key of STORED_BOOLEANS) out[key] = bean[key] === true;
	out.databasePort = port;
	out.password = decryptPasswordOptionallyEncrypted(encryptPasswordIfNotUsingVariables(bean.password as string | null));
	out.streamingResults = false;
	out.changed = false;
	out.partitioned = false;
	out.partitioningInformation = null;
	out.accessTypeValue = null;
	const attributes = mapBack(bean.attributes);
	if ((bean.attributes as Record<string, Json> | null)?.PORT_NUMBER === undefined || (bean.attributes as Record<string, Json>).PORT_NUMBER === null) attributes.PORT_NUMBER = port;
	out.attributes = attributes;
	for (const key of ['connectionPoolingProperties', 'extraOptions', 'extraOptionsOrder']) out[key] = mapBack(bean[key]);
	const type = bean.databaseType as Record<string, Json> | null;
	if (type) {
		const shortName = type.shortName === null || type.shortName === undefined ? null : String(type.shortName);
		const known = shortName ? DATABASE_TYPES[shortName.toUpperCase()] : undefined;
		out.databaseType = known ? ({ ...known, defaultDatabaseName: null, defaultOptions: null } as unknown as Json) : shortName ? type : null;
	}
	return out as JdbcConnection;
}

/** getDatabaseName(): a blank name falls back to the type's default database name. */
export function databaseNameOf(bean: JdbcConnection): Json {
	const type = bean.databaseType as Record<string, Json> | null;
	const name = bean.databaseName;
	if (type && (name === null || String(name).trim() === '') && type.shortName !== 'KettleThin') return type.defaultDatabaseName ?? null;
	return name;
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
export function schemaNameOf(content: Buffer): string | undefined {
	const match = /<Schema\b[^>]*\bname\s*=\s*("([^"]*)"|'([^']*)')/i.exec(content.toString('utf8'));
	if (!match) return undefined;
	const raw = match[2] ?? match[3] ?? '';
	return raw.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** AnalysisService.determineDomainCatalogName: the schema's name, else catalogName parameter or path id, else the file name (each cut at its first dot). */
export function catalogNameFor(schemaName: string | undefined, parameters: string | undefined, pathId: string, fileName: string): string {
	if (schemaName) return schemaName;
	const fromParameters = connectStringValue(parameters, 'catalogName');
	const chosen = fromParameters ?? pathId;
	if (chosen === '') return fileName.includes('.') ? fileName.slice(0, fileName.indexOf('.')) : fileName;
	return chosen.includes('.') ? chosen.slice(0, chosen.indexOf('.')) : chosen;
}

export const ANALYSIS_PARTS = new Set(['uploadInput', 'origCatalogName', 'datasourceName', 'overwrite', 'xmlaEnabledFlag', 'parameters', 'acl']);

/** validateAccess (publish) and the data access permission: administrators only in the emulator. */
export function mayManage(ctx: RequestContext): boolean {
	return ctx.user?.admin === true;
}
