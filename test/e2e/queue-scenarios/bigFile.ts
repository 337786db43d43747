/**
 * A large file through Get Content → Upload in queue mode's default binary data setting. n8n 2.41
 * in queue mode keeps binary data in the database unless told otherwise
 * (n8n-core/dist/binary-data/binary-data.config.js: `mode ??= executions.mode === 'queue' ?
 * 'database' : 'filesystem'`), at most N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE MiB per file (default
 * 512, at most 1024; n8n/dist/binary-data/database.manager.js refuses a larger file with
 * FileTooLargeError and holds the whole file in memory to store it). Checked from the outside: the
 * file the emulator received is the original byte for byte (SHA-256), the binary data rows in
 * Postgres, and the worker's peak memory.
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

import type { QueueSession } from '../lib/queueSession';
import { submitAll } from './fifty';
import { check, type QueueOutcome } from './types';
import { BIG_FILE_PATH, QUEUE_SERVER, bigFileWorkflow } from './workflows';

export const BIG_FILE_MIB = 100;

/** Peak resident memory of a process (VmHWM), in MiB. */
function peakMiB(pid: number): number | undefined {
	try {
		const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
		return match ? Math.round(Number(match[1]) / 1024) : undefined;
	} catch {
		return undefined;
	}
}

export async function runBigFile(session: QueueSession): Promise<QueueOutcome> {
	return await check(`a ${BIG_FILE_MIB} MiB file through Get Content → Upload (binary data mode: database, the queue-mode default)`, session.say, async (figures) => {
		const emulator = await session.startEmulator('main', {});
		try {
			await session.importCredentials([QUEUE_SERVER], { main: emulator }, 'credentials-bigfile.json');
			const content = randomBytes(BIG_FILE_MIB * 1024 * 1024);
			const sha = createHash('sha256').update(content).digest('hex');
			const put = await emulator.call('PUT', '/api/repo/files/:home:admin:queue-big.bin', { body: content, headers: { 'content-type': 'application/octet-stream' } });
			assert.ok(put.status < 300, `putting the file on the server answered ${put.status}`);
			const folder = await emulator.call('PUT', '/api/repo/files/:home:admin:queue-out/createDir');
			assert.ok(folder.status < 300, `creating /home/admin/queue-out answered ${folder.status}`);

			const workflow = bigFileWorkflow();
			await session.api.activate(workflow.id);
			const before = new Set((await session.api.executions(workflow.id)).map((e) => e.id));
			const peakBefore = new Map(session.workers.map((w) => [w.name, peakMiB(w.child.pid)]));
			const t0 = Date.now();
			const [status] = await submitAll(session, BIG_FILE_PATH, [{ path: '/home/admin/queue-big.bin', folder: '/home/admin/queue-out' }]);
			assert.equal(status, 200);
			const [execution] = (await session.api.waitForExecutions(workflow.id, before.size + 1, 900_000, session.say)).filter((e) => !before.has(e.id));
			const seconds = (Date.now() - t0) / 1000;
			await session.api.deactivate(workflow.id);
			const detail = await session.api.execution(execution.id);
			assert.equal(execution.status, 'success', `the execution ended ${execution.status}: ${detail.error?.message ?? ''}`);
			const worker = (session.startedBy().get(execution.id) ?? [])[0];

			const binary = detail.runData['Get Content']?.[0]?.data?.main?.[0]?.[0]?.binary?.data as { id?: string; fileSize?: string; bytes?: number } | undefined;
			assert.ok(binary?.id?.startsWith('database:'), `Get Content's binary data should be in the database, its id is ${binary?.id}`);
			const rows = session.postgres.sql(`SELECT "fileId", "fileSize" FROM binary_data WHERE "sourceType" = 'execution' AND "sourceId" = '${execution.id}'`).split('\n').filter(Boolean);
			const sizes = rows.map((row) => Number(row.split('|')[1]));
			assert.ok(sizes.includes(content.length), `a ${content.length}-byte row for execution ${execution.id} should be in binary_data: ${rows.join(', ')}`);

			const uploaded = await emulator.call('GET', '/api/repo/files/:home:admin:queue-out:queue-big.bin');
			assert.equal(uploaded.status, 200, `the uploaded file answered ${uploaded.status}`);
			assert.equal(uploaded.body.length, content.length, 'the uploaded file has the original size');
			assert.equal(createHash('sha256').update(uploaded.body).digest('hex'), sha, 'the uploaded file is the original byte for byte');

			const workerHandle = [...session.workers, ...session.retiredWorkers].find((w) => w.name === worker);
			const peak = workerHandle ? peakMiB(workerHandle.child.pid) : undefined;
			figures.push(
				`${content.length} bytes (${BIG_FILE_MIB} MiB) downloaded and uploaded by ${worker} in ${seconds.toFixed(1)} s; the server got it byte for byte (SHA-256 ${sha.slice(0, 16)}…)`,
				`binary data in Postgres for that execution: ${rows.length} row(s) of ${sizes.map((s) => `${(s / 1048576).toFixed(1)} MiB`).join(', ')} (id ${binary?.id?.slice(0, 18)}…)`,
				`${worker} peak memory (VmHWM): ${peakBefore.get(worker ?? '') ?? '?'} MiB before, ${peak ?? '?'} MiB after (database mode holds the whole file in memory to store it)`,
			);
		} finally {
			await session.stopEmulator(emulator);
		}
	});
}
