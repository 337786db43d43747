/**
 * The most common queue-mode complaint, reproduced: the package installed on the main but not on
 * the worker that picks up the execution. The other workers are stopped, a worker without the
 * package is started, one Run and Wait execution is submitted: it must fail on that worker with
 * n8n's "Unrecognized node type" (and the main, which has the package, accepted the workflow).
 * Then that worker is stopped and two workers with the package are started again.
 */
import assert from 'node:assert/strict';

import type { QueueSession } from '../lib/queueSession';
import { submitAll } from './fifty';
import { check, type QueueOutcome } from './types';
import { QUEUE_SERVER, RUN_AND_WAIT_PATH, runAndWaitWorkflow } from './workflows';

export async function runMissingPackage(session: QueueSession): Promise<QueueOutcome> {
	return await check('a worker without the package: the execution fails with "Unrecognized node type"', session.say, async (figures) => {
		const emulator = await session.startEmulator('main', { jobDurationMs: 500 });
		let bare: Awaited<ReturnType<QueueSession['addWorker']>> | undefined;
		try {
			await session.importCredentials([QUEUE_SERVER], { main: emulator }, 'credentials-missing.json');
			for (const worker of [...session.workers]) await session.removeWorker(worker, 'stop');
			bare = await session.addWorker(session.options.concurrency, { withoutPackage: true });
			const workflow = runAndWaitWorkflow();
			await session.api.activate(workflow.id);
			const before = new Set((await session.api.executions(workflow.id)).map((e) => e.id));
			const [status] = await submitAll(session, RUN_AND_WAIT_PATH, [{ n: 'no-package' }]);
			assert.equal(status, 200, `the main (which has the package) should accept the call, it answered ${status}`);
			const [execution] = (await session.api.waitForExecutions(workflow.id, before.size + 1, 600_000, session.say)).filter((e) => !before.has(e.id));
			await session.api.deactivate(workflow.id);
			const detail = await session.api.execution(execution.id);
			const startedBy = session.startedBy().get(execution.id) ?? [];
			const message = String(detail.error?.message ?? '');
			assert.deepEqual(startedBy, [bare.name], `the execution should be started by ${bare.name}, the logs say ${startedBy.join(', ') || 'nobody'}`);
			assert.notEqual(execution.status, 'success', 'the execution cannot succeed on a worker without the package');
			assert.match(message, /Unrecognized node type/i, `the error should name the missing node type: "${message}"`);
			const runJobs = (await emulator.requests()).filter((r) => /\/runJob$/.test(r.path));
			assert.equal(runJobs.length, 0, 'nothing may reach the server');
			figures.push(`execution ${execution.id} on ${bare.name} (no package): ${execution.status}, "${message.slice(0, 140)}"; the server got no request`);
		} finally {
			await session.stopEmulator(emulator);
			if (bare && session.workers.includes(bare)) await session.removeWorker(bare, 'stop');
			// Back to two workers with the package for what follows.
			while (session.workers.length < 2) await session.addWorker();
		}
	});
}
