/**
 * Scenario 5, examples/05-failure-path.json: a job that finishes with errors fails Run and Wait.
 * With continue-on-fail (On Error: Continue) the failure becomes an error item paired with its
 * input item, next to the good run's item, and reaches the next nodes (an If, then a Set that
 * finds its job through the pairing). Without it, the same failure stops the workflow: the run
 * ends in error at that node, which is what the scenario expects.
 */
import assert from 'node:assert/strict';

import { defineScenario } from '../lib/scenario';

const GOOD = '/public/etl/daily_load.kjb';
/** The job as the server runs it: by its repository name, without .kjb (RunJobServlet looks jobs up by name). */
const GOOD_RUN = '/public/etl/daily_load';
const BAD = '/home/admin/cleanup.kjb';
const FAILED = /^The job "cleanup" \(id ([0-9a-f-]{36})\) failed: the job finished with errors \(3 errors\)$/;
const STRICT = 'Run Without Continue On Fail';

export default defineScenario({
	title: 'Failure path: a job with errors fails Run and Wait; with continue-on-fail the error item goes on, paired',
	expect: { status: 'error', errorNode: STRICT, errorMessage: FAILED },

	check(run) {
		const inputs = run.expectItems('One Item per Job', 2);
		assert.deepEqual(
			inputs.map((i) => i.job),
			[GOOD, BAD],
		);

		// Continue on fail: the node succeeds with one item per input, the failure as an error item.
		assert.equal(run.task('Run and Wait').error, undefined, 'Run and Wait itself does not fail with continue-on-fail');
		const [good, bad] = run.pairedItems('Run and Wait');
		assert.equal(run.items('Run and Wait').length, 2, 'one output item per input item');
		assert.deepEqual(
			{ success: good.json.success, status: good.json.statusDesc, jobPath: good.json.jobPath, pairedItem: good.pairedItem },
			{ success: true, status: 'Finished', jobPath: GOOD_RUN, pairedItem: { item: 0 } },
		);
		assert.deepEqual(Object.keys(bad.json).sort(), ['details', 'error'], 'the failure is an error item: { error, details }');
		const match = FAILED.exec(String(bad.json.error));
		assert.ok(match, `the error names the job, its id and its errors: ${bad.json.error}`);
		assert.deepEqual(bad.pairedItem, { item: 1 }, 'the error item is paired with the input item of the failing job');
		assert.match(String(bad.json.details), /^Final status "Finished \(with errors\)"(, error: .*)?\. Last log lines:\n/);
		assert.match(String(bad.json.details), /ERROR: Job entry \[Check data\] failed/, 'the details end with the job log');

		// The next nodes received it.
		assert.deepEqual(
			run.items('Succeeded?', { output: 0 }).map((i) => i.jobPath),
			[GOOD_RUN],
			'Succeeded? (true) gets the good run',
		);
		assert.deepEqual(
			run.items('Succeeded?', { output: 1 }),
			[bad.json],
			'Succeeded? (false) gets the error item',
		);
		assert.deepEqual(run.expectItems('Report Success', 1)[0], { job: GOOD_RUN, status: 'Finished', id: good.json.id });
		assert.deepEqual(
			run.expectItems('Report Failure', 1)[0],
			{ job: BAD, reason: bad.json.error, details: bad.json.details },
			"Report Failure finds the failing job's path through the pairing ($('One Item per Job').item)",
		);

		// The server: both jobs were run with their parameters, the failing one followed by its id to its end.
		const runs = run.requestsTo('GET', '/pentaho/dataflow/runJob');
		assert.deepEqual(
			runs.map((r) => [r.query.job, r.query.FAIL, r.query.ERRORS]),
			[
				[GOOD_RUN, 'N', '0'],
				[BAD.replace(/\.kjb$/, ''), 'Y', '3'],
				[BAD.replace(/\.kjb$/, ''), 'Y', '3'],
			],
		);
		const failingId = match[1];
		assert.ok(
			run.requestsTo('GET', '/pentaho/dataflow/jobStatus').some((r) => r.query.id === failingId && r.query.name === 'cleanup'),
			'Run and Wait polled the failing job by its id',
		);

		// Without continue-on-fail the same failure stops the workflow at that node.
		const strict = run.nodeError(STRICT);
		assert.match(String(strict.message), FAILED);
		assert.match(String(strict.description), /^Final status "Finished \(with errors\)"/);
	},

	account(run) {
		const [good, bad] = run.pairedItems('Run and Wait');
		const strict = run.ran(STRICT) ? run.task(STRICT).error : undefined;
		return [
			`Run and Wait (continue on fail) → item 0: ${good.json.jobPath} ${good.json.statusDesc}; item 1: error item paired with input ${JSON.stringify(bad.pairedItem)}: "${bad.json.error}"`,
			`Succeeded? → true: ${run.items('Succeeded?', { output: 0 }).length} item, false: ${run.items('Succeeded?', { output: 1 }).length} item`,
			`Report Failure → ${run.items('Report Failure')[0]?.job} (job path found through the pairing)`,
			`${STRICT} → the workflow stops: ${strict?.message ?? 'did not fail'}`,
		];
	},
});
