/**
 * Pipelines on the Hop Server area (emulator/areas/hop/routes-register.ts, routes-control.ts,
 * routes-status.ts): register, prepare, start, status over time, pause/resume, stop, remove, sniff, image.
 */
import { advance, call, decodeLog, DURATION, json, pipelineConfiguration, registerPipeline, state, useHopEmulator, xml } from './helpers';

useHopEmulator();

describe('hop emulator: registerPipeline', () => {
	it('registers a pipeline_configuration and answers its id; it waits, unprepared, without result', async () => {
		const answer = await call('/hop/registerPipeline/?xml=Y', { method: 'POST', body: pipelineConfiguration({ name: 'reg-one' }) });
		expect(answer.status).toBe(200);
		expect(answer.type).toBe('text/xml;charset=UTF-8');
		const doc = (await xml('/hop/registerPipeline/?xml=Y', { method: 'POST', body: pipelineConfiguration({ name: 'reg-two' }) })).doc.webresult;
		expect(doc.result).toBe('OK');
		expect(doc.message).toBe(`Pipeline 'reg-two' was added to HopServer with id ${doc.id}`);
		const status = await call(`/hop/pipelineStatus/?name=reg-two&id=${doc.id}&xml=Y`);
		expect(status.type).toBe('text/xml;charset=UTF-8');
		const ps = (await xml(`/hop/pipelineStatus/?name=reg-two&id=${doc.id}&xml=Y`)).doc['pipeline-status'];
		expect(ps.status_desc).toBe('Waiting');
		expect(ps.execution_start_date).toBe('');
		expect(ps.transform_status_list).toBe('');
		expect(ps.result).toBeUndefined();
		expect(status.text).toContain('  <paused>N</paused>\n  <transform_status_list>\n  </transform_status_list>\n');
	});

	it('answers JSON with json=Y and the generic failure for a body it cannot use', async () => {
		const ok = await json('/hop/registerPipeline/?json=Y', { method: 'POST', body: pipelineConfiguration({ name: 'reg-json' }) });
		expect(ok.type).toBe('application/json;charset=UTF-8');
		expect(Object.keys(ok.value)).toEqual(['result', 'message', 'id', 'xml']);
		expect(ok.value.result).toBe('OK');
		for (const body of ['not xml', pipelineConfiguration({ name: 'x', runConfiguration: 'nowhere' }), pipelineConfiguration({ name: 'x', runConfiguration: null }), pipelineConfiguration({ name: 'x', metastore: null })]) {
			const failed = (await xml('/hop/registerPipeline/?xml=Y', { method: 'POST', body })).doc.webresult;
			expect(failed.result).toBe('ERROR');
			expect(failed.message).toBe('Request failed. See server log for details.');
		}
		const page = await call('/hop/registerPipeline/', { method: 'POST', body: pipelineConfiguration({ name: 'reg-html' }) });
		expect(page.type).toBe('text/html;charset=UTF-8');
		expect(page.text).toContain('!RegisterPipelineServlet.Title!');
		expect(page.text).toContain('<result>OK</result>');
	});

	it('addPipeline (deprecated) registers too, answering with the writer\'s ISO-8859-1 charset', async () => {
		const answer = await xml('/hop/addPipeline/?xml=Y', { method: 'POST', body: pipelineConfiguration({ name: 'added' }) });
		expect(answer.type).toBe('text/xml;charset=iso-8859-1');
		expect(answer.doc.webresult.message).toMatch(/^Pipeline 'added' was added to HopServer with id /);
	});
});

describe('hop emulator: a pipeline run over time', () => {
	it('prepareExec, startExec, Running with growing counters, then Finished with its result and log', async () => {
		const id = await registerPipeline({ name: 'timed', rows: 10 });
		const notReady = (await xml(`/hop/startExec/?name=timed&id=${id}&xml=Y`)).doc.webresult;
		expect(notReady.result).toBe('ERROR');
		expect(notReady.message).toBe('The specified pipeline [timed] is not ready to be started. (Was not prepared for execution)');
		const prepared = await call(`/hop/prepareExec/?name=timed&id=${id}&xml=Y`);
		expect(prepared.text).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<webresult>\n  <result>OK</result>\n  <message/>\n  <id/>\n</webresult>\n\n');
		let ps = (await xml(`/hop/pipelineStatus/?name=timed&id=${id}&xml=Y`)).doc['pipeline-status'];
		expect(ps.status_desc).toBe('Waiting');
		expect(ps.execution_start_date).not.toBe('');
		expect([ps.transform_status_list.transform_status].flat().map((t: any) => t.statusDescription)).toEqual(['Idle', 'Idle']);
		expect((await xml(`/hop/startExec/?name=timed&id=${id}&xml=Y`)).doc.webresult.result).toBe('OK');
		advance(DURATION / 2);
		ps = (await xml(`/hop/pipelineStatus/?name=timed&id=${id}&xml=Y`)).doc['pipeline-status'];
		expect(ps.status_desc).toBe('Running');
		const running = [ps.transform_status_list.transform_status].flat();
		expect(Number(running[0].linesWritten)).toBeGreaterThan(0);
		expect(Number(running[0].linesWritten)).toBeLessThan(10);
		expect(running[0].statusDescription).toBe('Running');
		expect(ps.execution_end_date).toBe('');
		advance(DURATION);
		const answer = await xml(`/hop/pipelineStatus/?name=timed&id=${id}&xml=Y`);
		ps = answer.doc['pipeline-status'];
		expect(ps.status_desc).toBe('Finished');
		expect(ps.execution_end_date).not.toBe('');
		const done = [ps.transform_status_list.transform_status].flat();
		expect(done.map((t: any) => [t.transformName, t.linesRead, t.linesWritten, t.statusDescription])).toEqual([
			['Generate rows', '0', '10', 'Finished'],
			['result', '10', '10', 'Finished'],
		]);
		expect(ps.result).toMatchObject({ lines_written: '10', nr_errors: '0', result: 'Y', is_stopped: 'N' });
		// The result is not indented and directly followed by the logging string.
		expect(answer.text).toMatch(/<\/result> {2}<logging_string>&lt;!\[CDATA\[/);
		const log = decodeLog(ps.logging_string);
		expect(log).toContain("timed - Executing this pipeline using the Local Pipeline Engine with run configuration 'local'");
		expect(log).toContain('result.0 - Finished processing (I=0, O=0, R=10, W=10, U=0, E=0)');
		// The base64 is written in 76-character lines.
		expect(answer.text).toMatch(/CDATA\[[A-Za-z0-9+/=]{76}\r?\n/);
		// The end date stays where it was.
		const end = ps.execution_end_date;
		advance(5000);
		expect((await xml(`/hop/pipelineStatus/?name=timed&id=${id}&xml=Y`)).doc['pipeline-status'].execution_end_date).toBe(end);
	});

	it('serves the log from a line number: first_log_line_nr echoes it, last_log_line_nr is the server\'s', async () => {
		const id = await registerPipeline({ name: 'logged' });
		await call(`/hop/startPipeline/?name=logged&id=${id}&xml=Y`);
		advance(DURATION * 2);
		const all = (await xml(`/hop/pipelineStatus/?id=${id}&xml=Y`)).doc['pipeline-status'];
		expect(all.pipeline_name).toBe('');
		const last = Number(all.last_log_line_nr);
		expect(last).toBe(state().logs.lastLineNr);
		const lines = decodeLog(all.logging_string).trim().split('\n');
		const tail = (await xml(`/hop/pipelineStatus/?name=logged&id=${id}&xml=Y&from=${last - 2}`)).doc['pipeline-status'];
		expect(tail.first_log_line_nr).toBe(String(last - 2));
		expect(decodeLog(tail.logging_string).trim().split('\n')).toEqual(lines.slice(-2));
	});

	it('startPipeline prepares and starts: "Pipeline [name] was started." without id', async () => {
		const id = await registerPipeline({ name: 'started' });
		const started = (await xml(`/hop/startPipeline/?name=started&id=${id}&xml=Y`)).doc.webresult;
		expect(started).toEqual({ result: 'OK', message: 'Pipeline [started] was started.', id: '' });
		advance(DURATION * 2);
		expect((await xml(`/hop/pipelineStatus/?name=started&xml=Y`)).doc['pipeline-status'].status_desc).toBe('Finished');
	});

	it('pauses and resumes: Paused, the counters stand still, the end moves by the pause', async () => {
		const id = await registerPipeline({ name: 'paused', rows: 100 });
		await call(`/hop/startPipeline/?name=paused&id=${id}&xml=Y`);
		advance(DURATION / 2);
		const pause = (await xml(`/hop/pausePipeline/?name=paused&id=${id}&xml=Y`)).doc.webresult;
		expect(pause).toEqual({ result: 'OK', message: 'Pipeline [paused] : pause requested.', id: '' });
		const first = (await xml(`/hop/pipelineStatus/?name=paused&id=${id}&xml=Y`)).doc['pipeline-status'];
		expect(first.status_desc).toBe('Paused');
		expect(first.paused).toBe('Y');
		advance(DURATION * 5);
		const still = (await xml(`/hop/pipelineStatus/?name=paused&id=${id}&xml=Y`)).doc['pipeline-status'];
		expect(still.status_desc).toBe('Paused');
		expect([still.transform_status_list.transform_status].flat()[0].linesWritten).toBe([first.transform_status_list.transform_status].flat()[0].linesWritten);
		const resume = (await xml(`/hop/pausePipeline/?name=paused&id=${id}&xml=Y`)).doc.webresult;
		expect(resume.message).toBe('Pipeline [paused] : resume requested.');
		expect((await xml(`/hop/pipelineStatus/?name=paused&id=${id}&xml=Y`)).doc['pipeline-status'].status_desc).toBe('Running');
		advance(DURATION);
		expect((await xml(`/hop/pipelineStatus/?name=paused&id=${id}&xml=Y`)).doc['pipeline-status'].status_desc).toBe('Finished');
	});

	it('pausing a pipeline never prepared fails on its missing transforms, after setting the paused flag', async () => {
		const id = await registerPipeline({ name: 'unprepared' });
		const answer = (await xml(`/hop/pausePipeline/?name=unprepared&id=${id}&xml=Y`)).doc.webresult;
		expect(answer.result).toBe('ERROR');
		expect(answer.message).toMatch(/^java\.lang\.NullPointerException/);
		expect((await xml(`/hop/pipelineStatus/?name=unprepared&id=${id}&xml=Y`)).doc['pipeline-status'].paused).toBe('Y');
	});

	it('stops a never-ending pipeline: it ends Finished with is_stopped=Y and Stopped transforms (inputOnly is ignored)', async () => {
		const id = await registerPipeline({ name: 'endless', neverEnding: true });
		await call(`/hop/startPipeline/?name=endless&id=${id}&xml=Y`);
		advance(60_000);
		const running = (await xml(`/hop/pipelineStatus/?name=endless&id=${id}&xml=Y`)).doc['pipeline-status'];
		expect(running.status_desc).toBe('Running');
		expect(Number([running.transform_status_list.transform_status].flat()[0].linesWritten)).toBeGreaterThan(100);
		const stop = (await xml(`/hop/stopPipeline/?name=endless&id=${id}&xml=Y&inputOnly=Y`)).doc.webresult;
		expect(stop).toEqual({ result: 'OK', message: 'Pipeline [endless] stop requested.', id });
		const stopped = (await xml(`/hop/pipelineStatus/?name=endless&id=${id}&xml=Y`)).doc['pipeline-status'];
		expect(stopped.status_desc).toBe('Finished');
		expect(stopped.result.is_stopped).toBe('Y');
		expect([stopped.transform_status_list.transform_status].flat().map((t: any) => [t.statusDescription, t.stopped])).toEqual([
			['Stopped', 'Y'],
			['Stopped', 'Y'],
		]);
	});

	it('an Abort transform ends the run Finished (with errors)', async () => {
		const id = await registerPipeline({ name: 'aborting', abort: true });
		await call(`/hop/startPipeline/?name=aborting&id=${id}&xml=Y`);
		advance(DURATION * 2);
		const ps = (await xml(`/hop/pipelineStatus/?name=aborting&id=${id}&xml=Y`)).doc['pipeline-status'];
		expect(ps.status_desc).toBe('Finished (with errors)');
		expect(ps.result.nr_errors).toBe('1');
		expect(decodeLog(ps.logging_string)).toContain('Abort.0 - ERROR: Row nr 1 causing abort "Abort with error"');
	});

	it('finds by id whatever the name, and by the first entry of a name without id', async () => {
		const id = await registerPipeline({ name: 'twin' });
		await registerPipeline({ name: 'twin' });
		const byId = (await xml(`/hop/pipelineStatus/?name=someone-else&id=${id}&xml=Y`)).doc['pipeline-status'];
		expect(byId.id).toBe(id);
		expect(byId.pipeline_name).toBe('someone-else');
		expect((await xml('/hop/pipelineStatus/?name=twin&xml=Y')).doc['pipeline-status'].id).toBe(id);
	});
});

describe('hop emulator: not found, remove, prepare errors', () => {
	it('answers the status servlet\'s not-found web result without XML header, and an HTML heading otherwise', async () => {
		const missing = await call('/hop/pipelineStatus/?name=nope&xml=Y');
		expect(missing.status).toBe(200);
		expect(missing.text).toBe('<webresult>\n  <result>ERROR</result>\n  <message>The specified pipeline [nope] could not be found</message>\n  <id/>\n</webresult>\n\n');
		const page = await call('/hop/pipelineStatus/?name=nope');
		expect(page.text).toContain('<H1>Pipeline [nope] could not be found.</H1>');
		const asJson = await call('/hop/pipelineStatus/?name=nope&json=Y');
		expect(asJson.type).toBe('application/json;charset=UTF-8');
		expect(asJson.text).toContain('<H1>');
	});

	it('control servlets: ERROR web results with HTTP 200, 400 for their HTML pages', async () => {
		expect((await xml('/hop/stopPipeline/?name=nope&xml=Y')).doc.webresult.message).toBe('Pipeline [nope] could not be found.');
		expect((await xml('/hop/pausePipeline/?name=nope&xml=Y')).doc.webresult.message).toBe('Pipeline [nope] to be paused could not be found.');
		expect((await xml('/hop/startPipeline/?name=nope&xml=Y')).doc.webresult.message).toBe('The specified pipeline [nope] could not be found');
		const html = await call('/hop/stopPipeline/?name=nope');
		expect(html.status).toBe(400);
		expect(html.text).toContain('<H1>Pipeline [nope] could not be found.</H1>');
		const asJson = await json('/hop/stopPipeline/?name=nope&json=Y');
		expect(asJson.value.result).toBe('ERROR');
	});

	it('prepareExec: an unknown id is not found, an unknown name without id hits a null map key', async () => {
		expect((await xml('/hop/prepareExec/?name=nope&id=123&xml=Y')).doc.webresult.message).toBe('The specified pipeline [nope] could not be found');
		const npe = (await xml('/hop/prepareExec/?name=nope&xml=Y')).doc.webresult.message as string;
		expect(npe).toMatch(/^Unexpected error during pipeline execution preparation: \njava\.lang\.NullPointerException/);
	});

	it('removes a pipeline: <?xml?> and the OK web result without line break; then it is gone', async () => {
		const id = await registerPipeline({ name: 'removable' });
		const removed = await call(`/hop/removePipeline/?name=removable&id=${id}&xml=Y`);
		expect(removed.text).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<webresult>\n  <result>OK</result>\n  <message/>\n  <id/>\n</webresult>\n');
		expect((await xml(`/hop/removePipeline/?name=removable&id=${id}&xml=Y`)).doc.webresult.message).toBe('The specified pipeline [removable] could not be found');
		const page = await call(`/hop/removePipeline/?name=removable&id=${id}`);
		expect(page.status).toBe(400);
		expect(page.text).toContain(`Hop Server couldn&#39;t find the pipeline with name [removable] and hopServer object ID ${id}.`);
	});

	it('start servlets HTML-escape the name before the look-up (2.10.0 and later)', async () => {
		await registerPipeline({ name: 'a&amp;b' });
		expect(state().pipelines.some((p) => p.name === 'a&b')).toBe(true);
		const answer = (await xml(`/hop/startPipeline/?name=${encodeURIComponent('a&b')}&xml=Y`)).doc.webresult;
		expect(answer.result).toBe('ERROR');
		expect(answer.message).toBe('The specified pipeline [a&amp;b] could not be found');
		expect((await xml(`/hop/pipelineStatus/?name=${encodeURIComponent('a&b')}&xml=Y`)).doc['pipeline-status'].pipeline_name).toBe('a&b');
	});
});

describe('hop emulator: sniffTransform and pipelineImage', () => {
	it('sniffs the rows a running transform writes, as a row-buffer', async () => {
		const id = await registerPipeline({ name: 'sniffed', neverEnding: true });
		await call(`/hop/startPipeline/?name=sniffed&id=${id}&xml=Y`);
		const answer = await xml(`/hop/sniffTransform/?pipeline=sniffed&id=${id}&transform=result&copynr=0&lines=2&type=output&xml=Y`);
		expect(answer.type).toBe('text/xml;charset=UTF-8');
		const buffer = answer.doc['row-buffer'];
		expect(buffer['row-meta']['value-meta'].name).toBe('value');
		expect([buffer['row-data']].flat()).toHaveLength(2);
		expect([buffer['row-data']].flat()[0]['value-data']).toBe('test');
		await call(`/hop/stopPipeline/?name=sniffed&id=${id}&xml=Y`);
		const unknown = (await xml(`/hop/sniffTransform/?pipeline=sniffed&id=${id}&transform=nope&xml=Y`)).doc.webresult;
		expect(unknown.message).toBe('Could not find specified transform: nope');
		expect((await xml('/hop/sniffTransform/?pipeline=nope&transform=x&xml=Y')).doc.webresult.message).toBe('Could not find specified pipeline: nope');
	});

	it('draws the pipeline as SVG for a GET with an id; 204 for a POST before any GET; 500 without id', async () => {
		const id = await registerPipeline({ name: 'drawn' });
		const early = await call(`/hop/pipelineImage/?name=drawn&id=${id}`, { method: 'POST' });
		expect(early.status).toBe(204);
		const image = await call(`/hop/pipelineImage/?name=drawn&id=${id}`);
		expect(image.status).toBe(200);
		expect(image.type).toBe('image/svg+xml;charset=UTF-8');
		expect(image.text).toContain('<svg');
		expect(image.text).toContain('Generate rows');
		const noId = await call('/hop/pipelineImage/?name=drawn');
		expect(noId.status).toBe(500);
		expect(noId.text).toContain('Unable to generate pipeline image.');
		const unknown = await call('/hop/pipelineImage/?id=nope');
		expect(unknown.status).toBe(200);
		expect(unknown.text).toBe('');
	});
});
