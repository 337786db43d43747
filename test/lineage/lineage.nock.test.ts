/**
 * The Lineage node's exact requests for every endpoint and date-range choice, the zip as binary
 * data, Extract (one item per file, GraphML parsed), and bad input failing before any request.
 */
import { strToU8, zipSync } from 'fflate';
import nock from 'nock';

import { DataflowLineage } from '../../nodes/Lineage/DataflowLineage.node';
import { run, SERVER_PASSWORD, serverCredentials } from '../harness';

const HOST = 'http://bi.test';
const BASE = `${HOST}/pentaho`;
const PREFIX = '/osgi/cxf/lineage/api/download';
const node = new DataflowLineage();
const credentials = { dataflowServerApi: serverCredentials(BASE) };
const basic = `Basic ${Buffer.from(`admin:${SERVER_PASSWORD}`).toString('base64')}`;

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

const MILLIS = Date.parse('2024-03-03T08:15:00Z');
const GRAPHML = `<?xml version="1.0" ?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns">
  <key id="d0" for="node" attr.name="name" attr.type="string"/>
  <key id="d1" for="node" attr.name="type" attr.type="string"/>
  <key id="d2" for="node" attr.name="copies" attr.type="int"/>
  <key id="d3" for="edge" attr.name="text" attr.type="string"/>
  <graph id="G" edgedefault="directed">
    <node id="t"><data key="d0">sales</data><data key="d1">Transformation</data></node>
    <node id="s"><data key="d0">Write sales</data><data key="d1">Transformation Step</data><data key="d2">2</data></node>
    <edge id="e0" source="t" target="s" label="contains"><data key="d3">contains</data></edge>
  </graph>
</graphml>
`;
const PROFILE = JSON.stringify({ name: 'sales', path: '/home/admin/sales.ktr', executionData: { startTime: MILLIS, failureCount: 0 } });
const STEM = `20240303/home/admin/sales.ktr/${MILLIS}_sales`;

function zipOf(files: Record<string, string>): Buffer {
	return Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)]))));
}

const zipHeaders = (name: string) => ({ 'Content-Type': 'application/zip', 'Content-Disposition': `inline; filename=${name}` });

/** Answers any request to the host and counts them: bad input must leave the count at 0. */
function countRequests(): { count: () => number } {
	let count = 0;
	const scope = nock(HOST).persist();
	for (const method of ['get', 'post'] as const) {
		scope[method](/.*/).reply(() => {
			count++;
			return [200, ''];
		});
	}
	return { count: () => count };
}

describe('Lineage node, Get for All Files (nock)', () => {
	it.each([
		['all dates', '/all', { dateRange: 'all' }, 'pentaho-lineage.zip', {}],
		['from a date', '/all/20240301', { dateRange: 'from', startDate: '2024-03-01T00:00:00' }, 'pentaho-lineage_20240301.zip', { startDate: '2024-03-01' }],
		[
			'between two dates',
			'/all/20240301/20240305',
			{ dateRange: 'between', startDate: '2024-03-01T00:00:00', endDate: '2024-03-05T00:00:00.000+01:00' },
			'pentaho-lineage_20240301-20240305.zip',
			{ startDate: '2024-03-01', endDate: '2024-03-05' },
		],
	])('%s: GET …/download%s, the zip as binary data with the server’s name', async (_label, path, parameters, fileName, range) => {
		const zip = zipOf({ [`${STEM}.graphml`]: GRAPHML });
		const scope = nock(BASE, { reqheaders: { authorization: basic, accept: 'application/zip' }, badheaders: ['content-type'] })
			.get(`${PREFIX}${path}`)
			.reply(200, zip, zipHeaders(fileName));

		const result = await run(node, { parameters: { resource: 'lineage', operation: 'getAllArtifacts', ...parameters }, credentials });

		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json).toEqual({ fileName, ...range });
		expect(result.items[0].binary?.data).toMatchObject({ fileName, mimeType: 'application/zip' });
		expect(Buffer.from(result.items[0].binary!.data.data, 'base64').equals(zip)).toBe(true);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
	});

	it('names the zip like the server when it sends no name, and honours the output field', async () => {
		nock(BASE).get(`${PREFIX}/all/20240301/20240305`).reply(200, zipOf({}), { 'Content-Type': 'application/octet-stream' });
		const result = await run(node, {
			parameters: { resource: 'lineage', operation: 'getAllArtifacts', dateRange: 'between', startDate: '2024-03-01', endDate: '2024-03-05', options: { binaryPropertyName: 'lineage' } },
			credentials,
		});
		expect(result.items[0].json.fileName).toBe('pentaho-lineage_20240301-20240305.zip');
		expect(result.items[0].binary?.lineage).toMatchObject({ fileName: 'pentaho-lineage_20240301-20240305.zip', mimeType: 'application/zip' });
	});
});

describe('Lineage node, Get for File (nock)', () => {
	it.each([
		['all dates', '/file', { dateRange: 'all' }, 'sales.ktr_lineage.zip'],
		['from a date (the server’s /file/{startDate})', '/file/20240301', { dateRange: 'from', startDate: '2024-03-01T00:00:00' }, 'sales.ktr_lineage_20240301.zip'],
		['between two dates', '/file/20240301/20240305', { dateRange: 'between', startDate: '2024-03-01T00:00:00', endDate: '2024-03-05T00:00:00' }, 'sales.ktr_lineage_20240301-20240305.zip'],
	])('%s: POST …/download%s with JSON {"@class", "path"} (the type id the real service needs)', async (_label, path, parameters, fileName) => {
		let body = '';
		const scope = nock(BASE, { reqheaders: { authorization: basic, accept: 'application/zip', 'content-type': 'application/json' } })
			.post(`${PREFIX}${path}`, (sent) => {
				body = JSON.stringify(sent);
				return true;
			})
			.reply(200, zipOf({ [`${STEM}.graphml`]: GRAPHML }), zipHeaders(fileName));

		const result = await run(node, {
			parameters: { resource: 'lineage', operation: 'getForFile', filePath: '/home/admin/sales.ktr', ...parameters },
			credentials,
		});

		expect(result.error).toBeUndefined();
		scope.done();
		// The path without its first segment: the service resolves it below each date folder, where the run is
		// filed as home/admin/sales.ktr/… (an absolute path resolves from the server's disk root and finds nothing).
		expect(body).toBe('{"@class":"org.pentaho.metaverse.api.model.LineageRequest","path":"admin/sales.ktr"}');
		expect(result.items[0].json).toMatchObject({ fileName, filePath: '/home/admin/sales.ktr' });
		expect(result.items[0].binary?.data.fileName).toBe(fileName);
	});

	it('sends the documents\' bare {"path"} with Send Type Hint off', async () => {
		let body: unknown;
		const scope = nock(BASE)
			.post(`${PREFIX}/file`, (sent) => {
				body = sent;
				return true;
			})
			.reply(200, zipOf({ [`${STEM}.graphml`]: GRAPHML }), { 'Content-Type': 'application/zip' });
		const result = await run(node, {
			parameters: { resource: 'lineage', operation: 'getForFile', filePath: '/home/admin/sales.ktr', dateRange: 'all', options: { sendTypeHint: false } },
			credentials,
		});
		expect(result.error).toBeUndefined();
		scope.done();
		expect(body).toEqual({ path: 'admin/sales.ktr' });
	});

	it.each([
		['with the hint, refused (400): asks once more without it', {}, 400, [{ '@class': 'org.pentaho.metaverse.api.model.LineageRequest', path: 'a.ktr' }, { path: 'a.ktr' }]],
		['without the hint, refused (500, empty body, as CXF answers): asks once more with it', { sendTypeHint: false }, 500, [{ path: 'a.ktr' }, { '@class': 'org.pentaho.metaverse.api.model.LineageRequest', path: 'a.ktr' }]],
	])('a refusal of the body form %s', async (_label, options, status, expected) => {
		const bodies: unknown[] = [];
		const scope = nock(BASE)
			.post(`${PREFIX}/file`, (sent) => {
				bodies.push(sent);
				return true;
			})
			.reply(status, '')
			.post(`${PREFIX}/file`, (sent) => {
				bodies.push(sent);
				return true;
			})
			.reply(200, zipOf({ [`${STEM}.graphml`]: GRAPHML }), { 'Content-Type': 'application/zip' });
		const result = await run(node, { parameters: { resource: 'lineage', operation: 'getForFile', filePath: '/a.ktr', dateRange: 'all', options }, credentials });
		expect(result.error).toBeUndefined();
		scope.done();
		expect(bodies).toEqual(expected);
	});

	it('asks only once more: a second refusal fails with the server\'s answer', async () => {
		const scope = nock(BASE).post(`${PREFIX}/file`).times(2).reply(400, '');
		const result = await run(node, { parameters: { resource: 'lineage', operation: 'getForFile', filePath: '/a.ktr', dateRange: 'all' }, credentials });
		scope.done();
		expect(result.error?.httpCode).toBe('400');
	});

	it('sends "@class" with Send Type Hint, and normalises the path', async () => {
		let body: unknown;
		nock(BASE)
			.post(`${PREFIX}/file`, (sent) => {
				body = sent;
				return true;
			})
			.reply(200, zipOf({ [`${STEM}.graphml`]: GRAPHML }), { 'Content-Type': 'application/zip' });
		const result = await run(node, {
			parameters: { resource: 'lineage', operation: 'getForFile', filePath: ' /home/admin/sales.ktr/ ', dateRange: 'all', options: { sendTypeHint: true } },
			credentials,
		});
		expect(result.error).toBeUndefined();
		expect(body).toEqual({ '@class': 'org.pentaho.metaverse.api.model.LineageRequest', path: 'admin/sales.ktr' });
		expect(result.items[0].json.fileName).toBe('sales.ktr_lineage.zip');
	});
});

describe('Lineage node, Extract (nock)', () => {
	it('gives one item per file: GraphML parsed into nodes and edges, the profile as JSON, each file as binary data', async () => {
		const zip = zipOf({ [`${STEM}.graphml`]: GRAPHML, [`${STEM}.execution.js`]: PROFILE, 'notes/readme.txt': 'hello' });
		nock(BASE).get(`${PREFIX}/all/20240303/20240303`).reply(200, zip, zipHeaders('pentaho-lineage_20240303-20240303.zip'));

		const result = await run(node, {
			parameters: { resource: 'lineage', operation: 'getAllArtifacts', dateRange: 'between', startDate: '2024-03-03', endDate: '2024-03-03', options: { extract: true } },
			credentials,
		});

		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json)).toEqual([
			{
				archive: 'pentaho-lineage_20240303-20240303.zip',
				path: `${STEM}.graphml`,
				fileName: `${MILLIS}_sales.graphml`,
				kind: 'graph',
				size: Buffer.byteLength(GRAPHML),
				date: '2024-03-03',
				artifactPath: '/home/admin/sales.ktr',
				name: 'sales',
				startedAt: '2024-03-03T08:15:00.000Z',
				directed: true,
				nodes: [
					{ id: 't', name: 'sales', type: 'Transformation' },
					{ id: 's', name: 'Write sales', type: 'Transformation Step', copies: 2 },
				],
				edges: [{ id: 'e0', source: 't', target: 's', label: 'contains', text: 'contains' }],
			},
			{
				archive: 'pentaho-lineage_20240303-20240303.zip',
				path: `${STEM}.execution.js`,
				fileName: `${MILLIS}_sales.execution.js`,
				kind: 'executionProfile',
				size: Buffer.byteLength(PROFILE),
				date: '2024-03-03',
				artifactPath: '/home/admin/sales.ktr',
				name: 'sales',
				startedAt: '2024-03-03T08:15:00.000Z',
				execution: JSON.parse(PROFILE),
			},
			{ archive: 'pentaho-lineage_20240303-20240303.zip', path: 'notes/readme.txt', fileName: 'readme.txt', kind: 'text', size: 5 },
		]);
		expect(result.items.map((i) => [i.binary?.data.fileName, i.binary?.data.mimeType])).toEqual([
			[`${MILLIS}_sales.graphml`, 'application/xml'],
			[`${MILLIS}_sales.execution.js`, 'application/json'],
			['readme.txt', 'text/plain'],
		]);
		expect(Buffer.from(result.items[0].binary!.data.data, 'base64').toString('utf8')).toBe(GRAPHML);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 0 }, { item: 0 }]);
	});

	it('an empty zip for a file is an error naming the file (the service answers 200 with an empty zip when it has no lineage); for a range it gives no items', async () => {
		nock(BASE).post(`${PREFIX}/file/20240301`).reply(200, zipOf({}), zipHeaders('x.ktr_lineage_20240301.zip'));
		const file = await run(node, {
			parameters: { resource: 'lineage', operation: 'getForFile', filePath: '/home/admin/x.ktr', dateRange: 'from', startDate: '2024-03-01', options: { extract: true } },
			credentials,
		});
		expect(file.error?.message).toBe('The server has no lineage for /home/admin/x.ktr between 2024-03-01 and today');
		expect(file.error?.httpCode).toBe('404');
		nock(BASE).post(`${PREFIX}/file`).reply(200, zipOf({}), zipHeaders('x.ktr_lineage.zip'));
		const binary = await run(node, { parameters: { resource: 'lineage', operation: 'getForFile', filePath: '/x.ktr' }, credentials });
		expect(binary.error?.message).toBe('The server has no lineage for /x.ktr');
		nock(BASE).get(`${PREFIX}/all`).reply(200, zipOf({}), zipHeaders('pentaho-lineage.zip'));
		const range = await run(node, { parameters: { resource: 'lineage', operation: 'getAllArtifacts', options: { extract: true } }, credentials });
		expect(range.error).toBeUndefined();
		expect(range.items).toEqual([]);
	});

	it('a broken graph or an answer that is not a zip fails with a message that says so', async () => {
		nock(BASE).get(`${PREFIX}/all`).reply(200, zipOf({ [`${STEM}.graphml`]: '<graphml><graph><node id="a"></graph>' }), zipHeaders('pentaho-lineage.zip'));
		const broken = await run(node, { parameters: { resource: 'lineage', operation: 'getAllArtifacts', options: { extract: true } }, credentials });
		expect(broken.error?.message).toMatch(new RegExp(`lineage graph ${STEM}\\.graphml could not be read`));

		nock(BASE).get(`${PREFIX}/all`).reply(200, 'not a zip', { 'Content-Type': 'application/zip' });
		const notZip = await run(node, { parameters: { resource: 'lineage', operation: 'getAllArtifacts', options: { extract: true } }, credentials });
		expect(notZip.error?.message).toMatch(/zip archive could not be read/);
	});
});

describe('Lineage node, bad input and errors (nock)', () => {
	it.each([
		['an impossible start date', { operation: 'getAllArtifacts', dateRange: 'from', startDate: '2024-02-30' }, /2024-02-30 does not exist/],
		['an impossible end date', { operation: 'getAllArtifacts', dateRange: 'between', startDate: '2024-01-01', endDate: '2024-13-01' }, /End date 2024-13-01 does not exist/],
		['a reversed range', { operation: 'getForFile', filePath: '/a.ktr', dateRange: 'between', startDate: '2024-03-05', endDate: '2024-03-01' }, /End date 2024-03-01 is before start date 2024-03-05/],
		['a relative file path', { operation: 'getForFile', filePath: 'home/a.ktr' }, /must start with "\/"/],
		['the repository root', { operation: 'getForFile', filePath: '/' }, /repository root/],
		['a ".." segment', { operation: 'getForFile', filePath: '/home/../etc' }, /may not contain "\.\."/],
	])('%s fails before any request', async (_label, parameters, message) => {
		const requests = countRequests();
		const result = await run(node, { parameters: { resource: 'lineage', ...parameters }, credentials, input: [{ json: {} }, { json: {} }] });
		expect(result.error?.message).toMatch(message);
		expect(requests.count()).toBe(0);
	});

	it('the server’s 400 text is the error', async () => {
		nock(BASE)
			.get(`${PREFIX}/all/20240101`)
			.reply(400, 'Invalid date string provided. All dates must be valid and conform to this format yyyyMMdd', { 'Content-Type': 'text/plain' });
		const result = await run(node, { parameters: { resource: 'lineage', operation: 'getAllArtifacts', dateRange: 'from', startDate: '2024-01-01' }, credentials });
		expect(result.error?.message).toBe('Invalid date string provided. All dates must be valid and conform to this format yyyyMMdd');
		expect(result.error?.httpCode).toBe('400');
	});

	it('a date refusal on a file request is not retried, and its text is read whatever content type CXF gives it', async () => {
		// The resource's @Produces("application/zip") may label the String entity of a BadRequestException too.
		const scope = nock(BASE)
			.post(`${PREFIX}/file/20240101/20240102`)
			.reply(400, 'Invalid date string provided. All dates must be valid and conform to this format yyyyMMdd', { 'Content-Type': 'application/zip' });
		const result = await run(node, {
			parameters: { resource: 'lineage', operation: 'getForFile', filePath: '/a.ktr', dateRange: 'between', startDate: '2024-01-01', endDate: '2024-01-02' },
			credentials,
		});
		scope.done();
		expect(result.error?.message).toBe('Invalid date string provided. All dates must be valid and conform to this format yyyyMMdd');
	});

	it('Continue On Fail pairs one error item per failed input item', async () => {
		nock(BASE)
			.post(`${PREFIX}/file`, { '@class': 'org.pentaho.metaverse.api.model.LineageRequest', path: 'a.ktr' })
			.reply(200, zipOf({ [`${STEM}.graphml`]: GRAPHML }), zipHeaders('a.ktr_lineage.zip'))
			.post(`${PREFIX}/file`, { '@class': 'org.pentaho.metaverse.api.model.LineageRequest', path: 'b.ktr' })
			.reply(500, 'No lineage collector', { 'Content-Type': 'text/plain' })
			.post(`${PREFIX}/file`, { '@class': 'org.pentaho.metaverse.api.model.LineageRequest', path: 'c.ktr' })
			.reply(200, zipOf({ [`${STEM}.graphml`]: GRAPHML }), zipHeaders('c.ktr_lineage.zip'));
		const result = await run(node, {
			parameters: { resource: 'lineage', operation: 'getForFile', filePath: '={{$json.path}}' },
			credentials,
			input: [{ json: { path: '/a.ktr' } }, { json: { path: '/b.ktr' } }, { json: { path: 'bad' } }, { json: { path: '/c.ktr' } }],
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json)).toEqual([
			{ fileName: 'a.ktr_lineage.zip', filePath: '/a.ktr' },
			{ error: 'No lineage collector', details: expect.stringContaining('HTTP 500') },
			{ error: expect.stringMatching(/must start with "\/"/) },
			{ fileName: 'c.ktr_lineage.zip', filePath: '/c.ktr' },
		]);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }, { item: 3 }]);
	});
});

describe('editor fields (issue 18)', () => {
	const properties = new DataflowLineage().description.properties;
	it('dates are days, not date-times with a time that would be ignored', () => {
		for (const field of properties.filter((p) => p.name === 'startDate' || p.name === 'endDate')) {
			expect(field.type).toBe('string');
			expect(field.placeholder).toBe('e.g. 2026-01-31');
		}
	});
	it('adding the Extract option switches it on', () => {
		for (const options of properties.filter((p) => p.name === 'options')) {
			expect((options.options as Array<{ name: string; default: unknown }>).find((o) => o.name === 'extract')?.default).toBe(true);
		}
	});
});
