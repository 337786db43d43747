/**
 * The parameter document (`/api/repos/{pathId}/parameter`) as ParameterXmlContentHandler writes it:
 * emulator/areas/reporting/format.ts and params.ts.
 */
import { XMLParser } from 'fast-xml-parser';

import { BROKEN, call, PRODUCTS, report, SALES, useProfileEmulators, useReportingEmulator } from './helpers';

useReportingEmulator();

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name, _path, _leaf, isAttribute) => !isAttribute && ['parameter', 'attribute', 'value', 'error'].includes(name) });

interface Doc {
	attributes: Record<string, string>;
	parameters: Array<Record<string, any>>;
	errors: Array<{ parameter: string; message: string }>;
}

function parse(xml: string): Doc {
	const root = parser.parse(xml).parameters;
	const attributes: Record<string, string> = {};
	for (const [k, v] of Object.entries(root)) if (typeof v === 'string') attributes[k] = v;
	return { attributes, parameters: root.parameter ?? [], errors: root.errors?.error ?? [] };
}

async function documentOf(path: string, pairs: Array<[string, string]> = []): Promise<{ xml: string; doc: Doc; response: Response }> {
	const response = await call('GET', report(path, 'parameter', pairs));
	const xml = await response.text();
	return { xml, doc: parse(xml), response };
}

const byName = (doc: Doc, name: string) => doc.parameters.find((p) => p.name === name)!;
const selected = (p: Record<string, any>) => (p.values?.value ?? []).filter((v: any) => v.selected === 'true').map((v: any) => v.value);

describe('the document', () => {
	it('lists the report parameters then the system parameters, with values, selections and page count', async () => {
		const { xml, doc, response } = await documentOf(SALES, [['Region', 'EMEA']]);
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toBe('text/xml;charset=UTF-8');
		expect(response.headers.get('content-disposition')).toBe("inline; filename*=UTF-8''default.xml");
		expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8" standalone="no"?><parameters accepted-page="-1" autoSubmitUI="true" ignore-biserver-5538="true" is-prompt-needed="false" layout="vertical" page-count="3" paginate="true">')).toBe(true);
		expect(doc.parameters.slice(0, 6).map((p) => p.name)).toEqual(['Region', 'Year', 'Product Line', 'Start Date', 'output-target', '::cl']);
		expect(doc.parameters.map((p) => p.name)).toEqual(
			expect.arrayContaining(['::session', 'renderMode', 'query-limit', 'maximum-query-limit', 'showParameters', 'htmlProportionalWidth']),
		);

		const region = byName(doc, 'Region');
		expect(region).toMatchObject({ 'is-list': 'true', 'is-mandatory': 'true', 'is-multi-select': 'false', 'is-strict': 'true', type: 'java.lang.String' });
		expect(selected(region)).toEqual(['EMEA']);
		// The label is HTML-escaped by the plugin before the DOM escapes it again.
		expect(xml).toContain('label="Europe, Middle East &amp;amp; Africa"');

		const year = byName(doc, 'Year');
		expect(year).toMatchObject({ 'is-list': 'false', 'is-mandatory': 'true', type: 'java.lang.Integer' });
		expect(year.values.value[0]).toMatchObject({ value: '2004', label: '2004', selected: 'true', type: 'java.lang.Integer', null: 'false' });
		expect(year.attribute).toContainEqual({
			namespace: 'http://reporting.pentaho.org/namespaces/engine/parameter-attributes/server',
			name: 'must-validate-on-server',
			value: 'true',
		});

		const lines = byName(doc, 'Product Line');
		expect(lines).toMatchObject({ 'is-multi-select': 'true', type: '[Ljava.lang.String;' });
		expect(lines.values.value).toHaveLength(7);

		const output = byName(doc, 'output-target');
		expect(selected(output)).toEqual(['table/html;page-mode=page']);
		expect(output.attribute[0]).toEqual({ namespace: 'http://reporting.pentaho.org/namespaces/engine/parameter-attributes/core', name: 'role', value: 'system' });
		expect(doc.errors).toEqual([]);
	});

	it('writes a date value in the server zone and a timezone hint', async () => {
		const { doc } = await documentOf(SALES, [['Region', 'EMEA'], ['Start Date', '2004-03-01']]);
		const date = byName(doc, 'Start Date');
		expect(date['timezone-hint']).toBe('+0000');
		expect(date.values.value[0]).toMatchObject({ value: '2004-03-01T00:00:00.000+0000', type: 'java.util.Date' });
	});

	it('a missing mandatory parameter: prompt needed, the engine message, no page count', async () => {
		const { doc } = await documentOf(SALES);
		expect(doc.attributes['is-prompt-needed']).toBe('true');
		expect(doc.attributes['page-count']).toBeUndefined();
		expect(doc.errors).toEqual([{ parameter: 'Region', message: 'This prompt is mandatory' }]);
	});

	it('a value outside the list, and a value that cannot be converted', async () => {
		const { doc } = await documentOf(SALES, [['Region', 'Mars'], ['Year', 'last'], ['Product Line', 'Rockets']]);
		expect(doc.errors).toEqual(
			expect.arrayContaining([
				{ parameter: 'Region', message: 'This prompt value is of an invalid value' },
				{ parameter: 'Year', message: "Unable to convert parameter 'Year' from input 'last' to real value." },
				{ parameter: 'Product Line', message: 'This prompt value is of an invalid value' },
			]),
		);
		expect(doc.errors).toHaveLength(3);
		// The year falls back to its default; the refused region stays unselected.
		expect(selected(byName(doc, 'Year'))).toEqual(['2004']);
		expect(selected(byName(doc, 'Region'))).toEqual([]);
	});

	it('renderMode PARAMETER does not count pages; a PDF target neither', async () => {
		expect((await documentOf(SALES, [['Region', 'EMEA'], ['renderMode', 'PARAMETER']])).doc.attributes.paginate).toBeUndefined();
		const pdf = await documentOf(SALES, [['Region', 'EMEA'], ['output-target', 'pageable/pdf']]);
		expect(pdf.doc.attributes['page-count']).toBeUndefined();
		expect(selected(byName(pdf.doc, 'output-target'))).toEqual(['pageable/pdf']);
	});

	it('a report whose query fails counts no pages (paginate() swallows the failure)', async () => {
		const { doc } = await documentOf(BROKEN);
		expect(doc.attributes['page-count']).toBe('0');
	});

	it('changedParameters answers only those parameters, minimized', async () => {
		const { doc } = await documentOf(SALES, [['Region', 'NA'], ['changedParameters', 'Region']]);
		expect(doc.attributes.minimized).toBe('true');
		expect(doc.parameters.map((p) => p.name)).toEqual(['Region']);
		expect(doc.parameters[0].attribute).toEqual([
			{ namespace: 'http://reporting.pentaho.org/namespaces/engine/parameter-attributes/core', name: 'hidden', value: 'false' },
		]);
	});

	it('forceAttachment makes the disposition an attachment', async () => {
		const { response } = await documentOf(PRODUCTS, [['forceAttachment', 'true']]);
		expect(response.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''default.xml");
	});

	it('an unknown renderMode escapes the servlet: 500', async () => {
		expect((await call('GET', report(PRODUCTS, 'parameter', [['renderMode', 'REPORT']]))).status).toBe(500);
	});
});

describe('per version', () => {
	const on = useProfileEmulators();

	const outputs = async (profile: '9.3' | '10.2' | '10.2sp' | '11.0') => {
		const doc = parse(await (await on(profile, 'GET', report(PRODUCTS, 'parameter'))).text());
		return { doc, options: byName(doc, 'output-target').values.value.map((v: any) => `${v.value}=${v.label}`) };
	};

	it('9.3 offers XLS ("Excel") and XLSX ("Excel 2007"); 10.2 and later XLSX ("Excel") only', async () => {
		expect((await outputs('9.3')).options).toEqual(
			expect.arrayContaining(['table/excel;page-mode=flow=Excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet;page-mode=flow=Excel 2007']),
		);
		for (const profile of ['10.2', '10.2sp', '11.0'] as const) {
			const { options } = await outputs(profile);
			expect(options).not.toContain('table/excel;page-mode=flow=Excel');
			expect(options).toContain('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet;page-mode=flow=Excel');
		}
	});

	it('includeReportSpecification (hidden for a .prpt) from 10.2.0.4-347: 10.2sp and 11.0', async () => {
		for (const profile of ['10.2sp', '11.0'] as const) {
			const spec = byName((await outputs(profile)).doc, 'includeReportSpecification');
			expect(spec).toMatchObject({ type: 'java.lang.Boolean', 'is-list': 'true' });
			expect(spec.attribute).toContainEqual({ namespace: 'http://reporting.pentaho.org/namespaces/engine/parameter-attributes/core', name: 'hidden', value: 'true' });
		}
		for (const profile of ['9.3', '10.2'] as const) expect(byName((await outputs(profile)).doc, 'includeReportSpecification')).toBeUndefined();
	});
});
