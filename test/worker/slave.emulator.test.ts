/** The Worker node's Slave operations against the emulator over real HTTP (split from worker.emulator.test.ts). */
import { DataflowWorker } from '../../nodes/Worker/DataflowWorker.node';
import { run } from '../harness';
import { useEmulator } from '../helpers/emulator';

const node = new DataflowWorker();
const fixture = useEmulator({ jobDurationMs: 300 });

describe('Worker node against the emulator: slaves', () => {
	it('Slave Register then Get Many', async () => {
		for (const [name, hostname] of [
			['etl-2', 'h2'],
			['etl-3', 'h3'],
			['ETL-2', 'h2b'],
		]) {
			const registered = await run(node, {
				parameters: { resource: 'slave', operation: 'register', slaveName: name, hostname, additionalFields: { port: 8090, username: 'cluster', password: 'pw' } },
				credentials: { dataflowServerApi: fixture.server() },
			});
			expect(registered.items[0].json).toMatchObject({ registered: true, name });
		}
		const list = await run(node, { parameters: { resource: 'slave', operation: 'list' }, credentials: { dataflowServerApi: fixture.server() } });
		expect(list.items.map((i) => [i.json.name, i.json.hostname, i.json.port, i.json.active])).toEqual([
			['ETL-2', 'h2b', 8090, true],
			['etl-3', 'h3', 8090, true],
		]);
		expect(JSON.stringify(list.items)).not.toMatch(/password|Encrypted/);
	});

	it('Slave List with Simplify: on, the 10 chosen fields; off, every field', async () => {
		const full = await run(node, { parameters: { resource: 'slave', operation: 'list' }, credentials: { dataflowServerApi: fixture.server() } });
		expect(Object.keys(full.items[0].json).length).toBeGreaterThan(10);
		const simple = await run(node, { parameters: { resource: 'slave', operation: 'list', options: { simplify: true } }, credentials: { dataflowServerApi: fixture.server() } });
		const FIELDS = ['name', 'hostname', 'port', 'active', 'lastActiveDate', 'lastInactiveDate', 'webAppName', 'master', 'sslMode', 'username'];
		for (const [index, item] of simple.items.entries()) {
			const all = full.items[index].json;
			expect(item.json).toEqual(Object.fromEntries(FIELDS.filter((k) => k in all).slice(0, 10).map((k) => [k, all[k]])));
		}
		expect(Object.keys(simple.items[0].json)).toEqual(FIELDS);
	});
});
