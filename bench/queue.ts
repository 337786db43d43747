/**
 * Queue-mode benchmark: how long N Run and Wait executions take with one n8n worker and with two,
 * measured in the same run against the same main, Postgres, Redis and emulator.
 *
 *   node scripts/run-ts.js bench/queue.ts [--executions 40] [--concurrency 5] [--job-ms 2000]
 *   (or `npm run test:e2e:queue -- --bench`, after the checks)
 *
 * Each phase first runs a few executions unmeasured (the webhook is served, the workers are warm),
 * then submits N webhook calls at once (each one execution: Webhook → Run and Wait of a job
 * that runs `--job-ms` on the emulator) and ends when all N executions have ended. The time is from
 * the first call to the last execution's `stoppedAt` as n8n recorded it. The workers run with
 * `--concurrency` jobs each, so one worker works through N/concurrency waves and two through half
 * as many; the ratio says how much of that the second worker actually gains on this machine.
 * Writes bench/QUEUE-RESULTS.md when run on its own.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { ROOT } from '../test/e2e/lib/paths';
import { QueueSession } from '../test/e2e/lib/queueSession';
import { countBy, submitAll } from '../test/e2e/queue-scenarios/fifty';
import { QUEUE_SERVER, RUN_AND_WAIT_PATH, runAndWaitWorkflow } from '../test/e2e/queue-scenarios/workflows';

export interface QueuePhase {
	workers: number;
	executions: number;
	seconds: number;
	perWorker: Record<string, number>;
}

export interface QueueBenchmark {
	executions: number;
	concurrency: number;
	jobMs: number;
	oneWorker: QueuePhase;
	twoWorkers: QueuePhase;
	/** one-worker time / two-worker time */
	ratio: number;
	lines: string[];
}

/** Runs `count` executions and waits for them (not measured): the webhook served, the workers warm. */
async function warmUp(session: QueueSession, count: number, offset: number): Promise<void> {
	const workflow = runAndWaitWorkflow();
	const before = (await session.api.executions(workflow.id)).length;
	await submitAll(session, RUN_AND_WAIT_PATH, Array.from({ length: count }, (_, n) => ({ n: offset + n })));
	await session.api.waitForExecutions(workflow.id, before + count, 600_000, session.say);
}

async function phase(session: QueueSession, executions: number, offset: number): Promise<QueuePhase> {
	const workflow = runAndWaitWorkflow();
	const before = new Set((await session.api.executions(workflow.id)).map((e) => e.id));
	const t0 = Date.now();
	const statuses = await submitAll(session, RUN_AND_WAIT_PATH, Array.from({ length: executions }, (_, n) => ({ n: offset + n })));
	assert.ok(statuses.every((s) => s === 200), `webhook calls answered ${JSON.stringify([...countBy(statuses)])}`);
	const list = (await session.api.waitForExecutions(workflow.id, before.size + executions, 1_800_000, session.say)).filter((e) => !before.has(e.id));
	const failed = list.filter((e) => e.status !== 'success');
	assert.equal(failed.length, 0, `benchmark executions failed: ${failed.map((e) => `${e.id}:${e.status}`).join(', ')}`);
	const lastStop = Math.max(...list.map((e) => Date.parse(e.stoppedAt ?? '') || Date.now()));
	const startedBy = session.startedBy();
	const perWorker = Object.fromEntries(countBy(list.map((e) => (startedBy.get(e.id) ?? ['?'])[0])));
	return { workers: session.workers.length, executions, seconds: (lastStop - t0) / 1000, perWorker };
}

/**
 * Runs the two phases on a prepared session (main up; the Run and Wait workflow imported). Stops
 * the session's current workers first and starts its own with `concurrency`.
 */
export async function runQueueBenchmark(session: QueueSession, options: { executions: number; concurrency: number; jobMs?: number }): Promise<QueueBenchmark> {
	const jobMs = options.jobMs ?? 2000;
	const { say } = session;
	say(`Benchmark: ${options.executions} Run and Wait executions (jobs of ${jobMs} ms), worker concurrency ${options.concurrency}: one worker, then two`);
	for (const worker of [...session.workers]) await session.removeWorker(worker, 'stop');
	const emulator = await session.startEmulator('main', { jobDurationMs: jobMs });
	try {
		await session.importCredentials([QUEUE_SERVER], { main: emulator }, 'credentials-bench.json');
		await session.api.activate(runAndWaitWorkflow().id);
		await session.addWorker(options.concurrency);
		await warmUp(session, options.concurrency, 900);
		const oneWorker = await phase(session, options.executions, 1000);
		say(`      one worker: ${oneWorker.seconds.toFixed(1)} s (${JSON.stringify(oneWorker.perWorker)})`);
		await session.addWorker(options.concurrency);
		await warmUp(session, 2 * options.concurrency, 1900);
		const twoWorkers = await phase(session, options.executions, 2000);
		say(`      two workers: ${twoWorkers.seconds.toFixed(1)} s (${JSON.stringify(twoWorkers.perWorker)})`);
		await session.api.deactivate(runAndWaitWorkflow().id);
		const ratio = oneWorker.seconds / twoWorkers.seconds;
		const lines = [
			`${options.executions} Run and Wait executions (job ${jobMs} ms, worker concurrency ${options.concurrency}): one worker ${oneWorker.seconds.toFixed(1)} s, two workers ${twoWorkers.seconds.toFixed(1)} s (${Object.entries(twoWorkers.perWorker).map(([w, n]) => `${w} ${n}`).join(', ')})`,
			`ratio one/two workers: ${ratio.toFixed(2)} (ideal 2.00 for ${options.executions / options.concurrency} waves of ${options.concurrency})`,
		];
		return { executions: options.executions, concurrency: options.concurrency, jobMs, oneWorker, twoWorkers, ratio, lines };
	} finally {
		await session.stopEmulator(emulator);
	}
}

function option(name: string, fallback: number): number {
	const index = process.argv.indexOf(`--${name}`);
	return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}

async function main(): Promise<number> {
	const say = (line: string) => console.log(line);
	const executions = option('executions', 40);
	const concurrency = option('concurrency', 5);
	const jobMs = option('job-ms', 2000);
	const session = new QueueSession(say, { workers: 0, concurrency });
	let failed = false;
	try {
		await session.prepare(session.writeWorkflows([runAndWaitWorkflow()]));
		const result = await runQueueBenchmark(session, { executions, concurrency, jobMs });
		for (const line of result.lines) say(line);
		const file = path.join(ROOT, 'bench', 'QUEUE-RESULTS.md');
		writeFileSync(
			file,
			[
				'# Queue-mode benchmark',
				'',
				`\`node scripts/run-ts.js bench/queue.ts\` on ${os.cpus()[0]?.model ?? 'unknown CPU'} (${os.cpus().length} cores), load average before ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; n8n ${session.toolchain.n8nVersion}, 1 main, Postgres, Redis, the emulator, all on this machine.`,
				'',
				'| Workers | Executions | Seconds (first call → last execution stopped) | Executions per worker |',
				'|---|---|---|---|',
				...[result.oneWorker, result.twoWorkers].map((p) => `| ${p.workers} | ${p.executions} | ${p.seconds.toFixed(1)} | ${Object.entries(p.perWorker).map(([w, n]) => `${w}: ${n}`).join(', ')} |`),
				'',
				`Ratio one worker / two workers: **${result.ratio.toFixed(2)}** (jobs of ${result.jobMs} ms, worker concurrency ${result.concurrency}).`,
				'',
			].join('\n'),
		);
		say(`Results: ${file}`);
	} catch (error) {
		failed = true;
		say(`Benchmark failed: ${(error as Error).stack ?? (error as Error).message}`);
	} finally {
		await session.close(failed);
	}
	return failed ? 1 : 0;
}

if (/bench__queue\.js$/.test(process.argv[1] ?? '')) {
	main().then((code) => process.exit(code));
}
