/**
 * The data-source area as a whole: the name lists of the three kinds in each version's JSON style, and
 * the CSRF gate (pentaho/data-access at 9.3.0.0-422, 10.2.0.0-222, 11.0.0.0-237 and HEAD).
 */
import { describeEachProfile } from '../../helpers/profiles';
import { expectContainerPage, harness, JSON_ACCEPT, newConnection, SCHEMA, schemaForm } from './helpers';

describeEachProfile('emulator: data-source endpoints', (profile) => {
	const { call, state } = harness({ profile });
	const jersey1 = profile !== '11.0';

	it('lists names in the version’s JSON style or as XML <List><Item>, by each method’s @Produces order when the client accepts anything', async () => {
		const names = ['SampleData', 'SalesDW', 'baseball connection'];
		const jsonList = jersey1 ? { Item: names.map((n) => ({ '@type': 'xs:string', $: n })) } : { Item: names };
		// JDBCDatasourceResource.getConnectionIDs: @Produces { APPLICATION_JSON, APPLICATION_XML }.
		for (const accept of [undefined, '*/*', 'application/json']) {
			const answer = await call('GET', '/jdbc/connection', { headers: accept ? { Accept: accept } : {} });
			expect([accept, answer.headers.get('content-type')]).toEqual([accept, expect.stringMatching(/^application\/json/)]);
			expect(JSON.parse(answer.text)).toEqual(jsonList);
		}
		const xml = await call('GET', '/jdbc/connection', { headers: { Accept: 'application/xml' } });
		expect(xml.headers.get('content-type')).toMatch(/application\/xml/);
		expect(xml.text).toContain('<Item xsi:type="xs:string">SampleData</Item>');
		// The client's order decides between equally good types; nothing acceptable is a 406.
		expect((await call('GET', '/jdbc/connection', { headers: { Accept: 'application/xml, application/json' } })).headers.get('content-type')).toMatch(/application\/xml/);
		expect((await call('GET', '/jdbc/connection', { headers: { Accept: 'application/json;q=0.5, application/xml' } })).headers.get('content-type')).toMatch(/application\/xml/);
		expectContainerPage(await call('GET', '/jdbc/connection', { headers: { Accept: 'text/plain' } }), 406);

		// AnalysisResource.getSchemaIds and DataSourceWizardResource.getDSWDIds: @Produces { APPLICATION_XML, APPLICATION_JSON }.
		for (const path of ['/analysis/catalog', '/dsw/domain']) {
			expect((await call('GET', path)).headers.get('content-type')).toMatch(/application\/xml/);
			expect((await call('GET', path, { headers: { Accept: '*/*' } })).headers.get('content-type')).toMatch(/application\/xml/);
			expect((await call('GET', path, { headers: JSON_ACCEPT })).headers.get('content-type')).toMatch(/application\/json/);
		}

		// One wizard domain left: Jersey 1 writes the one-item list as a bare object, Jackson as a list.
		const domains = state().domains.splice(1);
		try {
			const one = JSON.parse((await call('GET', '/dsw/domain', { headers: JSON_ACCEPT })).text);
			expect(one).toEqual(jersey1 ? { Item: { '@type': 'xs:string', $: 'sales_model.xmi' } } : { Item: ['sales_model.xmi'] });
		} finally {
			state().domains.push(...domains);
		}
	});
});

describe('emulator: CSRF and the data-source endpoints', () => {
	const open = harness({ csrf: true });
	const guarded = harness({ csrf: true, seed: { datasource: { csrfOnImports: true } } });
	const upload = () => schemaForm({ overwrite: 'true', xmlaEnabledFlag: 'false' }, { content: SCHEMA, name: 'a.mondrian.xml' });

	it('the real plugin set protects none of the 11 endpoints: imports and writes pass without a token', async () => {
		expect((await open.call('PUT', '/analysis/catalog/X', { body: upload() })).status).toBe(201);
		expect((await open.call('PUT', '/jdbc/connection/Csrf', { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...newConnection, name: 'Csrf' }) })).status).toBe(204);
		expect((await open.call('DELETE', '/jdbc/connection/Csrf')).status).toBe(204);
	});

	it('with the import path added to the set, an import needs the session’s token and cookie', async () => {
		const refused = await guarded.call('PUT', '/analysis/catalog/X', { body: upload() });
		expect(refused.status).toBe(403);
		const token = await guarded.call('GET', '/api/csrf/token?url=x', { raw: true });
		const cookie = String(token.headers.get('set-cookie')).split(';')[0];
		const accepted = await guarded.call('PUT', '/analysis/catalog/X', { body: upload(), headers: { 'X-CSRF-TOKEN': String(token.headers.get('x-csrf-token')), Cookie: cookie } });
		expect(accepted.status).toBe(201);
	});
});
