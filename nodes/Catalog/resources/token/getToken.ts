import { updateDisplayOptions } from 'n8n-workflow';
import type { IExecuteFunctions } from 'n8n-workflow';

import { catalogLogin, readJwt } from '../../../common/catalogAuth';
import { defineOperation, toItems } from '../../../common/executor';
import { CATALOG_CREDENTIAL, transportSettings } from '../../../common/transport';
import { apiError } from '../../../common/errors';

const show = { resource: ['token'], operation: ['getToken'] };

export const description = updateDisplayOptions({ show }, [
	{
		displayName:
			'Logs in with the credential and returns a new access token, its expiry (from the token\'s "exp" claim) and its claims. Calls made with the "API" resource log in by themselves; use this only to hand the token to something else.',
		name: 'getTokenNotice',
		type: 'notice',
		default: '',
	},
]);

async function login(this: IExecuteFunctions, itemIndex: number) {
	const credentials = await this.getCredentials(CATALOG_CREDENTIAL, itemIndex);
	try {
		return await catalogLogin((options) => this.helpers.httpRequest(options), {
			catalogUrl: String(credentials.catalogUrl ?? ''),
			username: String(credentials.username ?? ''),
			password: String(credentials.password ?? ''),
			clientId: String(credentials.clientId ?? ''),
			scope: String(credentials.scope ?? ''),
			ignoreSslIssues: credentials.ignoreSslIssues === true,
			timeout: transportSettings(this).timeout,
		});
	} catch (error) {
		// The login error's message is already free of the password (catalogAuth redacts it).
		const { message, httpCode } = error as { message: string; httpCode?: number };
		throw apiError(this.getNode(), {
			message,
			httpCode: httpCode === undefined ? undefined : String(httpCode),
			itemIndex,
		});
	}
}

export const execute = defineOperation({
	concurrency: 1,
	plan: () => ({}),
	async run(_plan, itemIndex) {
		const accessToken = await login.call(this, itemIndex);
		const jwt = readJwt(accessToken);
		return toItems({
			accessToken,
			tokenType: 'Bearer',
			...(jwt.expiresAt ? { expiresAt: jwt.expiresAt, expiresInSeconds: jwt.expiresInSeconds } : {}),
			...(jwt.issuedAt ? { issuedAt: jwt.issuedAt } : {}),
			claims: jwt.claims,
		});
	},
});
