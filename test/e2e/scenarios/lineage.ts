/**
 * Scenario 6, examples/06-lineage.json: the lineage of 3–5 March 2024 downloaded and extracted.
 * The emulator's lineage spans 1–8 March; the run must ask for exactly that range, get exactly the
 * artifacts whose day folder is in it (compared with the emulator's whole archive), and parse each
 * GraphML graph into the nodes and edges its XML declares.
 */
import assert from 'node:assert/strict';

import { unzipSync } from 'fflate';

import { count, defineScenario } from '../lib/scenario';

const NODE = 'Lineage 3–5 March 2024';
const LINEAGE = '/pentaho/osgi/cxf/lineage/api/download';

export default defineScenario({
	title: 'Lineage: download and extract the lineage between two dates',
	expect: { status: 'success' },

	async after(run) {
		// Every artifact the emulator has (all dates), to tell what the range must keep and leave out.
		const all = await run.emulators.main.call('GET', '/osgi/cxf/lineage/api/download/all');
		run.facts.allEntries = all.status === 200 ? Object.keys(unzipSync(new Uint8Array(all.body))).filter((name) => !name.endsWith('/')) : [];
	},

	check(run) {
		const requests = run.requestsTo('GET', new RegExp(`^${LINEAGE}/`));
		assert.deepEqual(
			requests.map((r) => [r.path.slice(LINEAGE.length), r.status]),
			[['/all/20240303/20240305', 200]],
			'one request for the range, both days as yyyyMMdd',
		);

		const items = run.items(NODE);
		const all = run.facts.allEntries as string[];
		// Entries are named by the artifacts' absolute paths on the server (…/pentaho-lineage-output/<day>/…).
		const inRange = all.filter((name) => {
			const day = name.replace(/^.*\/pentaho-lineage-output\//, '').slice(0, 8);
			return day >= '20240303' && day <= '20240305';
		});
		assert.ok(all.length > inRange.length && inRange.length > 0, `the emulator has lineage outside the range too (${all.length} files, ${inRange.length} in range)`);
		assert.deepEqual(
			items.map((i) => i.path).sort(),
			[...inRange].sort(),
			'one item per file of the range, and nothing else',
		);
		assert.ok(
			items.every((i) => i.date >= '2024-03-03' && i.date <= '2024-03-05'),
			`every artifact's date is in the range: ${items.map((i) => i.date).join(', ')}`,
		);
		assert.ok(items.every((i) => i.archive === 'pentaho-lineage_20240303-20240305.zip'), 'every item names the zip it came from');

		// GraphML parsed: the nodes and edges the XML declares, edges between known nodes.
		const graphs = items.filter((i) => i.kind === 'graph');
		assert.deepEqual(graphs.map((g) => `${g.date} ${g.artifactPath}`).sort(), ['2024-03-03 /home/admin/sales.ktr', '2024-03-03 /public/jobs/load_dw.kjb', '2024-03-05 /home/suzy/test.ktr']);
		items.forEach((item, index) => {
			if (item.kind !== 'graph') return;
			const xml = run.binaryText(NODE, { item: index });
			assert.equal(item.nodes.length, (xml.match(/<node\b/g) ?? []).length, `${item.path}: one parsed node per <node>`);
			assert.equal(item.edges.length, (xml.match(/<edge\b/g) ?? []).length, `${item.path}: one parsed edge per <edge>`);
			const ids = new Set(item.nodes.map((n: { id: string }) => n.id));
			for (const edge of item.edges as Array<{ source: string; target: string }>) {
				assert.ok(ids.has(edge.source) && ids.has(edge.target), `${item.path}: edge ${edge.source} → ${edge.target} joins parsed nodes`);
			}
		});
		const sales = graphs.find((g) => g.artifactPath === '/home/admin/sales.ktr')!;
		const name = (id: string) => sales.nodes.find((n: { id: string; name: string }) => n.id === id)?.name;
		assert.deepEqual(
			// In any order: the real writer (GraphMLWriter, normalised) sorts the edges by id.
			sales.edges
				.filter((e: { label: string }) => e.label === 'hops_to')
				.map((e: { source: string; target: string }) => `${name(e.source)} → ${name(e.target)}`)
				.sort(),
			['Add totals → Write sales', 'Read orders → Add totals'],
			'the hops of sales.ktr, typed from the GraphML keys',
		);
		assert.ok(items.filter((i) => i.kind === 'executionProfile').every((i) => i.execution?.path === i.artifactPath), 'execution profiles parsed too');

		const summary = run.expectItems('Summarize', 3);
		assert.deepEqual(summary.find((s) => s.run === '/home/admin/sales.ktr on 2024-03-03'), {
			run: '/home/admin/sales.ktr on 2024-03-03',
			steps: 'Read orders → Add totals → Write sales',
			tables: 'SALES_FACT',
			nodes: 6,
			edges: 7,
		});
	},

	account(run) {
		const items = run.items(NODE);
		const graphs = items.filter((i) => i.kind === 'graph');
		const outside = ((run.facts.allEntries as string[] | undefined) ?? []).length - items.length;
		return [
			`${NODE} → ${count(items.length, 'file')} from ${items[0]?.archive}: ${count(graphs.length, 'graph')}, ${count(items.length - graphs.length, 'execution profile')} (${outside} files of other days left out)`,
			...run.items('Summarize').map((s) => `Summarize → ${s.run}: ${s.steps}${s.tables ? ` → ${s.tables}` : ''} (${s.nodes} nodes, ${s.edges} edges)`),
		];
	},
});
