/**
 * The Scheduler resource against the emulator: the scheduler's own pause and resume, and a non-
 * administrator who may not schedule.
 */
import { useEmulator } from '../helpers/emulator';
import { describeEachProfile } from '../helpers/profiles';
import { PATHS, pathHelpers } from './emulatorHelpers';

// The same sequences and the same output shapes on every server version (emulator profiles).
describeEachProfile('Scheduler node against the emulator', (profile) => {
const fixture = useEmulator({ profile, seed: { scheduler: { blockouts: [] } } });
describe.each(PATHS)('scheduler path %s', (schedulerPath) => {
	const { exec } = pathHelpers(fixture, schedulerPath);

	it('scheduler pause reports PAUSED, Get Status agrees, Resume runs it again', async () => {
		expect((await exec({ resource: 'scheduler', operation: 'pause' })).items[0].json).toEqual({ status: 'PAUSED' });
		expect((await exec({ resource: 'scheduler', operation: 'getStatus' })).items[0].json).toEqual({ status: 'PAUSED' });
		expect((await exec({ resource: 'scheduler', operation: 'resume' })).items[0].json).toEqual({ status: 'RUNNING' });
	});

	it('a non-administrator cannot schedule: Can Schedule false, Create refused with an explanation', async () => {
		expect((await exec({ resource: 'scheduler', operation: 'canSchedule' })).items[0].json).toEqual({ canSchedule: true });
		expect((await exec({ resource: 'scheduler', operation: 'canSchedule' }, 'suzy')).items[0].json).toEqual({ canSchedule: false });
		const refused = await exec(
			{ resource: 'schedule', operation: 'create', jobName: 'x', inputFile: '/home/suzy/notes.txt', triggerType: 'runOnce', options: { timeZone: 'UTC' } },
			'suzy',
		);
		expect(refused.error?.message).toMatch(/refused to create the schedule \(401\)/);
		const blockout = await exec(
			{ resource: 'blockout', operation: 'create', triggerType: 'runOnce', options: { timeZone: 'UTC' }, durationAmount: 1, durationUnit: 'hours' },
			'analyst',
		);
		expect(blockout.error?.message).toMatch(/refused to create the blockout \(401\)/);
	});
});
});
