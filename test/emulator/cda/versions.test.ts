/**
 * CDA per server version: every CE server ships the plugin (pentaho-platform assemblies/pentaho-solutions/pom.xml
 * @9.3.0.0-422 … @11.1.0.0-381), with the same REST API; a server without it (seed cda.installed=false) answers
 * /plugin/cda/api/… with the PluginDispatchServlet's sendError(404), i.e. the webapp's error page.
 */
import { PROFILES } from '../../helpers/profiles';
import { api, SALES_CDA, useProfileEmulators, type CdaJson } from './helpers';

const withCda = useProfileEmulators();
const withoutCda = useProfileEmulators({ seed: { cda: { installed: false } } });

describe.each(PROFILES)('server %s', (profile) => {
	it('answers listQueries and doQuery the same way', async () => {
		const list = await withCda(profile, 'GET', api('listQueries', [['path', SALES_CDA]]));
		expect(list.status).toBe(200);
		expect(((await list.json()) as CdaJson).resultset.map((r) => r[0])).toEqual(['archive', 'salesByRegion', 'topCustomers']);
		const query = await withCda(profile, 'GET', api('doQuery', [['path', SALES_CDA], ['dataAccessId', 'topCustomers'], ['pageSize', '2']]));
		const body = (await query.json()) as CdaJson;
		expect(body.queryInfo).toEqual({ pageStart: '0', pageSize: '2', totalRows: '10' });
	});

	it('without the plugin: 404 and the error page', async () => {
		const response = await withoutCda(profile, 'GET', api('listQueries', [['path', SALES_CDA]]));
		expect(response.status).toBe(404);
		expect(await response.text()).toContain('Sorry, something went wrong.');
	});

	it('a failure is the 500 error page on every version (the plugin servlet calls sendError)', async () => {
		const response = await withCda(profile, 'GET', api('doQuery', [['path', SALES_CDA], ['dataAccessId', 'nope']]));
		expect(response.status).toBe(500);
		expect(await response.text()).toContain('Sorry, something went wrong.');
	});
});
