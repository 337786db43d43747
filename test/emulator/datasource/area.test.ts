/**
 * The data-source area as a whole: the name lists of the three kinds in each version's JSON style, and
 * the CSRF gate (pentaho/data-access at 9.3.0.0-422, 10.2.0.0-222, 11.0.0.0-237 and HEAD).
 */
import { describeEachProfile } from '../../helpers/profiles';
import { harness, JSON_ACCEPT, newConnection, SCHEMA, schemaForm } from './helpers';

describeEachProfile('emulator: data-source endpoints', (profile) => {
	const { call, state } = harness({ profile });
	const jersey1 = profile !== '11.0';

	it('lists names as XML <List><Item> by default and in the version’s JSON style when asked', async () => {
		const xml = await call('GET', '/jdbc/connection');
		expect(xml.status).toBe(200);
		expect(xml.headers.get('content-type')).toMatch(/application\/xml/);
		expect(xml.text).toContain('<Item xsi:type="xs:string">SampleData</Item>');

		const json = await call('GET', '/jdbc/connection', { headers: JSON_ACCEPT });
		expect(json.headers.get('content-type')).toMatch(/application\/json/);
		const names = ['SampleData', 'SalesDW', 'baseball connection'];
		expect(JSON.parse(json.text)).toEqual(jersey1 ? { Item: names.map((n) => ({ '@type': 'xs:string', $: n })) } : { Item: names });

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
