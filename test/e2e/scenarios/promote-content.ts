/**
 * Scenario 11, examples/11-promote-content.json: a folder promoted from server A to server B with a
 * dry run first. Before the run, B is made to differ from A: one file is missing there, one has other
 * content, and B has no JDBC connections. Checked: the dry run (Plan the Promotion) calls each file
 * new / changed / unchanged by path, size and date exactly as the two servers then held them and lists
 * the data sources B lacks; the import went to B only (one multipart POST, never to A), reported each
 * file as the server held it afterwards; and B ends with A's files byte for byte (sizes) and A's
 * connections.
 */
import assert from 'node:assert/strict';

import { count, defineScenario } from '../lib/scenario';

const FOLDER = '/public/etl';
const JDBC = '/plugin/data-access/api/datasource/jdbc/connection';
const pathId = (path: string) => `:${path.split('/').filter(Boolean).join(':')}`;
const files = (path: string) => `/api/repo/files/${encodeURIComponent(pathId(path))}`;

interface TreeFile {
	path: string;
	fileSize?: string | number;
	folder?: string | boolean;
}

/** The files under a folder of an emulator, by path with their size (hidden ones included). */
async function filesOn(emulator: { call: (m: string, p: string, o?: { headers?: Record<string, string> }) => Promise<{ status: number; json<T>(): T }> }): Promise<Record<string, number>> {
	const answer = await emulator.call('GET', `${files(FOLDER)}/tree?depth=10&showHidden=true`, { headers: { accept: 'application/json' } });
	const out: Record<string, number> = {};
	if (answer.status !== 200) return out;
	const walk = (node: { file?: TreeFile; children?: unknown }) => {
		const file = node.file;
		if (file && String(file.folder) !== 'true') out[file.path] = Number(file.fileSize);
		const children = Array.isArray(node.children) ? node.children : node.children ? [node.children] : [];
		for (const child of children) walk(child as { file?: TreeFile; children?: unknown });
	};
	walk(answer.json());
	return out;
}

async function connectionsOn(emulator: { call: (m: string, p: string, o?: { headers?: Record<string, string> }) => Promise<{ json<T>(): T }> }): Promise<string[]> {
	const list = (await emulator.call('GET', JDBC, { headers: { accept: 'application/json' } })).json<{ Item?: string[] | string }>();
	return (Array.isArray(list.Item) ? list.Item : list.Item ? [list.Item] : []).sort();
}

export default defineScenario({
	title: 'Promote content: a folder with its manifest from server A to server B, dry run first, data sources B lacks copied',
	emulators: {
		main: {},
		// B has no data sources; its folder is changed in `before`.
		second: { seed: { datasource: { connections: [], catalogs: [], domains: [] } } },
	},
	expect: { status: 'success' },

	// The example ships as a dry run; the test promotes for real.
	prepare(workflow) {
		const settings = workflow.nodes.find((node) => node.name === 'Settings');
		assert.ok(settings?.parameters, 'examples/11 has no Settings node');
		const json = JSON.parse(String(settings.parameters.jsonOutput)) as { dryRun?: boolean };
		assert.equal(json.dryRun, true, 'examples/11 must ship with dryRun true');
		settings.parameters.jsonOutput = JSON.stringify({ ...json, dryRun: false }, null, 2);
	},

	async before({ emulators }) {
		const b = emulators.second;
		// load_sales.ktr differs on B; daily_load.kjb is not on B at all (trashed, then deleted for good).
		const put = await b.call('PUT', files(`${FOLDER}/load_sales.ktr`), { body: '<transformation><name>load_sales (old copy on B)</name></transformation>', headers: { 'content-type': 'application/xml' } });
		assert.equal(put.status, 200, `B: PUT load_sales.ktr answered ${put.status}`);
		const props = await b.call('GET', `${files(`${FOLDER}/daily_load.kjb`)}/properties`, { headers: { accept: 'application/json' } });
		const id = String(props.json<{ id: string }>().id);
		for (const step of ['delete', 'deletepermanent']) {
			const answer = await b.call('PUT', `/api/repo/files/${step}`, { body: id, headers: { 'content-type': 'text/plain' } });
			assert.ok(answer.status < 300, `B: ${step} answered ${answer.status}`);
		}
	},

	async after(run) {
		run.facts.filesOnA = await filesOn(run.emulators.main);
		run.facts.filesOnB = await filesOn(run.emulators.second);
		run.facts.connectionsOnA = await connectionsOn(run.emulators.main);
		run.facts.connectionsOnB = await connectionsOn(run.emulators.second);
	},

	check(run) {
		const filesOnA = run.facts.filesOnA as Record<string, number>;
		const filesOnB = run.facts.filesOnB as Record<string, number>;
		const paths = Object.keys(filesOnA).sort();
		assert.ok(paths.includes(`${FOLDER}/daily_load.kjb`) && paths.includes(`${FOLDER}/load_sales.ktr`), `A's folder: ${paths.join(', ')}`);

		// The dry run, as both servers were before the import.
		const [plan] = run.expectItems('Plan the Promotion', 1);
		const change = Object.fromEntries((plan.files as Array<{ path: string; change: string }>).map((f) => [f.path, f.change]));
		assert.deepEqual(Object.keys(change).sort(), paths, 'the report covers every file of A (hidden ones too)');
		assert.equal(change[`${FOLDER}/daily_load.kjb`], 'new', 'the file B lacks is new');
		assert.equal(change[`${FOLDER}/load_sales.ktr`], 'changed', 'the file with other content on B is changed');
		for (const path of paths.filter((p) => !/daily_load|load_sales/.test(p))) assert.equal(change[path], 'unchanged', `${path} is unchanged`);
		assert.deepEqual(plan.summary, {
			newFiles: 1,
			changedFiles: 1,
			unchangedFiles: paths.length - 2,
			onlyOnB: [],
			newDataSources: (run.facts.connectionsOnA as string[]).length,
			presentDataSources: 0,
		});
		assert.equal(plan.dryRun, false);
		assert.equal(run.ran('Report Only'), false, 'not a dry run: the report-only branch did not run');

		// The import: into B only, one multipart POST; every file reported as B now holds it.
		const [imported] = run.expectItems('Import into B', 1);
		assert.equal(imported.complete, true);
		assert.equal(imported.folder, '/public');
		assert.equal(imported.withManifest, true);
		assert.deepEqual({ created: imported.created, replaced: imported.replaced, missing: imported.missing }, { created: 1, replaced: paths.length - 1, missing: 0 });
		assert.deepEqual(run.requestsTo('POST', '/pentaho/api/repo/files/import', 'second').map((r) => r.status), [200]);
		assert.equal(run.requestsTo('POST', /import/, 'main').length, 0, 'nothing was imported into A');
		assert.equal(run.requestsTo('PUT', /./, 'main').length, 0, 'nothing was written to A');
		for (const path of paths) assert.equal(filesOnB[path], filesOnA[path], `B's ${path} has A's size`);

		// The data sources B lacked, read on A and created on B.
		const created = run.items('Create on B');
		assert.deepEqual(created.map((c) => c.name).sort(), run.facts.connectionsOnA);
		assert.deepEqual(run.facts.connectionsOnB, run.facts.connectionsOnA, 'B has A\'s connections now');
	},

	account(run) {
		const [plan] = run.items('Plan the Promotion');
		const [imported] = run.items('Import into B');
		const summary = plan.summary as Record<string, number>;
		return [
			`Download From A → ${run.items('Download From A')[0].fileName} (${run.binaryBytes('Download From A').length} bytes, with manifest)`,
			`Tree on A / Tree on B → ${count(run.items('Tree on A').filter((f) => f.folder === false).length, 'file')} on A, ${count(run.items('Tree on B').filter((f) => f.folder === false).length, 'file')} on B`,
			`Plan the Promotion (dry run) → ${summary.newFiles} new, ${summary.changedFiles} changed, ${summary.unchangedFiles} unchanged; data sources B lacks: ${summary.newDataSources}`,
			`Dry Run? → no: import`,
			`Import into B → ${imported.created} created, ${imported.replaced} replaced, ${imported.missing} missing (folder read back)`,
			`Create on B → ${run.items('Create on B').map((c) => c.name).join(', ')}`,
		];
	},
});
