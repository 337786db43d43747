/**
 * The Hop Server's front (emulator/areas/hop/http.ts, jetty.ts) and its reading servlets for the server
 * (routes-status.ts): authentication, Jetty's pages, the root menu, /hop/status in XML, JSON and HTML, as
 * the newest release (2.19.0) answers.
 */
import { AUTH, call, emu, json, state, useHopEmulator, xml } from './helpers';

useHopEmulator();

describe('hop emulator: front', () => {
	it('serves Hop at the root of the port, with cluster/cluster', () => {
		expect(emu().url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
		expect(emu().app.users.map((u) => u.name)).toEqual(['cluster']);
	});

	it('refuses requests without valid Basic credentials with realm "Hop" and Jetty 12\'s page, on every path', async () => {
		for (const path of ['/hop/status/', '/no/such/path']) {
			const anonymous = await call(path, { auth: null });
			expect(anonymous.status).toBe(401);
			expect(anonymous.headers.get('www-authenticate')).toBe('Basic realm="Hop"');
			expect(anonymous.type).toBe('text/html;charset=iso-8859-1');
			expect(anonymous.text).toContain('<h2>HTTP ERROR 401 Unauthorized</h2>');
			expect(anonymous.text).toContain(`<tr><th>URI:</th><td>${emu().url}${path}</td></tr>`);
			expect(anonymous.text).toContain('Powered by Jetty:// 12.1.12');
		}
		const wrong = await call('/hop/status/', { auth: `Basic ${Buffer.from('cluster:nope').toString('base64')}` });
		expect(wrong.status).toBe(401);
		// Jetty's error handler negotiates on Accept.
		const asJson = await call('/hop/status/', { auth: null, headers: { Accept: 'application/json' } });
		expect(asJson.type).toBe('application/json');
		expect(JSON.parse(asJson.text)).toMatchObject({ status: '401', message: 'Unauthorized' });
		const nothingAcceptable = await call('/hop/status/', { auth: null, headers: { Accept: 'image/png' } });
		expect(nothingAcceptable.status).toBe(401);
		expect(nothingAcceptable.text).toBe('');
	});

	it('answers the menu at / and GetRootServlet\'s 404 "Not found." for any other path', async () => {
		const menu = await call('/');
		expect(menu.status).toBe(200);
		expect(menu.type).toBe('text/html;charset=UTF-8');
		expect(menu.text).toContain('<TITLE>Hop hop server</TITLE>');
		expect(menu.text).toContain('<a href="/hop/status">Show status</a>');
		for (const path of ['/hop/nextSequence', '/kettle/status', '/hop/statusX', '/api/carte/systemInfo']) {
			const missing = await call(path);
			expect(missing.status).toBe(404);
			expect(missing.text).toContain('<h2>HTTP ERROR 404 Not found.</h2>');
			expect(missing.text).toMatch(/<tr><th>SERVLET:<\/th><td>org\.apache\.hop\.www\.GetRootServlet-[0-9a-f]+<\/td><\/tr>/);
		}
	});

	it('runs POST, PUT and DELETE like GET, answers OPTIONS and refuses PATCH', async () => {
		for (const method of ['POST', 'PUT', 'DELETE']) {
			const answer = await xml('/hop/status?xml=Y', { method });
			expect(answer.doc.serverstatus.statusdesc).toBe('Online');
		}
		const options = await call('/hop/status', { method: 'OPTIONS' });
		expect(options.headers.get('allow')).toContain('GET');
		const patch = await call('/hop/status', { method: 'PATCH' });
		expect(patch.status).toBe(405);
	});
});

describe('hop emulator: /hop/status', () => {
	it('answers the server status XML: unindented system figures, shutting_down and the two lists', async () => {
		const answer = await call('/hop/status/?xml=Y');
		expect(answer.status).toBe(200);
		expect(answer.type).toBe('text/xml;charset=UTF-8');
		expect(answer.text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<serverstatus>\n<statusdesc>Online</statusdesc>\n<shutting_down>N</shutting_down>\n<memory_free>')).toBe(true);
		const doc = (await xml('/hop/status?xml=Y')).doc.serverstatus;
		for (const field of ['memory_free', 'memory_total', 'cpu_cores', 'cpu_process_time', 'uptime', 'thread_count']) expect(doc[field]).toMatch(/^\d+$/);
		expect(doc.load_avg).toMatch(/^\d+\.\d+$/);
		expect(doc.os_arch).not.toBe('');
		expect(answer.text).toContain('  <pipeline_status_list>\n  </pipeline_status_list>\n  <workflow_status_list>\n  </workflow_status_list>\n</serverstatus>\n');
	});

	it('lists pipelines and workflows by their map entries', async () => {
		const before = state().pipelines.length;
		await call('/hop/execPipeline?pipeline=/opt/hop/project/pipelines/generate-rows.hpl');
		const doc = (await xml('/hop/status?xml=Y')).doc.serverstatus;
		const pipelines = [doc.pipeline_status_list['pipeline-status']].flat();
		expect(pipelines).toHaveLength(before + 1);
		const entry = pipelines[pipelines.length - 1];
		expect(entry.pipeline_name).toBe('generate-rows');
		expect(entry.status_desc).toBe('Finished');
		expect(entry.log_date).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/);
		expect(entry.logging_string).toBe('<![CDATA[]]>');
	});

	it('answers JSON with json=Y (Jackson, field order) and an HTML page otherwise', async () => {
		const answer = await json('/hop/status?json=Y');
		expect(answer.type).toBe('application/json;charset=UTF-8');
		expect(Object.keys(answer.value).slice(0, 5)).toEqual(['statusDescription', 'errorDescription', 'shuttingDown', 'pipelineStatusList', 'workflowStatusList']);
		expect(answer.value.statusDescription).toBe('Online');
		expect(answer.text).toContain('"statusDescription" : "Online"');
		const page = await call('/hop/status');
		expect(page.type).toBe('text/html;charset=UTF-8');
		expect(page.text).toContain('<TITLE>Hop hop server status</TITLE>');
		expect(page.text).toContain('generate-rows');
	});

	it('accepts the context path without the trailing slash (2.18.0 and later)', async () => {
		const answer = await call('/hop/status?xml=Y');
		expect(answer.status).toBe(200);
		expect((await call('/hop/status/anything/below?xml=Y')).status).toBe(200);
	});

	it('has no static files and no /api servlet in 2.19.0', async () => {
		const stat = await call('/static/css/hop-server.css');
		expect(stat.status).toBe(404);
		expect(stat.text).toContain('<tr><th>SERVLET:</th><td>static</td></tr>');
	});

	it('keeps the emulator control interface', async () => {
		const info = await fetch(`${emu().url}/__emulator/info`);
		expect(info.status).toBe(200);
		expect(AUTH).toContain('Basic');
	});
});
