import type { IHttpRequestOptions } from 'n8n-workflow';

import { DataflowCatalogApi } from '../../credentials/DataflowCatalogApi.credentials';
import { DataflowServerApi } from '../../credentials/DataflowServerApi.credentials';

describe('credential authenticate functions', () => {
	it('the server credential sets HTTP Basic auth from username and password, keeping the rest', async () => {
		const options: IHttpRequestOptions = { url: '/x', headers: { Accept: 'text/xml' } };
		const out = await new DataflowServerApi().authenticate({ username: 'admin', password: 'p:ss w&rd' }, options);
		expect(out).toEqual({ url: '/x', headers: { Accept: 'text/xml' }, auth: { username: 'admin', password: 'p:ss w&rd' } });
	});

	it('the catalog credential sends the stored token as a Bearer header, keeping other headers', async () => {
		const out = await new DataflowCatalogApi().authenticate({ accessToken: 'tok.en.value' }, { url: '/x', headers: { Accept: 'application/json' } });
		expect(out.headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer tok.en.value' });
	});

	it('the catalog token field is hidden, expirable and a password', () => {
		const field = new DataflowCatalogApi().properties.find((p) => p.name === 'accessToken');
		expect(field).toMatchObject({ type: 'hidden', typeOptions: { expirable: true, password: true } });
	});
});
