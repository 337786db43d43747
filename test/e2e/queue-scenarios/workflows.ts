/**
 * The workflows the queue-mode scenarios submit (besides the examples): started by HTTP (a
 * production Webhook on the main, answered at once: n8n puts the execution on the queue) or by our
 * polling triggers in active workflows. Credentials by fixed ids (`QUEUE_SERVER`, `QUEUE_CATALOG`),
 * filled in per scenario from its emulator.
 */
import { randomUUID } from 'node:crypto';

import { catalogCredential, serverCredential } from '../lib/credentials';
import type { ExampleWorkflow, WorkflowNode } from '../lib/scenario';

export const QUEUE_SERVER = serverCredential({ id: 'queueServer01', name: 'Dataflow Server (queue emulator)' });
export const QUEUE_CATALOG = catalogCredential({ id: 'queueCatalog01', name: 'Dataflow Catalog (queue emulator)' });

const server = { dataflowServerApi: { id: QUEUE_SERVER.id, name: QUEUE_SERVER.name } };
const catalog = { dataflowCatalogApi: { id: QUEUE_CATALOG.id, name: QUEUE_CATALOG.name } };

/** The job Run and Wait starts in these workflows (the emulator's fixture has it). */
export const RUN_JOB_PATH = '/public/etl/daily_load';
/** The job the triggered workflows run (a different name, so the Worker Trigger does not see it). */
export const TRIGGERED_JOB_PATH = '/home/admin/cleanup';

function webhook(path: string): WorkflowNode {
	return {
		id: randomUUID(),
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		// A production webhook of an active workflow: answered when received, the run goes on the queue.
		parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} },
		webhookId: randomUUID(),
	} as WorkflowNode;
}

function chain(nodes: WorkflowNode[]): Record<string, unknown> {
	const connections: Record<string, unknown> = {};
	for (let i = 0; i + 1 < nodes.length; i++) connections[nodes[i].name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
	return connections;
}

function workflow(id: string, name: string, nodes: WorkflowNode[]): ExampleWorkflow {
	return { id, name, nodes: nodes.map((n, i) => ({ position: [i * 260, 0], ...n }) as WorkflowNode), connections: chain(nodes), settings: { executionOrder: 'v1' } } as ExampleWorkflow;
}

function runAndWait(name: string, jobPath: string, parameters: Array<{ name: string; value: string }>): WorkflowNode {
	return {
		id: randomUUID(),
		name,
		type: 'n8n-nodes-dataflow.dataflowWorker',
		typeVersion: 1,
		parameters: { resource: 'job', operation: 'runAndWait', jobPath, jobParameters: { entry: parameters }, options: { logLevel: 'Basic', pollInterval: 0.5, timeout: 900 } },
		credentials: server,
	};
}

export const RUN_AND_WAIT_PATH = 'dataflow-queue-run-and-wait';
/** Webhook (body `{ n }`) → Run and Wait of RUN_JOB_PATH with the parameter SUBMISSION=n. */
export function runAndWaitWorkflow(): ExampleWorkflow {
	return workflow('queueRunAndWait01', 'Queue: Run and Wait per request', [
		webhook(RUN_AND_WAIT_PATH),
		runAndWait('Run and Wait', RUN_JOB_PATH, [{ name: 'SUBMISSION', value: '={{ $json.body.n }}' }]),
	]);
}

export const CATALOG_PATH = 'dataflow-queue-catalog';
/** Webhook → two catalog calls (List Assets, then once more): every call needs a valid token. */
export function catalogWorkflow(): ExampleWorkflow {
	// List Assets gives one item per asset; "Execute Once" makes the second node one call too.
	const call = (name: string, executeOnce = false): WorkflowNode => ({
		id: randomUUID(),
		name,
		...(executeOnce ? { executeOnce: true } : {}),
		type: 'n8n-nodes-dataflow.dataflowCatalog',
		typeVersion: 1,
		parameters: { resource: 'api', operation: 'call', method: 'GET', path: 'assets', queryParameters: {}, options: {} },
		credentials: catalog,
	});
	return workflow('queueCatalog01', 'Queue: catalog calls', [webhook(CATALOG_PATH), call('List Assets'), call('List Assets Again', true)]);
}

export const BIG_FILE_PATH = 'dataflow-queue-big-file';
/** Webhook (body `{ path, folder }`) → Get Content → Upload into another folder. */
export function bigFileWorkflow(): ExampleWorkflow {
	return workflow('queueBigFile01', 'Queue: large file through Get Content and Upload', [
		webhook(BIG_FILE_PATH),
		{
			id: randomUUID(),
			name: 'Get Content',
			type: 'n8n-nodes-dataflow.dataflowRepository',
			typeVersion: 1,
			parameters: { resource: 'file', operation: 'getContent', path: { __rl: true, mode: 'path', value: '={{ $json.body.path }}' }, binaryPropertyName: 'data' },
			credentials: server,
		},
		{
			id: randomUUID(),
			name: 'Upload',
			type: 'n8n-nodes-dataflow.dataflowRepository',
			typeVersion: 1,
			parameters: {
				resource: 'file',
				operation: 'upload',
				folder: { __rl: true, mode: 'path', value: "={{ $('Webhook').item.json.body.folder }}" },
				binaryPropertyName: 'data',
				options: {},
			},
			credentials: server,
		},
	]);
}

/** Six poll times a minute (at :00, :10 … :50): n8n allows one cron per entry, each at most once a minute. */
export const POLL_TIMES = { item: [0, 10, 20, 30, 40, 50].map((second) => ({ mode: 'custom', cronExpression: `${second} * * * * *` })) };

export interface TriggerWorkflow {
	workflow: ExampleWorkflow;
	trigger: string;
	/** The trigger node's type (for the report). */
	kind: 'Worker' | 'Scheduler' | 'Repository';
}

/** One active workflow per polling trigger: the trigger → Run and Wait of a job that takes a while. */
export function triggerWorkflows(): TriggerWorkflow[] {
	const make = (kind: TriggerWorkflow['kind'], id: string, type: string, parameters: Record<string, unknown>): TriggerWorkflow => {
		const trigger = `Dataflow ${kind} Trigger`;
		return {
			kind,
			trigger,
			workflow: workflow(id, `Queue: ${kind} Trigger`, [
				{ id: randomUUID(), name: trigger, type, typeVersion: 1, parameters: { pollTimes: POLL_TIMES, ...parameters }, credentials: server },
				runAndWait('Handle Change', TRIGGERED_JOB_PATH, [{ name: 'CHANGE', value: '={{ $json.event }}' }]),
			]),
		};
	};
	return [
		make('Worker', 'queueTrigWorker01', 'n8n-nodes-dataflow.dataflowWorkerTrigger', { events: ['jobFinished'], filters: { jobName: 'daily_load' }, options: {} }),
		make('Scheduler', 'queueTrigSched01', 'n8n-nodes-dataflow.dataflowSchedulerTrigger', { events: ['scheduleCreated'], filters: {}, options: {} }),
		make('Repository', 'queueTrigRepo01', 'n8n-nodes-dataflow.dataflowRepositoryTrigger', {
			events: ['fileCreated'],
			folder: { __rl: true, mode: 'path', value: '/home/admin' },
			options: { namePattern: 'queue_*.csv', includeSubfolders: false },
		}),
	];
}
