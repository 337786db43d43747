/**
 * The Lineage node against the emulator: lineage between two dates gives exactly the artifacts in
 * range, extracted and parsed; the zip itself; per-file lineage with each date-range choice.
 */
import { unzipSync } from 'fflate';

import { DataflowLineage } from '../../nodes/Lineage/DataflowLineage.node';
import { run } from '../harness';
import { useEmulator } from '../helpers/emulator';

const node = new DataflowLineage();
const fixture = useEmulator();

const at = (iso: string) => Date.parse(iso);
const SALES_0303 = `20240303/home/admin/sales.ktr/${at('2024-03-03T08:15:00Z')}_sales`;
const LOAD_0303 = `20240303/public/jobs/load_dw.kjb/${at('2024-03-03T22:00:00Z')}_load_dw`;
const TEST_0305 = `20240305/home/suzy/test.ktr/${at('2024-03-05T10:30:00Z')}_test`;
const SALES_0308 = `20240308/home/admin/sales.ktr/${at('2024-03-08T08:15:00Z')}_sales`;
const both = (stem: string) => [`${stem}.execution.js`, `${stem}.graphml`];

describe('Lineage node against the emulator', () => {
	it('Get All between two dates with Extract: exactly the artifacts in range, graphs parsed', async () => {
		fixture.resetRequests();
		const result = await run(node, {
			parameters: {
				resource: 'lineage',
				operation: 'getAllArtifacts',
				dateRange: 'between',
				startDate: '2024-03-02T00:00:00',
				endDate: '2024-03-05T00:00:00',
				options: { extract: true },
			},
			credentials: { dataflowServerApi: fixture.server() },
		});

		expect(result.error).toBeUndefined();
		expect(fixture.requests()).toEqual(['GET /pentaho/osgi/cxf/lineage/api/download/all/20240302/20240305']);
		expect(result.items.map((i) => i.json.path).sort()).toEqual([SALES_0303, LOAD_0303, TEST_0305].flatMap(both).sort());
		for (const item of result.items) {
			expect(item.json.archive).toBe('pentaho-lineage_20240302-20240305.zip');
			expect(item.binary?.data.fileName).toBe(item.json.fileName);
			expect(item.pairedItem).toEqual({ item: 0 });
		}

		const graph = result.items.find((i) => i.json.path === `${TEST_0305}.graphml`)!;
		expect(graph.json).toMatchObject({ kind: 'graph', date: '2024-03-05', artifactPath: '/home/suzy/test.ktr', name: 'test', startedAt: '2024-03-05T10:30:00.000Z', directed: true });
		expect(graph.json.nodes).toEqual([
			{ id: 'document:/home/suzy/test.ktr', name: 'test.ktr', type: 'Transformation File', category: 'document', path: '/home/suzy/test.ktr', virtual: false },
			{ id: 'transformation:/home/suzy/test.ktr', name: 'test', type: 'Transformation', category: 'document', path: '/home/suzy/test.ktr', virtual: false },
			{ id: 'transformation:/home/suzy/test.ktr/Generate rows', name: 'Generate rows', type: 'Transformation Step', category: 'document-element', copies: 1, virtual: false },
			{ id: 'transformation:/home/suzy/test.ktr/Write test', name: 'Write test', type: 'Transformation Step', category: 'document-element', copies: 2, virtual: false },
			{ id: 'table:TEST_OUT', name: 'TEST_OUT', type: 'Database Table', category: 'datasource', virtual: true },
		]);
		expect(graph.json.edges).toEqual([
			{ id: 'e0', source: 'document:/home/suzy/test.ktr', target: 'transformation:/home/suzy/test.ktr', label: 'defines', text: 'defines' },
			{ id: 'e1', source: 'transformation:/home/suzy/test.ktr', target: 'transformation:/home/suzy/test.ktr/Generate rows', label: 'contains', text: 'contains' },
			{ id: 'e2', source: 'transformation:/home/suzy/test.ktr', target: 'transformation:/home/suzy/test.ktr/Write test', label: 'contains', text: 'contains' },
			{ id: 'e3', source: 'transformation:/home/suzy/test.ktr/Generate rows', target: 'transformation:/home/suzy/test.ktr/Write test', label: 'hops_to', text: 'hops_to' },
			{ id: 'e4', source: 'transformation:/home/suzy/test.ktr/Write test', target: 'table:TEST_OUT', label: 'writes', text: 'writes' },
		]);

		const profile = result.items.find((i) => i.json.path === `${LOAD_0303}.execution.js`)!;
		expect(profile.json).toMatchObject({
			kind: 'executionProfile',
			artifactPath: '/public/jobs/load_dw.kjb',
			execution: { name: 'load_dw', type: 'Job', executionData: { startTime: at('2024-03-03T22:00:00Z') } },
		});
	});

	it('Get All without Extract gives the zip, which holds the artifacts from the start date on', async () => {
		const result = await run(node, {
			parameters: { resource: 'lineage', operation: 'getAllArtifacts', dateRange: 'from', startDate: '2024-03-05T00:00:00' },
			credentials: { dataflowServerApi: fixture.server({ user: 'suzy' }) },
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json).toEqual({ fileName: 'pentaho-lineage_20240305.zip', startDate: '2024-03-05' });
		const zip = Buffer.from(result.items[0].binary!.data.data, 'base64');
		expect(Object.keys(unzipSync(new Uint8Array(zip))).sort()).toEqual([TEST_0305, SALES_0308].flatMap(both).sort());
	});

	it.each([
		['all dates', {}, 6, '/file'],
		['from a date', { dateRange: 'from', startDate: '2024-03-02' }, 4, '/file/20240302'],
		['between two dates', { dateRange: 'between', startDate: '2024-03-02', endDate: '2024-03-07' }, 2, '/file/20240302/20240307'],
	])('Get for File, %s: the artifacts of that file only', async (_label, range, count, path) => {
		fixture.resetRequests();
		const result = await run(node, {
			parameters: { resource: 'lineage', operation: 'getForFile', filePath: '/home/admin/sales.ktr', ...range, options: { extract: true } },
			credentials: { dataflowServerApi: fixture.server() },
		});
		expect(result.error).toBeUndefined();
		expect(fixture.requests()).toEqual([`POST /pentaho/osgi/cxf/lineage/api/download${path}`]);
		expect(result.items).toHaveLength(count);
		expect(new Set(result.items.map((i) => i.json.artifactPath))).toEqual(new Set(['/home/admin/sales.ktr']));
		expect(result.items.filter((i) => i.json.kind === 'graph').every((i) => Array.isArray(i.json.nodes) && (i.json.nodes as unknown[]).length === 6)).toBe(true);
	});

	it('an impossible date never reaches the server', async () => {
		fixture.resetRequests();
		const result = await run(node, {
			parameters: { resource: 'lineage', operation: 'getAllArtifacts', dateRange: 'between', startDate: '2024-02-30', endDate: '2024-03-01' },
			credentials: { dataflowServerApi: fixture.server() },
		});
		expect(result.error?.message).toMatch(/2024-02-30 does not exist/);
		expect(fixture.requests()).toEqual([]);
	});
});
