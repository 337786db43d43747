/** Exact requests of the Worker's Socket operations (Allocate, List) and the items that come out (split from worker.nock.test.ts). */
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

describe('Socket: Allocate and Get Many', () => {
	it('sends every allocation parameter given, with xml=Y, and returns the port', async () => {
		const scope = worker()
			.get('/dataflow/allocateSocket')
			.query({
				xml: 'Y',
				rangeStart: '41000',
				host: 'h1',
				id: 'run-1',
				trans: 'trans-9',
				sourceSlave: 's1',
				sourceStep: 'Read rows',
				targetSlave: 's2',
				targetStep: 'Write rows',
				sourceCopy: '0',
				targetCopy: '2',
			})
			.reply(200, '<?xml version="1.0" encoding="UTF-8"?>\n<port>41003</port>\n', XML);
		const result = await run(node, {
			parameters: {
				resource: 'socket',
				operation: 'allocate',
				allocationFields: {
					rangeStart: 41000,
					host: 'h1',
					id: 'run-1',
					trans: 'trans-9',
					sourceSlave: 's1',
					sourceStep: 'Read rows',
					sourceCopy: 0,
					targetSlave: 's2',
					targetStep: 'Write rows',
					targetCopy: 2,
				},
			},
			credentials: credentials(),
		});
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items[0].json).toEqual({
			port: 41003,
			rangeStart: 41000,
			host: 'h1',
			clusterRunId: 'run-1',
			transformation: 'trans-9',
			sourceSlave: 's1',
			sourceStep: 'Read rows',
			targetSlave: 's2',
			targetStep: 'Write rows',
			sourceCopy: 0,
			targetCopy: 2,
		});
	});

	it('sends only xml=Y when no field is given', async () => {
		const scope = worker().get('/dataflow/allocateSocket').query({ xml: 'Y' }).reply(200, '<port>40000</port>', XML);
		const result = await run(node, { parameters: { resource: 'socket', operation: 'allocate' }, credentials: credentials() });
		scope.done();
		expect(result.items[0].json).toEqual({ port: 40000 });
	});

	it('refuses a non-numeric range start before any request', async () => {
		const scope = worker().get('/dataflow/allocateSocket').query(true).reply(200, '<port>1</port>', XML);
		const result = await run(node, {
			parameters: { resource: 'socket', operation: 'allocate', allocationFields: { rangeStart: 'abc' } },
			credentials: credentials(),
		});
		expect(result.error?.message).toMatch(/Range Start must be a whole number/);
		expect(scope.isDone()).toBe(false);
	});

	const LISTING = `<HTML>
<HEAD><TITLE>List of server sockets on server &#x27;127.0.0.1&#x27;</TITLE></HEAD>
<BODY>
<H1>Ports for host &#x27;127.0.0.1&#x27;</H1>
Found 3 ports for host &#x27;127.0.0.1&#x27;<p>
8088 : Transformation=dummy-trans, crt/Dummy (do nothing) 2.0
 --> sll/Dummy (do nothing).0
 id=b20bcd03-9682-4327-8c42-b129faabbfe1, allocated=false
 time=Mon Nov 17 09:31:15 BRT 2014
<br>
8089 : Transformation=sales, master/Read.1
 --> slave-2/Write rows.3
 id=run-7, allocated=true
 time=Tue Jan 30 21:05:09 UTC 2024
<br>
8090 : Transformation=null, null/null.null
 --> null/null.null
 id=null, allocated=true
 time=null
<br>
<p>
</BODY>
</HTML>
`;

	it('lists the ports of a host from the HTML listing, one item per port', async () => {
		const scope = worker()
			.get('/dataflow/listSocket')
			.query({ host: '127.0.0.1', onlyOpen: 'N' })
			.reply(200, LISTING, { 'Content-Type': 'text/html' });
		const result = await run(node, { parameters: { resource: 'socket', operation: 'list', host: '127.0.0.1' }, credentials: credentials() });
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items.map((i) => i.json)).toEqual([
			{
				port: 8088,
				host: '127.0.0.1',
				transformation: 'dummy-trans',
				sourceSlave: 'crt',
				sourceStep: 'Dummy (do nothing) 2',
				sourceCopy: 0,
				targetSlave: 'sll',
				targetStep: 'Dummy (do nothing)',
				targetCopy: 0,
				clusterRunId: 'b20bcd03-9682-4327-8c42-b129faabbfe1',
				allocated: false,
				status: 'closed',
				lastUsed: '2014-11-17T09:31:15.000',
			},
			{
				port: 8089,
				host: '127.0.0.1',
				transformation: 'sales',
				sourceSlave: 'master',
				sourceStep: 'Read',
				sourceCopy: 1,
				targetSlave: 'slave-2',
				targetStep: 'Write rows',
				targetCopy: 3,
				clusterRunId: 'run-7',
				allocated: true,
				status: 'open',
				lastUsed: '2024-01-30T21:05:09.000Z',
			},
			{
				port: 8090,
				host: '127.0.0.1',
				transformation: null,
				sourceSlave: null,
				sourceStep: null,
				sourceCopy: null,
				targetSlave: null,
				targetStep: null,
				targetCopy: null,
				clusterRunId: null,
				allocated: true,
				status: 'open',
				lastUsed: null,
			},
		]);
	});

	it('sends onlyOpen=Y, gives no items for a host without ports, and fails on a page that is not a listing', async () => {
		const scope = worker()
			.get('/dataflow/listSocket')
			.query({ host: 'h9', onlyOpen: 'Y' })
			.reply(200, "<HTML>\n<BODY>\n<H1>Ports for host &#x27;h9&#x27;</H1>\nNo port allocations found for host &#x27;h9&#x27;\n", { 'Content-Type': 'text/html' });
		const result = await run(node, { parameters: { resource: 'socket', operation: 'list', host: 'h9', options: { onlyOpen: true } }, credentials: credentials() });
		scope.done();
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([]);

		worker().get('/dataflow/listSocket').query(true).reply(200, '<html><body><h1>Login</h1></body></html>', { 'Content-Type': 'text/html' });
		const login = await run(node, { parameters: { resource: 'socket', operation: 'list', host: 'h9' }, credentials: credentials() });
		expect(login.error?.message).toBe('The server answered something other than a port listing: Login');
	});

	it('refuses an empty host before any request', async () => {
		const scope = worker().get('/dataflow/listSocket').query(true).reply(200, LISTING);
		const result = await run(node, { parameters: { resource: 'socket', operation: 'list', host: ' ' }, credentials: credentials() });
		expect(result.error?.message).toBe('Host is empty');
		expect(scope.isDone()).toBe(false);
	});
});
