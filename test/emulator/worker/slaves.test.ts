/**
 * The worker area's slave routes over plain HTTP (routes-slaves.ts): registerSlave and getSlaves.
 */
import { call, useWorkerEmulator, xml } from './helpers';

useWorkerEmulator();

describe('worker emulator: slaves', () => {
	it('registers slaves (replaced by name in any case) and lists them', async () => {
		const body = (name: string, host: string) =>
			`<?xml version="1.0"?><SlaveServerDetection><slaveserver><name>${name}</name><hostname>${host}</hostname><port>8081</port><webAppName/><username>cluster</username><password>secret</password><master>N</master><sslMode>N</sslMode></slaveserver><active>Y</active><last_active_date>2024/01/01 10:00:00.000</last_active_date><last_inactive_date/></SlaveServerDetection>`;
		const first = await xml('/dataflow/registerSlave', { method: 'POST', headers: { 'Content-Type': 'application/xml' }, body: body('slave-1', 'h1') });
		expect(first.doc.webresult).toMatchObject({ result: 'OK', message: "Slave server detection 'slave-1' was replaced in the list." });
		const second = await xml('/dataflow/registerSlave', { method: 'POST', body: body('SLAVE-1', 'h2') });
		expect(second.doc.webresult.message).toBe("Slave server detection 'SLAVE-1' was added to the list.");
		await xml('/dataflow/registerSlave', { method: 'POST', body: body('slave-2', 'h3') });

		const list = await xml('/dataflow/getSlaves?xml=Y');
		expect(list.type).toMatch(/^text\/xml/);
		const slaves = [list.doc.SlaveServerDetections.SlaveServerDetection].flat();
		expect(slaves.map((s: any) => [s.slaveserver.name, s.slaveserver.hostname, s.active])).toEqual([
			['SLAVE-1', 'h2', 'Y'],
			['slave-2', 'h3', 'Y'],
		]);
		expect(slaves[0].slaveserver.password).toMatch(/^Encrypted /);
		const bad = await xml('/dataflow/registerSlave', { method: 'POST', body: '<SlaveServerDetection/>' });
		expect(bad.status).toBe(200);
		expect(bad.doc.webresult.result).toBe('ERROR');
	});

	it('answers registerSlave with the XML declaration and a webresult escaped with Encode.forXml, without an id', async () => {
		const body = `<?xml version="1.0"?><SlaveServerDetection><slaveserver><name>o&apos;brien</name><hostname>h9</hostname></slaveserver><active>Y</active></SlaveServerDetection>`;
		const answer = await call('/dataflow/registerSlave', { method: 'POST', body });
		expect(answer.text).toBe(
			`<?xml version="1.0" encoding="UTF-8"?>\n<webresult>\n  <result>OK</result>\n  <message>Slave server detection &#39;o&#39;brien&#39; was replaced in the list.</message>\n  <id/>\n</webresult>\n\n`,
		);
	});
});
