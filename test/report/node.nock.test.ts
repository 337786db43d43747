/**
 * Node-wide Report tests with nock: the pickers (.prpt and .cda only), what the editor loads (the
 * query list, the parameter fields of a report and of a query), secrets, and the node's layout for
 * n8n's verification (required fields on top, the rest in Options, actions and descriptions).
 */
import type { INodeProperties } from 'n8n-workflow';

import { getCdaQueries, getQueryParameters, getReportParameters } from '../../nodes/Report/shared/methods';
import { searchCdaFiles, searchReports } from '../../nodes/Report/shared/paths';
import { cdaTable, exec, loadOptionsContext, node, parameterAnswer, renderJson, rl, SALES, SERVER_PASSWORD, server, useNock, xml } from './helpers';

useNock();

const FILES = '/pentaho/api/repo/files';
const json = { 'Content-Type': 'application/json' };

function dto(name: string, path: string, folder = false) {
	return { name, path, folder: String(folder), hidden: 'false' };
}

describe('pickers', () => {
	it('the report picker lists .prpt files only, never a folder (a typed folder is listed, its sub-folders are searched by name)', async () => {
		server()
			.get(`${FILES}/:public:Steel%20Wheels/children`)
			.query({ showHidden: 'false' })
			.reply(
				200,
				{
					repositoryFileDto: [
						dto('Reports', '/public/Steel Wheels/Reports', true),
						dto('Sales.prpt', '/public/Steel Wheels/Sales.prpt'),
						dto('load.ktr', '/public/Steel Wheels/load.ktr'),
						dto('sales.cda', '/public/Steel Wheels/sales.cda'),
					],
				},
				json,
			);
		const result = await searchReports.call(loadOptionsContext({}), '/public/Steel Wheels/');
		expect(result.results).toEqual([{ name: '/public/Steel Wheels/Sales.prpt', value: '/public/Steel Wheels/Sales.prpt' }]);
	});

	it('the CDA picker lists .cda files', async () => {
		server()
			.get(`${FILES}/:public/children`)
			.query(true)
			.reply(200, { repositoryFileDto: [dto('Sales.prpt', '/public/Sales.prpt'), dto('sales.cda', '/public/sales.cda')] }, json);
		const result = await searchCdaFiles.call(loadOptionsContext({}), '/public/');
		expect(result.results.map((r) => r.value)).toEqual(['/public/sales.cda']);
	});
});

describe('what the editor loads', () => {
	it('the parameter fields of a report: one per report parameter, typed, list values as options, mandatory without default required', async () => {
		const scope = server({ 'content-type': 'application/x-www-form-urlencoded' })
			.post('/pentaho/api/repos/:public:Sales.prpt/parameter', 'renderMode=PARAMETER')
			.reply(200, parameterAnswer([...SALES, { name: 'internal', list: false, hidden: true }]), xml);
		const fields = await getReportParameters.call(loadOptionsContext({ report: rl('/public/Sales.prpt') }));
		scope.done();
		expect(fields.fields).toEqual([
			{
				id: 'region',
				displayName: 'Sales region (region)',
				required: true,
				defaultMatch: false,
				canBeUsedToMatch: false,
				display: true,
				removed: false,
				type: 'options',
				options: [
					{ name: 'Europe & Middle East (EMEA)', value: 'EMEA' },
					{ name: 'North America (NA)', value: 'NA' },
					{ name: 'Asia Pacific (APAC)', value: 'APAC' },
				],
			},
			{ id: 'years', displayName: 'years', required: false, defaultMatch: false, canBeUsedToMatch: false, display: true, removed: false, type: 'array' },
			{ id: 'from', displayName: 'from', required: false, defaultMatch: false, canBeUsedToMatch: false, display: true, removed: false, type: 'dateTime' },
			{ id: 'title', displayName: 'title', required: false, defaultMatch: false, canBeUsedToMatch: false, display: true, removed: false, type: 'string' },
			{ id: 'internal', displayName: 'internal', required: false, defaultMatch: false, canBeUsedToMatch: false, display: true, removed: true, type: 'string' },
		]);
	});

	it('no report chosen yet: no fields, no request', async () => {
		const fields = await getReportParameters.call(loadOptionsContext({ report: rl('') }));
		expect(fields).toEqual({ fields: [], emptyFieldsNotice: 'Choose a report (.prpt) first' });
	});

	it('a report that cannot be opened fails with the reason (the editor shows it)', async () => {
		server().post('/pentaho/api/repos/:public:Gone.prpt/parameter').reply(500, '');
		await expect(getReportParameters.call(loadOptionsContext({ report: rl('/public/Gone.prpt') }))).rejects.toThrow(
			'The server could not open the report /public/Gone.prpt: it may not exist, may not be a report, or you may not read it',
		);
	});

	it('the queries of a .cda file', async () => {
		server()
			.get('/pentaho/plugin/cda/api/listQueries')
			.query({ path: '/public/sales.cda', outputType: 'json' })
			.reply(200, cdaTable([['id', 'String'], ['name', 'String'], ['type', 'String']], [['byRegion', 'Sales by region', 'sql'], ['raw', '', 'mdx']]), json);
		const options = await getCdaQueries.call(loadOptionsContext({ resource: 'query', operation: 'run', cdaFile: rl('/public/sales.cda') }));
		expect(options).toEqual([
			{ name: 'Sales by region (byRegion)', value: 'byRegion', description: 'A sql query' },
			{ name: 'raw', value: 'raw', description: 'A mdx query' },
		]);
	});

	it('the parameter fields of a query (private ones left out)', async () => {
		server()
			.get('/pentaho/plugin/cda/api/listParameters')
			.query({ path: '/public/sales.cda', dataAccessId: 'byRegion', outputType: 'json' })
			.reply(
				200,
				cdaTable(
					[['name', 'String'], ['type', 'String'], ['defaultValue', 'String'], ['pattern', 'String'], ['access', 'String']],
					[
						['year', 'Integer', '2024', '', 'public'],
						['markets', 'StringArray', '', '', 'public'],
						['from', 'Date', '', 'yyyy-MM-dd', 'public'],
						['at', 'Date', '', '', 'public'],
						['secret', 'String', '', '', 'private'],
					],
				),
				json,
			);
		const fields = await getQueryParameters.call(loadOptionsContext({ resource: 'query', operation: 'run', cdaFile: rl('/public/sales.cda'), query: 'byRegion' }));
		expect(fields.fields.map((f) => [f.id, f.displayName, f.type])).toEqual([
			['year', 'year', 'number'],
			['markets', 'markets', 'array'],
			['from', 'from (yyyy-MM-dd)', 'string'],
			['at', 'at', 'dateTime'],
		]);
	});
});

describe('secrets', () => {
	it('a server message carrying the password is redacted', async () => {
		server().post('/pentaho/api/repos/:public:Sales.prpt/parameter').reply(403, `Access denied for admin/${SERVER_PASSWORD}`, { 'Content-Type': 'text/plain' });
		const result = await exec('report', 'render', renderJson('/public/Sales.prpt', { region: 'EMEA' }));
		expect(result.error?.message).toBe('Access denied for admin/***');
		expect(JSON.stringify(result.run)).not.toContain(SERVER_PASSWORD);
	});
});

describe('layout for n8n verification', () => {
	const properties = node.description.properties;

	it('is usable as a tool, and every operation has an action and a description', () => {
		expect(node.description.usableAsTool).toBe(true);
		const pickers = properties.filter((p) => p.name === 'operation');
		for (const picker of pickers) {
			for (const option of picker.options as Array<{ action?: string; description?: string }>) {
				expect(option.action).toBeTruthy();
				expect(option.description).toBeTruthy();
			}
		}
		const getParameters = (pickers[0].options as Array<{ value: string; description: string }>).find((o) => o.value === 'getParameters')!;
		expect(getParameters.description).toMatch(/before 'Render'/);
	});

	it('top-level fields are required (or a picker, a container or the Return All pair); the rest sit in Options', () => {
		const loose = properties.filter(
			(p: INodeProperties) =>
				!p.required &&
				!['resource', 'operation', 'returnAll', 'limit'].includes(p.name) &&
				!['collection', 'fixedCollection'].includes(p.type),
		);
		expect(loose.map((p) => p.name)).toEqual([]);
	});
});
