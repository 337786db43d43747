/**
 * The Data Source node against the emulator, node-wide: "From List" for every kind, and the refusals a
 * non-administrator gets (nothing changes).
 */
import type { DatasourceState } from '../../emulator/areas/datasource';
import { run } from '../harness';
import { useEmulator } from '../helpers/emulator';
import { describeEachProfile } from '../helpers/profiles';
import { listSearch } from './loadOptions';
import { connectionParameters, node, rl, schemaInput } from './emulatorHelpers';

describeEachProfile('Data Source node against the emulator', (profile) => {
	const fixture = useEmulator({ profile });
	const state = () => fixture.emulator.app.state.datasource as DatasourceState;
	const admin = () => ({ dataflowServerApi: fixture.server() });

	it('"From List" offers the server’s connections, catalogs and domains', async () => {
		expect((await listSearch(node, 'searchConnections', admin(), 'sa')).results.map((r) => r.value)).toEqual(['SalesDW', 'SampleData']);
		expect((await listSearch(node, 'searchCatalogs', admin())).results.map((r) => r.value)).toEqual(['SampleData', 'SteelWheels']);
		// The seed's two domains (in the single area file this ran after the wizard-domain test had deleted one).
		expect((await listSearch(node, 'searchDomains', admin())).results.map((r) => r.value)).toEqual(['inventory.xmi', 'sales_model.xmi']);
	});

	it('a non-administrator is refused with a clear message, and nothing changes', async () => {
		const suzy = { dataflowServerApi: fixture.server({ user: 'suzy' }) };
		const create = await run(node, { parameters: { ...connectionParameters, connection: rl('Suzys') }, credentials: suzy });
		expect(create.error?.message).toMatch(/may not manage data sources/);
		expect(state().connections.some((c) => c.name === 'Suzys')).toBe(false);

		const remove = await run(node, { parameters: { resource: 'jdbcConnection', operation: 'delete', connection: rl('SampleData') }, credentials: suzy });
		expect(remove.error?.message).toMatch(/may not manage data sources/);
		expect(state().connections.some((c) => c.name === 'SampleData')).toBe(true);

		const list = await run(node, { parameters: { resource: 'jdbcConnection', operation: 'getAll', returnAll: true }, credentials: suzy });
		expect(list.error?.message).toMatch(/may not manage data sources/);

		const upload = await run(node, { parameters: { resource: 'analysisSchema', operation: 'upload', catalog: rl('Theirs'), additionalFields: { datasourceName: 'SampleData' } }, credentials: suzy, input: schemaInput('<Schema name="Theirs"/>', 't.xml') });
		expect([upload.error?.httpCode, upload.error?.message]).toEqual(['403', 'Access Denied']);

		const download = await run(node, { parameters: { resource: 'dswDomain', operation: 'download', domain: rl('inventory.xmi') }, credentials: suzy });
		expect(download.error?.message).toMatch(/may not manage data sources/);

		// Catalog and domain lists stay open to everyone.
		const catalogs = await run(node, { parameters: { resource: 'analysisSchema', operation: 'getAll', returnAll: true }, credentials: suzy });
		expect(catalogs.error).toBeUndefined();
	});
});

describe('Data Source node: "From List" for a user who may not manage data sources', () => {
	const fixture = useEmulator({ profile: '9.3' });
	it('says why the connection list is refused', async () => {
		await expect(listSearch(node, 'searchConnections', { dataflowServerApi: fixture.server({ user: 'suzy' }) })).rejects.toThrow(/may not manage data sources/);
	});
});
