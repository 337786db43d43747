/**
 * The Report resource against the emulator's reporting plugin, on every server profile: the
 * parameter definition as items, files rendered (real PDF and xlsx that open), the checks before
 * rendering in the report's own words, a failing report that renders no file, Excel 97-2003 on 9.x only.
 */
import { unzipSync } from 'fflate';

import { serverProfile } from '../../emulator/core/profiles';
import { useEmulator } from '../helpers/emulator';
import { describeEachProfile } from '../helpers/profiles';
import { binaryBytes, exec, mapped, renderJson, rl } from './helpers';

const SALES = '/public/Steel Wheels/Sales by Region.prpt';
const BROKEN = '/public/Steel Wheels/Broken Report.prpt';

const LOCKED = '/public/Steel Wheels/Locked Report.prpt';

describeEachProfile('Report', (profile) => {
	const fixture = useEmulator({
		profile,
		seed: {
			reporting: {
				reports: [
					{
						path: LOCKED,
						title: 'Locked Report',
						parameters: [],
						columns: [{ name: 'NAME', label: 'Name', type: 'string' }],
						*rows() {
							yield ['one'];
						},
						preferredOutputTarget: 'table/html;page-mode=stream',
						lockOutputType: true,
					},
				],
			},
		},
	});
	const admin = () => fixture.server();
	const renders = () => fixture.requests().filter((r) => r.endsWith('/report'));

	it('Get Parameters: the report\'s parameters, typed, with defaults and list values', async () => {
		const result = await exec('report', 'getParameters', { report: rl(SALES) }, { credentials: admin() });
		expect(result.error).toBeUndefined();
		const byName = Object.fromEntries(result.items.map((i) => [i.json.name, i.json]));
		expect(Object.keys(byName)).toEqual(['Region', 'Year', 'Product Line', 'Start Date']);
		expect(byName.Region).toMatchObject({ label: 'Region', type: 'string', mandatory: true, list: true, strict: true, multiSelect: false, default: null });
		expect(byName.Region.values).toContainEqual({ value: 'EMEA', label: 'Europe, Middle East & Africa' });
		expect(byName.Year).toMatchObject({ type: 'integer', mandatory: true, default: 2004 });
		expect(byName['Product Line']).toMatchObject({ multiSelect: true, type: 'string', default: [] });
		expect(byName['Start Date']).toMatchObject({ type: 'date', label: 'Orders from', dataFormat: 'yyyy-MM-dd' });
	});

	it('Get Parameters with values: the report\'s own message about a value', async () => {
		const result = await exec('report', 'getParameters', { report: rl(SALES), options: { values: '{"Region": "MARS"}' } }, { credentials: admin() });
		expect(result.items.find((i) => i.json.name === 'Region')?.json.errors).toEqual(['This prompt value is of an invalid value']);
	});

	it('Get Parameters with Simplify: on, at most 10 chosen fields per parameter (with Include Raw Response, raw too); off, every field', async () => {
		const FIELDS = ['name', 'label', 'type', 'mandatory', 'default', 'values', 'multiSelect', 'hidden', 'errors', 'system', 'report'];
		const full = await exec('report', 'getParameters', { report: rl(SALES) }, { credentials: admin() });
		expect(Math.max(...full.items.map((i) => Object.keys(i.json).length))).toBeGreaterThan(10);
		const simple = await exec('report', 'getParameters', { report: rl(SALES), options: { simplify: true, includeRaw: true } }, { credentials: admin() });
		expect(simple.error).toBeUndefined();
		expect(simple.items.map((i) => i.json.name)).toEqual(full.items.map((i) => i.json.name));
		const region = simple.items.find((i) => i.json.name === 'Region')!.json;
		expect(Object.keys(region).filter((k) => k !== 'raw')).toEqual(['name', 'label', 'type', 'mandatory', 'default', 'values', 'multiSelect', 'hidden', 'errors', 'report']);
		for (const [index, item] of simple.items.entries()) {
			const { raw, ...fields } = item.json;
			const kept = FIELDS.filter((k) => k in full.items[index].json).slice(0, 10);
			expect(fields).toEqual(Object.fromEntries(kept.map((k) => [k, full.items[index].json[k]])));
			expect(raw === undefined).toBe(index > 0);
		}
	});

	it('Render PDF: a real PDF named after the report', async () => {
		const result = await exec('report', 'render', renderJson(SALES, { Region: 'EMEA', Year: 2004, 'Product Line': ['Planes', 'Ships'] }), { credentials: admin() });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ report: SALES, format: 'pageable/pdf', fileName: 'Sales by Region.pdf', mimeType: 'application/pdf' });
		const pdf = await binaryBytes(result.items[0]);
		expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
		expect(pdf.subarray(-32).toString('latin1')).toContain('%%EOF');
	});

	it('Render XLSX from the parameter fields: a workbook that opens', async () => {
		const result = await exec(
			'report',
			'render',
			{
				report: rl(SALES),
				format: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet;page-mode=flow',
				parameterInput: 'fields',
				parameters: mapped({ Region: 'NA' }, [{ id: 'Region', displayName: 'Region', type: 'string', required: true, display: true, defaultMatch: false }]),
				binaryPropertyName: 'data',
			},
			{ credentials: admin() },
		);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.fileName).toBe('Sales by Region.xlsx');
		const entries = Object.keys(unzipSync(new Uint8Array(await binaryBytes(result.items[0]))));
		expect(entries).toContain('[Content_Types].xml');
	});

	it('Render CSV: the rows of the chosen region', async () => {
		const result = await exec('report', 'render', renderJson(SALES, { Region: 'APAC', 'Product Line': ['Ships'] }, { format: 'table/csv;page-mode=stream' }), { credentials: admin() });
		expect(result.error).toBeUndefined();
		const csv = (await binaryBytes(result.items[0])).toString('utf8');
		expect(csv).toContain('APAC');
		expect(csv).toContain('Ships');
		expect(csv).not.toContain('Planes');
	});

	it('refused before rendering: a mandatory parameter left empty, in the report\'s own words', async () => {
		fixture.resetRequests();
		const result = await exec('report', 'render', renderJson(SALES, { Year: 2004 }), { credentials: admin() });
		expect(renders()).toEqual([]);
		expect(result.error?.message).toBe(`${SALES} was not rendered: Region: This prompt is mandatory`);
	});

	it('refused before rendering: a value outside the closed list, an unknown parameter', async () => {
		fixture.resetRequests();
		let result = await exec('report', 'render', renderJson(SALES, { Region: 'MARS' }), { credentials: admin() });
		expect(result.error?.message).toBe(`${SALES} was not rendered: Region: This prompt value is of an invalid value`);
		result = await exec('report', 'render', renderJson(SALES, { Region: 'EMEA', Regoin: 'NA' }), { credentials: admin() });
		expect(result.error?.message).toBe(`${SALES} was not rendered: The report has no parameter "Regoin" (its parameters: Region, Year, Product Line, Start Date)`);
		expect(renders()).toEqual([]);
	});

	it('Excel 97-2003: rendered on 9.x, refused before rendering where the server no longer offers it', async () => {
		fixture.resetRequests();
		const result = await exec('report', 'render', renderJson(SALES, { Region: 'EMEA' }, { format: 'table/excel;page-mode=flow' }), { credentials: admin() });
		if (serverProfile(profile).before('10.2.0.0-58')) {
			expect(result.error).toBeUndefined();
			const xls = await binaryBytes(result.items[0]);
			expect([...xls.subarray(0, 4)]).toEqual([0xd0, 0xcf, 0x11, 0xe0]);
			expect(result.items[0].json.fileName).toBe('Sales by Region.xls');
		} else {
			expect(renders()).toEqual([]);
			expect(result.error?.message).toMatch(/does not offer the format Excel 97-2003/);
		}
	});

	it('a report whose query fails renders no file, in PDF and in CSV', async () => {
		for (const format of ['pageable/pdf', 'table/csv;page-mode=stream']) {
			const result = await exec('report', 'render', renderJson(BROKEN, {}, { format }), { credentials: admin() });
			expect(result.items).toEqual([]);
			expect(result.error?.message).toMatch(/Failed to execute query\./);
		}
	});

	it('a report that locks its output type: another format is refused before rendering, its own renders', async () => {
		fixture.resetRequests();
		let result = await exec('report', 'render', renderJson(LOCKED, {}), { credentials: admin() });
		expect(renders()).toEqual([]);
		expect(result.error?.message).toBe(`${LOCKED} was not rendered: The report always renders as HTML (Single Page) (its output type is locked): choose that format`);
		result = await exec('report', 'render', renderJson(LOCKED, {}, { format: 'table/html;page-mode=stream' }), { credentials: admin() });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ fileName: 'Locked Report.html', mimeType: 'text/html' });
	});

	it('a report that is not there', async () => {
		const result = await exec('report', 'render', renderJson('/public/Steel Wheels/Nothing.prpt', {}), { credentials: admin() });
		expect(result.error?.message).toBe('The server could not open the report /public/Steel Wheels/Nothing.prpt: it may not exist, may not be a report, or you may not read it');
	});
});
