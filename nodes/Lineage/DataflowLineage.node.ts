import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { customOperationsOf } from '../common/operations';
import * as lineage from './resources/lineage';

export class DataflowLineage implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Dataflow Lineage',
		name: 'dataflowLineage',
		icon: { light: 'file:../../icons/lineage.svg', dark: 'file:../../icons/lineage.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Download the data lineage (GraphML) of transformations and jobs, as a zip or parsed into nodes and edges',
		defaults: { name: 'Dataflow Lineage' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'dataflowServerApi', required: true }],
		requestDefaults: {
			baseURL: '={{$credentials.baseUrl}}',
		},
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [{ name: 'Lineage', value: 'lineage' }],
				default: 'lineage',
			},
			...lineage.description,
		],
	};

	customOperations = customOperationsOf({ lineage: lineage.operations });
}
