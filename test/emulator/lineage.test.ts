/**
 * The emulator's lineage endpoints over plain HTTP (no node): the 5 documented endpoints and the
 * server's extra POST /file/{startDate}, inclusive date filtering, file filtering by the JSON body's
 * path, the zip names, and the 400 / 500 answers.
 */
import { strFromU8, unzipSync } from 'fflate';

import { startEmulator, type RunningEmulator } from '../../emulator';
import { INVALID_DATE_MESSAGE, NO_PATH_MESSAGE } from '../../emulator/areas/lineage';
import { parseXml } from '../../nodes/common/xml';

const PREFIX = '/osgi/cxf/lineage/api/download';
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

async function get(path: string, user?: string, password?: string) {
	const response = await fetch(`${emu.url}${PREFIX}${path}`, { headers: auth(user, password) });
	return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function post(path: string, body: string, contentType = 'application/json') {
	const response = await fetch(`${emu.url}${PREFIX}${path}`, { method: 'POST', headers: { ...auth(), 'Content-Type': contentType }, body });
	return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

function entries(bytes: Buffer): string[] {
	return Object.keys(unzipSync(new Uint8Array(bytes)));
}

const SALES_0301 = `20240301/home/admin/sales.ktr/${Date.parse('2024-03-01T08:15:00Z')}_sales`;
const SALES_0303 = `20240303/home/admin/sales.ktr/${Date.parse('2024-03-03T08:15:00Z')}_sales`;
const LOAD_0303 = `20240303/public/jobs/load_dw.kjb/${Date.parse('2024-03-03T22:00:00Z')}_load_dw`;
const TEST_0305 = `20240305/home/suzy/test.ktr/${Date.parse('2024-03-05T10:30:00Z')}_test`;
const SALES_0308 = `20240308/home/admin/sales.ktr/${Date.parse('2024-03-08T08:15:00Z')}_sales`;
const both = (stem: string) => [`${stem}.execution.js`, `${stem}.graphml`];

describe('emulator: lineage download', () => {
	it('GET /all answers every artifact as an inline zip', async () => {
		const all = await get('/all');
		expect(all.status).toBe(200);
		expect(all.headers.get('content-type')).toBe('application/zip');
		expect(all.headers.get('content-disposition')).toBe('inline; filename=pentaho-lineage.zip');
		expect(entries(all.bytes).sort()).toEqual([SALES_0301, SALES_0303, LOAD_0303, TEST_0305, SALES_0308].flatMap(both).sort());
	});

	it('GET /all/{start} and /all/{start}/{end} filter by day folder, both ends included', async () => {
		const from = await get('/all/20240305');
		expect(from.headers.get('content-disposition')).toBe('inline; filename=pentaho-lineage_20240305.zip');
		expect(entries(from.bytes).sort()).toEqual([TEST_0305, SALES_0308].flatMap(both).sort());

		const between = await get('/all/20240302/20240305');
		expect(between.headers.get('content-disposition')).toBe('inline; filename=pentaho-lineage_20240302-20240305.zip');
		expect(entries(between.bytes).sort()).toEqual([SALES_0303, LOAD_0303, TEST_0305].flatMap(both).sort());

		expect(entries((await get('/all/20240303/20240303')).bytes).sort()).toEqual([SALES_0303, LOAD_0303].flatMap(both).sort());
		// Nothing in range (or a reversed range): an empty zip.
		const none = await get('/all/20240310/20240301');
		expect(none.status).toBe(200);
		expect(entries(none.bytes)).toEqual([]);
	});

	it('artifacts are real GraphML with key declarations and JSON execution profiles', async () => {
		const zip = unzipSync(new Uint8Array((await get('/all/20240305/20240305')).bytes));
		const graph = parseXml(strFromU8(zip[`${TEST_0305}.graphml`])) as { graphml: { key: unknown[]; graph: { node: unknown[]; edge: unknown[] } } };
		expect(graph.graphml.key).toContainEqual({ '@id': 'd0', '@for': 'node', '@attr.name': 'name', '@attr.type': 'string' });
		expect(graph.graphml.graph.node.length).toBe(5);
		expect(graph.graphml.graph.edge).toContainEqual(
			expect.objectContaining({ '@source': 'transformation:/home/suzy/test.ktr/Write test', '@target': 'table:TEST_OUT', '@label': 'writes' }),
		);
		const profile = JSON.parse(strFromU8(zip[`${TEST_0305}.execution.js`]));
		expect(profile).toMatchObject({ name: 'test', path: '/home/suzy/test.ktr', executionData: { startTime: Date.parse('2024-03-05T10:30:00Z'), executorUser: 'suzy' } });
	});

	it('POST /file, /file/{start} and /file/{start}/{end} filter by the body path (with @class, as the real reader needs)', async () => {
		const file = await post('/file', JSON.stringify({ '@class': 'org.pentaho.metaverse.api.model.LineageRequest', path: '/home/admin/sales.ktr' }));
		expect(file.status).toBe(200);
		expect(file.headers.get('content-type')).toBe('application/zip');
		expect(file.headers.get('content-disposition')).toBe('inline; filename=sales.ktr_lineage.zip');
		expect(entries(file.bytes).sort()).toEqual([SALES_0301, SALES_0303, SALES_0308].flatMap(both).sort());

		// The real service refuses the interface documents' bare {path}: 400 with an empty body.
		const bare = await post('/file', JSON.stringify({ path: '/home/admin/sales.ktr' }));
		expect(bare.status).toBe(400);
		expect(bare.bytes.length).toBe(0);

		const hinted = (path: string) => JSON.stringify({ '@class': 'org.pentaho.metaverse.api.model.LineageRequest', path });
		const from = await post('/file/20240302', hinted('/home/admin/sales.ktr'));
		expect(from.headers.get('content-disposition')).toBe('inline; filename=sales.ktr_lineage_20240302.zip');
		expect(entries(from.bytes).sort()).toEqual([SALES_0303, SALES_0308].flatMap(both).sort());

		const between = await post('/file/20240302/20240305', hinted('/home/admin/sales.ktr'));
		expect(between.headers.get('content-disposition')).toBe('inline; filename=sales.ktr_lineage_20240302-20240305.zip');
		expect(entries(between.bytes).sort()).toEqual(both(SALES_0303).sort());

		expect(entries((await post('/file', hinted('/home/nobody/x.ktr'))).bytes)).toEqual([]);
	});

	it('impossible dates answer 400 with the server text', async () => {
		for (const path of ['/all/20249901', '/all/20240101/20240230', '/all/2024-01-01', '/all/20240101/2024011']) {
			const bad = await get(path);
			expect(bad.status).toBe(400);
			expect(bad.headers.get('content-type')).toMatch(/text\/plain/);
			expect(bad.bytes.toString('utf8')).toBe(INVALID_DATE_MESSAGE);
		}
		const badFile = await post('/file/20241301/20241302', JSON.stringify({ '@class': 'org.pentaho.metaverse.api.model.LineageRequest', path: '/home/admin/sales.ktr' }));
		expect(badFile.status).toBe(400);
		expect(badFile.bytes.toString('utf8')).toBe(INVALID_DATE_MESSAGE);
	});

	it('file requests without a path answer 500; wrong bodies are refused', async () => {
		for (const body of ['', '{"@class":"org.pentaho.metaverse.api.model.LineageRequest"}', '{"@class":"org.pentaho.metaverse.api.model.LineageRequest","path":""}']) {
			const missing = await post('/file', body);
			expect(missing.status).toBe(500);
			expect(missing.bytes.toString('utf8')).toBe(NO_PATH_MESSAGE);
		}
		// Without the type id Jackson fails before the service runs: 400, empty body.
		expect((await post('/file', '{}')).status).toBe(400);
		expect((await post('/file', '{"path":"/a.ktr"}', 'text/plain')).status).toBe(415);
		expect((await post('/file', '{"@class":"java.lang.String","path":"/a.ktr"}')).status).toBe(400);
	});

	it('every user may download lineage; a wrong password is 401', async () => {
		expect((await get('/all', 'suzy')).status).toBe(200);
		expect((await get('/all', 'admin', 'nope')).status).toBe(401);
	});

	it('takes its runs from the seed', async () => {
		const seeded = await startEmulator({ seed: { lineage: { runs: [{ path: '/a/b.ktr', startedAt: '2023-12-31T23:59:00Z', steps: ['One'] }] } } });
		try {
			const response = await fetch(`${seeded.url}${PREFIX}/all`, { headers: auth() });
			const names = Object.keys(unzipSync(new Uint8Array(await response.arrayBuffer())));
			const millis = Date.parse('2023-12-31T23:59:00Z');
			expect(names.sort()).toEqual([`20231231/a/b.ktr/${millis}_b.execution.js`, `20231231/a/b.ktr/${millis}_b.graphml`]);
		} finally {
			await seeded.stop();
		}
	});
});
