/**
 * JDBC connections: the database types the "Using Fields Below" mode offers, the JSON connection
 * the server takes (`DatabaseConnection`), and the typed form of what it answers. Passwords that
 * come back are kept exactly as the server sends them (null by default, or `Encrypted …`).
 */
import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';

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

export interface ConnectionFields {
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

export class ConnectionInputError extends Error {}

/**
 * The JSON connection for the server from the fields. Extra options are stored by the server under
 * `<SHORT NAME>.<option>`; an option given without a dot gets the type's short name in front.
 * An empty password is left out, so that an update keeps the stored one.
 */
export function connectionBody(fields: ConnectionFields): IDataObject {
	const type = DATABASE_TYPES[fields.databaseType];
	if (!type) throw new ConnectionInputError(`Unknown database type "${fields.databaseType}"`);
	if (!['NATIVE', 'JNDI', 'ODBC', 'OCI'].includes(fields.accessType)) {
		throw new ConnectionInputError(`Unknown access type "${fields.accessType}"`);
	}
	if (!type.supportedAccessTypes.includes(fields.accessType)) {
		throw new ConnectionInputError(`${type.name} does not support the access type ${fields.accessType}`);
	}
	const hostname = fields.hostname.trim();
	const databaseName = fields.databaseName.trim();
	if (fields.accessType === 'NATIVE' && hostname === '') {
		throw new ConnectionInputError('Host is empty: a native (JDBC) connection needs the database host');
	}
	if (databaseName === '') {
		throw new ConnectionInputError(
			fields.accessType === 'JNDI'
				? 'Database Name is empty: give the JNDI name of the data source'
				: fields.accessType === 'ODBC'
					? 'Database Name is empty: give the ODBC data source name (DSN)'
					: 'Database Name is empty',
		);
	}
	let port = String(fields.databasePort ?? '').trim();
	if (port === '' && type.defaultDatabasePort > 0 && fields.accessType === 'NATIVE') port = String(type.defaultDatabasePort);
	if (port !== '' && (!/^\d+$/.test(port) || Number(port) < 1 || Number(port) > 65535)) {
		throw new ConnectionInputError(`Port "${port}" is not a port number (1 to 65535)`);
	}

	const extraOptions: IDataObject = {};
	for (const option of fields.extraOptions) {
		const key = String(option.name ?? '').trim();
		if (key === '') throw new ConnectionInputError('An extra option has no name');
		extraOptions[key.includes('.') ? key : `${type.shortName}.${key}`] = String(option.value ?? '');
	}
	const pooling: IDataObject = {};
	for (const property of fields.poolingProperties) {
		const key = String(property.name ?? '').trim();
		if (key === '') throw new ConnectionInputError('A pooling property has no name');
		pooling[key] = String(property.value ?? '');
	}
	for (const [label, size] of [
		['Initial Pool Size', fields.initialPoolSize],
		['Maximum Pool Size', fields.maximumPoolSize],
	] as const) {
		if (size !== undefined && (!Number.isInteger(size) || size < 0)) {
			throw new ConnectionInputError(`${label} must be a whole number of 0 or more`);
		}
	}
	if (
		fields.initialPoolSize !== undefined &&
		fields.maximumPoolSize !== undefined &&
		fields.initialPoolSize > fields.maximumPoolSize
	) {
		throw new ConnectionInputError('Initial Pool Size is larger than Maximum Pool Size');
	}

	const body: IDataObject = {
		name: fields.name,
		databaseType: {
			name: type.name,
			shortName: type.shortName,
			defaultDatabasePort: type.defaultDatabasePort,
			supportedAccessTypes: type.supportedAccessTypes,
		},
		accessType: fields.accessType,
		hostname,
		databaseName,
		databasePort: port,
		username: fields.username,
	};
	if (fields.password !== '') body.password = fields.password;
	body.usingConnectionPool = fields.usingConnectionPool !== false;
	if (fields.initialPoolSize !== undefined) body.initialPoolSize = fields.initialPoolSize;
	if (fields.maximumPoolSize !== undefined) body.maximumPoolSize = fields.maximumPoolSize;
	if (fields.connectSql !== undefined && fields.connectSql !== '') body.connectSql = fields.connectSql;
	body.extraOptions = extraOptions;
	if (Object.keys(pooling).length > 0) body.connectionPoolingProperties = pooling;
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

const MAPS = ['extraOptions', 'extraOptionsOrder', 'attributes', 'connectionPoolingProperties', 'defaultOptions'] as const;

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
		if (key.startsWith('@')) continue;
		out[key] = isNil(value) ? null : value;
	}
	return out;
}

/** The connection as output: XML root unwrapped, booleans and numbers typed, maps as objects. */
export function normalizeConnection(raw: unknown): IDataObject {
	let record = (raw !== null && typeof raw === 'object' ? raw : {}) as IDataObject;
	const keys = Object.keys(record).filter((key) => !key.startsWith('@') && !key.startsWith('?'));
	if (keys.length === 1 && !['name', 'id'].includes(keys[0]) && record[keys[0]] !== null && typeof record[keys[0]] === 'object') {
		record = record[keys[0]] as IDataObject;
	}
	const out = typed(withoutAttributes(record), { booleans: BOOLEANS, numbers: ['initialPoolSize', 'maximumPoolSize'] });
	for (const key of MAPS) {
		if (key in out) out[key] = mapOf(out[key]) as IDataObject[string];
	}
	if (out.partitioningInformation !== undefined && !Array.isArray(out.partitioningInformation)) {
		out.partitioningInformation = toArray(out.partitioningInformation as IDataObject[]);
	}
	if (out.databaseType && typeof out.databaseType === 'object' && !Array.isArray(out.databaseType)) {
		const type = typed(withoutAttributes(out.databaseType as IDataObject), {
			numbers: ['defaultDatabasePort'],
			lists: ['supportedAccessTypes'],
		});
		if ('defaultOptions' in type) type.defaultOptions = mapOf(type.defaultOptions) as IDataObject[string];
		out.databaseType = type;
	}
	return out;
}
