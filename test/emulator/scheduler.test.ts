/**
 * The scheduler area of the emulator over plain HTTP (Node's fetch), under both scheduler paths.
 */
import { startEmulator, type RunningEmulator } from '../../emulator';
import { repositoryIndex } from '../../emulator/areas/repository';
import { fireDueSchedules, fireSchedule, SCHEDULER_BASES, type SchedulerState } from '../../emulator/areas/scheduler';

interface CallOptions {
	user?: string;
	body?: unknown;
	accept?: string;
	contentType?: string;
	query?: Record<string, string>;
}

function client(emulator: () => RunningEmulator, base: string) {
	return async (method: string, path: string, options: CallOptions = {}) => {
		const url = new URL(`${emulator().url}${base}/${path}`);
		for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
		const headers: Record<string, string> = {
			Authorization: `Basic ${Buffer.from(`${options.user ?? 'admin'}:password`).toString('base64')}`,
		};
		if (options.accept !== undefined) headers.Accept = options.accept;
		let body: string | undefined;
		if (options.body !== undefined) {
			headers['Content-Type'] = options.contentType ?? 'application/json';
			body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
		}
		const response = await fetch(url, { method, headers, body });
		const text = await response.text();
		return { status: response.status, text, type: response.headers.get('content-type') ?? '', json: () => JSON.parse(text) };
	};
}

const HOUR = 3_600_000;

/** The wall clock of an instant in a zone, as "YYYY-MM-DD HH:mm" plus the weekday (0 = Sunday). */
function wall(iso: string, timeZone: string): { text: string; weekday: number; day: number } {
	const date = new Date(iso);
	const parts = new Intl.DateTimeFormat('en-GB', {
		timeZone,
		hourCycle: 'h23',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
		weekday: 'short',
	}).formatToParts(date);
	const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
	return {
		text: `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`,
		weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday')),
		day: Number(get('day')),
	};
}

function future(ms: number): string {
	return new Date(Date.now() + ms).toISOString();
}

let emulator: RunningEmulator;
beforeAll(async () => {
	emulator = await startEmulator();
});
afterAll(async () => {
	await emulator?.stop();
});

describe.each(SCHEDULER_BASES)('scheduler endpoints under %s', (base) => {
	const call = client(() => emulator, base);

	it('GET getJobs lists the seeded jobs as {"job":[…]} with tab ids, future nextRun and typed triggers, without blockouts', async () => {
		const response = await call('GET', 'getJobs', { accept: 'application/json' });
		expect(response.status).toBe(200);
		expect(response.type).toMatch(/application\/json/);
		const jobs = response.json().job as Array<Record<string, any>>;
		const names = jobs.map((j) => j.jobName);
		expect(names).toEqual(expect.arrayContaining(['Daily sales load', 'Hourly ETL', 'Month-end close', 'Weekly report', 'GeneratedContentCleaner']));
		expect(names).not.toContain('BlockoutAction');
		const daily = jobs.find((j) => j.jobName === 'Daily sales load')!;
		expect(daily.jobId).toMatch(/^admin\tDaily sales load\t\d+$/);
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
		expect(response.text).toMatch(/<jobId>admin\tHourly ETL\t\d+<\/jobId>/);
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
		expect(jobId).toMatch(/^admin\tNightly load\t\d+$/);

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
		expect((await call('PUT', 'removeJob', { body: { jobId } })).status).toBe(500);
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
		expect(info.jobTrigger).toMatchObject({ '@type': 'simpleJobTrigger', repeatInterval: 1800, repeatCount: -1, uiPassParam: 'MINUTES' });
		await call('PUT', 'removeJob', { body: `<jobRequest><jobId>${created.text}</jobId></jobRequest>`, contentType: 'application/xml' });
	});

	it('a complex trigger with only startTime fires at 22:59 (10.3+: a lenient Calendar set to hour -1, minute -1); with startHour/startMin at that time', async () => {
		const request = (extra: Record<string, unknown>) => ({
			jobName: 'Weekly',
			inputFile: '/home/admin/sales.ktr',
			complexJobTrigger: { uiPassParam: 'WEEKLY', daysOfWeek: [3], startTime: '2026-01-01T14:45:00.000Z', ...extra },
			timeZone: 'UTC',
		});
		const bare = await call('POST', 'job', { body: request({}) });
		const both = await call('POST', 'job', { body: request({ startHour: 14, startMin: 45 }) });
		const bareInfo = (await call('GET', 'jobinfo', { accept: 'application/json', query: { jobId: bare.text } })).json();
		const bothInfo = (await call('GET', 'jobinfo', { accept: 'application/json', query: { jobId: both.text } })).json();
		expect(wall(bareInfo.nextRun, 'UTC').text.endsWith('22:59')).toBe(true);
		expect(wall(bareInfo.nextRun, 'UTC').weekday).toBe(3);
		expect(wall(bothInfo.nextRun, 'UTC').text.endsWith('14:45')).toBe(true);
		expect(wall(bothInfo.nextRun, 'UTC').weekday).toBe(3);
		for (const jobId of [bare.text, both.text]) await call('PUT', 'removeJob', { body: { jobId } });
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
		expect(job).toMatchObject({ status: 401, text: '' });
		const blockout = await call('POST', 'blockout/add', {
			user,
			body: { simpleJobTrigger: { uiPassParam: 'RUN_ONCE', startTime: future(HOUR), repeatInterval: 0, repeatCount: 0 }, duration: HOUR },
		});
		expect(blockout).toMatchObject({ status: 401, text: '' });
		const index = repositoryIndex(emulator.app)!;
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
		expect(json.json()).toMatchObject({ jobName: 'GeneratedContentCleaner', userName: 'admin', jobTrigger: { '@type': 'simpleJobTrigger', repeatInterval: 86400 } });
		expect(json.json().jobParams.jobParams).toEqual(expect.arrayContaining([{ name: 'age', value: '15552000' }]));
		const xml = await call('GET', 'getContentCleanerJob', { accept: 'application/xml' });
		expect(xml.text).toMatch(/<job><groupName>admin<\/groupName><jobId>admin\tGeneratedContentCleaner\t\d+<\/jobId>/);
	});

	it('generatedContentForSchedule lists repository files of a schedule with epoch-millisecond dates', async () => {
		const response = await call('GET', 'generatedContentForSchedule', { accept: 'application/json', query: { lineageId: ':public:etl:load_sales.ktr' } });
		expect(response.status).toBe(200);
		const files = response.json();
		expect(files).toHaveLength(1);
		expect(files[0]).toMatchObject({ name: 'Daily sales load.txt', path: '/home/admin/Daily sales load.txt', folder: 'false' });
		expect(files[0].createdDate).toMatch(/^\d{13}$/);
		const xml = await call('GET', 'generatedContentForSchedule', { query: { lineageId: ':public:etl:load_sales.ktr' } });
		expect(xml.text).toContain('<repositoryFileDto><id>');
		expect((await call('GET', 'generatedContentForSchedule', { accept: 'application/json', query: { lineageId: ':nothing' } })).json()).toEqual([]);
	});

	it('isScheduleAllowed checks the id against the repository: a file true, a folder false, an unknown id 500', async () => {
		const index = repositoryIndex(emulator.app)!;
		const file = index.byPath('/home/admin/sales.ktr')!.id;
		const folder = index.byPath('/home/admin')!.id;
		expect(await call('GET', 'isScheduleAllowed', { query: { id: file } })).toMatchObject({ status: 200, text: 'true' });
		expect(await call('GET', 'isScheduleAllowed', { query: { id: folder } })).toMatchObject({ status: 200, text: 'false' });
		expect((await call('GET', 'isScheduleAllowed', { query: { id: 'no-such-id' } })).status).toBe(500);
		expect((await call('GET', 'isScheduleAllowed', { query: { id: '' } })).status).toBe(500);
	});

	it('creating a job checks the input file in the repository: missing 500, a folder 403', async () => {
		const trigger = { simpleJobTrigger: { uiPassParam: 'RUN_ONCE', repeatInterval: 0, repeatCount: 0, startTime: future(HOUR) } };
		const missing = await call('POST', 'job', { body: { jobName: 'x', inputFile: '/public/missing.ktr', ...trigger } });
		expect(missing.status).toBe(500);
		expect(missing.text).toMatch(/Cannot find input source file \/public\/missing.ktr/);
		expect((await call('POST', 'job', { body: { jobName: 'x', inputFile: '/public/etl', ...trigger } })).status).toBe(403);
	});

	it('pause pauses the scheduler for the administrator only; start and state', async () => {
		expect(await call('POST', 'pause', { user: 'suzy' })).toMatchObject({ status: 200, text: 'RUNNING' });
		expect(await call('POST', 'pause')).toMatchObject({ status: 200, text: 'PAUSED' });
		expect(await call('GET', 'state')).toMatchObject({ status: 200, text: 'PAUSED' });
		expect(await call('POST', 'start')).toMatchObject({ status: 200, text: 'RUNNING' });
	});

	it('hasblockouts and blockoutjobs show the seeded blockout', async () => {
		expect(await call('GET', 'blockout/hasblockouts')).toMatchObject({ status: 200, text: 'true' });
		const blockouts = (await call('GET', 'blockout/blockoutjobs', { accept: 'application/json' })).json().job as Array<Record<string, any>>;
		expect(blockouts.length).toBeGreaterThanOrEqual(1);
		expect(blockouts[0].jobName).toBe('BlockoutAction');
		expect(blockouts[0].jobParams.jobParams).toEqual(expect.arrayContaining([{ name: 'DURATION_PARAM', value: '7200000' }]));
		expect(wall(blockouts[0].nextRun, 'UTC')).toMatchObject({ weekday: 0 });
	});
});

describe('blockouts, firing and seeds (own emulator)', () => {
	let emu: RunningEmulator;
	beforeAll(async () => {
		emu = await startEmulator({ seed: { scheduler: { blockouts: [], contentCleaner: false } } });
	});
	afterAll(async () => {
		await emu?.stop();
	});
	const api = client(() => emu, '/api/scheduler');
	const plugin = client(() => emu, '/plugin/scheduler-plugin/api/scheduler');
	const once = (startMs: number) => ({ uiPassParam: 'RUN_ONCE', repeatInterval: 0, repeatCount: 0, startTime: new Date(startMs).toISOString() });

	it('without blockouts: hasblockouts false, shouldFireNow true, no content cleaner (204)', async () => {
		expect((await api('GET', 'blockout/hasblockouts')).text).toBe('false');
		expect((await plugin('GET', 'blockout/shouldFireNow')).text).toBe('true');
		expect((await api('GET', 'getContentCleanerJob', { accept: 'application/json' })).status).toBe(204);
	});

	it.each(SCHEDULER_BASES)('under %s: add → update → willFire / shouldFireNow / blockstatus are computed from the blockout windows', async (base) => {
		const c = client(() => emu, base);
		const now = Date.now();
		// A blockout from one minute ago, lasting an hour: now is blocked.
		const added = await c('POST', 'blockout/add', { body: { simpleJobTrigger: once(now - 60_000), duration: HOUR, timeZone: 'UTC' } });
		expect(added.status).toBe(200);
		expect(added.text).toMatch(/^admin\tBlockoutAction\t\d+$/);
		expect((await c('GET', 'blockout/hasblockouts')).text).toBe('true');
		expect((await c('GET', 'blockout/shouldFireNow')).text).toBe('false');

		const inside = { simpleJobTrigger: once(now + 10 * 60_000) };
		const outside = { simpleJobTrigger: once(now + 2 * HOUR) };
		const hourly = { simpleJobTrigger: { uiPassParam: 'MINUTES', repeatInterval: 1800, repeatCount: 5, startTime: new Date(now + 60_000).toISOString() } };
		expect((await c('POST', 'blockout/willFire', { body: inside })).text).toBe('false');
		expect((await c('POST', 'blockout/willFire', { body: outside })).text).toBe('true');
		expect((await c('POST', 'blockout/blockstatus', { accept: 'application/json', body: inside })).json()).toEqual({ totallyBlocked: true, partiallyBlocked: true });
		expect((await c('POST', 'blockout/blockstatus', { accept: 'application/json', body: hourly })).json()).toEqual({ totallyBlocked: false, partiallyBlocked: true });
		expect((await c('POST', 'blockout/blockstatus', { accept: 'application/json', body: outside })).json()).toEqual({ totallyBlocked: false, partiallyBlocked: false });
		expect((await c('POST', 'blockout/blockstatus', { body: outside })).text).toContain('<blockStatusProxy><totallyBlocked>false</totallyBlocked>');

		// Update moves the blockout to three hours from now: a new id, the old one gone, now no longer blocked.
		const updated = await c('POST', 'blockout/update', {
			query: { jobid: added.text },
			body: { simpleJobTrigger: once(now + 3 * HOUR), duration: HOUR, timeZone: 'UTC' },
		});
		expect(updated.status).toBe(200);
		expect(updated.text).toMatch(/^admin\tBlockoutAction\t\d+$/);
		expect(updated.text).not.toBe(added.text);
		const ids = ((await c('GET', 'blockout/blockoutjobs', { accept: 'application/json' })).json().job as Array<{ jobId: string }>).map((j) => j.jobId);
		expect(ids).toEqual([updated.text]);
		expect((await c('GET', 'blockout/shouldFireNow')).text).toBe('true');
		expect((await c('POST', 'blockout/willFire', { body: inside })).text).toBe('true');
		expect((await c('POST', 'blockout/willFire', { body: { simpleJobTrigger: once(now + 3 * HOUR + 60_000) } })).text).toBe('false');

		// Errors of add/update/blockstatus are 401.
		expect((await c('POST', 'blockout/update', { query: { jobid: 'admin\tBlockoutAction\t1' }, body: { simpleJobTrigger: once(now), duration: HOUR } })).status).toBe(401);
		expect((await c('POST', 'blockout/add', { body: { simpleJobTrigger: once(now) } })).status).toBe(401);
		expect((await c('POST', 'blockout/blockstatus', { accept: 'application/json', body: { cronJobTrigger: { cronString: 'nope' } } })).status).toBe(401);
		expect((await c('POST', 'blockout/update', { user: 'suzy', query: { jobid: updated.text }, body: { simpleJobTrigger: once(now), duration: HOUR } })).status).toBe(401);

		await c('PUT', 'removeJob', { body: { jobId: updated.text } });
		expect((await c('GET', 'blockout/hasblockouts')).text).toBe('false');
	});

	it('fireSchedule sets lastRun and moves nextRun on; paused jobs and a paused scheduler do not fire; blocked runs are skipped', async () => {
		const start = Date.now() - 5 * 60_000;
		const created = await api('POST', 'job', {
			body: {
				jobName: 'Quarter-hourly',
				inputFile: '/home/admin/sales.ktr',
				outputFile: '/home/admin/out',
				simpleJobTrigger: { uiPassParam: 'MINUTES', repeatInterval: 900, repeatCount: -1, startTime: new Date(start).toISOString() },
				timeZone: 'UTC',
			},
		});
		const jobId = created.text;
		const info = async () => (await api('GET', 'jobinfo', { accept: 'application/json', query: { jobId } })).json();
		expect((await info()).nextRun).toBe(new Date(start + 900_000).toISOString());
		expect((await info()).lastRun).toBeUndefined();

		const first = fireSchedule(emu.app, jobId);
		expect(first).toMatchObject({ fired: true, at: start + 900_000 });
		expect(await info()).toMatchObject({ lastRun: new Date(start + 900_000).toISOString(), nextRun: new Date(start + 1_800_000).toISOString() });
		const files = (await api('GET', 'generatedContentForSchedule', { accept: 'application/json', query: { lineageId: ':home:admin:sales.ktr' } })).json();
		expect(files.map((f: { path: string }) => f.path)).toEqual(['/home/admin/out/Quarter-hourly.txt']);

		await api('POST', 'pauseJob', { body: { jobId } });
		expect(fireSchedule(emu.app, jobId)).toMatchObject({ fired: false, reason: 'paused' });
		await api('POST', 'resumeJob', { body: { jobId } });
		await api('POST', 'pause');
		expect(fireSchedule(emu.app, jobId)).toMatchObject({ fired: false, reason: 'schedulerPaused' });
		await api('POST', 'start');

		// A blockout over the next run: the run is skipped, nextRun moves on, lastRun stays.
		const blockout = await api('POST', 'blockout/add', { body: { simpleJobTrigger: once(start + 1_800_000 - 60_000), duration: 120_000 } });
		expect(fireSchedule(emu.app, jobId)).toMatchObject({ fired: false, reason: 'blocked', at: start + 1_800_000 });
		expect(await info()).toMatchObject({ lastRun: new Date(start + 900_000).toISOString(), nextRun: new Date(start + 2_700_000).toISOString() });
		await api('PUT', 'removeJob', { body: { jobId: blockout.text } });

		// Moving the clock past two fire times and firing what is due runs it twice.
		emu.app.advanceClock(2_700_000 - 5 * 60_000 + 900_000 + 1000);
		const results = fireDueSchedules(emu.app).filter((r) => r.job.jobId === jobId);
		expect(results.map((r) => r.at)).toEqual([start + 2_700_000, start + 3_600_000]);
		expect((await info()).lastRun).toBe(new Date(start + 3_600_000).toISOString());
		expect(() => fireSchedule(emu.app, 'admin\tnone\t1')).toThrow(/No scheduled job/);
	});

	it('fireSchedule fires a one-off job, which then has finished (jobinfo 204, gone from getJobs)', async () => {
		const created = await api('POST', 'job', {
			body: { jobName: 'Once', inputFile: '/home/admin/sales.ktr', simpleJobTrigger: once(Date.now() + HOUR), timeZone: 'UTC' },
		});
		const jobId = created.text;
		expect(fireSchedule(emu.app, jobId)).toMatchObject({ fired: true });
		expect((await api('GET', 'jobinfo', { accept: 'application/json', query: { jobId } })).status).toBe(204);
		const ids = ((await api('GET', 'getJobs', { accept: 'application/json' })).json().job as Array<{ jobId: string }>).map((j) => j.jobId);
		expect(ids).not.toContain(jobId);
	});

	it('without a repository index any non-empty input file and file id is accepted', async () => {
		const saved = emu.app.state.repositoryIndex;
		delete emu.app.state.repositoryIndex;
		try {
			const trigger = { simpleJobTrigger: once(Date.now() + HOUR) };
			const created = await api('POST', 'job', { body: { jobName: 'anywhere', inputFile: '/nowhere/x.ktr', ...trigger } });
			expect(created.status).toBe(200);
			expect((await api('GET', 'isScheduleAllowed', { query: { id: 'any-id' } })).text).toBe('true');
			await api('PUT', 'removeJob', { body: { jobId: created.text } });
		} finally {
			emu.app.state.repositoryIndex = saved;
		}
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

	it('writes every scalar as a string and a one-element list as a bare object', async () => {
		const body = (await client(() => emu, '/api/scheduler')('GET', 'getJobs', { accept: 'application/json' })).json();
		expect(Array.isArray(body.job)).toBe(false);
		expect(body.job.jobName).toBe('Only one');
		expect(body.job.jobTrigger.repeatInterval).toBe('3600');
		expect((emu.app.state.scheduler as SchedulerState).jobs.size).toBe(1);
	});
});

/**
 * What the real servers do with the fields a request carries, per version, with the server in UTC:
 * the defects of the old node show here (these requests are what it used to send).
 */
describe.each(['9.3', '10.2', '11.0'] as const)('server %s in UTC: how requests are read', (profile) => {
	let emu: RunningEmulator;
	beforeAll(async () => {
		emu = await startEmulator({ profile, serverTimeZone: 'UTC', seed: { scheduler: { schedules: [], blockouts: [], contentCleaner: false } } });
	});
	afterAll(async () => {
		await emu?.stop();
	});
	const call = (method: string, path: string, options: CallOptions = {}) => client(() => emu, '/api/scheduler')(method, path, options);
	const modern = profile === '11.0';
	const job = (trigger: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
		jobName: 'J',
		inputFile: '/home/admin/sales.ktr',
		timeZone: 'Europe/Berlin',
		...trigger,
		...extra,
	});
	const nextRun = async (id: string) => (await call('GET', 'jobinfo', { accept: 'application/json', query: { jobId: id } })).json().nextRun as string;

	it(modern ? 'startYear is read as years since 1900: the full year gives 3926, which never fires (500; blockouts 401)' : 'startYear is not a field of the request: it is ignored', async () => {
		const fields = { uiPassParam: 'WEEKLY', daysOfWeek: [1], startHour: 9, startMin: 30, startYear: 2027, startMonth: 2, startDay: 26, startTime: '2027-03-26T09:30:00.000+01:00' };
		const created = await call('POST', 'job', { body: job({ complexJobTrigger: fields }) });
		const blockout = await call('POST', 'blockout/add', { body: { complexJobTrigger: fields, timeZone: 'Europe/Berlin', duration: 3_600_000 } });
		if (modern) {
			expect(created.status).toBe(500);
			expect(created.text).toMatch(/will never fire/);
			expect(blockout).toMatchObject({ status: 401, text: '' });
			const right = await call('POST', 'job', { body: job({ complexJobTrigger: { ...fields, startYear: 127 } }) });
			expect(right.status).toBe(200);
			expect(wall(await nextRun(right.text), 'Europe/Berlin').text).toBe('2027-03-29 09:30');
		} else {
			expect(created.status).toBe(200);
			expect(blockout.status).toBe(200);
		}
	});

	it('cron day names count from SUN = 0 on the server: MON-FRI runs Sunday to Thursday; month names fail with 500', async () => {
		const names = await call('POST', 'job', { body: job({ cronJobTrigger: { uiPassParam: 'CRON', cronString: '0 0 9 ? * MON-FRI', startTime: '2027-03-26T09:30:00.000Z', startHour: 9, startMin: 30, startYear: 127, startMonth: 2, startDay: 26 } }) });
		expect(names.status).toBe(200);
		const info = (await call('GET', 'jobinfo', { accept: 'application/json', query: { jobId: names.text } })).json();
		expect(info.jobTrigger.cronString).toBe('0 0 9 ? * 1-5 *');
		const months = await call('POST', 'job', { body: job({ cronJobTrigger: { uiPassParam: 'CRON', cronString: '0 0 9 1 JAN ?', startTime: '2027-03-26T09:30:00.000Z' } }) });
		expect(months.status).toBe(500);
	});

	it(
		modern
			? 'the end time is read as its wall clock in the server zone, in the schedule zone: 18:00+01:00 ends at 17:00 Berlin'
			: 'the start time is read as its wall clock in the server zone, in the schedule zone: 09:30+01:00 starts at 08:30 Berlin',
		async () => {
			const created = await call('POST', 'job', {
				body: job({
					simpleJobTrigger: {
						uiPassParam: 'HOURS',
						repeatInterval: 3600,
						repeatCount: -1,
						startTime: '2027-03-26T09:30:00.000+01:00',
						endTime: '2027-03-26T18:00:00.000+01:00',
					},
				}),
			});
			expect(created.status).toBe(200);
			const trigger = (emu.app.state.scheduler as SchedulerState).jobs.get(created.text)!.trigger;
			if (modern) {
				expect(wall(new Date(trigger.end!).toISOString(), 'Europe/Berlin').text).toBe('2027-03-26 17:00');
				expect(wall(new Date(trigger.start).toISOString(), 'Europe/Berlin').text).toBe('2027-03-26 09:30');
			} else {
				expect(wall(new Date(trigger.start).toISOString(), 'Europe/Berlin').text).toBe('2027-03-26 08:30');
				expect(wall(new Date(trigger.end!).toISOString(), 'Europe/Berlin').text).toBe('2027-03-26 18:00');
			}
		},
	);

	it(modern ? 'repeatCount is not read (a calendar interval)' : 'repeatCount is read (a SimpleTrigger)', async () => {
		const created = await call('POST', 'job', {
			body: job({ simpleJobTrigger: { uiPassParam: 'MINUTES', repeatInterval: 60, repeatCount: 1, startTime: '2027-03-26T09:30:00.000Z' } }),
		});
		const trigger = (emu.app.state.scheduler as SchedulerState).jobs.get(created.text)!.trigger;
		const { fireTimes } = await import('../../emulator/areas/scheduler/triggers');
		expect(fireTimes(trigger, Date.parse('2027-01-01T00:00:00Z'), 5)).toHaveLength(modern ? 5 : 2);
	});

	it('a date parameter must be yyyy-MM-ddTHH:mm:ss.SSS+hhmm (JobScheduleParam): an ISO offset with a colon is a 500', async () => {
		const trigger = { simpleJobTrigger: { uiPassParam: 'RUN_ONCE', repeatInterval: 0, repeatCount: 0, startTime: '2027-03-26T09:30:00.000Z' } };
		const bad = await call('POST', 'job', { body: job(trigger, { jobParameters: [{ name: 'since', type: 'date', stringValue: ['2027-01-01T00:00:00.000+01:00'] }] }) });
		expect(bad.status).toBe(500);
		const good = await call('POST', 'job', { body: job(trigger, { jobParameters: [{ name: 'since', type: 'date', stringValue: ['2027-01-01T00:00:00.000+0100'] }] }) });
		expect(good.status).toBe(200);
	});

	it('GET /api/system/timezones names the server zone', async () => {
		const response = await fetch(`${emu.url}/api/system/timezones`, {
			headers: { Authorization: `Basic ${Buffer.from('admin:password').toString('base64')}`, Accept: 'application/json' },
		});
		expect(((await response.json()) as { serverTzId?: string }).serverTzId).toBe('UTC');
	});
});
