import { NodeConnectionTypes, type IExecuteFunctions, type INodeType, type INodeTypeDescription, type NodeOutput } from 'n8n-workflow';

import { requestOptionsField } from '../common/fields';
import { operationRouter } from '../common/operations';
import { searchJobPaths, searchRepositoryFolders, searchRepositoryPaths, searchTransformationPaths } from '../common/repositoryPicker';
import * as job from './resources/job';
import * as pipeline from './resources/pipeline';
import * as sequence from './resources/sequence';
import * as server from './resources/server';
import * as slave from './resources/slave';
import * as socket from './resources/socket';
import * as transformation from './resources/transformation';
import * as workflow from './resources/workflow';
import { checkServerKind } from './shared/serverKind';

const route = operationRouter({
	job: job.operations,
	pipeline: pipeline.operations,
	sequence: sequence.operations,
	server: server.operations,
	slave: slave.operations,
	socket: socket.operations,
	transformation: transformation.operations,
	workflow: workflow.operations,
});

export class DataflowWorker implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Dataflow Worker',
		name: 'dataflowWorker',
		icon: { light: 'file:../../icons/worker.svg', dark: 'file:../../icons/worker.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle:
			// The chosen operation's action, not its raw value (test/nodes/subtitle.test.ts keeps this in step with the pickers).
			'={{ {"job:add":"Add job","job:execute":"Execute job","job:getImage":"Get image of job","job:getStatus":"Get status of job","job:remove":"Remove job","job:run":"Run job","job:runAndWait":"Run job and wait for it to finish","job:start":"Start job","job:stop":"Stop job","pipeline:execute":"Execute pipeline","pipeline:getImage":"Get image of pipeline","pipeline:getStatus":"Get status of pipeline","pipeline:pause":"Pause pipeline","pipeline:register":"Register pipeline","pipeline:remove":"Remove pipeline","pipeline:resume":"Resume pipeline","pipeline:runAndWait":"Run pipeline and wait for it to finish","pipeline:start":"Start pipeline","pipeline:stop":"Stop pipeline","sequence:reserve":"Reserve block of sequence values","server:getStatus":"Get status of server","server:stop":"Stop and shut down worker server","slave:list":"Get many slave servers","slave:register":"Register slave server","socket:allocate":"Allocate socket port","socket:list":"Get many socket ports","transformation:execute":"Execute transformation","transformation:getImage":"Get image of transformation","transformation:getStatus":"Get status of transformation","transformation:pause":"Pause transformation","transformation:remove":"Remove transformation","transformation:resume":"Resume transformation","transformation:run":"Run transformation","transformation:runAndWait":"Run transformation and wait for it to finish","transformation:stop":"Stop transformation","workflow:execute":"Execute workflow","workflow:getImage":"Get image of workflow","workflow:getStatus":"Get status of workflow","workflow:register":"Register workflow","workflow:remove":"Remove workflow","workflow:runAndWait":"Run workflow and wait for it to finish","workflow:start":"Start workflow","workflow:stop":"Stop workflow"}[$parameter["resource"] + ":" + $parameter["operation"]] || $parameter["operation"] }}',
		description:
			'Run, watch and control data-flow jobs and transformations on the worker server (pipelines and workflows on an Apache Hop Server), read its status, and manage its slaves, sockets and sequences',
		defaults: { name: 'Dataflow Worker' },
		usableAsTool: true,
		// Read by n8n's workflow builder (search results and node type definitions).
		builderHint: {
			searchHint:
				'Use for data-flow jobs (.kjb) and transformations (.ktr) on the worker server, and for pipelines (.hpl) and workflows (.hwf) on an Apache Hop Server (credential Server Kind "Hop Server"). Job > Run and Wait starts a job by its repository path (such as /home/admin/load.kjb) and returns one item with its final status, row counters and log; Job > Get Status reads a job by the id a run returned. On a Hop Server use Pipeline and Workflow instead of Transformation and Job: Pipeline > Run and Wait runs a .hpl file of the server (such as ${PROJECT_HOME}/pipelines/load.hpl); Pipeline > Get Status reads a pipeline by its name and id. Server > Stop shuts the server down. To schedule content use the Dataflow Scheduler node; to start a workflow when jobs end use the Dataflow Worker Trigger.',
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
				// Kettle's resources and Hop's side by side: n8n cannot show fields by the credential's Server Kind,
				// so each says which server has it, and a resource the server lacks is refused (shared/serverKind.ts).
				options: [
					{ name: 'Job', value: 'job', description: 'Kettle jobs on a worker server (on a Hop Server: Workflow)' },
					{ name: 'Pipeline', value: 'pipeline', description: 'Apache Hop Server only: pipelines (.hpl), Hop\'s transformations' },
					{ name: 'Sequence', value: 'sequence', description: 'Worker server only' },
					{ name: 'Server', value: 'server', description: 'Any server: status and shutdown' },
					{ name: 'Slave', value: 'slave', description: 'Worker server only' },
					{ name: 'Socket', value: 'socket', description: 'Worker server only' },
					{ name: 'Transformation', value: 'transformation', description: 'Kettle transformations on a worker server (on a Hop Server: Pipeline)' },
					{ name: 'Workflow', value: 'workflow', description: 'Apache Hop Server only: workflows (.hwf), Hop\'s jobs' },
				],
				default: 'job',
			},
			...job.description,
			...pipeline.description,
			...sequence.description,
			...server.description,
			...slave.description,
			...socket.description,
			...transformation.description,
			...workflow.description,
			// n8n adds no Request Options to a node with `execute`: declared here (nodes/common/fields.ts).
			requestOptionsField(),
		],
	};

	methods = { listSearch: { searchJobPaths, searchRepositoryFolders, searchRepositoryPaths, searchTransformationPaths } };

	// The resource is checked against the credential's Server Kind first (shared/serverKind.ts), then routed.
	async execute(this: IExecuteFunctions): Promise<NodeOutput> {
		await checkServerKind(this);
		return await route.call(this);
	}
}
