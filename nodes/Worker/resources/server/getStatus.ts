import { type IDataObject, updateDisplayOptions } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { rawResponseOptions, readIncludeRaw } from '../../../common/fields';
import { workerEndpoint } from '../../shared/fields';
import { camelKeys } from '../../shared/outputKeys';
import { readServerStatus } from '../../shared/serverStatus';

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
				description: 'One item per job and per transformation, each with "kind"',
			},
			{
				name: 'Server and Each Job and Transformation',
				value: 'all',
				description:
					'First an item for the server (kind "server": OS, memory, CPU, counts), then one item per job and per transformation (kind "job" or "transformation")',
			},
			{
				name: 'Server Summary Only',
				value: 'server',
				description: 'One item: the server with its job and transformation counts',
			},
		],
		default: 'all',
	},
	rawResponseOptions(),
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
	request: async function () {
		return { method: 'GET', path: await workerEndpoint(this, 'status'), qs: { xml: 'Y' }, expect: 'xml' };
	},
	output(plan, response, itemIndex) {
		const { server, jobs, transformations } = readServerStatus(this.getNode(), response.body as IDataObject, itemIndex);
		let items: IDataObject[];
		if (plan.output === 'server') items = [server];
		else if (plan.output === 'entries') items = [...jobs, ...transformations];
		else items = [server, ...jobs, ...transformations];
		items = camelKeys(items);
		if (plan.includeRaw && items.length > 0) items[0] = { ...items[0], raw: response.raw };
		return items;
	},
});
