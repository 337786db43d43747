/**
 * The Catalog node under n8n's opt-in execution engine 2.0 (n8n 2.41.1). That engine's credentials
 * helper refuses every credential type with a hidden expirable property before any request
 * (n8n-io/n8n packages/cli/src/modules/engine-v2/remote-credentials-helper.ts; n8n 2.41.1
 * dist/modules/engine-v2/remote-credentials-helper.js `preAuthentication`) and cannot write to the
 * credential store. EngineV2CredentialsHelper below does the same on top of the test helper, and the
 * real n8n-core 2.41.1 wraps the refusal as it does in n8n. The node then logs in by itself
 * (nodes/common/engineV2.ts), while the current engine keeps n8n's standard path (the other
 * catalog tests).
 */
import nock from 'nock';
import type { ICredentialDataDecryptedObject, IHttpRequestHelper, INode, INodeCredentialsDetails } from 'n8n-workflow';

import { DataflowCatalog } from '../../nodes/Catalog/DataflowCatalog.node';
import { isEngineV2ExpirableRefusal } from '../../nodes/common/engineV2';
import { CATALOG_PASSWORD, catalogCredentials, credentialTypes, run, TestCredentialsHelper } from '../harness';
import { makeJwt } from '../helpers/jwt';

const CATALOG = 'http://catalog.test';
const node = new DataflowCatalog();

class EngineV2CredentialsHelper extends TestCredentialsHelper {
	refusals = 0;

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		n8nNode: INode,
		expired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		if (credentialTypes[typeName].properties.some((p) => p.type === 'hidden' && p.typeOptions?.expirable === true)) {
			this.refusals++;
			const error = new Error(`Engine 2.0 does not support credentials with an expirable property yet (credential type "${typeName}")`);
			error.name = 'UnimplementedError';
			throw error;
		}
		return await super.preAuthentication(helpers, credentials, typeName, n8nNode, expired);
	}

	async updateCredentials(_details: INodeCredentialsDetails, type: string): Promise<void> {
		throw new Error(`Engine 2.0 cannot write to the credential store (${type})`);
	}
}

function loginReply(token: string) {
	return [200, { message: 'OK', data: { accessToken: token } }, { 'Content-Type': 'application/json' }] as const;
}

const EXP = Math.floor(Date.now() / 1000) + 3600;
const TOKENS = [makeJwt({ sub: 'analyst', n: 1, exp: EXP }), makeJwt({ sub: 'analyst', n: 2, exp: EXP })];
const token = (n: 1 | 2) => TOKENS[n - 1];

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

describe('Catalog node under engine 2.0 (expirable credentials refused)', () => {
	it('logs in once for the whole run, sends the Bearer token, and writes nothing to the credential', async () => {
		const helper = new EngineV2CredentialsHelper(credentialTypes, { dataflowCatalogApi: catalogCredentials(CATALOG) });
		const logins: string[] = [];
		nock(CATALOG)
			.post('/api/public/v1/auth', (body) => {
				logins.push(String((body as Record<string, string>).password));
				return true;
			})
			.reply(...loginReply(token(1)));
		const seen: string[] = [];
		nock(CATALOG)
			.get(/\/api\/public\/v1\/assets\/[ab]$/)
			.times(2)
			.reply(function (uri) {
				seen.push(`${uri} ${String(this.req.headers.authorization)}`);
				return [200, { id: uri.slice(-1) }];
			});

		const result = await run(node, {
			parameters: { resource: 'api', operation: 'call', method: 'GET', path: '=assets/{{$json.id}}' },
			credentials: {},
			credentialsHelper: helper,
			input: [{ json: { id: 'a' } }, { json: { id: 'b' } }],
		});

		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json)).toEqual([{ id: 'a' }, { id: 'b' }]);
		expect(helper.refusals).toBe(2);
		expect(logins).toEqual([CATALOG_PASSWORD]);
		expect(seen.sort()).toEqual([`/api/public/v1/assets/a Bearer ${token(1)}`, `/api/public/v1/assets/b Bearer ${token(1)}`]);
		expect(helper.updates).toEqual([]);
		expect(nock.isDone()).toBe(true);
	});

	it('on a 401 logs in again once and retries, as n8n does in the current engine', async () => {
		const helper = new EngineV2CredentialsHelper(credentialTypes, { dataflowCatalogApi: catalogCredentials(CATALOG) });
		nock(CATALOG).post('/api/public/v1/auth').reply(...loginReply(token(1)));
		nock(CATALOG).post('/api/public/v1/auth').reply(...loginReply(token(2)));
		nock(CATALOG, { reqheaders: { authorization: `Bearer ${token(1)}` } })
			.get('/api/public/v1/assets')
			.reply(401, { status: 401, message: 'Token expired' });
		nock(CATALOG, { reqheaders: { authorization: `Bearer ${token(2)}` } })
			.get('/api/public/v1/assets')
			.reply(200, [{ id: 'a-100' }]);

		const result = await run(node, {
			parameters: { resource: 'api', operation: 'call', method: 'GET', path: 'assets' },
			credentials: {},
			credentialsHelper: helper,
		});

		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json)).toEqual([{ id: 'a-100' }]);
		expect(nock.isDone()).toBe(true);
	});

	it('a wrong password is the same clear error as in the current engine, without the password', async () => {
		const helper = new EngineV2CredentialsHelper(credentialTypes, {
			dataflowCatalogApi: catalogCredentials(CATALOG, { password: 'Wr0ng-Secret-Value' }),
		});
		nock(CATALOG).post('/api/public/v1/auth').reply(401, { status: 401, message: 'Unauthorized' });

		const result = await run(node, {
			parameters: { resource: 'api', operation: 'call', method: 'GET', path: 'assets' },
			credentials: {},
			credentialsHelper: helper,
		});

		expect(result.error?.message).toBe('Wrong username or password for the catalog (401): Unauthorized');
		expect(JSON.stringify(result.run)).not.toContain('Wr0ng-Secret-Value');
	});

	it('recognises only that refusal, also when n8n-core wraps it', () => {
		const refusal = new Error('Engine 2.0 does not support credentials with an expirable property yet (credential type "x")');
		expect(isEngineV2ExpirableRefusal(refusal)).toBe(true);
		expect(isEngineV2ExpirableRefusal(Object.assign(new Error('wrapped'), { cause: refusal }))).toBe(true);
		expect(isEngineV2ExpirableRefusal(new Error('Engine 2.0 does not support OAuth token refresh yet'))).toBe(false);
		expect(isEngineV2ExpirableRefusal(undefined)).toBe(false);
	});
});
