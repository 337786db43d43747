/**
 * Issue 18: no default of any DataSource write operation removes something the user did not name.
 * Each write operation runs with only what it requires (every other parameter at its default)
 * against the emulator; afterwards everything the user did not name is exactly as before.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { DatasourceState } from '../../emulator/areas/datasource';
import { DataflowDataSource } from '../../nodes/DataSource/DataflowDataSource.node';
import { run } from '../harness';
import { useEmulator } from '../helpers/emulator';
import { describeEachProfile } from '../helpers/profiles';

const node = new DataflowDataSource();
const rl = (value: string) => ({ __rl: true, mode: 'list', value, cachedResultName: value });

/** Every operation of the node that writes (anything but reads and downloads). */
function writeOperations(): string[] {
	const operations = node.description.properties.filter((p: INodeProperties) => p.name === 'operation');
	return operations
		.flatMap((p) => (p.options ?? []).map((o) => `${p.displayOptions?.show?.resource?.[0]}.${(o as { value: string }).value}`))
		.filter((key) => !/\.(get|getAll|download)$/.test(key))
		.sort();
}

it('the write operations are the ones covered below', () => {
	expect(writeOperations()).toEqual([
		'analysisSchema.delete',
		'analysisSchema.upload',
		'dswDomain.delete',
		'jdbcConnection.createOrUpdate',
		'jdbcConnection.delete',
	]);
});

describeEachProfile('no default of a DataSource write operation removes what the user did not name', (profile) => {
	const fixture = useEmulator({ profile });
	const state = () => fixture.emulator.app.state.datasource as DatasourceState;
	const snapshot = () => ({
		connections: structuredClone(state().connections),
		catalogs: state().catalogs.map((c) => ({
			...c,
			content: c.content.toString('utf8'),
			extraFiles: Object.fromEntries(Object.entries(c.extraFiles).map(([n, b]) => [n, b.toString('utf8')])),
		})),
		domains: state().domains.map((d) => ({ id: d.id, files: Object.keys(d.files) })),
	});

	it('JDBC Create or Update (fields) with every default leaves an existing connection as it is', async () => {
		const before = snapshot();
		const result = await run(node, {
			parameters: { resource: 'jdbcConnection', operation: 'createOrUpdate', connection: rl('SalesDW') },
			credentials: { dataflowServerApi: fixture.server() },
		});
		expect(result.error).toBeUndefined();
		expect(snapshot()).toEqual(before);
	});

	it('JDBC Create or Update (JSON) with the default JSON leaves an existing connection as it is', async () => {
		const before = snapshot();
		const result = await run(node, {
			parameters: { resource: 'jdbcConnection', operation: 'createOrUpdate', connection: rl('SalesDW'), specifyConnection: 'json' },
			credentials: { dataflowServerApi: fixture.server() },
		});
		expect(result.error).toBeUndefined();
		expect(snapshot()).toEqual(before);
	});

	it('JDBC Create or Update changing one field changes only that field', async () => {
		const before = snapshot();
		const result = await run(node, {
			parameters: { resource: 'jdbcConnection', operation: 'createOrUpdate', connection: rl('SampleData'), additionalFields: { username: 'other_user' } },
			credentials: { dataflowServerApi: fixture.server() },
		});
		expect(result.error).toBeUndefined();
		const expected = structuredClone(before);
		(expected.connections.find((c) => c.name === 'SampleData') as IDataObject).username = 'other_user';
		expect(snapshot()).toEqual(expected);
	});

	it('Analysis Upload with Overwrite and nothing else refuses rather than strip the catalog’s data source', async () => {
		const before = snapshot();
		const result = await run(node, {
			parameters: { resource: 'analysisSchema', operation: 'upload', catalog: rl('SampleData'), options: { overwrite: true } },
			credentials: { dataflowServerApi: fixture.server() },
			input: [{ json: {}, binary: { data: { data: Buffer.from('<Schema name="SampleData"/>').toString('base64'), mimeType: 'text/xml', fileName: 's.mondrian.xml' } } }],
		});
		expect(result.error?.message).toMatch(/Data Source Name is empty/);
		expect(snapshot()).toEqual(before);
	});

	it.each([
		['jdbcConnection', 'connection', 'baseball connection', 'connections'],
		['analysisSchema', 'catalog', 'SteelWheels', 'catalogs'],
		['dswDomain', 'domain', 'sales_model.xmi', 'domains'],
	] as const)('%s Delete removes only the named one', async (resource, field, name, key) => {
		const before = snapshot();
		const result = await run(node, { parameters: { resource, operation: 'delete', [field]: rl(name) }, credentials: { dataflowServerApi: fixture.server() } });
		expect(result.error).toBeUndefined();
		const after = snapshot();
		const idOf = (x: { name?: unknown; id?: unknown }) => String(key === 'connections' ? x.name : x.id);
		expect(after[key].map(idOf)).toEqual(before[key].map(idOf).filter((id) => id !== name));
		expect({ ...after, [key]: [] }).toEqual({ ...before, [key]: [] });
	});
});
