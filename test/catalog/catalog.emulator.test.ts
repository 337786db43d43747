import { DataflowCatalogApi } from '../../credentials/DataflowCatalogApi.credentials';
import { DataflowCatalog } from '../../nodes/Catalog/DataflowCatalog.node';
import { credentialTypes, run, TestCredentialsHelper } from '../harness';
import { useEmulator } from '../helpers/emulator';

const node = new DataflowCatalog();
const fixture = useEmulator({ tokenTtl: 60 });

describe('Catalog node against the emulator', () => {
	it('logs in, calls a protected endpoint, and after expiry logs in again by itself', async () => {
		const helper = new TestCredentialsHelper(credentialTypes, { dataflowCatalogApi: fixture.catalog() });
		const call = () =>
			run(node, {
				parameters: { resource: 'api', operation: 'call', method: 'GET', path: 'assets' },
				credentials: {},
				credentialsHelper: helper,
			});

		const first = await call();
		expect(first.error).toBeUndefined();
		expect(first.items.map((i) => i.json.id)).toEqual(['a-100', 'a-101', 'a-102']);
		const firstToken = helper.data.dataflowCatalogApi.accessToken;
		expect(typeof firstToken).toBe('string');
		expect(helper.preAuthCalls).toBe(1);

		// The stored token is reused while valid.
		await call();
		expect(helper.preAuthCalls).toBe(1);

		// Past its lifetime the catalog answers 401; n8n logs in again once and retries.
		fixture.emulator.app.advanceClock(61_000);
		fixture.resetRequests();
		const third = await call();
		expect(third.error).toBeUndefined();
		expect(third.items).toHaveLength(3);
		expect(helper.preAuthCalls).toBe(2);
		expect(helper.data.dataflowCatalogApi.accessToken).not.toBe(firstToken);
		expect(fixture.requests()).toEqual([
			'GET /catalog/api/public/v1/assets',
			'POST /catalog/api/public/v1/auth',
			'GET /catalog/api/public/v1/assets',
		]);
	});

	it('Get Token returns a token that the catalog accepts, with the expiry of the configured lifetime', async () => {
		const result = await run(node, {
			parameters: { resource: 'token', operation: 'getToken' },
			credentials: { dataflowCatalogApi: fixture.catalog() },
		});
		expect(result.error).toBeUndefined();
		const { accessToken, expiresInSeconds, claims } = result.items[0].json as { accessToken: string; expiresInSeconds: number; claims: { sub: string } };
		expect(claims.sub).toBe('analyst');
		expect(expiresInSeconds).toBeGreaterThan(55);
		expect(expiresInSeconds).toBeLessThanOrEqual(60 + 120);
		expect(fixture.emulator.app.verifyToken(accessToken)?.name).toBe('analyst');
	});

	it('a wrong password is a clear error that does not contain it', async () => {
		const result = await run(node, {
			parameters: { resource: 'api', operation: 'call', method: 'GET', path: 'assets' },
			credentials: { dataflowCatalogApi: fixture.catalog({ password: 'Wr0ng-Secret-Value' }) },
		});
		expect(result.error?.message).toBe('Wrong username or password for the catalog (401): Unauthorized');
		expect(JSON.stringify(result.run)).not.toContain('Wr0ng-Secret-Value');
	});

	it('the credential\'s default client is the real one ("pdc-client"); the document\'s "catalog-client" is refused with 400', async () => {
		const defaultClient = new DataflowCatalogApi().properties.find((p) => p.name === 'clientId')?.default;
		const withDefault = await run(node, {
			parameters: { resource: 'token', operation: 'getToken' },
			credentials: { dataflowCatalogApi: fixture.catalog({ clientId: defaultClient as string }) },
		});
		expect(withDefault.error).toBeUndefined();
		// An empty Client ID falls back to the same real client.
		const empty = await run(node, { parameters: { resource: 'token', operation: 'getToken' }, credentials: { dataflowCatalogApi: fixture.catalog({ clientId: '' }) } });
		expect(empty.error).toBeUndefined();
		const documents = await run(node, {
			parameters: { resource: 'token', operation: 'getToken' },
			credentials: { dataflowCatalogApi: fixture.catalog({ clientId: 'catalog-client' }) },
		});
		expect(documents.error?.message).toMatch(/^The catalog refused the login request as invalid \(400\)/);
	});

	it('a 400 whose message is a list of refused fields reads as one line', async () => {
		const { catalogLogin } = await import('../../nodes/common/catalogAuth');
		const post = async (options: { url?: string; body?: unknown; headers?: Record<string, string> }) => {
			const response = await fetch(String(options.url), { method: 'POST', headers: options.headers, body: `${String(options.body)}&extra=1` });
			return { statusCode: response.status, body: await response.text(), headers: { 'content-type': response.headers.get('content-type') ?? '' } };
		};
		await expect(
			catalogLogin(post as never, { catalogUrl: fixture.emulator.catalogUrl, username: 'analyst', password: 'password' }),
		).rejects.toThrow("The catalog refused the login request as invalid (400): check the client ID and scope of the credential: body must NOT have additional property 'extra'");
	});

	it('a list wrapped as {status, data: [...]} (as the real catalog answers) becomes one item per element', async () => {
		const result = await run(node, {
			parameters: { resource: 'api', operation: 'call', method: 'GET', path: 'notifications' },
			credentials: { dataflowCatalogApi: fixture.catalog() },
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json).toMatchObject({ _id: 'n-1', title: 'Profiling of sales_orders finished', readStatus: false, lang: 'en' });
		const whole = await run(node, {
			parameters: { resource: 'api', operation: 'call', method: 'GET', path: 'notifications', options: { splitArrays: false } },
			credentials: { dataflowCatalogApi: fixture.catalog() },
		});
		expect(whole.items.map((i) => i.json)).toEqual([{ status: 200, data: [expect.objectContaining({ _id: 'n-1' })] }]);
	});

	it('a 404 from a protected endpoint carries the catalog message', async () => {
		const result = await run(node, {
			parameters: { resource: 'api', operation: 'call', method: 'GET', path: 'assets/nope' },
			credentials: { dataflowCatalogApi: fixture.catalog() },
		});
		expect(result.error?.message).toBe('Asset nope not found');
		expect(result.error?.httpCode).toBe('404');
	});
});
