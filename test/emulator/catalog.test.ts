/**
 * The emulator's catalog over plain HTTP, against the catalog's published API (its source is not public):
 * the token login at the v1, v2 and v3 paths of the published OpenAPI documents, its answers, and the health
 * check. test/emulator/core.test.ts covers the v1 refusals and token expiry.
 */
import { startEmulator, type RunningEmulator } from '../../emulator';

let emulator: RunningEmulator;

beforeAll(async () => {
	emulator = await startEmulator();
});
afterAll(async () => {
	await emulator.stop();
});

const GOOD = { username: 'analyst', password: 'password', client_id: 'pdc-client', grant_type: 'password', scope: 'openid profile email' };

async function login(version: string, form: Record<string, string>) {
	const response = await fetch(`${emulator.catalogUrl}/api/public/${version}/auth`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
		body: new URLSearchParams(form).toString(),
	});
	return { status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as Record<string, unknown> };
}

describe('emulator: catalog login', () => {
	it.each(['v1', 'v2', 'v3'])('POST /api/public/%s/auth issues a token that opens the protected API', async (version) => {
		const answer = await login(version, GOOD);
		expect(answer.status).toBe(200);
		expect(answer.type).toMatch(/^application\/json/);
		const token = (answer.body as { message: string; data: { accessToken: string } }).data.accessToken;
		expect(answer.body.message).toBe('OK');
		const notifications = await fetch(`${emulator.catalogUrl}/api/public/v1/notifications`, { headers: { Authorization: `Bearer ${token}` } });
		expect(notifications.status).toBe(200);
	});

	it.each(['v2', 'v3'])('the %s login refuses like v1: 400 {status, message} for parameters, 401 for credentials', async (version) => {
		expect(await login(version, { ...GOOD, client_id: 'catalog-client' })).toMatchObject({ status: 400, body: { status: 400, message: 'Invalid Request Parameters' } });
		expect(await login(version, { ...GOOD, password: 'nope' })).toMatchObject({ status: 401, body: { status: 401, message: 'Unauthorized' } });
	});

	it('the health check needs no token', async () => {
		const health = await fetch(`${emulator.catalogUrl}/api/public/health`);
		expect(health.status).toBe(200);
		expect(await health.json()).toEqual({ message: 'OK' });
	});
});
