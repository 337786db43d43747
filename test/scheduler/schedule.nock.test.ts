/**
 * The exact requests of the Scheduler's Schedule operations (method, path under both scheduler paths,
 * query, headers, body) and the items that come out.
 */
import nock from 'nock';

import { HOST, JOB_ID, JOB_ID_QUERY, TEXT, JSON_TYPE, SERVER_JOB, NORMALISED_JOB, rl, platform, useSchedulerNock, pathSetup, SCHEDULER_PATHS } from './nockHelpers';

useSchedulerNock();

describe.each(SCHEDULER_PATHS)('Scheduler node with scheduler path %s', (schedulerPath) => {
	const { prefix, exec, textServer, jsonServer } = pathSetup(schedulerPath);

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
				triggerType: 'weekly',
				daysOfWeek: [5, 1],
				jobParameters: { parameter: [{ name: 'region', value: 'EMEA', type: 'string' }] },
				options: { endTime: '2026-06-30T18:00:00', logLevel: 'Debug', outputFolder: '/home/admin/output', startTime: '2026-01-15T09:30:00', timeZone: 'Europe/Berlin' },
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
				options: { startTime: '2026-01-15T00:30:00', timeZone: 'Europe/Berlin' },
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

		it.each([
			['10.2.0.0-222', false],
			['10.2.0.2-267', false],
			['10.2.0.2-270', true],
			['10.2.0.10.434', true],
		])('Create on %s: the 10.3 scheduler backported to 10.2.0.2-270 reads the start fields (%p) (issue 28, defect 5)', async (version, startFields) => {
			let body: Record<string, unknown> = {};
			platform(version, 'UTC');
			textServer()
				.post(`${prefix}/job`, (b) => ((body = b), true))
				.reply(200, JOB_ID, TEXT);
			const result = await exec({
				resource: 'schedule',
				operation: 'create',
				jobName: 'Daily sales',
				inputFile: '/home/admin/sales.ktr',
				triggerType: 'weekly',
				daysOfWeek: [1],
				// On the hour: at another minute some of these builds get the schedule as a cron expression (minute-0 defect).
				options: { startTime: '2026-01-15T09:00:00', timeZone: 'UTC' },
			});
			expect(result.error).toBeUndefined();
			const trigger = body.complexJobTrigger as Record<string, unknown>;
			if (startFields) expect(trigger).toMatchObject({ startHour: 9, startMin: 0, startYear: 126, startMonth: 0, startDay: 15 });
			else expect(trigger).not.toHaveProperty('startHour');
		});

		it.each([
			['10.2.0.0-222', 'weekly', { daysOfWeek: [1] }, '0 30 9 ? * 2'],
			['10.2.0.5-350', 'monthly', { monthlyOn: 'weekdayOfMonth', weekOfMonth: 4, weekday: 5 }, '0 30 9 ? * 6L'],
			['10.3.0.0-397', 'monthly', { monthlyOn: 'dayOfMonth', dayOfMonth: 15 }, '0 30 9 15 * ?'],
			['11.0.0.0-37', 'daily', { dailyRecurrence: 'weekdays' }, '0 30 9 ? * 2,3,4,5,6'],
			['10.2.0.6-362', 'weekly', { daysOfWeek: [1] }, undefined],
			['11.0.0.0-38', 'weekly', { daysOfWeek: [1] }, undefined],
			['9.3.0.0-428', 'weekly', { daysOfWeek: [1] }, undefined],
		])('Create on %s sends a %s schedule at 09:30 as the cron %p where the server would also run it at 09:00 (minute-0 defect)', async (version, triggerType, fields, cron) => {
			let body: Record<string, unknown> = {};
			platform(version, 'UTC');
			textServer()
				.post(`${prefix}/job`, (b) => ((body = b), true))
				.reply(200, JOB_ID, TEXT);
			const result = await exec({ resource: 'schedule', operation: 'create', jobName: 'Sales', inputFile: '/home/admin/sales.ktr', triggerType, ...fields, options: { startTime: '2026-01-15T09:30:00', timeZone: 'UTC' } });
			expect(result.error).toBeUndefined();
			if (cron === undefined) {
				expect(body).toHaveProperty('complexJobTrigger');
				expect(body).not.toHaveProperty('cronJobTrigger');
			} else {
				expect(body.complexJobTrigger).toBeUndefined();
				expect(body.cronJobTrigger).toMatchObject({ cronString: cron, uiPassParam: triggerType.toUpperCase() });
				expect((result.items[0].json.schedule as { notes: string[] }).notes.join(' ')).toMatch(/would also run a .* schedule at minute 0 of its hour/);
			}
		});

		it('Create on 10.2.0.1-241 to 10.2.0.2-267 (the "timezone" parameter does nothing there) refuses a calendar schedule in another zone than the server\'s', async () => {
			platform('10.2.0.2-267', 'UTC');
			const refused = await exec({ resource: 'schedule', operation: 'create', jobName: 'Sales', inputFile: '/home/admin/sales.ktr', triggerType: 'weekly', daysOfWeek: [1], options: { startTime: '2026-01-15T09:00:00', timeZone: 'Europe/Berlin' } });
			expect(refused.error?.message).toMatch(/runs weekly schedules in its own time zone UTC and ignores the schedule's zone Europe\/Berlin/);
			let body: Record<string, unknown> = {};
			platform('10.2.0.2-267', 'UTC');
			textServer()
				.post(`${prefix}/job`, (b) => ((body = b), true))
				.reply(200, JOB_ID, TEXT);
			const same = await exec({ resource: 'schedule', operation: 'create', jobName: 'Sales', inputFile: '/home/admin/sales.ktr', triggerType: 'weekly', daysOfWeek: [1], options: { startTime: '2026-01-15T09:00:00', timeZone: 'UTC' } });
			expect(same.error).toBeUndefined();
			expect(body).toHaveProperty('complexJobTrigger');
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
			const result = await exec({ resource: 'schedule', operation: 'create', jobName: 'x', inputFile: '/home/admin/sales.ktr', triggerType: 'weekly', daysOfWeek: [1], options: { startTime: '2026-01-15T09:30:00', timeZone: 'Europe/Berlin' } });
			expect(result.error).toBeUndefined();
			expect(body.complexJobTrigger).toEqual({ uiPassParam: 'WEEKLY', daysOfWeek: [1], startHour: 9, startMin: 30, startYear: 126, startMonth: 0, startDay: 15 });
			const schedule = result.items[0].json.schedule as { serverVersion: unknown; serverTimeZone: unknown; notes: string[] };
			expect(schedule).toMatchObject({ serverVersion: null, serverTimeZone: null });
			expect(schedule.notes.join(' ')).toMatch(/did not say its time zone .* assumed to run in Europe\/Berlin/);
		});

		it('Create when the zone look-up answers 404 with the web container\'s HTML page: the page is not read as JSON, the zone is assumed', async () => {
			nock.cleanAll();
			const tomcat404 = '<!doctype html><html lang="en"><head><title>HTTP Status 404 – Not Found</title></head><body><h1>HTTP Status 404 – Not Found</h1><hr class="line" /><h3>Apache Tomcat</h3></body></html>';
			nock(HOST)
				.get('/pentaho/api/version/show')
				.reply(200, '11.0.0.0-237', TEXT)
				.get('/pentaho/api/system/timezones')
				.reply(404, tomcat404, { 'Content-Type': 'text/html;charset=utf-8' });
			const scope = textServer().post(`${prefix}/job`).reply(200, JOB_ID, TEXT);
			const result = await exec({ resource: 'schedule', operation: 'create', jobName: 'x', inputFile: '/home/admin/sales.ktr', triggerType: 'runOnce', options: { timeZone: 'Europe/Berlin' } });
			expect(result.error).toBeUndefined();
			scope.done();
			expect((result.items[0].json.schedule as { notes: string[] }).notes.join(' ')).toMatch(/did not say its time zone/);
		});

		it('Create fails the item when the version look-up fails (500): guessing could schedule wrongly', async () => {
			nock.cleanAll();
			nock(HOST).get('/pentaho/api/version/show').reply(500, 'boom');
			const scope = textServer().post(`${prefix}/job`).reply(200, JOB_ID, TEXT);
			const result = await exec({ resource: 'schedule', operation: 'create', jobName: 'x', inputFile: '/home/admin/sales.ktr', triggerType: 'runOnce', options: { timeZone: 'UTC' } });
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
				options: { startTime: '2026-01-15T09:30:00', timeZone: 'UTC' },
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
			// With Include Raw Response, the server's document too.
			jsonServer().get((u) => u.startsWith(`${prefix}/jobinfo`)).reply(200, SERVER_JOB, JSON_TYPE);
			const withRaw = await exec({ resource: 'schedule', operation: 'get', jobId: rl(JOB_ID, 'list'), options: { includeRaw: true } });
			expect(withRaw.items[0].json).toEqual({ ...NORMALISED_JOB, raw: SERVER_JOB });
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

		it('Get Many reads the nested recurrence groups 11.x writes (issue 28, defect 6): days, months and days of the month are kept', async () => {
			const trigger = {
				'@type': 'complexJobTrigger',
				uiPassParam: 'WEEKLY',
				startHour: 7,
				startMin: 15,
				dayOfWeekRecurrences: { recurrences: [{ recurrenceList: { values: [2, 4, 6] } }] },
				monthlyRecurrences: { recurrences: [{ sequentialRecurrence: { firstValue: 3, lastValue: 5 } }] },
				dayOfMonthRecurrences: { recurrences: [{ recurrenceList: { values: [1, 15] } }] },
				hourlyRecurrences: { recurrences: [] },
			};
			const qualified = { ...trigger, dayOfWeekRecurrences: { recurrences: [{ qualifiedDayOfWeek: { qualifier: 'LAST', dayOfWeek: 'FRI' } }] } };
			jsonServer()
				.get(`${prefix}/getJobs`)
				.reply(200, { job: [{ ...SERVER_JOB, jobTrigger: trigger }, { ...SERVER_JOB, jobId: 'admin\tLast\t2', jobTrigger: qualified }] }, JSON_TYPE);
			const result = await exec({ resource: 'schedule', operation: 'getMany', returnAll: true });
			expect(result.error).toBeUndefined();
			expect(result.items[0].json.jobTrigger).toMatchObject({
				type: 'complex',
				timeOfDay: '07:15',
				daysOfWeek: ['Monday', 'Wednesday', 'Friday'],
				months: ['March', 'April', 'May'],
				daysOfMonth: [1, 15],
			});
			expect(result.items[1].json.jobTrigger).toMatchObject({ daysOfWeek: ['last Friday'] });
		});

		it('Get Many shows no placeholder date as a start or a run (a complex trigger\'s startTime before 1970, issue 30)', async () => {
			const trigger = { '@type': 'complexJobTrigger', uiPassParam: 'DAILY', startHour: 9, startMin: 30, startYear: 126, startMonth: 0, startDay: 15, startTime: '1898-11-29T00:00:00.000+00:00' };
			jsonServer()
				.get(`${prefix}/getJobs`)
				.reply(200, { job: [{ ...SERVER_JOB, lastRun: '1899-12-31T00:00:00.000Z', jobTrigger: trigger }] }, JSON_TYPE);
			const result = await exec({ resource: 'schedule', operation: 'getMany', returnAll: true });
			expect(result.items[0].json.jobTrigger).toEqual({ type: 'complex', uiPassParam: 'DAILY', timeOfDay: '09:30', startDate: '2026-01-15' });
			expect(result.items[0].json).not.toHaveProperty('lastRun');
		});

		it.each([
			['getState', 'jobState', 'POST', 'PAUSED', { jobId: JOB_ID, state: 'PAUSED' }],
			['pause', 'pauseJob', 'POST', 'PAUSED', { jobId: JOB_ID, state: 'PAUSED' }],
			['resume', 'resumeJob', 'POST', 'NORMAL', { jobId: JOB_ID, state: 'NORMAL' }],
			['remove', 'removeJob', 'PUT', 'REMOVED', { jobId: JOB_ID, deleted: true, state: 'REMOVED' }],
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

		it('Delete reports deleted: false when the server answers the state the job is still in', async () => {
			textServer().put(`${prefix}/removeJob`, { jobId: JOB_ID }).reply(200, 'NORMAL', TEXT);
			const result = await exec({ resource: 'schedule', operation: 'remove', jobId: rl(`admin%09Daily sales%091712345678901`) });
			expect(result.items.map((i) => i.json)).toEqual([{ jobId: JOB_ID, deleted: false, state: 'NORMAL' }]);
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

		it("Get Generated Content reads the schedule's lineage-id from jobinfo and asks by it, never by path (issue 28, defect 7)", async () => {
			const lineage = '0f9e0c9a-5b4f-4d42-9a0e-3c1f7a2b6d55';
			const job = { ...SERVER_JOB, jobParams: { jobParams: [...SERVER_JOB.jobParams.jobParams, { name: 'lineage-id', value: lineage }] } };
			const uris: string[] = [];
			jsonServer()
				.get((u) => (u.startsWith(`${prefix}/jobinfo`) ? (uris.push(u), true) : false))
				.reply(200, job, JSON_TYPE);
			jsonServer()
				.get((u) => (u.startsWith(`${prefix}/generatedContentForSchedule`) ? (uris.push(u), true) : false))
				.reply(
					200,
					{ repositoryFileDto: { id: 'f1', name: 'out.pdf', path: '/home/admin/out.pdf', folder: 'false', fileSize: '1234', createdDate: '1736933400000' } },
					JSON_TYPE,
				);
			const result = await exec({ resource: 'schedule', operation: 'getGeneratedContent', jobId: rl(JOB_ID, 'list') });
			expect(result.error).toBeUndefined();
			// nock asks a function matcher more than once per request (with and without the query).
			expect([...new Set(uris.filter((u) => u.includes('?')))]).toEqual([`${prefix}/jobinfo?jobId=${JOB_ID_QUERY}`, `${prefix}/generatedContentForSchedule?lineageId=${lineage}`]);
			expect(result.items.map((i) => i.json)).toEqual([
				{ id: 'f1', name: 'out.pdf', path: '/home/admin/out.pdf', folder: false, fileSize: 1234, createdDate: '2025-01-15T09:30:00.000Z', lineageId: lineage },
			]);
		});

		it('Get Generated Content by lineage ID asks it directly; a repository path is refused before any request', async () => {
			let uri = '';
			jsonServer()
				.get((u) => ((uri = u), u.startsWith(`${prefix}/generatedContentForSchedule`)))
				.reply(200, [], JSON_TYPE);
			const direct = await exec({ resource: 'schedule', operation: 'getGeneratedContent', contentBy: 'lineageId', lineageId: ' abc-123 ' });
			expect(direct.error).toBeUndefined();
			expect(uri).toBe(`${prefix}/generatedContentForSchedule?lineageId=abc-123`);
			const path = await exec({ resource: 'schedule', operation: 'getGeneratedContent', contentBy: 'lineageId', lineageId: '/home/admin/sales.ktr' });
			expect(path.error?.message).toMatch(/is a repository path, not a lineage ID/);
		});

		it('Is Allowed asks isScheduleAllowed by file id and answers a boolean', async () => {
			const scope = textServer().get(`${prefix}/isScheduleAllowed`).query({ id: 'b5f806b9-9f72' }).reply(200, 'true', TEXT);
			const result = await exec({ resource: 'schedule', operation: 'isAllowed', fileId: 'b5f806b9-9f72' });
			scope.done();
			expect(result.items.map((i) => i.json)).toEqual([{ fileId: 'b5f806b9-9f72', scheduleAllowed: true }]);
		});
	});
});
