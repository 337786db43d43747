import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import {
	Workflow,
	type ICredentialDataDecryptedObject,
	type ICredentialType,
	type IConnections,
	type INode,
	type INodeExecutionData,
	type INodeType,
	type IRun,
	type IRunExecutionData,
	type IVersionedNodeType,
	type IWorkflowBase,
	type IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';

import { TestCredentialsHelper } from './credentialsHelper';
import { StartNode, TestNodeTypes } from './nodeTypes';

export interface WorkflowRunOptions {
	nodeTypes: Record<string, INodeType | IVersionedNodeType>;
	credentialTypes: Record<string, ICredentialType>;
	credentials: Record<string, ICredentialDataDecryptedObject>;
	nodes: INode[];
	connections: IConnections;
	/** Name of the node the run starts at; it receives `input`. */
	startNodeName: string;
	input?: INodeExecutionData[];
	/** Reuse a helper (and so its stored tokens) across runs, as n8n reuses its database. */
	credentialsHelper?: TestCredentialsHelper;
	/** Called once the execution has started, with a function that cancels it as n8n's Stop button does. */
	onStarted?: (cancel: () => void) => void;
	/** What nodes send to the editor (sendMessageToUI in a manual run), as n8n's push would carry it. */
	onUiMessage?: (type: string, data: unknown) => void;
}

export interface WorkflowRunResult {
	run: IRun;
	credentialsHelper: TestCredentialsHelper;
	/** Output items of a node's first run, first output. */
	outputOf(nodeName: string, outputIndex?: number): INodeExecutionData[];
	/** The error a node's run ended with, if any. */
	errorOf(nodeName: string): (Error & { httpCode?: string | null; description?: string | null; context?: Record<string, unknown> }) | undefined;
}

let executionCounter = 0;

/** Runs a workflow through n8n-core's WorkflowExecute, with the package's real credential code. */
export async function runWorkflow(options: WorkflowRunOptions): Promise<WorkflowRunResult> {
	const nodeTypes = new TestNodeTypes({ start: new StartNode(), ...options.nodeTypes });
	const credentialsHelper =
		options.credentialsHelper ?? new TestCredentialsHelper(options.credentialTypes, { ...options.credentials });
	const workflow = new Workflow({
		id: 'test-workflow',
		name: 'Test workflow',
		nodes: options.nodes,
		connections: options.connections,
		nodeTypes,
		active: false,
		settings: { executionOrder: 'v1' },
	});
	const executionId = `exec-${++executionCounter}`;
	const workflowData = {
		id: 'test-workflow',
		name: 'Test workflow',
		nodes: options.nodes,
		connections: options.connections,
		active: false,
		activeVersionId: null,
		isArchived: false,
		createdAt: new Date(),
		updatedAt: new Date(),
		settings: { executionOrder: 'v1' },
	} as unknown as IWorkflowBase;
	const hooks = new ExecutionLifecycleHooks('manual', executionId, workflowData);
	let resolveDone!: (run: IRun) => void;
	const done = new Promise<IRun>((resolve) => (resolveDone = resolve));
	hooks.addHandler('workflowExecuteAfter', (run) => resolveDone(run));

	const additionalData = {
		hooks,
		credentialsHelper,
		executionId,
		currentNodeParameters: undefined,
		variables: {},
		restApiUrl: 'http://127.0.0.1:5678/rest',
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		webhookBaseUrl: 'http://127.0.0.1:5678/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1:5678/webhook-test',
		formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
		userId: 'user-1',
		executeWorkflow: async () => {
			throw new Error('Sub-workflows are not supported in tests');
		},
		getRunExecutionData: async () => undefined,
		logAiEvent: () => {},
		startRunnerTask: async () => {
			throw new Error('Task runners are not supported in tests');
		},
		setExecutionStatus: () => {},
		sendDataToUI: (type: string, data: unknown) => options.onUiMessage?.(type, data),
	} as unknown as IWorkflowExecuteAdditionalData;

	const startNode = workflow.getNode(options.startNodeName);
	if (!startNode) throw new Error(`No node named ${options.startNodeName}`);
	const runExecutionData = {
		startData: {},
		resultData: { runData: {} },
		executionData: {
			contextData: {},
			metadata: {},
			nodeExecutionStack: [
				{ node: startNode, data: { main: [options.input ?? [{ json: {} }]] }, source: null },
			],
			waitingExecution: {},
			waitingExecutionSource: {},
		},
	} as unknown as IRunExecutionData;

	const execute = new WorkflowExecute(additionalData, 'manual', runExecutionData);
	const execution = execute.processRunExecutionData(workflow);
	options.onStarted?.(() => execution.cancel());
	const run = await execution;
	await done;

	return {
		run,
		credentialsHelper,
		outputOf(nodeName: string, outputIndex = 0) {
			const task = run.data.resultData.runData[nodeName]?.[0];
			if (!task) throw new Error(`Node ${nodeName} did not run`);
			if (task.error) throw task.error;
			return task.data?.main?.[outputIndex] ?? [];
		},
		errorOf(nodeName: string) {
			return run.data.resultData.runData[nodeName]?.[0]?.error as WorkflowRunResult['errorOf'] extends (n: string) => infer R ? R : never;
		},
	};
}

export interface NodeRunOptions {
	/** The node type (an instance of the node class). */
	nodeType: INodeType;
	parameters: INode['parameters'];
	credentialTypes: Record<string, ICredentialType>;
	credentials: Record<string, ICredentialDataDecryptedObject>;
	input?: INodeExecutionData[];
	continueOnFail?: boolean;
	onError?: INode['onError'];
	credentialsHelper?: TestCredentialsHelper;
	nodeName?: string;
	/** Called once the execution has started, with a function that cancels it (see WorkflowRunOptions). */
	onStarted?: (cancel: () => void) => void;
	onUiMessage?: WorkflowRunOptions['onUiMessage'];
}

export interface NodeRunResult {
	/** Items of the node's first output (empty when it failed). */
	items: INodeExecutionData[];
	/** Items of every output (the second is the error output with onError: continueErrorOutput). */
	outputs: INodeExecutionData[][];
	error?: ReturnType<WorkflowRunResult['errorOf']>;
	credentialsHelper: TestCredentialsHelper;
	run: IRun;
}

/** Runs one node, fed by a start node with the given input items, through WorkflowExecute. */
export async function runNode(options: NodeRunOptions): Promise<NodeRunResult> {
	const type = options.nodeType.description.name;
	const nodeName = options.nodeName ?? 'Node';
	const credentials: INode['credentials'] = {};
	for (const credential of options.nodeType.description.credentials ?? []) {
		credentials[credential.name] = { id: `${credential.name}-id`, name: credential.name };
	}
	const node: INode = {
		id: 'node-under-test',
		name: nodeName,
		type,
		typeVersion: Array.isArray(options.nodeType.description.version)
			? options.nodeType.description.version[options.nodeType.description.version.length - 1]
			: options.nodeType.description.version,
		position: [200, 0],
		parameters: options.parameters,
		credentials,
		...(options.continueOnFail ? { continueOnFail: true } : {}),
		...(options.onError ? { onError: options.onError } : {}),
	};
	const start: INode = { id: 'start', name: 'Start', type: 'start', typeVersion: 1, position: [0, 0], parameters: {} };
	const result = await runWorkflow({
		nodeTypes: { [type]: options.nodeType },
		credentialTypes: options.credentialTypes,
		credentials: options.credentials,
		nodes: [start, node],
		connections: { Start: { main: [[{ node: nodeName, type: 'main', index: 0 }]] } },
		startNodeName: 'Start',
		input: options.input,
		credentialsHelper: options.credentialsHelper,
		onStarted: options.onStarted,
		onUiMessage: options.onUiMessage,
	});
	const task = result.run.data.resultData.runData[nodeName]?.[0];
	return {
		items: task?.data?.main?.[0] ?? [],
		outputs: (task?.data?.main ?? []) as INodeExecutionData[][],
		error: result.errorOf(nodeName),
		credentialsHelper: result.credentialsHelper,
		run: result.run,
	};
}
