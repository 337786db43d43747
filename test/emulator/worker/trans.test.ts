/**
 * The emulator's transformation and run-control endpoints over plain HTTP (not through the nodes):
 * what each answers and with which status, as the real servlets do (sources cited in
 * emulator/areas/worker/trans.ts).
 */
import { XMLParser } from 'fast-xml-parser';

import { startEmulator, type RunningEmulator } from '../../../emulator';
import type { ControlState } from '../../../emulator/areas/worker/trans';

const AUTH = `Basic ${Buffer.from('admin:password').toString('base64')}`;
const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, trimValues: true, htmlEntities: true, isArray: (name) => name === 'stepstatus' });
const LONG = 600_000;

let emu: RunningEmulator;
beforeAll(async () => {
	emu = await startEmulator({ jobDurationMs: 1000 });
});
afterAll(async () => {
	await emu.stop();
});

const control = () => emu.app.state.workerControl as ControlState;

async function call(path: string, init: RequestInit = {}) {
	const response = await fetch(`${emu.url}${path}`, { ...init, headers: { Authorization: AUTH, ...(init.headers ?? {}) } });
	const text = await response.text();
	let doc: Record<string, any> = {};
	try {
		doc = parser.parse(text) as Record<string, any>;
	} catch {
		doc = {};
	}
	return { status: response.status, type: response.headers.get('content-type') ?? '', text, doc };
}

const form = (values: Record<string, string>) => ({
	method: 'POST',
	headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' },
	body: new URLSearchParams(values).toString(),
});

async function runTrans(parameters: Record<string, string> = {}) {
	const answer = await call(`/kettle/runTrans?${new URLSearchParams({ trans: '/public/etl/load_sales', level: 'Basic', DURATION_MS: String(LONG), ...parameters })}`);
	return String(answer.doc.webresult.id);
}

describe('runTrans and transStatus', () => {
	it('starts a repository transformation: a bare webresult with the id, without a content type, as the real servlet does', async () => {
		const answer = await call('/kettle/runTrans?trans=%2Fpublic%2Fetl%2Fload_sales&level=Debug&REGION=EU');
		expect(answer.status).toBe(200);
		expect(answer.type).toBe('');
		expect(answer.text.startsWith('<webresult>')).toBe(true);
		expect(answer.doc.webresult).toMatchObject({ result: 'OK', message: 'Transformation started' });
		const t = control().trans.find('', answer.doc.webresult.id)!;
		expect(t).toMatchObject({ name: 'load_sales', logLevel: 'Debug', parameters: { REGION: 'EU' } });
	});

	it('a path the repository does not hold is a webresult ERROR with HTTP 200', async () => {
		const answer = await call('/kettle/runTrans?trans=%2Fpublic%2Fetl%2Fnothing_here');
		expect(answer.status).toBe(200);
		expect(answer.doc.webresult.result).toBe('ERROR');
		// The servlet's message key is missing from the bundle: BaseMessages prints the key between exclamation marks.
		expect(answer.doc.webresult.message).toBe('!RunTransServlet.Error.UnexpectedError!');
	});

	it('transStatus: steps with rows once running, paused flag, the log from a line, and the asked name echoed', async () => {
		const id = await runTrans({ ROWS: '80' });
		// runTrans answers after Trans.execute has prepared the run and started its step threads: Running at once, steps listed.
		const first = await call(`/kettle/transStatus?name=load_sales&id=${id}&xml=Y&from=0`);
		expect(first.doc.transstatus.status_desc).toBe('Running');
		expect(first.doc.transstatus.stepstatuslist.stepstatus.map((s: any) => s.stepname)).toEqual(['Table input', 'Filter rows', 'Table output']);
		emu.app.advanceClock(LONG / 2);
		const running = await call(`/kettle/transStatus?name=other_name&id=${id}&xml=Y&from=0`);
		const doc = running.doc.transstatus;
		expect(doc).toMatchObject({ transname: 'other_name', id, status_desc: 'Running', paused: 'N', error_desc: '' });
		expect(doc.stepstatuslist.stepstatus.map((s: any) => s.stepname)).toEqual(['Table input', 'Filter rows', 'Table output']);
		const [input, , output] = doc.stepstatuslist.stepstatus;
		expect(Number(input.linesInput)).toBeGreaterThan(Number(output.linesOutput));
		expect(doc.result.is_stopped).toBe('N');
	});

	it('an unknown transformation: webresult ERROR with HTTP 200', async () => {
		const answer = await call('/kettle/transStatus?name=ghost&xml=Y');
		expect(answer.status).toBe(200);
		expect(answer.doc.webresult).toMatchObject({ result: 'ERROR', message: 'The specified transformation [ghost] could not be found' });
	});
});

describe('stopTrans, pauseTrans, removeTrans, transImage', () => {
	it('pauseTrans toggles; paused time does not count; stopTrans freezes; safe stop lets the rows reach the output', async () => {
		const id = await runTrans({ ROWS: '100' });
		emu.app.advanceClock(LONG / 4);
		const pause = await call(`/kettle/pauseTrans?name=load_sales&id=${id}&xml=Y`);
		expect(pause.doc.webresult).toMatchObject({ result: 'OK', message: 'Transformation [load_sales] : pause requested.' });
		const before = (await call(`/kettle/transStatus?name=load_sales&id=${id}&xml=Y`)).doc.transstatus;
		expect(before).toMatchObject({ status_desc: 'Paused', paused: 'Y' });
		emu.app.advanceClock(LONG);
		const still = (await call(`/kettle/transStatus?name=load_sales&id=${id}&xml=Y`)).doc.transstatus;
		expect(still.status_desc).toBe('Paused');
		expect(still.stepstatuslist.stepstatus[0].linesInput).toBe(before.stepstatuslist.stepstatus[0].linesInput);
		const resume = await call(`/kettle/pauseTrans?name=load_sales&id=${id}&xml=Y`);
		expect(resume.doc.webresult.message).toBe('Transformation [load_sales] : resume requested.');

		const stop = await call(`/kettle/stopTrans?name=load_sales&id=${id}&xml=Y&inputOnly=Y`);
		expect(stop.doc.webresult).toMatchObject({ result: 'OK', id });
		const stopped = (await call(`/kettle/transStatus?name=load_sales&id=${id}&xml=Y`)).doc.transstatus;
		expect(stopped.status_desc).toBe('Stopped');
		expect(stopped.result.is_stopped).toBe('Y');
		const steps = stopped.stepstatuslist.stepstatus;
		expect(steps[0]).toMatchObject({ stopped: 'Y' });
		expect(steps[2].linesOutput).toBe(steps[0].linesInput);
	});

	it('stop of an unknown transformation: ERROR in XML mode (200), HTTP 400 page otherwise', async () => {
		expect((await call('/kettle/stopTrans?name=ghost&xml=Y')).doc.webresult.result).toBe('ERROR');
		const page = await call('/kettle/stopTrans?name=ghost');
		expect(page.status).toBe(400);
		expect(page.type).toMatch(/^text\/html/);
	});

	it('removeTrans removes (OK without message); transImage is a PNG, and an EMPTY 200 for an unknown one', async () => {
		const id = await runTrans();
		const image = await fetch(`${emu.url}/kettle/transImage?name=load_sales&id=${id}`, { headers: { Authorization: AUTH } });
		expect(image.headers.get('content-type')).toBe('image/png');
		const removed = await call(`/kettle/removeTrans?name=load_sales&id=${id}&xml=Y`);
		expect(removed.doc.webresult).toMatchObject({ result: 'OK', message: '' });
		expect(control().trans.find('', id)).toBeUndefined();
		const gone = await fetch(`${emu.url}/kettle/transImage?name=load_sales&id=${id}`, { headers: { Authorization: AUTH } });
		expect(gone.status).toBe(200);
		expect((await gone.arrayBuffer()).byteLength).toBe(0);
		expect((await call(`/kettle/removeTrans?name=load_sales&id=${id}&xml=Y`)).doc.webresult.result).toBe('ERROR');
	});
});

describe('executeTrans and executeJob', () => {
	it('executeTrans reads rep/user/pass/trans from the form body, runs to the end, answers an empty 200', async () => {
		const answer = await call('/kettle/executeTrans', form({ rep: 'dataflow', user: 'admin', pass: 'password', trans: '/public/etl/load_sales', level: 'Minimal', REGION: 'EU' }));
		expect(answer.status).toBe(200);
		expect(answer.text).toBe('');
		const t = control().trans.list[control().trans.list.length - 1];
		expect(t).toMatchObject({ name: 'load_sales', source: 'execute', logLevel: 'Minimal', parameters: { REGION: 'EU' } });
		expect(control().trans.status(t)).toBe('Finished');
	});

	it('executeTrans: 400 without trans, 401 for a refused repository user, 404 not found, 500 with the log for errors', async () => {
		const missing = await call('/kettle/executeTrans', form({ rep: 'dataflow' }));
		expect(missing.status).toBe(400);
		expect(missing.type).toBe('');
		expect(missing.doc.webresult.message).toBe('Missing mandatory parameter trans');
		const refused = await call('/kettle/executeTrans', form({ rep: 'dataflow', user: 'admin', pass: 'wrong', trans: '/public/etl/load_sales' }));
		expect(refused.status).toBe(401);
		expect(refused.doc.webresult.result).toBe('ERROR');
		expect(refused.doc.webresult.message).toBe('Repository login failed.\nYou need to be authenticated to call this web service, Service URL=/kettle/executeTrans');
		// Only a repository path without that object is a 404; a file that cannot be read is an unexpected error.
		const notFound = await call('/kettle/executeTrans', form({ rep: 'dataflow', user: 'admin', pass: 'password', trans: '/public/etl/load.ktr' }));
		expect(notFound.status).toBe(404);
		expect(notFound.doc.webresult.message).toBe('Unable to find transformation: /public/etl/load.ktr');
		const unreadable = await call('/kettle/executeTrans', form({ trans: '/opt/missing.ktr' }));
		expect(unreadable.status).toBe(500);
		expect(unreadable.doc.webresult.message).toMatch(/^Unexpected error executing the transformation: \n/);
		const failed = await call('/kettle/executeTrans', form({ trans: '/opt/etl/load.ktr', FAIL: 'Y' }));
		expect(failed.status).toBe(500);
		expect(failed.type).toBe('');
		expect(failed.doc.webresult.message).toMatch(/^Error executing transformation: .*asked to fail/s);
	});

	it('executeJob answers "Job started" with the new id; 404 for an unknown repository', async () => {
		const started = await call('/kettle/executeJob', form({ rep: 'dataflow', user: 'admin', pass: 'password', job: '/public/etl/daily_load', DATE: '2024-01-31' }));
		expect(started.doc.webresult).toMatchObject({ result: 'OK', message: 'Job started' });
		const job = control().engine.jobs.find((j) => j.id === started.doc.webresult.id)!;
		expect(job.parameters).toEqual({ DATE: '2024-01-31' });
		const unknown = await call('/kettle/executeJob', form({ rep: 'nowhere', job: '/x/y' }));
		expect(unknown.status).toBe(404);
	});
});

describe('stopJob, removeJob, startJob', () => {
	it('stop ends a running job "Stopped"; start runs an ended job again under the same id; remove drops it', async () => {
		const run = await call('/kettle/runJob?job=%2Fpublic%2Fetl%2Fdaily_load&DURATION_MS=600000');
		const id = String(run.doc.webresult.id);
		emu.app.advanceClock(1000);
		const busy = await call(`/kettle/startJob?name=daily_load&id=${id}&xml=Y`);
		expect(busy.status).toBe(500);
		const stop = await call(`/kettle/stopJob?name=daily_load&id=${id}&xml=Y`);
		expect(stop.doc.webresult).toMatchObject({ result: 'OK', message: 'Job [daily_load] stop requested.' });
		const job = control().engine.jobs.find((j) => j.id === id)!;
		expect(control().engine.status(job)).toBe('Stopped');
		const again = await call(`/kettle/startJob?name=daily_load&id=${id}&xml=Y`);
		expect(again.doc.webresult).toMatchObject({ result: 'OK', id });
		expect(control().engine.status(job)).not.toBe('Stopped');
		const removed = await call(`/kettle/removeJob?name=daily_load&id=${id}&xml=Y`);
		expect(removed.doc.webresult.result).toBe('OK');
		expect(control().engine.jobs.find((j) => j.id === id)).toBeUndefined();
	});

	it('startJob: 400 without name and id, 404 for an unknown job; stopJob/removeJob unknown: ERROR (XML) or 400 (HTML)', async () => {
		expect((await call('/kettle/startJob?xml=Y')).status).toBe(400);
		expect((await call('/kettle/startJob?name=ghost&xml=Y')).status).toBe(404);
		expect((await call('/kettle/stopJob?name=ghost&xml=Y')).doc.webresult.result).toBe('ERROR');
		expect((await call('/kettle/stopJob?name=ghost')).status).toBe(400);
		expect((await call('/kettle/removeJob?name=ghost')).status).toBe(400);
	});
});
