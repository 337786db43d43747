/**
 * The shared layer's single idioms, through n8n's engine on the probe node: a bare refusal explained
 * by the request's `refusals`; any InputError (a node's own subclass too) as one NodeOperationError
 * for its item, before any request; the one pair-list reader; the one binary-field reader; the one
 * yes/no answer reader.
 */
import nock from 'nock';

import { run, serverCredentials } from '../harness';
import { DataflowProbe } from './fixtures/probeNode';

const BASE = 'http://bi.test/pentaho';
const node = new DataflowProbe();
const credentials = { dataflowServerApi: serverCredentials(BASE) };

function probe(parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) {
	return run(node, { parameters: { resource: 'probe', operation: 'request', ...parameters } as never, credentials, ...extra });
}
const fields = (parameters: Record<string, unknown>) => probe({ operation: 'fields', ...parameters });

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

describe('refusals: what a bare status means for one request', () => {
	const REFUSALS = { 403: 'This file cannot be scheduled', 500: 'No such connection' };

	it.each([403, 500])('a bare %s gets the request\'s own text', async (status) => {
		nock(BASE).get('/x').reply(status, '');
		const result = await probe({ path: '/x', refusals: REFUSALS });
		expect(result.error?.message).toBe(REFUSALS[status as 403 | 500]);
		expect(result.error?.httpCode).toBe(String(status));
		expect(result.error?.description).toBe(`HTTP ${status} from GET /x`);
	});

	it('a refusal that carries the server\'s own message is quoted as it is', async () => {
		nock(BASE).get('/x').reply(403, 'containsIllegalCharacters', { 'Content-Type': 'text/plain' });
		const result = await probe({ path: '/x', refusals: REFUSALS });
		expect(result.error?.message).toBe('containsIllegalCharacters');
	});

	it('another bare status keeps the shared wording', async () => {
		nock(BASE).get('/x').reply(404, '');
		const result = await probe({ path: '/x', refusals: REFUSALS });
		expect(result.error?.message).toBe('The server does not know this path or resource');
	});

	it('a { hint } keeps the message (the server\'s or the shared one) and says what the status means here', async () => {
		const refusals = { 401: { hint: 'the repository refused its user' } };
		// (n8n's credential layer sends a request answered 401 once more before it gives up.)
		nock(BASE).get('/x').times(2).reply(401, 'Unauthorized access to the repository', { 'Content-Type': 'text/plain' });
		const quoted = await probe({ path: '/x', refusals });
		expect(quoted.error?.message).toBe('Unauthorized access to the repository');
		expect(quoted.error?.description).toBe('HTTP 401 from GET /x (the repository refused its user)');
		nock(BASE).get('/x').times(2).reply(401, '');
		const bare = await probe({ path: '/x', refusals });
		expect(bare.error?.httpCode).toBe('401');
		expect(bare.error?.description).toBe('HTTP 401 from GET /x (the repository refused its user)');
	});
});

describe('generic error pages: 9.3/10.2 answer bare JAX-RS errors with a container page (sendError)', () => {
	const REFUSALS = { 403: 'This file cannot be scheduled', 500: 'No such connection' };
	// Written here after the real pages' visible text: Pentaho's /unavailable.html (web.xml maps 403, 404 and
	// 500 to it), Tomcat's error report for a status web.xml does not map, Jetty's default page (worker server).
	const unavailable =
		'<!DOCTYPE html><html><head><title>Unavailable</title></head><body><div><div><p>Sorry, something went wrong.</p><p>Please try again or contact your system administrator.</p></div></div></body></html>';
	const tomcat401 =
		'<!doctype html><html lang="en"><head><title>HTTP Status 401 – Unauthorized</title></head><body><h1>HTTP Status 401 – Unauthorized</h1><hr class="line" /><p><b>Type</b> Status Report</p><hr class="line" /><h3>Apache Tomcat/9.0.50</h3></body></html>';
	const jetty404 =
		'<html><head><meta http-equiv="Content-Type" content="text/html;charset=ISO-8859-1"/><title>Error 404 Not Found</title></head><body><h2>HTTP ERROR 404 Not Found</h2><table><tr><th>URI:</th><td>/kettle/nothing</td></tr></table><hr/><a href="https://eclipse.org/jetty">Powered by Jetty:// 9.4.53</a><hr/></body></html>';

	it.each([403, 500])('a %s answered with /unavailable.html gets the request\'s own text, and says the server sent its generic page', async (status) => {
		nock(BASE).get('/x').reply(status, unavailable, { 'Content-Type': 'text/html' });
		const result = await probe({ path: '/x', refusals: REFUSALS });
		expect(result.error?.message).toBe(REFUSALS[status as 403 | 500]);
		expect(result.error?.description).toBe(`HTTP ${status} from GET /x; the server sent only its generic page`);
	});

	it("Tomcat's 401 report and Jetty's 404 page are not quoted as the server's message", async () => {
		nock(BASE).get('/x').times(2).reply(401, tomcat401, { 'Content-Type': 'text/html;charset=utf-8' });
		const unauthorized = await probe({ path: '/x' });
		expect(unauthorized.error?.message).not.toMatch(/HTTP Status 401/);
		expect(unauthorized.error?.httpCode).toBe('401');
		nock(BASE).get('/x').reply(404, jetty404, { 'Content-Type': 'text/html;charset=ISO-8859-1' });
		const missing = await probe({ path: '/x' });
		expect(missing.error?.message).toBe('The server does not know this path or resource');
	});

	it('an HTML page with a message of its own is still quoted', async () => {
		nock(BASE).get('/x').reply(500, '<html><body><h1>Database is down</h1></body></html>', { 'Content-Type': 'text/html' });
		const result = await probe({ path: '/x', refusals: REFUSALS });
		expect(result.error?.message).toBe('Database is down');
	});
});

describe('secrets: values a request carries never appear in its errors', () => {
	it('a request\'s own secret is redacted from the server\'s message, as the credential\'s are', async () => {
		nock(BASE).get('/x').reply(500, 'Could not connect with password R3po-Secret!', { 'Content-Type': 'text/plain' });
		const result = await probe({ path: '/x', secrets: ['R3po-Secret!'] });
		expect(result.error?.message).toBe('Could not connect with password ***');
		expect(`${result.error?.message} ${result.error?.description}`).not.toContain('R3po-Secret!');
	});
});

describe('InputError: bad input, wherever it is thrown', () => {
	it('a node\'s own InputError subclass fails the item with its message, before any request', async () => {
		const result = await probe({ path: 'input:Trigger Type "sometimes" is unknown' });
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error?.message).toBe('Trigger Type "sometimes" is unknown');
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('with Continue On Fail: one error item, paired to its input, and the other items run', async () => {
		nock(BASE).get('/ok').reply(200, { ok: true });
		const result = await probe({ path: '={{ $json.path }}' }, {
			continueOnFail: true,
			input: [{ json: { path: 'input:ENOENT is not a date' } }, { json: { path: '/ok' } }],
		});
		expect(result.error).toBeUndefined();
		// The message keeps its words (n8n would swap one holding an error code such as ENOENT for generic text).
		expect(result.items[0]).toEqual({ json: { error: 'ENOENT is not a date' }, pairedItem: { item: 0 } });
		expect(result.items[1].json).toEqual({ status: 200, body: { ok: true } });
	});
});

describe('readPairs: the one reader of name/value lists', () => {
	const pairs = (...entries: Array<[string, string]>) => ({ entry: entries.map(([name, value]) => ({ name, value })) });

	it('trims names and keeps the order', async () => {
		const result = await fields({ pairs: pairs([' a ', '1'], ['b', '2']) });
		expect(result.items[0].json.pairs).toEqual([{ name: 'a', value: '1' }, { name: 'b', value: '2' }]);
	});

	it.each([
		['a pair without a name', pairs(['  ', '1']), false, 'A probe pair entry has no name'],
		['a name given twice', pairs(['a', '1'], ['a', '2']), false, 'The probe pair name "a" is given twice'],
		['a reserved name', pairs(['xml', 'Y']), false, 'The probe pair name "xml" is reserved: the server reads it itself'],
	])('refuses %s before any request', async (_label, value, allowDuplicates, message) => {
		const result = await fields({ pairs: value, allowDuplicates });
		expect(result.error?.message).toBe(message);
	});

	it('lets a name repeat when the list allows it (query parameters)', async () => {
		const result = await fields({ pairs: pairs(['a', '1'], ['a', '2']), allowDuplicates: true });
		expect(result.items[0].json.pairs).toEqual([{ name: 'a', value: '1' }, { name: 'a', value: '2' }]);
	});
});

describe('readBinaryPropertyName and booleanAnswer', () => {
	it('an empty binary field name is refused with the field\'s name', async () => {
		const result = await fields({ binaryPropertyName: '  ' });
		expect(result.error?.message).toBe('Put Output File in Field is empty: give the name of a binary field, for example "data"');
	});

	it.each([
		['true', true],
		['false', false],
		['"true"', true],
		[' false\n', false],
	])('the yes/no answer %j is %s', async (body, expected) => {
		nock(BASE).get('/yes').reply(200, body, { 'Content-Type': 'text/plain' });
		const result = await fields({ path: '/yes', binaryPropertyName: 'file' });
		expect(result.items[0].json).toMatchObject({ answer: expected, binary: 'file' });
	});

	it('anything else fails, naming what the server answered', async () => {
		nock(BASE).get('/yes').reply(200, 'maybe', { 'Content-Type': 'text/plain' });
		const result = await fields({ path: '/yes' });
		expect(result.error?.message).toBe('The server answered "maybe" where "true" or "false" was expected');
		expect(result.error?.httpCode).toBe('200');
	});
});
