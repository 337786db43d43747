/**
 * The emulator's own machinery over plain HTTP: the catalog's token login and protected calls,
 * Basic users and administrator-only routes, the context path, every fault kind, latency, and the
 * control interface.
 */
import { request as httpRequest } from 'node:http';

import { FAULT_KINDS, startEmulator, type RunningEmulator } from '../../emulator';
import { webResultXml } from '../../emulator/core/app';
import { EmulatorHttpError } from '../../emulator/core/errors';
import { PROFILE_NAMES, serverProfile } from '../../emulator/core/profiles';
import { escapeXml } from '../../emulator/core/xml';

let emulator: RunningEmulator;

beforeAll(async () => {
	emulator = await startEmulator({ tokenTtl: 60 });
});
afterAll(async () => {
	await emulator.stop();
});

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const ADMIN = basic('admin', 'password');

async function login(form: Record<string, string>, contentType = 'application/x-www-form-urlencoded') {
	return await fetch(`${emulator.catalogUrl}/api/public/v1/auth`, {
		method: 'POST',
		headers: { 'Content-Type': contentType, Accept: 'application/json' },
		body: new URLSearchParams(form).toString(),
	});
}

const GOOD = { username: 'analyst', password: 'password', client_id: 'pdc-client', grant_type: 'password', scope: 'openid profile email' };

describe('catalog authentication', () => {
	it('issues a signed JWT whose exp is now + the token lifetime', async () => {
		const response = await login(GOOD);
		expect(response.status).toBe(200);
		const body = (await response.json()) as { message: string; data: { accessToken: string } };
		expect(body.message).toBe('OK');
		const [, payload] = body.data.accessToken.split('.');
		const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: string; exp: number; iat: number };
		expect(claims.sub).toBe('analyst');
		expect(claims.exp - claims.iat).toBe(60);
	});

	it.each([
		['a missing field', { ...GOOD, scope: '' }, 400],
		['a wrong grant type', { ...GOOD, grant_type: 'client_credentials' }, 400],
		['an unknown client id', { ...GOOD, client_id: 'other' }, 400],
		['a wrong password', { ...GOOD, password: 'nope' }, 401],
		['an unknown user', { ...GOOD, username: 'mallory' }, 401],
	])('refuses %s', async (_label, form, status) => {
		const response = await login(form);
		expect(response.status).toBe(status);
		expect(await response.json()).toEqual({ status, message: status === 400 ? 'Invalid Request Parameters' : 'Unauthorized' });
	});

	it('refuses a JSON body: the login is a form', async () => {
		const response = await fetch(`${emulator.catalogUrl}/api/public/v1/auth`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(GOOD) });
		expect(response.status).toBe(400);
	});

	it('protects the API: no token, a forged token and an expired token answer 401; a valid one 200', async () => {
		const token = ((await (await login(GOOD)).json()) as { data: { accessToken: string } }).data.accessToken;
		const call = (authorization?: string) =>
			fetch(`${emulator.catalogUrl}/api/public/v1/assets`, { headers: authorization ? { Authorization: authorization } : {} });
		expect((await call()).status).toBe(401);
		expect((await call(`Bearer ${token.slice(0, -2)}xx`)).status).toBe(401);
		expect((await call(`Bearer ${token}`)).status).toBe(200);
		emulator.app.advanceClock(61_000);
		const expired = await call(`Bearer ${token}`);
		expect(expired.status).toBe(401);
		expect(expired.headers.get('www-authenticate')).toBe('Bearer');
	});

	it('answers the health check without a token', async () => {
		expect(await (await fetch(`${emulator.catalogUrl}/api/public/health`)).json()).toEqual({ message: 'OK' });
	});
});

describe('server users', () => {
	it('answers 401 with a Basic challenge to wrong or missing credentials', async () => {
		for (const headers of [{}, { Authorization: basic('admin', 'wrong') }, { Authorization: basic('nobody', 'password') }] as Array<Record<string, string>>) {
			const response = await fetch(`${emulator.url}/api/mantle/isAuthenticated`, { headers });
			expect(response.status).toBe(401);
			expect(response.headers.get('www-authenticate')).toMatch(/^Basic/);
		}
		expect(await (await fetch(`${emulator.url}/api/mantle/isAuthenticated`, { headers: { Authorization: ADMIN } })).text()).toBe('true');
	});

	it('serves the server interfaces under the context path only', async () => {
		expect((await fetch(emulator.url.replace('/pentaho', '') + '/api/mantle/isAuthenticated', { headers: { Authorization: ADMIN } })).status).toBe(404);
		expect(emulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pentaho$/);
	});
});

describe('fault injection', () => {
	const path = '/dataflow/status';
	const url = () => `${emulator.url}${path}?xml=Y`;
	afterEach(() => emulator.app.faults.clear());

	it('knows nine kinds of fault', () => expect([...FAULT_KINDS].sort()).toEqual(['drop', 'error500', 'html', 'malformed', 'resultError', 'slow', 'truncated', 'unauthorized', 'unavailable']));

	it.each([
		['error500', 500, /<result>ERROR<\/result>[\s\S]*<message>boom<\/message>/],
		['unavailable', 503, /<message>boom<\/message>/],
		['resultError', 200, /<result>ERROR<\/result>/],
		['html', 500, /<h2>HTTP ERROR 500<\/h2>[\s\S]*boom/],
		['unauthorized', 401, /boom/],
		['malformed', 200, /<message>cut$/],
	])('%s answers %s', async (kind, status, body) => {
		emulator.app.faults.add({ kind: kind as never, path, message: 'boom' });
		const response = await fetch(url(), { headers: { Authorization: ADMIN } });
		expect(response.status).toBe(status);
		expect(await response.text()).toMatch(body);
	});

	it('truncated announces more than it sends, then closes', async () => {
		emulator.app.faults.add({ kind: 'truncated', path });
		await expect(fetch(url(), { headers: { Authorization: ADMIN } }).then((r) => r.text())).rejects.toThrow();
	});

	it('drop closes the connection without an answer', async () => {
		emulator.app.faults.add({ kind: 'drop', path });
		await expect(fetch(url(), { headers: { Authorization: ADMIN } })).rejects.toThrow();
	});

	it('slow answers normally after the delay', async () => {
		emulator.app.faults.add({ kind: 'slow', path, delayMs: 300 });
		const started = Date.now();
		const response = await fetch(url(), { headers: { Authorization: ADMIN } });
		expect(response.status).toBe(200);
		expect(Date.now() - started).toBeGreaterThanOrEqual(290);
	});

	it('applies a limited number of times, after letting some requests through', async () => {
		emulator.app.faults.add({ kind: 'error500', path, after: 1, times: 2 });
		const statuses: number[] = [];
		for (let i = 0; i < 4; i++) statuses.push((await fetch(url(), { headers: { Authorization: ADMIN } })).status);
		expect(statuses).toEqual([200, 500, 500, 200]);
	});

	it('echoes what the client sent when the message asks for it', async () => {
		emulator.app.faults.add({ kind: 'error500', path, message: 'got {authorization} / {password}' });
		expect(await (await fetch(url(), { headers: { Authorization: ADMIN } })).text()).toContain(`got ${ADMIN} / password`);
	});

	it('is switchable over HTTP, and every request is logged with its status and size', async () => {
		const control = url().replace(/\/pentaho.*/, '/__emulator');
		await fetch(`${control}/requests`, { method: 'DELETE' });
		await fetch(`${control}/faults`, { method: 'POST', body: JSON.stringify({ kind: 'unavailable', path: '/dataflow/status' }) });
		expect(((await (await fetch(`${control}/faults`)).json()) as unknown[]).length).toBe(1);
		expect((await fetch(url(), { headers: { Authorization: ADMIN } })).status).toBe(503);
		await fetch(`${control}/faults`, { method: 'DELETE' });
		expect((await fetch(url(), { headers: { Authorization: ADMIN } })).status).toBe(200);
		const log = (await (await fetch(`${control}/requests`)).json()) as Array<{ method: string; path: string; status: number; bytes: number; user?: string }>;
		expect(log.map((r) => [r.method, r.path, r.status])).toEqual([
			['GET', '/pentaho/dataflow/status', 503],
			['GET', '/pentaho/dataflow/status', 200],
		]);
		expect(log[1].user).toBe('admin');
		expect(log[1].bytes).toBeGreaterThan(100);
		const info = (await (await fetch(`${control}/info`)).json()) as { url: string; catalogUrl: string };
		expect(info).toMatchObject({ url: emulator.url, catalogUrl: emulator.catalogUrl });
	});
});

describe('latency', () => {
	it('delays every answer by the configured time', async () => {
		const slow = await startEmulator({ latency: 200, contextPath: '' });
		try {
			const started = Date.now();
			const status = await new Promise<number>((resolve, reject) => {
				httpRequest(`${slow.url}/api/mantle/isAuthenticated`, { headers: { Authorization: ADMIN } }, (res) => {
					res.resume();
					resolve(res.statusCode ?? 0);
				})
					.on('error', reject)
					.end();
			});
			expect(status).toBe(200);
			expect(Date.now() - started).toBeGreaterThanOrEqual(190);
			expect(slow.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
		} finally {
			await slow.stop();
		}
	});
});

describe('the one XML escaper (emulator/core/xml.ts)', () => {
	it('writes quote and apostrophe in the style of each real writer', () => {
		const text = `a&b<c>d"e'f`;
		expect(escapeXml(text)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
		expect(escapeXml(text, 'xmlHandler')).toBe('a&amp;b&lt;c&gt;d&quot;e&#x27;f');
		expect(escapeXml(text, 'forHtml')).toBe('a&amp;b&lt;c&gt;d&#34;e&#39;f');
		expect(escapeXml(text, 'noApostrophe')).toBe(`a&amp;b&lt;c&gt;d&quot;e'f`);
		expect(escapeXml(undefined)).toBe('');
		expect(escapeXml(12)).toBe('12');
	});
});

describe('handler errors (EmulatorHttpError, answered in core/app.ts)', () => {
	const paths = {
		styled: '/__test/styled',
		bare: '/__test/bare',
		raw: '/__test/raw',
		crash: '/__test/crash',
		worker: '/kettle/__test/worker',
	};
	beforeAll(() => {
		const server = emulator.app.server;
		server.add('GET', paths.styled, () => {
			throw new EmulatorHttpError(409, 'Taken: <x>');
		});
		server.add('GET', paths.bare, () => {
			throw EmulatorHttpError.bare(401);
		});
		server.add('GET', paths.raw, () => {
			throw new EmulatorHttpError(404, 'Not Found', { body: '<html>gone</html>', contentType: 'text/html;charset=UTF-8' });
		});
		server.add('GET', paths.crash, () => {
			throw new Error('boom');
		});
		server.add('GET', paths.worker, () => {
			throw new EmulatorHttpError(404, `Job 'x' & <y>`);
		});
	});
	const get = async (path: string) => await fetch(`${emulator.url}${path}`, { headers: { Authorization: ADMIN } });

	it("answers a thrown error in the route's style with its status", async () => {
		const platform = await get(paths.styled);
		expect(platform.status).toBe(409);
		expect(platform.headers.get('content-type')).toBe('text/plain;charset=UTF-8');
		expect(await platform.text()).toBe('Taken: <x>');
		const worker = await get(paths.worker);
		expect(worker.status).toBe(404);
		expect(worker.headers.get('content-type')).toBe('text/xml;charset=UTF-8');
		expect(await worker.text()).toBe(webResultXml('ERROR', `Job 'x' & <y>`));
	});

	it('answers a bare error with no body and no content type, and a raw one with its own body', async () => {
		const bare = await get(paths.bare);
		expect(bare.status).toBe(401);
		expect(bare.headers.get('content-type')).toBeNull();
		expect(await bare.text()).toBe('');
		const raw = await get(paths.raw);
		expect(raw.status).toBe(404);
		expect(raw.headers.get('content-type')).toBe('text/html;charset=UTF-8');
		expect(await raw.text()).toBe('<html>gone</html>');
	});

	it('leaves any other error to the server (500 "Emulator error")', async () => {
		const crash = await get(paths.crash);
		expect(crash.status).toBe(500);
		expect(await crash.text()).toBe('Emulator error: boom');
	});
});

describe('server profiles (emulator/core/profiles.ts)', () => {
	it('plays 9.3, 10.2 GA, the newest 10.2 service pack and 11.0, each as a whole build', () => {
		expect(PROFILE_NAMES).toEqual(['9.3', '10.2', '10.2sp', '11.0']);
		const sp = serverProfile('10.2sp');
		expect([sp.major, sp.minor, sp.jsonStyle]).toEqual([10, 2, 'jersey1']);
		expect(sp.atLeast('10.2.0.3')).toBe(true);
		expect(sp.atLeast('10.2.0.10-434')).toBe(true);
		expect(sp.atLeast('10.3')).toBe(false);
		expect(sp.atLeast('11')).toBe(false);
		expect(serverProfile('10.2').atLeast('10.2.0.3')).toBe(false);
		expect(serverProfile('10.2').before('10.2.0.1')).toBe(true);
	});
});

describe('GET /api/version/show (VersionResource: the build with dots only, text/plain)', () => {
	it.each([
		['9.3', '9.3.0.0.428'],
		['10.2', '10.2.0.0.222'],
		['10.2sp', '10.2.0.10.434'],
		['11.0', '11.0.0.0.237'],
	] as const)('answers %s as %s', async (profile, text) => {
		const server = await startEmulator({ profile });
		try {
			const response = await fetch(`${server.url}/api/version/show`, { headers: { Authorization: ADMIN } });
			expect(response.status).toBe(200);
			expect(response.headers.get('content-type')).toBe('text/plain');
			expect(await response.text()).toBe(text);
		} finally {
			await server.stop();
		}
	});
});

describe('error answers of the BI server (core/errors.ts: JAXRSServlet, JAXRSPluginServlet, Tomcat)', () => {
	const servers: Partial<Record<string, RunningEmulator>> = {};
	const PAGE = /Sorry, something went wrong\.[\s\S]*Please try again or contact your system administrator\./;
	beforeAll(async () => {
		for (const profile of ['9.3', '10.2sp', '11.0'] as const) {
			const server = await startEmulator({ profile, csrf: true });
			const add = server.app.server.add.bind(server.app.server);
			add('GET', '/api/__test/bare404', () => {
				throw EmulatorHttpError.bare(404);
			});
			add('GET', '/api/__test/conflict', () => {
				throw new EmulatorHttpError(409, 'Taken');
			});
			add('GET', '/api/__test/json404', (ctx) => ctx.sendJson(404, { message: 'gone' }));
			add('GET', '/plugin/test-plugin/api/bare500', () => {
				throw EmulatorHttpError.bare(500);
			});
			add('GET', '/plugin/test-plugin/api/bare401', () => {
				throw EmulatorHttpError.bare(401);
			});
			add('GET', '/plugin/test-plugin/api/conflict', () => {
				throw new EmulatorHttpError(409, 'Taken');
			});
			servers[profile] = server;
		}
	});
	afterAll(async () => {
		for (const server of Object.values(servers)) await server?.stop();
	});
	const get = async (profile: string, path: string, headers: Record<string, string> = { Authorization: ADMIN }) => {
		const response = await fetch(`${servers[profile]!.url}${path}`, { headers, redirect: 'manual' });
		return { status: response.status, type: response.headers.get('content-type'), headers: response.headers, text: await response.text() };
	};

	it('/api on 9.x/10.x: a bare 404 is the webapp page /unavailable.html; on 11.x an empty 404', async () => {
		for (const profile of ['9.3', '10.2sp']) {
			const answer = await get(profile, '/api/__test/bare404');
			expect(answer).toMatchObject({ status: 404, type: 'text/html' });
			expect(answer.text).toMatch(PAGE);
			expect(answer.text).toMatch(/<title>Unavailable<\/title>/);
		}
		expect(await get('11.0', '/api/__test/bare404')).toMatchObject({ status: 404, type: null, text: '' });
	});

	it("/api on 9.x/10.x: the resource's entity is discarded (Tomcat's report for 409, the page for 404 with the resource's content type); on 11.x it is kept", async () => {
		const conflict = await get('9.3', '/api/__test/conflict');
		expect(conflict).toMatchObject({ status: 409, type: 'text/html;charset=utf-8' });
		expect(conflict.headers.get('content-language')).toBe('en');
		expect(conflict.text).toContain('<h1>HTTP Status 409 – Conflict</h1>');
		expect(conflict.text).toContain('<p><b>Message</b> Conflict</p>');
		expect(conflict.text).toContain('<h3>Apache Tomcat/9.0.50</h3>');
		expect(conflict.text).not.toContain('Taken');
		expect((await get('10.2sp', '/api/__test/conflict')).text).toContain('Apache Tomcat/9.0.120');
		const json = await get('9.3', '/api/__test/json404');
		expect(json).toMatchObject({ status: 404, type: 'application/json' });
		expect(json.text).toMatch(PAGE);
		expect(await get('11.0', '/api/__test/conflict')).toMatchObject({ status: 409, text: 'Taken' });
		expect(await get('11.0', '/api/__test/json404')).toMatchObject({ status: 404, text: '{"message":"gone"}' });
	});

	it('/plugin/{id}/api: a bare error becomes the page (403/404/500) or the report (others) in every version; an entity survives', async () => {
		for (const profile of ['9.3', '10.2sp', '11.0']) {
			const bare = await get(profile, '/plugin/test-plugin/api/bare500');
			expect(bare).toMatchObject({ status: 500, type: 'text/html' });
			expect(bare.text).toMatch(PAGE);
			expect(await get(profile, '/plugin/test-plugin/api/conflict')).toMatchObject({ status: 409, text: 'Taken' });
		}
		const jersey1 = await get('9.3', '/plugin/test-plugin/api/bare401');
		expect(jersey1.text).toContain('<h1>HTTP Status 401 – Unauthorized</h1>');
		expect(jersey1.text).toContain('<p><b>Message</b> Unauthorized</p>');
		expect(jersey1.headers.get('www-authenticate')).toBeNull();
		const jersey3 = await get('11.0', '/plugin/test-plugin/api/bare401');
		expect(jersey3.text).toContain('<h1>HTTP Status 401 – Unauthorized</h1>');
		expect(jersey3.text).not.toContain('<b>Message</b>');
		expect(jersey3.text).toContain('Apache Tomcat/10.1.48');
	});

	it('an unknown path is looked up after authentication: /api per version, plugins and the rest the page', async () => {
		expect((await get('9.3', '/api/nothing/here', {})).status).toBe(401);
		expect((await get('9.3', '/api/nothing/here')).text).toMatch(PAGE);
		expect(await get('11.0', '/api/nothing/here')).toMatchObject({ status: 404, text: '' });
		expect((await get('11.0', '/plugin/nothing/api/x')).text).toMatch(PAGE);
		expect((await get('11.0', '/nothing')).text).toMatch(PAGE);
	});

	it("refused credentials: 401, Basic realm \"Pentaho Realm\", Tomcat's report", async () => {
		for (const profile of ['9.3', '11.0']) {
			const refused = await get(profile, '/api/mantle/isAuthenticated', { Authorization: basic('admin', 'wrong') });
			expect(refused).toMatchObject({ status: 401, type: 'text/html;charset=utf-8' });
			expect(refused.headers.get('www-authenticate')).toBe('Basic realm="Pentaho Realm"');
			expect(refused.text).toContain('<h1>HTTP Status 401 – Unauthorized</h1>');
		}
		expect((await get('9.3', '/api/mantle/isAuthenticated', { Authorization: basic('admin', 'wrong') })).text).toContain(
			'The request has not been applied because it lacks valid authentication credentials for the target resource.',
		);
		expect((await get('11.0', '/api/mantle/isAuthenticated', { Authorization: basic('admin', 'wrong') })).text).toContain(
			'The request has not been applied to the target resource because it lacks valid authentication credentials for that resource.',
		);
	});

	it('no credentials: 9.x/10.x challenge under /api and /plugin, redirect to /Login elsewhere; 11.x by client kind', async () => {
		const location = (profile: string) => `${servers[profile]!.url}/Login`;
		expect((await get('9.3', '/api/mantle/isAuthenticated', {})).headers.get('www-authenticate')).toBe('Basic realm="Pentaho Realm"');
		expect((await get('10.2sp', '/plugin/test-plugin/api/conflict', {})).status).toBe(401);
		const kettle = await get('9.3', '/kettle/status', {});
		expect(kettle).toMatchObject({ status: 302, text: '' });
		expect(kettle.headers.get('location')).toBe(location('9.3'));
		expect((await get('10.2sp', '/api/repos/x/default', {})).status).toBe(302);

		const client = await get('11.0', '/kettle/status', {});
		expect(client.status).toBe(401);
		expect(client.headers.get('www-authenticate')).toBe('Basic realm="Pentaho Realm"');
		const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
		const xhr = await get('11.0', '/api/mantle/isAuthenticated', { 'User-Agent': CHROME, Accept: 'application/json' });
		expect(xhr.status).toBe(401);
		expect(xhr.headers.get('www-authenticate')).toBeNull();
		const page = await get('11.0', '/api/mantle/isAuthenticated', { 'User-Agent': CHROME, Accept: 'text/html' });
		expect(page.status).toBe(302);
		expect(page.headers.get('location')).toBe(location('11.0'));
	});

	it("a CSRF refusal is Spring's sendError(403): the webapp page", async () => {
		const refused = await fetch(`${servers['9.3']!.url}/api/repo/files/import`, { method: 'POST', headers: { Authorization: ADMIN } });
		expect(refused.status).toBe(403);
		expect(refused.headers.get('content-type')).toBe('text/html');
		expect(await refused.text()).toMatch(PAGE);
	});
});

describe('the standalone worker server (no context path): Jetty', () => {
	it('refuses missing credentials with a Basic challenge for realm "Kettle" and Jetty\'s page', async () => {
		const server = await startEmulator({ contextPath: '' });
		try {
			const response = await fetch(`${server.url}/kettle/status`);
			expect(response.status).toBe(401);
			expect(response.headers.get('www-authenticate')).toBe('basic realm="Kettle"');
			expect(await response.text()).toMatch(/HTTP ERROR 401/);
		} finally {
			await server.stop();
		}
	});
});

describe('HTTP sessions and the CSRF token (BI server)', () => {
	let server: RunningEmulator;
	beforeAll(async () => {
		server = await startEmulator({ profile: '9.3', csrf: true });
	});
	afterAll(async () => {
		await server.stop();
	});
	const cookieOf = (response: Response) => /JSESSIONID=([0-9A-F]{32}); Path=\/pentaho; HttpOnly/.exec(response.headers.get('set-cookie') ?? '')?.[1];

	it('gives every request without a valid session a JSESSIONID cookie, refusals included', async () => {
		const first = await fetch(`${server.url}/api/mantle/isAuthenticated`, { headers: { Authorization: ADMIN } });
		const session = cookieOf(first);
		expect(session).toBeDefined();
		const again = await fetch(`${server.url}/api/mantle/isAuthenticated`, { headers: { Authorization: ADMIN, Cookie: `JSESSIONID=${session}` } });
		expect(again.status).toBe(200);
		expect(again.headers.get('set-cookie')).toBeNull();
		expect(cookieOf(await fetch(`${server.url}/api/mantle/isAuthenticated`))).toBeDefined();
	});

	it('refuses Basic credentials sent with a session that is not valid (PentahoBasicProcessingFilter), then accepts the retry', async () => {
		const stale = await fetch(`${server.url}/api/mantle/isAuthenticated`, { headers: { Authorization: ADMIN, Cookie: 'JSESSIONID=0123456789ABCDEF0123456789ABCDEF' } });
		expect(stale.status).toBe(401);
		expect(stale.headers.get('www-authenticate')).toBe('Basic realm="Pentaho Realm"');
		const fresh = cookieOf(stale);
		const retry = await fetch(`${server.url}/api/mantle/isAuthenticated`, { headers: { Authorization: ADMIN, Cookie: `JSESSIONID=${fresh}` } });
		expect(retry.status).toBe(200);
	});

	it('answers the token of the session in headers (204) and lets a protected request with it through the gate', async () => {
		const token = await fetch(`${server.url}/api/csrf/token?url=${encodeURIComponent(`${server.url}/api/repo/files/import`)}`);
		expect(token.status).toBe(204);
		const session = cookieOf(token);
		expect(token.headers.get('x-csrf-header')).toBe('X-CSRF-TOKEN');
		expect(token.headers.get('x-csrf-param')).toBe('_csrf');
		const value = token.headers.get('x-csrf-token')!;
		expect(value).toMatch(/^[0-9a-f-]{36}$/);
		const again = await fetch(`${server.url}/api/csrf/token`, { headers: { Cookie: `JSESSIONID=${session}` } });
		expect(again.headers.get('x-csrf-token')).toBe(value);
		const passed = await fetch(`${server.url}/api/repo/files/import`, { method: 'POST', headers: { Authorization: ADMIN, Cookie: `JSESSIONID=${session}`, 'X-CSRF-TOKEN': value } });
		expect(passed.status).not.toBe(403);
		const without = await fetch(`${server.url}/api/repo/files/import`, { method: 'POST', headers: { Authorization: ADMIN, Cookie: `JSESSIONID=${session}` } });
		expect(without.status).toBe(403);
	});

	it('sends no token when protection is off', async () => {
		const off = await startEmulator({ profile: '11.0' });
		try {
			const token = await fetch(`${off.url}/api/csrf/token`);
			expect(token.status).toBe(204);
			expect(token.headers.get('x-csrf-token')).toBeNull();
		} finally {
			await off.stop();
		}
	});
});
