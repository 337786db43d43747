/**
 * The Data Source node's data source wizard domain operations: exact requests and the items that come out.
 */
import nock from 'nock';

import { run } from '../harness';
import { BASE, node, credentials, basic, rl, jersey } from './nockHelpers';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

describe('Data Source node, data source wizard domains (nock)', () => {
	it('Get Many sends GET …/dsw/domain and returns one item per domain id', async () => {
		const scope = nock(BASE, { reqheaders: { authorization: basic, accept: 'application/json' } })
			.get('/plugin/data-access/api/datasource/dsw/domain')
			.reply(200, jersey(['sales_model.xmi', 'inventory.xmi']));
		const result = await run(node, { parameters: { resource: 'dswDomain', operation: 'getAll', returnAll: true }, credentials });
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items.map((i) => i.json)).toEqual([{ domainId: 'sales_model.xmi' }, { domainId: 'inventory.xmi' }]);
	});

	it('Download sends GET …/dsw/domain/{id} and keeps a zip as the server sends it', async () => {
		const zip = Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);
		const scope = nock(BASE, { reqheaders: { authorization: basic } })
			.get('/plugin/data-access/api/datasource/dsw/domain/inventory.xmi')
			.reply(200, zip, { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="inventory.zip"' });
		const result = await run(node, { parameters: { resource: 'dswDomain', operation: 'download', domain: rl('inventory.xmi') }, credentials });
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items[0].json).toEqual({ domainId: 'inventory.xmi', fileName: 'inventory.zip', mimeType: 'application/zip' });
		expect(Buffer.from(result.items[0].binary!.data.data, 'base64').equals(zip)).toBe(true);
	});

	it('Download of a single XMI without a file name is named after the domain', async () => {
		nock(BASE).get('/plugin/data-access/api/datasource/dsw/domain/sales').reply(200, '<xmi:XMI/>', { 'Content-Type': 'text/plain' });
		const result = await run(node, { parameters: { resource: 'dswDomain', operation: 'download', domain: rl('sales') }, credentials });
		expect(result.items[0].json).toEqual({ domainId: 'sales', fileName: 'sales.xmi', mimeType: 'application/xml' });
	});

	it('Delete sends DELETE …/dsw/domain/{id}; a bare 401 says the user may not manage data sources', async () => {
		const scope = nock(BASE, { reqheaders: { authorization: basic } }).delete('/plugin/data-access/api/datasource/dsw/domain/sales_model.xmi').reply(200, '');
		const ok = await run(node, { parameters: { resource: 'dswDomain', operation: 'delete', domain: rl('sales_model.xmi') }, credentials });
		expect(ok.error).toBeUndefined();
		scope.done();
		expect(ok.items.map((i) => i.json)).toEqual([{ domainId: 'sales_model.xmi', deleted: true }]);

		nock(BASE).delete('/plugin/data-access/api/datasource/dsw/domain/x.xmi').times(2).reply(401);
		const refused = await run(node, { parameters: { resource: 'dswDomain', operation: 'delete', domain: rl('x.xmi') }, credentials });
		expect(refused.error?.message).toMatch(/may not manage data sources/);
	});
});
