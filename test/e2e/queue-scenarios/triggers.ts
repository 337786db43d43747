/**
 * Each polling trigger (Worker, Scheduler, Repository) in an active workflow, in queue mode. The
 * main instance polls (the leader, in a multi-main setup); each poll that finds changes starts an
 * execution, which n8n puts on the queue for a worker. The workflow behind each trigger runs a job
 * with Run and Wait (a few seconds), so that a worker can be killed in the middle of one.
 *
 * Steps: each step makes one change per trigger on the server (a job run to its end, a schedule
 * created, a file created) and waits until each workflow has one more execution. During step 3 the
 * worker that starts the first of the step's executions is killed (SIGKILL, as a crash) and a new
 * worker is started. At the end, after each trigger has polled twice more with nothing new:
 * every change started exactly one execution (the change's key in exactly one execution's trigger
 * item, one execution per change, no extra executions), and what became of the killed one.
 */
import assert from 'node:assert/strict';

import type { EmulatorHandle } from '../lib/emulator';
import { sleep } from '../lib/processes';
import type { QueueSession } from '../lib/queueSession';
import type { ExecutionSummary } from '../lib/queueStack';
import { check, type QueueOutcome } from './types';
import { QUEUE_SERVER, RUN_JOB_PATH, triggerWorkflows, type TriggerWorkflow } from './workflows';

const STEPS = 4;
const KILL_AT_STEP = 3;
const JOB_MS = 6000;
const OPEN = ['new', 'running', 'waiting', 'unknown'];

/** Makes one change a trigger must report; returns the key its item will carry. */
async function makeChange(emulator: EmulatorHandle, kind: TriggerWorkflow['kind'], step: number): Promise<string> {
	if (kind === 'Repository') {
		const name = `queue_${step}.csv`;
		const answer = await emulator.call('PUT', `/api/repo/files/:home:admin:${name}`, { body: `step,${step}\n`, headers: { 'content-type': 'text/csv' } });
		assert.ok(answer.status < 300, `creating /home/admin/${name} answered ${answer.status}`);
		return `/home/admin/${name}`;
	}
	if (kind === 'Scheduler') {
		const start = new Date(Date.now() + 30 * 86_400_000).toISOString();
		const body =
			`<jobScheduleRequest><jobName>queue step ${step}</jobName><inputFile>/public/etl/daily_load.kjb</inputFile>` +
			`<simpleJobTrigger><uiPassParam>RUN_ONCE</uiPassParam><repeatInterval>0</repeatInterval><repeatCount>0</repeatCount><startTime>${start}</startTime><endTime/></simpleJobTrigger>` +
			`<timeZone>UTC</timeZone></jobScheduleRequest>`;
		const answer = await emulator.call('POST', '/api/scheduler/job', { body, headers: { 'content-type': 'application/xml', accept: 'text/plain' } });
		assert.equal(answer.status, 200, `creating a schedule answered ${answer.status}: ${answer.text().slice(0, 200)}`);
		return answer.text().trim();
	}
	const answer = await emulator.call('GET', `/dataflow/runJob?job=${encodeURIComponent(RUN_JOB_PATH)}&level=Basic&STEP=${step}`);
	const id = /<id>([^<]+)<\/id>/.exec(answer.text())?.[1];
	assert.ok(answer.status === 200 && id, `runJob answered ${answer.status}: ${answer.text().slice(0, 200)}`);
	return id;
}

/** The key of the change an execution's trigger item reports. */
function keyOf(kind: TriggerWorkflow['kind'], json: Record<string, any>): string {
	if (kind === 'Repository') return String(json.file?.path ?? '');
	if (kind === 'Scheduler') return String(json.schedule?.jobId ?? '');
	return String(json.job?.id ?? '');
}

/** Poll requests each trigger makes (the emulator's log), to know that it polled again. */
function pollRequests(requests: Array<{ method: string; path: string }>, kind: TriggerWorkflow['kind']): number {
	const pattern = kind === 'Worker' ? /\/status$/ : kind === 'Scheduler' ? /\/getJobs$/ : /:home:admin\/tree$/;
	return requests.filter((r) => r.method === 'GET' && pattern.test(r.path)).length;
}

export async function runTriggers(session: QueueSession): Promise<QueueOutcome[]> {
	const { say } = session;
	const triggers = triggerWorkflows();
	const changes = new Map<string, string[]>(triggers.map((t) => [t.workflow.id, []]));
	let killed: { worker: string; executionId: string; workflowId: string } | undefined;
	/** Executions the killed worker was running, with the changes they carried (read just before the kill). */
	const killedExecutions = new Map<string, string[]>();
	let emulator: EmulatorHandle | undefined;
	const outcomes: QueueOutcome[] = [];
	const executions = new Map<string, ExecutionSummary[]>();

	const setup = await check('polling triggers: activated, 4 changes each, a worker killed mid-execution', say, async (figures) => {
		emulator = await session.startEmulator('main', { jobDurationMs: JOB_MS });
		await session.importCredentials([QUEUE_SERVER], { main: emulator }, 'credentials-triggers.json');
		// Activation makes the main run each trigger's first poll: the baseline (nothing emitted). It
		// may come after the activation request has returned; a change made before it would be part
		// of the baseline, so the changes wait until every trigger has polled once (the emulator's log).
		for (const trigger of triggers) await session.api.activate(trigger.workflow.id);
		const baselineDeadline = Date.now() + 600_000;
		for (;;) {
			const requests = await emulator.requests();
			if (triggers.every((t) => pollRequests(requests, t.kind) >= 1)) break;
			assert.ok(Date.now() < baselineDeadline, 'not every trigger polled within 600 s of its activation');
			await sleep(500);
		}
		const t0 = Date.now();
		for (let step = 1; step <= STEPS; step++) {
			for (const trigger of triggers) changes.get(trigger.workflow.id)!.push(await makeChange(emulator, trigger.kind, step));
			if (step === KILL_AT_STEP) {
				// The first execution of this step that a worker starts: kill that worker while it runs.
				const known = new Set<string>();
				for (const trigger of triggers) for (const e of await session.api.executions(trigger.workflow.id)) known.add(e.id);
				const deadline = Date.now() + 600_000;
				while (!killed) {
					assert.ok(Date.now() < deadline, 'no execution of step 3 was started by a worker within 600 s');
					for (const trigger of triggers) {
						for (const e of await session.api.executions(trigger.workflow.id)) {
							if (known.has(e.id) || killed) continue;
							const worker = session.workers.find((w) => (session.startedBy().get(e.id) ?? []).includes(w.name));
							if (worker && e.status === 'running') {
								// Every execution that worker is running now dies with it. The change each carries is
								// read before the kill: when n8n fails a killed execution it replaces its saved data
								// (trigger items included) with the error.
								for (const other of triggers) {
									for (const running of await session.api.executions(other.workflow.id)) {
										if (running.status !== 'running' || !(session.startedBy().get(running.id) ?? []).includes(worker.name)) continue;
										const detail = await session.api.execution(running.id);
										const ran = detail.runData[other.trigger]?.[0]?.data?.main?.[0]?.map((item) => item.json);
										killedExecutions.set(running.id, (ran ?? detail.startItems).map((json) => keyOf(other.kind, json)).filter(Boolean));
									}
								}
								await session.removeWorker(worker, 'kill');
								killed = { worker: worker.name, executionId: e.id, workflowId: trigger.workflow.id };
								say(`      killed ${worker.name} (SIGKILL) while it ran execution ${e.id} of "${trigger.workflow.name}"`);
							}
						}
					}
					if (!killed) await sleep(250);
				}
				// A replacement comes up while the remaining worker carries on.
				void session.addWorker().catch((error: Error) => say(`      the replacement worker failed to start: ${error.message}`));
			}
			// Until each workflow has one execution per change so far (the killed one may stay open a while).
			const deadline = Date.now() + 900_000;
			for (;;) {
				let done = true;
				for (const trigger of triggers) {
					const list = await session.api.executions(trigger.workflow.id);
					executions.set(trigger.workflow.id, list);
					const settled = list.filter((e) => !OPEN.includes(e.status) || killedExecutions.has(e.id));
					if (settled.length < step) done = false;
				}
				if (done) break;
				assert.ok(Date.now() < deadline, `step ${step}: not every trigger started its execution within 900 s (${[...executions.entries()].map(([w, l]) => `${w}: ${l.length}`).join(', ')})`);
				await sleep(1000);
			}
			say(`      step ${step}: ${triggers.map((t) => `${t.kind} ${executions.get(t.workflow.id)!.length}`).join(', ')} execution(s) (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
		}
		figures.push(
			`${STEPS} changes per trigger, ${STEPS * triggers.length} in all, in ${((Date.now() - t0) / 1000).toFixed(0)} s; ${killed ? `${killed.worker} killed while it ran execution(s) ${[...killedExecutions.keys()].join(', ')}` : 'no worker killed'}`,
		);
	});
	outcomes.push(setup);
	if (!setup.passed || !emulator) {
		if (emulator) await session.stopEmulator(emulator);
		return outcomes;
	}

	// Each trigger polls twice more with nothing new: no late or repeated execution may appear.
	const quiet = await check('polling triggers: nothing more after two further polls', say, async (figures) => {
		const before = await emulator!.requests();
		const counts = new Map(triggers.map((t) => [t.kind, pollRequests(before, t.kind)]));
		const deadline = Date.now() + 600_000;
		for (;;) {
			const now = await emulator!.requests();
			if (triggers.every((t) => pollRequests(now, t.kind) >= counts.get(t.kind)! + 2)) break;
			assert.ok(Date.now() < deadline, 'the triggers did not poll twice more within 600 s');
			await sleep(1000);
		}
		// The killed execution: how n8n ends it (it is not run again: n8n sets Bull's maxStalledCount to 0).
		const killedDeadline = Date.now() + 300_000;
		for (;;) {
			for (const trigger of triggers) executions.set(trigger.workflow.id, await session.api.executions(trigger.workflow.id));
			const open = [...executions.values()].flat().filter((e) => killedExecutions.has(e.id) && OPEN.includes(e.status));
			if (open.length === 0 || Date.now() > killedDeadline) break;
			await sleep(2000);
		}
		for (const trigger of triggers) {
			const list = executions.get(trigger.workflow.id)!;
			assert.equal(list.length, STEPS, `${trigger.kind} Trigger: ${STEPS} changes should start ${STEPS} executions, there are ${list.length}`);
		}
		figures.push(`after two more polls of each trigger: ${triggers.map((t) => `${t.kind} ${executions.get(t.workflow.id)!.length}`).join(', ')} executions`);
	});
	outcomes.push(quiet);

	for (const trigger of triggers) {
		outcomes.push(
			await check(`${trigger.kind} Trigger: every change started exactly one execution`, say, async (figures) => {
				const list = executions.get(trigger.workflow.id) ?? [];
				const expected = changes.get(trigger.workflow.id)!;
				const seen = new Map<string, string>();
				const startedBy = session.startedBy();
				const statuses: string[] = [];
				for (const summary of [...list].reverse()) {
					const detail = await session.api.execution(summary.id);
					// A killed execution may have no run data: its trigger item is then only in the execution's start data.
					const ran = detail.runData[trigger.trigger]?.[0]?.data?.main?.[0]?.map((item) => item.json);
					const isKilled = killedExecutions.has(summary.id);
					const keys = isKilled && !ran ? killedExecutions.get(summary.id)! : (ran ?? detail.startItems).map((json) => keyOf(trigger.kind, json)).filter(Boolean);
					assert.ok(keys.length <= 1, `execution ${summary.id} carries ${keys.length} changes (${keys.join(', ')}); each change was made after the previous one had started its execution`);
					for (const key of keys) {
						assert.ok(!seen.has(key), `change ${key} started two executions (${seen.get(key)} and ${summary.id})`);
						seen.set(key, summary.id);
					}
					const workers = startedBy.get(summary.id) ?? [];
					assert.ok(workers.length === 1, `execution ${summary.id} should be started by exactly one worker, the logs say: ${workers.join(', ') || 'none'}`);
					// Executions the killed worker had finished before the kill are not in killedExecutions: they succeeded.
					if (!isKilled) assert.equal(summary.status, 'success', `execution ${summary.id} ended ${summary.status}`);
					else assert.ok(!OPEN.includes(summary.status), `the killed execution ${summary.id} should be ended by n8n (not run again), it is ${summary.status}`);
					statuses.push(
						`${summary.id} ${isKilled ? `(killed with ${workers[0]}) ${summary.status}${detail.error?.message ? ` "${detail.error.message.slice(0, 120)}"` : ''}${ran ? '' : ', its change read from the execution before the kill'}` : `${workers[0]} ${summary.status}`}`,
					);
				}
				const missing = expected.filter((key) => !seen.has(key));
				assert.equal(missing.length, 0, `changes without an execution: ${missing.join(', ')}`);
				assert.equal(seen.size, expected.length, `executions for changes that were not made: ${[...seen.keys()].filter((k) => !expected.includes(k)).join(', ')}`);
				figures.push(`${expected.length} changes → ${list.length} executions: ${statuses.join('; ')}`);
			}),
		);
	}
	for (const trigger of triggers) await session.api.deactivate(trigger.workflow.id).catch(() => undefined);
	await session.stopEmulator(emulator);
	return outcomes;
}
