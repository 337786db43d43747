import { updateDisplayOptions, type IDataObject, type INodeProperties } from 'n8n-workflow';

import { defineOperation, sendPlanned } from '../../../common/executor';
import { optionsCollection, optionsOf } from '../../../common/fields';
import { cdaFileField, readCdaPath } from '../../shared/paths';
import { listParametersRequest, listQueriesRequest, parametersOf, queriesOf } from '../../shared/requests';

const properties: INodeProperties[] = [
	cdaFileField(),
	optionsCollection([
		{
			displayName: 'Include Parameters',
			name: 'includeParameters',
			type: 'boolean',
			default: true,
			description: 'Whether to read each query\'s parameters too (one more request per query)',
		},
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['query'], operation: ['listQueries'] } }, properties);

interface Plan {
	path: string;
	includeParameters: boolean;
}

export const execute = defineOperation<Plan>({
	plan(itemIndex) {
		return { path: readCdaPath(this, itemIndex), includeParameters: optionsOf(this, itemIndex).includeParameters !== false };
	},
	async run(plan, itemIndex) {
		const node = this.getNode();
		const queries = queriesOf(node, await sendPlanned(this, listQueriesRequest(plan.path), itemIndex), plan.path, itemIndex);
		const items: IDataObject[] = [];
		for (const query of queries) {
			const item: IDataObject = { file: plan.path, id: query.id, name: query.name, type: query.type };
			if (plan.includeParameters) {
				const parameters = parametersOf(node, await sendPlanned(this, listParametersRequest(plan.path, query.id), itemIndex), query.id, itemIndex);
				item.parameters = parameters.map((p) => ({
					name: p.name,
					type: p.type,
					default: p.defaultValue as IDataObject[string],
					...(p.pattern ? { pattern: p.pattern } : {}),
					access: p.access,
				}));
			}
			items.push(item);
		}
		return items.map((json) => ({ json }));
	},
});
