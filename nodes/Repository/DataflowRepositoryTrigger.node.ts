import {
	NodeConnectionTypes,
	NodeOperationError,
	type IDataObject,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';

import { runPoll, type PollSpec } from '../common/polling';
import { readEvents, serverScope } from '../common/triggerFields';
import { normalizePath } from '../common/repositoryPath';
import { searchFolders, searchPaths } from './shared/listSearch';
import { pathField } from './shared/paths';
import { FILE_EVENTS, filesWatch, generatedContentWatch, REPOSITORY_EVENTS } from './shared/triggerFiles';

function readPathParameter(ctx: IPollFunctions, name: string, label: string): string {
	const value = ctx.getNodeParameter(name, '', { extractValue: true }) as unknown;
	const text = typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
	try {
		return normalizePath(text, label);
	} catch (error) {
		throw new NodeOperationError(ctx.getNode(), (error as Error).message);
	}
}

export class DataflowRepositoryTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Dataflow Repository Trigger',
		name: 'dataflowRepositoryTrigger',
		icon: { light: 'file:../../icons/repository.svg', dark: 'file:../../icons/repository.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{($parameter["events"] || []).join(", ")}}',
		description: 'Starts the workflow when files in a repository folder are created, updated or deleted, or when a report gets new output',
		defaults: { name: 'Dataflow Repository Trigger' },
		credentials: [{ name: 'dataflowServerApi', required: true }],
		polling: true,
		// Read by n8n's workflow builder (search results and node type definitions).
		builderHint: {
			searchHint:
				'Polling trigger: use to start a workflow when files in a BI server repository folder (such as /home/admin) are created, updated or deleted, or when a report gets new output; each item carries the file path, which the Dataflow Repository node can download.',
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
					{ name: 'File Created', value: 'fileCreated', description: 'A file appeared in the folder' },
					{
						name: 'File Deleted',
						value: 'fileDeleted',
						description: 'A file left the folder: moved to the trash, deleted, or moved or renamed out of what is watched',
					},
					{ name: 'File Updated', value: 'fileUpdated', description: 'A file\'s last modified date moved' },
					{
						name: 'Generated Content Added',
						value: 'generatedContentAdded',
						description: 'A source file, such as a report or a transformation, got a new output file',
					},
				],
				default: ['fileCreated'],
				description: 'What to trigger on. Each change of each file is emitted once.',
			},
			pathField({
				show: { events: FILE_EVENTS },
				name: 'folder',
				displayName: 'Folder',
				description: 'Repository folder to watch, such as /home/admin. In the list, type a folder path ending with "/" to browse it.',
				placeholder: 'e.g. /home/admin',
				folders: true,
			}),
			pathField({
				show: { events: ['generatedContentAdded'] },
				name: 'sourceFile',
				displayName: 'Source File',
				description: 'Repository path of the file whose output to watch, such as a report run by a schedule',
				placeholder: 'e.g. /public/reports/sales.prpt',
			}),
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Emit Existing Files on First Poll',
						name: 'emitExisting',
						type: 'boolean',
						default: false,
						description:
							'Whether the first poll emits the files that already exist (as \'File Created\', or \'Generated Content Added\'). Off: the first poll only records them and later polls emit changes.',
					},
					{
						displayName: 'File Name Pattern',
						name: 'namePattern',
						type: 'string',
						default: '',
						placeholder: 'e.g. *.ktr, *.kjb',
						description:
							'Only files whose name matches: * stands for any characters, ? for one, several patterns separated by commas, case-insensitive. Left out or empty: every file is watched.',
						displayOptions: { show: { '/events': FILE_EVENTS } },
					},
					{
						displayName: 'Include Folders',
						name: 'includeFolders',
						type: 'boolean',
						default: false,
						description: 'Whether folders count as files too (a folder\'s last modified date moves when files are added to it)',
					},
					{
						displayName: 'Include Hidden Files',
						name: 'includeHidden',
						type: 'boolean',
						default: false,
						description: 'Whether hidden files are watched too',
					},
					{
						displayName: 'Include Subfolders',
						name: 'includeSubfolders',
						type: 'boolean',
						default: false,
						description: 'Whether to watch the files of every folder below the folder too',
						displayOptions: { show: { '/events': FILE_EVENTS } },
					},
				],
			},
		],
	};

	methods = { listSearch: { searchFolders, searchPaths } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const events = readEvents(this, REPOSITORY_EVENTS);
		const options = (this.getNodeParameter('options', {}) as IDataObject) ?? {};
		const server = await serverScope(this);
		const watches: PollSpec['watches'] = [];
		if (events.some((e) => FILE_EVENTS.includes(e))) {
			watches.push(
				filesWatch(
					this,
					{
						events,
						folder: readPathParameter(this, 'folder', 'Folder'),
						namePattern: String(options.namePattern ?? ''),
						includeSubfolders: options.includeSubfolders === true,
						includeFolders: options.includeFolders === true,
						includeHidden: options.includeHidden === true,
					},
					{ server },
				),
			);
		}
		if (events.includes('generatedContentAdded')) {
			watches.push(generatedContentWatch(this, { sourceFile: readPathParameter(this, 'sourceFile', 'Source File') }, { server }));
		}
		return await runPoll(this, { events, emitExisting: options.emitExisting === true, watches });
	}
}
