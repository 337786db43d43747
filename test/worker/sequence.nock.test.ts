/** Exact requests of the Worker's Sequence operations (Reserve) and the items that come out (split from worker.nock.test.ts). */
import nock from 'nock';

import { DataflowWorker } from '../../nodes/Worker/DataflowWorker.node';
import { run, SERVER_PASSWORD, serverCredentials } from '../harness';
import { WORKER, XML } from './helpers';

const node = new DataflowWorker();
const AUTH = `Basic ${Buffer.from(`admin:${SERVER_PASSWORD}`).toString('base64')}`;
const credentials = (overrides = {}) => ({ dataflowServerApi: serverCredentials(WORKER, overrides) });
const worker = () => nock(WORKER, { reqheaders: { authorization: AUTH } });

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

describe('Sequence: Reserve', () => {
	it('asks nextSequence for name and increment and returns the first and last value', async () => {
		const scope = worker()
			.get('/dataflow/nextSequence')
			.query({ name: 'orders', increment: '500' })
			.reply(200, '<?xml version="1.0" encoding="UTF-8"?>\n<seq><value>570000</value><increment>500</increment></seq>', XML);
		const result = await run(node, {
			parameters: { resource: 'sequence', operation: 'reserve', sequenceName: 'orders', options: { increment: 500 } },
			credentials: credentials(),
		});
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items.map((i) => i.json)).toEqual([{ name: 'orders', firstValue: 570000, lastValue: 570499, increment: 500 }]);
	});

	it('uses the default increment of 10000', async () => {
		const scope = worker()
			.get('/dataflow/nextSequence')
			.query({ name: 'orders', increment: '10000' })
			.reply(200, '<seq><value>1</value><increment>10000</increment></seq>', XML);
		const result = await run(node, { parameters: { resource: 'sequence', operation: 'reserve', sequenceName: 'orders' }, credentials: credentials() });
		scope.done();
		expect(result.items[0].json).toEqual({ name: 'orders', firstValue: 1, lastValue: 10000, increment: 10000 });
	});

	// The real servlet calls sendError(404) before writing <seq><error>, so the body is the web
	// container's own page (NextSequenceValueServlet.java@028843e): the node names the sequence itself.
	const JETTY_404 =
		'<html>\n<head>\n<meta http-equiv="Content-Type" content="text/html;charset=utf-8"/>\n<title>Error 404 Not Found</title>\n</head>\n<body><h2>HTTP ERROR 404 Not Found</h2>\n</body>\n</html>\n';

	it('an unknown sequence (404 with the container\'s error page) fails naming the sequence', async () => {
		worker().get('/dataflow/nextSequence').query(true).reply(404, JETTY_404, { 'Content-Type': 'text/html;charset=iso-8859-1' });
		const result = await run(node, { parameters: { resource: 'sequence', operation: 'reserve', sequenceName: 'nope' }, credentials: credentials() });
		expect(result.error?.message).toBe('The worker server has no sequence named "nope" (HTTP 404)');
		expect(result.error?.httpCode).toBe('404');
	});

	it.each([
		[{ sequenceName: '={{ "" }}', options: { increment: 10 } }, /Sequence Name is empty/],
		[{ sequenceName: 'orders', options: { increment: 'abc' } }, /Increment must be a whole number from 1 up, got "abc"/],
		[{ sequenceName: 'orders', options: { increment: '={{ "ten" }}' } }, /Increment must be a whole number/],
		[{ sequenceName: 'orders', options: { increment: 0 } }, /Increment must be a whole number from 1 up, got "0"/],
		[{ sequenceName: 'orders', options: { increment: 2.5 } }, /Increment must be a whole number/],
	])('refuses %j before any request', async (fields, message) => {
		const scope = worker().get('/dataflow/nextSequence').query(true).reply(200, '<seq><value>1</value><increment>1</increment></seq>', XML);
		const result = await run(node, { parameters: { resource: 'sequence', operation: 'reserve', ...fields }, credentials: credentials() });
		expect(result.error?.message).toMatch(message);
		expect(scope.isDone()).toBe(false);
	});

	it('continueOnFail: a bad item and a refused item give paired error items, the good one its value', async () => {
		worker().get('/dataflow/nextSequence').query({ name: 'orders', increment: '10' }).reply(200, '<seq><value>5</value><increment>10</increment></seq>', XML);
		worker().get('/dataflow/nextSequence').query({ name: 'nope', increment: '10' }).reply(404, JETTY_404, { 'Content-Type': 'text/html' });
		const result = await run(node, {
			parameters: { resource: 'sequence', operation: 'reserve', sequenceName: '={{$json.name}}', options: { increment: '={{$json.increment}}' } },
			credentials: credentials(),
			input: [{ json: { name: 'orders', increment: 10 } }, { json: { name: 'orders', increment: 'x' } }, { json: { name: 'nope', increment: 10 } }],
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(result.items[0].json).toEqual({ name: 'orders', firstValue: 5, lastValue: 14, increment: 10 });
		expect(result.items[1].json.error).toMatch(/Increment must be a whole number/);
		expect(result.items[2].json.error).toBe('The worker server has no sequence named "nope" (HTTP 404)');
	});
});
