/**
 * Node-wide Repository tests with nock: the path browser of the resource locator (listSearch) and how failures read.
 */
import nock from 'nock';

import { BASE, exec, FILES, loadOptionsContext, SERVER_PASSWORD, serverCredentials, server, json, text, fileDto, useNock } from './helpers';
import { searchPaths } from '../../nodes/Repository/shared/listSearch';

useNock();

describe('path browser (listSearch)', () => {
	it('lists the root, /public and the user home by name; a folder path ending in "/" browses it', async () => {
		const scope = server({ accept: 'application/json' })
			.get(`${FILES}/children`)
			.query({ showHidden: 'false' })
			.reply(200, { repositoryFileDto: [fileDto('public', '/public', { folder: true }), fileDto('home', '/home', { folder: true })] }, json)
			.get(`${FILES}/:public/children`)
			.query({ showHidden: 'false' })
			.reply(200, { repositoryFileDto: [fileDto('Sales.ktr', '/public/Sales.ktr')] }, json)
			.get(`${FILES}/:home:admin/children`)
			.query({ showHidden: 'false' })
			.reply(200, {}, json)
			// Searching by name walks the sub-folders it has not listed yet (bounded: SEARCH_BOUND).
			.get(`${FILES}/:home/children`)
			.query({ showHidden: 'false' })
			.reply(200, { repositoryFileDto: [fileDto('admin', '/home/admin', { folder: true })] }, json)
			.get(`${FILES}/:public:etl/children`)
			.query({ showHidden: 'false' })
			.reply(200, { repositoryFileDto: [fileDto('load.ktr', '/public/etl/load.ktr'), fileDto('sub', '/public/etl/sub', { folder: true })] }, json);
		const ctx = loadOptionsContext(serverCredentials(BASE));
		const search = await searchPaths.call(ctx, 'sal');
		expect(search.results).toEqual([{ name: '/public/Sales.ktr', value: '/public/Sales.ktr' }]);
		const browse = await searchPaths.call(ctx, '/public/etl/');
		expect(browse.results).toEqual([
			{ name: '/public/etl/ (this folder)', value: '/public/etl' },
			{ name: '/public/etl/sub/', value: '/public/etl/sub' },
			{ name: '/public/etl/load.ktr', value: '/public/etl/load.ktr' },
		]);
		scope.done();
	});
});

describe('failures', () => {
	it('continueOnFail turns each failed item into one error item paired to it, without the password', async () => {
		const scope = server()
			.get(`${FILES}/:public:a.ktr/acl`)
			.reply(500, `Internal error for ${SERVER_PASSWORD}`, text)
			.get(`${FILES}/:public:b.ktr/acl`)
			.reply(200, { owner: 'admin', ownerType: 0, entriesInheriting: true, aces: [] }, json);
		const result = await exec(
			'access',
			'getAcl',
			{ path: '={{ $json.path }}' },
			{ input: [{ json: { path: '/public/a.ktr' } }, { json: { path: '' } }, { json: { path: '/public/b.ktr' } }], continueOnFail: true },
		);
		scope.done();
		expect(result.items).toHaveLength(3);
		expect(result.items[0]).toMatchObject({ json: { error: 'Internal error for ***' }, pairedItem: { item: 0 } });
		expect(result.items[1]).toMatchObject({ json: { error: 'Path is empty: give a repository path such as /home/admin/sales.ktr' }, pairedItem: { item: 1 } });
		expect(result.items[2]).toMatchObject({ json: { path: '/public/b.ktr', owner: 'admin' }, pairedItem: { item: 2 } });
		expect(JSON.stringify(result.run)).not.toContain(SERVER_PASSWORD);
	});

	it('without continueOnFail the first bad item fails the node before any request is sent', async () => {
		const result = await exec('file', 'getProperties', { path: '={{ $json.path }}' }, { input: [{ json: { path: '/public' } }, { json: { path: 'relative/x' } }] });
		expect(result.error?.message).toBe('Path "relative/x" must start with "/" (for example /public/relative/x)');
		expect(result.error?.context?.itemIndex).toBe(1);
	});

	it('a node credential on another base URL is used as is', async () => {
		const other = nock('http://other.test').get('/bi/api/mantle/isAdministrator').reply(200, 'false', text);
		const result = await exec('session', 'isAdministrator', {}, { credentials: serverCredentials('http://other.test/bi/') });
		other.done();
		expect(result.items[0].json).toEqual({ isAdministrator: false });
	});
});
