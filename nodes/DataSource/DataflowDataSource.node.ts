import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { requestOptionsField } from '../common/fields';
import { operationRouter } from '../common/operations';
import * as analysisSchema from './resources/analysisSchema';
import * as dswDomain from './resources/dswDomain';
import * as jdbcConnection from './resources/jdbcConnection';
import { searchCatalogs, searchConnections, searchDomains } from './shared/listSearch';

export class DataflowDataSource implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Dataflow Data Source',
		name: 'dataflowDataSource',
		icon: { light: 'file:../../icons/datasource.svg', dark: 'file:../../icons/datasource.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle:
			// The chosen operation's action, not its raw value (test/nodes/subtitle.test.ts keeps this in step with the pickers).
			'={{ {"analysisSchema:delete":"Delete analysis schema for all users","analysisSchema:download":"Download analysis schema","analysisSchema:getAll":"Get many analysis schemas","analysisSchema:upload":"Upload analysis schema","dswDomain:delete":"Delete data source wizard domain for all users","dswDomain:download":"Download data source wizard domain","dswDomain:getAll":"Get many data source wizard domains","jdbcConnection:createOrUpdate":"Create or update JDBC connection","jdbcConnection:delete":"Delete JDBC connection for all users","jdbcConnection:get":"Get JDBC connection","jdbcConnection:getAll":"Get many JDBC connections"}[$parameter["resource"] + ":" + $parameter["operation"]] || $parameter["operation"] }}',
		description: 'Manage the JDBC connections, analysis schemas and data source wizard domains of the BI server',
		defaults: { name: 'Dataflow Data Source' },
		usableAsTool: true,
		// Read by n8n's workflow builder (search results and node type definitions).
		builderHint: {
			searchHint:
				'Use to list, read, create, update or delete the JDBC connections (by connection name), analysis schemas and data source wizard domains of the BI server. Delete removes the object from the server for every user.',
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
				options: [
					{ name: 'Analysis Schema', value: 'analysisSchema' },
					{ name: 'Data Source Wizard Domain', value: 'dswDomain' },
					{ name: 'JDBC Connection', value: 'jdbcConnection' },
				],
				default: 'jdbcConnection',
			},
			...analysisSchema.description,
			...dswDomain.description,
			...jdbcConnection.description,
			// n8n adds no Request Options to a node with `execute`: declared here (nodes/common/fields.ts).
			requestOptionsField(),
		],
	};

	methods = {
		listSearch: { searchCatalogs, searchConnections, searchDomains },
	};


	execute = operationRouter({
		analysisSchema: analysisSchema.operations,
		dswDomain: dswDomain.operations,
		jdbcConnection: jdbcConnection.operations,
	});
}
