/**
 * Every schedule kind of the builder, created through the node on every server version, with the
 * server running in UTC and the schedule in Europe/Berlin: the first fire times the emulator
 * computes the way the real server does (see emulator/areas/scheduler/triggers.ts: Quartz rules,
 * java.util.Date years, each version's reading of the dates and zones) are the times the user
 * meant, in Berlin. The start lies two days before clocks go forward (28 March 2027), so daily
 * schedules show that runs stay at 09:30 Berlin time across the change.
 *
 * With FIRE_TIMES_OUT=<file> the table of what was asserted is written there (for the report).
 */
import { writeFileSync } from 'node:fs';

import type { INodeParameters } from 'n8n-workflow';

import { fireTimes, type Trigger } from '../../emulator/areas/scheduler/triggers';
import { DataflowScheduler } from '../../nodes/Scheduler/DataflowScheduler.node';
import { run } from '../harness';
import { useEmulator } from '../helpers/emulator';
import { describeEachProfile } from '../helpers/profiles';

const node = new DataflowScheduler();
const ZONE = 'Europe/Berlin';
const START = '2027-03-26T09:30:00'; // a Friday, in Berlin

function berlin(iso: string): string {
	const parts = new Intl.DateTimeFormat('en-CA', {
		timeZone: ZONE,
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		weekday: 'short',
		hour: '2-digit',
		minute: '2-digit',
		second: '2-digit',
		hourCycle: 'h23',
	}).formatToParts(new Date(iso));
	const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
	const seconds = get('second') === '00' ? '' : `:${get('second')}`;
	return `${get('weekday')} ${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}${seconds}`;
}

interface Case {
	kind: string;
	parameters: INodeParameters;
	/** The first fire times in Berlin wall-clock time ("Fri 2027-03-26 09:30"); fewer when the schedule ends. */
	expected: string[];
}

const CASES: Case[] = [
	{ kind: 'Run once', parameters: { triggerType: 'runOnce' }, expected: ['Fri 2027-03-26 09:30'] },
	{
		kind: 'Every 5 seconds',
		parameters: { triggerType: 'seconds', interval: 5 },
		expected: ['Fri 2027-03-26 09:30', 'Fri 2027-03-26 09:30:05', 'Fri 2027-03-26 09:30:10'],
	},
	{
		kind: 'Every 30 minutes',
		parameters: { triggerType: 'minutes', interval: 30 },
		expected: ['Fri 2027-03-26 09:30', 'Fri 2027-03-26 10:00', 'Fri 2027-03-26 10:30'],
	},
	{
		kind: 'Every 2 hours',
		parameters: { triggerType: 'hours', interval: 2 },
		expected: ['Fri 2027-03-26 09:30', 'Fri 2027-03-26 11:30', 'Fri 2027-03-26 13:30'],
	},
	{
		kind: 'Every hour, end 11:30',
		parameters: { triggerType: 'hours', interval: 1, options: { endTime: '2027-03-26T11:30:00' } },
		expected: ['Fri 2027-03-26 09:30', 'Fri 2027-03-26 10:30', 'Fri 2027-03-26 11:30'],
	},
	{
		kind: 'Every 30 minutes, repeat count 1',
		parameters: { triggerType: 'minutes', interval: 30, options: { repeatCount: 1 } },
		expected: ['Fri 2027-03-26 09:30', 'Fri 2027-03-26 10:00'],
	},
	{
		kind: 'Daily, every day (across the DST change)',
		parameters: { triggerType: 'daily', dailyRecurrence: 'everyDay' },
		expected: ['Fri 2027-03-26 09:30', 'Sat 2027-03-27 09:30', 'Sun 2027-03-28 09:30'],
	},
	{
		kind: 'Daily, weekdays',
		parameters: { triggerType: 'daily', dailyRecurrence: 'weekdays' },
		expected: ['Fri 2027-03-26 09:30', 'Mon 2027-03-29 09:30', 'Tue 2027-03-30 09:30'],
	},
	{
		kind: 'Daily at 00:30, weekdays (another date in UTC)',
		parameters: { triggerType: 'daily', dailyRecurrence: 'weekdays', options: { startTime: '2027-03-26T00:30:00' } },
		expected: ['Fri 2027-03-26 00:30', 'Mon 2027-03-29 00:30', 'Tue 2027-03-30 00:30'],
	},
	{
		kind: 'Weekly, Monday and Wednesday',
		parameters: { triggerType: 'weekly', daysOfWeek: [1, 3] },
		expected: ['Mon 2027-03-29 09:30', 'Wed 2027-03-31 09:30', 'Mon 2027-04-05 09:30'],
	},
	{
		kind: 'Monthly, day 15',
		parameters: { triggerType: 'monthly', monthlyOn: 'dayOfMonth', dayOfMonth: 15 },
		expected: ['Thu 2027-04-15 09:30', 'Sat 2027-05-15 09:30', 'Tue 2027-06-15 09:30'],
	},
	{
		kind: 'Monthly, last Friday',
		parameters: { triggerType: 'monthly', monthlyOn: 'weekdayOfMonth', weekOfMonth: 4, weekday: 5 },
		expected: ['Fri 2027-03-26 09:30', 'Fri 2027-04-30 09:30', 'Fri 2027-05-28 09:30'],
	},
	{
		kind: 'Cron 0 0 9 ? * MON-FRI (day names)',
		parameters: { triggerType: 'cron', cronExpression: '0 0 9 ? * MON-FRI' },
		expected: ['Mon 2027-03-29 09:00', 'Tue 2027-03-30 09:00', 'Wed 2027-03-31 09:00'],
	},
	{
		kind: 'Cron 0 0 9 1 JAN,APR,JUL,OCT ? (month names)',
		parameters: { triggerType: 'cron', cronExpression: '0 0 9 1 JAN,APR,JUL,OCT ?' },
		expected: ['Thu 2027-04-01 09:00', 'Thu 2027-07-01 09:00', 'Fri 2027-10-01 09:00'],
	},
	{
		kind: 'Cron 30 9 * * 1-5 (Unix, numbers)',
		parameters: { triggerType: 'cron', cronExpression: '30 9 * * 1-5' },
		expected: ['Fri 2027-03-26 09:30', 'Mon 2027-03-29 09:30', 'Tue 2027-03-30 09:30'],
	},
];

/** What each version does differently where the server's own rules cannot express the schedule. */
const KNOWN_DIFFERENCES: Record<string, Partial<Record<string, string[]>>> = {
	// 9.3/10.2 keep "every N days" as a fixed interval of N × 24 h (Quartz SimpleTrigger): an hour later after the change.
	'Daily, every 2 days': {
		'9.3': ['Fri 2027-03-26 09:30', 'Sun 2027-03-28 10:30', 'Tue 2027-03-30 10:30'],
		'10.2': ['Fri 2027-03-26 09:30', 'Sun 2027-03-28 10:30', 'Tue 2027-03-30 10:30'],
		// The 10.3 scheduler (a calendar interval), backported to 10.2.0.2-270+.
		'10.2sp': ['Fri 2027-03-26 09:30', 'Sun 2027-03-28 09:30', 'Tue 2027-03-30 09:30'],
		'11.0': ['Fri 2027-03-26 09:30', 'Sun 2027-03-28 09:30', 'Tue 2027-03-30 09:30'],
	},
};

const table: Record<string, Record<string, string[]>> = {};

describeEachProfile('fire times of every schedule kind, server in UTC, schedule in Europe/Berlin', (profile) => {
	const fixture = useEmulator({ profile, serverTimeZone: 'UTC', seed: { scheduler: { schedules: [], blockouts: [], contentCleaner: false } } });

	const cases: Case[] = [
		...CASES,
		...Object.entries(KNOWN_DIFFERENCES).map(([kind, byProfile]) => ({
			kind,
			parameters: { triggerType: 'daily', dailyRecurrence: 'everyNDays', dayInterval: 2 } as INodeParameters,
			expected: byProfile[profile] ?? [],
		})),
	];

	it.each(cases.map((c) => [c.kind, c] as const))('%s', async (_kind, testCase) => {
		const created = await run(node, {
			parameters: {
				resource: 'schedule',
				operation: 'create',
				jobName: testCase.kind,
				inputFile: '/home/admin/sales.ktr',
				...testCase.parameters,
				// Start and zone are options; a case's own options (end, repeat count, another start) are added to them.
				options: { startTime: START, timeZone: ZONE, ...((testCase.parameters.options as INodeParameters | undefined) ?? {}) },
			},
			credentials: { dataflowServerApi: fixture.server() },
		});
		expect(created.error?.message).toBeUndefined();
		const jobId = created.items[0].json.jobId as string;
		const job = (fixture.emulator.app.state.scheduler as { jobs: Map<string, { trigger: Trigger }> }).jobs.get(jobId);
		expect(job).toBeDefined();
		const fires = fireTimes(job!.trigger, fixture.emulator.app.now(), 3).map((t) => berlin(new Date(t).toISOString()));
		expect(fires).toEqual(testCase.expected);

		// The server's own answer agrees: nextRun is the first fire time.
		const got = await run(node, {
			parameters: { resource: 'schedule', operation: 'get', jobId: { __rl: true, mode: 'id', value: jobId } },
			credentials: { dataflowServerApi: fixture.server() },
		});
		expect(berlin(got.items[0].json.nextRun as string)).toBe(testCase.expected[0]);

		(table[testCase.kind] ??= {})[profile] = fires;
	});
});

afterAll(() => {
	if (process.env.FIRE_TIMES_OUT) writeFileSync(process.env.FIRE_TIMES_OUT, JSON.stringify(table, null, 2));
});
