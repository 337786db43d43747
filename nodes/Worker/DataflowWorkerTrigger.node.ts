import {
	NodeConnectionTypes,
	type IDataObject,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';

import { runPoll } from '../common/polling';
import { readEvents, serverScope } from '../common/triggerFields';
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
		description: 'Starts the workflow when jobs or transformations on the worker server finish, fail or change status',
		defaults: { name: 'Dataflow Worker Trigger' },
		credentials: [{ name: 'dataflowServerApi', required: true }],
		polling: true,
		// Read by n8n's workflow builder (search results and node type definitions).
		builderHint: {
			searchHint:
				'Polling trigger: use to start a workflow when jobs or transformations on the worker server finish, fail or change status (one item per change). To run a job from a workflow use the Dataflow Worker node.',
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
						name: 'Transformation Failed',
						value: 'transformationFailed',
						description: 'A transformation ended with errors or was stopped (with details: also errors counted in a step, or a stopped step)',
					},
					{ name: 'Transformation Finished', value: 'transformationFinished', description: 'A transformation ended without failing' },
				],
				default: ['jobFinished', 'jobFailed'],
				description: 'What to trigger on. Each job or transformation emits each event once (status changes once per new status).',
			},
			{
				displayName: 'Job Name',
				name: 'jobName',
				type: 'string',
				default: '',
				placeholder: 'load_*',
				description:
					'Only jobs whose name matches: * stands for any characters, ? for one, several patterns separated by commas, case-insensitive. Empty watches every job.',
			},
			{
				displayName: 'Transformation Name',
				name: 'transName',
				type: 'string',
				default: '',
				placeholder: 'stage_*',
				description:
					'Only transformations whose name matches (same patterns as Job Name). Empty watches every transformation. Used by the Transformation events.',
			},
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
							'Whether the first poll emits the jobs already in the status list (ended jobs as Job Finished or Job Failed, every job as Job Status Changed). Off: the first poll only records them and later polls emit changes.',
					},
					{
						displayName: 'Include Job Details',
						name: 'fetchDetails',
						type: 'boolean',
						default: true,
						description:
							'Whether to read each ended job\'s own status before emitting it: result counters (rows, errors, exit status) and the error description; a job with errors counted or result N then counts as failed. Costs one request per ended job.',
					},
					{
						displayName: 'Include Log',
						name: 'includeLog',
						type: 'boolean',
						default: false,
						description: 'Whether ended jobs carry their log text (in "job.log"; needs Include Job Details)',
					},
				],
			},
		],
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const events = readEvents(this, [...WORKER_EVENTS, ...TRANS_EVENTS]);
		const options = (this.getNodeParameter('options', {}) as IDataObject) ?? {};
		const watch = jobsWatch(
			this,
			{
				events,
				jobName: String(this.getNodeParameter('jobName', '') ?? ''),
				fetchDetails: options.fetchDetails !== false,
				includeLog: options.includeLog === true,
			},
			{ server: await serverScope(this) },
		);
		const watches = [watch];
		if (events.some((event) => TRANS_EVENTS.includes(event))) {
			watches.push(
				transformationsWatch(
					this,
					{
						events,
						transName: String(this.getNodeParameter('transName', '') ?? ''),
						fetchDetails: options.fetchDetails !== false,
						includeLog: options.includeLog === true,
					},
					{ server: await serverScope(this) },
				) as unknown as typeof watch,
			);
		}
		return await runPoll(this, { events, emitExisting: options.emitExisting === true, watches });
	}
}
