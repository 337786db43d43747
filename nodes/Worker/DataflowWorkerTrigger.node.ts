import {
	NodeConnectionTypes,
	NodeOperationError,
	type IDataObject,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';

import { filtersCollection } from '../common/fields';
import { runPoll, type Watch } from '../common/polling';
import { serverSettings } from '../common/transport';
import { readEvents, serverScope } from '../common/triggerFields';
import { HOP_EVENTS, hopStatusList, hopWatch } from './shared/triggerHop';
import { jobsWatch, WORKER_EVENTS } from './shared/triggerJobs';
import { TRANS_EVENTS, transformationsWatch } from './shared/triggerTrans';

export class DataflowWorkerTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Dataflow Worker Trigger',
		name: 'dataflowWorkerTrigger',
		icon: { light: 'file:../../icons/worker.svg', dark: 'file:../../icons/worker.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{($parameter["events"] || []).join(", ")}}',
		description:
			'Starts the workflow when jobs or transformations on the worker server finish, fail or change status, or when pipelines or workflows on an Apache Hop Server finish or fail',
		defaults: { name: 'Dataflow Worker Trigger' },
		credentials: [{ name: 'dataflowServerApi', required: true }],
		polling: true,
		// Read by n8n's workflow builder (search results and node type definitions).
		builderHint: {
			searchHint:
				'Polling trigger: use to start a workflow when jobs or transformations on the worker server finish, fail or change status, or when pipelines or workflows on an Apache Hop Server (credential Server Kind "Hop Server") finish or fail (one item per change). To run a job from a workflow use the Dataflow Worker node.',
		},
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		properties: [
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				required: true,
				options: [
					{
						name: 'Job Failed',
						value: 'jobFailed',
						description: 'A job ended "Finished (with errors)" or "Stopped" (with details: also errors counted or result N)',
					},
					{ name: 'Job Finished', value: 'jobFinished', description: 'A job ended without failing' },
					{
						name: 'Job Status Changed',
						value: 'jobStatusChanged',
						description: 'A job appeared in the worker\'s status list or its status changed (Waiting, Running, Finished …)',
					},
					{
						name: 'Pipeline Failed (Hop Server)',
						value: 'pipelineFailed',
						description:
							'A pipeline on a Hop Server ended with errors or was stopped (with details: also errors counted in a transform, or a stop Hop lists as "Finished")',
					},
					{ name: 'Pipeline Finished (Hop Server)', value: 'pipelineFinished', description: 'A pipeline on a Hop Server ended without failing' },
					{
						name: 'Transformation Failed',
						value: 'transformationFailed',
						description: 'A transformation ended with errors or was stopped (with details: also errors counted in a step, or a stopped step)',
					},
					{ name: 'Transformation Finished', value: 'transformationFinished', description: 'A transformation ended without failing' },
					{
						name: 'Workflow Failed (Hop Server)',
						value: 'workflowFailed',
						description: 'A workflow on a Hop Server ended "Finished (with errors)" or "Stopped" (with details: also errors counted or result N)',
					},
					{ name: 'Workflow Finished (Hop Server)', value: 'workflowFinished', description: 'A workflow on a Hop Server ended without failing' },
				],
				default: ['jobFinished', 'jobFailed'],
				description:
					'What to trigger on. Each job or transformation emits each event once (status changes once per new status). The Pipeline and Workflow events need a credential whose \'Server Kind\' is \'Hop Server\'; the Job and Transformation events any other.',
			},
			filtersCollection([
				{
					displayName: 'Job Name',
					name: 'jobName',
					type: 'string',
					default: '',
					placeholder: 'e.g. load_*',
					description:
						'Only jobs whose name matches: * stands for any characters, ? for one, several patterns separated by commas, case-insensitive. Empty watches every job.',
				},
				{
					displayName: 'Pipeline Name',
					name: 'pipelineName',
					type: 'string',
					default: '',
					placeholder: 'e.g. load-*',
					description: 'Only pipelines whose name matches (same patterns as \'Job Name\'). Empty watches every pipeline.',
					displayOptions: { show: { '/events': ['pipelineFailed', 'pipelineFinished'] } },
				},
				{
					displayName: 'Transformation Name',
					name: 'transName',
					type: 'string',
					default: '',
					placeholder: 'e.g. stage_*',
					description:
						'Only transformations whose name matches (same patterns as \'Job Name\'). Empty watches every transformation. Used by the Transformation events.',
				},
				{
					displayName: 'Workflow Name',
					name: 'workflowName',
					type: 'string',
					default: '',
					placeholder: 'e.g. nightly-*',
					description: 'Only workflows whose name matches (same patterns as \'Job Name\'). Empty watches every workflow.',
					displayOptions: { show: { '/events': ['workflowFailed', 'workflowFinished'] } },
				},
			]),
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Emit Existing Jobs on First Poll',
						name: 'emitExisting',
						type: 'boolean',
						default: false,
						description:
							'Whether the first poll emits the jobs already in the status list (ended jobs as \'Job Finished\' or \'Job Failed\', every job as \'Job Status Changed\'; on a Hop Server ended pipelines and workflows). Off: the first poll only records them and later polls emit changes.',
					},
					{
						displayName: 'Include Job Details',
						name: 'fetchDetails',
						type: 'boolean',
						default: true,
						description:
							'Whether to read each ended job\'s own status before emitting it: result counters (rows, errors, exit status) and the error description (for a transformation or pipeline its steps); a job with errors counted or result N then counts as failed. Costs one request per ended job.',
					},
					{
						displayName: 'Include Log',
						name: 'includeLog',
						type: 'boolean',
						default: false,
						description: 'Whether ended jobs carry their log text (in "job.log"; needs \'Include Job Details\')',
					},
				],
			},
		],
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const events = readEvents(this, [...WORKER_EVENTS, ...TRANS_EVENTS, ...HOP_EVENTS]);
		const options = (this.getNodeParameter('options', {}) as IDataObject) ?? {};
		const filters = (this.getNodeParameter('filters', {}) as IDataObject) ?? {};
		const nameFilter = (name: string) => String(filters[name] ?? '');
		const fetchDetails = options.fetchDetails !== false;
		const includeLog = options.includeLog === true;
		const hop = (await serverSettings(this)).serverKind === 'hopServer';
		// A Hop Server has pipelines and workflows, any other server jobs and transformations.
		const foreign = events.filter((event) => HOP_EVENTS.includes(event) !== hop);
		if (foreign.length > 0) {
			throw new NodeOperationError(
				this.getNode(),
				hop
					? `The events ${foreign.join(', ')} watch a worker server, but the credential is a Hop Server: choose the Pipeline and Workflow events`
					: `The events ${foreign.join(', ')} watch an Apache Hop Server, but the credential's Server Kind is not "Hop Server": choose the Job and Transformation events, or a Hop Server credential`,
			);
		}
		const scope = { server: await serverScope(this) };
		// eslint-disable-next-line @typescript-eslint/no-explicit-any
		const watches: Array<Watch<IDataObject, any>> = [];
		if (hop) {
			const list = hopStatusList(this);
			if (events.some((e) => e.startsWith('pipeline'))) {
				watches.push(hopWatch(this, 'pipeline', { events, name: nameFilter('pipelineName'), fetchDetails, includeLog }, scope, list));
			}
			if (events.some((e) => e.startsWith('workflow'))) {
				watches.push(hopWatch(this, 'workflow', { events, name: nameFilter('workflowName'), fetchDetails, includeLog }, scope, list));
			}
			return await runPoll(this, { events, emitExisting: options.emitExisting === true, watches });
		}
		watches.push(jobsWatch(this, { events, jobName: nameFilter('jobName'), fetchDetails, includeLog }, scope));
		if (events.some((event) => TRANS_EVENTS.includes(event))) {
			watches.push(transformationsWatch(this, { events, transName: nameFilter('transName'), fetchDetails, includeLog }, scope));
		}
		return await runPoll(this, { events, emitExisting: options.emitExisting === true, watches });
	}
}
