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
/** An entry name below the server's lineage output folder. */
const relative = (path: unknown) => String(path).replace(/^.*\/pentaho-lineage-output\//, '');
const SALES_0303 = `20240303/home/admin/sales.ktr/${at('2024-03-03T08:15:00Z')}_sales`;
const LOAD_0303 = `20240303/public/jobs/load_dw.kjb/${at('2024-03-03T22:00:00Z')}_load_dw`;
const TEST_0305 = `20240305/home/suzy/test.ktr/${at('2024-03-05T10:30:00Z')}_test`;
const SALES_0308 = `20240308/home/admin/sales.ktr/${at('2024-03-08T08:15:00Z')}_sales`;
const both = (stem: string) => [`${stem}.execution.js`, `${stem}.graphml`];

describe('Lineage node against the emulator', () => {
	it('Get for All Files between two dates with Extract: exactly the artifacts in range, graphs parsed', async () => {
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
		// The server names each entry by the artifact's absolute path on its disk (VfsLineageCollector.compressArtifacts).
		expect(result.items.map((i) => relative(i.json.path)).sort()).toEqual([SALES_0303, LOAD_0303, TEST_0305].flatMap(both).sort());
		for (const item of result.items) {
			expect(item.json.archive).toBe('pentaho-lineage_20240302-20240305.zip');
			expect(item.binary?.data.fileName).toBe(item.json.fileName);
			expect(item.pairedItem).toEqual({ item: 0 });
		}

		const graph = result.items.find((i) => relative(i.json.path) === `${TEST_0305}.graphml`)!;
		expect(graph.json).toMatchObject({ kind: 'graph', date: '2024-03-05', artifactPath: '/home/suzy/test.ktr', name: 'test', startedAt: '2024-03-05T10:30:00.000Z', directed: true });
		// As the real writer (Blueprints' GraphMLWriter, normalised) lays them out: node and edge order is the writer's.
		const byId = (list: unknown) => [...(list as Array<{ id: string }>)].sort((x, y) => x.id.localeCompare(y.id));
		expect(byId(graph.json.nodes)).toEqual([
			{ id: 'document:/home/suzy/test.ktr', category: 'document', name: 'test.ktr', path: '/home/suzy/test.ktr', type: 'File', virtual: false },
			{ id: 'table:TEST_OUT', category: 'datasource', name: 'TEST_OUT', type: 'Database Table', virtual: true },
			{ id: 'transformation:/home/suzy/test.ktr', category: 'document', name: 'test', path: '/home/suzy/test.ktr', type: 'Transformation', virtual: false },
			{ id: 'transformation:/home/suzy/test.ktr/Generate rows', category: 'documentelement', copies: 1, name: 'Generate rows', type: 'Transformation Step', virtual: false },
			{ id: 'transformation:/home/suzy/test.ktr/Write test', category: 'documentelement', copies: 2, name: 'Write test', type: 'Transformation Step', virtual: false },
		]);
		const edge = (source: string, label: string, target: string) => ({ id: `${source}~${label}~${target}`, source, target, label, text: label });
		const T = 'transformation:/home/suzy/test.ktr';
		expect(byId(graph.json.edges)).toEqual(
			byId([
				edge('document:/home/suzy/test.ktr', 'defines', T),
				edge(`${T}/Generate rows`, 'hops_to', `${T}/Write test`),
				edge(`${T}/Write test`, 'writesto', 'table:TEST_OUT'),
				edge(T, 'contains', `${T}/Generate rows`),
				edge(T, 'contains', `${T}/Write test`),
			]),
		);

		const profile = result.items.find((i) => relative(i.json.path) === `${LOAD_0303}.execution.js`)!;
		expect(profile.json).toMatchObject({
			kind: 'executionProfile',
			artifactPath: '/public/jobs/load_dw.kjb',
			execution: { name: 'load_dw', type: 'Job', executionData: { startTime: at('2024-03-03T22:00:00Z') } },
		});
	});

	it('Get for All Files without Extract gives the zip, which holds the artifacts from the start date on', async () => {
		const result = await run(node, {
			parameters: { resource: 'lineage', operation: 'getAllArtifacts', dateRange: 'from', startDate: '2024-03-05T00:00:00' },
			credentials: { dataflowServerApi: fixture.server({ user: 'suzy' }) },
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json).toEqual({ fileName: 'pentaho-lineage_20240305.zip', startDate: '2024-03-05' });
		const zip = Buffer.from(result.items[0].binary!.data.data, 'base64');
		expect(Object.keys(unzipSync(new Uint8Array(zip))).map(relative).sort()).toEqual([TEST_0305, SALES_0308].flatMap(both).sort());
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

	it('Get for File of a file without lineage fails naming it: the server answers an empty zip (issue 30)', async () => {
		const result = await run(node, {
			parameters: { resource: 'lineage', operation: 'getForFile', filePath: '/home/admin/never_ran.ktr' },
			credentials: { dataflowServerApi: fixture.server() },
		});
		expect(result.error?.message).toBe('The server has no lineage for /home/admin/never_ran.ktr');
		expect(result.items).toEqual([]);
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

describe('Lineage Get for File of a name with spaces (issue 28, defect 3)', () => {
	const fixture = useEmulator({ seed: { lineage: { runs: [{ path: '/public/Sales Report.ktr', startedAt: '2024-03-04T09:00:00.000Z', steps: ['Read', 'Write'] }] } } });

	it('saves the zip under the whole name the service writes unquoted in Content-Disposition', async () => {
		const result = await run(node, {
			parameters: { resource: 'lineage', operation: 'getForFile', filePath: '/public/Sales Report.ktr', dateRange: 'from', startDate: '2024-03-01' },
			credentials: { dataflowServerApi: fixture.server() },
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.fileName).toBe('Sales Report.ktr_lineage_20240301.zip');
		expect(result.items[0].binary?.data.fileName).toBe('Sales Report.ktr_lineage_20240301.zip');
	});
});
