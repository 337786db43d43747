import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { requestOptionsField } from '../common/fields';
import { operationRouter } from '../common/operations';
import * as query from './resources/query';
import * as report from './resources/report';
import { getCdaQueries, getQueryParameters, getReportParameters } from './shared/methods';
import { searchCdaFiles, searchReports } from './shared/paths';

/**
 * Content out of the BI server: reports rendered with their parameters (the reporting plugin) and
 * query results as items (Community Data Access). A node of its own rather than a resource of the
 * Repository node: users look for "report" in the nodes panel, and Repository is about files.
 */
export class DataflowReport implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Dataflow Report',
		name: 'dataflowReport',
		icon: { light: 'file:../../icons/report.svg', dark: 'file:../../icons/report.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle:
			// The chosen operation's action, not its raw value (test/nodes/subtitle.test.ts keeps this in step with the pickers).
			'={{ {"report:getParameters":"Get parameters of report","report:render":"Render report to file","query:listQueries":"Get many queries of CDA file","query:run":"Run CDA query"}[$parameter["resource"] + ":" + $parameter["operation"]] || $parameter["operation"] }}',
		description: 'Render BI server reports (.prpt) to PDF, Excel, CSV or HTML with their parameters, and bring dashboard query results (CDA) into n8n as items',
		defaults: { name: 'Dataflow Report' },
		usableAsTool: true,
		// Read by n8n's workflow builder (search results and node type definitions).
		builderHint: {
			searchHint:
				'Use to get content out of the BI server: Report > Get Parameters lists what a .prpt report asks for (call it first), Report > Render renders it to a file (PDF, Excel, CSV, HTML, RTF, text) as binary data; Query > Get Many lists the queries of a .cda file, Query > Run runs one and returns one item per row. Paths are repository paths such as /public/Steel Wheels/Reports/Sales.prpt.',
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
					{ name: 'Query (CDA)', value: 'query', description: 'Queries of Community Data Access (.cda) files, the data behind dashboards' },
					{ name: 'Report', value: 'report', description: 'Pentaho reports (.prpt): their parameters, rendered files' },
				],
				default: 'report',
			},
			...report.description,
			...query.description,
			// n8n adds no Request Options to a node with `execute`: declared here (nodes/common/fields.ts).
			requestOptionsField(),
		],
	};

	methods = {
		listSearch: { searchReports, searchCdaFiles },
		loadOptions: { getCdaQueries },
		resourceMapping: { getReportParameters, getQueryParameters },
	};

	execute = operationRouter({ report: report.operations, query: query.operations });
}
