/**
 * Repository Resource operations against the emulator: default URL, post and get.
 */

import { useFilesystemBinaryData } from '../helpers/binaryData';
import { describeEachProfile } from '../helpers/profiles';

import { rl, repositoryEmulator } from './helpers';

useFilesystemBinaryData();

// Every behaviour below must hold on each server version users run (9.3 and 10.2: Jersey 1 JSON,
// GET backup, no /exists; 11.0: Jackson JSON, POST backup with log fields, /exists).
describeEachProfile('Repository node', (profile) => {
const { fixture, ok } = repositoryEmulator(profile);

describe('Repository Resource', () => {
	const path = rl('/public/Sample Reports/Sales Summary.prpt');

	it('Get Default URL, then Post and Get of the resource it names', async () => {
		const url = await ok('resource', 'getDefaultUrl', { path });
		expect(url.items[0].json).toEqual({ path: '/public/Sample Reports/Sales Summary.prpt', url: `${fixture.emulator.url}/api/repos/:public:Sample%20Reports:Sales%20Summary.prpt/viewer`, statusCode: 303 });
		await ok('resource', 'post', { contextType: 'file', path, resourceId: 'viewer', formProperties: { parameter: [{ name: 'theme', value: 'dark' }] } });
		const json = await ok('resource', 'get', { contextType: 'file', path, resourceId: 'viewer', parameters: { parameter: [{ name: 'output-target', value: 'json' }] }, binaryPropertyName: 'data' });
		expect(json.items[0].json).toMatchObject({ generator: 'viewer', parameters: { 'output-target': 'json' }, properties: { theme: 'dark' } });
		const html = await ok('resource', 'get', { contextType: 'file', path, resourceId: 'viewer', binaryPropertyName: 'page' });
		expect(html.items[0].binary?.page).toMatchObject({ mimeType: 'text/html' });
		const png = await ok('resource', 'get', { contextType: 'id', contextId: 'dataflow-emulator', resourceId: 'logo.png', binaryPropertyName: 'data' });
		expect(png.items[0].binary?.data).toMatchObject({ fileName: 'logo.png', mimeType: 'image/png' });
	});
});
});
