/**
 * Scenario 10, examples/10-report-per-region.json: a report rendered once per region. Get
 * Parameters reads the report's Region list, each list value becomes an item, Render renders a PDF
 * per region (the values checked with the report first) and the Repository node stores the files.
 * Checked against the emulator: the regions are the report's own list, every render asked for its
 * region and the PDF format, each file is a whole PDF named after its region, and the repository
 * holds exactly the bytes rendered.
 */
import assert from 'node:assert/strict';

import { count, defineScenario } from '../lib/scenario';

const REPORT = '/public/Steel Wheels/Sales by Region.prpt';
const REPOS = '/pentaho/api/repos/:public:Steel%20Wheels:Sales%20by%20Region.prpt';
const FOLDER = '/home/admin/reports';
const RENDER = 'Render Sales per Region';
const pathId = (path: string) => `:${path.split('/').filter(Boolean).join(':')}`;

export default defineScenario({
	title: 'A report per region: parameters read, one PDF rendered per region value, files stored in the repository',
	expect: { status: 'success' },

	async after(run) {
		// What the repository holds now, read straight from the emulator.
		const stored: Record<string, Buffer | undefined> = {};
		for (const item of run.items('Store in Repository')) {
			const answer = await run.emulators.main.call('GET', `/api/repo/files/${encodeURIComponent(pathId(String(item.path)))}`);
			stored[String(item.path)] = answer.status === 200 ? answer.body : undefined;
		}
		run.facts.stored = stored;
	},

	check(run) {
		const parameters = run.items('Report Parameters');
		const region = parameters.find((p) => p.name === 'Region');
		assert.ok(region, `Get Parameters lists the Region parameter: ${parameters.map((p) => p.name).join(', ')}`);
		assert.equal(region.mandatory, true);
		const regions = (region.values as Array<{ value: string }>).map((v) => v.value);
		assert.ok(regions.length >= 3, `the report lists regions: ${regions.join(', ')}`);

		const rendered = run.expectItems(RENDER, regions.length);
		assert.deepEqual(
			rendered.map((r) => r.fileName),
			regions.map((r) => `Sales by Region - ${r}.pdf`),
			'one PDF per region, named after it',
		);
		rendered.forEach((item, index) => {
			assert.equal(item.report, REPORT);
			assert.equal(item.mimeType, 'application/pdf');
			assert.deepEqual(item.parameters, { Region: regions[index], Year: 2004 });
			const pdf = run.binaryBytes(RENDER, { item: index });
			assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-', `${item.fileName} starts as a PDF`);
			assert.ok(pdf.subarray(-64).toString('latin1').includes('%%EOF'), `${item.fileName} ends as a PDF`);
			assert.equal(item.fileSize, pdf.length, 'the size given is the size stored');
		});

		// The requests: one parameter read, then per region a check and a render, each with its region.
		const checks = run.requestsTo('POST', `${REPOS}/parameter`);
		assert.equal(checks.length, 1 + regions.length, 'Get Parameters once, then one check per region');
		const renders = run.requestsTo('GET', `${REPOS}/report`);
		// In any order: the node renders the items concurrently (and queue mode's workers may reorder them further).
		assert.deepEqual(
			renders.map((r) => [r.query.Region, r.query['output-target'], r.status]).sort(),
			regions.map((r) => [r, 'pageable/pdf', 200]).sort(),
			'each render asked for its region, as PDF',
		);

		// Handed on: the repository holds the bytes rendered.
		const stored = run.facts.stored as Record<string, Buffer | undefined>;
		const uploaded = run.expectItems('Store in Repository', regions.length);
		uploaded.forEach((item, index) => {
			assert.equal(item.path, `${FOLDER}/Sales by Region - ${regions[index]}.pdf`);
			const bytes = stored[String(item.path)];
			assert.ok(bytes, `the repository has ${String(item.path)}`);
			assert.ok(bytes.equals(run.binaryBytes(RENDER, { item: index })), `${String(item.path)} holds the rendered bytes`);
		});
	},

	account(run) {
		const rendered = run.items(RENDER);
		return [
			`Report Parameters → ${count(run.items('Report Parameters').length, 'parameter')}`,
			`${RENDER} → ${count(rendered.length, 'PDF')}: ${rendered.map((r) => `${r.fileName} (${r.fileSize} bytes)`).join(', ')}`,
			`Store in Repository → ${run.items('Store in Repository').map((i) => i.path).join(', ')}`,
		];
	},
});
