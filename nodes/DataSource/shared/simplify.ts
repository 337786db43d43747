/** What Simplify keeps of a JDBC connection (nodes/common/simplify.ts): at most 10 fields, what a connection is and where it points first. */
import type { SimplifiedFields } from '../../common/simplify';

/**
 * Get: name, database type (its short name, as Create or Update takes it), access, host, port, database,
 * user, id, pooling. The password, when Include Password keeps it, takes the place of the last field.
 */
export const SIMPLE_CONNECTION: SimplifiedFields = [
	'name',
	{ as: 'databaseType', from: 'databaseType.shortName' },
	'accessType',
	'hostname',
	'databasePort',
	'databaseName',
	'username',
	'password',
	'id',
	'usingConnectionPool',
	'maximumPoolSize',
];
