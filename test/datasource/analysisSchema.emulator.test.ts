/**
 * Analysis schemas against the emulator on every server profile: the import as the server reads it
 * (file name on the file part, data source in the parameters), downloads, the CSRF gate on and off.
 */
import { unzipSync } from 'fflate';

import type { DatasourceState } from '../../emulator/areas/datasource';
import { run } from '../harness';
import { useEmulator } from '../helpers/emulator';
import { describeEachProfile } from '../helpers/profiles';
import { bytesOf, node, rl, schemaInput } from './emulatorHelpers';

describeEachProfile('Data Source node against the emulator', (profile) => {
	const fixture = useEmulator({ profile });
	const state = () => fixture.emulator.app.state.datasource as DatasourceState;
	const admin = () => ({ dataflowServerApi: fixture.server() });

	it('analysis: upload sends only bound parts (file name on the file part, data source in the parameters) → list → download → delete', async () => {
		const schema = '<?xml version="1.0" encoding="UTF-8"?>\n<Schema name="Budget">\n  <!-- ü € -->\n  <Cube name="Budget"><Table name="BUDGET"/></Cube>\n</Schema>\n';
		const uploaded = await run(node, {
			parameters: {
				resource: 'analysisSchema',
				operation: 'upload',
				catalog: rl('Budget'),
				options: { xmlaEnabledFlag: true },
				additionalFields: { datasourceName: 'SampleData', schemaFileInfo: 'budget-v2.mondrian.xml' },
			},
			credentials: admin(),
			input: schemaInput(schema),
		});
		expect(uploaded.error).toBeUndefined();
		expect(uploaded.items.map((i) => i.json)).toEqual([{ catalogId: 'Budget', fileName: 'budget-v2.mondrian.xml', uploaded: true, statusCode: 201 }]);
		const upload = state().uploads.at(-1);
		expect(upload?.ignoredFields).toEqual([]);
		expect(upload?.file?.fileName).toBe('budget-v2.mondrian.xml');
		expect(upload?.fields).toEqual({
			datasourceName: 'SampleData',
			overwrite: 'false',
			xmlaEnabledFlag: 'true',
			parameters: 'DataSource=SampleData;EnableXmla=true;overwrite=false',
		});
		expect(state().catalogs.find((c) => c.id === 'Budget')?.datasourceName).toBe('SampleData');

		const list = await run(node, { parameters: { resource: 'analysisSchema', operation: 'getAll', returnAll: true }, credentials: admin() });
		expect(list.items.map((i) => i.json.catalogId)).toEqual(['SampleData', 'SteelWheels', 'Budget']);

		const downloaded = await run(node, { parameters: { resource: 'analysisSchema', operation: 'download', catalog: rl('Budget') }, credentials: admin() });
		expect(downloaded.items[0].json).toEqual({ catalogId: 'Budget', fileName: 'Budget.mondrian.xml', mimeType: 'text/xml' });
		expect(bytesOf(downloaded.items[0]).toString('utf8')).toBe(schema);

		const conflict = await run(node, { parameters: { resource: 'analysisSchema', operation: 'upload', catalog: rl('Budget'), additionalFields: { datasourceName: 'SampleData' } }, credentials: admin(), input: schemaInput(schema) });
		expect(conflict.error?.httpCode).toBe('409');
		expect(conflict.error?.message).toMatch(/already exists/);

		const deleted = await run(node, { parameters: { resource: 'analysisSchema', operation: 'delete', catalog: rl('Budget') }, credentials: admin() });
		expect(deleted.items.map((i) => i.json)).toEqual([{ catalogId: 'Budget', deleted: true }]);
		const missing = await run(node, { parameters: { resource: 'analysisSchema', operation: 'download', catalog: rl('Budget') }, credentials: admin() });
		expect([missing.error?.httpCode, missing.error?.message]).toEqual(['400', 'The server has no analysis catalog "Budget" (it answered 400)']);
		const again = await run(node, { parameters: { resource: 'analysisSchema', operation: 'delete', catalog: rl('Budget') }, credentials: admin() });
		expect(again.error?.message).toMatch(/could not remove the analysis catalog "Budget"/);
	});

	it('analysis schema with several files downloads as a zip', async () => {
		const downloaded = await run(node, {
			parameters: { resource: 'analysisSchema', operation: 'download', catalog: rl('SteelWheels'), binaryPropertyName: 'archive' },
			credentials: admin(),
		});
		expect(downloaded.items[0].json).toEqual({ catalogId: 'SteelWheels', fileName: 'SteelWheels.zip', mimeType: 'application/zip' });
		expect(Object.keys(unzipSync(new Uint8Array(bytesOf(downloaded.items[0], 'archive')))).sort()).toEqual(['SteelWheels.mondrian.xml', 'annotations.xml']);
	});
});

describe('Data Source node: analysis import with CSRF protection', () => {
	const schema = '<?xml version="1.0"?><Schema name="Guarded"><Cube name="C"/></Schema>';
	const upload = { resource: 'analysisSchema', operation: 'upload', catalog: rl('Guarded'), options: { overwrite: true }, additionalFields: { datasourceName: 'SampleData' } };

	describe('protection on, the real plugin set (the import path is not in it)', () => {
		const fixture = useEmulator({ csrf: true });
		it('imports', async () => {
			const result = await run(node, { parameters: upload, credentials: { dataflowServerApi: fixture.server() }, input: schemaInput(schema) });
			expect(result.error).toBeUndefined();
			expect(result.items[0].json.statusCode).toBe(201);
		});
	});

	describe('protection on, with the import path added to the set', () => {
		const fixture = useEmulator({ csrf: true, seed: { datasource: { csrfOnImports: true } } });
		it('imports with the session’s token and cookie, asked once for several items', async () => {
			fixture.resetRequests();
			const result = await run(node, { parameters: upload, credentials: { dataflowServerApi: fixture.server() }, input: [...schemaInput(schema), ...schemaInput(schema)] });
			expect(result.error).toBeUndefined();
			expect(result.items.map((i) => i.json.statusCode)).toEqual([201, 201]);
			expect(fixture.requests().filter((r) => r.includes('/api/csrf/token'))).toHaveLength(1);
		});
	});

	describe('protection off', () => {
		const fixture = useEmulator();
		it('imports (the token service answers without a token)', async () => {
			const result = await run(node, { parameters: upload, credentials: { dataflowServerApi: fixture.server() }, input: schemaInput(schema) });
			expect(result.error).toBeUndefined();
			expect(result.items[0].json.statusCode).toBe(201);
		});
	});
});
