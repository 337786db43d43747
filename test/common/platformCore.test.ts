/**
 * The platform pieces every area relies on: server-version profiles (the version the server reports,
 * Jersey 1 versus Jackson JSON), the CSRF token service and gate, and the node side that reads them
 * (serverVersion, csrfHeaders) through n8n's engine.
 */
import nock from 'nock';

import { jersey1Json, styled } from '../../emulator/core/jsonStyle';
import { serverProfile } from '../../emulator/core/profiles';
import { parseServerVersion } from '../../nodes/common/serverVersion';
import { run, serverCredentials } from '../harness';
import { useEmulator } from '../helpers/emulator';
import { describeEachProfile } from '../helpers/profiles';
import { DataflowProbe } from './fixtures/probeNode';

const node = new DataflowProbe();

function probe(credentials: Record<string, unknown>, parameters: Record<string, unknown>) {
	return run(node, {
		parameters: { resource: 'probe', operation: 'request', ...parameters } as never,
		credentials: { dataflowServerApi: credentials as never },
	});
}

describe('profiles', () => {
	it('compare versions', () => {
		expect(serverProfile('9.3').atLeast('9.3')).toBe(true);
		expect(serverProfile('9.3').atLeast('10.3')).toBe(false);
		expect(serverProfile('10.2').before('10.3')).toBe(true);
		expect(serverProfile('11.0').atLeast('10.3')).toBe(true);
		expect(serverProfile('11.0').jsonStyle).toBe('jackson');
		expect(serverProfile('10.2').jsonStyle).toBe('jersey1');
	});

	it('Jersey 1 JSON: strings, one-element lists bare, empty lists and nulls left out', () => {
		const value = { n: 5, ok: true, one: [{ id: 1 }], two: [1, 2], none: [], nothing: null, kept: [{ id: 2 }] };
		expect(jersey1Json(value, { arrays: ['kept'] })).toEqual({ n: '5', ok: 'true', one: { id: '1' }, two: ['1', '2'], kept: [{ id: '2' }] });
		expect(styled(serverProfile('11.0'), value)).toBe(value);
	});

	it('reads the version the server reports', () => {
		expect(parseServerVersion('9.3.0.0-428')?.atLeast('9.3')).toBe(true);
		expect(parseServerVersion('10.2.0.0-222')?.atLeast('10.3')).toBe(false);
		expect(parseServerVersion('11.0.0.0-237')?.major).toBe(11);
		expect(parseServerVersion('<html>')).toBeUndefined();
	});

	it('reads the build number in both spellings, so a service-pack build can be told from the one before (issue 28)', () => {
		// Real servers answer the build after a dot (VersionResource → "9.3.0.0.428").
		expect(parseServerVersion('9.3.0.0.428')?.major).toBe(9);
		expect(parseServerVersion('10.2.0.2.300')?.atLeast('10.2.0.2-280')).toBe(true);
		expect(parseServerVersion('10.2.0.2.300')?.atLeast('10.2.0.2-301')).toBe(false);
		expect(parseServerVersion('10.2.0.2-300')?.atLeast('10.2.0.2-301')).toBe(false);
		expect(parseServerVersion('10.2.0.10.434')?.atLeast('10.2.0.2-301')).toBe(true);
		expect(parseServerVersion('10.2.0.10.434')?.atLeast('10.3')).toBe(false);
	});
});

describeEachProfile('server version through the engine', (profile) => {
	const fixture = useEmulator({ profile });
	it('GET /api/version/show is read once and compared', async () => {
		const result = await probe(fixture.server(), { askVersion: true });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toEqual({
			version: serverProfile(profile).versionNumber,
			major: serverProfile(profile).major,
			atLeast10_3: profile === '11.0',
		});
	});
});

describe('CSRF', () => {
	describe('protection on', () => {
		const fixture = useEmulator({ csrf: true });
		it('a protected request without the token is refused with a bare 403', async () => {
			const result = await probe(fixture.server(), { method: 'GET', path: '/api/system/refresh/metadata', expect: 'text' });
			expect(result.error?.httpCode).toBe('403');
		});
		it('with the token and its session cookie it passes the gate', async () => {
			fixture.resetRequests();
			const result = await probe(fixture.server(), { method: 'GET', path: '/api/system/refresh/metadata', expect: 'text', withCsrf: true, okStatuses: [404] });
			// Past the gate: the emulator has no refresh route, so the answer is its 404, not the gate's 403.
			expect(result.error).toBeUndefined();
			expect(result.items[0].json.status).toBe(404);
			expect(fixture.requests()[0]).toBe('GET /pentaho/api/csrf/token');
		});
	});

	describe('protection off', () => {
		const fixture = useEmulator({ csrf: false });
		it('no token is answered and none is needed', async () => {
			const result = await probe(fixture.server(), { method: 'GET', path: '/api/system/refresh/metadata', expect: 'text', withCsrf: true, okStatuses: [404] });
			expect(result.error).toBeUndefined();
			expect(result.items[0].json.status).toBe(404);
		});
	});

	describe('exact requests', () => {
		const BASE = 'http://bi.test/pentaho';
		beforeAll(() => nock.disableNetConnect());
		afterEach(() => nock.cleanAll());
		afterAll(() => nock.enableNetConnect());

		it('asks for the target URL, then sends the named header and the session cookie', async () => {
			nock(BASE)
				.get('/api/csrf/token')
				.query({ url: `${BASE}/api/repo/files/import` })
				.reply(204, '', { 'X-CSRF-HEADER': 'X-Custom-Csrf', 'X-CSRF-TOKEN': 'tok-1', 'Set-Cookie': ['JSESSIONID=s1; Path=/pentaho; HttpOnly'] });
			nock(BASE, { reqheaders: { 'x-custom-csrf': 'tok-1', cookie: 'JSESSIONID=s1' } })
				.post('/api/repo/files/import')
				.reply(200, 'ok', { 'Content-Type': 'text/plain' });
			const result = await probe(serverCredentials(BASE), { method: 'POST', path: '/api/repo/files/import', expect: 'text', withCsrf: true });
			expect(result.error).toBeUndefined();
			expect(nock.isDone()).toBe(true);
		});

		it('falls back to the older /api/system/csrf when the token service is missing', async () => {
			nock(BASE).get('/api/csrf/token').query(true).reply(404, '');
			nock(BASE).get('/api/system/csrf').query(true).reply(200, '', { 'X-CSRF-HEADER': 'X-CSRF-TOKEN', 'X-CSRF-TOKEN': 'old' });
			nock(BASE, { reqheaders: { 'x-csrf-token': 'old' } })
				.post('/api/repo/files/import')
				.reply(200, 'ok', { 'Content-Type': 'text/plain' });
			const result = await probe(serverCredentials(BASE), { method: 'POST', path: '/api/repo/files/import', expect: 'text', withCsrf: true });
			expect(result.error).toBeUndefined();
			expect(nock.isDone()).toBe(true);
		});
	});
});
