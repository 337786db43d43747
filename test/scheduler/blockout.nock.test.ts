/**
 * The exact requests of the Scheduler's Blockout operations under both scheduler paths, and the items
 * that come out.
 */
import { TEXT, JSON_TYPE, SERVER_JOB, rl, useSchedulerNock, pathSetup, SCHEDULER_PATHS } from './nockHelpers';

useSchedulerNock();

describe.each(SCHEDULER_PATHS)('Scheduler node with scheduler path %s', (schedulerPath) => {
	const { prefix, exec, textServer, jsonServer } = pathSetup(schedulerPath);

	describe('Blockout', () => {
		const blockoutParameters = {
			triggerType: 'weekly',
			daysOfWeek: [0],
			options: { startTime: '2026-01-18T01:00:00', timeZone: 'UTC' },
			durationAmount: 2,
			durationUnit: 'hours',
		};
		const blockoutRequest = {
			complexJobTrigger: {
				uiPassParam: 'WEEKLY',
				daysOfWeek: [0],
				startHour: 1,
				startMin: 0,
				startYear: 126,
				startMonth: 0,
				startDay: 18,
				duration: 7_200_000,
			},
			timeZone: 'UTC',
			duration: 7_200_000,
		};

		it('Create posts the blockout request (duration in ms) to blockout/add', async () => {
			const scope = textServer().matchHeader('content-type', 'application/json').post(`${prefix}/blockout/add`, blockoutRequest).reply(200, 'admin\tBlockoutAction\t5', TEXT);
			const result = await exec({ resource: 'blockout', operation: 'create', ...blockoutParameters });
			expect(result.error).toBeUndefined();
			scope.done();
			expect(result.items.map((i) => i.json)).toMatchObject([{ jobId: 'admin\tBlockoutAction\t5', scheduleRequest: blockoutRequest, schedule: { timeZone: 'UTC' } }]);
		});

		it('Create explains the 401 the server answers for any blockout error', async () => {
			textServer().post(`${prefix}/blockout/add`).times(2).reply(401, ''); // n8n retries a 401 once
			const result = await exec({ resource: 'blockout', operation: 'create', ...blockoutParameters });
			expect(result.error?.message).toMatch(/refused to create the blockout \(401\)\. It answers 401 for any error here/);
		});

		it('Update posts to blockout/update with jobid (tab as %09) and returns the new id', async () => {
			let uri = '';
			let body: unknown;
			textServer()
				.post((u) => ((uri = u), u.startsWith(`${prefix}/blockout/update`)), (b) => ((body = b), true))
				.reply(200, 'admin\tBlockoutAction\t6', TEXT);
			const result = await exec({ resource: 'blockout', operation: 'update', jobId: rl('admin\tBlockoutAction\t5', 'list'), replaceBlockout: true, ...blockoutParameters });
			expect(result.error).toBeUndefined();
			expect(uri).toBe(`${prefix}/blockout/update?jobid=admin%09BlockoutAction%095`);
			expect(body).toEqual(blockoutRequest);
			expect(result.items.map((i) => i.json)).toMatchObject([
				{ jobId: 'admin\tBlockoutAction\t6', previousJobId: 'admin\tBlockoutAction\t5', scheduleRequest: blockoutRequest },
			]);
		});

		it('Get Many lists blockout/blockoutjobs, one item per blockout', async () => {
			const blockout = { ...SERVER_JOB, jobId: 'admin\tBlockoutAction\t5', jobName: 'BlockoutAction', jobParams: { jobParams: [{ name: 'DURATION_PARAM', value: '7200000' }] } };
			jsonServer().get(`${prefix}/blockout/blockoutjobs`).reply(200, { job: [blockout, { ...blockout, jobId: 'admin\tBlockoutAction\t7' }] }, JSON_TYPE);
			const result = await exec({ resource: 'blockout', operation: 'getMany', returnAll: true });
			expect(result.items.map((i) => i.json.jobId)).toEqual(['admin\tBlockoutAction\t5', 'admin\tBlockoutAction\t7']);
			expect(result.items[0].json.jobParams).toEqual({ DURATION_PARAM: '7200000' });
		});

		it.each([
			['hasBlockouts', 'blockout/hasblockouts', 'true', { hasBlockouts: true }],
			['shouldFireNow', 'blockout/shouldFireNow', 'false', { shouldFireNow: false }],
		] as const)('%s asks GET %s and answers a boolean', async (operation, endpoint, answer, output) => {
			const scope = textServer().get(`${prefix}/${endpoint}`).reply(200, answer, TEXT);
			const result = await exec({ resource: 'blockout', operation });
			scope.done();
			expect(result.items.map((i) => i.json)).toEqual([output]);
		});

		const checkParameters = { triggerType: 'hours', interval: 1, options: { startTime: '2026-01-18T00:30:00', timeZone: 'UTC' } };
		const checkRequest = {
			simpleJobTrigger: { uiPassParam: 'HOURS', repeatInterval: 3600, startHour: 0, startMin: 30, startYear: 126, startMonth: 0, startDay: 18 },
			timeZone: 'UTC',
		};

		it('Will Fire posts the schedule to check to blockout/willFire', async () => {
			const scope = textServer().matchHeader('content-type', 'application/json').post(`${prefix}/blockout/willFire`, checkRequest).reply(200, 'true', TEXT);
			const result = await exec({ resource: 'blockout', operation: 'willFire', ...checkParameters });
			scope.done();
			expect(result.items.map((i) => i.json)).toMatchObject([{ willFire: true, schedule: { start: '2026-01-18T00:30:00.000Z' } }]);
		});

		it('Get Block Status posts to blockout/blockstatus and types the answer (strings from older servers too)', async () => {
			const scope = jsonServer()
				.matchHeader('content-type', 'application/json')
				.post(`${prefix}/blockout/blockstatus`, checkRequest)
				.reply(200, { totallyBlocked: 'false', partiallyBlocked: 'true' }, JSON_TYPE);
			const result = await exec({ resource: 'blockout', operation: 'getBlockStatus', ...checkParameters });
			scope.done();
			expect(result.items.map((i) => i.json)).toMatchObject([{ totallyBlocked: false, partiallyBlocked: true }]);
		});
	});
});
