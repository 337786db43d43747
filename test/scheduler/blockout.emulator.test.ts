/**
 * The Scheduler's Blockout operations against the emulator: create, update, will fire, should fire
 * now, block status.
 */
import { useEmulator } from '../helpers/emulator';
import { describeEachProfile } from '../helpers/profiles';
import { HOUR, rl, PATHS, pathHelpers } from './emulatorHelpers';

// The same sequences and the same output shapes on every server version (emulator profiles).
describeEachProfile('Scheduler node against the emulator', (profile) => {
const fixture = useEmulator({ profile, seed: { scheduler: { blockouts: [] } } });
describe.each(PATHS)('scheduler path %s', (schedulerPath) => {
	const { exec } = pathHelpers(fixture, schedulerPath);

	it('blockout create → update → will fire / should fire now / block status', async () => {
		const now = Date.now();
		const iso = (t: number) => new Date(t).toISOString();
		const created = await exec({
			resource: 'blockout',
			operation: 'create',
			triggerType: 'runOnce',
			options: { startTime: iso(now - 60_000), timeZone: 'UTC' },
			durationAmount: 1,
			durationUnit: 'hours',
		});
		expect(created.error).toBeUndefined();
		const first = created.items[0].json.jobId as string;
		expect(first).toMatch(/^admin\tBlockoutAction\t[0-9a-f-]{36}$/);
		expect((await exec({ resource: 'blockout', operation: 'hasBlockouts' })).items[0].json).toEqual({ hasBlockouts: true });
		expect((await exec({ resource: 'blockout', operation: 'shouldFireNow' })).items[0].json).toEqual({ shouldFireNow: false });

		const updated = await exec({
			resource: 'blockout',
			operation: 'update',
			jobId: rl(first),
			replaceBlockout: true,
			triggerType: 'runOnce',
			options: { startTime: iso(now + 3 * HOUR), timeZone: 'UTC' },
			durationAmount: 30,
			durationUnit: 'minutes',
		});
		expect(updated.error).toBeUndefined();
		const second = updated.items[0].json.jobId as string;
		expect(updated.items[0].json.previousJobId).toBe(first);
		expect(second).not.toBe(first);
		const list = await exec({ resource: 'blockout', operation: 'getMany', returnAll: true });
		expect(list.items.map((i) => i.json.jobId)).toEqual([second]);
		expect(list.items[0].json.jobParams).toMatchObject({ DURATION_PARAM: '1800000' });

		expect((await exec({ resource: 'blockout', operation: 'shouldFireNow' })).items[0].json).toEqual({ shouldFireNow: true });
		const check = (start: number) => ({ triggerType: 'runOnce', options: { startTime: iso(start), timeZone: 'UTC' } });
		expect((await exec({ resource: 'blockout', operation: 'willFire', ...check(now + 3 * HOUR + 10 * 60_000) })).items[0].json).toMatchObject({ willFire: false });
		expect((await exec({ resource: 'blockout', operation: 'willFire', ...check(now + HOUR) })).items[0].json).toMatchObject({ willFire: true });
		expect((await exec({ resource: 'blockout', operation: 'getBlockStatus', ...check(now + 3 * HOUR + 60_000) })).items[0].json).toMatchObject({
			totallyBlocked: true,
			partiallyBlocked: true,
		});
		expect(
			(await exec({ resource: 'blockout', operation: 'getBlockStatus', triggerType: 'minutes', interval: 20, options: { startTime: iso(now + 2 * HOUR + 50 * 60_000), timeZone: 'UTC' } }))
				.items[0].json,
		).toMatchObject({ totallyBlocked: false, partiallyBlocked: true });

		await exec({ resource: 'schedule', operation: 'remove', jobId: rl(second) });
		expect((await exec({ resource: 'blockout', operation: 'hasBlockouts' })).items[0].json).toEqual({ hasBlockouts: false });
	});
});
});
