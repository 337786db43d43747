/**
 * Scenario 9, examples/09-transformation-control.json: a transformation run from n8n with
 * parameters, its steps watched to the end, and — the point of it — a run cancelled from n8n that
 * is stopped on the worker server.
 *
 * The workflow starts at a Webhook, so it is published in the session's `n8n start` and driven as
 * a client would: (1) the webhook with a short run: the execution ends `success`, Stage Customers
 * returns every step with its rows, the run was removed from the server after its result was
 * read; (2) the webhook with a run of ten minutes: once the worker has answered two status polls,
 * the execution is stopped through n8n's own REST API (`POST /rest/executions/:id/stop`, what the
 * editor's Stop button sends; n8n 2.41.1 dist/executions/execution.service.js stopInRegularMode →
 * activeExecutions.stopExecution → the execution's cancel signal). The worker must then receive
 * `stopTrans` for that transformation's id, and its own status must say `Stopped`.
 */
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';

import { parse as parseFlatted } from 'flatted';

import type { N8nServer } from '../lib/n8n';
import { defineScenario } from '../lib/scenario';

const HOOK = 'dataflow-stage-customers';
const TRANS = '/public/etl/load_sales';

interface ExecutionSummary {
	id: string;
	status: string;
}

async function executionsOf(server: N8nServer, workflowId: string): Promise<ExecutionSummary[]> {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const answer = await server.request<{ data?: { results?: ExecutionSummary[] } }>('GET', `/rest/executions?filter=${filter}`);
	return (answer.body?.data?.results ?? []).map((e) => ({ id: String(e.id), status: String(e.status) }));
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await probe();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
		await sleep(200);
	}
}

/** An execution's run data (n8n stores it with flatted). */
async function runDataOf(server: N8nServer, id: string): Promise<{ status: string; runData: Record<string, any[]>; error?: unknown }> {
	const answer = await server.request<{ data?: { status?: string; data?: string } }>('GET', `/rest/executions/${id}`);
	const execution = answer.body?.data;
	const data = typeof execution?.data === 'string' ? (parseFlatted(execution.data) as Record<string, any>) : (execution?.data as Record<string, any> | undefined);
	return { status: String(execution?.status ?? ''), runData: data?.resultData?.runData ?? {}, error: data?.resultData?.error };
}

const ENDED = (status: string) => !['new', 'running', 'waiting', 'unknown', ''].includes(status);

export default defineScenario({
	title: 'Transformation control: run with parameters, watch its steps, and stop it on the server when the n8n execution is cancelled',
	execution: 'server',
	emulators: { main: { jobDurationMs: 1500 } },
	timeoutMs: 300_000,

	async drive({ server, workflow, emulators, facts, say }) {
		const main = emulators.main;
		const hook = async (body: Record<string, unknown>) => {
			const response = await fetch(`${server.url}/webhook/${HOOK}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
			assert.equal(response.status, 200, `the webhook answers 200: ${await response.text()}`);
		};

		// 1. A run to its end.
		await main.clearRequests();
		const before = new Set((await executionsOf(server, workflow.id)).map((e) => e.id));
		await hook({ region: 'EU', rows: 250, durationMs: 1500 });
		const first = await until('the first execution to end', async () => (await executionsOf(server, workflow.id)).find((e) => !before.has(e.id) && ENDED(e.status)));
		const done = await runDataOf(server, first.id);
		facts.finished = {
			status: done.status,
			stage: done.runData['Stage Customers']?.[0]?.data?.main?.[0]?.[0]?.json,
			rows: done.runData['Rows per Step']?.[0]?.data?.main?.[0]?.[0]?.json,
		};
		facts.finishedRequests = await main.requests();
		say(`run 1: execution ${first.id} ${done.status}`);

		// 2. A long run, cancelled from n8n while it polls.
		await main.clearRequests();
		const seen = new Set((await executionsOf(server, workflow.id)).map((e) => e.id));
		await hook({ region: 'US', rows: 1000, durationMs: 600_000 });
		const second = await until('the second execution to run', async () => (await executionsOf(server, workflow.id)).find((e) => !seen.has(e.id)));
		const polls = await until('two status polls of the long run', async () => {
			const list = (await main.requests()).filter((r) => /\/transStatus$/.test(r.path));
			return list.length >= 2 ? list : undefined;
		});
		const transId = String(polls[0].query.id);
		const stop = await server.request('POST', `/rest/executions/${second.id}/stop`, {});
		facts.stopAnswer = { status: stop.status, body: stop.body };
		say(`run 2: execution ${second.id} stopped in n8n (HTTP ${stop.status}); transformation ${transId}`);
		const stopTrans = await until('stopTrans on the worker', async () => (await main.requests()).find((r) => /\/stopTrans$/.test(r.path)));
		const cancelled = await until('the second execution to end', async () => (await executionsOf(server, workflow.id)).find((e) => e.id === second.id && ENDED(e.status)));
		const onWorker = await main.call('GET', `/dataflow/transStatus?name=load_sales&id=${encodeURIComponent(transId)}&xml=Y&from=2147483647`);
		facts.cancelled = {
			executionId: second.id,
			executionStatus: cancelled.status,
			transId,
			stopTrans: { path: stopTrans.path, query: stopTrans.query, status: stopTrans.status },
			runRequest: (await main.requests()).find((r) => /\/runTrans$/.test(r.path))?.query,
			workerStatus: /<status_desc>([^<]*)<\/status_desc>/.exec(onWorker.text())?.[1],
			order: (await main.requests()).map((r) => r.path.split('/').pop()),
		};
	},

	check(run) {
		const finished = run.facts.finished as Record<string, any>;
		assert.equal(finished.status, 'success', 'the first execution succeeds');
		const stage = finished.stage as Record<string, any>;
		assert.equal(stage.success, true);
		assert.equal(stage.statusDesc, 'Finished');
		assert.equal(stage.transPath, TRANS);
		assert.deepEqual(
			(stage.steps as Array<Record<string, any>>).map((s) => [s.stepName, s.linesRead, s.linesWritten, s.errors]),
			[
				['Table input', 0, 250, 0],
				['Filter rows', 250, 250, 0],
				['Table output', 250, 250, 0],
			],
			'every step with its rows: the ROWS parameter reached the transformation',
		);
		assert.equal(stage.removedFromServer, true, 'the ended run was removed from the server after its result was read');
		assert.equal((finished.rows as Record<string, any>).steps.length, 3);
		const requests1 = run.facts.finishedRequests as Array<{ path: string; query: Record<string, string> }>;
		const started = requests1.find((r) => r.path.endsWith('/runTrans'));
		assert.deepEqual(started?.query, { trans: TRANS, level: 'Basic', REGION: 'EU', ROWS: '250', DURATION_MS: '1500' });
		const names = requests1.map((r) => r.path.split('/').pop());
		assert.equal(names[names.length - 1], 'removeTrans', 'removeTrans comes last, after the final status');

		const cancelled = run.facts.cancelled as Record<string, any>;
		assert.equal((run.facts.stopAnswer as { status: number }).status, 200, `n8n accepted the stop: ${JSON.stringify(run.facts.stopAnswer)}`);
		assert.equal(cancelled.executionStatus, 'canceled', 'n8n shows the execution as cancelled');
		assert.deepEqual(cancelled.runRequest, { trans: TRANS, level: 'Basic', REGION: 'US', ROWS: '1000', DURATION_MS: '600000' });
		assert.deepEqual(cancelled.stopTrans.query, { name: 'load_sales', id: cancelled.transId, xml: 'Y' }, 'the worker was asked to stop exactly that run');
		assert.equal(cancelled.stopTrans.status, 200);
		assert.equal(cancelled.workerStatus, 'Stopped', 'the transformation is stopped on the worker server');
	},

	account(run) {
		const finished = run.facts.finished as Record<string, any>;
		const cancelled = run.facts.cancelled as Record<string, any>;
		return [
			`Webhook → Stage Customers: ${finished.stage?.statusDesc}; ${(finished.stage?.steps ?? []).map((s: any) => `${s.stepName} read ${s.linesRead} written ${s.linesWritten}`).join('; ')}; removed from the server: ${finished.stage?.removedFromServer}`,
			`Long run cancelled in n8n (POST /rest/executions/${cancelled?.executionId}/stop) → execution ${cancelled?.executionStatus}; the worker got stopTrans?name=load_sales&id=${cancelled?.transId}; its status now: ${cancelled?.workerStatus}`,
		];
	},
});
