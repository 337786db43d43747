import nock from 'nock';

import { DataflowCatalog } from '../../nodes/Catalog/DataflowCatalog.node';
import { CATALOG_PASSWORD, catalogCredentials, run } from '../harness';
import { makeJwt } from '../helpers/jwt';

const CATALOG = 'http://catalog.test';
const node = new DataflowCatalog();

function loginReply(token: string) {
	return [200, { message: 'OK', data: { accessToken: token } }, { 'Content-Type': 'application/json' }] as const;
}

/** nock hands a form body to matchers already parsed (a null-prototype object). */
function formOf(body: unknown): Record<string, string> {
	if (body !== null && typeof body === 'object') return Object.fromEntries(Object.entries(body as Record<string, string>));
	return Object.fromEntries(new URLSearchParams(String(body)));
}

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

describe('Catalog node, nock', () => {
	it('Get Token posts the login form with the exact fields and headers and returns token and expiry', async () => {
		const exp = Math.floor(Date.now() / 1000) + 300;
		const token = makeJwt({ sub: 'analyst', exp, iat: exp - 300, roles: ['Analyst'] });
		let form: Record<string, string> = {};
		const scope = nock(CATALOG, {
			reqheaders: {
				'content-type': 'application/x-www-form-urlencoded',
				accept: 'application/json',
			},
		})
			.post('/api/public/v1/auth', (body) => {
				form = formOf(body);
				return true;
			})
			.reply(...loginReply(token));

		const result = await run(node, {
			parameters: { resource: 'token', operation: 'getToken' },
			credentials: { dataflowCatalogApi: catalogCredentials(CATALOG) },
		});

		expect(result.error).toBeUndefined();
		scope.done();
		expect(form).toEqual({
			username: 'analyst',
			password: CATALOG_PASSWORD,
			client_id: 'pdc-client',
			grant_type: 'password',
			scope: 'openid profile email',
		});
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json).toMatchObject({
			accessToken: token,
			tokenType: 'Bearer',
			expiresAt: new Date(exp * 1000).toISOString(),
			claims: { sub: 'analyst', roles: ['Analyst'] },
		});
		expect(result.items[0].json.expiresInSeconds).toBeGreaterThan(290);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
	});

	it('API Call logs in once and sends the Bearer token, query and JSON body', async () => {
		const token = makeJwt({ sub: 'analyst', exp: Math.floor(Date.now() / 1000) + 300 });
		const login = nock(CATALOG).post('/api/public/v1/auth').once().reply(...loginReply(token));
		const call = nock(CATALOG, { reqheaders: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } })
			.post('/api/public/v1/assets/search', { query: 'sales & <costs>', limit: 2 })
			.query({ page: '1', q: 'a b' })
			.reply(200, [{ id: 'a1' }, { id: 'a2' }]);

		const result = await run(node, {
			parameters: {
				resource: 'api',
				operation: 'call',
				method: 'POST',
				path: '/assets/search',
				queryParameters: { parameter: [{ name: 'page', value: '1' }, { name: 'q', value: 'a b' }] },
				body: JSON.stringify({ query: 'sales & <costs>', limit: 2 }),
			},
			credentials: { dataflowCatalogApi: catalogCredentials(CATALOG) },
		});

		expect(result.error).toBeUndefined();
		login.done();
		call.done();
		expect(result.items.map((i) => i.json)).toEqual([{ id: 'a1' }, { id: 'a2' }]);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 0 }]);
		expect(result.credentialsHelper.data.dataflowCatalogApi.accessToken).toBe(token);
	});

	it('on 401 after expiry it logs in again once, retries, and stores the new token', async () => {
		const stale = makeJwt({ sub: 'analyst', exp: Math.floor(Date.now() / 1000) - 10 });
		const fresh = makeJwt({ sub: 'analyst', exp: Math.floor(Date.now() / 1000) + 300, jti: 'new' });
		const first = nock(CATALOG, { reqheaders: { authorization: `Bearer ${stale}` } })
			.get('/api/public/v1/notifications')
			.reply(401, { status: 401, message: 'Unauthorized' });
		const login = nock(CATALOG).post('/api/public/v1/auth').once().reply(...loginReply(fresh));
		const retry = nock(CATALOG, { reqheaders: { authorization: `Bearer ${fresh}` } })
			.get('/api/public/v1/notifications')
			.reply(200, { items: 3 });

		const result = await run(node, {
			parameters: { resource: 'api', operation: 'call', method: 'GET', path: 'notifications' },
			credentials: { dataflowCatalogApi: catalogCredentials(CATALOG, { accessToken: stale }) },
		});

		expect(result.error).toBeUndefined();
		first.done();
		login.done();
		retry.done();
		expect(result.items.map((i) => i.json)).toEqual([{ items: 3 }]);
		expect(result.credentialsHelper.preAuthCalls).toBe(1);
		expect(result.credentialsHelper.data.dataflowCatalogApi.accessToken).toBe(fresh);
	});

	it.each([
		[400, { status: 400, message: 'Invalid Request Parameters' }, /refused the login request as invalid \(400\).*Invalid Request Parameters/],
		[401, { status: 401, message: 'Unauthorized' }, /Wrong username or password for the catalog \(401\)/],
		[500, { status: 500, message: 'Internal Server Error' }, /failed to process the login \(500\).*Internal Server Error/],
		[503, { status: 503, message: 'Service unavailable – connection refused' }, /catalog is unavailable \(503\)/],
	])('a %s from the login becomes a clear message without the password', async (status, body, expected) => {
		nock(CATALOG).post('/api/public/v1/auth').reply(status, { ...body, echo: `password=${CATALOG_PASSWORD}` });
		const result = await run(node, {
			parameters: { resource: 'api', operation: 'call', method: 'GET', path: 'notifications' },
			credentials: { dataflowCatalogApi: catalogCredentials(CATALOG) },
		});
		expect(result.error).toBeDefined();
		expect(result.error?.message).toMatch(expected);
		expect(result.error?.httpCode).toBe(String(status));
		const everything = JSON.stringify({ error: result.error, message: result.error?.message, description: result.error?.description, run: result.run });
		expect(everything).not.toContain(CATALOG_PASSWORD);
		expect(everything).not.toContain(encodeURIComponent(CATALOG_PASSWORD));
	});

	it('a wrong password never appears in the error of Get Token either', async () => {
		nock(CATALOG).post('/api/public/v1/auth').reply(401, `bad password ${CATALOG_PASSWORD}`, { 'Content-Type': 'text/plain' });
		const result = await run(node, {
			parameters: { resource: 'token', operation: 'getToken' },
			credentials: { dataflowCatalogApi: catalogCredentials(CATALOG) },
		});
		expect(result.error?.message).toMatch(/Wrong username or password/);
		expect(JSON.stringify(result.run)).not.toContain(CATALOG_PASSWORD);
		expect(`${result.error?.message} ${result.error?.description}`).not.toContain(CATALOG_PASSWORD);
	});

	it('continueOnFail gives one error item per failed input item, paired to it', async () => {
		const token = makeJwt({ sub: 'analyst', exp: Math.floor(Date.now() / 1000) + 300 });
		nock(CATALOG).post('/api/public/v1/auth').reply(...loginReply(token));
		nock(CATALOG).get('/api/public/v1/assets/a').reply(200, { id: 'a' });
		nock(CATALOG).get('/api/public/v1/assets/b').reply(404, { status: 404, message: 'Asset b not found' });
		nock(CATALOG).get('/api/public/v1/assets/c').reply(200, { id: 'c' });

		const result = await run(node, {
			parameters: { resource: 'api', operation: 'call', method: 'GET', path: '=assets/{{$json.id}}' },
			credentials: { dataflowCatalogApi: catalogCredentials(CATALOG) },
			input: [{ json: { id: 'a' } }, { json: { id: 'b' } }, { json: { id: 'c' } }],
			continueOnFail: true,
		});

		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json)).toEqual([{ id: 'a' }, { error: 'Asset b not found', details: 'HTTP 404 from GET /api/public/v1/assets/b (The server does not know this path or resource)' }, { id: 'c' }]);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	it('bad input fails before any request is sent', async () => {
		const result = await run(node, {
			parameters: { resource: 'api', operation: 'call', method: 'GET', path: '../admin' },
			credentials: { dataflowCatalogApi: catalogCredentials(CATALOG) },
		});
		expect(result.error?.message).toMatch(/"\.\." segment/);
		expect(nock.pendingMocks()).toEqual([]);
	});
});
