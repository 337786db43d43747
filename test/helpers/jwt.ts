import { createHmac } from 'node:crypto';

function base64url(data: Buffer | string): string {
	return Buffer.from(data).toString('base64').replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** A signed HS256 JWT, as the catalog issues. */
export function makeJwt(claims: Record<string, unknown>, secret = 'test-secret'): string {
	const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
	const payload = base64url(JSON.stringify(claims));
	const signature = base64url(createHmac('sha256', secret).update(`${header}.${payload}`).digest());
	return `${header}.${payload}.${signature}`;
}
