import { NodeOperationError, type IDataObject, type INodeProperties, updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import {
	ACCESS_TYPE_OPTIONS,
	checkChanges,
	ConnectionInputError,
	DATABASE_TYPE_OPTIONS,
	mergeConnection,
	writableConnection,
	writableJson,
	type ConnectionChanges,
} from '../../shared/connection';
import { readConnection } from '../../shared/jdbc';
import { locatorField, locatorValue } from '../../shared/locators';
import { JDBC_PATH } from '../../shared/paths';
import { dataflowRequest } from '../../../common/transport';
import { refusals } from '../../shared/request';
import { decodeKettlePassword } from '../../shared/kettlePassword';

const show = { resource: ['jdbcConnection'], operation: ['createOrUpdate'] };
const showFields = { specifyConnection: ['fields'] };

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

/** The Keep Current choice of Database Type and Access Type: what an empty value did before they became required selectors (docs/DEVELOPING.md, "Parameter layout"). */
const KEEP_VALUE = 'keep';
const KEEP = { name: 'Keep Current (Required for a New Connection)', value: KEEP_VALUE };
const KEEP_ACCESS = { name: 'Keep Current (Native for a New Connection)', value: KEEP_VALUE };
/** Access types that use Host and Port (Keep Current included: a new connection is native). */
const HOST_ACCESS = ['NATIVE', KEEP_VALUE];
const sorted = <T extends { name: string }>(options: T[]) => [...options].sort((a, b) => a.name.localeCompare(b.name));

export const description = updateDisplayOptions({ show }, [
	{
		...locatorField({
			displayName: 'Connection',
			name: 'connection',
			description:
				"Name of the connection to create or update. An existing connection is read first and only the fields given here change: every field not added (and every 'Keep Current') keeps its current value, the password included.",
			searchListMethod: 'searchConnections',
			placeholder: 'e.g. SalesDB',
		}),
	},
	{
		displayName: 'Specify Connection',
		name: 'specifyConnection',
		type: 'options',
		required: true,
		options: [
			{ name: 'Using Fields Below', value: 'fields' },
			{ name: 'Using JSON', value: 'json' },
		],
		default: 'fields',
	},
	{
		displayName:
			"Fields not added keep the values of an existing connection. A new connection needs at least 'Database Type', and under 'Additional Fields' 'Database Name' and (for a native connection) 'Host'.",
		name: 'mergeNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: showFields },
	},
	{
		displayName: 'Database Type',
		name: 'databaseType',
		type: 'options',
		required: true,
		options: sorted([KEEP, ...DATABASE_TYPE_OPTIONS]),
		default: KEEP_VALUE,
		description: "The database type; 'Keep Current' leaves the type of an existing connection as it is",
		displayOptions: { show: showFields },
	},
	{
		displayName: 'Access Type',
		name: 'accessType',
		type: 'options',
		required: true,
		options: sorted([KEEP_ACCESS, ...ACCESS_TYPE_OPTIONS]),
		default: KEEP_VALUE,
		displayOptions: { show: showFields },
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'Only the fields added here change; the others keep their current values',
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
			{
				displayName: 'Database Name',
				name: 'databaseName',
				type: 'string',
				default: '',
				placeholder: 'e.g. sales',
				description:
					'The database; for JNDI the JNDI name of the data source, for ODBC the data source name (DSN). Empty keeps the current name; a new connection needs one.',
			},
			keyValues(
				'Extra Options',
				'extraOptions',
				'Driver options, added to (or replacing same-named) current ones. A name without a dot gets the database type in front (for example "ssl" becomes "POSTGRESQL.ssl").',
				'e.g. ssl',
			),
			{
				displayName: 'Host',
				name: 'hostname',
				type: 'string',
				default: '',
				placeholder: 'e.g. db.example.com',
				description: 'Host name or address of the database server; empty keeps the current host (a new native connection needs one)',
				displayOptions: { show: { '/accessType': HOST_ACCESS } },
			},
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
			{
				displayName: 'Password',
				name: 'password',
				type: 'string',
				typeOptions: { password: true },
				default: '',
				description: 'Password of the database user. Empty keeps the stored password of an existing connection.',
			},
			keyValues('Pooling Properties', 'connectionPoolingProperties', 'Properties of the connection pool, added to (or replacing same-named) current ones', 'e.g. validationQuery'),
			{
				displayName: 'Port',
				name: 'databasePort',
				type: 'string',
				default: '',
				placeholder: 'e.g. 5432',
				description: 'Port of the database server; empty keeps the current port (a new connection gets the default port of its type)',
				displayOptions: { show: { '/accessType': HOST_ACCESS } },
			},
			{
				displayName: 'Use Connection Pool',
				name: 'usingConnectionPool',
				type: 'boolean',
				default: true,
				description: 'Whether the server keeps a pool of open connections',
			},
			{
				displayName: 'Username',
				name: 'username',
				type: 'string',
				default: '',
				description: 'Database user; empty keeps the current user',
			},
		],
	},
	{
		displayName: 'Connection (JSON)',
		name: 'connectionJson',
		type: 'json',
		required: true,
		default: '{}',
		placeholder:
			'{ "databaseType": { "name": "PostgreSQL", "shortName": "POSTGRESQL" }, "accessType": "NATIVE", "hostname": "db.example.com", "databaseName": "sales", "databasePort": "5432", "username": "reporting", "password": "" }',
		description:
			'The connection fields as the server reads them (its DatabaseConnection JSON), for example {"hostname": "db2.example.com"}. For an existing connection each top-level field given replaces the current one and the others are kept; an empty password keeps the stored one. A new connection needs at least "databaseType". "name" is set to the connection name when missing; a different "name" renames the connection.',
		displayOptions: { show: { specifyConnection: ['json'] } },
	},
]);

interface Plan {
	name: string;
	mode: 'fields' | 'json';
	changes?: ConnectionChanges;
	json?: IDataObject;
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
			const json = { ...(parsed as IDataObject) };
			const type = json.databaseType as IDataObject | undefined;
			if (type !== undefined && (!type || typeof type !== 'object' || Array.isArray(type) || !(type.shortName || type.name))) {
				throw new NodeOperationError(
					node,
					'Connection (JSON) has a "databaseType" that is not an object with a "shortName" (for example {"name": "PostgreSQL", "shortName": "POSTGRESQL"})',
					{ itemIndex },
				);
			}
			if (json.name === undefined || json.name === null || json.name === '') json.name = name;
			// A Get item of another server carries its password as "Encrypted …" (Include Password): the server would
			// store that text as the password, so it is decoded here (or refused) before anything is sent.
			if (typeof json.password === 'string') json.password = decodeKettlePassword(json.password, 'The "password" of Connection (JSON)') ?? json.password;
			return { name, mode: 'json', json };
		}
		const extra = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
		const text = (value: unknown) => String(value ?? '');
		/** Keep Current (or empty, as before the selectors were required) is "keep": ''. */
		const selected = (value: unknown) => (text(value) === KEEP_VALUE ? '' : text(value));
		const accessType = selected(this.getNodeParameter('accessType', itemIndex, KEEP_VALUE));
		// Host and Port apply only to native connections (and Keep Current), as when they were shown only then.
		const usesHost = accessType === '' || accessType === 'NATIVE';
		const changes: ConnectionChanges = {
			name,
			databaseType: selected(this.getNodeParameter('databaseType', itemIndex, KEEP_VALUE)),
			accessType,
			hostname: usesHost ? text(extra.hostname) : '',
			databaseName: text(extra.databaseName),
			databasePort: usesHost ? text(extra.databasePort) : '',
			username: text(extra.username),
			password: readPassword(text(extra.password)),
			usingConnectionPool: extra.usingConnectionPool as boolean | undefined,
			initialPoolSize: extra.initialPoolSize as number | undefined,
			maximumPoolSize: extra.maximumPoolSize as number | undefined,
			connectSql: extra.connectSql as string | undefined,
			extraOptions: entries(extra.extraOptions),
			poolingProperties: entries(extra.connectionPoolingProperties),
		};
		checkChanges(changes);
		return { name, mode: 'fields', changes };
	},
	async run(plan, itemIndex) {
		const node = this.getNode();
		// Read, merge, write: the server replaces the whole connection with what it is sent.
		const stored = await readConnection(this, plan.name, itemIndex);
		const current = stored === undefined ? undefined : writableConnection(stored);
		let body: IDataObject;
		if (plan.mode === 'json') {
			body = { ...(current ?? {}), ...writableJson(plan.json ?? {}) };
			const type = body.databaseType as IDataObject | undefined;
			if (!type || typeof type !== 'object' || !(type.shortName || type.name)) {
				throw new NodeOperationError(
					node,
					`The connection "${plan.name}" does not exist yet and Connection (JSON) has no "databaseType" object with a "shortName" (for example {"name": "PostgreSQL", "shortName": "POSTGRESQL"})`,
					{ itemIndex },
				);
			}
		} else {
			try {
				body = mergeConnection(current, plan.changes as ConnectionChanges);
			} catch (error) {
				// Not a rewrap: a connection that does not exist yet is named (n8n's lint allows only node errors in a catch).
				const missing = current === undefined && error instanceof ConnectionInputError;
				throw new NodeOperationError(node, missing ? `The connection "${plan.name}" does not exist yet: ${error.message}` : (error as Error).message, { itemIndex });
			}
		}
		// The server stores a name as the PUT gives it but looks every connection up by its HTML-escaped name
		// (data-access ConnectionServiceImpl / UtilHtmlSanitizer, docs/real-servers/data-sources.md): a connection
		// created here with & < > " or a letter outside ASCII in its name would be listed, but never read, updated
		// or deleted again. Refused before anything is written.
		const target = String(body.name ?? plan.name);
		if ((stored === undefined || target !== plan.name) && /[&<>"]|[^\x20-\x7e]/.test(target)) {
			throw new NodeOperationError(
				node,
				`The connection name "${target}" holds a character (& < > " or a letter outside ASCII) that the server looks up in another form: it would store the connection but never find it again by name. Choose a name without it; nothing was sent.`,
				{ itemIndex },
			);
		}
		// 204: added or updated; the server documents 304 for "not modified" (its code never sends it).
		const response = await dataflowRequest(this, {
			refusals: refusals(),
			method: 'PUT',
			path: `${JDBC_PATH}/${encodeURIComponent(plan.name)}`,
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify(body),
			expect: 'empty',
			okStatuses: [304],
			itemIndex,
		});
		return toItems({ name: String(body.name), created: stored === undefined, modified: response.status !== 304 });
	},
});

/** The Password field: Kettle's "Encrypted …" form (as a Get with Include Password answers it) is decoded, since the server stores what it is sent. */
function readPassword(value: string): string {
	return decodeKettlePassword(value) ?? value;
}
