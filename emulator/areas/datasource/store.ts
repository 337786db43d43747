/**
 * The data-source area's state (connections, analysis catalogs, wizard domains, and the record of
 * uploads and PUTs for tests) and the DatabaseConnection bean as the server binds it.
 */
import { randomUUID } from 'node:crypto';

import type { RequestContext } from '../../core/types';

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
export function bindConnection(input: Record<string, unknown>): JdbcConnection {
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
export function seededConnection(input: Record<string, unknown>): JdbcConnection {
	return bindConnection({ id: randomUUID(), accessType: 'NATIVE', usingConnectionPool: true, connectSql: '', dataTablespace: '', indexTablespace: '', informixServername: '', ...input });
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

export function findConnection(state: DatasourceState, name: string): JdbcConnection | undefined {
	return state.connections.find((c) => c.name === name);
}
