/** Exact requests of the Report resource (Get Parameters, Render) and what comes out of them. */
import {
	binaryBytes,
	exec,
	formPairs,
	mapped,
	parameterAnswer,
	PDF,
	pdfHeaders,
	renderJson,
	rl,
	SALES,
	server,
	useNock,
	xml,
} from './helpers';

useNock();

const REPORT = '/public/Steel Wheels/Sales Report.prpt';
const PARAMETER = '/pentaho/api/repos/:public:Steel%20Wheels:Sales%20Report.prpt/parameter';
const RENDER = '/pentaho/api/repos/:public:Steel%20Wheels:Sales%20Report.prpt/report';

/** A parameter request whose form is captured. */
function parameterScope(answer: string, sent: Array<Array<[string, string]>> = []) {
	return server({ 'content-type': 'application/x-www-form-urlencoded' })
		.post(PARAMETER, (body) => {
			sent.push(formPairs(body));
			return true;
		})
		.reply(200, answer, xml);
}

describe('Report › Get Parameters', () => {
	it('posts renderMode=PARAMETER and gives one item per report parameter, typed, labels unescaped, system parameters left out', async () => {
		const sent: Array<Array<[string, string]>> = [];
		const scope = parameterScope(parameterAnswer(SALES), sent);
		const result = await exec('report', 'getParameters', { report: rl(REPORT) });
		scope.done();
		expect(result.error).toBeUndefined();
		expect(sent).toEqual([[['renderMode', 'PARAMETER']]]);
		expect(result.items.map((i) => i.json)).toEqual([
			{
				report: REPORT,
				name: 'region',
				label: 'Sales region',
				type: 'string',
				javaType: 'java.lang.String',
				mandatory: true,
				multiSelect: false,
				list: true,
				strict: true,
				hidden: false,
				default: null,
				values: [
					{ value: 'EMEA', label: 'Europe & Middle East' },
					{ value: 'NA', label: 'North America' },
					{ value: 'APAC', label: 'Asia Pacific' },
				],
				renderType: 'dropdown',
			},
			{
				report: REPORT,
				name: 'years',
				label: 'years',
				type: 'integer',
				javaType: '[Ljava.lang.Integer;',
				mandatory: false,
				multiSelect: true,
				list: true,
				strict: true,
				hidden: false,
				default: [2023, 2024],
				values: [
					{ value: 2023, label: '2023' },
					{ value: 2024, label: '2024' },
				],
				renderType: 'dropdown',
			},
			{ report: REPORT, name: 'from', label: 'from', type: 'date', javaType: 'java.util.Date', mandatory: false, multiSelect: false, list: false, strict: false, hidden: false, default: null, values: [], renderType: 'textbox' },
			{ report: REPORT, name: 'title', label: 'title', type: 'string', javaType: 'java.lang.String', mandatory: false, multiSelect: false, list: false, strict: false, hidden: false, default: 'Sales of the Café', values: [], renderType: 'textbox' },
		]);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 0 }, { item: 0 }, { item: 0 }]);
	});

	it('Include System Parameters adds the plugin\'s own, output-target with the formats offered', async () => {
		parameterScope(parameterAnswer(SALES));
		const result = await exec('report', 'getParameters', { report: rl(REPORT), options: { includeSystem: true } });
		const target = result.items.find((i) => i.json.name === 'output-target')!.json;
		expect(target).toMatchObject({ system: true, label: 'Output Type', strict: true });
		expect((target.values as Array<{ value: string }>).map((v) => v.value)).toContain('pageable/pdf');
		expect(result.items.filter((i) => i.json.system === true).map((i) => i.json.name)).toEqual(['output-target', 'accepted-page', '::session']);
	});

	it('Evaluate With Values sends them (a list repeated) and gives the report\'s messages per parameter', async () => {
		const sent: Array<Array<[string, string]>> = [];
		parameterScope(parameterAnswer(SALES, { errors: [['region', 'This prompt value is of an invalid value']] }), sent);
		const result = await exec('report', 'getParameters', { report: rl(REPORT), options: { values: '{"region": "MARS", "years": [2023, 2024]}' } });
		expect(sent[0]).toEqual([
			['renderMode', 'PARAMETER'],
			['region', 'MARS'],
			['years', '2023'],
			['years', '2024'],
		]);
		expect(result.items[0].json.errors).toEqual(['This prompt value is of an invalid value']);
	});

	it('a list whose keys and labels the plugin base64-encodes (control characters) is decoded', async () => {
		server().post('/pentaho/api/repos/:public:r.prpt/parameter').reply(200, parameterAnswer([{ name: 'code', encoded: true, values: [['A\tB', 'Tab\tseparated']] }]), xml);
		const decoded = await exec('report', 'getParameters', { report: rl('/public/r.prpt') });
		expect(decoded.items[0].json.values).toEqual([{ value: 'A\tB', label: 'Tab\tseparated' }]);
	});

	it('a report that is not there: the bare 500 is explained', async () => {
		server().post(PARAMETER).reply(500, '');
		const result = await exec('report', 'getParameters', { report: rl(REPORT) });
		expect(result.error?.message).toBe(`The server could not open the report ${REPORT}: it may not exist, may not be a report, or you may not read it`);
	});

	it('a path that is not a .prpt fails before any request (given by expression; typed, n8n\'s own check refuses it)', async () => {
		const result = await exec('report', 'getParameters', { report: rl('={{ "/public/sales.ktr" }}') });
		expect(result.error?.message).toBe('Report "/public/sales.ktr" is not a report: choose a .prpt file');
		await expect(exec('report', 'getParameters', { report: rl('/public/sales.ktr') })).rejects.toThrow('A report path starts with "/" and ends with .prpt');
	});
});

describe('Report › Render', () => {
	it('checks the values with the report first, then GETs …/report with output-target and the values, and streams the file', async () => {
		const sent: Array<Array<[string, string]>> = [];
		const check = parameterScope(parameterAnswer(SALES, { selectedFormat: 'pageable/pdf' }), sent);
		const render = server({ accept: '*/*' })
			.get(RENDER)
			.query((q) => {
				expect(q).toEqual({ 'output-target': 'pageable/pdf', region: 'EMEA', years: ['2023', '2024'] });
				return true;
			})
			.reply(200, PDF, pdfHeaders);
		const result = await exec('report', 'render', renderJson(REPORT, { region: 'EMEA', years: [2023, 2024] }));
		check.done();
		render.done();
		expect(result.error).toBeUndefined();
		expect(sent[0]).toEqual([
			['renderMode', 'PARAMETER'],
			['output-target', 'pageable/pdf'],
			['region', 'EMEA'],
			['years', '2023'],
			['years', '2024'],
		]);
		expect(result.items[0].json).toEqual({
			report: REPORT,
			format: 'pageable/pdf',
			fileName: 'Sales Report.pdf',
			mimeType: 'application/pdf',
			fileSize: PDF.length,
			parameters: { region: 'EMEA', years: [2023, 2024] },
		});
		expect((await binaryBytes(result.items[0])).equals(PDF)).toBe(true);
	});

	it('takes the values from the parameter fields (resource mapper); an empty field is left to the report\'s default', async () => {
		const sent: Array<Array<[string, string]>> = [];
		parameterScope(parameterAnswer(SALES, { selectedFormat: 'pageable/pdf' }), sent);
		server().get(RENDER).query(true).reply(200, PDF, pdfHeaders);
		const result = await exec('report', 'render', {
			report: rl(REPORT),
			format: 'pageable/pdf',
			parameterInput: 'fields',
			parameters: mapped({ region: 'NA', title: '' }, [
				{ id: 'region', displayName: 'region', type: 'options', options: [{ name: 'NA', value: 'NA' }], required: true, display: true, defaultMatch: false },
				{ id: 'title', displayName: 'title', type: 'string', required: false, display: true, defaultMatch: false },
			]),
			binaryPropertyName: 'report',
		});
		expect(result.error).toBeUndefined();
		expect(sent[0]).toEqual([
			['renderMode', 'PARAMETER'],
			['output-target', 'pageable/pdf'],
			['region', 'NA'],
		]);
		expect(Object.keys(result.items[0].binary ?? {})).toEqual(['report']);
	});

	it('dates: the report\'s definition is read once to know its date parameters; a date is sent as written, a local time with milliseconds, a time with a zone as the instant', async () => {
		const checks: Array<Array<[string, string]>> = [];
		for (const from of ['2024-03-01', '2024-03-01T10:00:00Z', '2024-03-01 10:30']) {
			const sent: Array<Array<[string, string]>> = [];
			const definition = parameterScope(parameterAnswer(SALES), sent);
			const check = parameterScope(parameterAnswer(SALES), sent);
			const render = server().get(RENDER).query(true).reply(200, PDF, pdfHeaders);
			const result = await exec('report', 'render', renderJson(REPORT, { region: 'EMEA', from, title: 'from 2024-01-01 on' }));
			expect(result.error).toBeUndefined();
			definition.done();
			check.done();
			render.done();
			expect(sent[0]).toEqual([['renderMode', 'PARAMETER']]);
			checks.push(sent[1]);
		}
		expect(checks.map((pairs) => pairs.find(([name]) => name === 'from')?.[1])).toEqual(['2024-03-01', String(Date.UTC(2024, 2, 1, 10)), '2024-03-01T10:30:00.000']);
		// A text parameter keeps its text, even when it looks like a date.
		expect(checks.map((pairs) => pairs.find(([name]) => name === 'title')?.[1])).toEqual(['from 2024-01-01 on', 'from 2024-01-01 on', 'from 2024-01-01 on']);
	});

	it('a date given as a date (the editor\'s date field) is sent as its wall-clock time', async () => {
		const sent: Array<Array<[string, string]>> = [];
		parameterScope(parameterAnswer(SALES), sent);
		const render = server()
			.get(RENDER)
			.query((q) => q.from === '2024-03-01T08:15:00.000')
			.reply(200, PDF, pdfHeaders);
		const result = await exec('report', 'render', {
			report: rl(REPORT),
			format: 'pageable/pdf',
			parameterInput: 'fields',
			parameters: mapped({ region: 'EMEA', from: '2024-03-01T08:15:00' }, [
				{ id: 'region', displayName: 'region', type: 'string', required: true, display: true, defaultMatch: false },
				{ id: 'from', displayName: 'from', type: 'dateTime', required: false, display: true, defaultMatch: false },
			]),
			binaryPropertyName: 'data',
		});
		expect(result.error).toBeUndefined();
		render.done();
		expect(sent[0].find(([name]) => name === 'from')?.[1]).toBe('2024-03-01T08:15:00.000');
	});

	it('File Name names the output file', async () => {
		parameterScope(parameterAnswer(SALES));
		server().get(RENDER).query(true).reply(200, PDF, pdfHeaders);
		const result = await exec('report', 'render', renderJson(REPORT, { region: 'APAC' }, { options: { fileName: 'Sales APAC.pdf' } }));
		expect(result.items[0].json.fileName).toBe('Sales APAC.pdf');
		expect(result.items[0].binary?.data.fileName).toBe('Sales APAC.pdf');
	});

	it('a server without a file name: the report\'s name and the format\'s extension', async () => {
		parameterScope(parameterAnswer(SALES));
		server().get(RENDER).query(true).reply(200, 'Region;Total\nEMEA;12\n', { 'Content-Type': 'text/csv' });
		const result = await exec('report', 'render', renderJson(REPORT, { region: 'EMEA' }, { format: 'table/csv;page-mode=stream' }));
		expect(result.items[0].json).toMatchObject({ fileName: 'Sales Report.csv', mimeType: 'text/csv' });
	});

	describe('refused before anything is rendered', () => {
		function noRender() {
			return server().get(RENDER).query(true).reply(200, PDF, pdfHeaders);
		}

		it('an unknown parameter', async () => {
			parameterScope(parameterAnswer(SALES));
			const render = noRender();
			const result = await exec('report', 'render', renderJson(REPORT, { region: 'EMEA', regoin: 'NA' }));
			expect(render.isDone()).toBe(false);
			expect(result.error?.message).toBe(`${REPORT} was not rendered: The report has no parameter "regoin" (its parameters: region, years, from, title)`);
		});

		it('a mandatory parameter left empty, in the report\'s own words', async () => {
			parameterScope(parameterAnswer(SALES, { errors: [['region', 'This prompt is mandatory']] }));
			const render = noRender();
			const result = await exec('report', 'render', renderJson(REPORT, { years: [2024] }));
			expect(render.isDone()).toBe(false);
			expect(result.error?.message).toBe(`${REPORT} was not rendered: Sales region (region): This prompt is mandatory`);
		});

		it('a mandatory parameter left empty, when the answer carries no message', async () => {
			parameterScope(parameterAnswer(SALES));
			const render = noRender();
			const result = await exec('report', 'render', renderJson(REPORT, {}));
			expect(render.isDone()).toBe(false);
			expect(result.error?.message).toBe(`${REPORT} was not rendered: region: the report needs a value for this parameter`);
		});

		it('a value outside a closed list, in the report\'s words or, without them, with the list', async () => {
			parameterScope(parameterAnswer(SALES, { errors: [['region', 'This prompt value is of an invalid value']] }));
			let result = await exec('report', 'render', renderJson(REPORT, { region: 'MARS' }));
			expect(result.error?.message).toBe(`${REPORT} was not rendered: Sales region (region): This prompt value is of an invalid value`);
			parameterScope(parameterAnswer(SALES));
			const render = noRender();
			result = await exec('report', 'render', renderJson(REPORT, { region: 'EMEA', years: [2024, 1999] }));
			expect(render.isDone()).toBe(false);
			expect(result.error?.message).toBe(`${REPORT} was not rendered: years: "1999" is not one of its values (2023, 2024)`);
		});

		it('a format the server does not offer (Excel 97-2003 after 9.x)', async () => {
			parameterScope(parameterAnswer(SALES));
			const render = noRender();
			const result = await exec('report', 'render', renderJson(REPORT, { region: 'EMEA' }, { format: 'table/excel;page-mode=flow' }));
			expect(render.isDone()).toBe(false);
			expect(result.error?.message).toContain('This server does not offer the format Excel 97-2003 (XLS, Server 9.x Only) for this report (it offers: HTML (Paginated), HTML (Single Page)');
		});

		it('a report that locks its output type to another format', async () => {
			parameterScope(parameterAnswer(SALES, { locked: 'table/html;page-mode=stream' }));
			const render = noRender();
			const result = await exec('report', 'render', renderJson(REPORT, { region: 'EMEA' }));
			expect(render.isDone()).toBe(false);
			expect(result.error?.message).toBe(`${REPORT} was not rendered: The report always renders as HTML (Single Page) (its output type is locked): choose that format`);
		});

		it('a report-wide message', async () => {
			parameterScope(parameterAnswer(SALES, { globalErrors: ['A report configuration error prevents the validation of this prompt'] }));
			const result = await exec('report', 'render', renderJson(REPORT, { region: 'EMEA' }));
			expect(result.error?.message).toBe(`${REPORT} was not rendered: A report configuration error prevents the validation of this prompt`);
		});

		it.each([
			['output-target in the values', { 'output-target': 'pageable/pdf' }, '"output-target" cannot be given as a parameter: choose the format in Format instead'],
			['an object value', { region: { code: 'EMEA' } }, 'Parameter "region" has a value that cannot be sent ({"code":"EMEA"}): give text, a number, true/false, a date or a list of those'],
		])('%s, before any request', async (_label, values, message) => {
			const result = await exec('report', 'render', renderJson(REPORT, values));
			expect(result.error?.message).toBe(message);
		});

		it('JSON that does not parse, before any request', async () => {
			const result = await exec('report', 'render', { ...renderJson(REPORT, {}), parametersJson: '{region: EMEA' });
			expect(result.error?.message).toMatch(/^Parameters \(JSON\) is not valid JSON/);
		});
	});

	describe('a report that fails renders no half file', () => {
		it('the failure written into an HTTP 200 instead of the PDF fails the item with the server\'s words', async () => {
			parameterScope(parameterAnswer(SALES));
			server().get(RENDER).query(true).reply(200, 'Failed at query: SELECT * FROM SALES WHERE REGION = ?', pdfHeaders);
			const result = await exec('report', 'render', renderJson(REPORT, { region: 'EMEA' }));
			expect(result.items).toEqual([]);
			expect(result.error?.message).toBe('The report did not render: the server answered "Failed at query: SELECT * FROM SALES WHERE REGION = ?" instead of a PDF file');
		});

		it('a PDF cut off while rendering, with the failure appended', async () => {
			parameterScope(parameterAnswer(SALES));
			const cut = Buffer.concat([PDF.subarray(0, 60), Buffer.from([0, 1, 2, 3]), Buffer.from('Report processing failed: timeout')]);
			server().get(RENDER).query(true).reply(200, cut, pdfHeaders);
			const result = await exec('report', 'render', renderJson(REPORT, { region: 'EMEA' }));
			expect(result.items).toEqual([]);
			expect(result.error?.message).toBe(`The PDF file the server sent is incomplete (${cut.length} bytes, no proper end): the report failed while rendering: "Report processing failed: timeout"`);
		});

		it('HTTP 500 "Report validation failed."', async () => {
			parameterScope(parameterAnswer(SALES));
			server().get(RENDER).query(true).reply(500, 'Report validation failed.', { 'Content-Type': 'application/pdf' });
			const result = await exec('report', 'render', renderJson(REPORT, { region: 'EMEA' }));
			expect(result.error?.message).toBe('The report failed and no file was rendered: Report validation failed.');
		});

		it('Continue On Fail: the failed item is an error item paired to its input, the others render', async () => {
			const sent: Array<Array<[string, string]>> = [];
			parameterScope(parameterAnswer(SALES), sent);
			parameterScope(parameterAnswer(SALES), sent);
			server().get(RENDER).query({ 'output-target': 'pageable/pdf', region: 'EMEA' }).reply(200, PDF, pdfHeaders);
			server().get(RENDER).query({ 'output-target': 'pageable/pdf', region: 'NA' }).reply(200, 'Error: no data', pdfHeaders);
			const result = await exec('report', 'render', { ...renderJson(REPORT, {}), parametersJson: '={{ JSON.stringify({ region: $json.region }) }}' }, {
				continueOnFail: true,
				input: [{ json: { region: 'EMEA' } }, { json: { region: 'NA' } }],
			});
			expect(result.error).toBeUndefined();
			expect(result.items.map((i) => [i.pairedItem, i.json.error ?? i.json.fileName])).toEqual([
				[{ item: 0 }, 'Sales Report.pdf'],
				[{ item: 1 }, 'The report did not render: the server answered "Error: no data" instead of a PDF file'],
			]);
			expect(result.items[1].binary).toBeUndefined();
		});
	});
});
