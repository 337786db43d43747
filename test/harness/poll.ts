/**
 * Runs a polling trigger's `poll()` the way n8n 2.41 does: through n8n-core's PollContext and its
 * PollTriggerExecutor, with the package's real credential code, against the node's static data.
 *
 * Static data staging as n8n's CLI does it for a node with a durable cursor: each poll gets a deep
 * copy of the saved static data (the "staged snapshot"); the executor commits it together with the
 * emitted items (`__emit`) or alone when the poll returns null (`__commitCursor`), and drops it when
 * the poll throws. `crashBeforeCommit` simulates n8n stopping after the poll but before the commit:
 * neither the items nor the cursor are kept. `restart()` gives a new harness that keeps only the
 * saved static data, as n8n does after a restart.
 *
 * `staging: 'direct'` hands the node the workflow's live static data instead (n8n versions or
 * nodes without staging), so tests can check that a failed poll leaves it untouched.
 *
 * Manual mode ("Fetch Test Event") runs as WorkflowExecute runs a poll node in a manual execution:
 * a PollContext with mode 'manual' and its defaults, on a copy of the saved static data.
 */
import { PollContext, PollTriggerExecutor, TriggersAndPollers } from 'n8n-core';
import {
	Workflow,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type INodeParameters,
	type INodeType,
	type IPollFunctions,
	type IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';

import { credentialTypes } from './index';
import { TestCredentialsHelper } from './credentialsHelper';
import { TestNodeTypes } from './nodeTypes';

export interface PollHarnessOptions {
	nodeType: INodeType;
	parameters: INodeParameters;
	credentials: Record<string, ICredentialDataDecryptedObject>;
	/** Saved static data of the node to start from (default none). */
	staticData?: IDataObject;
	staging?: 'snapshot' | 'direct';
	nodeName?: string;
}

export interface PollOutcome {
	/** The emitted items' JSON, or null when the poll returned nothing. */
	items: IDataObject[] | null;
	/** The error the poll failed with (the executor hands it to n8n's error handling). */
	error?: Error & { description?: string | null; httpCode?: string | null };
	/** Whether the node's static data (saved, or live in direct staging) changed in this poll. */
	staticDataChanged: boolean;
}

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value ?? {})) as T;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const silent = () => {};
const logger = { scoped: () => logger, debug: silent, info: silent, warn: silent, error: silent };
const span = { setStatus: silent };
const tracing = {
	startSpan: async <T>(_options: unknown, fn: (s: typeof span) => Promise<T>) => await fn(span),
	startNewTraceSpan: async <T>(_options: unknown, fn: (s: typeof span) => Promise<T>) => await fn(span),
	pickWorkflowAttributes: () => ({}),
	pickNodeAttributes: () => ({}),
};
const errorReporter = { error: silent };

export class PollHarness {
	readonly credentialsHelper: TestCredentialsHelper;
	private readonly workflow: Workflow;
	private readonly node: INode;
	/** The node's static data as n8n has saved it (committed cursors only). */
	private persisted: IDataObject;
	/** Every poll's emitted items, in order (what started executions). */
	readonly emitted: IDataObject[][] = [];
	pollCount = 0;

	constructor(private readonly options: PollHarnessOptions) {
		this.credentialsHelper = new TestCredentialsHelper(credentialTypes, { ...options.credentials });
		const type = options.nodeType.description.name;
		const credentials: INode['credentials'] = {};
		for (const credential of options.nodeType.description.credentials ?? []) {
			credentials[credential.name] = { id: `${credential.name}-id`, name: credential.name };
		}
		this.node = {
			id: 'trigger-under-test',
			name: options.nodeName ?? 'Trigger',
			type,
			typeVersion: 1,
			position: [0, 0],
			parameters: options.parameters,
			credentials,
		};
		this.persisted = clone(options.staticData ?? {});
		this.workflow = this.newWorkflow(this.persisted);
	}

	private newWorkflow(nodeStaticData: IDataObject): Workflow {
		return new Workflow({
			id: 'poll-workflow',
			name: 'Poll workflow',
			nodes: [this.node],
			connections: {},
			active: true,
			nodeTypes: new TestNodeTypes({ [this.node.type]: this.options.nodeType }),
			staticData: { [`node:${this.node.name}`]: clone(nodeStaticData) },
			settings: { executionOrder: 'v1' },
		});
	}

	private additionalData(): IWorkflowExecuteAdditionalData {
		return {
			credentialsHelper: this.credentialsHelper,
			executionId: `poll-${this.pollCount}`,
			currentNodeParameters: undefined,
			variables: {},
			restApiUrl: 'http://127.0.0.1:5678/rest',
			instanceBaseUrl: 'http://127.0.0.1:5678/',
			webhookBaseUrl: 'http://127.0.0.1:5678/webhook',
			webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
			webhookTestBaseUrl: 'http://127.0.0.1:5678/webhook-test',
			formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
			userId: 'user-1',
			setExecutionStatus: silent,
			sendDataToUI: silent,
		} as unknown as IWorkflowExecuteAdditionalData;
	}

	/** The saved static data of the node (a copy). */
	get saved(): IDataObject {
		return this.options.staging === 'direct' ? clone(this.workflow.getStaticData('node', this.node)) : clone(this.persisted);
	}

	/** One poll in trigger mode (default) or manual mode. */
	async poll(options: { mode?: 'trigger' | 'manual'; crashBeforeCommit?: boolean } = {}): Promise<PollOutcome> {
		this.pollCount++;
		if (options.mode === 'manual') return await this.manualPoll();
		const before = this.saved;
		const direct = this.options.staging === 'direct';
		let staged: { snapshot: IDataObject; seed: IDataObject } | undefined;
		let items: IDataObject[] | null = null;
		let error: PollOutcome['error'];
		const take = (): IDataObject | null => {
			if (!staged || same(staged.snapshot, staged.seed)) return null;
			const cursor = clone(staged.snapshot);
			staged.seed = cursor;
			return cursor;
		};
		const commit = (cursor: IDataObject | null) => {
			if (cursor !== null && !options.crashBeforeCommit) this.persisted = cursor;
		};
		const context = new PollContext(
			this.workflow,
			this.node,
			this.additionalData(),
			'trigger',
			'activate',
			(data: INodeExecutionData[][]) => {
				commit(take());
				if (options.crashBeforeCommit) return;
				items = (data[0] ?? []).map((item) => item.json);
				this.emitted.push(items);
			},
			(e: Error) => {
				error = e;
			},
			async () => commit(take()),
			async <T>(poll: () => Promise<T>): Promise<T> => {
				if (!direct) staged = { snapshot: clone(this.persisted), seed: clone(this.persisted) };
				try {
					return await poll();
				} finally {
					staged = undefined;
				}
			},
			() => {
				if (direct) return this.workflow.getStaticData('node', this.node);
				if (!staged) throw new Error('The node read its static data outside of a poll');
				return staged.snapshot;
			},
		) as unknown as IPollFunctions;
		const executor = new PollTriggerExecutor(logger as never, new TriggersAndPollers(), tracing as never, errorReporter as never);
		await executor.create(this.workflow, this.node, context, () => true)(false);
		return { items, error, staticDataChanged: !same(before, this.saved) };
	}

	private async manualPoll(): Promise<PollOutcome> {
		const workflow = this.newWorkflow(this.saved);
		const before = clone(workflow.getStaticData('node', this.node));
		const context = new PollContext(workflow, this.node, this.additionalData(), 'manual', 'manual');
		const nodeType = workflow.nodeTypes.getByNameAndVersion(this.node.type, 1);
		try {
			const data = await nodeType.poll!.call(context);
			return {
				items: data === null ? null : (data[0] ?? []).map((item) => item.json),
				staticDataChanged: !same(before, workflow.getStaticData('node', this.node)),
			};
		} catch (e) {
			return { items: null, error: e as PollOutcome['error'], staticDataChanged: !same(before, workflow.getStaticData('node', this.node)) };
		}
	}

	/** A new harness as after a restart of n8n: only the saved static data is kept. */
	restart(overrides: Partial<Pick<PollHarnessOptions, 'parameters' | 'credentials'>> = {}): PollHarness {
		return new PollHarness({ ...this.options, ...overrides, staticData: this.saved });
	}
}

/** A poll harness for a trigger node. */
export function pollHarness(options: PollHarnessOptions): PollHarness {
	return new PollHarness(options);
}
