/**
 * The options dataflowRequest hands to n8n's HTTP helper, checked on a minimal context.
 */
import { Readable } from 'node:stream';

import type { IExecuteFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { dataflowRequest } from '../../nodes/common/transport';
import { serverCredentials } from '../harness';

function contextCapturing(sent: IHttpRequestOptions[]): IExecuteFunctions {
	return {
		getNode: () => ({ id: 'n', name: 'Node', type: 't', typeVersion: 1, position: [0, 0], parameters: {} }),
		getCredentials: async () => serverCredentials('http://bi.test/pentaho/'),
		getNodeParameter: (_name: string, _index: number, fallback: unknown) => fallback,
		helpers: {
			httpRequestWithAuthentication: async (_type: string, options: IHttpRequestOptions) => {
				sent.push(options);
				return { statusCode: 200, headers: {}, body: '' };
			},
		},
	} as unknown as IExecuteFunctions;
}

describe('request options', () => {
	it('never follows redirects for a streamed body (the client would keep the whole body in memory)', async () => {
		const sent: IHttpRequestOptions[] = [];
		await dataflowRequest(contextCapturing(sent), { method: 'PUT', path: '/f', body: Readable.from([Buffer.from('x')]), expect: 'empty' });
		expect(sent[0].disableFollowRedirect).toBe(true);
	});

	it('follows redirects for ordinary bodies, and trims the base URL', async () => {
		const sent: IHttpRequestOptions[] = [];
		await dataflowRequest(contextCapturing(sent), { method: 'POST', path: '/f', body: 'a=b', expect: 'empty' });
		expect(sent[0].disableFollowRedirect).toBeUndefined();
		expect(sent[0].baseURL).toBe('http://bi.test/pentaho');
		expect(sent[0]).toMatchObject({ method: 'POST', url: '/f', body: 'a=b', returnFullResponse: true, json: false, encoding: 'text', timeout: 300000 });
	});

	it('asks for the representation it expects', async () => {
		const sent: IHttpRequestOptions[] = [];
		const ctx = contextCapturing(sent);
		await dataflowRequest(ctx, { method: 'GET', path: '/a', expect: 'json' });
		await dataflowRequest(ctx, { method: 'GET', path: '/b', expect: 'stream' });
		await dataflowRequest(ctx, { method: 'GET', path: '/c', expect: 'text', headers: { accept: 'text/html' } });
		expect(sent.map((o) => [o.headers?.Accept ?? o.headers?.accept, o.encoding])).toEqual([
			['application/json', 'text'],
			[undefined, 'stream'],
			['text/html', 'text'],
		]);
	});
});
