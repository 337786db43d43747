import { type IDataObject, updateDisplayOptions } from 'n8n-workflow';

import { requestOperation, toItems } from '../../../common/executor';
import { rawResponseOptions, readIncludeRaw } from '../../../common/fields';
import type { DataflowResponse } from '../../../common/transport';
import { optionalInteger, requiredText, workerEndpoint } from '../../shared/fields';
import { slaveDetectionXml, type SlaveDescription } from '../../shared/slaves';
import { readWebResult } from '../../shared/webResult';

const show = { resource: ['slave'], operation: ['register'] };

export const description = updateDisplayOptions({ show }, [
	{
		displayName: 'Name',
		name: 'slaveName',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. worker-2',
		description: 'Name of the slave server; a slave of the same name (in any letter case) is replaced',
	},
	{
		displayName: 'Hostname',
		name: 'hostname',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. etl-node-2.example.com',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Active',
				name: 'active',
				type: 'boolean',
				default: true,
				description: 'Whether the slave is registered as active',
			},
			{
				displayName: 'Get Properties From Master',
				name: 'getPropertiesFromMaster',
				type: 'string',
				default: '',
				description: 'Name of the master whose properties the slave takes',
			},
			{
				displayName: 'Is Master',
				name: 'master',
				type: 'boolean',
				default: false,
				description: 'Whether the slave is itself a master',
			},
			{
				displayName: 'Non-Proxy Hosts',
				name: 'nonProxyHosts',
				type: 'string',
				default: '',
				description: 'Hosts reached without the proxy, separated by "|"',
			},
			{
				displayName: 'Override Existing Properties',
				name: 'overrideExistingProperties',
				type: 'boolean',
				default: false,
				description: 'Whether properties from the master replace the slave\'s own',
			},
			{
				displayName: 'Password',
				name: 'password',
				type: 'string',
				typeOptions: { password: true },
				default: '',
				description: 'Password of the slave\'s user (plain text, or "Encrypted …" as the server writes it)',
			},
			{
				displayName: 'Port',
				name: 'port',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 65535 },
				default: 8081,
				description: 'Port of the slave server (8081 when not set)',
			},
			{
				displayName: 'Proxy Hostname',
				name: 'proxyHostname',
				type: 'string',
				default: '',
			},
			{
				displayName: 'Proxy Port',
				name: 'proxyPort',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 65535 },
				default: 8080,
			},
			{
				displayName: 'Use SSL',
				name: 'sslMode',
				type: 'boolean',
				default: false,
				description: 'Whether the slave is reached over HTTPS',
			},
			{
				displayName: 'Username',
				name: 'username',
				type: 'string',
				default: '',
				description: 'User the master logs in to the slave with',
			},
			{
				displayName: 'Web App Name',
				name: 'webAppName',
				type: 'string',
				default: '',
				description: 'Context path of the slave when it runs inside a web application (for example "pentaho")',
			},
		],
	},
	rawResponseOptions(),
]);

interface Plan {
	name: string;
	body: string;
	includeRaw: boolean;
}

export const execute = requestOperation<Plan>({
	plan(itemIndex) {
		const name = requiredText(this, 'slaveName', itemIndex, 'Name');
		const hostname = requiredText(this, 'hostname', itemIndex, 'Hostname');
		const fields = (this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject) ?? {};
		const port = optionalInteger(this, fields.port === undefined ? 8081 : fields.port, itemIndex, 'Port', 1, 65535);
		const text = (value: unknown) => (value === undefined || value === null ? '' : String(value).trim());
		const proxyPort = optionalInteger(this, fields.proxyPort, itemIndex, 'Proxy Port', 1, 65535);
		const slave: SlaveDescription = {
			name,
			hostname,
			port: port === undefined ? '' : String(port),
			webAppName: text(fields.webAppName),
			username: text(fields.username),
			password: fields.password === undefined || fields.password === null ? '' : String(fields.password),
			proxyHostname: text(fields.proxyHostname),
			proxyPort: text(fields.proxyHostname) === '' || proxyPort === undefined ? '' : String(proxyPort),
			nonProxyHosts: text(fields.nonProxyHosts),
			getPropertiesFromMaster: text(fields.getPropertiesFromMaster),
			overrideExistingProperties: fields.overrideExistingProperties === true,
			master: fields.master === true,
			sslMode: fields.sslMode === true,
			active: fields.active !== false,
		};
		return { name, body: slaveDetectionXml(slave, new Date()), includeRaw: readIncludeRaw(this, itemIndex) };
	},
	request: async function (plan) {
		return {
			method: 'POST',
			path: await workerEndpoint(this, 'registerSlave'),
			headers: { 'Content-Type': 'application/xml; charset=UTF-8' },
			body: plan.body,
			expect: 'xml',
		};
	},
	async output(plan, answer, itemIndex) {
		const response = answer as DataflowResponse<IDataObject>;
		const result = readWebResult(this.getNode(), response.body, itemIndex, 'the slave registration');
		const json: IDataObject = { registered: true, name: plan.name, message: result.message };
		if (plan.includeRaw) json.raw = response.raw;
		return toItems(json);
	},
});
