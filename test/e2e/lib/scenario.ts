/**
 * A scenario is data: an example workflow `examples/<nn>-<name>.json` plus a module
 * `test/e2e/scenarios/<name>.ts` that exports `defineScenario({...})`: the emulators it needs, the
 * outcome it expects, assertions on node outputs and emulator request logs, and the demo's account
 * lines. The runner (runner.ts) pairs the two files by name; nothing else needs registering.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { CredentialSpec } from './credentials';
import type { EmulatorHandle, EmulatorSpec, LoggedRequest } from './emulator';
import type { ExecutionResult, N8nServer, TaskData } from './n8n';

export interface WorkflowNode {
	id?: string;
	name: string;
	type: string;
	typeVersion?: number;
	parameters?: Record<string, unknown>;
	credentials?: Record<string, { id?: string; name?: string }>;
	disabled?: boolean;
}

export interface ExampleWorkflow {
	id: string;
	name: string;
	nodes: WorkflowNode[];
	connections: Record<string, unknown>;
}

export interface ScenarioDefinition {
	/** One line: what the scenario shows (printed by test:e2e and the demo). */
	title: string;
	/**
	 * Emulators by key (`main` is the one the standard credentials point at; a second server is
	 * `second`). Emulators that credentials point at are started even when not listed here.
	 */
	emulators?: Record<string, EmulatorSpec>;
	/** Extra credentials (beyond test/e2e/lib/credentials.ts) that the workflow references. */
	credentials?: CredentialSpec[];
	/** Expected outcome of the run (default: status success). */
	expect?: {
		status?: 'success' | 'error';
		/** For an expected failure: the node that fails ... */
		errorNode?: string;
		/** ... and its message. */
		errorMessage?: RegExp | string;
	};
	/** Longest the run may take (default 180 s). */
	timeoutMs?: number;
	/**
	 * How the workflow runs: `cli` (default) with `n8n execute --id`, which starts at the Manual
	 * Trigger; `manual` in a running `n8n start`, started from a trigger as the editor's "Execute
	 * workflow" does (`POST /rest/workflows/:id/run`), for workflows that start with a polling
	 * trigger, which `n8n execute` refuses ("Missing node to start execution").
	 */
	execution?: 'cli' | 'manual' | 'server';
	/** The trigger a `manual` run starts from (default: the workflow's first trigger node). */
	trigger?: string;
	/**
	 * For `execution: 'server'`: the workflow is published (activated) in the session's `n8n start`
	 * and this drives it from outside, as a client would (an MCP client calling the tools of an MCP
	 * Server Trigger, for example); it unpublishes it afterwards. Whatever it keeps in `facts` is in
	 * `run.facts`. Throwing fails the scenario. The run has no node data (`run.items` ...).
	 */
	drive?(context: DriveContext): Promise<void>;
	/**
	 * Changes the example for the test run only, before it is imported (the example as shipped keeps
	 * its safe defaults, such as a dry run, and the test turns them off to check the whole path).
	 */
	prepare?(workflow: ExampleWorkflow): void;
	/** Called before the workflow runs, once the emulators are up (e.g. to add faults). */
	before?(context: { workflow: ExampleWorkflow; emulators: Record<string, EmulatorHandle> }): Promise<void> | void;
	/**
	 * Called right after the run while the emulators still run: read what they hold now
	 * (`run.emulators.main.call(...)`) into `run.facts` for `check` and `account`. Its requests come
	 * after the run's in the live log, not in `run.requests()` (read before it).
	 */
	after?(run: ScenarioRun): Promise<void> | void;
	/** Assertions (node:assert or the helpers of ScenarioRun); throwing fails the scenario. */
	check?(run: ScenarioRun): Promise<void> | void;
	/** The demo's account, one line per step (default: each node and how many items it gave). */
	account?(run: ScenarioRun): string[] | Promise<string[]>;
}

/** What a scenario's `drive` gets: the running n8n (logged in as the owner), its workflow, its emulators. */
export interface DriveContext {
	server: N8nServer;
	workflow: ExampleWorkflow;
	emulators: Record<string, EmulatorHandle>;
	/** Copied into `run.facts`. */
	facts: Record<string, any>;
	/** A progress line (test:e2e prints it). */
	say(line: string): void;
}

export function defineScenario(definition: ScenarioDefinition): ScenarioDefinition {
	return definition;
}

/** Everything a scenario's check and account can look at. */
export class ScenarioRun {
	private readonly requestCache = new Map<string, LoggedRequest[]>();
	/** What the scenario's `after` hook read from the emulators. */
	readonly facts: Record<string, any> = {};

	constructor(
		readonly workflow: ExampleWorkflow,
		readonly emulators: Record<string, EmulatorHandle>,
		readonly execution: ExecutionResult,
		/** n8n's binary data folder (filesystem mode), to read the files of binary items. */
		readonly binaryStore?: string,
	) {}

	/** Fetches and caches every emulator's request log (done by the runner right after the run). */
	async loadRequests(): Promise<void> {
		for (const [key, emulator] of Object.entries(this.emulators)) this.requestCache.set(key, await emulator.requests());
	}

	/** The request log of an emulator, as it was when the run ended. */
	requests(emulator = 'main'): LoggedRequest[] {
		const log = this.requestCache.get(emulator);
		if (!log) throw new Error(`No request log for emulator "${emulator}"`);
		return log;
	}

	/** Requests of an emulator matching a method and a path (a string is an exact path, or use a RegExp). */
	requestsTo(method: string, pathPattern: string | RegExp, emulator = 'main'): LoggedRequest[] {
		return this.requests(emulator).filter(
			(r) => r.method === method.toUpperCase() && (typeof pathPattern === 'string' ? r.path === pathPattern : pathPattern.test(r.path)),
		);
	}

	/** The node's task data (first run unless `run` says otherwise). */
	task(node: string, run = 0): TaskData {
		const tasks = this.execution.runData[node];
		if (!tasks) throw new assert.AssertionError({ message: `Node "${node}" did not run (ran: ${Object.keys(this.execution.runData).join(', ') || 'none'})` });
		const task = tasks[run];
		if (!task) throw new assert.AssertionError({ message: `Node "${node}" has no run #${run} (it ran ${tasks.length} time(s))` });
		return task;
	}

	ran(node: string): boolean {
		return Boolean(this.execution.runData[node]?.length);
	}

	/** The JSON of the items a node gave on an output (default: first run, first output). */
	items(node: string, options: { run?: number; output?: number } = {}): Array<Record<string, any>> {
		const task = this.task(node, options.run ?? 0);
		if (task.error) throw new assert.AssertionError({ message: `Node "${node}" failed: ${task.error.message}` });
		return (task.data?.main?.[options.output ?? 0] ?? []).map((item) => item.json);
	}

	/** The binary data of a node's items (file name, MIME type, size ...). */
	binaries(node: string, options: { run?: number; output?: number } = {}): Array<Record<string, any>> {
		const task = this.task(node, options.run ?? 0);
		return (task.data?.main?.[options.output ?? 0] ?? []).map((item) => item.binary ?? {});
	}

	/**
	 * The bytes of one binary field of a node's output item: from n8n's binary data folder
	 * (`filesystem-v2:` ids, n8n's default mode) or from the item itself (base64, memory mode).
	 */
	binaryBytes(node: string, options: { item?: number; field?: string; run?: number; output?: number } = {}): Buffer {
		const field = options.field ?? 'data';
		const binary = this.binaries(node, options)[options.item ?? 0]?.[field] as { id?: string; data?: string } | undefined;
		if (!binary) throw new assert.AssertionError({ message: `Node "${node}" has no binary field "${field}" on item ${options.item ?? 0}` });
		const id = String(binary.id ?? '');
		const match = /^filesystem(?:-v2)?:(.+)$/.exec(id);
		if (match) {
			if (!this.binaryStore) throw new Error(`Binary data ${id} is in n8n's binary data folder, which this run does not know`);
			return readFileSync(path.join(this.binaryStore, match[1]));
		}
		if (typeof binary.data === 'string' && !id) return Buffer.from(binary.data, 'base64');
		throw new Error(`Binary data of node "${node}" is stored as "${id}", which this harness cannot read`);
	}

	/** `binaryBytes` as UTF-8 text. */
	binaryText(node: string, options: { item?: number; field?: string; run?: number; output?: number } = {}): string {
		return this.binaryBytes(node, options).toString('utf8');
	}

	/** The items of a node with their pairing (`pairedItem`), for assertions on where items came from. */
	pairedItems(node: string, options: { run?: number; output?: number } = {}): Array<{ json: Record<string, any>; pairedItem?: unknown }> {
		const task = this.task(node, options.run ?? 0);
		return (task.data?.main?.[options.output ?? 0] ?? []).map((item) => ({ json: item.json, pairedItem: item.pairedItem }));
	}

	/** Asserts that a node succeeded and gave `count` items; returns them. */
	expectItems(node: string, count: number, options: { run?: number; output?: number } = {}): Array<Record<string, any>> {
		const items = this.items(node, options);
		assert.equal(items.length, count, `Node "${node}" should give ${count} item(s), gave ${items.length}: ${JSON.stringify(items).slice(0, 400)}`);
		return items;
	}

	/** The error of a node that failed (assertion error when it did not fail). */
	nodeError(node: string, run = 0): NonNullable<TaskData['error']> {
		const task = this.task(node, run);
		if (!task.error) throw new assert.AssertionError({ message: `Node "${node}" was expected to fail, but it succeeded` });
		return task.error;
	}

	/** How long a node ran, in seconds (one decimal). */
	seconds(node: string, run = 0): number {
		return Math.round(this.task(node, run).executionTime / 100) / 10;
	}

	/** Nodes in the order they ran. */
	nodesInOrder(): string[] {
		return Object.entries(this.execution.runData)
			.flatMap(([name, tasks]) => tasks.map((task) => ({ name, start: task.startTime })))
			.sort((a, b) => a.start - b.start)
			.map((entry) => entry.name);
	}
}

/** A short English count: "1 asset", "3 assets". */
export function count(n: number, noun: string, plural = `${noun}s`): string {
	return `${n} ${n === 1 ? noun : plural}`;
}

/** A node's result in a few words: its item count, or its error. */
export function describeNode(run: ScenarioRun, name: string, noun = 'item', plural = `${noun}s`): string {
	const task = run.task(name);
	if (task.error) return `error: ${task.error.message}`;
	return count(task.data?.main?.[0]?.length ?? 0, noun, plural);
}

/** The default account: each node that ran (triggers aside), with its item count or its error. */
export function defaultAccount(run: ScenarioRun): string[] {
	const triggers = new Set(run.workflow.nodes.filter((n) => /trigger$/i.test(n.type)).map((n) => n.name));
	return run
		.nodesInOrder()
		.filter((name) => !triggers.has(name))
		.map((name) => `${name} → ${describeNode(run, name)}`);
}
