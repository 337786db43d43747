/** Transformations against exact server answers (nock): requests as the real servlets read them, answers as they write them. */
import nock from 'nock';

import { DataflowWorker } from '../../nodes/Worker/DataflowWorker.node';
import { run, SERVER_PASSWORD, serverCredentials } from '../harness';
import { esc, loggingString, webResult, WORKER, XML } from './helpers';

const node = new DataflowWorker();
const AUTH = `Basic ${Buffer.from(`admin:${SERVER_PASSWORD}`).toString('base64')}`;
const credentials = { dataflowServerApi: serverCredentials(WORKER) };
const worker = () => nock(WORKER, { reqheaders: { authorization: AUTH } });
/** RunTransServlet writes its webresult with an HTML content type. */
const HTML = { 'Content-Type': 'text/html; charset=UTF-8' };

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

interface Step {
	name: string;
	read?: number;
	written?: number;
	input?: number;
	output?: number;
	rejected?: number;
	errors?: number;
	status?: string;
	stopped?: boolean;
	paused?: boolean;
}

interface TransDoc {
	name?: string;
	id?: string;
	status: string;
	paused?: boolean;
	steps?: Step[];
	log?: string;
	first?: number;
	last?: number;
	result?: Record<string, string | number>;
}

const RESULT = {
	lines_input: 100,
	lines_output: 90,
	lines_read: 100,
	lines_written: 90,
	lines_updated: 0,
	lines_rejected: 10,
	lines_deleted: 0,
	nr_errors: 0,
	nr_files_retrieved: 0,
	entry_nr: 0,
	result: 'Y',
	exit_status: 0,
	is_stopped: 'N',
	log_channel_id: 'chan-9',
	log_text: '',
	elapsedTimeMillis: 2500,
};

/** A `transstatus` as SlaveServerTransStatus.getXML writes it (StepStatus.getXML for each step). */
function transXml(doc: TransDoc): string {
	const step = (s: Step) =>
		`<stepstatus><stepname>${esc(s.name)}</stepname><copy>0</copy><linesRead>${s.read ?? 0}</linesRead><linesWritten>${s.written ?? 0}</linesWritten>` +
		`<linesInput>${s.input ?? 0}</linesInput><linesOutput>${s.output ?? 0}</linesOutput><linesUpdated>0</linesUpdated><linesRejected>${s.rejected ?? 0}</linesRejected>` +
		`<errors>${s.errors ?? 0}</errors><statusDescription>${s.status ?? 'Finished'}</statusDescription><seconds>2.5</seconds><speed>40</speed><priority>-</priority>` +
		`<stopped>${s.stopped ? 'Y' : 'N'}</stopped><paused>${s.paused ? 'Y' : 'N'}</paused></stepstatus>`;
	const result = Object.entries(doc.result ?? RESULT)
		.map(([k, v]) => (String(v) === '' ? `<${k}/>` : `<${k}>${esc(String(v))}</${k}>`))
		.join('');
	return (
		`<?xml version="1.0" encoding="UTF-8"?>\n<transstatus>\n  <transname>${esc(doc.name ?? 'stage_customers')}</transname>\n  <id>${doc.id ?? 'trans-1'}</id>\n` +
		`  <status_desc>${esc(doc.status)}</status_desc>\n  <error_desc/>\n  <log_date>2024/01/31 10:15:30.250</log_date>\n  <paused>${doc.paused ? 'Y' : 'N'}</paused>\n` +
		`  <stepstatuslist>\n${(doc.steps ?? []).map((s) => `    ${step(s)}\n`).join('')}  </stepstatuslist>\n` +
		`  <first_log_line_nr>${doc.first ?? 0}</first_log_line_nr>\n  <last_log_line_nr>${doc.last ?? 0}</last_log_line_nr>\n` +
		`<result>${result}<result-file></result-file><result-rows></result-rows></result>` +
		`  <logging_string>${loggingString(doc.log ?? '')}</logging_string>\n</transstatus>`
	);
}

const STEPS: Step[] = [
	{ name: 'Table input', input: 100, written: 100 },
	{ name: 'Filter rows', read: 100, written: 90, rejected: 10 },
	{ name: 'Table output', read: 90, written: 90, output: 90 },
];

const base = {
	resource: 'transformation',
	operation: 'runAndWait',
	transPath: '/public/etl/stage_customers.ktr',
	transParameters: { entry: [{ name: 'REGION', value: 'EU & UK' }] },
	options: { logLevel: 'Detailed', pollInterval: 0.01, timeout: 5 },
};

function started(id = 'trans-1') {
	return worker()
		.get('/dataflow/runTrans')
		.query({ trans: '/public/etl/stage_customers', level: 'Detailed', REGION: 'EU & UK' })
		.reply(200, webResult('OK', 'Transformation started', id), HTML);
}

function poll(from: number, doc: TransDoc, id = 'trans-1') {
	return worker().get('/dataflow/transStatus').query({ name: 'stage_customers', id, xml: 'Y', from: String(from) }).reply(200, transXml({ id, ...doc }), XML);
}

describe('Transformation: Run and Wait (exact requests)', () => {
	it('runs by path without .ktr, polls by id with from = last line seen, and returns typed steps, counters and the log once', async () => {
		const scopes = [
			started(),
			poll(0, { status: 'Running', steps: [{ name: 'Table input', input: 10, written: 10, status: 'Running' }], log: 'line 1\nline 2\n', last: 2 }),
			poll(2, { status: 'Running', steps: STEPS.map((s) => ({ ...s, status: 'Running' })), log: 'line 3\n', first: 2, last: 3 }),
			poll(3, { status: 'Finished', steps: STEPS, log: 'line 4\n', first: 3, last: 4 }),
		];
		const result = await run(node, { parameters: base, credentials });
		expect(result.error).toBeUndefined();
		for (const scope of scopes) scope.done();
		expect(result.items).toHaveLength(1);
		const json = result.items[0].json;
		expect(json).toMatchObject({
			id: 'trans-1',
			transName: 'stage_customers',
			transPath: '/public/etl/stage_customers',
			success: true,
			statusDesc: 'Finished',
			statusRequests: 3,
			logLineCount: 4,
			log: 'line 1\nline 2\nline 3\nline 4\n',
			logDate: '2024-01-31T10:15:30.250',
		});
		expect(json.steps).toEqual([
			{ stepName: 'Table input', copy: 0, linesRead: 0, linesWritten: 100, linesInput: 100, linesOutput: 0, linesUpdated: 0, linesRejected: 0, errors: 0, statusDescription: 'Finished', seconds: 2.5, speed: '40', priority: '-', stopped: false, paused: false },
			{ stepName: 'Filter rows', copy: 0, linesRead: 100, linesWritten: 90, linesInput: 0, linesOutput: 0, linesUpdated: 0, linesRejected: 10, errors: 0, statusDescription: 'Finished', seconds: 2.5, speed: '40', priority: '-', stopped: false, paused: false },
			{ stepName: 'Table output', copy: 0, linesRead: 90, linesWritten: 90, linesInput: 0, linesOutput: 90, linesUpdated: 0, linesRejected: 0, errors: 0, statusDescription: 'Finished', seconds: 2.5, speed: '40', priority: '-', stopped: false, paused: false },
		]);
		expect(json.result).toMatchObject({ linesRead: 100, linesWritten: 90, linesRejected: 10, nrErrors: 0, result: true, isStopped: false, elapsedTimeMillis: 2500 });
	});

	it('a step with errors fails the node even when the server says "Finished" and counts no error in the result', async () => {
		started();
		poll(0, {
			status: 'Finished',
			steps: [STEPS[0], { ...STEPS[1], errors: 2, status: 'Stopped', stopped: true }, STEPS[2]],
			log: 'ERROR: Filter rows.0 - Unexpected error\n',
			last: 1,
		});
		const result = await run(node, { parameters: base, credentials });
		expect(result.error?.message).toBe(
			'The transformation "stage_customers" (id trans-1) failed: the transformation ended with errors (2 errors in step "Filter rows", status "Finished")',
		);
		expect(result.error?.description).toContain('Steps: Filter rows (Stopped, 2 errors).');
		expect(result.error?.description).toContain('ERROR: Filter rows.0 - Unexpected error');
	});

	it('a transformation the server calls "Finished" but that was stopped (is_stopped, a stopped step) is not a success', async () => {
		started();
		poll(0, { status: 'Finished', steps: [{ ...STEPS[0], status: 'Stopped', stopped: true }, STEPS[1], STEPS[2]], result: { ...RESULT, is_stopped: 'Y' } });
		const failed = await run(node, { parameters: base, credentials });
		expect(failed.error?.message).toBe(
			'The transformation "stage_customers" (id trans-1) failed: the transformation was stopped (status "Finished"; stopped step: "Table input")',
		);

		started();
		poll(0, { status: 'Stopped', steps: STEPS });
		const item = await run(node, { parameters: { ...base, options: { ...base.options, errorWhenStopped: false } }, credentials });
		expect(item.error).toBeUndefined();
		expect(item.items[0].json).toMatchObject({ success: false, statusDesc: 'Stopped', failureReason: 'the transformation was stopped (status "Stopped")' });
	});

	it('"Halting" and "Paused" are not ends: it keeps polling', async () => {
		const scopes = [started(), poll(0, { status: 'Paused', paused: true }), poll(0, { status: 'Halting' }), poll(0, { status: 'Stopped (with errors)', result: { ...RESULT, nr_errors: 1 } })];
		const result = await run(node, { parameters: base, credentials });
		for (const scope of scopes) scope.done();
		expect(result.error?.message).toMatch(/failed: the transformation ended with errors \(1 error, status "Stopped \(with errors\)"\)$/);
	});

	it('on timeout, stops the transformation on the server by name and id (safe stop when asked), and says so', async () => {
		started();
		poll(0, { status: 'Running' }).persist();
		const stop = worker()
			.get('/dataflow/stopTrans')
			.query({ name: 'stage_customers', id: 'trans-1', xml: 'Y', inputOnly: 'Y' })
			.reply(200, webResult('OK', 'Transformation [stage_customers] stop requested.', 'trans-1'), XML);
		const result = await run(node, { parameters: { ...base, options: { ...base.options, pollInterval: 0.02, timeout: 0.1, onAbort: 'safeStop' } }, credentials });
		stop.done();
		expect(result.error?.message).toBe(
			'The transformation "stage_customers" (id trans-1) did not finish within 0.1 s: last status "Running". It was stopped safely on the server (the server said: Transformation [stage_customers] stop requested.).',
		);
		expect(result.items).toEqual([]);
	});

	it('says so when the stop itself fails, and sends none when asked to leave it running', async () => {
		started();
		poll(0, { status: 'Running' }).persist();
		worker().get('/dataflow/stopTrans').query(true).reply(200, webResult('ERROR', 'Transformation [stage_customers] could not be found.'), XML);
		const failed = await run(node, { parameters: { ...base, options: { ...base.options, pollInterval: 0.02, timeout: 0.05 } }, credentials });
		expect(failed.error?.message).toMatch(/last status "Running"\. It could not be stopped on the server: Transformation \[stage_customers\] could not be found\. It may still be running\.$/);

		nock.cleanAll();
		started();
		poll(0, { status: 'Running' }).persist();
		const never = worker().get('/dataflow/stopTrans').query(true).reply(200, webResult('OK', 'x'), XML);
		const left = await run(node, { parameters: { ...base, options: { ...base.options, pollInterval: 0.02, timeout: 0.05, onAbort: 'leave' } }, credentials });
		expect(left.error?.message).toMatch(/It was left running on the server, as 'On Timeout or Cancel' asks\.$/);
		expect(never.isDone()).toBe(false);
	});

	it('removes the ended transformation after its last status was read, also when it failed', async () => {
		started();
		const last = poll(0, { status: 'Finished (with errors)', result: { ...RESULT, nr_errors: 1 } });
		const remove = worker()
			.get('/dataflow/removeTrans')
			.query({ name: 'stage_customers', id: 'trans-1', xml: 'Y' })
			.reply(200, `<?xml version="1.0" encoding="UTF-8"?>\n<webresult><result>OK</result><message/><id/></webresult>`, XML);
		const result = await run(node, { parameters: { ...base, options: { ...base.options, removeWhenDone: true, errorOnErrors: false } }, credentials });
		last.done();
		remove.done();
		expect(result.items[0].json).toMatchObject({ success: false, removedFromServer: true });
	});

	it('runTrans answering result ERROR (HTTP 200) fails with the server message and polls nothing', async () => {
		worker()
			.get('/dataflow/runTrans')
			.query(true)
			.reply(200, webResult('ERROR', "Unexpected error executing the transformation: Unable to load transformation 'stage_customers'"), HTML);
		const never = worker().get('/dataflow/transStatus').query(true).reply(200, transXml({ status: 'Finished' }), XML);
		const result = await run(node, { parameters: base, credentials });
		expect(result.error?.message).toMatch(/Unable to load transformation 'stage_customers'/);
		expect(never.isDone()).toBe(false);
	});

	it('refuses bad input before any request', async () => {
		const any = worker().get(/.*/).reply(200, '').persist();
		for (const [parameters, message] of [
			[{ transPath: '={{ "" }}' }, /Transformation Path is empty/],
			[{ transPath: '/public/etl/load.kjb' }, /is a job \(\.kjb\): use the Job resource/],
			[{ transParameters: { entry: [{ name: 'trans', value: 'x' }] } }, /name "trans" is reserved/],
			[{ options: { ...base.options, pollInterval: 0 } }, /Poll Interval must be a number of seconds above 0/],
			[{ options: { ...base.options, timeout: -1 } }, /Timeout must be a number of seconds/],
			[{ options: { ...base.options, onAbort: 'explode' } }, /'On Timeout or Cancel' must be one of stop, safeStop, leave/],
		] as const) {
			const result = await run(node, { parameters: { ...base, ...parameters } as never, credentials });
			expect(result.error?.message).toMatch(message);
		}
		expect(any.isDone()).toBe(false);
	});
});

describe('Transformation: Run, Get Status, Stop, Pause, Resume, Remove, Get Image (exact requests)', () => {
	const ref = { resource: 'transformation', transName: 'stage_customers', options: { transId: 'trans-1' } };

	it('Run sends trans (no .ktr), level and parameters as the query and returns the id', async () => {
		started('trans-7');
		const result = await run(node, { parameters: { ...base, operation: 'run', options: { logLevel: base.options.logLevel, includeRaw: true } }, credentials });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ id: 'trans-7', transName: 'stage_customers', transPath: '/public/etl/stage_customers', message: 'Transformation started' });
		expect(result.items[0].json.raw).toContain('<webresult>');
	});

	it('Get Status reads from a line and returns paused and the steps typed', async () => {
		worker()
			.get('/dataflow/transStatus')
			.query({ name: 'stage_customers', id: 'trans-1', xml: 'Y', from: '12' })
			.reply(200, transXml({ status: 'Paused', paused: true, steps: [{ name: 'Table input', input: 5, written: 5, status: 'Paused', paused: true }], first: 12, last: 14, log: 'a\nb\n' }), XML);
		const result = await run(node, { parameters: { ...ref, operation: 'getStatus', options: { ...ref.options, fromLine: 12 } }, credentials });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			transName: 'stage_customers',
			id: 'trans-1',
			statusDesc: 'Paused',
			paused: true,
			firstLogLineNr: 12,
			lastLogLineNr: 14,
			log: 'a\nb\n',
			steps: [{ stepName: 'Table input', linesInput: 5, paused: true, statusDescription: 'Paused' }],
		});
	});

	it('Get Status: an unknown transformation (webresult ERROR with HTTP 200) fails with the server message', async () => {
		worker().get('/dataflow/transStatus').query(true).reply(200, webResult('ERROR', 'The specified transformation [stage_customers] could not be found'), XML);
		const result = await run(node, { parameters: { ...ref, operation: 'getStatus' }, credentials });
		expect(result.error?.message).toBe('The specified transformation [stage_customers] could not be found');
	});

	it('Stop sends inputOnly=Y only for a safe stop', async () => {
		const safe = worker().get('/dataflow/stopTrans').query({ name: 'stage_customers', id: 'trans-1', xml: 'Y', inputOnly: 'Y' }).reply(200, webResult('OK', 'Transformation [stage_customers] stop requested.', 'trans-1'), XML);
		const now = worker().get('/dataflow/stopTrans').query({ name: 'stage_customers', id: 'trans-1', xml: 'Y' }).reply(200, webResult('OK', 'Transformation [stage_customers] stop requested.', 'trans-1'), XML);
		const a = await run(node, { parameters: { ...ref, operation: 'stop', options: { ...ref.options, safeStop: true } }, credentials });
		const b = await run(node, { parameters: { ...ref, operation: 'stop' }, credentials });
		safe.done();
		now.done();
		expect(a.items[0].json).toEqual({ transName: 'stage_customers', id: 'trans-1', stopRequested: true, safeStop: true, message: 'Transformation [stage_customers] stop requested.' });
		expect(b.items[0].json).toMatchObject({ safeStop: false });
	});

	it('Pause reads the status without its log, toggles only when running, and reads it again; Resume of a running one sends nothing', async () => {
		const status = (paused: boolean) =>
			worker()
				.get('/dataflow/transStatus')
				.query({ name: 'stage_customers', id: 'trans-1', xml: 'Y', from: '2147483647' })
				.reply(200, transXml({ status: paused ? 'Paused' : 'Running', paused }), XML);
		const scopes = [status(false), worker().get('/dataflow/pauseTrans').query({ name: 'stage_customers', id: 'trans-1', xml: 'Y' }).reply(200, webResult('OK', 'Transformation [stage_customers] : pause requested.'), XML), status(true)];
		const paused = await run(node, { parameters: { ...ref, operation: 'pause' }, credentials });
		for (const scope of scopes) scope.done();
		expect(paused.items[0].json).toEqual({ transName: 'stage_customers', id: 'trans-1', paused: true, changed: true, statusDesc: 'Paused', message: 'Transformation [stage_customers] : pause requested.' });

		status(false);
		const never = worker().get('/dataflow/pauseTrans').query(true).reply(200, webResult('OK', 'x'), XML);
		const resumed = await run(node, { parameters: { ...ref, operation: 'resume' }, credentials });
		expect(resumed.items[0].json).toMatchObject({ paused: false, changed: false });
		expect(never.isDone()).toBe(false);
	});

	it('Pause fails when the server did not pause it', async () => {
		const status = () => worker().get('/dataflow/transStatus').query(true).reply(200, transXml({ status: 'Running', paused: false }), XML);
		status();
		worker().get('/dataflow/pauseTrans').query(true).reply(200, webResult('OK', 'Transformation [stage_customers] : pause requested.'), XML);
		status();
		const result = await run(node, { parameters: { ...ref, operation: 'pause' }, credentials });
		expect(result.error?.message).toBe('The server did not pause the transformation "stage_customers" (id trans-1): its status is "Running"');
	});

	it('Remove checks that it ended, then removes by name and id; a running one is refused unless asked', async () => {
		const status = (s: string) => worker().get('/dataflow/transStatus').query({ name: 'stage_customers', id: 'trans-1', xml: 'Y', from: '2147483647' }).reply(200, transXml({ status: s }), XML);
		const ok = `<?xml version="1.0" encoding="UTF-8"?>\n<webresult><result>OK</result><message/><id/></webresult>`;
		status('Finished');
		const remove = worker().get('/dataflow/removeTrans').query({ name: 'stage_customers', id: 'trans-1', xml: 'Y' }).reply(200, ok, XML);
		const removed = await run(node, { parameters: { ...ref, operation: 'remove' }, credentials });
		remove.done();
		expect(removed.items[0].json).toEqual({ transName: 'stage_customers', id: 'trans-1', removed: true });

		status('Running');
		const refused = await run(node, { parameters: { ...ref, operation: 'remove' }, credentials });
		expect(refused.error?.message).toBe('The transformation "stage_customers" (id trans-1) is still running (status "Running"): stop it first, or turn on "Remove Even if Running"');

		const anyway = worker().get('/dataflow/removeTrans').query({ name: 'stage_customers', id: 'trans-1', xml: 'Y' }).reply(200, ok, XML);
		const forced = await run(node, { parameters: { ...ref, operation: 'remove', options: { ...ref.options, removeRunning: true } }, credentials });
		anyway.done();
		expect(forced.items[0].json).toMatchObject({ removed: true });
	});

	it('Get Image returns the PNG; an empty answer (unknown transformation) is an error, not an empty file', async () => {
		const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
		worker().get('/dataflow/transImage').query({ name: 'stage_customers', id: 'trans-1' }).reply(200, png, { 'Content-Type': 'image/png' });
		const image = await run(node, { parameters: { ...ref, operation: 'getImage', binaryPropertyName: 'img' }, credentials });
		expect(image.error).toBeUndefined();
		expect(image.items[0].binary?.img).toMatchObject({ mimeType: 'image/png', fileName: 'stage_customers.png' });

		worker().get('/dataflow/transImage').query(true).reply(200, '');
		const missing = await run(node, { parameters: { ...ref, operation: 'getImage', binaryPropertyName: 'img' }, credentials });
		expect(missing.error?.message).toBe('The transformation "stage_customers" (id trans-1) could not be found on the server (it answered an empty body instead of an image)');
	});

	it('continueOnFail: one paired item per input, the refused one as an error item', async () => {
		worker().get('/dataflow/stopTrans').query({ name: 'a', xml: 'Y' }).reply(200, webResult('OK', 'Transformation [a] stop requested.', 'id-a'), XML);
		worker().get('/dataflow/stopTrans').query({ name: 'b', xml: 'Y' }).reply(200, webResult('ERROR', 'Transformation [b] could not be found.'), XML);
		worker().get('/dataflow/stopTrans').query({ name: 'c', xml: 'Y' }).reply(200, webResult('OK', 'Transformation [c] stop requested.', 'id-c'), XML);
		const result = await run(node, {
			parameters: { resource: 'transformation', operation: 'stop', transName: '={{ $json.name }}' },
			credentials,
			input: [{ json: { name: 'a' } }, { json: { name: 'b' } }, { json: { name: 'c' } }],
			continueOnFail: true,
		});
		expect(result.items.map((i) => [i.pairedItem, i.json.error ?? i.json.id])).toEqual([
			[{ item: 0 }, 'id-a'],
			[{ item: 1 }, 'Transformation [b] could not be found.'],
			[{ item: 2 }, 'id-c'],
		]);
	});
});

describe('Transformation: Execute (exact requests)', () => {
	const execute = {
		resource: 'transformation',
		operation: 'execute',
		executeSource: 'repository',
		repositoryName: 'dataflow',
		executePath: '/public/etl/stage_customers.ktr',
		options: { logLevel: 'Minimal', repositoryPassword: 'R3po&Secret=1', repositoryUser: 'etl' },
		executeParameters: { entry: [{ name: 'REGION', value: 'EU' }] },
		executeVariables: { entry: [{ name: 'BATCH', value: '7 8' }] },
	};

	it('POSTs everything as a form body (the password never in the URL); an empty answer is a success', async () => {
		const scope = worker()
			.post('/dataflow/executeTrans', (body) => {
				expect(body).toEqual({ rep: 'dataflow', user: 'etl', pass: 'R3po&Secret=1', trans: '/public/etl/stage_customers', level: 'Minimal', REGION: 'EU', BATCH: '7 8' });
				return true;
			})
			.matchHeader('content-type', 'application/x-www-form-urlencoded; charset=UTF-8')
			.reply(200, '', { 'Content-Type': 'application/xml;charset=UTF-8' });
		const result = await run(node, { parameters: execute, credentials });
		scope.done();
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toEqual({
			transName: 'stage_customers',
			transPath: '/public/etl/stage_customers',
			source: 'repository',
			success: true,
			message: 'The transformation ended without errors',
			repository: 'dataflow',
		});
		expect(JSON.stringify(result.items)).not.toContain('R3po');
	});

	it('the XML declaration the servlet writes before running is not output; what a step writes after it is (issue 28, defect 2)', async () => {
		const declaration = '<?xml version="1.0" encoding="UTF-8"?>\n';
		worker().post('/dataflow/executeTrans').reply(200, declaration, { 'Content-Type': 'application/xml;charset=UTF-8' });
		const clean = await run(node, { parameters: execute, credentials });
		expect(clean.error).toBeUndefined();
		expect(clean.items[0].json).not.toHaveProperty('output');
		worker().post('/dataflow/executeTrans').reply(200, `${declaration}id;name\n1;Zoë\n`, { 'Content-Type': 'application/xml;charset=UTF-8' });
		const rows = await run(node, { parameters: execute, credentials });
		expect(rows.items[0].json.output).toBe('id;name\n1;Zoë\n');
	});

	it('a file path keeps its name; HTTP 500 with the log fails with it; 401 names the repository; the password is never in the error', async () => {
		worker()
			.post('/dataflow/executeTrans', (body) => body.trans === '/opt/etl/stage.ktr' && body.rep === undefined && body.pass === undefined)
			.reply(500, webResult('ERROR', 'Error executing the transformation: 2024/01/31 - Table output.0 - ERROR: duplicate key'), XML);
		const failed = await run(node, { parameters: { ...execute, executeSource: 'file', executePath: '/opt/etl/stage.ktr' }, credentials });
		expect(failed.error?.message).toMatch(/Error executing the transformation: .*duplicate key/);
		expect((failed.error as { httpCode?: string }).httpCode).toBe('500');

		// n8n's credential layer sends a request answered 401 once more before it gives up.
		const unauthorized = worker()
			.post('/dataflow/executeTrans')
			.times(2)
			.reply(401, webResult('ERROR', 'Authentication failed for R3po&Secret=1 (/kettle/executeTrans)'), XML);
		const refused = await run(node, { parameters: execute, credentials });
		expect(refused.error?.message).toBe('Authentication failed for *** (/kettle/executeTrans)');
		expect(refused.error?.description).toMatch(/the repository refused the Repository User and Repository Password/);
		expect(unauthorized.isDone()).toBe(true);
	});

	it('refuses bad input before any request', async () => {
		const any = worker().post(/.*/).reply(200, '').persist();
		for (const [parameters, message] of [
			[{ executePath: '={{ "" }}' }, /Transformation Path is empty/],
			[{ executePath: '/public/etl/load.kjb' }, /is a job \(\.kjb\): use the Job resource/],
			[{ repositoryName: '={{ "" }}' }, /Repository Name is empty/],
			[{ executeParameters: { entry: [{ name: 'pass', value: 'x' }] } }, /name "pass" is reserved/],
			[{ executeVariables: { entry: [{ name: 'REGION', value: 'x' }] } }, /"REGION" is given both as a parameter and as a variable/],
		] as const) {
			const result = await run(node, { parameters: { ...execute, ...parameters } as never, credentials });
			expect(result.error?.message).toMatch(message);
		}
		expect(any.isDone()).toBe(false);
	});
});
