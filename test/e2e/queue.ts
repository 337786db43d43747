/**
 * npm run test:e2e:queue [-- <check>...] [--keep] [--bench]
 *
 * The package in n8n's queue mode, for real, on 127.0.0.1 only: a throwaway Postgres cluster,
 * Redis (installed from Debian's packages when missing), one n8n main and two n8n workers from the
 * pinned toolchain (n8n 2.41.1, Node 24), sharing one encryption key, each with its own user folder
 * (the package installed into each one's ~/.n8n/nodes) and ports. Then the checks:
 *
 *   examples   every example workflow through the queue, its own assertions, spread over both workers
 *   fifty      50 Run and Wait executions submitted at once: all finish, each started once, none lost or duplicated
 *   catalog    catalog tokens expire while both workers call it: every call succeeds, logins bounded
 *   bigfile    a 100 MiB file through Get Content → Upload in the default (database) binary data mode
 *   triggers   each polling trigger in an active workflow: one execution per change, also when a worker is killed
 *   missing    a worker without the package: the execution fails with n8n's "Unrecognized node type"
 *   --bench    N Run and Wait executions with one worker, then with two (bench/queue.ts)
 *
 * Ends with `QUEUE: N passed, N failed`. Every process is stopped (also on failure and Ctrl+C) and
 * the temp folders removed (the work folder is kept on failure or with --keep, and said where).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';

import { runQueueBenchmark, type QueueBenchmark } from '../../bench/queue';
import { QueueSession, secs } from './lib/queueSession';
import { runBigFile } from './queue-scenarios/bigFile';
import { runCatalog } from './queue-scenarios/catalog';
import { exampleFiles, runExamples } from './queue-scenarios/examples';
import { runFifty } from './queue-scenarios/fifty';
import { runMissingPackage } from './queue-scenarios/missingPackage';
import { runTriggers } from './queue-scenarios/triggers';
import type { QueueOutcome } from './queue-scenarios/types';
import { bigFileWorkflow, catalogWorkflow, runAndWaitWorkflow, triggerWorkflows } from './queue-scenarios/workflows';

const CHECKS = ['examples', 'fifty', 'catalog', 'bigfile', 'triggers', 'missing'] as const;
type CheckName = (typeof CHECKS)[number];

async function main(): Promise<number> {
	const args = process.argv.slice(2);
	const keep = args.includes('--keep');
	const bench = args.includes('--bench');
	const named = args.filter((a) => !a.startsWith('--'));
	const unknown = named.filter((n) => !(CHECKS as readonly string[]).includes(n));
	if (unknown.length) throw new Error(`Unknown check(s) ${unknown.join(', ')}; choose from ${CHECKS.join(', ')}`);
	const chosen: CheckName[] = named.length ? (named as CheckName[]) : [...CHECKS];
	const say = (line: string) => console.log(line);
	const started = Date.now();
	const session = new QueueSession(say, { workers: 2, concurrency: 10 });
	const outcomes: QueueOutcome[] = [];
	let benchmark: QueueBenchmark | undefined;
	try {
		const generated = session.writeWorkflows([runAndWaitWorkflow(), catalogWorkflow(), bigFileWorkflow(), ...triggerWorkflows().map((t) => t.workflow)]);
		await session.prepare([...(await exampleFiles()), ...generated]);
		say(`QUEUE: ${session.pkg.name} ${session.pkg.version} in n8n ${session.toolchain.n8nVersion} (Node ${session.toolchain.nodeVersion}), queue mode: 1 main + 2 workers, Postgres + Redis`);
		await session.addWorker();
		await session.addWorker();
		for (const name of chosen) {
			if (name === 'examples') outcomes.push(...(await runExamples(session)));
			if (name === 'fifty') outcomes.push(await runFifty(session));
			if (name === 'catalog') outcomes.push(await runCatalog(session));
			if (name === 'bigfile') outcomes.push(await runBigFile(session));
			if (name === 'triggers') outcomes.push(...(await runTriggers(session)));
			if (name === 'missing') outcomes.push(await runMissingPackage(session));
		}
		if (bench) {
			benchmark = await runQueueBenchmark(session, { executions: 40, concurrency: 5 });
			outcomes.push({ name: 'benchmark', passed: true, seconds: benchmark.oneWorker.seconds + benchmark.twoWorkers.seconds, figures: benchmark.lines });
		}
	} catch (error) {
		outcomes.push({ name: 'setup', passed: false, seconds: 0, failure: (error as Error).stack ?? (error as Error).message, figures: [] });
		say(`FAIL  setup: ${(error as Error).stack ?? (error as Error).message}`);
	} finally {
		const failed = outcomes.filter((o) => !o.passed).length;
		const summary = { outcomes, timings: session.timings, benchmark, seconds: (Date.now() - started) / 1000 };
		if (process.env.DATAFLOW_QUEUE_RESULTS) writeFileSync(path.resolve(process.env.DATAFLOW_QUEUE_RESULTS), JSON.stringify(summary, null, 2));
		await session.close(keep || failed > 0);
	}
	const passed = outcomes.filter((o) => o.passed).length;
	const failed = outcomes.filter((o) => !o.passed).length;
	say(`QUEUE: ${passed} passed, ${failed} failed (${secs(started)})`);
	return failed > 0 || passed === 0 ? 1 : 0;
}

main().then(
	(code) => process.exit(code),
	(error: Error) => {
		console.error(error.stack ?? error.message);
		console.log('QUEUE: 0 passed, 1 failed');
		process.exit(1);
	},
);
