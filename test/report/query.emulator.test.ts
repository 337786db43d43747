/**
 * The Query (CDA) resource against the emulator's CDA, on every server profile: the queries of a
 * .cda file with their parameters, rows typed from the answer's metadata, Return All / Limit with
 * CDA's paging, the parameters checked before the query runs, a failing query, a server without CDA.
 */
import { useEmulator } from '../helpers/emulator';
import { describeEachProfile } from '../helpers/profiles';
import { exec, mapped, rl } from './helpers';

const SALES = '/public/Steel Wheels/sales.cda';

function runParameters(extra: Record<string, unknown> = {}) {
	return { cdaFile: rl(SALES), query: 'salesByRegion', parameterInput: 'json', parametersJson: '{"region": "EMEA", "year": 2004}', returnAll: true, ...extra };
}

describeEachProfile('Query (CDA)', (profile) => {
	const fixture = useEmulator({ profile });
	const admin = () => fixture.server();
	const queries = () => fixture.requests().filter((r) => r.endsWith('/doQuery'));

	it('Get Many (listQueries): the public queries, sorted by id, with their parameters', async () => {
		const result = await exec('query', 'listQueries', { cdaFile: rl(SALES) }, { credentials: admin() });
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json.id)).toEqual(['archive', 'salesByRegion', 'topCustomers']);
		const sales = result.items.find((i) => i.json.id === 'salesByRegion')!.json;
		expect(sales).toMatchObject({ file: SALES, name: 'Sales by region and year', type: 'sql' });
		expect(sales.parameters).toEqual([
			{ name: 'region', type: 'String', default: 'EMEA', access: 'public' },
			{ name: 'year', type: 'Integer', default: '2004', access: 'public' },
		]);
		expect(result.items.find((i) => i.json.id === 'archive')!.json.parameters).toEqual([
			{ name: 'since', type: 'Date', default: '2003-01-01', pattern: 'yyyy-MM-dd', access: 'public' },
		]);
	});

	it('Run: one item per row, columns typed from the metadata', async () => {
		const result = await exec('query', 'run', runParameters(), { credentials: admin() });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(28);
		const row = result.items[0].json;
		expect(Object.keys(row)).toEqual(['REGION', 'YEAR_ID', 'PRODUCTLINE', 'QUANTITY', 'SALES', 'ORDERDATE']);
		expect(row.REGION).toBe('EMEA');
		expect(row.YEAR_ID).toBe(2004);
		expect(typeof row.QUANTITY).toBe('number');
		expect(typeof row.SALES).toBe('number');
		expect(String(row.ORDERDATE)).toMatch(/^2004-\d{2}-\d{2}/);
		expect(result.items.every((i) => (i.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	it('Run with values from the parameter fields; another region gives its own rows', async () => {
		const result = await exec(
			'query',
			'run',
			runParameters({
				parameterInput: 'fields',
				parameters: mapped({ region: 'APAC', year: 2005 }, [
					{ id: 'region', displayName: 'region', type: 'string', required: false, display: true, defaultMatch: false },
					{ id: 'year', displayName: 'year', type: 'number', required: false, display: true, defaultMatch: false },
				]),
			}),
			{ credentials: admin() },
		);
		expect(result.error).toBeUndefined();
		expect(new Set(result.items.map((i) => `${i.json.REGION} ${i.json.YEAR_ID}`))).toEqual(new Set(['APAC 2005']));
	});

	it('Limit: one page of that many rows; Page Size with Return All: every row in pages', async () => {
		fixture.resetRequests();
		const limited = await exec('query', 'run', runParameters({ returnAll: false, limit: 5 }), { credentials: admin() });
		expect(limited.items).toHaveLength(5);
		expect(queries()).toHaveLength(1);
		fixture.resetRequests();
		const paged = await exec('query', 'run', runParameters({ options: { pageSize: 10 } }), { credentials: admin() });
		expect(paged.items).toHaveLength(28);
		expect(queries()).toHaveLength(3);
		const all = await exec('query', 'run', runParameters(), { credentials: admin() });
		expect(paged.items.map((i) => i.json)).toEqual(all.items.map((i) => i.json));
	});

	it('Start Row and a Sort rule', async () => {
		const all = await exec('query', 'run', runParameters({ sort: { rules: [{ column: 4, direction: 'D' }] } }), { credentials: admin() });
		const sales = all.items.map((i) => Number(i.json.SALES));
		expect(sales).toEqual([...sales].sort((a, b) => b - a));
		const rest = await exec('query', 'run', runParameters({ options: { startRow: 20 }, sort: { rules: [{ column: 4, direction: 'D' }] } }), { credentials: admin() });
		expect(rest.items.map((i) => i.json)).toEqual(all.items.slice(20).map((i) => i.json));
	});

	it('refused before the query runs: an unknown parameter, text for a number', async () => {
		fixture.resetRequests();
		let result = await exec('query', 'run', runParameters({ parametersJson: '{"regoin": "EMEA"}' }), { credentials: admin() });
		expect(result.error?.message).toBe('Query "salesByRegion" has no parameter "regoin" (its parameters: region, year)');
		result = await exec('query', 'run', runParameters({ parametersJson: '{"year": "last"}' }), { credentials: admin() });
		expect(result.error?.message).toBe('Parameter "year" of query "salesByRegion" is Integer: "last" is not a number');
		expect(queries()).toEqual([]);
	});

	it('a query whose data source fails: the bare 500 explained', async () => {
		const result = await exec('query', 'run', { ...runParameters(), query: 'archive', parametersJson: '{"since": "2003-06-01"}' }, { credentials: admin() });
		expect(result.error?.message).toMatch(/^CDA could not run query "archive" of \/public\/Steel Wheels\/sales\.cda/);
		expect(result.error?.httpCode).toBe('500');
	});
});

describe('Query (CDA) on a server without CDA', () => {
	const fixture = useEmulator({ seed: { cda: { installed: false } } });

	it('says so', async () => {
		const result = await exec('query', 'listQueries', { cdaFile: rl(SALES) }, { credentials: fixture.server() });
		expect(result.error?.message).toMatch(/^This server has no CDA \(Community Data Access\) plugin/);
		const run = await exec('query', 'run', runParameters(), { credentials: fixture.server() });
		expect(run.error?.message).toMatch(/^This server has no CDA \(Community Data Access\) plugin/);
	});
});
