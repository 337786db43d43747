/**
 * The worker's job control and run answers per server version (emulator/areas/worker/routes-jobcontrol.ts,
 * routes-jobs.ts, trans.ts, routes-server.ts), over plain HTTP against one emulator per profile: startJob and the
 * JobMap's order, jobStatus, executeTrans, stopCarte, the result's elapsed time, and the webresult's form.
 */
import { XMLParser } from 'fast-xml-parser';

import { startEmulator, type RunningEmulator } from '../../../emulator';
import type { ProfileName } from '../../../emulator/core/profiles';
import { AUTH, jobConfiguration } from './helpers';

const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, trimValues: true, htmlEntities: true });
const DURATION = 10_000;

/**
 * Java's String.hashCode and HashMap bucket: the order a JobMap iterates its ids in. `size` is the most entries the
 * map has held (its table: 16, doubled while that is over three quarters of it).
 */
function javaOrder(ids: string[], size: number): string[] {
	let capacity = 16;
	while (size > capacity * 0.75) capacity *= 2;
	const bucket = (id: string) => {
		let h = 0;
		for (let i = 0; i < id.length; i++) h = (Math.imul(31, h) + id.charCodeAt(i)) | 0;
		return (h ^ (h >>> 16)) & (capacity - 1);
	};
	return ids.map((id, index) => ({ id, index, b: bucket(id) })).sort((a, b) => a.b - b.b || a.index - b.index).map((e) => e.id);
}

const emulators: Partial<Record<ProfileName, RunningEmulator>> = {};
beforeAll(async () => {
	for (const profile of ['9.3', '10.2', '11.0'] as ProfileName[]) emulators[profile] = await startEmulator({ profile, jobDurationMs: DURATION });
	for (const running of Object.values(emulators)) delete running!.app.state.repositoryLookup;
});
afterAll(async () => {
	for (const running of Object.values(emulators)) await running!.stop();
});

function on(profile: ProfileName) {
	const emu = emulators[profile]!;
	const call = async (path: string, init: RequestInit = {}) => {
		const response = await fetch(`${emu.url}${path}`, { ...init, headers: { Authorization: AUTH, ...(init.headers ?? {}) } });
		const text = await response.text();
		let doc: Record<string, any> = {};
		try {
			doc = parser.parse(text) as Record<string, any>;
		} catch {
			doc = {};
		}
		return { status: response.status, type: response.headers.get('content-type') ?? '', text, doc };
	};
	const add = async (name: string, parameters: Record<string, string>, variables: Record<string, string> = {}) =>
		String((await call('/kettle/addJob?xml=Y', { method: 'POST', body: jobConfiguration(name, parameters, variables) })).doc.webresult.id);
	const job = (id: string) => (emu.app.state.worker as { jobs: Array<Record<string, any>> }).jobs.find((j) => j.id === id)!;
	return { emu, call, add, job };
}

/** How many jobs the profile's emulator holds (none is removed in this file, so also the most it has held). */
const jobCount = (profile: ProfileName) => (emulators[profile]!.app.state.worker as { jobs: unknown[] }).jobs.length;

/**
 * Adds two runs of one name (a new name each try) until the JobMap iterates them in the other order than they
 * were added in; returns the name and the ids, oldest first.
 */
async function sharedNameRuns(profile: ProfileName, prefix: string) {
	const { add } = on(profile);
	for (let attempt = 0; ; attempt++) {
		const name = `${prefix}_${attempt}`;
		const ids = [await add(name, { RUN: 'older', LOG_LINES: '2' }, { MARK: 'older' }), await add(name, { RUN: 'newer', LOG_LINES: '2' }, { MARK: 'newer' })];
		if (javaOrder(ids, jobCount(profile))[0] !== ids[0]) return { name, ids };
	}
}

describe('startJob', () => {
	it('finds a name-only request in the JobMap order (ids hashed), not the oldest run of that name', async () => {
		const { call, job } = on('11.0');
		const { name, ids } = await sharedNameRuns('11.0', 'shared_a');
		const first = ids[1];
		const started = await call(`/kettle/startJob?name=${name}&xml=Y`);
		expect(started.status).toBe(200);
		expect(started.doc.webresult).toMatchObject({ result: 'OK', message: `Job [${name}] was started.`, id: first });
		expect(job(first).startedAt).toBeDefined();
		expect(job(ids[0]).startedAt).toBeUndefined();
	});

	it('11.0 re-runs an ended job under the same id with the configuration of the FIRST run of that name in map order', async () => {
		const { emu, call, job } = on('11.0');
		const { name, ids } = await sharedNameRuns('11.0', 'shared_b');
		const [other, first] = ids;
		await call(`/kettle/startJob?id=${other}&xml=Y`);
		emu.app.advanceClock(DURATION + 1);
		const channel = job(other).logChannelId;
		const own = { ...job(other).parameters };
		const again = await call(`/kettle/startJob?id=${other}&xml=Y`);
		expect(again.doc.webresult).toMatchObject({ result: 'OK', id: other, message: `Job [${name}] was started.` });
		expect(job(other).id).toBe(other);
		expect(job(other).logChannelId).not.toBe(channel);
		expect(job(other).containerObjectId).not.toBe(other);
		expect(job(other).parameters).toEqual(job(first).configuration.parameters);
		expect(job(other).parameters).not.toEqual(own);
		expect(job(other).variables).toEqual(job(first).configuration.variables);
		emu.app.advanceClock(DURATION / 2);
		const status = await call(`/kettle/jobStatus?name=${name}&id=${other}&xml=Y`);
		expect(status.doc.jobstatus).toMatchObject({ id: other, status_desc: 'Running' });
	});

	it('10.2 re-runs an ended job with its own parameters but without the variables it was added with', async () => {
		const { emu, call, job } = on('10.2');
		const { ids } = await sharedNameRuns('10.2', 'shared_c');
		const other = ids[0];
		await call(`/kettle/startJob?id=${other}&xml=Y`);
		emu.app.advanceClock(DURATION + 1);
		const own = { ...job(other).parameters };
		expect((await call(`/kettle/startJob?id=${other}&xml=Y`)).doc.webresult).toMatchObject({ result: 'OK', id: other });
		expect(job(other).parameters).toEqual(own);
		expect(job(other).variables).toEqual({});
	});

	it('a running job cannot be started again (500); an unknown one is a 404; 9.3.0.0 wants the name even with an id', async () => {
		const { emu, call } = on('10.2');
		const run = await call('/kettle/runJob?job=/public/etl/busy');
		const id = String(run.doc.webresult.id);
		emu.app.advanceClock(DURATION / 2);
		const busy = await call(`/kettle/startJob?id=${id}&xml=Y`);
		expect(busy.status).toBe(500);
		expect(busy.type).toMatch(/^text\/xml/);
		expect(busy.doc.webresult.message).toMatch(/^Unexpected error during job start: \njava.lang.IllegalThreadStateException/);
		const unknown = await call('/kettle/startJob?id=nope&xml=Y');
		expect(unknown.status).toBe(404);
		expect(unknown.doc.webresult.message).toBe('The specified job [null] could not be found');

		const old = on('9.3');
		const added = await old.add('old_job', {});
		const refused = await old.call(`/kettle/startJob?id=${added}&xml=Y`);
		expect(refused.status).toBe(400);
		expect(refused.doc.webresult.message).toBe('Missing mandatory parameter name');
		// With a name, the id still picks the run and the asked name is what the answer says.
		expect((await old.call(`/kettle/startJob?name=whatever&id=${added}&xml=Y`)).doc.webresult).toMatchObject({ result: 'OK', message: 'Job [whatever] was started.' });
	});
});

describe('jobStatus, status list and results', () => {
	it('refuses a name shared by several runs (409) and, before 10.2.0.4, a request without a name (400)', async () => {
		const { call } = on('11.0');
		const { name, ids } = await sharedNameRuns('11.0', 'shared_d');
		const conflict = await call(`/kettle/jobStatus?name=${name}&xml=Y`);
		expect(conflict.status).toBe(409);
		expect(conflict.doc.webresult.message).toBe('Multiple jobs found with the same name. Please provide an Id');
		expect((await call(`/kettle/jobStatus?name=${name}&id=${ids[1]}&xml=Y`)).status).toBe(200);

		const older = on('10.2');
		const id = await older.add('named', {});
		const noName = await older.call(`/kettle/jobStatus?id=${id}&xml=Y`);
		expect(noName.status).toBe(400);
		expect(noName.doc.webresult.message).toBe('Missing mandatory parameter name');
	});

	it('9.3.0.0 counts `from` from the job\'s own first line (default 9999999: the whole log)', async () => {
		const { emu, call } = on('9.3');
		const run = await call('/kettle/runJob?job=/public/etl/counted&LOG_LINES=6');
		const id = String(run.doc.webresult.id);
		emu.app.advanceClock(DURATION + 1);
		const whole = (await call(`/kettle/jobStatus?name=counted&id=${id}&xml=Y`)).doc.jobstatus;
		expect(whole.first_log_line_nr).toBe('9999999');
		const decode = (s: string) => Buffer.from(s.replace(/^<!\[CDATA\[|\]\]>$/g, ''), 'base64');
		const { gunzipSync } = await import('node:zlib');
		const lines = (s: string) => gunzipSync(decode(s)).toString('utf8').trimEnd().split('\n');
		expect(lines(whole.logging_string)).toHaveLength(6);
		// from=3: the job's lines after its own third line.
		const rest = (await call(`/kettle/jobStatus?name=counted&id=${id}&xml=Y&from=3`)).doc.jobstatus;
		expect(lines(rest.logging_string)).toHaveLength(4);
	});

	it('lists the jobs in the JobMap order and writes elapsedTimeMillis 0 and an empty executionId in the results', async () => {
		const { emu, call } = on('11.0');
		const ids: string[] = [];
		for (let i = 0; i < 4; i++) ids.push(String((await call(`/kettle/runJob?job=/public/etl/listed_${i}`)).doc.webresult.id));
		emu.app.advanceClock(DURATION + 1);
		const listed = [(await call('/kettle/status?xml=Y')).doc.serverstatus.jobstatuslist.jobstatus].flat().map((j: any) => j.id);
		const all = (emu.app.state.worker as { jobs: Array<{ id: string }> }).jobs.map((j) => j.id);
		expect(listed).toEqual(javaOrder(all, all.length));
		const status = await call(`/kettle/jobStatus?name=listed_0&id=${ids[0]}&xml=Y`);
		expect(status.doc.jobstatus.result).toMatchObject({ elapsedTimeMillis: '0', executionId: '' });
		expect(status.text).not.toContain('result-file');
		const run = await call('/kettle/runTrans?trans=/public/etl/timed');
		emu.app.advanceClock(DURATION + 1);
		const trans = await call(`/kettle/transStatus?name=timed&id=${run.doc.webresult.id}&xml=Y`);
		expect(trans.doc.transstatus.status_desc).toBe('Finished');
		expect(trans.doc.transstatus.result).toMatchObject({ elapsedTimeMillis: '0', executionId: '' });
	});

	it('answers an unknown transformation with a webresult without the XML declaration, escaped with Encode.forXml', async () => {
		const { call } = on('11.0');
		const unknown = await call(`/kettle/transStatus?name=${encodeURIComponent(`o'"x`)}&xml=Y`);
		expect(unknown.status).toBe(200);
		expect(unknown.text).toBe('<webresult>\n  <result>ERROR</result>\n  <message>The specified transformation [o&#39;&#34;x] could not be found</message>\n  <id/>\n</webresult>\n\n');
		const removed = await call('/kettle/removeTrans?name=ghost&xml=Y');
		expect(removed.text.startsWith('<webresult>')).toBe(true);
	});
});

describe('executeTrans', () => {
	it('sets no content type and writes nothing but what the steps write to the servlet output', async () => {
		const { call } = on('11.0');
		const empty = await call('/kettle/executeTrans?trans=/opt/etl/quiet.ktr');
		expect(empty.status).toBe(200);
		expect(empty.type).toBe('');
		expect(empty.text).toBe('');
		const written = await call(`/kettle/executeTrans?trans=/opt/etl/out.ktr&SERVLET_OUTPUT=${encodeURIComponent('id,name\n1,a\n')}`);
		expect(written.status).toBe(200);
		expect(written.type).toBe('');
		expect(written.text).toBe('id,name\n1,a\n');
	});

	it('9.3.0.0 also wants `rep` (400 "Missing mandatory parameter rep")', async () => {
		const refused = await on('9.3').call('/kettle/executeTrans?trans=/opt/etl/quiet.ktr');
		expect(refused.status).toBe(400);
		expect(refused.doc.webresult.message).toBe('Missing mandatory parameter rep');
		expect((await on('10.2').call('/kettle/executeTrans?trans=/opt/etl/quiet.ktr')).status).toBe(200);
	});
});

describe('stopCarte', () => {
	it('inside the BI server: request_accepted N, and the page prints the missing message key; text/html without a charset', async () => {
		const { call } = on('10.2');
		const xml = await call('/kettle/stopCarte?xml=Y');
		expect(xml.status).toBe(200);
		expect(xml.type).toBe('text/xml;charset=UTF-8');
		expect(xml.text).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<request_accepted>N</request_accepted>\n');
		const page = await call('/kettle/stopCarte');
		expect(page.status).toBe(200);
		expect(page.type).toBe('text/html');
		expect(page.text).toContain('<H1>Status</H1>\n<p>\n!StopCarteServlet.shutdownRequest.status.notFound!\n</p>');
	});
});

describe('paths and methods', () => {
	it('a /kettle path that names no servlet needs authentication first, then answers the container 404 page', async () => {
		const { emu, call } = on('11.0');
		const anonymous = await fetch(`${emu.url}/kettle/noSuchServlet?xml=Y`);
		expect(anonymous.status).toBe(401);
		await anonymous.arrayBuffer();
		const missing = await call('/kettle/noSuchServlet?xml=Y');
		expect(missing.status).toBe(404);
		expect(missing.type).toMatch(/^text\/html/);
		expect(missing.text).toContain('HTTP Status 404');
	});

	it('inside the BI server the CarteServlet takes GET and POST only: PUT and DELETE are 405; a standalone server runs them', async () => {
		const { call } = on('11.0');
		expect((await call('/kettle/status?xml=Y', { method: 'PUT' })).status).toBe(405);
		expect((await call('/kettle/status?xml=Y', { method: 'DELETE' })).status).toBe(405);
		expect((await call('/kettle/status?xml=Y', { method: 'POST' })).status).toBe(200);
		const standalone = await startEmulator({ contextPath: '' });
		try {
			const put = await fetch(`${standalone.url}/kettle/status?xml=Y`, { method: 'PUT', headers: { Authorization: AUTH } });
			expect(put.status).toBe(200);
			await put.arrayBuffer();
			const missing = await fetch(`${standalone.url}/kettle/noSuchServlet`, { headers: { Authorization: AUTH } });
			expect(missing.status).toBe(404);
			expect(await missing.text()).toContain('HTTP ERROR 404');
		} finally {
			await standalone.stop();
		}
	});
});
