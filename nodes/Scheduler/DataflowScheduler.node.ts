import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { operationSubtitle, requestOptionsField } from '../common/fields';
import { searchRepositoryFolders, searchRepositoryPaths } from '../common/repositoryPicker';
import { customOperationsOf, executeOperation } from '../common/operations';
import * as blockout from './resources/blockout';
import * as schedule from './resources/schedule';
import * as scheduler from './resources/scheduler';
import { searchBlockouts, searchJobs } from './shared/jobId';

export class DataflowScheduler implements INodeType {
	// The subtitle names the chosen operation's action, from the operation pickers (operationSubtitle),
	// where the rule wants the raw "operation: resource" values.
	// eslint-disable-next-line n8n-nodes-base/node-class-description-missing-subtitle
	description: INodeTypeDescription = {
		displayName: 'Dataflow Scheduler',
		name: 'dataflowScheduler',
		icon: { light: 'file:../../icons/scheduler.svg', dark: 'file:../../icons/scheduler.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: operationSubtitle(blockout.description, schedule.description, scheduler.description),
		description: 'Schedule repository content, manage blockouts and pause the scheduler of the BI server',
		defaults: { name: 'Dataflow Scheduler' },
		usableAsTool: true,
		// Read by n8n's workflow builder (search results and node type definitions).
		builderHint: {
			searchHint:
				'Use to schedule repository content (transformations, jobs, reports) on the BI server and to list, pause, resume or remove its schedules; schedules are addressed by the job id that Get Many returns. Remove deletes a schedule for good. To run a job right now use the Dataflow Worker node; to start a workflow when schedules run use the Dataflow Scheduler Trigger.',
		},
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
				options: [
					{ name: 'Blockout', value: 'blockout' },
					{ name: 'Schedule', value: 'schedule' },
					{ name: 'Scheduler', value: 'scheduler' },
				],
				default: 'schedule',
			},
			...blockout.description,
			...schedule.description,
			...scheduler.description,
			// n8n adds no Request Options to a node with `execute`: declared here (nodes/common/fields.ts).
			requestOptionsField(),
		],
	};

	methods = {
		listSearch: { searchBlockouts, searchJobs, searchRepositoryFolders, searchRepositoryPaths },
	};

	customOperations = customOperationsOf({ blockout: blockout.operations, schedule: schedule.operations, scheduler: scheduler.operations });

	/** Runs as an AI tool too (n8n calls `execute` there, not `customOperations`). */
	execute = executeOperation(this.customOperations);
}
