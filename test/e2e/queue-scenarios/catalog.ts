/**
 * The catalog's short-lived tokens while several workers call it. The credential's token is a
 * hidden `expirable` field that n8n keeps in the credential row in Postgres: a worker that finds it
 * empty, or gets a 401, logs in (the credential's preAuthentication), writes the new token back to
 * the database and repeats the call once. Tokens live TOKEN_TTL seconds; ROUNDS rounds of
 * PER_ROUND executions (two catalog calls each) are submitted at once, each round after the token
 * of the previous one has expired. Checked from the outside (the emulator's log): every execution
 * succeeded, every call ended in a 200, and the logins: at least one per expiry, at most one per
 * execution that met an expired token, far fewer than calls.
 */
import assert from 'node:assert/strict';

import { sleep } from '../lib/processes';
import type { QueueSession } from '../lib/queueSession';
import { countBy, submitAll } from './fifty';
import { check, type QueueOutcome } from './types';
import { CATALOG_PATH, QUEUE_CATALOG, catalogWorkflow } from './workflows';

const TOKEN_TTL = 4;
const ROUNDS = 4;
const PER_ROUND = 10;

export async function runCatalog(session: QueueSession): Promise<QueueOutcome> {
	return await check(`catalog: tokens expire while ${session.workers.length} workers call it`, session.say, async (figures) => {
		const emulator = await session.startEmulator('main', { tokenTtl: TOKEN_TTL });
		try {
			await session.importCredentials([QUEUE_CATALOG], { main: emulator }, 'credentials-catalog.json');
			const workflow = catalogWorkflow();
			await session.api.activate(workflow.id);
			const before = new Set((await session.api.executions(workflow.id)).map((e) => e.id));
			const perRound: Array<{ logins: number; unauthorized: number; executions: string[] }> = [];
			let seen = 0;
			for (let round = 0; round < ROUNDS; round++) {
				if (round > 0) await sleep((TOKEN_TTL + 1) * 1000); // the last token has expired now
				const statuses = await submitAll(session, CATALOG_PATH, Array.from({ length: PER_ROUND }, (_, i) => ({ round, i })));
				assert.ok(statuses.every((s) => s === 200), `webhook calls answered ${JSON.stringify([...countBy(statuses)])}`);
				const list = (await session.api.waitForExecutions(workflow.id, before.size + (round + 1) * PER_ROUND, 600_000, session.say)).filter((e) => !before.has(e.id));
				const requests = await emulator.requests();
				const fresh = requests.slice(seen);
				seen = requests.length;
				perRound.push({
					logins: fresh.filter((r) => r.method === 'POST' && /\/api\/public\/v1\/auth$/.test(r.path)).length,
					unauthorized: fresh.filter((r) => /\/api\/public\/v1\/assets$/.test(r.path) && r.status === 401).length,
					executions: list.map((e) => e.id),
				});
			}
			await session.api.deactivate(workflow.id);
			const all = (await session.api.executions(workflow.id)).filter((e) => !before.has(e.id));
			assert.equal(all.length, ROUNDS * PER_ROUND, `${ROUNDS * PER_ROUND} executions expected, found ${all.length}`);
			const failed = all.filter((e) => e.status !== 'success');
			assert.equal(failed.length, 0, `every execution should succeed: ${failed.map((e) => `${e.id}:${e.status}`).join(', ')}`);
			for (const execution of all) {
				const detail = await session.api.execution(execution.id);
				for (const node of ['List Assets', 'List Assets Again']) {
					const task = detail.runData[node]?.[0];
					assert.ok(task && !task.error && (task.data?.main?.[0]?.length ?? 0) > 0, `execution ${execution.id}: ${node} ${task?.error ? `failed: ${task.error.message}` : 'gave no assets'}`);
				}
			}
			const requests = await emulator.requests();
			const calls = requests.filter((r) => r.method === 'GET' && /\/api\/public\/v1\/assets$/.test(r.path));
			const ok = calls.filter((r) => r.status === 200).length;
			const unauthorized = calls.filter((r) => r.status === 401).length;
			const logins = requests.filter((r) => r.method === 'POST' && /\/api\/public\/v1\/auth$/.test(r.path));
			const loginsOk = logins.filter((r) => r.status === 200).length;
			assert.equal(ok, 2 * all.length, `every call should end in a 200: ${ok} of ${2 * all.length}`);
			assert.equal(calls.length - ok, unauthorized, 'the only failed calls should be 401s (expired tokens), each repeated after a login');
			assert.equal(loginsOk, logins.length, 'every login should succeed');
			// Bounds: at least one login per round (each round starts with an expired or no token) and at
			// most one per execution of that round (an execution logs in once, the second call reuses the token).
			for (const [index, round] of perRound.entries()) {
				assert.ok(round.logins >= 1 && round.logins <= PER_ROUND, `round ${index + 1}: ${round.logins} logins for ${PER_ROUND} executions`);
			}
			const workerSpread = countBy(all.map((e) => (session.startedBy().get(e.id) ?? ['?'])[0]));
			figures.push(
				`${all.length} executions (${ROUNDS} rounds of ${PER_ROUND} at once, token lifetime ${TOKEN_TTL} s), ${calls.length} catalog calls: ${ok} answered 200, ${unauthorized} answered 401 (expired token) and were repeated after a login`,
				`logins: ${logins.length} in all, per round ${perRound.map((r) => r.logins).join(' / ')} (bound: 1 ≤ logins ≤ executions meeting an expired token, here ≤ ${PER_ROUND} per round; ${ok} successful calls)`,
				`workers: ${[...workerSpread.entries()].map(([w, n]) => `${w} ${n}`).join(', ')}`,
			);
		} finally {
			await session.stopEmulator(emulator);
		}
	});
}
