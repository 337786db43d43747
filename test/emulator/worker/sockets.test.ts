/**
 * The worker area's socket and sequence routes over plain HTTP (routes-sockets.ts): allocateSocket,
 * listSocket, nextSequence.
 */
import { call, state, useWorkerEmulator, xml } from './helpers';

useWorkerEmulator();

describe('worker emulator: sockets', () => {
	it('allocates ports unique per host, gives the same port back for the same allocation, and lists them', async () => {
		const allocate = async (query: string) => Number((await xml(`/dataflow/allocateSocket?xml=Y&${query}`)).doc.port);
		const a = await allocate('host=h1&id=run1&trans=t1&sourceSlave=s1&sourceStep=Read&sourceCopy=0&targetSlave=s2&targetStep=Write&targetCopy=1');
		const b = await allocate('host=h1&id=run1&trans=t1&sourceSlave=s1&sourceStep=Read&sourceCopy=1&targetSlave=s2&targetStep=Write&targetCopy=1');
		const again = await allocate('host=h1&id=run1&trans=t1&sourceSlave=s1&sourceStep=Read&sourceCopy=0&targetSlave=s2&targetStep=Write&targetCopy=1');
		const otherHost = await allocate('host=h2&trans=t1');
		const ranged = await allocate('host=h1&rangeStart=41000&trans=t9');
		expect([a, b, again, otherHost, ranged]).toEqual([40000, 40001, 40000, 40000, 41000]);

		const raw = await call('/dataflow/allocateSocket?xml=Y&host=h3');
		expect(raw.type).toMatch(/^text\/xml/);
		expect(raw.text).toMatch(/<port>40000<\/port>/);
		const page = await call('/dataflow/allocateSocket?host=h3&trans=x');
		expect(page.text).toMatch(/--> port : 40001/);
		// setContentType("text/html"): no charset.
		expect(page.type).toBe('text/html');

		state().sockets.find((s) => s.host === 'h1' && s.port === 40001)!.allocated = false;
		const listing = await call('/dataflow/listSocket?host=h1');
		expect(listing.type).toMatch(/^text\/html/);
		expect(listing.text).toContain("<H1>Ports for host &#39;h1&#39;</H1>");
		expect(listing.text).toContain('40000 : Transformation=t1, s1/Read.0\n --> s2/Write.1\n id=run1, allocated=true\n time=');
		expect(listing.text).toContain(' id=run1, allocated=false');
		expect(listing.text).toMatch(/ time=\w{3} \w{3} \d{2} \d{2}:\d{2}:\d{2} UTC \d{4}/);
		const open = await call('/dataflow/listSocket?host=h1&onlyOpen=Y');
		expect(open.text).not.toContain('40001 :');
		expect(open.text).toContain('40000 :');
		expect((await call('/dataflow/listSocket?host=nowhere')).text).toContain("No port allocations found for host &#39;nowhere&#39;");
	});
});

describe('worker emulator: sequences', () => {
	it('reserves blocks (default increment 10000) and answers 404 for an unknown sequence', async () => {
		const reserve = async (query: string) => (await xml(`/dataflow/nextSequence?${query}`)).doc.seq;
		expect(await reserve('name=batch_id')).toEqual({ value: '570000', increment: '10000' });
		expect(await reserve('name=batch_id&increment=5')).toEqual({ value: '580000', increment: '5' });
		expect(await reserve('name=batch_id&increment=100')).toEqual({ value: '580005', increment: '100' });
		// sendError(404) comes before the servlet writes <seq><error>: the container's page wins (Tomcat in the BI server).
		const unknown = await call('/kettle/nextSequence?name=nope');
		expect(unknown.status).toBe(404);
		expect(unknown.type).toMatch(/^text\/html/);
		expect(unknown.text).toMatch(/HTTP Status 404/);
		expect(unknown.text).not.toMatch(/<seq>/);
	});
});
