/**
 * The 10.2 service-pack builds on either side of the boundaries the tags' history placed (issue 28): the
 * emulator plays the same line at another build (`build`), and the node must schedule what the user asked
 * on each. Boundaries (docs/real-servers/scheduler.md): the 10.3 scheduler from 10.2.0.2-270 (31e88a17),
 * the "minute 0" defect until 10.2.0.6-362 (d60dee34), the "timezone" parameter a no-op from 10.2.0.1-241
 * (e381752e) until the 10.3 scheduler reads the request's zone.
 */
import { fireTimes, type Trigger } from '../../emulator/areas/scheduler/triggers';
import { DataflowScheduler } from '../../nodes/Scheduler/DataflowScheduler.node';
import { run } from '../harness';
import { useEmulator } from '../helpers/emulator';

const node = new DataflowScheduler();

function utc(instant: number): string {
	const date = new Date(instant);
	return `${['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][date.getUTCDay()]} ${date.toISOString().slice(11, 16)}`;
}

describe.each(['10.2.0.1-255', '10.2.0.2-267', '10.2.0.2-270', '10.2.0.5-350', '10.2.0.6-362', '10.2.0.10-434'])('server build %s', (build) => {
	const fixture = useEmulator({ profile: '10.2sp', build, serverTimeZone: 'UTC', seed: { scheduler: { schedules: [], blockouts: [], contentCleaner: false } } });
	const jobs = () => (fixture.emulator.app.state.scheduler as { jobs: Map<string, { trigger: Trigger }> }).jobs;

	it.each([
		['09:00', 'weekly', { daysOfWeek: [1] }],
		['09:30', 'weekly', { daysOfWeek: [1] }],
		['09:30', 'monthly on the last Friday', { triggerType: 'monthly', monthlyOn: 'weekdayOfMonth', weekOfMonth: 4, weekday: 5 }],
	])('a schedule at %s (%s) runs at that time only', async (time, _kind, fields) => {
		const created = await run(node, {
			parameters: {
				resource: 'schedule',
				operation: 'create',
				jobName: `sp ${time}`,
				inputFile: '/home/admin/sales.ktr',
				triggerType: 'weekly',
				...fields,
				options: { startTime: `2027-03-01T${time}:00`, timeZone: 'UTC' },
			} as never,
			credentials: { dataflowServerApi: fixture.server() },
		});
		expect(created.error?.message).toBeUndefined();
		const fires = fireTimes(jobs().get(String(created.items[0].json.jobId))!.trigger, Date.parse('2027-03-01T00:00:00Z'), 3).map(utc);
		expect(new Set(fires.map((f) => f.slice(4)))).toEqual(new Set([time]));
		expect(new Set(fires.map((f) => f.slice(0, 3)))).toEqual(new Set(['weekly' in fields || 'daysOfWeek' in fields ? 'Mon' : 'Fri']));
	});

	it('a calendar schedule in another zone than the server\'s runs in that zone, or is refused where the server cannot', async () => {
		const created = await run(node, {
			parameters: { resource: 'schedule', operation: 'create', jobName: 'sp zone', inputFile: '/home/admin/sales.ktr', triggerType: 'weekly', daysOfWeek: [1], options: { startTime: '2027-03-01T09:00:00', timeZone: 'Europe/Berlin' } } as never,
			credentials: { dataflowServerApi: fixture.server() },
		});
		if (build === '10.2.0.1-255' || build === '10.2.0.2-267') {
			expect(created.error?.message).toMatch(/runs weekly schedules in its own time zone UTC and ignores the schedule's zone Europe\/Berlin/);
			return;
		}
		expect(created.error?.message).toBeUndefined();
		const fires = fireTimes(jobs().get(String(created.items[0].json.jobId))!.trigger, Date.parse('2027-03-01T00:00:00Z'), 2);
		// 09:00 in Berlin is 08:00 UTC in winter.
		expect(fires.map(utc)).toEqual(['Mon 08:00', 'Mon 08:00']);
	});
});
