/**
 * Issue 18: no default of any Scheduler write operation removes or changes something the user did
 * not name. Each write operation runs with only what it requires (every other parameter at its
 * default) against the emulator; afterwards every schedule and blockout the user did not name is
 * exactly as before, and Update Blockout (which the server performs as a whole replacement) sends
 * nothing unless the user confirms the replacement.
 */
import type { INodeParameters, INodeProperties } from 'n8n-workflow';

import type { SchedulerState } from '../../emulator/areas/scheduler';
import { DataflowScheduler } from '../../nodes/Scheduler/DataflowScheduler.node';
import { run } from '../harness';
import { useEmulator } from '../helpers/emulator';
import { describeEachProfile } from '../helpers/profiles';

const node = new DataflowScheduler();
const rl = (value: string) => ({ __rl: true, mode: 'id', value });

/** Every operation of the node that writes (anything that is not a read or a check). */
function writeOperations(): string[] {
	return node.description.properties
		.filter((p: INodeProperties) => p.name === 'operation')
		.flatMap((p) => (p.options ?? []).map((o) => `${p.displayOptions?.show?.resource?.[0]}.${(o as { value: string }).value}`))
		.filter((key) => !/\.(get\w*|is\w+|has\w+|can\w+|should\w+|willFire)$/.test(key))
		.sort();
}

it('the write operations are the ones covered below', () => {
	expect(writeOperations()).toEqual([
		'blockout.create',
		'blockout.update',
		'schedule.create',
		'schedule.pause',
		'schedule.remove',
		'schedule.resume',
		'scheduler.pause',
		'scheduler.resume',
	]);
});

describeEachProfile('no default of a Scheduler write operation touches what the user did not name', (profile) => {
	const fixture = useEmulator({ profile });
	const state = () => fixture.emulator.app.state.scheduler as SchedulerState;
	/** Every job and blockout as the emulator holds it (its data; the compiled trigger functions left out), except the one named. */
	const others = (named?: string) => [...state().jobs.values()].filter((job) => job.jobId !== named).map((job) => JSON.parse(JSON.stringify(job)) as unknown);
	const exec = async (parameters: Record<string, unknown>) => await run(node, { parameters: parameters as INodeParameters, credentials: { dataflowServerApi: fixture.server() } });
	const firstOf = (blockout: boolean) => [...state().jobs.values()].find((job) => job.blockout === blockout)!.jobId;

	it('Update Blockout with its defaults sends nothing and says why; the blockout is as it was', async () => {
		const blockoutId = firstOf(true);
		const before = others();
		fixture.resetRequests();
		const result = await exec({ resource: 'blockout', operation: 'update', jobId: rl(blockoutId) });
		expect(result.error?.message).toMatch(/replaces the whole blockout.*"Replace the Whole Blockout".*Nothing was sent/);
		expect(fixture.requests()).toEqual([]);
		expect(others()).toEqual(before);
	});

	it('Update Blockout, confirmed, replaces only the named blockout', async () => {
		const blockoutId = firstOf(true);
		const before = others(blockoutId);
		const result = await exec({ resource: 'blockout', operation: 'update', jobId: rl(blockoutId), replaceBlockout: true, options: { startTime: '2031-01-06T08:00:00', timeZone: 'UTC' } });
		expect(result.error).toBeUndefined();
		const replacement = result.items[0].json.jobId as string;
		expect(others(replacement)).toEqual(before);
	});

	it.each([
		['schedule.pause', { resource: 'schedule', operation: 'pause' }],
		['schedule.resume', { resource: 'schedule', operation: 'resume' }],
		['schedule.remove', { resource: 'schedule', operation: 'remove' }],
	])('%s with its defaults changes only the named schedule', async (_key, parameters) => {
		const jobId = firstOf(false);
		const before = others(jobId);
		const result = await exec({ ...parameters, jobId: rl(jobId) });
		expect(result.error).toBeUndefined();
		expect(others(jobId)).toEqual(before);
	});

	it.each([
		['schedule.pause', { resource: 'schedule', operation: 'pause' }],
		['schedule.remove', { resource: 'schedule', operation: 'remove' }],
	])('%s without a job ID refuses before any request (no default matches every job)', async (_key, parameters) => {
		const before = others();
		fixture.resetRequests();
		// An empty ID (n8n itself refuses the field left empty; an expression can still come out empty).
		const result = await exec({ ...parameters, jobId: rl('={{ " " }}') });
		expect(result.error?.message).toMatch(/job ID/i);
		expect(fixture.requests()).toEqual([]);
		expect(others()).toEqual(before);
	});

	it.each([
		['schedule.create', { resource: 'schedule', operation: 'create', jobName: 'Added', inputFile: '/home/admin/sales.ktr', options: { outputFolder: '/home/admin' } }],
		['blockout.create', { resource: 'blockout', operation: 'create' }],
	])('%s with its defaults only adds', async (_key, parameters) => {
		const before = others();
		const result = await exec(parameters);
		expect(result.error).toBeUndefined();
		expect(others(result.items[0].json.jobId as string)).toEqual(before);
	});

	it.each([
		['scheduler.pause', { resource: 'scheduler', operation: 'pause' }],
		['scheduler.resume', { resource: 'scheduler', operation: 'resume' }],
	])('%s (the operation names the whole scheduler) leaves every schedule and blockout as it was', async (_key, parameters) => {
		const before = others();
		const result = await exec(parameters);
		expect(result.error).toBeUndefined();
		expect(others()).toEqual(before);
	});
});
