/** Exact requests of the Query (CDA) resource: Get Many (listQueries) and Run, paging included. */
import type { IDataObject } from 'n8n-workflow';

import { cdaTable, exec, formPairs, mapped, rl, server, useNock } from './helpers';

useNock();

const CDA = '/public/dashboards/sales.cda';
const API = '/pentaho/plugin/cda/api';
const json = { 'Content-Type': 'application/json' };

const QUERIES = cdaTable(
	[
		['id', 'String'],
		['name', 'String'],
		['type', 'String'],
	],
	[
		['byRegion', 'Sales by region', 'sql'],
		['top', 'Top customers', 'mdx'],
	],
);

const PARAMS = cdaTable(
	[
		['name', 'String'],
		['type', 'String'],
		['defaultValue', 'String'],
		['pattern', 'String'],
		['access', 'String'],
	],
	[
		['year', 'Integer', '2024', '', 'public'],
		['markets', 'StringArray', 'EMEA', '', 'public'],
		['from', 'Date', '2024-01-01', 'yyyy-MM-dd', 'public'],
		['secret', 'String', 'x', '', 'private'],
	],
);

const COLUMNS: Array<[string, string]> = [
	['Region', 'String'],
	['Total', 'Numeric'],
	['Orders', 'Integer'],
	['Closed', 'Boolean'],
	['Day', 'Date'],
];

function rowsAnswer(rows: unknown[][], queryInfo?: IDataObject) {
	return cdaTable(COLUMNS, rows, queryInfo);
}

describe('Query › Get Many (listQueries)', () => {
	it('lists the public queries with their parameters (one listParameters request each)', async () => {
		const list = server().get(`${API}/listQueries`).query({ path: CDA, outputType: 'json' }).reply(200, QUERIES, json);
		const params1 = server().get(`${API}/listParameters`).query({ path: CDA, dataAccessId: 'byRegion', outputType: 'json' }).reply(200, PARAMS, json);
		const params2 = server()
			.get(`${API}/listParameters`)
			.query({ path: CDA, dataAccessId: 'top', outputType: 'json' })
			.reply(200, cdaTable([['name', 'String'], ['type', 'String'], ['defaultValue', 'String'], ['pattern', 'String'], ['access', 'String']], []), json);
		const result = await exec('query', 'listQueries', { cdaFile: rl(CDA) });
		list.done();
		params1.done();
		params2.done();
		expect(result.items.map((i) => i.json)).toEqual([
			{
				file: CDA,
				id: 'byRegion',
				name: 'Sales by region',
				type: 'sql',
				parameters: [
					{ name: 'year', type: 'Integer', default: '2024', access: 'public' },
					{ name: 'markets', type: 'StringArray', default: 'EMEA', access: 'public' },
					{ name: 'from', type: 'Date', default: '2024-01-01', pattern: 'yyyy-MM-dd', access: 'public' },
					{ name: 'secret', type: 'String', default: 'x', access: 'private' },
				],
			},
			{ file: CDA, id: 'top', name: 'Top customers', type: 'mdx', parameters: [] },
		]);
	});

	it('without parameters: one request', async () => {
		const list = server().get(`${API}/listQueries`).query(true).reply(200, QUERIES, json);
		const result = await exec('query', 'listQueries', { cdaFile: rl(CDA), options: { includeParameters: false } });
		list.done();
		expect(result.items.map((i) => i.json.id)).toEqual(['byRegion', 'top']);
		expect(result.items[0].json.parameters).toBeUndefined();
	});

	it('a server without CDA says so', async () => {
		server().get(`${API}/listQueries`).query(true).reply(404, '<html><head><title>Error</title></head><body><h1>HTTP Status 404 – Not Found</h1><p>Apache Tomcat/9.0.86</p></body></html>', { 'Content-Type': 'text/html' });
		const result = await exec('query', 'listQueries', { cdaFile: rl(CDA) });
		expect(result.error?.message).toBe(
			'This server has no CDA (Community Data Access) plugin: /plugin/cda/api is not there. CDA ships with the BI server 9.3, 10.2 and 11 unless an administrator removed it from pentaho-solutions/system',
		);
	});

	it('a file CDA cannot read: the bare 500 explained', async () => {
		server().get(`${API}/listQueries`).query(true).reply(500, '');
		const result = await exec('query', 'listQueries', { cdaFile: rl(CDA) });
		expect(result.error?.message).toMatch(/^CDA could not list the queries of \/public\/dashboards\/sales\.cda: the file or query may not exist/);
	});
});

describe('Query › Run', () => {
	it('posts doQuery with path, dataAccessId, outputType=json and param<name> values; one item per row, typed by the metadata', async () => {
		const forms: Array<Array<[string, string]>> = [];
		server().get(`${API}/listParameters`).query({ path: CDA, dataAccessId: 'byRegion', outputType: 'json' }).reply(200, PARAMS, json);
		const query = server({ 'content-type': 'application/x-www-form-urlencoded' })
			.post(`${API}/doQuery`, (body) => {
				forms.push(formPairs(body));
				return true;
			})
			.reply(
				200,
				rowsAnswer(
					[
						['EMEA', 1234.5, 12, true, '2024-03-01'],
						['NA', '99.9', '3', 'false', '2024-03-01 10:00:00.0'],
						['APAC', null, 0, null, 'Fri Mar 01 10:00:00 UTC 2024'],
					],
					{ totalRows: 3 },
				),
				json,
			);
		const result = await exec('query', 'run', {
			cdaFile: rl(CDA),
			query: 'byRegion',
			parameterInput: 'json',
			parametersJson: '{"year": 2024, "markets": ["EMEA", "NA"], "from": "2024-02-01"}',
			returnAll: true,
		});
		query.done();
		expect(result.error).toBeUndefined();
		expect(forms[0]).toEqual([
			['path', CDA],
			['dataAccessId', 'byRegion'],
			['outputType', 'json'],
			['paramyear', '2024'],
			['parammarkets', 'EMEA'],
			['parammarkets', 'NA'],
			['paramfrom', '2024-02-01'],
		]);
		expect(result.items.map((i) => i.json)).toEqual([
			{ Region: 'EMEA', Total: 1234.5, Orders: 12, Closed: true, Day: '2024-03-01' },
			{ Region: 'NA', Total: 99.9, Orders: 3, Closed: false, Day: '2024-03-01T10:00:00.000' },
			{ Region: 'APAC', Total: null, Orders: 0, Closed: null, Day: '2024-03-01T10:00:00.000Z' },
		]);
		expect(result.items.every((i) => (i.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	it('no parameters given: no listParameters request, no paging parameters', async () => {
		const forms: Array<Array<[string, string]>> = [];
		server()
			.post(`${API}/doQuery`, (body) => {
				forms.push(formPairs(body));
				return true;
			})
			.reply(200, rowsAnswer([['EMEA', 1, 1, true, '2024-01-01']]), json);
		const result = await exec('query', 'run', { cdaFile: rl(CDA), query: 'byRegion', parameterInput: 'json', parametersJson: '{}', returnAll: true, options: { bypassCache: true }, sort: { rules: [{ column: 1, direction: 'D' }, { column: 0, direction: 'A' }] } });
		expect(result.error).toBeUndefined();
		expect(forms[0]).toEqual([
			['path', CDA],
			['dataAccessId', 'byRegion'],
			['outputType', 'json'],
			['sortBy', '1D'],
			['sortBy', '0A'],
			['bypassCache', 'true'],
		]);
	});

	it('Limit: one page of that many rows (paginateQuery, pageStart, pageSize)', async () => {
		const forms: Array<Array<[string, string]>> = [];
		server()
			.post(`${API}/doQuery`, (body) => {
				forms.push(formPairs(body));
				return true;
			})
			.reply(200, rowsAnswer([['EMEA', 1, 1, true, '2024-01-01'], ['NA', 2, 2, false, '2024-01-02']], { totalRows: 500, pageStart: 0, pageSize: 2 }), json);
		const result = await exec('query', 'run', { cdaFile: rl(CDA), query: 'byRegion', parameterInput: 'json', parametersJson: '{}', returnAll: false, limit: 2 });
		expect(result.items).toHaveLength(2);
		expect(forms).toEqual([
			[
				['path', CDA],
				['dataAccessId', 'byRegion'],
				['outputType', 'json'],
				['paginateQuery', 'true'],
				['pageStart', '0'],
				['pageSize', '2'],
			],
		]);
	});

	it('Page Size with Return All: pages until the total, never past the last row', async () => {
		const starts: string[] = [];
		const page = (start: number, count: number) =>
			Array.from({ length: count }, (_, i) => [`R${start + i}`, start + i, start + i, true, '2024-01-01']);
		server()
			.post(`${API}/doQuery`, (body) => {
				starts.push(formPairs(body).find(([n]) => n === 'pageStart')![1]);
				return true;
			})
			.times(3)
			.reply((_uri, body) => {
				const start = Number(formPairs(body).find(([n]) => n === 'pageStart')![1]);
				return [200, rowsAnswer(page(start, Math.min(4, 10 - start)), { totalRows: 10, pageStart: start, pageSize: 4 }), json];
			});
		const result = await exec('query', 'run', { cdaFile: rl(CDA), query: 'byRegion', parameterInput: 'json', parametersJson: '{}', returnAll: true, options: { pageSize: 4 } });
		expect(result.error).toBeUndefined();
		expect(starts).toEqual(['0', '4', '8']);
		expect(result.items.map((i) => i.json.Orders)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
	});

	it('Start Row with a Limit larger than a page', async () => {
		const forms: Array<Array<[string, string]>> = [];
		server()
			.post(`${API}/doQuery`, (body) => {
				forms.push(formPairs(body).filter(([n]) => n.startsWith('page')));
				return true;
			})
			.times(2)
			.reply((_uri, body) => {
				const pairs = formPairs(body);
				const start = Number(pairs.find(([n]) => n === 'pageStart')![1]);
				const size = Number(pairs.find(([n]) => n === 'pageSize')![1]);
				return [200, rowsAnswer(Array.from({ length: size }, (_, i) => ['X', start + i, start + i, true, '2024-01-01']), { totalRows: 100 }), json];
			});
		const result = await exec('query', 'run', { cdaFile: rl(CDA), query: 'byRegion', parameterInput: 'json', parametersJson: '{}', returnAll: false, limit: 7, options: { pageSize: 5, startRow: 10 } });
		expect(forms).toEqual([
			[['pageStart', '10'], ['pageSize', '5']],
			[['pageStart', '15'], ['pageSize', '2']],
		]);
		expect(result.items.map((i) => i.json.Orders)).toEqual([10, 11, 12, 13, 14, 15, 16]);
	});

	it('values from the parameter fields; a date field with a pattern is sent in that pattern', async () => {
		const forms: Array<Array<[string, string]>> = [];
		server().get(`${API}/listParameters`).query(true).reply(200, PARAMS, json);
		server()
			.post(`${API}/doQuery`, (body) => {
				forms.push(formPairs(body));
				return true;
			})
			.reply(200, rowsAnswer([]), json);
		const result = await exec('query', 'run', {
			cdaFile: rl(CDA),
			query: 'byRegion',
			parameterInput: 'fields',
			parameters: mapped({ year: 2023, from: '2024-02-29T00:00:00.000Z' }, [
				{ id: 'year', displayName: 'year', type: 'number', required: false, display: true, defaultMatch: false },
				{ id: 'from', displayName: 'from (yyyy-MM-dd)', type: 'string', required: false, display: true, defaultMatch: false },
			]),
			returnAll: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([]);
		expect(forms[0].filter(([n]) => n.startsWith('param'))).toEqual([
			['paramyear', '2023'],
			['paramfrom', '2024-02-29'],
		]);
	});

	describe('refused before the query runs', () => {
		it.each([
			['an unknown parameter', '{"yaer": 2024}', 'Query "byRegion" has no parameter "yaer" (its parameters: year, markets, from)'],
			['a private parameter', '{"secret": "y"}', 'Parameter "secret" of query "byRegion" is private: the .cda file sets it, it cannot be given'],
			['a list for a single value', '{"year": [2023, 2024]}', 'Parameter "year" of query "byRegion" takes one value (Integer), 2 were given'],
			['text for a number', '{"year": "last"}', 'Parameter "year" of query "byRegion" is Integer: "last" is not a number'],
		])('%s', async (_label, values, message) => {
			server().get(`${API}/listParameters`).query(true).reply(200, PARAMS, json);
			const query = server().post(`${API}/doQuery`).reply(200, rowsAnswer([]), json);
			const result = await exec('query', 'run', { cdaFile: rl(CDA), query: 'byRegion', parameterInput: 'json', parametersJson: values, returnAll: true });
			expect(query.isDone()).toBe(false);
			expect(result.error?.message).toBe(message);
		});

		it.each([
			['an empty query (by expression)', { query: '={{ "" }}' }, "Query is empty: choose a query of the .cda file ('Get Many' lists them)"],
			['a bad sort column', { sort: { rules: [{ column: 1.5, direction: 'A' }] } }, 'Sort rule 1: Column Index must be a whole number of at least 0'],
			['a bad sort direction (by expression)', { sort: { rules: [{ column: 1, direction: '={{ "X" }}' }] } }, 'Sort rule 1: Direction must be Ascending (A) or Descending (D)'],
			['a .prpt as the CDA file', { cdaFile: rl('={{ "/public/r.prpt" }}') }, 'CDA File "/public/r.prpt" is not a data access file: choose a .cda file'],
		])('%s, before any request', async (_label, parameters, message) => {
			const result = await exec('query', 'run', { cdaFile: rl(CDA), query: 'byRegion', parameterInput: 'json', parametersJson: '{}', returnAll: true, ...parameters });
			expect(result.error?.message).toBe(message);
		});
	});

	it('a query CDA cannot run: the bare 500 explained', async () => {
		server().post(`${API}/doQuery`).reply(500, '');
		const result = await exec('query', 'run', { cdaFile: rl(CDA), query: 'nope', parameterInput: 'json', parametersJson: '{}', returnAll: true });
		expect(result.error?.message).toMatch(/^CDA could not run query "nope" of \/public\/dashboards\/sales\.cda/);
	});

	it('the declared parameters are read once per execution, whatever the number of items', async () => {
		const list = server().get(`${API}/listParameters`).query(true).once().reply(200, PARAMS, json);
		server().post(`${API}/doQuery`).times(3).reply(200, rowsAnswer([['EMEA', 1, 1, true, '2024-01-01']]), json);
		const result = await exec(
			'query',
			'run',
			{ cdaFile: rl(CDA), query: 'byRegion', parameterInput: 'json', parametersJson: '={{ JSON.stringify({ year: $json.year }) }}', returnAll: true },
			{ input: [{ json: { year: 2022 } }, { json: { year: 2023 } }, { json: { year: 2024 } }] },
		);
		list.done();
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});
});
