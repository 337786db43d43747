/**
 * Scenario 1, examples/01-chain.json: repository and worker steps chained by ids and paths. A .kjb
 * made from text is uploaded, run on the worker by the uploaded path and waited for, its status
 * and log are read by the returned id, a result file is written next to it, the folder is listed
 * and the result file found and read back. Checked against the emulator: the bytes it stored are
 * the bytes sent, the job ran from that path and was followed by its id, the result came back
 * unchanged.
 */
import assert from 'node:assert/strict';

import { count, defineScenario, type ScenarioRun } from '../lib/scenario';

const FOLDER = '/home/admin/n8n-example';
const JOB_PATH = `${FOLDER}/n8n_example_load.kjb`;
const RESULT_PATH = `${FOLDER}/n8n_example_load_result.txt`;
const FILES = '/pentaho/api/repo/files';
const pathId = (path: string) => `:${path.split('/').filter(Boolean).join(':')}`;

/** The .kjb text of the Job Definition node (what the workflow uploads). */
function kjbText(run: ScenarioRun): string {
	return String(run.items('Job Definition')[0].kjb);
}

export default defineScenario({
	title: 'Chain repository and job steps: upload a .kjb, run and wait, status and log, write a result, list and find it',
	expect: { status: 'success' },

	async after(run) {
		// What the repository holds now, read straight from the emulator.
		const stored = await run.emulators.main.call('GET', `/api/repo/files/${encodeURIComponent(pathId(JOB_PATH))}`);
		run.facts.storedJob = stored.status === 200 ? stored.body : undefined;
		const result = await run.emulators.main.call('GET', `/api/repo/files/${encodeURIComponent(pathId(RESULT_PATH))}`);
		run.facts.storedResult = result.status === 200 ? result.body : undefined;
	},

	check(run) {
		const kjb = kjbText(run);
		assert.ok(kjb.includes('<name>n8n_example_load</name>'), 'the Job Definition holds the example job');

		// Upload: the binary item made from the text went into the repository byte for byte.
		const [uploaded] = run.expectItems('Upload Job', 1);
		assert.deepEqual(
			{ path: uploaded.path, folder: uploaded.folderPath, fileSize: uploaded.fileSize },
			{ path: JOB_PATH, folder: FOLDER, fileSize: Buffer.byteLength(kjb) },
		);
		assert.equal(run.binaryText('Make .kjb File'), kjb, 'Make .kjb File turns the text into the file unchanged');
		assert.ok(run.facts.storedJob, `the emulator has ${JOB_PATH}`);
		assert.equal((run.facts.storedJob as Buffer).toString('utf8'), kjb, 'the repository stored exactly the bytes of the .kjb');
		const puts = run.requestsTo('PUT', `${FILES}/${pathId(JOB_PATH)}`);
		assert.equal(puts.length, 1, 'one PUT of the .kjb');
		assert.equal(puts[0].status, 200, 'the PUT of the .kjb succeeded');

		// Run and Wait: by the uploaded path, with the job parameter, followed by the id it got.
		const [job] = run.expectItems('Run and Wait', 1);
		assert.equal(job.success, true);
		assert.equal(job.statusDesc, 'Finished');
		assert.equal(job.jobName, 'n8n_example_load');
		// The server runs a repository job by its name, without .kjb (RunJobServlet looks jobs up by name).
		assert.equal(job.jobPath, JOB_PATH.replace(/\.kjb$/, ''), 'the job ran from the path Upload Job returned');
		assert.match(String(job.id), /^[0-9a-f-]{36}$/);
		assert.ok(job.logLineCount > 0 && String(job.log).includes('Job execution finished'), 'Run and Wait collected the whole log');
		const runs = run.requestsTo('GET', '/pentaho/dataflow/runJob');
		assert.equal(runs.length, 1, 'one runJob request');
		assert.equal(runs[0].query.job, JOB_PATH.replace(/\.kjb$/, ''), 'runJob got the uploaded path, as a repository name without .kjb');
		assert.match(runs[0].query.RUN_DATE ?? '', /^\d{4}-\d{2}-\d{2}$/, 'the RUN_DATE job parameter went along as a query parameter');
		const statuses = run.requestsTo('GET', '/pentaho/dataflow/jobStatus');
		assert.equal(statuses.length, job.statusRequests + 1, 'Run and Wait polled statusRequests times, then Read Status and Log once');
		assert.ok(
			statuses.every((r) => r.query.id === job.id && r.query.name === 'n8n_example_load'),
			`every jobStatus request asked for the returned id ${job.id}: ${JSON.stringify(statuses.map((r) => r.query))}`,
		);
		assert.ok(runs[0].time >= puts[0].time, 'the job ran after the upload');

		// Status and log read by id.
		const [status] = run.expectItems('Read Status and Log', 1);
		assert.equal(status.id, job.id, 'Read Status and Log read the job by the id Run and Wait returned');
		assert.equal(status.statusDesc, 'Finished');
		assert.ok(String(status.log).trimEnd().endsWith('Job execution finished'), 'the status carries the log, decoded');

		// The result file: written, listed, found, read back unchanged.
		const [report] = run.expectItems('Build Result', 1);
		assert.ok(String(report.report).startsWith(`Job n8n_example_load (id ${job.id}) from ${JOB_PATH}\nStatus: Finished\nRows written: 100`));
		const [result] = run.expectItems('Upload Result', 1);
		assert.equal(result.path, RESULT_PATH);
		assert.equal(result.fileSize, Buffer.byteLength(String(report.report)));
		const listed = run.items('List Folder').map((f) => f.path as string);
		assert.deepEqual([...listed].sort(), [JOB_PATH, RESULT_PATH], 'List Folder shows the job and the result');
		const found = run.expectItems('Find Result File', 1);
		assert.equal(found[0].path, RESULT_PATH, 'Find Result File keeps the result file only');
		assert.equal(run.binaryText('Read Result Back'), report.report, 'the result file came back byte for byte');
		assert.equal((run.facts.storedResult as Buffer | undefined)?.toString('utf8'), report.report, 'the repository holds the result as written');
		const children = run.requestsTo('GET', `${FILES}/${pathId(FOLDER)}/children`);
		assert.equal(children.length, 1, 'one children listing of the folder');
		assert.equal(run.requestsTo('GET', `${FILES}/${pathId(RESULT_PATH)}`).length, 1, 'one download of the result file');
	},

	account(run) {
		const [uploaded] = run.items('Upload Job');
		const [job] = run.items('Run and Wait');
		const [status] = run.items('Read Status and Log');
		const [result] = run.items('Upload Result');
		const found = run.items('Find Result File');
		const back = run.binaryBytes('Read Result Back');
		const lastLine = String(status.log).trimEnd().split('\n').pop() ?? '';
		return [
			`Upload Job → ${uploaded.path} (${uploaded.fileSize} bytes, from the text of Job Definition)`,
			`Run and Wait → job ${job.jobName} id ${String(job.id).slice(0, 8)}…: ${job.statusDesc} after ${count(job.statusRequests, 'status request')} (${(job.durationMs / 1000).toFixed(1)} s), ${count(job.logLineCount, 'log line')}`,
			`Read Status and Log → ${status.statusDesc}, ${status.result?.linesWritten} rows written; last line "${lastLine.replace(/^.* - /, '')}"`,
			`Upload Result → ${result.path} (${result.fileSize} bytes)`,
			`List Folder → ${count(run.items('List Folder').length, 'file')}; Find Result File → ${found.map((f) => f.name).join(', ') || 'nothing'}`,
			`Read Result Back → ${back.length} bytes, ${back.toString('utf8') === run.items('Build Result')[0].report ? 'the same as written' : 'NOT the same as written'}`,
		];
	},
});
