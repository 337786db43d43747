import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { customOperationsOf } from '../common/operations';
import * as api from './resources/api';
import * as token from './resources/token';

export class DataflowCatalog implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Dataflow Catalog',
		name: 'dataflowCatalog',
		icon: { light: 'file:../../icons/catalog.svg', dark: 'file:../../icons/catalog.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Log in to the data catalog and call its protected API',
		defaults: { name: 'Dataflow Catalog' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'dataflowCatalogApi', required: true }],
		requestDefaults: {
			baseURL: '={{$credentials.catalogUrl}}',
		},
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
		],
	};

	customOperations = customOperationsOf({ api: api.operations, token: token.operations });
}
