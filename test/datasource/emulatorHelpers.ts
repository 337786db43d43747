/**
 * Shared set-up of the Data Source node's emulator tests (one file per resource): the node, the
 * connection fields a test creates and the item Get gives for it, binary helpers.
 */
import type { INodeExecutionData } from 'n8n-workflow';

import { DataflowDataSource } from '../../nodes/DataSource/DataflowDataSource.node';

export const node = new DataflowDataSource();
export const rl = (value: string) => ({ __rl: true, mode: 'list', value, cachedResultName: value });
export const bytesOf = (item: INodeExecutionData, field = 'data') => Buffer.from(item.binary![field].data, 'base64');
export const schemaInput = (content: string | Buffer, fileName = 'budget.mondrian.xml') => [
	{ json: {}, binary: { data: { data: Buffer.from(content).toString('base64'), mimeType: 'text/xml', fileName } } },
];

export const connectionParameters = {
	resource: 'jdbcConnection',
	operation: 'createOrUpdate',
	connection: rl('Warehouse'),
	specifyConnection: 'fields',
	databaseType: 'POSTGRESQL',
	accessType: 'NATIVE',
	additionalFields: {
		hostname: 'pg.example.com',
		databaseName: 'warehouse',
		databasePort: '6432',
		username: 'etl',
		password: 'Etl-Pa55!',
		extraOptions: { entry: [{ name: 'ssl', value: 'true' }] },
	},
};

/** The output of Get for the Warehouse connection: the same keys and types on every server version. */
/** Warehouse as the server answers it after the repository round trip: null texts come back "", the port also as the PORT_NUMBER attribute, the type with the server's own fields (data-access and platform DatabaseHelper; docs/real-servers/data-sources.md). */
export const WAREHOUSE = {
	name: 'Warehouse',
	databaseType: {
		name: 'PostgreSQL',
		shortName: 'POSTGRESQL',
		defaultDatabasePort: 5432,
		extraOptionsHelpUrl: 'http://jdbc.postgresql.org/documentation/83/connect.html#connection-parameters',
		defaultDatabaseName: null,
		defaultOptions: null,
		supportedAccessTypes: ['NATIVE', 'ODBC', 'JNDI'],
	},
	accessType: 'NATIVE',
	accessTypeValue: 'NATIVE',
	hostname: 'pg.example.com',
	databaseName: 'warehouse',
	databasePort: 6432,
	username: 'etl',
	connectSql: '',
	dataTablespace: '',
	indexTablespace: '',
	informixServername: '',
	SQLServerInstance: null,
	streamingResults: false,
	quoteAllFields: false,
	changed: false,
	usingDoubleDecimalAsSchemaTableSeparator: false,
	forcingIdentifiersToLowerCase: false,
	forcingIdentifiersToUpperCase: false,
	usingConnectionPool: true,
	initialPoolSize: 0,
	maximumPoolSize: 0,
	partitioned: false,
	extraOptions: { 'POSTGRESQL.ssl': 'true' },
	extraOptionsOrder: {},
	attributes: { PORT_NUMBER: '6432' },
	connectionPoolingProperties: {},
	partitioningInformation: [],
};
