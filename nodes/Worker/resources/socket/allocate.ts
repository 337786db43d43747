import { type IDataObject, NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { requestOperation, toItems } from '../../../common/executor';
import { rawResponseOptions, readIncludeRaw } from '../../../common/fields';
import type { DataflowResponse } from '../../../common/transport';
import { apiError } from '../../../common/errors';
import { toNumber } from '../../../common/values';
import { optionalInteger, workerEndpoint } from '../../shared/fields';

const show = { resource: ['socket'], operation: ['allocate'] };

export const description = updateDisplayOptions({ show }, [
	{
		displayName: 'Allocation Fields',
		name: 'allocationFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'What the port is for. The same combination of these fields gets the same port back; all are optional.',
		options: [
			{
				displayName: 'Cluster Run ID',
				name: 'id',
				type: 'string',
				default: '',
				description: 'ID of the clustered run (server container ID)',
			},
			{
				displayName: 'Host',
				name: 'host',
				type: 'string',
				default: '',
				description: 'Host the port is on; ports are unique per host',
			},
			{
				displayName: 'Range Start',
				name: 'rangeStart',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 65535 },
				default: 40000,
				description: 'Port number to start looking from (the server uses 40000 when it is not sent)',
			},
			{
				displayName: 'Source Copy',
				name: 'sourceCopy',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 0,
				description: 'Copy number of the step on the source slave',
			},
			{
				displayName: 'Source Slave',
				name: 'sourceSlave',
				type: 'string',
				default: '',
				description: 'Name of the source slave server',
			},
			{
				displayName: 'Source Step',
				name: 'sourceStep',
				type: 'string',
				default: '',
				description: 'Step on the source slave (the server takes its name or number)',
			},
			{
				displayName: 'Target Copy',
				name: 'targetCopy',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 0,
				description: 'Copy number of the step on the target slave',
			},
			{
				displayName: 'Target Slave',
				name: 'targetSlave',
				type: 'string',
				default: '',
				description: 'Name of the target slave server',
			},
			{
				displayName: 'Target Step',
				name: 'targetStep',
				type: 'string',
				default: '',
				description: 'Step on the target slave (the server takes its name or number)',
			},
			{
				displayName: 'Transformation',
				name: 'trans',
				type: 'string',
				default: '',
				description: 'Name of the transformation the port is for (sent as trans, which the server reads as the transformation name)',
			},
		],
	},
	rawResponseOptions(),
]);

/** The allocation parameters in the order the server documents them. */
const TEXT_FIELDS = ['host', 'id', 'trans', 'sourceSlave', 'sourceStep', 'targetSlave', 'targetStep'] as const;

/**
 * The output names of the parameters the server names otherwise, as Socket List spells them: the
 * servlet reads `id` as the clustered run ID and `trans` as the transformation name
 * (pentaho/pentaho-kettle:engine/src/main/java/org/pentaho/di/www/AllocateServerSocketServlet.java, doGet).
 */
const OUTPUT_KEY: Record<string, string> = { id: 'clusterRunId', trans: 'transformation' };

interface Plan {
	qs: IDataObject;
	includeRaw: boolean;
}

export const execute = requestOperation<Plan>({
	plan(itemIndex) {
		const fields = (this.getNodeParameter('allocationFields', itemIndex, {}) as IDataObject) ?? {};
		const qs: IDataObject = { xml: 'Y' };
		const rangeStart = optionalInteger(this, fields.rangeStart, itemIndex, 'Range Start', 1, 65535);
		if (rangeStart !== undefined) qs.rangeStart = rangeStart;
		for (const name of TEXT_FIELDS) {
			const value = fields[name];
			if (value === undefined || value === null) continue;
			const text = String(value).trim();
			if (text === '' && name === 'host') {
				throw new NodeOperationError(this.getNode(), 'Host is empty: remove the field or give a host name', { itemIndex });
			}
			if (text !== '') qs[name] = text;
		}
		for (const name of ['sourceCopy', 'targetCopy'] as const) {
			const copy = optionalInteger(this, fields[name], itemIndex, name === 'sourceCopy' ? 'Source Copy' : 'Target Copy', 0);
			if (copy !== undefined) qs[name] = copy;
		}
		return { qs, includeRaw: readIncludeRaw(this, itemIndex) };
	},
	request: async function (plan) {
		return {
			method: 'GET',
			path: await workerEndpoint(this, 'allocateSocket'),
			qs: plan.qs,
			expect: 'xml',
		};
	},
	async output(plan, answer, itemIndex) {
		const response = answer as DataflowResponse<IDataObject>;
		const port = toNumber(response.body.port);
		if (port === undefined) {
			throw apiError(this.getNode(), {
				message: `The server answered without a port number (root element: ${Object.keys(response.body)[0] ?? 'none'})`,
				itemIndex,
			});
		}
		const json: IDataObject = { port };
		for (const [key, value] of Object.entries(plan.qs)) if (key !== 'xml') json[OUTPUT_KEY[key] ?? key] = value;
		if (plan.includeRaw) json.raw = response.raw;
		return toItems(json);
	},
});
