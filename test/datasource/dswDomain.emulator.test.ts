/**
 * Data-source-wizard domains against the emulator on every server profile: list, download (XMI or a
 * zip), delete.
 */
import type { DatasourceState } from '../../emulator/areas/datasource';
import { run } from '../harness';
import { useEmulator } from '../helpers/emulator';
import { describeEachProfile } from '../helpers/profiles';
import { bytesOf, node, rl } from './emulatorHelpers';

describeEachProfile('Data Source node against the emulator', (profile) => {
	const fixture = useEmulator({ profile });
	const state = () => fixture.emulator.app.state.datasource as DatasourceState;
	const admin = () => ({ dataflowServerApi: fixture.server() });

	it('wizard domains: list → download (XMI, and a zip) → delete; a missing one fails clearly', async () => {
		const list = await run(node, { parameters: { resource: 'dswDomain', operation: 'getAll', returnAll: true }, credentials: admin() });
		expect(list.items.map((i) => i.json)).toEqual([{ domainId: 'sales_model.xmi' }, { domainId: 'inventory.xmi' }]);
		const xmi = await run(node, { parameters: { resource: 'dswDomain', operation: 'download', domain: rl('sales_model.xmi') }, credentials: admin() });
		expect(xmi.items[0].json).toEqual({ domainId: 'sales_model.xmi', fileName: 'sales_model.xmi', mimeType: 'text/xml' });
		expect(bytesOf(xmi.items[0]).equals(state().domains[0].files['sales_model.xmi'])).toBe(true);
		const zip = await run(node, { parameters: { resource: 'dswDomain', operation: 'download', domain: rl('inventory.xmi') }, credentials: admin() });
		expect(zip.items[0].json).toEqual({ domainId: 'inventory.xmi', fileName: 'inventory.zip', mimeType: 'application/zip' });
		const deleted = await run(node, { parameters: { resource: 'dswDomain', operation: 'delete', domain: rl('sales_model.xmi') }, credentials: admin() });
		expect(deleted.items.map((i) => i.json)).toEqual([{ domainId: 'sales_model.xmi', deleted: true }]);
		const missing = await run(node, { parameters: { resource: 'dswDomain', operation: 'download', domain: rl('sales_model.xmi') }, credentials: admin() });
		expect(missing.error?.message).toBe('The server could not export the domain "sales_model.xmi": it answers this way when no domain has that ID');
	});
});
