/**
 * JDBC connections: the database types the "Using Fields Below" mode offers, the JSON connection
 * the server takes (`DatabaseConnection`), and the typed form of what it answers. Passwords that
 * come back are kept exactly as the server sends them (null by default, or `Encrypted …`).
 */
import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';

import { InputError } from '../../common/inputError';
import { toArray, typed } from '../../common/values';

export interface DatabaseTypeInfo {
	name: string;
	shortName: string;
	defaultDatabasePort: number;
	supportedAccessTypes: string[];
}

const STANDARD = ['NATIVE', 'ODBC', 'JNDI'];

/** The common database types, by short name (the server's key for a type). */
export const DATABASE_TYPES: Record<string, DatabaseTypeInfo> = {
	GENERIC: { name: 'Generic database', shortName: 'GENERIC', defaultDatabasePort: -1, supportedAccessTypes: STANDARD },
	H2: { name: 'H2', shortName: 'H2', defaultDatabasePort: -1, supportedAccessTypes: STANDARD },
	HYPERSONIC: { name: 'Hypersonic', shortName: 'HYPERSONIC', defaultDatabasePort: 9001, supportedAccessTypes: STANDARD },
	MARIADB: { name: 'MariaDB', shortName: 'MARIADB', defaultDatabasePort: 3306, supportedAccessTypes: STANDARD },
	MSSQL: { name: 'MS SQL Server', shortName: 'MSSQL', defaultDatabasePort: 1433, supportedAccessTypes: STANDARD },
	MSSQLNATIVE: { name: 'MS SQL Server (Native)', shortName: 'MSSQLNATIVE', defaultDatabasePort: 1433, supportedAccessTypes: STANDARD },
	MYSQL: { name: 'MySQL', shortName: 'MYSQL', defaultDatabasePort: 3306, supportedAccessTypes: STANDARD },
	ORACLE: { name: 'Oracle', shortName: 'ORACLE', defaultDatabasePort: 1521, supportedAccessTypes: ['NATIVE', 'ODBC', 'OCI', 'JNDI'] },
	POSTGRESQL: { name: 'PostgreSQL', shortName: 'POSTGRESQL', defaultDatabasePort: 5432, supportedAccessTypes: STANDARD },
	REDSHIFT: { name: 'Redshift', shortName: 'REDSHIFT', defaultDatabasePort: 5439, supportedAccessTypes: STANDARD },
};

/** The database type options, sorted by name. */
export const DATABASE_TYPE_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Amazon Redshift', value: 'REDSHIFT' },
	{ name: 'Generic Database', value: 'GENERIC' },
	{ name: 'H2', value: 'H2' },
	{ name: 'Hypersonic (HSQLDB)', value: 'HYPERSONIC' },
	{ name: 'MariaDB', value: 'MARIADB' },
	{ name: 'Microsoft SQL Server', value: 'MSSQL' },
	{ name: 'Microsoft SQL Server (Native)', value: 'MSSQLNATIVE' },
	{ name: 'MySQL', value: 'MYSQL' },
	{ name: 'Oracle', value: 'ORACLE' },
	{ name: 'PostgreSQL', value: 'POSTGRESQL' },
];

export const ACCESS_TYPE_OPTIONS: INodePropertyOptions[] = [
	{ name: 'JNDI', value: 'JNDI', description: 'A data source the application server provides; give its JNDI name as the database name' },
	{ name: 'Native (JDBC)', value: 'NATIVE', description: 'A JDBC connection from host, port and database' },
	{ name: 'ODBC', value: 'ODBC', description: 'An ODBC data source; give the DSN as the database name' },
];

/**
 * What the user asks to set on a connection. An empty text, an empty database or access type and an
 * option that was not added mean "keep what the connection has" (or the default, for a new one).
 */
export interface ConnectionChanges {
	name: string;
	databaseType: string;
	accessType: string;
	hostname: string;
	databaseName: string;
	databasePort: string;
	username: string;
	password: string;
	usingConnectionPool?: boolean;
	initialPoolSize?: number;
	maximumPoolSize?: number;
	connectSql?: string;
	extraOptions: Array<{ name: string; value: string }>;
	poolingProperties: Array<{ name: string; value: string }>;
}

export class ConnectionInputError extends InputError {}

const ACCESS_TYPES = ['NATIVE', 'JNDI', 'ODBC', 'OCI'];

function checkPort(port: string): void {
	if (port !== '' && (!/^\d+$/.test(port) || Number(port) < 1 || Number(port) > 65535)) {
		throw new ConnectionInputError(`Port "${port}" is not a port number (1 to 65535)`);
	}
}

/** Checks what can be checked before any request: types known, port a number, names given, pool sizes. */
export function checkChanges(changes: ConnectionChanges): void {
	if (changes.databaseType !== '' && !DATABASE_TYPES[changes.databaseType]) {
		throw new ConnectionInputError(`Unknown database type "${changes.databaseType}"`);
	}
	if (changes.accessType !== '' && !ACCESS_TYPES.includes(changes.accessType)) {
		throw new ConnectionInputError(`Unknown access type "${changes.accessType}"`);
	}
	const type = DATABASE_TYPES[changes.databaseType];
	if (type && changes.accessType !== '' && !type.supportedAccessTypes.includes(changes.accessType)) {
		throw new ConnectionInputError(`${type.name} does not support the access type ${changes.accessType}`);
	}
	checkPort(changes.databasePort.trim());
	for (const option of changes.extraOptions) {
		if (String(option.name ?? '').trim() === '') throw new ConnectionInputError('An extra option has no name');
	}
	for (const property of changes.poolingProperties) {
		if (String(property.name ?? '').trim() === '') throw new ConnectionInputError('A pooling property has no name');
	}
	for (const [label, size] of [
		['Initial Pool Size', changes.initialPoolSize],
		['Maximum Pool Size', changes.maximumPoolSize],
	] as const) {
		if (size !== undefined && (!Number.isInteger(size) || size < 0)) {
			throw new ConnectionInputError(`${label} must be a whole number of 0 or more`);
		}
	}
	if (changes.initialPoolSize !== undefined && changes.maximumPoolSize !== undefined && changes.initialPoolSize > changes.maximumPoolSize) {
		throw new ConnectionInputError('Initial Pool Size is larger than Maximum Pool Size');
	}
}

/**
 * The JSON connection for the server: the stored one (`current`, from `writableConnection`, or
 * undefined for a new connection) with the user's changes over it. Fields the user left empty keep
 * their stored values; extra options and pooling properties are added to the stored ones (a name
 * without a dot gets the type's short name in front, as the server stores them). An empty password
 * is left out: the server then keeps the stored one.
 */
export function mergeConnection(current: IDataObject | undefined, changes: ConnectionChanges): IDataObject {
	const body: IDataObject = current ? { ...current } : {};
	body.name = changes.name;
	const currentType = (current?.databaseType as IDataObject | undefined)?.shortName;
	const shortName = changes.databaseType !== '' ? changes.databaseType : currentType === undefined ? '' : String(currentType);
	if (shortName === '') {
		throw new ConnectionInputError('Database Type is empty: a new connection needs its database type');
	}
	if (changes.databaseType !== '') body.databaseType = databaseTypeBody(changes.databaseType);
	const type = DATABASE_TYPES[shortName];
	const accessType = changes.accessType !== '' ? changes.accessType : String(current?.accessType ?? 'NATIVE');
	body.accessType = accessType;
	if (type && !type.supportedAccessTypes.includes(accessType)) {
		throw new ConnectionInputError(`${type.name} does not support the access type ${accessType}`);
	}
	const text = (value: string, key: string) => {
		const given = value.trim();
		if (given !== '') body[key] = given;
		else if (body[key] === undefined) body[key] = '';
		return String(body[key]);
	};
	const hostname = text(changes.hostname, 'hostname');
	const databaseName = text(changes.databaseName, 'databaseName');
	if (changes.username !== '') body.username = changes.username;
	else if (body.username === undefined) body.username = '';
	let port = changes.databasePort.trim();
	if (port === '') port = String(body.databasePort ?? '').trim();
	if (port === '' && !current && type && type.defaultDatabasePort > 0 && accessType === 'NATIVE') port = String(type.defaultDatabasePort);
	checkPort(/^\$\{.*\}$/.test(port) ? '' : port);
	body.databasePort = port;
	const attributes = body.attributes as IDataObject | undefined;
	if (changes.databasePort.trim() !== '' && attributes && typeof attributes === 'object' && 'PORT_NUMBER' in attributes) {
		body.attributes = { ...attributes, PORT_NUMBER: port };
	}
	if (accessType === 'NATIVE' && hostname === '') {
		throw new ConnectionInputError('Host is empty: a native (JDBC) connection needs the database host');
	}
	if (databaseName === '') {
		throw new ConnectionInputError(
			accessType === 'JNDI'
				? 'Database Name is empty: give the JNDI name of the data source'
				: accessType === 'ODBC'
					? 'Database Name is empty: give the ODBC data source name (DSN)'
					: 'Database Name is empty',
		);
	}
	if (changes.password !== '') body.password = changes.password;
	else delete body.password;
	if (changes.usingConnectionPool !== undefined) body.usingConnectionPool = changes.usingConnectionPool;
	else if (body.usingConnectionPool === undefined) body.usingConnectionPool = true;
	if (changes.initialPoolSize !== undefined) body.initialPoolSize = changes.initialPoolSize;
	if (changes.maximumPoolSize !== undefined) body.maximumPoolSize = changes.maximumPoolSize;
	const initial = Number(body.initialPoolSize ?? 0);
	const maximum = Number(body.maximumPoolSize ?? 0);
	if (body.initialPoolSize !== undefined && body.maximumPoolSize !== undefined && maximum > 0 && initial > maximum) {
		throw new ConnectionInputError(`Initial Pool Size (${initial}) is larger than Maximum Pool Size (${maximum})`);
	}
	if (changes.connectSql !== undefined && changes.connectSql !== '') body.connectSql = changes.connectSql;
	const extraOptions: IDataObject = { ...((body.extraOptions as IDataObject | undefined) ?? {}) };
	for (const option of changes.extraOptions) {
		const key = String(option.name ?? '').trim();
		extraOptions[key.includes('.') ? key : `${shortName}.${key}`] = String(option.value ?? '');
	}
	body.extraOptions = extraOptions;
	if (changes.poolingProperties.length > 0 || body.connectionPoolingProperties !== undefined) {
		const pooling: IDataObject = { ...((body.connectionPoolingProperties as IDataObject | undefined) ?? {}) };
		for (const property of changes.poolingProperties) pooling[String(property.name).trim()] = String(property.value ?? '');
		body.connectionPoolingProperties = pooling;
	}
	return body;
}

const BOOLEANS = [
	'streamingResults',
	'quoteAllFields',
	'changed',
	'usingDoubleDecimalAsSchemaTableSeparator',
	'forcingIdentifiersToLowerCase',
	'forcingIdentifiersToUpperCase',
	'usingConnectionPool',
	'partitioned',
] as const;

const MAPS = ['extraOptions', 'extraOptionsOrder', 'attributes', 'connectionPoolingProperties'] as const;

/**
 * Every field of a connection as output, in this order, whatever the server version: the
 * DatabaseConnection bean's properties (pentaho/pentaho-commons-database:model/src/main/java/org/pentaho/database/model/DatabaseConnection.java).
 * Servers up to 11.0 write it with flexjson (no lists, `SQLServerInstance`), 11.1+ with Jackson
 * (`sqlserverInstance`), and XML leaves nulls out; missing fields come out as null (lists as []).
 */
const OUTPUT_KEYS = [
	'id',
	'name',
	'databaseType',
	'accessType',
	'accessTypeValue',
	'hostname',
	'databaseName',
	'databasePort',
	'username',
	'password',
	'connectSql',
	'dataTablespace',
	'indexTablespace',
	'informixServername',
	'SQLServerInstance',
	...BOOLEANS,
	'initialPoolSize',
	'maximumPoolSize',
	...MAPS,
	'partitioningInformation',
] as const;

const TYPE_KEYS = ['name', 'shortName', 'defaultDatabasePort', 'extraOptionsHelpUrl', 'defaultDatabaseName', 'defaultOptions', 'supportedAccessTypes'] as const;

function isNil(value: unknown): boolean {
	return (
		value !== null &&
		typeof value === 'object' &&
		!Array.isArray(value) &&
		String((value as IDataObject)['@xsi:nil'] ?? (value as IDataObject)['@nil'] ?? '') === 'true'
	);
}

/** A map as JSON sends it (an object) or as JAXB writes it in XML (`entry` elements with `key` and `value`). */
function mapOf(value: unknown): IDataObject | unknown {
	if (value === '' || value === null || value === undefined) return {};
	if (typeof value !== 'object' || Array.isArray(value)) return value;
	const record = value as IDataObject;
	if (!('entry' in record)) return record;
	const out: IDataObject = {};
	for (const entry of toArray(record.entry as IDataObject[])) {
		if (entry && typeof entry === 'object' && entry.key !== undefined) {
			out[String(entry.key)] = (entry.value ?? '') as IDataObject[string];
		}
	}
	return out;
}

function withoutAttributes(record: IDataObject): IDataObject {
	const out: IDataObject = {};
	for (const [key, value] of Object.entries(record)) {
		if (key.startsWith('@') || key === 'class') continue;
		out[key] = isNil(value) ? null : value;
	}
	return out;
}

/** A port as a number; a port the server stores as text that is not a number (a ${VARIABLE}) stays text; none → null. */
function portOf(value: unknown): number | string | null {
	if (value === null || value === undefined) return null;
	const text = String(value).trim();
	if (text === '') return null;
	return /^\d+$/.test(text) ? Number(text) : text;
}

/** The connection as output: XML root unwrapped, every field present and typed, maps as objects. */
export function normalizeConnection(raw: unknown): IDataObject {
	let record = (raw !== null && typeof raw === 'object' ? raw : {}) as IDataObject;
	const keys = Object.keys(record).filter((key) => !key.startsWith('@') && !key.startsWith('?'));
	if (keys.length === 1 && !['name', 'id'].includes(keys[0]) && record[keys[0]] !== null && typeof record[keys[0]] === 'object') {
		record = record[keys[0]] as IDataObject;
	}
	const source = typed(withoutAttributes(record), { booleans: BOOLEANS, numbers: ['initialPoolSize', 'maximumPoolSize'] });
	// Jackson (11.1+) names getSQLServerInstance() "sqlserverInstance"; flexjson and JAXB "SQLServerInstance".
	if (!('SQLServerInstance' in source)) {
		const alias = Object.keys(source).find((key) => key.toLowerCase() === 'sqlserverinstance');
		if (alias !== undefined) source.SQLServerInstance = source[alias];
	}
	const out: IDataObject = {};
	for (const key of OUTPUT_KEYS) out[key] = (source[key] ?? null) as IDataObject[string];
	for (const key of MAPS) out[key] = mapOf(out[key]) as IDataObject[string];
	out.databasePort = portOf(out.databasePort);
	out.partitioningInformation = toArray(out.partitioningInformation as IDataObject[]);
	const rawType = out.databaseType;
	if (rawType && typeof rawType === 'object' && !Array.isArray(rawType)) {
		const type = typed(withoutAttributes(rawType as IDataObject), { numbers: ['defaultDatabasePort'], lists: ['supportedAccessTypes'] });
		const shaped: IDataObject = {};
		for (const key of TYPE_KEYS) shaped[key] = (type[key] ?? null) as IDataObject[string];
		if (shaped.defaultOptions !== null) shaped.defaultOptions = mapOf(shaped.defaultOptions) as IDataObject[string];
		// flexjson (up to 11.0) leaves lists out: the known types' access types fill the gap.
		if (!Array.isArray(type.supportedAccessTypes)) {
			shaped.supportedAccessTypes = [...(DATABASE_TYPES[String(shaped.shortName ?? '')]?.supportedAccessTypes ?? [])];
		}
		out.databaseType = shaped;
	}
	return out;
}

/** Fields the server derives or must not get back from a read: id (from the path), the password (nullified or encrypted when read), derived values. */
const NOT_WRITTEN = ['id', 'password', 'accessTypeValue', 'SQLServerInstance'] as const;

/**
 * The stored connection (as read, normalised) in the form the server reads back, for a read,
 * merge, write update: the port as text again, no derived fields, no empty lists the old writers
 * never sent, no password (a blank password keeps the stored one).
 */
export function writableConnection(current: IDataObject): IDataObject {
	const body: IDataObject = { ...current };
	for (const key of NOT_WRITTEN) delete body[key];
	if ('databasePort' in current) body.databasePort = current.databasePort === null || current.databasePort === undefined ? '' : String(current.databasePort);
	if (Array.isArray(body.partitioningInformation) && body.partitioningInformation.length === 0) delete body.partitioningInformation;
	for (const key of Object.keys(body)) if (body[key] === null) delete body[key];
	if (body.databaseType && typeof body.databaseType === 'object') {
		const type: IDataObject = {};
		for (const [key, value] of Object.entries(body.databaseType as IDataObject)) if (value !== null) type[key] = value;
		body.databaseType = type;
	}
	return body;
}

/**
 * A connection JSON the user gave (often a Get item of another server) in the form the server
 * reads: without the fields the server derives (id, accessTypeValue, a null SQLServerInstance,
 * which would add a null "MSSQL.instance" option) and without nulls; a password only when one is given.
 */
export function writableJson(json: IDataObject): IDataObject {
	const out = writableConnection(json);
	if (typeof json.password === 'string' && json.password !== '') out.password = json.password;
	for (const key of ['SQLServerInstance', 'sqlserverInstance']) {
		if (json[key] !== undefined && json[key] !== null && json[key] !== '') out[key] = json[key];
	}
	return out;
}

/** The database type object the server reads, for a short name of the known types. */
export function databaseTypeBody(shortName: string): IDataObject {
	const type = DATABASE_TYPES[shortName];
	if (!type) throw new ConnectionInputError(`Unknown database type "${shortName}"`);
	return {
		name: type.name,
		shortName: type.shortName,
		defaultDatabasePort: type.defaultDatabasePort,
		supportedAccessTypes: [...type.supportedAccessTypes],
	};
}
