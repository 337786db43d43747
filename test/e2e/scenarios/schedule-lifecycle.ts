/**
 * Scenario 2, examples/02-schedule-lifecycle.json: a weekly schedule for a repository file is
 * created, found in the list by the id it got, paused, read back as PAUSED, removed, and is gone:
 * from the workflow's last listing and from the emulator's scheduler afterwards.
 */
import assert from 'node:assert/strict';

import { count, defineScenario, type ScenarioRun } from '../lib/scenario';

const NAME = 'Weekly load (n8n example)';
const INPUT = '/public/etl/daily_load.kjb';
const API = '/pentaho/api/scheduler';

/** A date as "Mon 06:30" in Berlin time. */
function berlin(iso: string): string {
	const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(iso));
	const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
	return `${part('weekday')} ${part('hour')}:${part('minute')}`;
}

/** The scheduler requests of the run, in order, as "METHOD endpoint". */
function schedulerCalls(run: ScenarioRun): string[] {
	return run
		.requests()
		.filter((r) => r.path.startsWith(`${API}/`))
		.map((r) => `${r.method} ${r.path.slice(API.length + 1)}`);
}

export default defineScenario({
	title: 'Schedule lifecycle: create weekly, find it, pause, PAUSED, remove, gone',
	expect: { status: 'success' },

	async after(run) {
		const answer = await run.emulators.main.call('GET', '/api/scheduler/getJobs', { headers: { accept: 'application/json' } });
		run.facts.jobsAfter = answer.status === 200 ? answer.text() : `HTTP ${answer.status}`;
	},

	check(run) {
		const [created] = run.expectItems('Create Weekly Schedule', 1);
		const jobId = String(created.jobId);
		assert.match(jobId, /^admin\tWeekly load \(n8n example\)\t[0-9a-f-]{36}$/, 'the server returns the id user<TAB>name<TAB>UUID');
		assert.equal(created.scheduleRequest.inputFile, INPUT);
		assert.deepEqual(
			created.scheduleRequest.complexJobTrigger,
			// 10.3+ (the emulator's default profile) reads the start fields, the year as years since 1900.
			{ uiPassParam: 'WEEKLY', daysOfWeek: [1, 4], startHour: 6, startMin: 30, startYear: 126, startMonth: 0, startDay: 5 },
			'a weekly complexJobTrigger on Monday and Thursday at 06:30 Berlin time',
		);

		const listed = run.items('Find in List');
		assert.ok(listed.length >= 2, 'Find in List shows every schedule of the file (the seeded Hourly ETL and the new one)');
		assert.ok(listed.every((job) => job.inputFile === INPUT), 'Find in List keeps the schedules of the input file only');
		const [kept] = run.expectItems('Keep the New Schedule', 1);
		assert.deepEqual(
			{ jobId: kept.jobId, jobName: kept.jobName, state: kept.state, type: kept.jobTrigger?.type, uiPassParam: kept.jobTrigger?.uiPassParam },
			{ jobId, jobName: NAME, state: 'NORMAL', type: 'complex', uiPassParam: 'WEEKLY' },
		);
		assert.match(berlin(String(kept.nextRun)), /^(Mon|Thu) 06:30$/, `the next run is a Monday or Thursday at 06:30 in Berlin: ${kept.nextRun}`);
		assert.ok(Date.parse(String(kept.nextRun)) > Date.now() - 60_000 && Date.parse(String(kept.nextRun)) < Date.now() + 8 * 86_400_000, 'the next run is within the coming week');

		assert.deepEqual(run.expectItems('Pause', 1)[0], { jobId, state: 'PAUSED' });
		assert.deepEqual(run.expectItems('Get State', 1)[0], { jobId, state: 'PAUSED' }, 'the server reports the schedule PAUSED');
		assert.equal(run.ran('Not Paused'), false, 'the If node let the paused schedule through');
		assert.deepEqual(run.expectItems('Remove', 1)[0], { jobId, deleted: true, state: 'REMOVED' });
		run.expectItems('Check It Is Gone', 0);

		// The server saw exactly this sequence, each call with the created id.
		assert.deepEqual(schedulerCalls(run), ['POST job', 'GET getJobs', 'POST pauseJob', 'POST jobState', 'PUT removeJob', 'GET getJobs']);
		const jobs = JSON.parse(String(run.facts.jobsAfter)) as unknown;
		assert.ok(!JSON.stringify(jobs).includes(NAME), `the emulator no longer has the schedule: ${String(run.facts.jobsAfter).slice(0, 300)}`);
	},

	account(run) {
		const [created] = run.items('Create Weekly Schedule');
		const [kept] = run.items('Keep the New Schedule');
		const [state] = run.items('Get State');
		const [removed] = run.items('Remove');
		const id = String(created.jobId).replace(/\t/g, '⇥');
		return [
			`Create Weekly Schedule → ${id} (${created.scheduleRequest.complexJobTrigger.uiPassParam}, days ${created.scheduleRequest.complexJobTrigger.daysOfWeek.join(', ')} at 06:30 Europe/Berlin)`,
			`Find in List → ${count(run.items('Find in List').length, 'schedule')} of ${INPUT}; Keep the New Schedule → ${kept.jobName}, next run ${berlin(String(kept.nextRun))} Berlin time`,
			`Pause → Get State → ${state.state}`,
			`Remove → deleted: ${removed.deleted}; Check It Is Gone → ${count(run.items('Check It Is Gone').length, 'schedule')} named "${NAME}"`,
		];
	},
});
