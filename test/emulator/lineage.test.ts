/**
 * The emulator's lineage endpoints over plain HTTP (no node), against the real service
 * (pentaho-metaverse MetaverseService + VfsLineageCollector + VfsLineageWriter, under CXF and Tomcat):
 * the 5 documented endpoints and the extra POST /file/{startDate}, zip entries named by the artifacts'
 * absolute paths, date folders found at any depth, the file lookup's VFS resolution, the exact
 * Content-Disposition, the 400 / 405 / 406 / 415 / 500 answers.
 */
import { strFromU8, unzipSync } from 'fflate';

import { startEmulator, type RunningEmulator } from '../../emulator';
import { DEFAULT_OUTPUT_FOLDER, INVALID_DATE_MESSAGE, NO_PATH_MESSAGE, dayFolderOf, javaFileName, parseJavaDay } from '../../emulator/areas/lineage';
import { parseXml } from '../../nodes/common/xml';

const PREFIX = '/osgi/cxf/lineage/api/download';
const CLASS = 'org.pentaho.metaverse.api.model.LineageRequest';
let emu: RunningEmulator;

beforeAll(async () => {
	emu = await startEmulator();
});
afterAll(async () => {
	await emu.stop();
});

function auth(user = 'admin', password = 'password'): Record<string, string> {
	return { Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` };
}

interface Answer {
	status: number;
	headers: Headers;
	bytes: Buffer;
}

async function call(base: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
	const response = await fetch(`${base}${PREFIX}${path}`, { method, headers: { ...auth(), ...headers }, body });
	return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

const get = (path: string, headers?: Record<string, string>, base = emu.url) => call(base, 'GET', path, headers);
const post = (path: string, body: string, contentType: string | null = 'application/json', base = emu.url) =>
	call(base, 'POST', path, contentType === null ? {} : { 'Content-Type': contentType }, body);
const hinted = (path: unknown) => JSON.stringify({ '@class': CLASS, path });

function entries(bytes: Buffer): string[] {
	return Object.keys(unzipSync(new Uint8Array(bytes))).sort();
}

const at = (folder: string, iso: string, name: string) => `${DEFAULT_OUTPUT_FOLDER}/${folder}/${Date.parse(iso)}_${name}`;
const SALES_0301 = at('20240301/home/admin/sales.ktr', '2024-03-01T08:15:00Z', 'sales');
const SALES_0303 = at('20240303/home/admin/sales.ktr', '2024-03-03T08:15:00Z', 'sales');
const LOAD_0303 = at('20240303/public/jobs/load_dw.kjb', '2024-03-03T22:00:00Z', 'load_dw');
const TEST_0305 = at('20240305/home/suzy/test.ktr', '2024-03-05T10:30:00Z', 'test');
const SALES_0308 = at('20240308/home/admin/sales.ktr', '2024-03-08T08:15:00Z', 'sales');
const both = (...stems: string[]) => stems.flatMap((stem) => [`${stem}.execution.js`, `${stem}.graphml`]).sort();

async function withEmulator(options: Parameters<typeof startEmulator>[0], body: (emulator: RunningEmulator) => Promise<void>) {
	const emulator = await startEmulator(options);
	try {
		await body(emulator);
	} finally {
		await emulator.stop();
	}
}

describe('emulator: lineage download', () => {
	it('GET /all answers every artifact as an inline zip, entries named by their absolute path on the server', async () => {
		const all = await get('/all');
		expect(all.status).toBe(200);
		expect(all.headers.get('content-type')).toBe('application/zip');
		expect(all.headers.get('content-disposition')).toBe('inline; filename=pentaho-lineage.zip');
		expect(entries(all.bytes)).toEqual(both(SALES_0301, SALES_0303, LOAD_0303, TEST_0305, SALES_0308));
		expect(SALES_0301.startsWith('/opt/pentaho/server/pentaho-server/tomcat/bin/pentaho-lineage-output/20240301/')).toBe(true);
	});

	it('GET /all/{start} and /all/{start}/{end} filter by date folder, both ends included; nothing in range is an empty zip', async () => {
		const from = await get('/all/20240305');
		expect(from.headers.get('content-disposition')).toBe('inline; filename=pentaho-lineage_20240305.zip');
		expect(entries(from.bytes)).toEqual(both(TEST_0305, SALES_0308));

		const between = await get('/all/20240302/20240305');
		expect(between.headers.get('content-disposition')).toBe('inline; filename=pentaho-lineage_20240302-20240305.zip');
		expect(entries(between.bytes)).toEqual(both(SALES_0303, LOAD_0303, TEST_0305));

		expect(entries((await get('/all/20240303/20240303')).bytes)).toEqual(both(SALES_0303, LOAD_0303));
		const none = await get('/all/20240310/20240301');
		expect(none.status).toBe(200);
		expect(none.headers.get('content-disposition')).toBe('inline; filename=pentaho-lineage_20240310-20240301.zip');
		expect(none.bytes.length).toBe(22);
		expect(entries(none.bytes)).toEqual([]);
	});

	it('dates are read like SimpleDateFormat("yyyyMMdd") non-lenient: trailing text ignored, the file name keeps the raw text', async () => {
		expect(parseJavaDay('20240305')).toBe('20240305');
		expect(parseJavaDay('20240305xyz')).toBe('20240305');
		expect(parseJavaDay('2024035')).toBe('20240305');
		expect(parseJavaDay('202403051')).toBeUndefined();
		expect(parseJavaDay('202401011')).toBe('20240111');
		expect(parseJavaDay('2024-03-05')).toBeUndefined();
		expect(parseJavaDay('20240230')).toBeUndefined();
		expect(parseJavaDay('15000229')).toBe('15000229');
		expect(parseJavaDay('15821010')).toBeUndefined();
		expect(parseJavaDay('00000101')).toBeUndefined();

		const trailing = await get('/all/20240305xyz/2024035');
		expect(trailing.status).toBe(200);
		expect(trailing.headers.get('content-disposition')).toBe('inline; filename=pentaho-lineage_20240305xyz-2024035.zip');
		expect(entries(trailing.bytes)).toEqual(both(TEST_0305));
	});

	it('impossible dates answer 400 with the server text, written as application/zip (the method @Produces)', async () => {
		for (const path of ['/all/20249901', '/all/20240101/20240230', '/all/2024-01-01', '/all/20240101/2024010']) {
			const bad = await get(path);
			expect(bad.status).toBe(400);
			expect(bad.headers.get('content-type')).toBe('application/zip');
			expect(bad.bytes.toString('utf8')).toBe(INVALID_DATE_MESSAGE);
		}
		const badFile = await post('/file/20241301/20241302', hinted('admin/sales.ktr'));
		expect(badFile.status).toBe(400);
		expect(badFile.headers.get('content-type')).toBe('application/zip');
		expect(badFile.bytes.toString('utf8')).toBe(INVALID_DATE_MESSAGE);
	});

	it('artifacts are GraphML as Blueprints writes it normalised (keys named by property) and Jackson-printed execution profiles', async () => {
		const zip = unzipSync(new Uint8Array((await get('/all/20240305/20240305')).bytes));
		const text = strFromU8(zip[`${TEST_0305}.graphml`]);
		expect(text).toContain('\n    <key id="name" for="node" attr.name="name" attr.type="string"></key>\n');
		expect(text.endsWith('</graphml>')).toBe(true);
		const graph = parseXml(text) as { graphml: { key: unknown[]; graph: { node: unknown[]; edge: unknown[] } } };
		expect(graph.graphml.key).toContainEqual({ '@id': 'name', '@for': 'node', '@attr.name': 'name', '@attr.type': 'string' });
		expect(graph.graphml.graph.node.length).toBe(5);
		expect(graph.graphml.graph.edge).toContainEqual(
			expect.objectContaining({
				'@id': 'transformation:/home/suzy/test.ktr/Write test~writesto~table:TEST_OUT',
				'@source': 'transformation:/home/suzy/test.ktr/Write test',
				'@target': 'table:TEST_OUT',
				'@label': 'writesto',
			}),
		);
		const profileText = strFromU8(zip[`${TEST_0305}.execution.js`]);
		expect(profileText.startsWith('{\n  "name" : "test",\n  "description" : null,\n  "path" : "/home/suzy/test.ktr",\n  "type" : "Transformation",\n')).toBe(true);
		expect(profileText).toContain('"parameters" : [ ],');
		expect(profileText.endsWith('}\n')).toBe(true);
		const profile = JSON.parse(profileText);
		expect(profile).toMatchObject({ name: 'test', path: '/home/suzy/test.ktr', executionEngine: { version: '11.0.0.0-237' }, executionData: { startTime: Date.parse('2024-03-05T10:30:00Z'), executorUser: 'suzy' } });
	});

	it('POST /file resolves the path from every folder below a date folder: a tail of the repository path finds the file, the absolute path does not', async () => {
		const file = await post('/file', hinted('admin/sales.ktr'));
		expect(file.status).toBe(200);
		expect(file.headers.get('content-type')).toBe('application/zip');
		expect(file.headers.get('content-disposition')).toBe('inline; filename=sales.ktr_lineage.zip');
		expect(entries(file.bytes)).toEqual(both(SALES_0301, SALES_0303, SALES_0308));
		expect(entries((await post('/file', hinted('sales.ktr'))).bytes)).toEqual(both(SALES_0301, SALES_0303, SALES_0308));

		// The documented body form: resolved from the root of the server's disk, where there is no lineage.
		const absolute = await post('/file', hinted('/home/admin/sales.ktr'));
		expect(absolute.status).toBe(200);
		expect(absolute.headers.get('content-disposition')).toBe('inline; filename=sales.ktr_lineage.zip');
		expect(entries(absolute.bytes)).toEqual([]);
		// The whole relative path is looked up below home/, admin/, … of each day: nothing.
		expect(entries((await post('/file', hinted('home/admin/sales.ktr'))).bytes)).toEqual([]);
		// An absolute path inside the output folder does name a folder.
		expect(entries((await post('/file', hinted(`${DEFAULT_OUTPUT_FOLDER}/20240303/home/admin/sales.ktr`))).bytes)).toEqual(both(SALES_0303));
		// "" resolves to each folder itself: every artifact in range; the file name part is empty.
		const empty = await post('/file/20240303/20240303', hinted(''));
		expect(empty.status).toBe(200);
		expect(empty.headers.get('content-disposition')).toBe('inline; filename=_lineage_20240303-20240303.zip');
		expect(entries(empty.bytes)).toEqual(both(SALES_0303, LOAD_0303));
		// ".." climbing above the disk root fails in commons-vfs: reported as the date error.
		const climbing = await post('/file', hinted('../'.repeat(40)));
		expect(climbing.status).toBe(400);
		expect(climbing.bytes.toString('utf8')).toBe(INVALID_DATE_MESSAGE);
	});

	it('POST /file/{start} and /file/{start}/{end} add the raw dates to the file name', async () => {
		const from = await post('/file/20240302', hinted('admin/sales.ktr'));
		expect(from.headers.get('content-disposition')).toBe('inline; filename=sales.ktr_lineage_20240302.zip');
		expect(entries(from.bytes)).toEqual(both(SALES_0303, SALES_0308));

		const between = await post('/file/20240302/20240305', hinted('admin/sales.ktr'));
		expect(between.headers.get('content-disposition')).toBe('inline; filename=sales.ktr_lineage_20240302-20240305.zip');
		expect(entries(between.bytes)).toEqual(both(SALES_0303));

		expect(entries((await post('/file', hinted('nobody/x.ktr'))).bytes)).toEqual([]);
	});

	it('the file name is File(path).getName(), unquoted, spaces kept; Tomcat writes Latin-1 and drops (10.x, 11.x) or ?-replaces (9.3) wider characters', async () => {
		expect(javaFileName('/home/admin/Sales Report.ktr')).toBe('Sales Report.ktr');
		expect(javaFileName('/home/admin/')).toBe('admin');
		expect(javaFileName('/')).toBe('');
		const runs = [
			{ path: '/home/admin/Sales Report.ktr', startedAt: '2024-03-01T08:00:00Z' },
			{ path: '/home/admin/Café.ktr', startedAt: '2024-03-01T08:00:00Z' },
			{ path: '/home/admin/日本.ktr', startedAt: '2024-03-01T08:00:00Z' },
		];
		await withEmulator({ seed: { lineage: { runs } } }, async (current) => {
			const spaced = await post('/file/20240101/20241231', hinted('admin/Sales Report.ktr'), 'application/json', current.url);
			expect(spaced.headers.get('content-disposition')).toBe('inline; filename=Sales Report.ktr_lineage_20240101-20241231.zip');
			expect(entries(spaced.bytes)).toHaveLength(2);
			const latin = await post('/file', hinted('admin/Café.ktr'), 'application/json', current.url);
			expect(Buffer.from(latin.headers.get('content-disposition') ?? '', 'latin1').toString('latin1')).toBe('inline; filename=Café.ktr_lineage.zip');
			const wide = await post('/file', hinted('admin/日本.ktr'), 'application/json', current.url);
			expect(wide.status).toBe(200);
			expect(wide.headers.get('content-disposition')).toBeNull();
			expect(entries(wide.bytes)).toHaveLength(2);
		});
		await withEmulator({ profile: '9.3', seed: { lineage: { runs } } }, async (current) => {
			const wide = await post('/file', hinted('admin/日本.ktr'), 'application/json', current.url);
			expect(wide.headers.get('content-disposition')).toBe('inline; filename=??.ktr_lineage.zip');
		});
	});

	it('the body is read by Jackson: without @class (the documents\' {path}) or with anything it refuses, CXF answers 500 with no body', async () => {
		for (const body of ['{"path":"admin/sales.ktr"}', '{}', '{"@class":"java.lang.String","path":"/a.ktr"}', `{"@class":"${CLASS}","path":"a","extra":1}`, `{"@class":"${CLASS}","path":{}}`, '{not json', '"admin/sales.ktr"']) {
			const refused = await post('/file', body);
			expect(refused.status).toBe(500);
			expect(refused.bytes.length).toBe(0);
			expect(refused.headers.get('content-type')).toBeNull();
		}
	});

	it('an empty body, JSON null or no path is the service\'s 500 text (as application/zip); a number path is read as text', async () => {
		for (const body of ['', '  ', 'null', `{"@class":"${CLASS}"}`, `{"@class":"${CLASS}","path":null}`]) {
			const missing = await post('/file/20249999', body);
			expect(missing.status).toBe(500);
			expect(missing.headers.get('content-type')).toBe('application/zip');
			expect(missing.bytes.toString('utf8')).toBe(NO_PATH_MESSAGE);
		}
		const numbered = await post('/file', hinted(5));
		expect(numbered.status).toBe(200);
		expect(numbered.headers.get('content-disposition')).toBe('inline; filename=5_lineage.zip');
	});

	it('CXF method selection: 415 (no body) for a Content-Type other than JSON or none, 406 when Accept takes no zip, 405 with Allow for other methods', async () => {
		for (const contentType of ['text/plain', null]) {
			const wrong = await post('/file', hinted('admin/sales.ktr'), contentType);
			expect(wrong.status).toBe(415);
			expect(wrong.bytes.length).toBe(0);
		}
		expect((await post('/file', hinted('admin/sales.ktr'), 'application/json; charset=UTF-8')).status).toBe(200);
		expect((await post('/file', hinted('admin/sales.ktr'), '*/*')).status).toBe(200);

		const json = await get('/all', { Accept: 'application/json' });
		expect(json.status).toBe(406);
		expect(json.bytes.length).toBe(0);
		expect((await get('/all', { Accept: 'application/json, */*;q=0.1' })).status).toBe(200);
		expect((await get('/all', { Accept: 'application/zip' })).status).toBe(200);
		expect((await call(emu.url, 'POST', '/file', { 'Content-Type': 'application/json', Accept: 'text/plain' }, hinted('a'))).status).toBe(406);

		const wrongMethod = await get('/file');
		expect(wrongMethod.status).toBe(405);
		expect(wrongMethod.headers.get('allow')).toBe('POST,GET,OPTIONS,HEAD');
		expect(wrongMethod.bytes.length).toBe(0);
		expect((await call(emu.url, 'POST', '/all', { 'Content-Type': 'application/json' }, '{}')).status).toBe(405);
		const options = await call(emu.url, 'OPTIONS', '/all/20240101');
		expect(options.status).toBe(200);
		expect(options.headers.get('allow')).toBe('POST,GET,OPTIONS,HEAD');
		const head = await call(emu.url, 'HEAD', '/all');
		expect(head.status).toBe(200);
		expect(head.headers.get('content-type')).toBe('application/zip');
	});

	it('every user may download lineage; a wrong password is 401', async () => {
		expect((await get('/all', {}, emu.url)).status).toBe(200);
		const suzy = await fetch(`${emu.url}${PREFIX}/all`, { headers: auth('suzy') });
		expect(suzy.status).toBe(200);
		const wrong = await fetch(`${emu.url}${PREFIX}/all`, { headers: auth('admin', 'nope') });
		expect(wrong.status).toBe(401);
	});

	it('takes its runs and output folder from the seed; day folders use the week year (YYYYMMdd), so a run on 31 December 2024 is filed under 20251231', async () => {
		expect(dayFolderOf(Date.parse('2024-12-31T10:00:00Z'))).toBe('20251231');
		expect(dayFolderOf(Date.parse('2023-12-31T23:59:00Z'))).toBe('20241231');
		expect(dayFolderOf(Date.parse('2024-12-27T10:00:00Z'))).toBe('20241227');
		const millis = Date.parse('2024-12-31T10:00:00Z');
		await withEmulator({ seed: { lineage: { outputFolder: '/srv/lineage/', runs: [{ path: '/a/b.ktr', startedAt: '2024-12-31T10:00:00Z', steps: ['One'] }] } } }, async (current) => {
			const all = await get('/all', {}, current.url);
			expect(entries(all.bytes)).toEqual([`/srv/lineage/20251231/a/b.ktr/${millis}_b.execution.js`, `/srv/lineage/20251231/a/b.ktr/${millis}_b.graphml`]);
			expect(entries((await get('/all/20241231/20241231', {}, current.url)).bytes)).toEqual([]);
			expect(entries((await get('/all/20251231', {}, current.url)).bytes)).toHaveLength(2);
		});
	});

	it('a day keeps only the latest run of a file (generation strategy "latest"); "all" keeps every run', async () => {
		const runs = [
			{ path: '/a/b.ktr', startedAt: '2024-03-01T08:00:00Z' },
			{ path: '/a/b.ktr', startedAt: '2024-03-01T09:00:00Z' },
		];
		await withEmulator({ seed: { lineage: { runs } } }, async (current) => {
			expect(entries((await get('/all', {}, current.url)).bytes)).toEqual(both(at('20240301/a/b.ktr', '2024-03-01T09:00:00Z', 'b')));
		});
		await withEmulator({ seed: { lineage: { runs, generationStrategy: 'all' } } }, async (current) => {
			expect(entries((await get('/all', {}, current.url)).bytes)).toHaveLength(4);
		});
	});

	it('any folder whose name reads as a date in range counts as a date folder, at any depth', async () => {
		const runs = [{ path: '/public/20240301/report.ktr', startedAt: '2023-06-01T08:00:00Z' }];
		await withEmulator({ seed: { lineage: { runs } } }, async (current) => {
			expect(entries((await get('/all/20240301/20240301', {}, current.url)).bytes)).toEqual(both(at('20230601/public/20240301/report.ktr', '2023-06-01T08:00:00Z', 'report')));
			// Below that folder only report.ktr/ and its files are resolved from: "" finds the files, "report.ktr" does not.
			expect(entries((await post('/file/20240301/20240301', hinted(''), 'application/json', current.url)).bytes)).toHaveLength(2);
			expect(entries((await post('/file/20240301/20240301', hinted('report.ktr'), 'application/json', current.url)).bytes)).toEqual([]);
		});
	});
});
