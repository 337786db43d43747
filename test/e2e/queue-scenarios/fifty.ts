/**
 * 50 executions of a Run and Wait workflow submitted at once (50 parallel POSTs to its production
 * webhook on the main): all finish, each execution was started by exactly one worker (their logs),
 * each submission started exactly one job on the server (the emulator's request log: one runJob
 * per SUBMISSION value) and got back its own job (no output lost, none duplicated).
 */
import assert from 'node:assert/strict';

import { sleep } from '../lib/processes';
import type { QueueSession } from '../lib/queueSession';
import { check, type QueueOutcome } from './types';
import { QUEUE_SERVER, RUN_AND_WAIT_PATH, runAndWaitWorkflow } from './workflows';

export const SUBMISSIONS = 50;

/**
 * POSTs the webhook calls at once; returns their final HTTP statuses. Right after a workflow is
 * activated the main may answer 404 for a short while (the webhook is in the database but not yet
 * served); a 404 starts nothing, so such a call is sent again (counted in `notYetServed`).
 */
export async function submitAll(session: QueueSession, webhookPath: string, bodies: unknown[], counters: { notYetServed: number } = { notYetServed: 0 }): Promise<number[]> {
	const deadline = Date.now() + 180_000;
	return await Promise.all(
		bodies.map(async (body) => {
			for (;;) {
				const response = await fetch(`${session.server.url}/webhook/${webhookPath}`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify(body),
				});
				await response.text();
				if (response.status !== 404 || Date.now() > deadline) return response.status;
				counters.notYetServed++;
				await sleep(500);
			}
		}),
	);
}

export function countBy<T>(values: T[]): Map<T, number> {
	const map = new Map<T, number>();
	for (const value of values) map.set(value, (map.get(value) ?? 0) + 1);
	return map;
}

export async function runFifty(session: QueueSession): Promise<QueueOutcome> {
	return await check(`${SUBMISSIONS} Run and Wait executions submitted at once`, session.say, async (figures) => {
		const emulator = await session.startEmulator('main', { jobDurationMs: 1500 });
		try {
			await session.importCredentials([QUEUE_SERVER], { main: emulator }, 'credentials-fifty.json');
			const workflow = runAndWaitWorkflow();
			await session.api.activate(workflow.id);
			const before = new Set((await session.api.executions(workflow.id)).map((e) => e.id));
			const t0 = Date.now();
			const counters = { notYetServed: 0 };
			const statuses = await submitAll(session, RUN_AND_WAIT_PATH, Array.from({ length: SUBMISSIONS }, (_, n) => ({ n })), counters);
			const submitSeconds = (Date.now() - t0) / 1000;
			assert.deepEqual([...countBy(statuses).entries()], [[200, SUBMISSIONS]], `every webhook call should be answered 200: ${JSON.stringify([...countBy(statuses).entries()])}`);
			const all = (await session.api.waitForExecutions(workflow.id, before.size + SUBMISSIONS, 1_200_000, session.say)).filter((e) => !before.has(e.id));
			const seconds = (Date.now() - t0) / 1000;
			await session.api.deactivate(workflow.id);
			assert.equal(all.length, SUBMISSIONS, `${SUBMISSIONS} executions should exist, there are ${all.length}`);
			const notOk = all.filter((e) => e.status !== 'success');
			assert.equal(notOk.length, 0, `every execution should succeed: ${notOk.map((e) => `${e.id}:${e.status}`).join(', ')}`);

			// Which worker started each execution (their logs); exactly once each.
			const startedBy = session.startedBy();
			const perWorker = new Map<string, number>();
			for (const execution of all) {
				const workers = startedBy.get(execution.id) ?? [];
				assert.equal(workers.length, 1, `execution ${execution.id} should be started exactly once, the worker logs say: ${workers.join(', ') || 'never'}`);
				perWorker.set(workers[0], (perWorker.get(workers[0]) ?? 0) + 1);
			}
			assert.ok(perWorker.size >= 2, `the executions should be spread over both workers: ${JSON.stringify([...perWorker])}`);

			// Outputs: each submission n has exactly one execution, with its own job, Finished.
			const submissionOf = new Map<number, string>();
			const jobIds = new Set<string>();
			for (const execution of all) {
				const detail = await session.api.execution(execution.id);
				const n = Number((detail.runData.Webhook?.[0]?.data?.main?.[0]?.[0]?.json?.body as { n?: unknown } | undefined)?.n);
				const items = detail.runData['Run and Wait']?.[0]?.data?.main?.[0] ?? [];
				assert.equal(items.length, 1, `execution ${execution.id} should give one Run and Wait item, gave ${items.length}`);
				const job = items[0].json as { id?: string; statusDesc?: string };
				assert.equal(job.statusDesc, 'Finished', `execution ${execution.id}: job ${job.id} ended ${job.statusDesc}`);
				assert.ok(!submissionOf.has(n), `submission ${n} ran twice (executions ${submissionOf.get(n)} and ${execution.id})`);
				submissionOf.set(n, execution.id);
				assert.ok(job.id && !jobIds.has(job.id), `job id ${job.id} of execution ${execution.id} is missing or returned twice`);
				jobIds.add(job.id);
			}
			assert.deepEqual([...submissionOf.keys()].sort((a, b) => a - b), Array.from({ length: SUBMISSIONS }, (_, n) => n), 'every submission 0..49 should have exactly one execution');

			// The server: one runJob per submission, none repeated.
			const runJobs = (await emulator.requests()).filter((r) => r.method === 'GET' && /\/runJob$/.test(r.path));
			const perSubmission = countBy(runJobs.map((r) => Number(r.query.SUBMISSION)));
			assert.equal(runJobs.length, SUBMISSIONS, `the server should get ${SUBMISSIONS} runJob requests, got ${runJobs.length}`);
			assert.ok([...perSubmission.values()].every((c) => c === 1) && perSubmission.size === SUBMISSIONS, 'each submission should start exactly one job on the server');

			figures.push(
				`${SUBMISSIONS} webhook calls answered 200 in ${submitSeconds.toFixed(1)} s${counters.notYetServed ? ` (${counters.notYetServed} 404 answers right after activation, sent again)` : ''}; all ${all.length} executions succeeded ${seconds.toFixed(1)} s after the first call`,
				`started by: ${[...perWorker.entries()].map(([w, c]) => `${w} ${c}`).join(', ')} (each execution exactly once, per the worker logs)`,
				`server: ${runJobs.length} runJob requests, one per submission; ${jobIds.size} distinct job ids returned, one per execution`,
			);
		} finally {
			await session.stopEmulator(emulator);
		}
	});
}
