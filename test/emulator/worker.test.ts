/** The worker area of the emulator over plain HTTP (not through the nodes): all 11 endpoints. */
import { gunzipSync, inflateSync } from 'node:zlib';

import { XMLParser } from 'fast-xml-parser';

import { startEmulator, type RunningEmulator } from '../../emulator';
import type { WorkerState } from '../../emulator/areas/worker';

const AUTH = `Basic ${Buffer.from('admin:password').toString('base64')}`;
const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, trimValues: true, htmlEntities: true });

let emu: RunningEmulator;
let repositoryLookup: unknown;
const DURATION = 10_000;

beforeAll(async () => {
	emu = await startEmulator({ jobDurationMs: DURATION });
	// The repository area limits runJob to files it holds; most tests here run made-up paths.
	repositoryLookup = emu.app.state.repositoryLookup;
	delete emu.app.state.repositoryLookup;
});
afterAll(async () => {
	await emu.stop();
});

const state = () => emu.app.state.worker as WorkerState;

async function call(path: string, init: RequestInit = {}) {
	const response = await fetch(`${emu.url}${path}`, { ...init, headers: { Authorization: AUTH, ...(init.headers ?? {}) } });
	const body = Buffer.from(await response.arrayBuffer());
	return { status: response.status, type: response.headers.get('content-type') ?? '', body, text: body.toString('utf8') };
}

async function xml(path: string, init?: RequestInit) {
	const answer = await call(path, init);
	return { ...answer, doc: parser.parse(answer.text) as Record<string, any> };
}

function decodeLog(loggingString: string): string {
	const match = /^<!\[CDATA\[([\s\S]*)\]\]>$/.exec(loggingString);
	expect(match).not.toBeNull();
	return gunzipSync(Buffer.from(match![1], 'base64')).toString('utf8');
}

function jobConfiguration(name: string, parameters: Record<string, string> = {}, variables: Record<string, string> = {}) {
	const pairs = (list: Record<string, string>, tag: string) =>
		Object.entries(list)
			.map(([n, v]) => `<${tag}><name>${n}</name><value>${v.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</value></${tag}>`)
			.join('');
	return `<?xml version="1.0" encoding="UTF-8"?><job_configuration><job><name>${name}</name><entries><entry><name>START</name></entry><entry><name>Load</name></entry></entries></job><job_execution_configuration><exec_local>Y</exec_local><parameters>${pairs(parameters, 'parameter')}</parameters><variables>${pairs(variables, 'variable')}</variables><log_level>Detailed</log_level></job_execution_configuration></job_configuration>`;
}

describe('worker emulator: status', () => {
	it.each(['/dataflow/status', '/kettle/status/'])('%s?xml=Y answers the server status XML with OS, memory, CPU and the lists', async (path) => {
		const answer = await xml(`${path}?xml=Y`);
		expect(answer.status).toBe(200);
		// 11.x writes application/xml (contentTypeAndHeader); 9.x/10.x text/xml: see the profile test below.
		expect(answer.type).toMatch(/^application\/xml/);
		const status = answer.doc.serverstatus;
		expect(status.statusdesc).toBe('Online');
		for (const field of ['memory_free', 'memory_total', 'cpu_cores', 'cpu_process_time', 'uptime', 'thread_count']) {
			expect(status[field]).toMatch(/^\d+$/);
		}
		expect(status.os_name).not.toBe('');
		expect(status.os_arch).not.toBe('');
		const transformations = [status.transstatuslist.transstatus].flat();
		expect(transformations.map((t: any) => [t.transname, t.status_desc, t.paused])).toEqual([
			['stage_customers', 'Running', 'N'],
			['daily_revenue', 'Finished', 'N'],
		]);
	});

	it('answers HTML without xml=Y, accepts POST like the real servlets, and wants Basic auth', async () => {
		const page = await call('/dataflow/status');
		expect(page.type).toMatch(/^text\/html/);
		expect(page.text).toContain('stage_customers');
		const posted = await xml('/dataflow/status?xml=Y', { method: 'POST' });
		expect(posted.doc.serverstatus.statusdesc).toBe('Online');
		const anonymous = await fetch(`${emu.url}/dataflow/status?xml=Y`);
		expect(anonymous.status).toBe(401);
	});
});

describe('worker emulator: jobs', () => {
	it('addJob registers a job that goes Waiting → Running → Finished, with its log and counters', async () => {
		const added = await xml('/dataflow/addJob?xml=Y', {
			method: 'POST',
			headers: { 'Content-Type': 'application/xml' },
			body: jobConfiguration('nightly_load', { LOG_LINES: '4', REGION: 'north & south' }, { ROWS: '50', EMPTY: '' }),
		});
		expect(added.type).toMatch(/^application\/xml/);
		expect(added.doc.webresult.result).toBe('OK');
		const id = added.doc.webresult.id;
		// Encode.forHtml'd before WebResult escapes it again: after XML parsing the entities remain.
		expect(added.doc.webresult.message).toBe(`Job &#39;nightly_load&#39; was added to the list with id ${id}`);
		const job = state().jobs.find((j) => j.id === id)!;
		expect(job.parameters).toEqual({ LOG_LINES: '4', REGION: 'north & south' });
		expect(job.variables).toEqual({ ROWS: '50', EMPTY: '' });
		expect(job.logLevel).toBe('Detailed');

		const first = await xml(`/dataflow/jobStatus?name=nightly_load&id=${id}&xml=Y&from=0`);
		expect(first.doc.jobstatus.status_desc).toBe('Waiting');

		emu.app.advanceClock(DURATION / 2);
		const middle = await xml(`/dataflow/jobStatus?name=nightly_load&id=${id}&xml=Y&from=0`);
		expect(middle.doc.jobstatus.status_desc).toBe('Running');
		// job.getResult() is null until the job ends: the real status has no <result> yet.
		expect(middle.doc.jobstatus.result).toBeUndefined();
		expect(first.doc.jobstatus.result).toBeUndefined();

		emu.app.advanceClock(DURATION);
		const done = await xml(`/dataflow/jobStatus?name=nightly_load&id=${id}&xml=Y&from=0`);
		const status = done.doc.jobstatus;
		expect(status.status_desc).toBe('Finished');
		expect(status.jobname).toBe('nightly_load');
		expect(status.id).toBe(id);
		expect(status.log_date).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/);
		const log = decodeLog(status.logging_string);
		const lines = log.trimEnd().split('\n');
		expect(lines).toHaveLength(4);
		expect(lines[0]).toMatch(/ - nightly_load - Start of job execution$/);
		expect(lines[3]).toMatch(/ - nightly_load - Job execution finished$/);
		expect(status.result).toMatchObject({ lines_read: '50', lines_written: '50', nr_errors: '0', result: 'Y', is_stopped: 'N' });
	});

	it('writes logging_string as escaped text (not a CDATA section) and serves the log from a line', async () => {
		const run = await xml('/dataflow/runJob?job=/public/etl/paged&level=Basic&LOG_LINES=10');
		const id = run.doc.webresult.id;
		emu.app.advanceClock(DURATION / 2);
		const half = await call(`/dataflow/jobStatus?name=paged&id=${id}&xml=Y&from=0`);
		expect(half.text).toMatch(/<logging_string>&lt;!\[CDATA\[H4sI[A-Za-z0-9+/=]+\]\]&gt;<\/logging_string>/);
		const halfDoc = parser.parse(half.text).jobstatus;
		const firstPart = decodeLog(halfDoc.logging_string).trimEnd().split('\n');
		expect(firstPart.length).toBeGreaterThan(0);
		expect(firstPart.length).toBeLessThan(10);
		expect(halfDoc.first_log_line_nr).toBe('0');
		const last = Number(halfDoc.last_log_line_nr);

		emu.app.advanceClock(DURATION);
		const rest = (await xml(`/dataflow/jobStatus?name=paged&id=${id}&xml=Y&from=${last}`)).doc.jobstatus;
		expect(rest.first_log_line_nr).toBe(String(last));
		const secondPart = decodeLog(rest.logging_string).trimEnd().split('\n');
		expect([...firstPart, ...secondPart]).toHaveLength(10);
		expect(secondPart[secondPart.length - 1]).toMatch(/Job execution finished$/);

		const again = (await xml(`/dataflow/jobStatus?id=${id}&xml=Y&from=${rest.last_log_line_nr}`)).doc.jobstatus;
		expect(decodeLog(again.logging_string)).toBe('');
		expect(again.status_desc).toBe('Finished');

		// A server that ignores "from" answers the whole log again, starting at line 0.
		state().ignoreFrom = true;
		try {
			const ignored = (await xml(`/dataflow/jobStatus?id=${id}&xml=Y&from=${last}`)).doc.jobstatus;
			expect(ignored.first_log_line_nr).toBe('0');
			expect(decodeLog(ignored.logging_string).trimEnd().split('\n')).toHaveLength(10);
		} finally {
			state().ignoreFrom = false;
		}
	});

	it.each([
		['FAIL=Y', 'failing_job', 'Finished (with errors)', { nr_errors: '1', result: 'N', is_stopped: 'N' }],
		['STOP=Y', 'halted', 'Stopped', { nr_errors: '0', result: 'N', is_stopped: 'Y' }],
		['RESULT=N', 'false_result', 'Finished', { nr_errors: '0', result: 'N', exit_status: '1' }],
		['FAIL=Y&ERRORS=3', 'three_errors', 'Finished (with errors)', { nr_errors: '3' }],
	])('runJob with %s ends as asked', async (query, name, finalStatus, result) => {
		const run = await xml(`/kettle/runJob?job=/public/${name}&level=Debug&${query}`);
		expect(run.doc.webresult).toMatchObject({ result: 'OK', message: 'Job started' });
		emu.app.advanceClock(DURATION + 1);
		const status = (await xml(`/kettle/jobStatus?name=${name}&id=${run.doc.webresult.id}&xml=Y`)).doc.jobstatus;
		expect(status.status_desc).toBe(finalStatus);
		expect(status.result).toMatchObject(result);
	});

	it('a job whose name contains "fail" finishes with errors; a stopping job passes through Halting', async () => {
		const failing = await xml('/dataflow/runJob?job=/public/will_fail');
		const stopping = await xml('/dataflow/runJob?job=/public/slow&STOP=Y');
		emu.app.advanceClock(DURATION * 0.8);
		expect((await xml(`/dataflow/jobStatus?id=${stopping.doc.webresult.id}&xml=Y`)).doc.jobstatus.status_desc).toBe('Halting');
		emu.app.advanceClock(DURATION);
		const failed = (await xml(`/dataflow/jobStatus?id=${failing.doc.webresult.id}&xml=Y`)).doc.jobstatus;
		expect(failed.status_desc).toBe('Finished (with errors)');
		expect(decodeLog(failed.logging_string)).toMatch(/ERROR: Job entry \[Check data\] failed/);
		expect((await xml(`/dataflow/jobStatus?id=${stopping.doc.webresult.id}&xml=Y`)).doc.jobstatus.status_desc).toBe('Stopped');
	});

	it('runJob passes extra query parameters as job parameters and names the job after the path', async () => {
		const run = await xml('/dataflow/runJob?job=/home/admin/sales%20load&level=Minimal&DATE=2024-01-31&REGION=n%26s');
		const job = state().jobs.find((j) => j.id === run.doc.webresult.id)!;
		expect(job).toMatchObject({ name: 'sales load', path: '/home/admin/sales load', logLevel: 'Minimal', source: 'run' });
		expect(job.parameters).toEqual({ DATE: '2024-01-31', REGION: 'n&s' });
	});

	it('runJob prints its webresult without an XML header or a content type, as the real servlet does', async () => {
		const run = await call('/kettle/runJob?job=/public/etl/bare&level=Basic');
		expect(run.status).toBe(200);
		expect(run.type).toBe('');
		expect(run.text.startsWith('<webresult>')).toBe(true);
	});

	it('runJob answers a webresult ERROR with HTTP 200 for a missing, unknown or wrong path', async () => {
		const missing = await xml('/dataflow/runJob?level=Basic');
		expect(missing.status).toBe(200);
		expect(missing.doc.webresult.result).toBe('ERROR');
		expect((await xml('/dataflow/runJob?job=/public/clean.ktr')).doc.webresult.message).toMatch(/transformation, not a job/);

		// The repository area's own lookup: only files it holds run.
		expect(typeof repositoryLookup).toBe('function');
		emu.app.state.repositoryLookup = repositoryLookup;
		try {
			const unknown = await xml('/dataflow/runJob?job=/public/unknown');
			expect(unknown.status).toBe(200);
			expect(unknown.doc.webresult).toMatchObject({ result: 'ERROR' });
			expect(unknown.doc.webresult.message).toMatch(/could not be found in the repository/);
			expect((await xml('/dataflow/runJob?job=/public/etl/daily_load')).doc.webresult.result).toBe('OK');
			// Repository names carry no extension: the real servlet does not find '/x/daily_load.kjb'.
			const withExtension = await xml('/dataflow/runJob?job=/public/etl/daily_load.kjb');
			expect(withExtension.status).toBe(200);
			expect(withExtension.doc.webresult.result).toBe('ERROR');
			emu.app.state.repositoryLookup = (path: string) => path === '/public/known.kjb';
			expect((await xml('/dataflow/runJob?job=/public/known')).doc.webresult.result).toBe('OK');
			expect((await xml('/dataflow/runJob?job=/public/etl/daily_load')).doc.webresult.result).toBe('ERROR');
		} finally {
			delete emu.app.state.repositoryLookup;
		}
	});

	it('jobStatus answers 400 without name and id, 404 for an unknown job, and finds a job by id alone', async () => {
		const none = await xml('/dataflow/jobStatus?xml=Y');
		expect(none.status).toBe(400);
		expect(none.doc.webresult.result).toBe('ERROR');
		const unknown = await xml('/dataflow/jobStatus?name=nope&xml=Y');
		expect(unknown.status).toBe(404);
		expect(unknown.doc.webresult.message).toMatch(/could not be found/);
		const run = await xml('/dataflow/runJob?job=/public/by_id');
		const byId = await xml(`/dataflow/jobStatus?id=${run.doc.webresult.id}&xml=Y`);
		expect(byId.doc.jobstatus.jobname).toBe('by_id');
		const wrongName = await xml(`/dataflow/jobStatus?name=other&id=${run.doc.webresult.id}&xml=Y`);
		expect(wrongName.status).toBe(404);
	});

	it('addJob answers a webresult ERROR for a body without a job', async () => {
		const answer = await xml('/dataflow/addJob?xml=Y', { method: 'POST', body: '<job_configuration><nothing/></job_configuration>' });
		expect(answer.status).toBe(200);
		expect(answer.doc.webresult.result).toBe('ERROR');
	});

	it('jobImage answers a valid PNG, and errors as the real server does', async () => {
		const added = await xml('/dataflow/addJob?xml=Y', { method: 'POST', body: jobConfiguration('drawn') });
		const image = await call(`/dataflow/jobImage?name=drawn&id=${added.doc.webresult.id}`);
		expect(image.status).toBe(200);
		expect(image.type).toBe('image/png');
		const png = image.body;
		expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
		// Walk the chunks: IHDR first, IDAT inflates to height scanlines of (1 + width * 3) bytes, IEND last.
		let offset = 8;
		const chunks: Array<{ type: string; data: Buffer }> = [];
		while (offset < png.length) {
			const length = png.readUInt32BE(offset);
			chunks.push({ type: png.subarray(offset + 4, offset + 8).toString('ascii'), data: png.subarray(offset + 8, offset + 8 + length) });
			offset += 12 + length;
		}
		expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
		const width = chunks[0].data.readUInt32BE(0);
		const height = chunks[0].data.readUInt32BE(4);
		expect(width).toBeGreaterThan(0);
		expect(inflateSync(chunks[1].data)).toHaveLength((1 + width * 3) * height);

		const missing = await call('/dataflow/jobImage?name=nope');
		expect(missing.status).toBe(404);
		expect(missing.type).toMatch(/html/);
		const missingXml = await xml('/dataflow/jobImage?name=nope&xml=Y');
		expect(missingXml.status).toBe(200);
		expect(missingXml.doc.webresult.result).toBe('ERROR');
	});

	it('the status page lists the jobs with their states', async () => {
		const status = (await xml('/dataflow/status?xml=Y')).doc.serverstatus;
		const jobs = [status.jobstatuslist.jobstatus].flat();
		expect(jobs.find((j: any) => j.jobname === 'nightly_load')).toMatchObject({ status_desc: 'Finished' });
		expect(jobs.length).toBe(state().jobs.length);
	});
});

describe('worker emulator: sockets', () => {
	it('allocates ports unique per host, gives the same port back for the same allocation, and lists them', async () => {
		const allocate = async (query: string) => Number((await xml(`/dataflow/allocateSocket?xml=Y&${query}`)).doc.port);
		const a = await allocate('host=h1&id=run1&trans=t1&sourceSlave=s1&sourceStep=Read&sourceCopy=0&targetSlave=s2&targetStep=Write&targetCopy=1');
		const b = await allocate('host=h1&id=run1&trans=t1&sourceSlave=s1&sourceStep=Read&sourceCopy=1&targetSlave=s2&targetStep=Write&targetCopy=1');
		const again = await allocate('host=h1&id=run1&trans=t1&sourceSlave=s1&sourceStep=Read&sourceCopy=0&targetSlave=s2&targetStep=Write&targetCopy=1');
		const otherHost = await allocate('host=h2&trans=t1');
		const ranged = await allocate('host=h1&rangeStart=41000&trans=t9');
		expect([a, b, again, otherHost, ranged]).toEqual([40000, 40001, 40000, 40000, 41000]);

		const raw = await call('/dataflow/allocateSocket?xml=Y&host=h3');
		expect(raw.type).toMatch(/^text\/xml/);
		expect(raw.text).toMatch(/<port>40000<\/port>/);
		expect((await call('/dataflow/allocateSocket?host=h3&trans=x')).text).toMatch(/--> port : 40001/);

		state().sockets.find((s) => s.host === 'h1' && s.port === 40001)!.allocated = false;
		const listing = await call('/dataflow/listSocket?host=h1');
		expect(listing.type).toMatch(/^text\/html/);
		expect(listing.text).toContain("<H1>Ports for host &#x27;h1&#x27;</H1>");
		expect(listing.text).toContain('40000 : Transformation=t1, s1/Read.0\n --> s2/Write.1\n id=run1, allocated=true\n time=');
		expect(listing.text).toContain(' id=run1, allocated=false');
		expect(listing.text).toMatch(/ time=\w{3} \w{3} \d{2} \d{2}:\d{2}:\d{2} UTC \d{4}/);
		const open = await call('/dataflow/listSocket?host=h1&onlyOpen=Y');
		expect(open.text).not.toContain('40001 :');
		expect(open.text).toContain('40000 :');
		expect((await call('/dataflow/listSocket?host=nowhere')).text).toContain("No port allocations found for host &#x27;nowhere&#x27;");
	});
});

describe('worker emulator: sequences', () => {
	it('reserves blocks (default increment 10000) and answers 404 for an unknown sequence', async () => {
		const reserve = async (query: string) => (await xml(`/dataflow/nextSequence?${query}`)).doc.seq;
		expect(await reserve('name=batch_id')).toEqual({ value: '570000', increment: '10000' });
		expect(await reserve('name=batch_id&increment=5')).toEqual({ value: '580000', increment: '5' });
		expect(await reserve('name=batch_id&increment=100')).toEqual({ value: '580005', increment: '100' });
		// sendError(404) comes before the servlet writes <seq><error>: the container's page wins (Tomcat in the BI server).
		const unknown = await call('/kettle/nextSequence?name=nope');
		expect(unknown.status).toBe(404);
		expect(unknown.type).toMatch(/^text\/html/);
		expect(unknown.text).toMatch(/HTTP Status 404/);
		expect(unknown.text).not.toMatch(/<seq>/);
	});
});

describe('worker emulator: slaves', () => {
	it('registers slaves (replaced by name in any case) and lists them', async () => {
		const body = (name: string, host: string) =>
			`<?xml version="1.0"?><SlaveServerDetection><slaveserver><name>${name}</name><hostname>${host}</hostname><port>8081</port><webAppName/><username>cluster</username><password>secret</password><master>N</master><sslMode>N</sslMode></slaveserver><active>Y</active><last_active_date>2024/01/01 10:00:00.000</last_active_date><last_inactive_date/></SlaveServerDetection>`;
		const first = await xml('/dataflow/registerSlave', { method: 'POST', headers: { 'Content-Type': 'application/xml' }, body: body('slave-1', 'h1') });
		expect(first.doc.webresult).toMatchObject({ result: 'OK', message: "Slave server detection 'slave-1' was replaced in the list." });
		const second = await xml('/dataflow/registerSlave', { method: 'POST', body: body('SLAVE-1', 'h2') });
		expect(second.doc.webresult.message).toBe("Slave server detection 'SLAVE-1' was added to the list.");
		await xml('/dataflow/registerSlave', { method: 'POST', body: body('slave-2', 'h3') });

		const list = await xml('/dataflow/getSlaves?xml=Y');
		expect(list.type).toMatch(/^text\/xml/);
		const slaves = [list.doc.SlaveServerDetections.SlaveServerDetection].flat();
		expect(slaves.map((s: any) => [s.slaveserver.name, s.slaveserver.hostname, s.active])).toEqual([
			['SLAVE-1', 'h2', 'Y'],
			['slave-2', 'h3', 'Y'],
		]);
		expect(slaves[0].slaveserver.password).toMatch(/^Encrypted /);
		const bad = await xml('/dataflow/registerSlave', { method: 'POST', body: '<SlaveServerDetection/>' });
		expect(bad.status).toBe(200);
		expect(bad.doc.webresult.result).toBe('ERROR');
	});
});

describe('worker emulator: stop', () => {
	it('refuses to stop unless started with allowStop, under both names', async () => {
		const refused = await call('/dataflow/stopWorker?xml=Y');
		expect(refused.status).toBe(200);
		expect(refused.text).toContain('<request_accepted>N</request_accepted>');
		expect((await call('/kettle/stopCarte?xml=Y')).text).toContain('<request_accepted>N</request_accepted>');
		expect((await call('/dataflow/stopCarte?xml=Y')).status).toBe(404);
		expect(state().stopAccepted).toBe(false);

		const allowing = await startEmulator({ allowStop: true, jobDurationMs: 100 });
		try {
			const accepted = await fetch(`${allowing.url}/kettle/stopCarte?xml=Y`, { headers: { Authorization: AUTH } });
			expect(await accepted.text()).toContain('<request_accepted>Y</request_accepted>');
			expect((allowing.app.state.worker as WorkerState).stopAccepted).toBe(true);
			const page = await fetch(`${allowing.url}/dataflow/stopWorker`, { headers: { Authorization: AUTH } });
			expect(await page.text()).toContain('Shutting Down');
		} finally {
			await allowing.stop();
		}
	});
});

describe('worker emulator: older servers (9.3 profile)', () => {
	let old: RunningEmulator;
	beforeAll(async () => {
		old = await startEmulator({ profile: '9.3' });
	});
	afterAll(async () => {
		await old.stop();
	});

	it('status and addJob answer text/xml, as servlets before contentTypeAndHeader did', async () => {
		const status = await fetch(`${old.url}/kettle/status?xml=Y`, { headers: { Authorization: AUTH } });
		expect(status.headers.get('content-type')).toMatch(/^text\/xml/);
		await status.arrayBuffer();
	});
});
