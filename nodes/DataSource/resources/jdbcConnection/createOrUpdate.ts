import { NodeOperationError, type IDataObject, type INodeProperties } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import {
	ACCESS_TYPE_OPTIONS,
	connectionBody,
	DATABASE_TYPE_OPTIONS,
	type ConnectionFields,
} from '../../shared/connection';
import { locatorField, locatorValue } from '../../shared/locators';
import { JDBC_PATH, segment } from '../../shared/paths';
import { manageRequest } from '../../shared/request';

const show = { resource: ['jdbcConnection'], operation: ['createOrUpdate'] };
const showFields = { ...show, specifyConnection: ['fields'] };

const keyValues = (displayName: string, name: string, description: string, placeholder: string): INodeProperties => ({
	displayName,
	name,
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Entry',
	default: {},
	description,
	options: [
		{
			name: 'entry',
			displayName: 'Entry',
			values: [
				{ displayName: 'Name', name: 'name', type: 'string', default: '', placeholder },
				{ displayName: 'Value', name: 'value', type: 'string', default: '' },
			],
		},
	],
});

export const description: INodeProperties[] = [
	{
		...locatorField({
			displayName: 'Connection',
			name: 'connection',
			description:
				'Name of the connection to create, or of the existing connection to replace. Replacing keeps the stored password when no new one is given.',
			searchListMethod: 'searchConnections',
			placeholder: 'SalesDB',
			show,
		}),
	},
	{
		displayName: 'Specify Connection',
		name: 'specifyConnection',
		type: 'options',
		options: [
			{ name: 'Using Fields Below', value: 'fields' },
			{ name: 'Using JSON', value: 'json' },
		],
		default: 'fields',
		displayOptions: { show },
	},
	{
		displayName: 'Database Type',
		name: 'databaseType',
		type: 'options',
		options: DATABASE_TYPE_OPTIONS,
		default: 'POSTGRESQL',
		displayOptions: { show: showFields },
	},
	{
		displayName: 'Access Type',
		name: 'accessType',
		type: 'options',
		options: ACCESS_TYPE_OPTIONS,
		default: 'NATIVE',
		displayOptions: { show: showFields },
	},
	{
		displayName: 'Host',
		name: 'hostname',
		type: 'string',
		default: '',
		placeholder: 'db.example.com',
		description: 'Host name or address of the database server',
		displayOptions: { show: { ...showFields, accessType: ['NATIVE'] } },
	},
	{
		displayName: 'Database Name',
		name: 'databaseName',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'sales',
		description: 'The database; for JNDI the JNDI name of the data source, for ODBC the data source name (DSN)',
		displayOptions: { show: showFields },
	},
	{
		displayName: 'Port',
		name: 'databasePort',
		type: 'string',
		default: '',
		placeholder: '5432',
		description: 'Port of the database server; empty for the default port of the database type',
		displayOptions: { show: { ...showFields, accessType: ['NATIVE'] } },
	},
	{
		displayName: 'Username',
		name: 'username',
		type: 'string',
		default: '',
		displayOptions: { show: showFields },
	},
	{
		displayName: 'Password',
		name: 'password',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		description: 'Password of the database user. Leave empty to keep the stored password of an existing connection.',
		displayOptions: { show: showFields },
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show: showFields },
		options: [
			{
				displayName: 'Connect SQL',
				name: 'connectSql',
				type: 'string',
				typeOptions: { rows: 3 },
				default: '',
				description: 'SQL the server runs right after connecting',
			},
			keyValues(
				'Extra Options',
				'extraOptions',
				'Driver options. A name without a dot gets the database type in front (for example "ssl" becomes "POSTGRESQL.ssl").',
				'ssl',
			),
			{
				displayName: 'Initial Pool Size',
				name: 'initialPoolSize',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 0,
			},
			{
				displayName: 'Maximum Pool Size',
				name: 'maximumPoolSize',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 10,
			},
			keyValues('Pooling Properties', 'connectionPoolingProperties', 'Properties of the connection pool', 'validationQuery'),
			{
				displayName: 'Use Connection Pool',
				name: 'usingConnectionPool',
				type: 'boolean',
				default: true,
				description: 'Whether the server keeps a pool of open connections',
			},
		],
	},
	{
		displayName: 'Connection (JSON)',
		name: 'connectionJson',
		type: 'json',
		default:
			'{\n  "databaseType": { "name": "PostgreSQL", "shortName": "POSTGRESQL" },\n  "accessType": "NATIVE",\n  "hostname": "db.example.com",\n  "databaseName": "sales",\n  "databasePort": "5432",\n  "username": "reporting",\n  "password": ""\n}',
		description:
			'The connection as the server reads it (its DatabaseConnection JSON). "name" is set to the connection name when missing; a different "name" renames the connection.',
		displayOptions: { show: { ...show, specifyConnection: ['json'] } },
	},
];

interface Plan {
	name: string;
	body: string;
}

function entries(value: unknown): Array<{ name: string; value: string }> {
	const list = (value as { entry?: unknown } | undefined)?.entry;
	return Array.isArray(list) ? (list as Array<{ name: string; value: string }>) : [];
}

export const execute = defineOperation<Plan>({
	plan(itemIndex) {
		const node = this.getNode();
		const name = locatorValue(this, 'connection', itemIndex, 'Connection');
		const mode = this.getNodeParameter('specifyConnection', itemIndex, 'fields') as string;
		let body: IDataObject;
		if (mode === 'json') {
			const raw = this.getNodeParameter('connectionJson', itemIndex, '') as unknown;
			let parsed: unknown = raw;
			if (typeof raw === 'string') {
				try {
					parsed = JSON.parse(raw);
				} catch {
					throw new NodeOperationError(node, 'Connection (JSON) is not valid JSON', { itemIndex });
				}
			}
			if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
				throw new NodeOperationError(node, 'Connection (JSON) must be a JSON object', { itemIndex });
			}
			body = { ...(parsed as IDataObject) };
			const type = body.databaseType as IDataObject | undefined;
			if (!type || typeof type !== 'object' || Array.isArray(type) || !(type.shortName || type.name)) {
				throw new NodeOperationError(
					node,
					'Connection (JSON) has no "databaseType" object with a "shortName" (for example {"name": "PostgreSQL", "shortName": "POSTGRESQL"})',
					{ itemIndex },
				);
			}
			if (body.name === undefined || body.name === null || body.name === '') body.name = name;
		} else {
			const extra = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
			const fields: ConnectionFields = {
				name,
				databaseType: this.getNodeParameter('databaseType', itemIndex) as string,
				accessType: this.getNodeParameter('accessType', itemIndex) as string,
				hostname: String(this.getNodeParameter('hostname', itemIndex, '') ?? ''),
				databaseName: String(this.getNodeParameter('databaseName', itemIndex, '') ?? ''),
				databasePort: String(this.getNodeParameter('databasePort', itemIndex, '') ?? ''),
				username: String(this.getNodeParameter('username', itemIndex, '') ?? ''),
				password: String(this.getNodeParameter('password', itemIndex, '') ?? ''),
				usingConnectionPool: extra.usingConnectionPool as boolean | undefined,
				initialPoolSize: extra.initialPoolSize as number | undefined,
				maximumPoolSize: extra.maximumPoolSize as number | undefined,
				connectSql: extra.connectSql as string | undefined,
				extraOptions: entries(extra.extraOptions),
				poolingProperties: entries(extra.connectionPoolingProperties),
			};
			try {
				body = connectionBody(fields);
			} catch (error) {
				throw new NodeOperationError(node, (error as Error).message, { itemIndex });
			}
		}
		return { name, body: JSON.stringify(body) };
	},
	async run(plan, itemIndex) {
		// 204: added or updated. 304: the server changed nothing.
		const response = await manageRequest(this, {
			method: 'PUT',
			path: `${JDBC_PATH}/${segment(plan.name)}`,
			headers: { 'Content-Type': 'application/json' },
			body: plan.body,
			expect: 'empty',
			okStatuses: [304],
			itemIndex,
		});
		return toItems({ name: plan.name, modified: response.status !== 304 });
	},
});
