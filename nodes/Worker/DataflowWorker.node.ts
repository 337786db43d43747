import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { requestOptionsField } from '../common/fields';
import { operationRouter } from '../common/operations';
import { searchRepositoryFolders, searchRepositoryPaths } from '../common/repositoryPicker';
import * as job from './resources/job';
import * as sequence from './resources/sequence';
import * as server from './resources/server';
import * as slave from './resources/slave';
import * as socket from './resources/socket';
import * as transformation from './resources/transformation';

export class DataflowWorker implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Dataflow Worker',
		name: 'dataflowWorker',
		icon: { light: 'file:../../icons/worker.svg', dark: 'file:../../icons/worker.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle:
			// The chosen operation's action, not its raw value (test/nodes/subtitle.test.ts keeps this in step with the pickers).
			'={{ {"job:add":"Add a job","job:execute":"Execute a job","job:getImage":"Get the image of a job","job:getStatus":"Get the status of a job","job:remove":"Remove a job","job:run":"Run a job","job:runAndWait":"Run a job and wait for it to finish","job:start":"Start a job","job:stop":"Stop a job","sequence:reserve":"Reserve a block of sequence values","server:getStatus":"Get the status of the server","server:stop":"Stop and shut down the worker server","slave:list":"List slave servers","slave:register":"Register a slave server","socket:allocate":"Allocate a socket port","socket:list":"List socket ports","transformation:execute":"Execute a transformation","transformation:getImage":"Get the image of a transformation","transformation:getStatus":"Get the status of a transformation","transformation:pause":"Pause a transformation","transformation:remove":"Remove a transformation","transformation:resume":"Resume a transformation","transformation:run":"Run a transformation","transformation:runAndWait":"Run a transformation and wait for it to finish","transformation:stop":"Stop a transformation"}[$parameter["resource"] + ":" + $parameter["operation"]] || $parameter["operation"] }}',
		description: 'Run, watch and control data-flow jobs and transformations on the worker server, read its status, and manage its slaves, sockets and sequences',
		defaults: { name: 'Dataflow Worker' },
		usableAsTool: true,
		// Read by n8n's workflow builder (search results and node type definitions).
		builderHint: {
			searchHint:
				'Use for data-flow jobs (.kjb) and transformations (.ktr) on the worker server. Job > Run and Wait starts a job by its repository path (such as /home/admin/load.kjb) and returns one item with its final status, row counters and log; Job > Get Status reads a job by the id a run returned. Server > Stop shuts the worker server down. To schedule content use the Dataflow Scheduler node; to start a workflow when jobs end use the Dataflow Worker Trigger.',
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
					{ name: 'Job', value: 'job' },
					{ name: 'Sequence', value: 'sequence' },
					{ name: 'Server', value: 'server' },
					{ name: 'Slave', value: 'slave' },
					{ name: 'Socket', value: 'socket' },
					{ name: 'Transformation', value: 'transformation' },
				],
				default: 'job',
			},
			...job.description,
			...sequence.description,
			...server.description,
			...slave.description,
			...socket.description,
			...transformation.description,
			// n8n adds no Request Options to a node with `execute`: declared here (nodes/common/fields.ts).
			requestOptionsField(),
		],
	};

	methods = { listSearch: { searchRepositoryFolders, searchRepositoryPaths } };

	execute = operationRouter({
		job: job.operations,
		sequence: sequence.operations,
		server: server.operations,
		slave: slave.operations,
		socket: socket.operations,
		transformation: transformation.operations,
	});
}
