import {
	NodeConnectionTypes,
	type IDataObject,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';

import { filtersCollection } from '../common/fields';
import { runPoll } from '../common/polling';
import { readEvents, serverScope } from '../common/triggerFields';
import { SCHEDULER_EVENTS, schedulesWatch } from './shared/triggerSchedules';

export class DataflowSchedulerTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Dataflow Scheduler Trigger',
		name: 'dataflowSchedulerTrigger',
		icon: { light: 'file:../../icons/scheduler.svg', dark: 'file:../../icons/scheduler.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{($parameter["events"] || []).join(", ")}}',
		description: 'Starts the workflow when schedules on the BI server run, change state, are created or are removed',
		defaults: { name: 'Dataflow Scheduler Trigger' },
		credentials: [{ name: 'dataflowServerApi', required: true }],
		polling: true,
		// Read by n8n's workflow builder (search results and node type definitions).
		builderHint: {
			searchHint:
				'Polling trigger: use to start a workflow when schedules of the BI server run, change state, are created or are removed (one item per change). To create or change schedules use the Dataflow Scheduler node.',
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
					{ name: 'Schedule Created', value: 'scheduleCreated', description: 'A schedule appeared in the scheduler' },
					{
						name: 'Schedule Ran',
						value: 'scheduleRan',
						description: 'A schedule\'s last run moved: it ran since the last poll (several runs between two polls give one item, the latest)',
					},
					{
						name: 'Schedule Removed',
						value: 'scheduleRemoved',
						description: 'A schedule left the scheduler: it was removed, or it ran for the last time',
					},
					{
						name: 'Schedule State Changed',
						value: 'scheduleStateChanged',
						description: 'A schedule\'s state changed, for example from NORMAL to PAUSED',
					},
				],
				default: ['scheduleRan'],
				description: 'What to trigger on. Each change of each schedule is emitted once.',
			},
			filtersCollection([
				{
					displayName: 'Input File',
					name: 'inputFile',
					type: 'string',
					default: '',
					placeholder: 'e.g. /public/etl/*.ktr',
					description:
						'Only schedules that run this repository file: a path, or a pattern where * stands for any characters; several separated by commas; case-insensitive',
				},
				{
					displayName: 'Owner',
					name: 'owner',
					type: 'string',
					default: '',
					placeholder: 'e.g. admin',
					description: 'Only schedules of this user (several separated by commas). Users who are not administrators only see their own schedules anyway.',
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
						displayName: 'Emit Existing Schedules on First Poll',
						name: 'emitExisting',
						type: 'boolean',
						default: false,
						description:
							'Whether the first poll emits the schedules that already exist (as \'Schedule Created\', and as \'Schedule Ran\' for those that have run). Off: the first poll only records them and later polls emit changes.',
					},
				],
			},
		],
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const events = readEvents(this, SCHEDULER_EVENTS);
		const filters = (this.getNodeParameter('filters', {}) as IDataObject) ?? {};
		const options = (this.getNodeParameter('options', {}) as IDataObject) ?? {};
		const watch = schedulesWatch(
			this,
			{ events, owner: String(filters.owner ?? ''), inputFile: String(filters.inputFile ?? '') },
			{ server: await serverScope(this) },
		);
		return await runPoll(this, { events, emitExisting: options.emitExisting === true, watches: [watch] });
	}
}
