/**
 * The exact requests of every Scheduler operation (method, path under both scheduler paths,
 * query, headers, body) and the items that come out.
 */
import type { INodeParameters } from 'n8n-workflow';
import nock from 'nock';

import { DataflowScheduler } from '../../nodes/Scheduler/DataflowScheduler.node';
import { run, SERVER_PASSWORD, serverCredentials } from '../harness';

const HOST = 'http://bi.test';
const BASE = `${HOST}/pentaho`;
const node = new DataflowScheduler();
const BASIC = `Basic ${Buffer.from(`admin:${SERVER_PASSWORD}`).toString('base64')}`;
const JOB_ID = 'admin\tDaily sales\t1712345678901';
const JOB_ID_QUERY = 'admin%09Daily%20sales%091712345678901';

const TEXT = { 'Content-Type': 'text/plain' };
const JSON_TYPE = { 'Content-Type': 'application/json' };

const SERVER_JOB = {
	jobId: JOB_ID,
	jobName: 'Daily sales',
	userName: 'admin',
	groupName: 'admin',
	state: 'NORMAL',
	nextRun: '2026-01-15T09:30:00.000+01:00',
	jobParams: {
		jobParams: [
			{ name: 'uiPassParam', value: 'DAILY' },
			{ name: 'ActionAdapterQuartzJob-StreamProvider-InputFile', value: '/home/admin/sales.ktr' },
		],
	},
	jobTrigger: { '@type': 'complexJobTrigger', uiPassParam: 'DAILY', startHour: '9', startMin: '30', duration: '-1' },
};

/** Get and Get Many: what the job is in words, nothing that carries no information, the server's answer under raw. */
const NORMALISED_JOB = {
	jobId: JOB_ID,
	jobName: 'Daily sales',
	state: 'NORMAL',
	userName: 'admin',
	groupName: 'admin',
	nextRun: '2026-01-15T08:30:00.000Z',
	inputFile: '/home/admin/sales.ktr',
	jobTrigger: { type: 'complex', uiPassParam: 'DAILY', timeOfDay: '09:30' },
	jobParams: { uiPassParam: 'DAILY', 'ActionAdapterQuartzJob-StreamProvider-InputFile': '/home/admin/sales.ktr' },
	raw: SERVER_JOB,
};

const rl = (value: string, mode = 'id') => ({ __rl: true, mode, value });

/** The server's version and zone, which the schedule builder asks before it sends a schedule. */
let platformAnswer = { version: '11.0.0.0-237', serverTzId: 'UTC' };
function platform(version: string, serverTzId: string): void {
	platformAnswer = { version, serverTzId };
}
function mockPlatform(): void {
	nock(HOST)
		.persist()
		.get('/pentaho/api/version/show')
		.reply(200, () => platformAnswer.version, TEXT)
		.get('/pentaho/api/system/timezones')
		.reply(200, () => ({ serverTzId: platformAnswer.serverTzId, timeZones: { entry: [] } }), JSON_TYPE);
}
beforeEach(() => {
	platformAnswer = { version: '11.0.0.0-237', serverTzId: 'UTC' };
	mockPlatform();
});

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

describe.each(['api/scheduler', 'plugin/scheduler-plugin/api/scheduler'])('Scheduler node with scheduler path %s', (schedulerPath) => {
	const credentials = { dataflowServerApi: serverCredentials(BASE, { schedulerPath }) };
	const prefix = `/pentaho/${schedulerPath}`;
	const exec = (parameters: INodeParameters, extra: { continueOnFail?: boolean } = {}) =>
		run(node, { parameters, credentials, ...extra });
	/** A server that takes JSON and answers text (ids, states, yes/no). */
	const textServer = () => nock(HOST, { reqheaders: { authorization: BASIC, accept: /text\/plain/ } });
	const jsonServer = () => nock(HOST, { reqheaders: { authorization: BASIC, accept: 'application/json' } });

	describe('Schedule', () => {
		it('Create posts the built schedule request as JSON to job and returns the id', async () => {
			let body: unknown;
			platform('11.0.0.0-237', 'UTC');
			const scope = textServer()
				.matchHeader('content-type', 'application/json')
				.post(`${prefix}/job`, (b) => ((body = b), true))
				.reply(200, JOB_ID, TEXT);
			const result = await exec({
				resource: 'schedule',
				operation: 'create',
				jobName: 'Daily sales',
				inputFile: '/home/admin/sales.ktr',
				outputFolder: '/home/admin/output',
				triggerType: 'weekly',
				daysOfWeek: [5, 1],
				startTime: '2026-01-15T09:30:00',
				timeZone: 'Europe/Berlin',
				jobParameters: { parameter: [{ name: 'region', value: 'EMEA', type: 'string' }] },
				scheduleOptions: { endTime: '2026-06-30T18:00:00', logLevel: 'Debug' },
			});
			expect(result.error).toBeUndefined();
			scope.done();
			const expected = {
				jobName: 'Daily sales',
				inputFile: '/home/admin/sales.ktr',
				outputFile: '/home/admin/output',
				complexJobTrigger: {
					uiPassParam: 'WEEKLY',
					daysOfWeek: [1, 5],
					// 11.x: the start fields (years since 1900); the end as Berlin's wall clock written in the server's zone (UTC).
					startHour: 9,
					startMin: 30,
					startYear: 126,
					startMonth: 0,
					startDay: 15,
					endTime: '2026-06-30T18:00:00.000Z',
				},
				timeZone: 'Europe/Berlin',
				jobParameters: [{ name: 'region', type: 'string', stringValue: ['EMEA'] }],
				logLevel: 'Debug',
			};
			expect(body).toEqual(expected);
			expect(result.items.map((i) => i.json)).toEqual([
				{
					jobId: JOB_ID,
					scheduleRequest: expected,
					schedule: {
						timeZone: 'Europe/Berlin',
						timeZoneFrom: 'field',
						// UTC, like every date the nodes output (the zone is in timeZone; the request keeps the server's form).
						start: '2026-01-15T08:30:00.000Z',
						startFrom: 'field',
						end: '2026-06-30T16:00:00.000Z',
						serverVersion: '11.0.0.0-237',
						serverTimeZone: 'UTC',
						notes: [],
					},
				},
			]);
			expect(result.items[0].pairedItem).toEqual({ item: 0 });
		});

		it('Create for a 9.3 server in UTC: no start fields, the "timezone" parameter, a start whose UTC hour is the Berlin hour', async () => {
			let body: Record<string, unknown> = {};
			platform('9.3.0.0-428', 'UTC');
			const scope = textServer()
				.post(`${prefix}/job`, (b) => ((body = b), true))
				.reply(200, JOB_ID, TEXT);
			const result = await exec({
				resource: 'schedule',
				operation: 'create',
				jobName: 'Daily sales',
				inputFile: '/home/admin/sales.ktr',
				triggerType: 'weekly',
				daysOfWeek: [1],
				startTime: '2026-01-15T00:30:00',
				timeZone: 'Europe/Berlin',
			});
			expect(result.error).toBeUndefined();
			scope.done();
			// A 9.3 server runs complex triggers in its own zone unless the job parameter "timezone" names
			// another; the cron's hour is the start's hour in the server's zone: so the start sent is
			// the UTC instant whose UTC wall clock is 00:30 (14 Jan 23:30 Berlin + conversion), and
			// the days stay Monday in Berlin.
			expect(body.complexJobTrigger).toEqual({ uiPassParam: 'WEEKLY', daysOfWeek: [1], startTime: '2026-01-14T01:30:00.000Z' });
			expect(body.jobParameters).toEqual([{ name: 'timezone', type: 'string', stringValue: ['Europe/Berlin'] }]);
			expect((result.items[0].json.schedule as { notes: string[] }).notes.join(' ')).toMatch(/"timezone" = Europe\/Berlin/);
		});

		it('Create without a time zone or start time says in the output which zone (the workflow\'s) and which start (now) were used', async () => {
			textServer().post(`${prefix}/job`).reply(200, JOB_ID, TEXT);
			const before = Date.now();
			const result = await exec({ resource: 'schedule', operation: 'create', jobName: 'x', inputFile: '/home/admin/sales.ktr', triggerType: 'daily' });
			expect(result.error).toBeUndefined();
			const schedule = result.items[0].json.schedule as Record<string, unknown>;
			expect(schedule).toMatchObject({ timeZoneFrom: 'workflow', startFrom: 'now', serverTimeZone: 'UTC' });
			expect(typeof schedule.timeZone).toBe('string');
			expect(Date.parse(schedule.start as string)).toBeGreaterThanOrEqual(Math.floor(before / 60_000) * 60_000);
		});

		it('Create on a server that has neither the version nor the zone look-up (404): the 10.3+ fields, and the output says the zone was assumed', async () => {
			nock.cleanAll();
			nock(HOST).get('/pentaho/api/version/show').reply(404, '').get('/pentaho/api/system/timezones').reply(404, '');
			let body: Record<string, unknown> = {};
			textServer()
				.post(`${prefix}/job`, (b) => ((body = b), true))
				.reply(200, JOB_ID, TEXT);
			const result = await exec({ resource: 'schedule', operation: 'create', jobName: 'x', inputFile: '/home/admin/sales.ktr', triggerType: 'weekly', daysOfWeek: [1], startTime: '2026-01-15T09:30:00', timeZone: 'Europe/Berlin' });
			expect(result.error).toBeUndefined();
			expect(body.complexJobTrigger).toEqual({ uiPassParam: 'WEEKLY', daysOfWeek: [1], startHour: 9, startMin: 30, startYear: 126, startMonth: 0, startDay: 15 });
			const schedule = result.items[0].json.schedule as { serverVersion: unknown; serverTimeZone: unknown; notes: string[] };
			expect(schedule).toMatchObject({ serverVersion: null, serverTimeZone: null });
			expect(schedule.notes.join(' ')).toMatch(/did not say its time zone .* assumed to run in Europe\/Berlin/);
		});

		it('Create fails the item when the version look-up fails (500): guessing could schedule wrongly', async () => {
			nock.cleanAll();
			nock(HOST).get('/pentaho/api/version/show').reply(500, 'boom');
			const scope = textServer().post(`${prefix}/job`).reply(200, JOB_ID, TEXT);
			const result = await exec({ resource: 'schedule', operation: 'create', jobName: 'x', inputFile: '/home/admin/sales.ktr', triggerType: 'runOnce', timeZone: 'UTC' });
			expect(result.error?.message).toBeDefined();
			expect(scope.isDone()).toBe(false);
		});

		it('Create in JSON mode sends the request as written', async () => {
			const raw = { jobName: 'Raw', inputFile: '/a.ktr', simpleJobTrigger: { uiPassParam: 'RUN_ONCE', startTime: '2026-01-15T09:30:00.000Z' } };
			const scope = textServer().post(`${prefix}/job`, raw).reply(200, 'admin\tRaw\t2', TEXT);
			const result = await exec({ resource: 'schedule', operation: 'create', scheduleMode: 'json', scheduleJson: JSON.stringify(raw) });
			expect(result.error).toBeUndefined();
			scope.done();
			expect(result.items[0].json.jobId).toBe('admin\tRaw\t2');
		});

		it.each([
			[401, /refused to create the schedule \(401\): this user may not schedule/],
			[403, /refused to schedule this file \(403\)/],
		])('Create explains a bare %s', async (status, message) => {
			textServer().post(`${prefix}/job`).times(2).reply(status, ''); // n8n retries a 401 once
			const result = await exec({
				resource: 'schedule',
				operation: 'create',
				jobName: 'x',
				inputFile: '/home/admin/sales.ktr',
				triggerType: 'runOnce',
				startTime: '2026-01-15T09:30:00',
				timeZone: 'UTC',
			});
			expect(result.error?.message).toMatch(message);
			expect(result.error?.httpCode).toBe(String(status));
		});

		it('Get asks jobinfo with the tab encoded as %09 and returns the typed job', async () => {
			let uri = '';
			const scope = jsonServer()
				.get((u) => ((uri = u), u.startsWith(`${prefix}/jobinfo`)))
				.reply(200, SERVER_JOB, JSON_TYPE);
			const result = await exec({ resource: 'schedule', operation: 'get', jobId: rl(JOB_ID, 'list') });
			expect(result.error).toBeUndefined();
			scope.done();
			expect(uri).toBe(`${prefix}/jobinfo?jobId=${JOB_ID_QUERY}`);
			expect(result.items.map((i) => i.json)).toEqual([NORMALISED_JOB]);
		});

		it('Get takes "\\t" typed by hand for the tab, and fails clearly when the server answers 204', async () => {
			let uri = '';
			jsonServer()
				.get((u) => ((uri = u), u.startsWith(`${prefix}/jobinfo`)))
				.reply(204);
			const result = await exec({ resource: 'schedule', operation: 'get', jobId: rl('admin\\tDaily sales\\t1712345678901') });
			expect(uri).toBe(`${prefix}/jobinfo?jobId=${JOB_ID_QUERY}`);
			expect(result.error?.message).toMatch(/No job "admin\\tDaily sales\\t1712345678901": it has finished or does not exist/);
		});

		it('Get Many lists getJobs as one item per job, filtered and limited', async () => {
			const jobs = [
				SERVER_JOB,
				{ ...SERVER_JOB, jobId: 'suzy\tReport\t2', jobName: 'Report', userName: 'suzy', state: 'PAUSED', jobParams: { jobParams: [] } },
				{ ...SERVER_JOB, jobId: 'admin\tOther\t3', jobName: 'Other', state: 'PAUSED', jobParams: { jobParams: { name: 'ActionAdapterQuartzJob-StreamProvider-InputFile', value: '/home/admin/other.ktr' } } },
			];
			jsonServer().get(`${prefix}/getJobs`).times(3).reply(200, { job: jobs }, JSON_TYPE);
			const all = await exec({ resource: 'schedule', operation: 'getMany', returnAll: true });
			expect(all.items.map((i) => i.json.jobId)).toEqual([JOB_ID, 'suzy\tReport\t2', 'admin\tOther\t3']);
			expect(all.items[0].json).toEqual(NORMALISED_JOB);
			const filtered = await exec({ resource: 'schedule', operation: 'getMany', returnAll: true, filters: { states: ['PAUSED'], owner: 'admin' } });
			expect(filtered.items.map((i) => i.json.jobId)).toEqual(['admin\tOther\t3']);
			const byFile = await exec({ resource: 'schedule', operation: 'getMany', returnAll: false, limit: 5, filters: { inputFile: '/home/admin/other.ktr/' } });
			expect(byFile.items.map((i) => i.json.jobId)).toEqual(['admin\tOther\t3']);
		});

		it('Get Many honours the limit and reads a one-job answer written as a bare object', async () => {
			jsonServer().get(`${prefix}/getJobs`).reply(200, { job: { ...SERVER_JOB, jobId: 'admin\tOnly\t1' } }, JSON_TYPE);
			const one = await exec({ resource: 'schedule', operation: 'getMany', returnAll: false, limit: 1 });
			expect(one.items.map((i) => i.json.jobId)).toEqual(['admin\tOnly\t1']);
			jsonServer().get(`${prefix}/getJobs`).reply(200, { job: [SERVER_JOB, SERVER_JOB, SERVER_JOB] }, JSON_TYPE);
			const limited = await exec({ resource: 'schedule', operation: 'getMany', returnAll: false, limit: 2 });
			expect(limited.items).toHaveLength(2);
		});

		it.each([
			['getState', 'jobState', 'POST', 'PAUSED', { jobId: JOB_ID, state: 'PAUSED' }],
			['pause', 'pauseJob', 'POST', 'PAUSED', { jobId: JOB_ID, state: 'PAUSED' }],
			['resume', 'resumeJob', 'POST', 'NORMAL', { jobId: JOB_ID, state: 'NORMAL' }],
			['remove', 'removeJob', 'PUT', 'REMOVED', { jobId: JOB_ID, removed: true, state: 'REMOVED' }],
		] as const)('%s sends %s %s with {"jobId"} (tab untouched) and returns the state', async (operation, endpoint, method, answer, output) => {
			const scope = textServer()
				.matchHeader('content-type', 'application/json')
				.intercept(`${prefix}/${endpoint}`, method, { jobId: JOB_ID })
				.reply(200, answer, TEXT);
			const result = await exec({ resource: 'schedule', operation, jobId: rl(JOB_ID) });
			expect(result.error).toBeUndefined();
			scope.done();
			expect(result.items.map((i) => i.json)).toEqual([output]);
		});

		it('Remove reports removed: false when the server answers the state the job is still in', async () => {
			textServer().put(`${prefix}/removeJob`, { jobId: JOB_ID }).reply(200, 'NORMAL', TEXT);
			const result = await exec({ resource: 'schedule', operation: 'remove', jobId: rl(`admin%09Daily sales%091712345678901`) });
			expect(result.items.map((i) => i.json)).toEqual([{ jobId: JOB_ID, removed: false, state: 'NORMAL' }]);
		});

		it('Get Content Cleaner returns the cleaner job, and no item on 204', async () => {
			jsonServer().get(`${prefix}/getContentCleanerJob`).reply(200, { ...SERVER_JOB, jobName: 'GeneratedContentCleaner' }, JSON_TYPE);
			const found = await exec({ resource: 'schedule', operation: 'getContentCleaner' });
			expect(found.items.map((i) => i.json.jobName)).toEqual(['GeneratedContentCleaner']);
			jsonServer().get(`${prefix}/getContentCleanerJob`).reply(204);
			const none = await exec({ resource: 'schedule', operation: 'getContentCleaner' });
			expect(none.error).toBeUndefined();
			expect(none.items).toEqual([]);
		});

		it('Get Generated Content converts the repository path to a path id and types the files', async () => {
			let uri = '';
			jsonServer()
				.get((u) => ((uri = u), u.startsWith(`${prefix}/generatedContentForSchedule`)))
				.reply(
					200,
					{ repositoryFileDto: { id: 'f1', name: 'out.pdf', path: '/home/admin/out.pdf', folder: 'false', fileSize: '1234', createdDate: '1736933400000' } },
					JSON_TYPE,
				);
			const result = await exec({ resource: 'schedule', operation: 'getGeneratedContent', path: '/home/admin/Sales report.prpt' });
			expect(result.error).toBeUndefined();
			expect(uri).toBe(`${prefix}/generatedContentForSchedule?lineageId=%3Ahome%3Aadmin%3ASales%20report.prpt`);
			expect(result.items.map((i) => i.json)).toEqual([
				{ id: 'f1', name: 'out.pdf', path: '/home/admin/out.pdf', folder: false, fileSize: 1234, createdDate: '2025-01-15T09:30:00.000Z' },
			]);
		});

		it('Is Allowed asks isScheduleAllowed by file id and answers a boolean', async () => {
			const scope = textServer().get(`${prefix}/isScheduleAllowed`).query({ id: 'b5f806b9-9f72' }).reply(200, 'true', TEXT);
			const result = await exec({ resource: 'schedule', operation: 'isAllowed', fileId: 'b5f806b9-9f72' });
			scope.done();
			expect(result.items.map((i) => i.json)).toEqual([{ fileId: 'b5f806b9-9f72', scheduleAllowed: true }]);
		});
	});

	describe('Blockout', () => {
		const blockoutParameters = {
			triggerType: 'weekly',
			daysOfWeek: [0],
			startTime: '2026-01-18T01:00:00',
			timeZone: 'UTC',
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

		const checkParameters = { triggerType: 'hours', interval: 1, startTime: '2026-01-18T00:30:00', timeZone: 'UTC' };
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

	const schedule = { resource: 'schedule', operation: 'create', jobName: 'x', inputFile: '/home/admin/sales.ktr', timeZone: 'UTC' };

	it.each([
		['an end time before the start', { ...schedule, triggerType: 'hours', interval: 1, startTime: '2026-01-15T09:00:00', scheduleOptions: { endTime: '2026-01-14T09:00:00' } }, /end time .* is not after the start time/],
		// Empty values typed in the UI are refused by n8n itself (required parameters); expressions reach the node.
		['Weekly without days', { ...schedule, triggerType: 'weekly', daysOfWeek: '={{ [] }}' }, /at least one day of the week/],
		['an invalid cron expression', { ...schedule, triggerType: 'cron', cronExpression: '0 0 25 * * ?' }, /cron expression "0 0 25 \* \* \?" is not valid: 25 is outside 0–23/],
		['an unknown time zone', { ...schedule, triggerType: 'runOnce', timeZone: 'Nowhere/City' }, /time zone "Nowhere\/City" is not known/],
		['an input file that is not a path', { ...schedule, triggerType: 'runOnce', inputFile: 'sales.ktr' }, /must start with "\/"/],
		['a missing job id', { resource: 'schedule', operation: 'pause', jobId: rl('={{ "" }}') }, /No job ID given/],
		['a missing blockout id', { resource: 'blockout', operation: 'update', jobId: rl('={{ " " }}', 'list'), triggerType: 'runOnce', durationAmount: 1, durationUnit: 'hours' }, /No job ID given/],
		['invalid JSON', { ...schedule, scheduleMode: 'json', scheduleJson: '{"jobName": ' }, /not valid JSON/],
		['an empty file id', { resource: 'schedule', operation: 'isAllowed', fileId: ' ' }, /No file ID given/],
		['a scheduled file that is not a path', { resource: 'schedule', operation: 'getGeneratedContent', path: '/home//x' }, /empty segment/],
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
				startTime: '2026-01-15T09:30:00',
				timeZone: 'UTC',
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
