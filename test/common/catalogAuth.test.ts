import { catalogLogin, readJwt, tokenFromLoginResponse } from '../../nodes/common/catalogAuth';
import { makeJwt } from '../helpers/jwt';

describe('tokenFromLoginResponse', () => {
	it('reads data.accessToken, accessToken and access_token', () => {
		expect(tokenFromLoginResponse({ message: 'OK', data: { accessToken: 'a' } })).toBe('a');
		expect(tokenFromLoginResponse({ accessToken: 'b' })).toBe('b');
		expect(tokenFromLoginResponse({ access_token: 'c' })).toBe('c');
	});
	it.each([[null], ['x'], [{}], [{ data: { accessToken: '' } }], [{ data: 'x' }]])('%p has none', (body) => expect(tokenFromLoginResponse(body)).toBeUndefined());
});

describe('readJwt', () => {
	it('reads claims and the expiry from exp', () => {
		const token = makeJwt({ sub: 'x', exp: 2_000_000_000, iat: 1_999_999_000 });
		const info = readJwt(token, 1_999_999_500_000);
		expect(info.expiresAt).toBe('2033-05-18T03:33:20.000Z');
		expect(info.expiresInSeconds).toBe(500);
		expect(info.issuedAt).toBe(new Date(1_999_999_000_000).toISOString());
		expect(info.claims.sub).toBe('x');
	});
	it('copes with tokens that are not JWTs', () => {
		expect(readJwt('opaque')).toEqual({ claims: {} });
		expect(readJwt('a.!!!.c')).toEqual({ claims: {} });
	});
});

describe('catalogLogin', () => {
	const input = { catalogUrl: 'http://c/', username: 'u', password: 'P@ss&word=1', clientId: '', scope: '' };

	it('posts the form with defaults for client id and scope', async () => {
		const calls: unknown[] = [];
		const token = await catalogLogin(async (options) => {
			calls.push(options);
			return { statusCode: 200, body: '{"message":"OK","data":{"accessToken":"t"}}' };
		}, input);
		expect(token).toBe('t');
		expect(calls).toEqual([
			expect.objectContaining({
				method: 'POST',
				url: 'http://c/api/public/v1/auth',
				headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
				body: 'username=u&password=P%40ss%26word%3D1&client_id=pdc-client&grant_type=password&scope=openid+profile+email',
			}),
		]);
	});

	it('refuses missing settings before any request', async () => {
		const never = async () => {
			throw new Error('no request expected');
		};
		await expect(catalogLogin(never, { ...input, catalogUrl: '' })).rejects.toThrow('no catalog URL');
		await expect(catalogLogin(never, { ...input, password: '' })).rejects.toThrow('no password');
		await expect(catalogLogin(never, { ...input, username: '' })).rejects.toThrow('no username');
	});

	it('says when the answer has no token', async () => {
		await expect(catalogLogin(async () => ({ statusCode: 200, body: '{"message":"OK"}' }), input)).rejects.toThrow('without an access token');
	});

	it('turns a connection failure into "unavailable" without the password', async () => {
		const error = await catalogLogin(async () => {
			throw Object.assign(new Error(`connect ECONNREFUSED with ${input.password}`), { code: 'ECONNREFUSED' });
		}, input).catch((e: Error & { httpCode?: number }) => e);
		expect(error).toMatchObject({ name: 'CatalogLoginError', httpCode: 503 });
		expect((error as Error).message).toBe('The catalog is unavailable: could not reach http://c (ECONNREFUSED)');
	});

	it('redacts the password if the server echoes it', async () => {
		const error = await catalogLogin(async () => ({ statusCode: 400, body: `bad ${input.password}` }), input).catch((e: Error) => e);
		expect((error as Error).message).not.toContain(input.password);
		expect((error as Error).message).toContain('***');
	});
});
