import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { requestOptionsField } from '../common/fields';
import { operationRouter } from '../common/operations';
import * as api from './resources/api';
import * as token from './resources/token';

export class DataflowCatalog implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Dataflow Catalog',
		name: 'dataflowCatalog',
		icon: { light: 'file:../../icons/catalog.svg', dark: 'file:../../icons/catalog.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle:
			// The chosen operation's action, not its raw value (test/nodes/subtitle.test.ts keeps this in step with the pickers).
			'={{ {"api:call":"Call catalog API","token:getToken":"Get access token"}[$parameter["resource"] + ":" + $parameter["operation"]] || $parameter["operation"] }}',
		description: 'Log in to the data catalog and call its protected API',
		defaults: { name: 'Dataflow Catalog' },
		usableAsTool: true,
		// Read by n8n's workflow builder (search results and node type definitions).
		builderHint: {
			searchHint:
				'Use to call the REST API of the data catalog; the Dataflow Catalog API credential logs in and renews the token by itself.',
		},
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'dataflowCatalogApi', required: true }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'API', value: 'api' },
					{ name: 'Token', value: 'token' },
				],
				default: 'api',
			},
			...api.description,
			...token.description,
			// n8n adds no Request Options to a node with `execute`: declared here (nodes/common/fields.ts).
			requestOptionsField(),
		],
	};

	execute = operationRouter({ api: api.operations, token: token.operations });
}
