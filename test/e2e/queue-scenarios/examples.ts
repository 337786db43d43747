/**
 * Every example workflow through the queue: each started as the editor's "Execute workflow" does
 * (POST /rest/workflows/:id/run from its trigger), which in queue mode with
 * OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS=true n8n puts on the Redis queue for a worker. The example's
 * own end-to-end assertions (test/e2e/scenarios/<name>.ts) then run on the execution as the main
 * stores it, binary data read from Postgres (queue mode's default `database` mode). Checked from
 * the outside: the workers' logs say which worker started which execution (exactly one each), and
 * executions are spread over both workers.
 */
import assert from 'node:assert/strict';

import { credentialsFor } from '../lib/credentials';
import { checkOutcome, discoverScenarios, emulatorSpecs, startTrigger } from '../lib/runner';
import type { EmulatorHandle } from '../lib/emulator';
import type { ExecutionResult } from '../lib/n8n';
import type { QueueSession } from '../lib/queueSession';
import { ScenarioRun, type ExampleWorkflow } from '../lib/scenario';
import type { QueueOutcome } from './types';

export async function exampleFiles(): Promise<string[]> {
	return (await discoverScenarios()).filter((s) => s.workflow && !s.problem).map((s) => s.exampleFile!);
}

/** A ScenarioRun that reads binary data from n8n's binary_data table (queue mode's default `database` mode). */
class QueueScenarioRun extends ScenarioRun {
	constructor(
		workflow: ExampleWorkflow,
		emulators: Record<string, EmulatorHandle>,
		execution: ExecutionResult,
		private readonly readBinary: (id: string) => Buffer,
	) {
		super(workflow, emulators, execution);
	}

	override binaryBytes(node: string, options: { item?: number; field?: string; run?: number; output?: number } = {}): Buffer {
		const field = options.field ?? 'data';
		const binary = this.binaries(node, options)[options.item ?? 0]?.[field] as { id?: string } | undefined;
		if (binary?.id && String(binary.id).startsWith('database:')) return this.readBinary(String(binary.id));
		return super.binaryBytes(node, options);
	}
}

/** Reads a `database:<fileId>` binary from n8n's binary_data table. */
export function databaseBinaryReader(session: QueueSession): (id: string) => Buffer {
	return (id: string) => {
		const match = /^database:([0-9a-f-]{36})$/i.exec(id);
		if (!match) throw new Error(`Binary data id "${id}" is not in database mode`);
		const base64 = session.postgres.sql(`SELECT encode(data, 'base64') FROM binary_data WHERE "fileId" = '${match[1]}'`).replace(/\s+/g, '');
		return Buffer.from(base64, 'base64');
	};
}

export async function runExamples(session: QueueSession): Promise<QueueOutcome[]> {
	const { say } = session;
	const outcomes: QueueOutcome[] = [];
	const executionOf: Array<{ label: string; id: string }> = [];
	for (const scenario of await discoverScenarios()) {
		const label = `examples/${scenario.number}-${scenario.name}`;
		const t0 = Date.now();
		let emulators: Record<string, EmulatorHandle> = {};
		try {
			if (scenario.problem || !scenario.workflow) throw new Error(scenario.problem ?? 'no workflow');
			const definition = scenario.definition;
			const credentials = credentialsFor(scenario.workflow, definition?.credentials);
			for (const [key, spec] of Object.entries(emulatorSpecs(definition, credentials))) emulators[key] = await session.startEmulator(key, spec);
			if (credentials.length) await session.importCredentials(credentials, emulators, `credentials-${scenario.name}.json`);
			await definition?.before?.({ workflow: scenario.workflow, emulators });
			const workflowId = scenario.workflow.id;
			const earlier = new Set((await session.api.executions(workflowId)).map((e) => e.id));
			const facts: Record<string, unknown> = {};
			let execution: ExecutionResult;
			if (definition?.execution === 'server') {
				// Published in the main and driven from outside (webhook calls, an MCP client ...), as test:e2e does.
				if (!definition.drive) throw new Error(`${label} runs with execution 'server' but has no drive()`);
				const started = Date.now();
				await session.api.activate(workflowId);
				try {
					await definition.drive({ server: session.server, workflow: scenario.workflow, emulators, facts, say: (line: string) => say(`      ${line}`) });
				} finally {
					await session.api.deactivate(workflowId).catch(() => undefined);
				}
				execution = { status: 'success', exitCode: null, durationMs: Date.now() - started, runData: {}, output: '', mode: 'server' };
			} else {
				execution = await session.main.runManually(session.server, workflowId, startTrigger(scenario.workflow, definition?.trigger), definition?.timeoutMs ?? 600_000);
			}
			const run = new QueueScenarioRun(scenario.workflow, emulators, execution, databaseBinaryReader(session));
			Object.assign(run.facts, facts);
			await run.loadRequests();
			// Every execution of the example in this run went through the queue: started by exactly one worker.
			const mine = (await session.api.executions(workflowId)).filter((e) => !earlier.has(e.id));
			const startedBy = session.startedBy();
			const lines: string[] = [];
			for (const e of [...mine].reverse()) {
				const workers = startedBy.get(e.id) ?? [];
				executionOf.push({ label, id: e.id });
				assert.equal(workers.length, 1, `execution ${e.id} should be started by exactly one worker, the logs say: ${workers.join(', ') || 'none (it did not go through the queue)'}`);
				lines.push(`execution ${e.id} on ${workers[0]} (${e.status})`);
			}
			assert.ok(mine.length > 0, 'the example started no execution');
			await definition?.after?.(run);
			const failure = checkOutcome(definition, run);
			if (failure) throw new Error(failure);
			await definition?.check?.(run);
			outcomes.push({ name: label, passed: true, seconds: (Date.now() - t0) / 1000, figures: [lines.join('; ')] });
		} catch (error) {
			outcomes.push({ name: label, passed: false, seconds: (Date.now() - t0) / 1000, failure: (error as Error).message, figures: [] });
		} finally {
			for (const emulator of Object.values(emulators)) await session.stopEmulator(emulator);
			emulators = {};
		}
		const last = outcomes[outcomes.length - 1];
		say(`${last.passed ? 'PASS' : 'FAIL'}  ${last.name} (${last.seconds.toFixed(1)} s)${last.figures.length ? `: ${last.figures.join('; ')}` : ''}`);
		if (last.failure) for (const line of last.failure.split('\n').slice(0, 30)) say(`      ${line}`);
	}

	// The spread: which worker ran the examples' executions.
	const t0 = Date.now();
	const startedBy = session.startedBy();
	const perWorker = new Map<string, number>();
	for (const { id } of executionOf) for (const worker of startedBy.get(id) ?? []) perWorker.set(worker, (perWorker.get(worker) ?? 0) + 1);
	const spread = [...perWorker.entries()].map(([w, n]) => `${w}: ${n}`).join(', ');
	const spreadOk = perWorker.size >= 2;
	outcomes.push({
		name: 'examples spread over the workers',
		passed: spreadOk,
		seconds: (Date.now() - t0) / 1000,
		failure: spreadOk ? undefined : `all ${executionOf.length} example executions ran on one worker (${spread})`,
		figures: [`${executionOf.length} example executions: ${spread}`],
	});
	say(`${spreadOk ? 'PASS' : 'FAIL'}  examples spread over the workers: ${spread}`);
	return outcomes;
}
