/**
 * The scheduler area's job routes over plain HTTP under both scheduler paths (emulator/areas/scheduler/
 * routes-jobs.ts): job lists, create to remove, triggers, who may schedule, content, the scheduler's own
 * state; and the Jersey 1 JSON of older servers.
 */
import { startEmulator, type RunningEmulator } from '../../../emulator';
import { deleteRepositoryPath, putRepositoryFile, repositoryIndex, repositoryOf } from '../../../emulator/areas/repository';
import { SCHEDULER_BASES, type SchedulerState } from '../../../emulator/areas/scheduler';
import { client, future, HOUR, useSchedulerEmulator, wall } from './helpers';

const emulator = useSchedulerEmulator();

describe.each(SCHEDULER_BASES)('scheduler endpoints under %s', (base) => {
	const call = client(emulator, base);

	it('GET getJobs lists the seeded jobs as {"job":[…]} with tab ids, future nextRun and typed triggers, without blockouts', async () => {
		const response = await call('GET', 'getJobs', { accept: 'application/json' });
		expect(response.status).toBe(200);
		expect(response.type).toMatch(/application\/json/);
		const jobs = response.json().job as Array<Record<string, any>>;
		const names = jobs.map((j) => j.jobName);
		expect(names).toEqual(expect.arrayContaining(['Daily sales load', 'Hourly ETL', 'Month-end close', 'Weekly report', 'GeneratedContentCleaner']));
		expect(names).not.toContain('BlockoutAction');
		const daily = jobs.find((j) => j.jobName === 'Daily sales load')!;
		expect(daily.jobId).toMatch(/^admin\tDaily sales load\t[0-9a-f-]{36}$/);
		expect(daily.state).toBe('NORMAL');
		expect(Date.parse(daily.nextRun)).toBeGreaterThan(Date.now() - 1000);
		const next = wall(daily.nextRun, 'Europe/Berlin');
		expect(next.text.endsWith('06:00')).toBe(true);
		expect([1, 2, 3, 4, 5]).toContain(next.weekday);
		expect(daily.jobTrigger['@type']).toBe('complexJobTrigger');
		expect(daily.jobParams.jobParams).toEqual(
			expect.arrayContaining([{ name: 'ActionAdapterQuartzJob-StreamProvider-InputFile', value: '/public/etl/load_sales.ktr' }]),
		);
		expect(jobs.find((j) => j.jobName === 'Weekly report')!.state).toBe('PAUSED');
	});

	it('GET getJobs answers XML <jobs><job> with xsi:type triggers when JSON is not asked for', async () => {
		const response = await call('GET', 'getJobs', { accept: 'application/xml' });
		expect(response.status).toBe(200);
		expect(response.type).toMatch(/xml/);
		expect(response.text).toMatch(/^<\?xml[^>]*\?><jobs><job>/);
		expect(response.text).toContain('xsi:type="complexJobTrigger"');
		expect(response.text).toContain('xsi:type="simpleJobTrigger"');
		expect(response.text).toMatch(/<jobId>admin\tHourly ETL\t[0-9a-f-]{36}<\/jobId>/);
	});

	it('a non-administrator sees only their own jobs', async () => {
		const jobs = (await call('GET', 'getJobs', { user: 'suzy', accept: 'application/json' })).json().job as Array<Record<string, string>>;
		expect(jobs.map((j) => j.jobName)).toEqual(['Weekly report']);
		expect((await call('GET', 'getJobs', { user: 'analyst', accept: 'application/json' })).json()).toEqual({ job: [] });
	});

	it('create → jobinfo → pause → state → resume → remove → gone', async () => {
		const created = await call('POST', 'job', {
			accept: 'text/plain',
			body: {
				jobName: 'Nightly load',
				inputFile: '/home/admin/sales.ktr',
				outputFile: '/home/admin',
				complexJobTrigger: {
					uiPassParam: 'DAILY',
					daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
					startTime: '2026-01-15T09:30:00.000+01:00',
					startHour: 9,
					startMin: 30,
					// Years since 1900, as java.util.Date and the server's own editor count them.
					startYear: 126,
					startMonth: 0,
					startDay: 15,
				},
				timeZone: 'Europe/Berlin',
				jobParameters: [{ name: 'region', type: 'string', stringValue: ['EMEA'] }],
			},
		});
		expect(created.status).toBe(200);
		expect(created.type).toMatch(/text\/plain/);
		const jobId = created.text;
		expect(jobId).toMatch(/^admin\tNightly load\t[0-9a-f-]{36}$/);

		const info = await call('GET', 'jobinfo', { accept: 'application/json', query: { jobId } });
		expect(info.status).toBe(200);
		const job = info.json();
		expect(job).toMatchObject({ jobId, jobName: 'Nightly load', userName: 'admin', state: 'NORMAL' });
		expect(wall(job.nextRun, 'Europe/Berlin').text.endsWith('09:30')).toBe(true);
		expect(Date.parse(job.nextRun)).toBeGreaterThan(Date.now() - 1000);
		expect(Date.parse(job.nextRun) - Date.now()).toBeLessThanOrEqual(24 * HOUR + 1000);
		expect(job.jobParams.jobParams).toEqual(expect.arrayContaining([{ name: 'region', value: 'EMEA' }]));
		expect(job.jobTrigger).toMatchObject({ '@type': 'complexJobTrigger', startHour: '9', startMin: '30', timeZone: 'Europe/Berlin' });

		const listed = (await call('GET', 'getJobs', { accept: 'application/json' })).json().job as Array<Record<string, string>>;
		expect(listed.map((j) => j.jobId)).toContain(jobId);

		expect(await call('POST', 'pauseJob', { body: { jobId } })).toMatchObject({ status: 200, text: 'PAUSED' });
		expect(await call('POST', 'jobState', { body: { jobId } })).toMatchObject({ status: 200, text: 'PAUSED' });
		expect((await call('GET', 'jobinfo', { accept: 'application/json', query: { jobId } })).json().state).toBe('PAUSED');
		expect(await call('POST', 'resumeJob', { body: { jobId } })).toMatchObject({ status: 200, text: 'NORMAL' });
		expect(await call('PUT', 'removeJob', { body: { jobId } })).toMatchObject({ status: 200, text: 'REMOVED' });
		expect((await call('GET', 'jobinfo', { accept: 'application/json', query: { jobId } })).status).toBe(204);
		expect((await call('POST', 'jobState', { body: { jobId } })).status).toBe(500);
		// removeJob of an unknown id: the administrator's removal deletes nothing and answers REMOVED; others get a NullPointerException.
		expect(await call('PUT', 'removeJob', { body: { jobId } })).toMatchObject({ status: 200, text: 'REMOVED' });
		expect((await call('PUT', 'removeJob', { user: 'suzy', body: { jobId } })).status).toBe(500);
	});

	it('takes XML requests: a simple trigger fires every repeatInterval seconds from its start', async () => {
		const start = Date.now() - 10 * 60_000;
		const startTime = new Date(start).toISOString();
		const created = await call('POST', 'job', {
			contentType: 'application/xml',
			body: `<jobScheduleRequest><jobName>Every 30 min</jobName><inputFile>/home/admin/cleanup.kjb</inputFile><simpleJobTrigger><uiPassParam>MINUTES</uiPassParam><repeatInterval>1800</repeatInterval><repeatCount>-1</repeatCount><startTime>${startTime}</startTime><endTime/></simpleJobTrigger><timeZone>UTC</timeZone></jobScheduleRequest>`,
		});
		expect(created.status).toBe(200);
		const info = (await call('GET', 'jobinfo', { accept: 'application/json', query: { jobId: created.text } })).json();
		expect(Date.parse(info.nextRun)).toBe(start + 1_800_000);
		// Read back from the CalendarIntervalTrigger: repeatCount -1, the interval in seconds; strings from 11.0.0.0-42 (BACKLOG-44147).
		expect(info.jobTrigger).toMatchObject({ '@type': 'simpleJobTrigger', repeatInterval: '1800', repeatCount: '-1', uiPassParam: 'MINUTES' });
		await call('PUT', 'removeJob', { body: `<jobRequest><jobId>${created.text}</jobId></jobRequest>`, contentType: 'application/xml' });
	});

	it('a complex trigger with only startTime runs at 00:00 (10.3+ and 10.2.0.2-270+: ComplexJobTriggerProxy start fields are ints, 0 when absent); startHour/startMin -1/-1 is 22:59', async () => {
		const request = (extra: Record<string, unknown>) => ({
			jobName: 'Weekly',
			inputFile: '/home/admin/sales.ktr',
			complexJobTrigger: { uiPassParam: 'WEEKLY', daysOfWeek: [3], startTime: '2026-01-01T14:45:00.000Z', ...extra },
			timeZone: 'UTC',
		});
		const bare = await call('POST', 'job', { body: request({}) });
		const minus = await call('POST', 'job', { body: request({ startHour: -1, startMin: -1 }) });
		const both = await call('POST', 'job', { body: request({ startHour: 14, startMin: 45, startYear: 126, startMonth: 0, startDay: 1 }) });
		const infoOf = async (jobId: string) => (await call('GET', 'jobinfo', { accept: 'application/json', query: { jobId } })).json();
		const bareInfo = await infoOf(bare.text);
		expect(wall(bareInfo.nextRun, 'UTC').text.endsWith('00:00')).toBe(true);
		expect(wall(bareInfo.nextRun, 'UTC').weekday).toBe(3);
		expect(bareInfo.jobTrigger.cronString).toBe('0 0 0 ? * 4 *');
		// Its start is 1899-12-31 00:00 (startYear 0 + 1900, day 0), written back by setPentahoTriggerDates.
		expect(bareInfo.jobTrigger).toMatchObject({ startYear: '-1', startMonth: '11', startDay: '31', startHour: '0', startMin: '0' });
		expect(wall((await infoOf(minus.text)).nextRun, 'UTC').text.endsWith('22:59')).toBe(true);
		expect(wall((await infoOf(both.text)).nextRun, 'UTC').text.endsWith('14:45')).toBe(true);
		for (const jobId of [bare.text, minus.text, both.text]) await call('PUT', 'removeJob', { body: { jobId } });
	});

	it('a cron trigger fires by its expression in its time zone; an invalid one is refused with 500', async () => {
		const created = await call('POST', 'job', {
			body: {
				jobName: 'Last day',
				inputFile: '/home/admin/cleanup.kjb',
				cronJobTrigger: { uiPassParam: 'CRON', cronString: '0 0 22 L * ?', startTime: '2026-01-01T00:00:00.000Z' },
				timeZone: 'America/New_York',
			},
		});
		expect(created.status).toBe(200);
		const info = (await call('GET', 'jobinfo', { accept: 'application/json', query: { jobId: created.text } })).json();
		const next = wall(info.nextRun, 'America/New_York');
		expect(next.text.endsWith('22:00')).toBe(true);
		const [y, m] = next.text.split('-').map(Number);
		expect(next.day).toBe(new Date(Date.UTC(y, m, 0)).getUTCDate());
		expect(info.jobTrigger.cronString).toBe('0 0 22 L * ? *');
		await call('PUT', 'removeJob', { body: { jobId: created.text } });

		const bad = await call('POST', 'job', {
			body: { jobName: 'Bad', inputFile: '/home/admin/cleanup.kjb', cronJobTrigger: { cronString: '0 61 * * * ?', startTime: '2026-01-01T00:00:00.000Z' } },
		});
		expect(bad.status).toBe(500);
		expect(bad.text).toMatch(/Invalid cron expression/);
	});

	it('a request without a trigger runs once, in about ten seconds; a date without milliseconds is refused', async () => {
		const created = await call('POST', 'job', { body: { jobName: 'Background', inputFile: '/home/admin/sales.ktr' } });
		const info = (await call('GET', 'jobinfo', { accept: 'application/json', query: { jobId: created.text } })).json();
		expect(info.jobTrigger.uiPassParam).toBe('RUN_ONCE');
		expect(Math.abs(Date.parse(info.nextRun) - (Date.now() + 10_000))).toBeLessThan(3000);
		await call('PUT', 'removeJob', { body: { jobId: created.text } });

		const bad = await call('POST', 'job', {
			body: { jobName: 'x', inputFile: '/home/admin/sales.ktr', simpleJobTrigger: { uiPassParam: 'RUN_ONCE', startTime: '2026-01-15T09:30:00+01:00' } },
		});
		expect(bad.status).toBe(500);
		expect(bad.text).toMatch(/Cannot parse startTime/);
	});

	it.each(['suzy', 'analyst'])('%s may not schedule: canSchedule false, job and blockout creation 401 without a body', async (user) => {
		const can = await call('GET', 'canSchedule', { user, accept: 'application/json' });
		expect(can).toMatchObject({ status: 200, text: 'false' });
		expect(can.type).toMatch(/application\/json/);
		const job = await call('POST', 'job', {
			user,
			body: { jobName: 'x', inputFile: '/home/suzy/x.ktr', simpleJobTrigger: { uiPassParam: 'RUN_ONCE', startTime: future(HOUR) } },
		});
		expect(job.status).toBe(401);
		const blockout = await call('POST', 'blockout/add', {
			user,
			body: { simpleJobTrigger: { uiPassParam: 'RUN_ONCE', startTime: future(HOUR), repeatInterval: 0, repeatCount: 0 }, duration: HOUR },
		});
		expect(blockout.status).toBe(401);
		const index = repositoryIndex(emulator().app)!;
		expect(await call('GET', 'isScheduleAllowed', { user, query: { id: index.byPath('/home/admin/sales.ktr')!.id } })).toMatchObject({ status: 200, text: 'false' });
	});

	it('canSchedule is true for the administrator', async () => {
		expect(await call('GET', 'canSchedule', { accept: 'application/json' })).toMatchObject({ status: 200, text: 'true' });
	});

	it('answers 406 when Accept excludes what an endpoint produces, 415 for a body that is neither JSON nor XML', async () => {
		expect((await call('POST', 'job', { accept: 'application/json', body: { jobName: 'x', inputFile: '/a.ktr' } })).status).toBe(406);
		expect((await call('GET', 'canSchedule', { accept: 'text/plain' })).status).toBe(406);
		expect((await call('GET', 'blockout/hasblockouts', { accept: 'application/json' })).status).toBe(406);
		expect((await call('POST', 'job', { contentType: 'text/plain', body: 'jobName=x' })).status).toBe(415);
	});

	it('jobinfo: an id that is not user<TAB>name<TAB>number is 500; an unknown one 204', async () => {
		expect((await call('GET', 'jobinfo', { accept: 'application/json', query: { jobId: 'nonsense' } })).status).toBe(500);
		expect((await call('GET', 'jobinfo', { accept: 'application/json', query: { jobId: 'admin\tnothing\t1' } })).status).toBe(204);
		expect((await call('POST', 'pauseJob', { body: { jobId: 'admin\tnothing\t1' } })).status).toBe(500);
	});

	it('getContentCleanerJob answers the seeded cleaner in JSON and XML', async () => {
		const json = await call('GET', 'getContentCleanerJob', { accept: 'application/json' });
		expect(json.status).toBe(200);
		expect(json.json()).toMatchObject({ jobName: 'GeneratedContentCleaner', userName: 'admin', jobTrigger: { '@type': 'simpleJobTrigger', repeatInterval: '86400' } });
		expect(json.json().jobParams.jobParams).toEqual(expect.arrayContaining([{ name: 'age', value: '15552000' }]));
		const xml = await call('GET', 'getContentCleanerJob', { accept: 'application/xml' });
		expect(xml.text).toMatch(/<job><groupName>admin<\/groupName><jobId>admin\tGeneratedContentCleaner\t[0-9a-f-]{36}<\/jobId>/);
	});

	it('generatedContentForSchedule lists the files in the caller\'s /home/<user>/workspace whose lineage-id is the job\'s; a path never matches', async () => {
		const jobs = (await call('GET', 'getJobs', { accept: 'application/json' })).json().job as Array<Record<string, any>>;
		const daily = jobs.find((j) => j.jobName === 'Daily sales load')!;
		const lineageId = (daily.jobParams.jobParams as Array<{ name: string; value: string }>).find((p) => p.name === 'lineage-id')!.value;
		expect(lineageId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
		const response = await call('GET', 'generatedContentForSchedule', { accept: 'application/json', query: { lineageId } });
		expect(response.status).toBe(200);
		const files = response.json();
		expect(files).toHaveLength(1);
		expect(files[0]).toMatchObject({ name: 'Daily sales load.txt', path: '/home/admin/workspace/Daily sales load.txt', folder: false });
		expect(files[0].createdDate).toMatch(/^\d{13}$/);
		const xml = await call('GET', 'generatedContentForSchedule', { query: { lineageId } });
		expect(xml.text).toContain('<repositoryFileDtoes><repositoryFileDto>');
		// The input file's path id (what the interface document says) is no lineage id.
		expect((await call('GET', 'generatedContentForSchedule', { accept: 'application/json', query: { lineageId: ':public:etl:load_sales.ktr' } })).json()).toEqual([]);
		// Only the caller's own workspace is searched.
		expect((await call('GET', 'generatedContentForSchedule', { user: 'suzy', accept: 'application/json', query: { lineageId } })).json()).toEqual([]);
		expect((await call('GET', 'generatedContentForSchedule', { accept: 'application/json' })).json()).toEqual([]);
		// Repository files carry the id in their metadata; one outside the workspace folder is not listed.
		await putRepositoryFile(emulator().app, '/home/admin/workspace/extra.pdf', 'x', { owner: 'admin', metadata: { 'lineage-id': lineageId } });
		await putRepositoryFile(emulator().app, '/home/admin/elsewhere.pdf', 'x', { owner: 'admin', metadata: { 'lineage-id': lineageId } });
		const paths = (await call('GET', 'generatedContentForSchedule', { accept: 'application/json', query: { lineageId } })).json().map((f: { path: string }) => f.path);
		expect(paths.sort()).toEqual(['/home/admin/workspace/Daily sales load.txt', '/home/admin/workspace/extra.pdf']);
		await deleteRepositoryPath(emulator().app, '/home/admin/workspace/extra.pdf');
		await deleteRepositoryPath(emulator().app, '/home/admin/elsewhere.pdf');
	});

	it('isScheduleAllowed reads the file\'s _PERM_SCHEDULABLE (true when unset, folders too); an unknown id 500; without the Schedule permission false', async () => {
		const index = repositoryIndex(emulator().app)!;
		const file = index.byPath('/home/admin/sales.ktr')!.id;
		const folder = index.byPath('/home/admin')!.id;
		expect(await call('GET', 'isScheduleAllowed', { query: { id: file } })).toMatchObject({ status: 200, text: 'true' });
		expect(await call('GET', 'isScheduleAllowed', { query: { id: folder } })).toMatchObject({ status: 200, text: 'true' });
		expect((await call('GET', 'isScheduleAllowed', { query: { id: 'no-such-id' } })).status).toBe(500);
		expect((await call('GET', 'isScheduleAllowed', { query: { id: '' } })).status).toBe(500);
		expect(await call('GET', 'isScheduleAllowed', { user: 'suzy', query: { id: 'no-such-id' } })).toMatchObject({ status: 200, text: 'false' });
		const node = repositoryOf(emulator().app).find('/home/admin/sales.ktr')!;
		node.notSchedulable = true;
		try {
			expect(await call('GET', 'isScheduleAllowed', { query: { id: file } })).toMatchObject({ status: 200, text: 'false' });
		} finally {
			node.notSchedulable = false;
		}
	});

	it('creating a job checks the input file in the repository: missing 500 with the message, not schedulable 403, a folder accepted', async () => {
		const trigger = { simpleJobTrigger: { uiPassParam: 'RUN_ONCE', repeatInterval: 0, repeatCount: 0, startTime: future(HOUR) } };
		const missing = await call('POST', 'job', { body: { jobName: 'x', inputFile: '/public/missing.ktr', ...trigger } });
		expect(missing.status).toBe(500);
		if (base.startsWith('/plugin')) expect(missing.text).toBe('Cannot find input source file /public/missing.ktr');
		const folder = await call('POST', 'job', { body: { jobName: 'x', inputFile: '/public/etl', ...trigger } });
		expect(folder.status).toBe(200);
		await call('PUT', 'removeJob', { body: { jobId: folder.text } });
		const node = repositoryOf(emulator().app).find('/home/admin/sales.ktr')!;
		node.notSchedulable = true;
		try {
			expect((await call('POST', 'job', { body: { jobName: 'x', inputFile: '/home/admin/sales.ktr', ...trigger } })).status).toBe(403);
		} finally {
			node.notSchedulable = false;
		}
	});

	it('run in background (no trigger) is allowed without the Schedule permission; jobinfo of someone else\'s job is 500 for them, pause/remove leave it as it is', async () => {
		const background = await call('POST', 'job', { user: 'suzy', body: { inputFile: '/home/admin/sales.ktr' } });
		expect(background.status).toBe(200);
		expect(background.text).toMatch(/^suzy\tsales\t[0-9a-f-]{36}$/);
		const job = await call('POST', 'job', { body: { jobName: 'Admin only', inputFile: '/home/admin/sales.ktr', ...{ simpleJobTrigger: { uiPassParam: 'RUN_ONCE', startTime: future(HOUR) } } } });
		const jobId = job.text;
		expect((await call('GET', 'jobinfo', { user: 'suzy', accept: 'application/json', query: { jobId } })).status).toBe(500);
		expect(await call('POST', 'pauseJob', { user: 'suzy', body: { jobId } })).toMatchObject({ status: 200, text: 'NORMAL' });
		expect(await call('PUT', 'removeJob', { user: 'suzy', body: { jobId } })).toMatchObject({ status: 200, text: 'NORMAL' });
		expect((await call('GET', 'jobinfo', { accept: 'application/json', query: { jobId } })).json().state).toBe('NORMAL');
		expect((await call('GET', 'getContentCleanerJob', { user: 'suzy', accept: 'application/json' })).status).toBe(204);
		for (const id of [background.text, jobId]) await call('PUT', 'removeJob', { body: { jobId: id } });
	});

	it('a lineage-id job parameter is kept (QuartzScheduler.createJob adds one only when missing); no uiPassParam parameter unless the trigger has one', async () => {
		const created = await call('POST', 'job', {
			body: {
				jobName: 'Kept lineage',
				inputFile: '/home/admin/sales.ktr',
				cronJobTrigger: { cronString: '0 0 9 ? * 2', startTime: future(HOUR) },
				jobParameters: [{ name: 'lineage-id', type: 'string', stringValue: ['my-lineage'] }],
			},
		});
		const job = (await call('GET', 'jobinfo', { accept: 'application/json', query: { jobId: created.text } })).json();
		const params = job.jobParams.jobParams as Array<{ name: string; value: string }>;
		expect(params.filter((p) => p.name === 'lineage-id')).toEqual([{ name: 'lineage-id', value: 'my-lineage' }]);
		expect(params.some((p) => p.name === 'uiPassParam')).toBe(false);
		expect(job.jobTrigger).not.toHaveProperty('uiPassParam');
		await call('PUT', 'removeJob', { body: { jobId: created.text } });
	});

	it('a request without Accept gets JSON from getJobs/jobinfo (@Produces JSON first) and XML from generatedContentForSchedule (XML first)', async () => {
		const jobs = await call('GET', 'getJobs');
		expect(jobs.type).toMatch(/application\/json/);
		expect(jobs.json().job.length).toBeGreaterThan(0);
		expect((await call('GET', 'generatedContentForSchedule', { query: { lineageId: 'x' } })).type).toMatch(/xml/);
		expect((await call('GET', 'getJobs', { accept: 'application/xml;q=0.9, application/json;q=0.5' })).type).toMatch(/xml/);
	});

	it('pause pauses the scheduler for the administrator only; start and state', async () => {
		expect(await call('POST', 'pause', { user: 'suzy' })).toMatchObject({ status: 200, text: 'RUNNING' });
		expect(await call('POST', 'pause')).toMatchObject({ status: 200, text: 'PAUSED' });
		expect(await call('GET', 'state')).toMatchObject({ status: 200, text: 'PAUSED' });
		expect(await call('POST', 'start')).toMatchObject({ status: 200, text: 'RUNNING' });
	});
});

describe('older servers (seed jsonStyle jersey1)', () => {
	let emu: RunningEmulator;
	beforeAll(async () => {
		emu = await startEmulator({
			seed: {
				scheduler: {
					schedules: [
						{
							user: 'suzy',
							request: {
								jobName: 'Only one',
								inputFile: '/home/suzy/notes.txt',
								simpleJobTrigger: { uiPassParam: 'HOURS', repeatInterval: 3600, repeatCount: -1, startTime: '2026-01-01T00:00:00.000Z' },
							},
						},
					],
					blockouts: [],
					contentCleaner: false,
					jsonStyle: 'jersey1',
				},
			},
		});
	});
	afterAll(async () => {
		await emu?.stop();
	});

	it('writes every scalar as a string; "job" and "values" stay arrays (the JAXB context resolver\'s arrays), other one-element lists bare', async () => {
		const body = (await client(() => emu, '/api/scheduler')('GET', 'getJobs', { accept: 'application/json' })).json();
		expect(Array.isArray(body.job)).toBe(true);
		expect(body.job).toHaveLength(1);
		expect(body.job[0].jobName).toBe('Only one');
		expect(body.job[0].jobTrigger.repeatInterval).toBe('3600');
		expect((emu.app.state.scheduler as SchedulerState).jobs.size).toBe(1);
	});
});
