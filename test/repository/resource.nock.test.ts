/** Exact requests of the Repository Resource operations (get, post, default URL). */
import { BASE, binaryBytes, exec, rl, server, json, formOf, useNock } from './helpers';

useNock();

describe('Repository Resource', () => {
	it('Get of a file context sends the path id and extra parameters; JSON becomes items', async () => {
		server()
			.get('/pentaho/api/repos/:public:Sample%20Reports:r.prpt/viewer')
			.query({ 'output-target': 'json', region: 'EMEA' })
			.reply(200, [{ row: 1 }, { row: 2 }], json);
		const result = await exec('resource', 'get', {
			contextType: 'file',
			path: rl('/public/Sample Reports/r.prpt'),
			resourceId: 'viewer',
			parameters: { parameter: [{ name: 'output-target', value: 'json' }, { name: 'region', value: 'EMEA' }] },
			binaryPropertyName: 'data',
		});
		expect(result.items.map((i) => i.json)).toEqual([{ row: 1 }, { row: 2 }]);
	});

	it('Get of a plugin resource that is not JSON becomes a file', async () => {
		server().get('/pentaho/api/repos/common-ui/logo.png').reply(200, Buffer.from([0x89, 0x50, 0x4e, 0x47]), { 'Content-Type': 'image/png' });
		const result = await exec('resource', 'get', { contextType: 'id', contextId: 'common-ui', resourceId: 'logo.png', binaryPropertyName: 'img' });
		expect(result.items[0].json).toMatchObject({ contextId: 'common-ui', resourceId: 'logo.png', fileName: 'logo.png', mimeType: 'image/png' });
		expect([...(await binaryBytes(result.items[0], 'img'))]).toEqual([0x89, 0x50, 0x4e, 0x47]);
	});

	it('Post sends the properties as a form', async () => {
		let form: Record<string, string> = {};
		const scope = server({ 'content-type': 'application/x-www-form-urlencoded' })
			.post('/pentaho/api/repos/:public:r.prpt/settings', (body) => {
				form = formOf(body);
				return true;
			})
			.reply(200);
		const result = await exec('resource', 'post', {
			contextType: 'file',
			path: rl('/public/r.prpt'),
			resourceId: 'settings',
			formProperties: { parameter: [{ name: 'theme', value: 'dark & blue' }] },
		});
		scope.done();
		expect(form).toEqual({ theme: 'dark & blue' });
		expect(result.items[0].json).toEqual({ contextId: ':public:r.prpt', resourceId: 'settings', path: '/public/r.prpt', properties: { theme: 'dark & blue' }, success: true });
	});

	it('Get Default URL reads the 303 Location without following it', async () => {
		server().get('/pentaho/api/repos/:public:r.prpt/default').reply(303, '', { Location: `${BASE}/api/repos/:public:r.prpt/viewer` });
		const result = await exec('resource', 'getDefaultUrl', { path: rl('/public/r.prpt') });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toEqual({ path: '/public/r.prpt', url: `${BASE}/api/repos/:public:r.prpt/viewer`, statusCode: 303 });
	});
});
