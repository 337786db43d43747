import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

import nock from 'nock';

import { run, SERVER_PASSWORD, serverCredentials } from '../harness';
import { DataflowProbe } from './fixtures/probeNode';

const BASE = 'http://bi.test/pentaho';
const node = new DataflowProbe();
const credentials = { dataflowServerApi: serverCredentials(BASE) };
const basic = `Basic ${Buffer.from(`admin:${SERVER_PASSWORD}`).toString('base64')}`;

function probe(parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) {
	return run(node, { parameters: { resource: 'probe', operation: 'request', ...parameters } as never, credentials, ...extra });
}

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

describe('dataflowRequest through the engine', () => {
	it('authenticates with Basic, asks for the representation and parses XML', async () => {
		nock(BASE, { reqheaders: { authorization: basic, accept: /application\/xml/ } })
			.get('/dataflow/status')
			.query({ xml: 'Y' })
			.reply(200, '<?xml version="1.0"?><serverstatus><statusdesc>Online</statusdesc></serverstatus>', { 'Content-Type': 'text/xml' });
		const result = await probe({ path: '/dataflow/status?xml=Y', expect: 'xml' });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toEqual({ status: 200, body: { serverstatus: { statusdesc: 'Online' } } });
	});

	it('a 200 with result=ERROR is a failure with the server message', async () => {
		nock(BASE)
			.get('/dataflow/runJob')
			.reply(200, '<webresult><result>ERROR</result><message>Unable to find job /x</message><id/></webresult>', { 'Content-Type': 'text/xml' });
		const result = await probe({ path: '/dataflow/runJob', expect: 'xml' });
		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.message).toBe('Unable to find job /x');
		expect(result.error?.description).toBe('The server answered GET /dataflow/runJob with HTTP 200 and result ERROR');
	});

	it.each([
		['an XML error document', 500, '<webresult><result>ERROR</result><message>Disk full</message></webresult>', 'text/xml', 'Disk full'],
		['a JSON error', 400, '{"status":400,"message":"Invalid payload"}', 'application/json', 'Invalid payload'],
		['text/plain', 403, 'containsIllegalCharacters', 'text/plain', 'containsIllegalCharacters'],
		['an HTML page', 500, '<html><head><title>Error 500</title></head><body><h2>HTTP ERROR 500</h2><pre>NullPointerException</pre></body></html>', 'text/html', 'HTTP ERROR 500: NullPointerException'],
		['an empty body', 404, '', 'text/plain', 'The server does not know this path or resource'],
	])('an HTTP error with %s carries the server message', async (_label, status, body, type, message) => {
		nock(BASE).get('/x').reply(status, body, { 'Content-Type': type });
		const result = await probe({ path: '/x', expect: 'json' });
		expect(result.error?.message).toBe(message);
		expect(result.error?.httpCode).toBe(String(status));
		expect(result.error?.message).not.toMatch(/undefined|\[object Object\]/);
	});

	it('our own hint keeps its words when the password is the word "password"; the server echo does not', async () => {
		nock(BASE).get('/x').times(2).reply(401, '', { 'WWW-Authenticate': 'Basic' });
		const weak = { dataflowServerApi: serverCredentials(BASE, { password: 'password' }) };
		const result = await run(node, { parameters: { resource: 'probe', operation: 'request', path: '/x', expect: 'json' } as never, credentials: weak });
		expect(result.error?.message).toBe('Authorization failed: check the username and password of the credential');
		nock(BASE).get('/y').reply(500, 'login admin/password refused', { 'Content-Type': 'text/plain' });
		const echoed = await run(node, { parameters: { resource: 'probe', operation: 'request', path: '/y', expect: 'json' } as never, credentials: weak });
		expect(echoed.error?.message).toBe('login admin/*** refused');
	});

	it('a 401 on Basic auth says to check the credential (n8n retries once)', async () => {
		nock(BASE).get('/x').times(2).reply(401, '', { 'WWW-Authenticate': 'Basic' });
		const result = await probe({ path: '/x', expect: 'json' });
		expect(result.error?.message).toMatch(/Authorization failed/);
		expect(result.error?.httpCode).toBe('401');
	});

	it.each([
		['malformed XML', 'xml', '<webresult><result>OK</result><message>cut', 'text/xml', /^The server answered malformed XML/],
		['malformed JSON', 'json', '{"job": [', 'application/json', /^The server answered malformed JSON/],
		['HTML where XML was expected', 'xml', '<html><head><title>Login</title></head></html>', 'text/html', /^The server answered an HTML page instead of XML: Login/],
		['HTML where JSON was expected', 'json', '<html><head><title>Login</title></head></html>', 'text/html', /^The server answered an HTML page instead of JSON: Login/],
		['an empty XML body', 'xml', '', 'text/xml', /^The server answered an empty document/],
	])('%s in a 200 is a clear failure', async (_label, expectValue, body, type, message) => {
		nock(BASE).get('/x').reply(200, body, { 'Content-Type': type });
		const result = await probe({ path: '/x', expect: expectValue });
		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.message).toMatch(message);
	});

	it('reads XML when an old server ignores Accept: application/json', async () => {
		nock(BASE).get('/x').reply(200, '<jaxbList><item>a</item></jaxbList>', { 'Content-Type': 'application/xml' });
		const result = await probe({ path: '/x', expect: 'json' });
		expect(result.items[0].json.body).toEqual({ jaxbList: { item: 'a' } });
	});

	it('a dropped connection is a clear failure', async () => {
		const server = createServer((req) => req.socket.destroy());
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		nock.enableNetConnect('127.0.0.1');
		try {
			const { port } = server.address() as AddressInfo;
			const result = await run(node, {
				parameters: { resource: 'probe', operation: 'request', path: '/x', expect: 'json' } as never,
				credentials: { dataflowServerApi: serverCredentials(`http://127.0.0.1:${port}`) },
			});
			expect(result.error?.message).toBe('The server closed the connection before it answered');
			expect(result.error?.description).toMatch(/GET \/x failed \(ECONNRESET\)/);
		} finally {
			nock.disableNetConnect();
			await new Promise((resolve) => server.close(resolve));
		}
	});

	it('honours the node timeout from Request Options', async () => {
		nock(BASE).get('/slow').delay(500).reply(200, '{}');
		const result = await probe({ path: '/slow', expect: 'json', requestOptions: { timeout: 50 } });
		expect(result.error?.message).toMatch(/did not answer in time/);
	});

	it('treats okStatuses as answers', async () => {
		nock(BASE).get('/exists').reply(404, 'not found');
		const result = await probe({ path: '/exists', expect: 'empty', okStatuses: [404] });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.status).toBe(404);
	});

	it('never puts the password or its Basic form in an error', async () => {
		const base64 = Buffer.from(`admin:${SERVER_PASSWORD}`).toString('base64');
		nock(BASE).get('/echo').reply(500, `You sent ${SERVER_PASSWORD} as ${base64}`, { 'Content-Type': 'text/plain' });
		const result = await probe({ path: '/echo', expect: 'json' });
		expect(result.error?.message).toBe('You sent *** as ***');
		expect(JSON.stringify(result.run)).not.toContain(SERVER_PASSWORD);
		expect(JSON.stringify(result.run)).not.toContain(base64);
	});

	it('streams a download into binary data with the server file name and MIME type', async () => {
		const bytes = gzipSync(Buffer.from('x'.repeat(10_000)));
		nock(BASE)
			.get('/file')
			.reply(200, bytes, { 'Content-Type': 'application/zip; charset=UTF-8', 'Content-Disposition': 'attachment; filename*=UTF-8\'\'r%C3%A9sum%C3%A9.zip' });
		const result = await probe({ path: '/file', expect: 'stream' });
		expect(result.error).toBeUndefined();
		const binary = result.items[0].binary!.data;
		expect(binary.fileName).toBe('résumé.zip');
		expect(binary.mimeType).toBe('application/zip');
		expect(Buffer.from(binary.data, 'base64').equals(bytes)).toBe(true);
	});

	it('reads a stream error body for the message', async () => {
		nock(BASE).get('/file').reply(404, 'fileNotFound', { 'Content-Type': 'text/plain' });
		const result = await probe({ path: '/file', expect: 'stream' });
		expect(result.error?.message).toBe('fileNotFound');
	});
});

describe('the executor', () => {
	it('plans every item before any request: bad input in item 3 sends nothing', async () => {
		const scope = nock(BASE).get(/.*/).reply(200, '{}');
		const result = await probe(
			{ path: '={{$json.path}}', expect: 'json' },
			{ input: [{ json: { path: '/a' } }, { json: { path: '/b' } }, { json: { path: 'repo:/home//x' } }] },
		);
		expect(result.error?.message).toBe('Repository path "/home//x" has an empty segment ("//")');
		expect(result.error?.context?.itemIndex).toBe(2);
		expect(scope.isDone()).toBe(false);
	});

	it('with continue-on-fail: one error item per failed item, in order, paired; good items still run', async () => {
		nock(BASE).get('/a').reply(200, '{"n":1}').get('/c').reply(200, '[{"n":3},{"n":4}]').get('/d').reply(500, 'down');
		const result = await probe(
			{ path: '={{$json.path}}', expect: 'json' },
			{ input: [{ json: { path: '/a' } }, { json: { path: 'invalid' } }, { json: { path: '/c' } }, { json: { path: '/d' } }], continueOnFail: true },
		);
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => [i.json, i.pairedItem])).toEqual([
			[{ status: 200, body: { n: 1 } }, { item: 0 }],
			[{ error: 'The path is invalid' }, { item: 1 }],
			[{ n: 3 }, { item: 2 }],
			[{ n: 4 }, { item: 2 }],
			[{ error: 'down', details: 'HTTP 500 from GET /d (The server failed to process the request)' }, { item: 3 }],
		]);
	});

	it('routes error items to the error output with "continue (using error output)"', async () => {
		nock(BASE).get('/a').reply(200, '{"n":1}').get('/b').reply(500, 'down');
		const result = await probe(
			{ path: '={{$json.path}}', expect: 'json' },
			{ input: [{ json: { path: '/a' } }, { json: { path: '/b' } }], onError: 'continueErrorOutput' },
		);
		expect(result.outputs[0].map((i) => i.json)).toEqual([{ status: 200, body: { n: 1 } }]);
		expect(result.outputs[1].map((i) => [i.json.error, i.pairedItem])).toEqual([['down', { item: 1 }]]);
	});

	it('without continue-on-fail the node fails naming the item', async () => {
		nock(BASE).get('/a').reply(200, '{}').get('/b').reply(503, 'maintenance');
		const result = await probe({ path: '={{$json.path}}', expect: 'json' }, { input: [{ json: { path: '/a' } }, { json: { path: '/b' } }] });
		expect(result.error?.message).toBe('maintenance');
		expect(result.error?.context?.itemIndex).toBe(1);
	});

	it('keeps input order when items run concurrently, and sends each request once', async () => {
		const seen: string[] = [];
		const scope = nock(BASE)
			.get(/\/n\/\d+/)
			.times(20)
			.delay(5)
			.reply(200, function (uri) {
				seen.push(uri);
				return { uri };
			});
		const input = Array.from({ length: 20 }, (_, i) => ({ json: { path: `/n/${i}` } }));
		const result = await probe({ path: '={{$json.path}}', expect: 'json' }, { input });
		scope.done();
		expect(result.items.map((i) => (i.json.body as { uri: string }).uri)).toEqual(input.map((i) => `/pentaho${i.json.path}`));
		expect(result.items.map((i) => i.pairedItem)).toEqual(input.map((_, item) => ({ item })));
		expect(new Set(seen).size).toBe(20);
	});

	it('honours batching: at most batch-size requests at once', async () => {
		let inFlight = 0;
		let peak = 0;
		nock(BASE)
			.get(/\/n\/\d+/)
			.times(9)
			.reply(200, async () => {
				inFlight++;
				peak = Math.max(peak, inFlight);
				await new Promise((resolve) => setTimeout(resolve, 20));
				inFlight--;
				return {};
			});
		const input = Array.from({ length: 9 }, (_, i) => ({ json: { path: `/n/${i}` } }));
		const result = await probe(
			{ path: '={{$json.path}}', expect: 'json', requestOptions: { batching: { batch: { batchSize: 3, batchInterval: 10 } } } },
			{ input },
		);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(9);
		expect(peak).toBeLessThanOrEqual(3);
	});
});
