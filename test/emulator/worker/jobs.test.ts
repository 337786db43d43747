/**
 * The worker area's job routes over plain HTTP (routes-jobs.ts): addJob, runJob, jobStatus with its
 * log, jobImage.
 */
import { inflateSync } from 'node:zlib';

import { call, decodeLog, DURATION, emu, jobConfiguration, parser, repositoryLookup, state, useWorkerEmulator, xml } from './helpers';

useWorkerEmulator();

describe('worker emulator: jobs', () => {
	it('addJob registers a job that stays Waiting until startJob, then goes Running → Finished, with its log and counters', async () => {
		const added = await xml('/dataflow/addJob?xml=Y', {
			method: 'POST',
			headers: { 'Content-Type': 'application/xml' },
			body: jobConfiguration('nightly_load', { LOG_LINES: '4', REGION: 'north & south' }, { ROWS: '50', EMPTY: '' }),
		});
		expect(added.type).toMatch(/^text\/xml/);
		expect(added.doc.webresult.result).toBe('OK');
		const id = added.doc.webresult.id;
		// Encode.forHtml'd before WebResult escapes it again: after XML parsing the entities remain.
		expect(added.doc.webresult.message).toBe(`Job &#39;nightly_load&#39; was added to the list with id ${id}`);
		const job = state().jobs.find((j) => j.id === id)!;
		expect(job.parameters).toEqual({ LOG_LINES: '4', REGION: 'north & south' });
		expect(job.variables).toEqual({ ROWS: '50', EMPTY: '' });
		expect(job.logLevel).toBe('Detailed');

		// AddJobServlet does not start the job: it waits, with no log date and no result, however long.
		emu().app.advanceClock(DURATION * 3);
		const first = await xml(`/dataflow/jobStatus?name=nightly_load&id=${id}&xml=Y&from=0`);
		expect(first.doc.jobstatus.status_desc).toBe('Waiting');
		expect(first.doc.jobstatus.log_date).toBe('');
		expect(first.doc.jobstatus.result).toBeUndefined();

		const started = await xml(`/dataflow/startJob?name=nightly_load&id=${id}&xml=Y`);
		expect(started.status).toBe(200);
		expect(started.doc.webresult).toMatchObject({ result: 'OK', message: 'Job [nightly_load] was started.', id });

		emu().app.advanceClock(DURATION / 2);
		const middle = await xml(`/dataflow/jobStatus?name=nightly_load&id=${id}&xml=Y&from=0`);
		expect(middle.doc.jobstatus.status_desc).toBe('Running');
		// job.getResult() is null until the job ends: the real status has no <result> yet.
		expect(middle.doc.jobstatus.result).toBeUndefined();

		emu().app.advanceClock(DURATION);
		const done = await xml(`/dataflow/jobStatus?name=nightly_load&id=${id}&xml=Y&from=0`);
		const status = done.doc.jobstatus;
		expect(status.status_desc).toBe('Finished');
		expect(status.jobname).toBe('nightly_load');
		expect(status.id).toBe(id);
		expect(status.error_desc).toBe('');
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
		emu().app.advanceClock(DURATION / 2);
		const half = await call(`/dataflow/jobStatus?name=paged&id=${id}&xml=Y&from=0`);
		expect(half.text).toMatch(/<logging_string>&lt;!\[CDATA\[H4sI[A-Za-z0-9+/=]+\]\]&gt;<\/logging_string>/);
		const halfDoc = parser.parse(half.text).jobstatus;
		const firstPart = decodeLog(halfDoc.logging_string).trimEnd().split('\n');
		expect(firstPart.length).toBeGreaterThan(0);
		expect(firstPart.length).toBeLessThan(10);
		expect(halfDoc.first_log_line_nr).toBe('0');
		const last = Number(halfDoc.last_log_line_nr);

		emu().app.advanceClock(DURATION);
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
		emu().app.advanceClock(DURATION + 1);
		const status = (await xml(`/kettle/jobStatus?name=${name}&id=${run.doc.webresult.id}&xml=Y`)).doc.jobstatus;
		expect(status.status_desc).toBe(finalStatus);
		expect(status.result).toMatchObject(result);
	});

	it('a job whose name contains "fail" finishes with errors; a stopping job passes through Halting', async () => {
		const failing = await xml('/dataflow/runJob?job=/public/will_fail');
		const stopping = await xml('/dataflow/runJob?job=/public/slow&STOP=Y');
		emu().app.advanceClock(DURATION * 0.8);
		expect((await xml(`/dataflow/jobStatus?id=${stopping.doc.webresult.id}&xml=Y`)).doc.jobstatus.status_desc).toBe('Halting');
		emu().app.advanceClock(DURATION);
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

	it('runJob answers 400 without a job or with an unknown log level, 404 for a path the repository does not hold', async () => {
		const missing = await call('/dataflow/runJob?level=Basic');
		expect(missing.status).toBe(400);
		expect(missing.type).toBe('');
		expect(parser.parse(missing.text).webresult).toMatchObject({ result: 'ERROR', message: 'Missing mandatory parameter job' });
		const level = await xml('/dataflow/runJob?job=/public/etl/nightly&level=basic');
		expect(level.status).toBe(400);
		expect(level.doc.webresult.message).toBe('Log level is invalid');
		const transformation = await xml('/dataflow/runJob?job=/public/clean.ktr');
		expect(transformation.status).toBe(404);
		expect(transformation.doc.webresult.message).toBe('Unable to find job in repository with Slave Server Config: dataflow');

		// The repository area's own lookup: only files it holds run.
		expect(typeof repositoryLookup()).toBe('function');
		emu().app.state.repositoryLookup = repositoryLookup();
		try {
			const unknown = await xml('/dataflow/runJob?job=/public/unknown');
			expect(unknown.status).toBe(404);
			expect(unknown.doc.webresult).toMatchObject({ result: 'ERROR' });
			expect((await xml('/dataflow/runJob?job=/public/etl/daily_load')).doc.webresult.result).toBe('OK');
			// Repository names carry no extension: the real servlet does not find '/x/daily_load.kjb'.
			const withExtension = await xml('/dataflow/runJob?job=/public/etl/daily_load.kjb');
			expect(withExtension.status).toBe(404);
			expect(withExtension.doc.webresult.result).toBe('ERROR');
			emu().app.state.repositoryLookup = (path: string) => path === '/public/known.kjb';
			expect((await xml('/dataflow/runJob?job=/public/known')).doc.webresult.result).toBe('OK');
			expect((await xml('/dataflow/runJob?job=/public/etl/daily_load')).doc.webresult.result).toBe('ERROR');
		} finally {
			delete emu().app.state.repositoryLookup;
		}
	});

	it('jobStatus answers 400 without name and id, 404 (no XML declaration) for an unknown job, and finds a job by id alone', async () => {
		const none = await xml('/dataflow/jobStatus?xml=Y');
		expect(none.status).toBe(400);
		expect(none.doc.webresult).toMatchObject({ result: 'ERROR', message: 'Either the name or id parameter must contain a value' });
		const unknown = await call('/dataflow/jobStatus?name=nope&xml=Y');
		expect(unknown.status).toBe(404);
		expect(unknown.text.startsWith('<webresult>')).toBe(true);
		expect(parser.parse(unknown.text).webresult.message).toBe('The specified job [nope] could not be found');
		const run = await xml('/dataflow/runJob?job=/public/by_id');
		const id = run.doc.webresult.id;
		// By id alone the servlet finds the job by its container id and names nothing: the asked name was null.
		const byId = await xml(`/dataflow/jobStatus?id=${id}&xml=Y`);
		expect(byId.status).toBe(200);
		expect(byId.doc.jobstatus).toMatchObject({ jobname: '', id });
		// With an id, the name is not compared (CarteObjectEntry equality is by id); the document names the job.
		const wrongName = await xml(`/dataflow/jobStatus?name=other&id=${id}&xml=Y`);
		expect(wrongName.status).toBe(200);
		expect(wrongName.doc.jobstatus).toMatchObject({ jobname: 'by_id', id });
	});

	it('addJob answers a webresult ERROR for a body without a job', async () => {
		const answer = await xml('/dataflow/addJob?xml=Y', { method: 'POST', body: '<job_configuration><nothing/></job_configuration>' });
		expect(answer.status).toBe(200);
		expect(answer.doc.webresult.result).toBe('ERROR');
	});

	it('jobImage answers a valid PNG, and errors as the real server does', async () => {
		const added = await xml('/dataflow/addJob?xml=Y', { method: 'POST', body: jobConfiguration('drawn') });
		await xml(`/dataflow/startJob?id=${added.doc.webresult.id}&xml=Y`);
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
		// The servlet sets no content type on its error answers.
		expect(missing.type).toBe('');
		expect(missing.text).toContain("<H1>Carte couldn&#39;t find the job with name [nope] and carte object id null.</H1>");
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
