/**
 * Scenario 7, examples/07-repository-trigger.json: a workflow that starts with a polling trigger
 * (Dataflow Repository Trigger on /home/admin, *.html created or updated) feeding Get Content.
 *
 * `n8n execute --id` cannot run it: it only starts at a Manual Trigger, a Manual Chat Trigger or an
 * Execute Workflow Trigger and fails with "Missing node to start execution" otherwise. So this
 * scenario runs it the way the editor's "Execute workflow" does, in a running `n8n start`: from the
 * trigger, in manual mode, where n8n calls the trigger's poll once and the trigger answers with
 * the newest matching file ("Fetch Test Event"). Before the run a new report and, after it, a newer
 * text file are put into the folder: the trigger must pick the report (the pattern leaves the text
 * file out), and Get Report must download exactly its bytes.
 */
import assert from 'node:assert/strict';

import { defineScenario } from '../lib/scenario';

const TRIGGER = 'New or Changed HTML Reports';
const REPORT = '/home/admin/daily_report.html';
const REPORT_HTML = '<html><body><h1>Daily report</h1><p>Rows loaded: 100</p></body></html>\n';
const NEWER_TEXT = '/home/admin/notes_after_the_report.txt';
const FILES = '/pentaho/api/repo/files';
const pathId = (path: string) => `:${path.split('/').filter(Boolean).join(':')}`;

export default defineScenario({
	title: 'Repository Trigger: a workflow started by a polling trigger (manual mode, as the editor runs it)',
	execution: 'manual',
	trigger: TRIGGER,
	expect: { status: 'success' },

	async before({ emulators }) {
		const put = async (path: string, body: string, type: string) => {
			const answer = await emulators.main.call('PUT', `/api/repo/files/${encodeURIComponent(pathId(path))}`, { body, headers: { 'content-type': type } });
			if (answer.status !== 200) throw new Error(`PUT ${path} answered ${answer.status}: ${answer.text()}`);
		};
		await put(REPORT, REPORT_HTML, 'text/html');
		await new Promise((resolve) => setTimeout(resolve, 20));
		await put(NEWER_TEXT, 'not a report\n', 'text/plain');
		await emulators.main.clearRequests();
	},

	check(run) {
		assert.equal(run.execution.mode, 'manual', 'run from the trigger in n8n start');
		const [event] = run.expectItems(TRIGGER, 1);
		assert.equal(event.event, 'fileCreated', 'the test event is the newest created .html file');
		assert.deepEqual(
			{ path: event.file.path, name: event.file.name, folder: event.file.folder, fileSize: event.file.fileSize },
			{ path: REPORT, name: 'daily_report.html', folder: false, fileSize: Buffer.byteLength(REPORT_HTML) },
		);
		assert.equal(event.occurredAt, event.file.createdDate, 'occurredAt is the file\'s creation date');

		const [report] = run.expectItems('Get Report', 1);
		assert.equal(report.path, REPORT, 'Get Report downloads the file the trigger gave ({{ $json.file.path }})');
		assert.equal(run.binaryText('Get Report'), REPORT_HTML, 'the report came back byte for byte');

		// The trigger listed the folder (depth 1) and Get Report downloaded the one file.
		const trees = run.requestsTo('GET', `${FILES}/${pathId('/home/admin')}/tree`);
		assert.equal(trees.length, 1, `one listing of /home/admin: ${JSON.stringify(run.requests().map((r) => `${r.method} ${r.path}`))}`);
		assert.equal(trees[0].query.depth, '1');
		assert.deepEqual(
			run.requestsTo('GET', new RegExp(`^${FILES}/:home:admin:[^/]+$`)).map((r) => decodeURIComponent(r.path)),
			[`${FILES}/${pathId(REPORT)}`],
			'only the report was downloaded',
		);
	},

	account(run) {
		const [event] = run.items(TRIGGER);
		const bytes = run.binaryBytes('Get Report');
		return [
			`(n8n execute refuses a workflow without a Manual Trigger; run from the trigger in n8n start, as the editor's Execute workflow)`,
			`${TRIGGER} → test event ${event.event}: ${event.file.path} (${event.file.fileSize} bytes, created ${event.occurredAt}); the newer ${NEWER_TEXT.split('/').pop()} is not *.html`,
			`Get Report → ${bytes.length} bytes of ${run.binaries('Get Report')[0].data?.mimeType}: ${bytes.toString('utf8').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim()}`,
		];
	},
});
