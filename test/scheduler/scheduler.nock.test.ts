/**
 * The exact requests of the Scheduler resource (status, pause, resume, may schedule) under both
 * scheduler paths; and the node-wide promise that bad input fails before any request.
 */
import nock from 'nock';

import { run, serverCredentials } from '../harness';
import { HOST, BASE, node, JOB_ID, TEXT, JSON_TYPE, rl, mockPlatform, useSchedulerNock, pathSetup, SCHEDULER_PATHS } from './nockHelpers';

useSchedulerNock();

describe.each(SCHEDULER_PATHS)('Scheduler node with scheduler path %s', (schedulerPath) => {
	const { prefix, exec, textServer, jsonServer } = pathSetup(schedulerPath);

	describe('Scheduler', () => {
		it.each([
			['pause', 'POST', 'pause', 'PAUSED'],
			['resume', 'POST', 'start', 'RUNNING'],
			['getStatus', 'GET', 'state', 'RUNNING'],
		] as const)('%s sends %s %s and returns the status', async (operation, method, endpoint, answer) => {
			const scope = textServer().intercept(`${prefix}/${endpoint}`, method).reply(200, answer, TEXT);
			const result = await exec({ resource: 'scheduler', operation });
			scope.done();
			expect(result.items.map((i) => i.json)).toEqual([{ status: answer }]);
		});

		it('Can Schedule asks canSchedule for JSON and answers {"canSchedule": true}', async () => {
			const scope = jsonServer().get(`${prefix}/canSchedule`).reply(200, 'true', JSON_TYPE);
			const result = await exec({ resource: 'scheduler', operation: 'canSchedule' });
			scope.done();
			expect(result.items.map((i) => i.json)).toEqual([{ canSchedule: true }]);
		});

		it('a yes/no answer that is neither true nor false is an error naming it', async () => {
			jsonServer().get(`${prefix}/canSchedule`).reply(200, '"maybe"', JSON_TYPE);
			const result = await exec({ resource: 'scheduler', operation: 'canSchedule' });
			expect(result.error?.message).toMatch(/answered "maybe" where "true" or "false" was expected/);
		});
	});
});

describe('Scheduler node: bad input fails before any request', () => {
	const credentials = { dataflowServerApi: serverCredentials(BASE) };
	let anyRequest: nock.Scope;
	beforeEach(() => {
		anyRequest = nock(HOST).persist().intercept(/.*/, 'POST').reply(200, 'x').intercept(/.*/, 'GET').reply(200, 'x').intercept(/.*/, 'PUT').reply(200, 'x');
	});

	const schedule = { resource: 'schedule', operation: 'create', jobName: 'x', inputFile: '/home/admin/sales.ktr', options: { timeZone: 'UTC' } };

	it.each([
		['an end time before the start', { ...schedule, triggerType: 'hours', interval: 1, options: { timeZone: 'UTC', startTime: '2026-01-15T09:00:00', endTime: '2026-01-14T09:00:00' } }, /end time .* is not after the start time/],
		// Empty values typed in the UI are refused by n8n itself (required parameters); expressions reach the node.
		['Weekly without days', { ...schedule, triggerType: 'weekly', daysOfWeek: '={{ [] }}' }, /at least one day of the week/],
		['an invalid cron expression', { ...schedule, triggerType: 'cron', cronExpression: '0 0 25 * * ?' }, /cron expression "0 0 25 \* \* \?" is not valid: 25 is outside 0–23/],
		['an unknown time zone', { ...schedule, triggerType: 'runOnce', options: { timeZone: 'Nowhere/City' } }, /time zone "Nowhere\/City" is not known/],
		['an input file that is not a path', { ...schedule, triggerType: 'runOnce', inputFile: 'sales.ktr' }, /must start with "\/"/],
		['a missing job id', { resource: 'schedule', operation: 'pause', jobId: rl('={{ "" }}') }, /No job ID given/],
		['a missing blockout id', { resource: 'blockout', operation: 'update', jobId: rl('={{ " " }}', 'list'), triggerType: 'runOnce', durationAmount: 1, durationUnit: 'hours' }, /No job ID given/],
		['invalid JSON', { ...schedule, scheduleMode: 'json', scheduleJson: '{"jobName": ' }, /not valid JSON/],
		['an empty file id', { resource: 'schedule', operation: 'isAllowed', fileId: ' ' }, /No file ID given/],
		['a lineage ID that is a path', { resource: 'schedule', operation: 'getGeneratedContent', contentBy: 'lineageId', lineageId: '/home//x' }, /is a repository path, not a lineage ID/],
	])('%s', async (_name, parameters, message) => {
		const result = await run(node, { parameters, credentials });
		expect(result.error?.message).toMatch(message);
		expect(anyRequest.isDone()).toBe(false);
	});

	it('with Continue On Fail the bad item becomes an error item paired to it, and the good item still runs', async () => {
		nock.cleanAll();
		mockPlatform();
		let sent = 0;
		const scope = nock(HOST)
			.post('/pentaho/api/scheduler/job', () => (sent++, true))
			.reply(200, 'admin\tGood\t1', TEXT);
		const result = await run(node, {
			parameters: {
				resource: 'schedule',
				operation: 'create',
				jobName: '={{ $json.name }}',
				inputFile: '/home/admin/sales.ktr',
				triggerType: 'cron',
				cronExpression: '={{ $json.cron }}',
				options: { startTime: '2026-01-15T09:30:00', timeZone: 'UTC' },
			},
			credentials,
			continueOnFail: true,
			input: [{ json: { name: 'Good', cron: '0 30 9 * * ?' } }, { json: { name: 'Bad', cron: '0 30 9 * *' } }],
		});
		expect(result.error).toBeUndefined();
		scope.done();
		expect(sent).toBe(1);
		expect(result.items).toHaveLength(2);
		expect(result.items[0]).toMatchObject({ json: { jobId: 'admin\tGood\t1' }, pairedItem: { item: 0 } });
		expect(result.items[1].pairedItem).toEqual({ item: 1 });
		expect(result.items[1].json.error).toMatch(/cron expression "0 30 9 \* \*" is not valid/);
	});

	it('with Continue On Fail a missing job id is an error item paired to its input', async () => {
		nock.cleanAll();
		const scope = nock(HOST).post('/pentaho/api/scheduler/jobState', { jobId: JOB_ID }).reply(200, 'NORMAL', TEXT);
		const result = await run(node, {
			parameters: { resource: 'schedule', operation: 'getState', jobId: rl('={{ $json.id }}') },
			credentials,
			continueOnFail: true,
			input: [{ json: { id: '' } }, { json: { id: JOB_ID } }],
		});
		scope.done();
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(result.items[0].json.error).toMatch(/No job ID given/);
		expect(result.items[1].json).toEqual({ jobId: JOB_ID, state: 'NORMAL' });
	});
});
