/**
 * The Data Source node as a whole: bad input fails before any request, errors, and the "From List" searches.
 */
import nock from 'nock';

import { run } from '../harness';
import { listSearch } from './loadOptions';
import { BASE, DS, node, credentials, basic, rl, fromList, jersey, countRequests, JDBC, newConnection, schemaItem } from './nockHelpers';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

describe('Data Source node, bad input and errors (nock)', () => {
	it.each([
		['an empty connection', { resource: 'jdbcConnection', operation: 'get', connection: rl('  ') }, /Connection is empty/],
		['an impossible port', { resource: 'jdbcConnection', operation: 'createOrUpdate', connection: rl('C'), databaseType: 'MYSQL', accessType: 'NATIVE', additionalFields: { hostname: 'h', databaseName: 'd', databasePort: '99999' } }, /not a port number/],
		['a database type without the access type', { resource: 'jdbcConnection', operation: 'createOrUpdate', connection: rl('C'), databaseType: 'MYSQL', accessType: 'OCI' }, /does not support the access type OCI/],
		['pool sizes the wrong way round', { resource: 'jdbcConnection', operation: 'createOrUpdate', connection: rl('C'), databaseType: 'MYSQL', accessType: 'NATIVE', additionalFields: { hostname: 'h', databaseName: 'd', initialPoolSize: 5, maximumPoolSize: 2 } }, /larger than Maximum/],
		['invalid JSON', { resource: 'jdbcConnection', operation: 'createOrUpdate', connection: rl('C'), specifyConnection: 'json', connectionJson: '{"name": ' }, /not valid JSON/],
		['JSON with a database type that is not an object', { resource: 'jdbcConnection', operation: 'createOrUpdate', connection: rl('C'), specifyConnection: 'json', connectionJson: '{"databaseType": "MYSQL"}' }, /databaseType/],
		['an .xmi upload', { resource: 'analysisSchema', operation: 'upload', catalog: rl('C'), additionalFields: { schemaFileInfo: 'model.xmi', datasourceName: 'S' } }, /metadata model/],
		['a schema named for another catalog', { resource: 'analysisSchema', operation: 'upload', catalog: rl('C'), options: { overwrite: true }, additionalFields: { datasourceName: 'S' } }, /The schema names its catalog "s" \(<Schema name="s">\): the server would publish it as "s", not as "C"/],
		['an upload without a data source', { resource: 'analysisSchema', operation: 'upload', catalog: rl('s'), options: { overwrite: true }, additionalFields: { parameters: 'EnableXmla=true' } }, /Data Source Name is empty/],
		['an empty catalog', { resource: 'analysisSchema', operation: 'download', catalog: fromList(' ') }, /Catalog is empty/],
		['an empty domain', { resource: 'dswDomain', operation: 'delete', domain: rl('  ') }, /Domain is empty/],
	])('%s fails before any request', async (_label, parameters, message) => {
		const requests = countRequests();
		const result = await run(node, {
			parameters,
			credentials,
			input: [schemaItem('<Schema name="s"/>'), schemaItem('<Schema name="s"/>')],
		});
		expect(result.error?.message).toMatch(message);
		expect(requests.count()).toBe(0);
	});

	it.each([
		['a native connection without host', { databaseType: 'MYSQL', accessType: 'NATIVE', additionalFields: { hostname: '', databaseName: 'd' } }, 'The connection "C" does not exist yet: Host is empty: a native (JDBC) connection needs the database host'],
		['no database type', { databaseType: 'keep', additionalFields: { hostname: 'h', databaseName: 'd' } }, 'The connection "C" does not exist yet: Database Type is empty: a new connection needs its database type'],
		['no database name', { databaseType: 'MYSQL', additionalFields: { hostname: 'h' } }, 'The connection "C" does not exist yet: Database Name is empty'],
		['JSON without a database type', { specifyConnection: 'json', connectionJson: '{"hostname": "h"}' }, expect.stringMatching(/^The connection "C" does not exist yet and Connection \(JSON\) has no "databaseType"/)],
	])('a new connection with %s fails after the reads, before anything is written', async (_label, fields, message) => {
		newConnection('C');
		const puts = nock(BASE).put(`${JDBC}/C`).reply(204);
		const result = await run(node, { parameters: { resource: 'jdbcConnection', operation: 'createOrUpdate', connection: rl('C'), ...fields }, credentials });
		expect(result.error?.message).toEqual(message);
		expect(puts.isDone()).toBe(false);
	});

	it('an upload without the binary field fails before any request', async () => {
		const requests = countRequests();
		const result = await run(node, { parameters: { resource: 'analysisSchema', operation: 'upload', catalog: rl('C') }, credentials, input: [{ json: {} }] });
		expect(result.error?.message).toMatch(/binary/i);
		expect(requests.count()).toBe(0);
	});

	it('a bad second item stops the run before the first item is sent', async () => {
		const requests = countRequests();
		const result = await run(node, {
			parameters: { resource: 'jdbcConnection', operation: 'get', connection: rl('={{$json.name}}') },
			credentials,
			input: [{ json: { name: 'A' } }, { json: { name: '' } }],
		});
		expect(result.error?.message).toMatch(/Connection is empty/);
		expect(result.error?.context?.itemIndex).toBe(1);
		expect(requests.count()).toBe(0);
	});

	it('Continue On Fail pairs errors of Get with their items', async () => {
		nock(BASE)
			.get('/plugin/data-access/api/datasource/jdbc/connection/A')
			.reply(200, { name: 'A' })
			.get('/plugin/data-access/api/datasource/jdbc/connection/B')
			.reply(500, '')
			.get('/plugin/data-access/api/datasource/jdbc/connection/C')
			.reply(200, { name: 'C' });
		const result = await run(node, {
			parameters: { resource: 'jdbcConnection', operation: 'get', connection: rl('={{$json.name}}') },
			credentials,
			input: [{ json: { name: 'A' } }, { json: { name: 'B' } }, { json: { name: '' } }, { json: { name: 'C' } }],
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json)).toEqual([
			expect.objectContaining({ name: 'A', databasePort: null }),
			{
				error: 'The server could not read the connection "B": it answers this way when no connection has that name or this user may not manage data sources',
				details: 'HTTP 500 from GET /plugin/data-access/api/datasource/jdbc/connection/B',
			},
			{ error: expect.stringMatching(/Connection is empty/) },
			expect.objectContaining({ name: 'C' }),
		]);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }, { item: 3 }]);
	});
});

describe('Data Source node, "From List" searches (nock)', () => {
	it.each([
		['searchConnections', 'jdbc/connection'],
		['searchCatalogs', 'analysis/catalog'],
		['searchDomains', 'dsw/domain'],
	])('%s lists …/%s, filtered by what is typed and sorted', async (method, path) => {
		const scope = nock(BASE, { reqheaders: { authorization: basic, accept: 'application/json' } })
			.get(`/plugin/data-access/api/datasource/${path}`)
			.reply(200, jersey(['Sales', 'audit', 'SALES_2', 'Other']));
		const result = await listSearch(node, method, credentials, 'sal');
		scope.done();
		expect(result).toEqual({ results: [{ name: 'Sales', value: 'Sales' }, { name: 'SALES_2', value: 'SALES_2' }] });
	});

	it('an empty filter lists everything', async () => {
		nock(BASE).get(`${DS.replace('/pentaho', '')}/jdbc/connection`).reply(200, jersey(['b', 'a']));
		expect((await listSearch(node, 'searchConnections', credentials)).results.map((r) => r.value)).toEqual(['a', 'b']);
	});
});
