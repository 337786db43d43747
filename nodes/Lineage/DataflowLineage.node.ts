import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { requestOptionsField } from '../common/fields';
import { operationRouter } from '../common/operations';
import * as lineage from './resources/lineage';

export class DataflowLineage implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Dataflow Lineage',
		name: 'dataflowLineage',
		icon: { light: 'file:../../icons/lineage.svg', dark: 'file:../../icons/lineage.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle:
			// The chosen operation's action, not its raw value (test/nodes/subtitle.test.ts keeps this in step with the pickers).
			'={{ {"lineage:getAllArtifacts":"Get lineage for all files","lineage:getForFile":"Get lineage for file"}[$parameter["resource"] + ":" + $parameter["operation"]] || $parameter["operation"] }}',
		description: 'Download the data lineage (GraphML) of transformations and jobs, as a zip or parsed into nodes and edges',
		defaults: { name: 'Dataflow Lineage' },
		usableAsTool: true,
		// Read by n8n's workflow builder (search results and node type definitions).
		builderHint: {
			searchHint:
				'Use to read the data lineage of transformations and jobs: every run between two dates, or the runs of one repository file (a path such as /home/admin/sales.ktr). With Extract on, each GraphML graph comes back parsed into nodes and edges.',
		},
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'dataflowServerApi', required: true }],
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
			// n8n adds no Request Options to a node with `execute`: declared here (nodes/common/fields.ts).
			requestOptionsField(),
		],
	};

	execute = operationRouter({ lineage: lineage.operations });
}
