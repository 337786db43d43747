import { type IDataObject, updateDisplayOptions } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { rawResponseOptions, readIncludeRaw } from '../../../common/fields';
import { serverSettings } from '../../../common/transport';
import { workerEndpoint } from '../../shared/fields';
import { hopPath, readHopDocument } from '../../shared/hopServer';
import { readHopServerStatus } from '../../shared/hopStatus';
import { camelKeys } from '../../shared/outputKeys';
import { readServerStatus } from '../../shared/serverStatus';
import { SIMPLE_SERVER_STATUS } from '../../shared/simplify';
import { SIMPLIFY_OPTION } from '../../../common/simplify';

const show = { resource: ['server'], operation: ['getStatus'] };

export const description = updateDisplayOptions({ show }, [
	{
		displayName: 'Output',
		name: 'output',
		type: 'options',
		options: [
			{
				name: 'Jobs and Transformations Only',
				value: 'entries',
				description: 'One item per job and per transformation (on a Hop Server: per workflow and per pipeline), each with "kind"',
			},
			{
				name: 'Server and Each Job and Transformation',
				value: 'all',
				description:
					'First an item for the server (kind "server": OS, memory, CPU, counts), then one item per job and per transformation (kind "job" or "transformation"; on a Hop Server per workflow and per pipeline, kind "workflow" or "pipeline")',
			},
			{
				name: 'Server Summary Only',
				value: 'server',
				description: 'One item: the server with its job and transformation counts (on a Hop Server: workflow and pipeline counts)',
			},
		],
		default: 'all',
		// A selector: it decides the shape of the output, and always has a value.
		required: true,
	},
	rawResponseOptions([SIMPLIFY_OPTION]),
]);

interface Plan {
	output: string;
	includeRaw: boolean;
}

export const execute = requestOperation<Plan>({
	plan(itemIndex) {
		return {
			output: this.getNodeParameter('output', itemIndex, 'all') as string,
			includeRaw: readIncludeRaw(this, itemIndex),
		};
	},
	simplify: SIMPLE_SERVER_STATUS,
	request: async function () {
		// A Hop Server: GET /hop/status/?xml=Y (GetStatusServlet), read as text (before 2.18.0 it is sent as text/html).
		if ((await serverSettings(this)).serverKind === 'hopServer') {
			return { method: 'GET', path: hopPath('status'), qs: { xml: 'Y' }, headers: { Accept: 'application/xml, text/xml, */*' }, expect: 'text' };
		}
		return { method: 'GET', path: await workerEndpoint(this, 'status'), qs: { xml: 'Y' }, expect: 'xml' };
	},
	async output(plan, response, itemIndex) {
		let server: IDataObject;
		let entries: IDataObject[];
		if ((await serverSettings(this)).serverKind === 'hopServer') {
			const record = readHopDocument(this.getNode(), String(response.body ?? ''), 'serverstatus', `GET ${hopPath('status')}`, response.status, itemIndex);
			const status = readHopServerStatus(record);
			server = status.server;
			entries = [...status.workflows, ...status.pipelines];
		} else {
			const { server: worker, jobs, transformations } = readServerStatus(this.getNode(), response.body as IDataObject, itemIndex);
			server = worker;
			entries = [...jobs, ...transformations];
		}
		let items: IDataObject[];
		if (plan.output === 'server') items = [server];
		else if (plan.output === 'entries') items = entries;
		else items = [server, ...entries];
		items = camelKeys(items);
		if (plan.includeRaw && items.length > 0) items[0] = { ...items[0], raw: response.raw };
		return items;
	},
});
