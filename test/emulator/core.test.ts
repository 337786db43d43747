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
