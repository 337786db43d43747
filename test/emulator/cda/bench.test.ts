/**
 * The benchmark knob: `seed.cda.benchRows` sets the rows of `bigQuery` in /public/bench/bench.cda (default 100 000),
 * generated lazily and streamed.
 */
import { DEFAULT_BENCH_ROWS } from '../../../emulator/areas/cda';
import { api, BENCH_CDA, call, useCdaEmulator, type CdaJson } from './helpers';

const ROWS = 30000;

useCdaEmulator({ seed: { cda: { benchRows: ROWS } } });

it('the default is 100 000 rows', () => {
	expect(DEFAULT_BENCH_ROWS).toBe(100000);
});

it('streams the configured number of rows', async () => {
	const response = await call('GET', api('doQuery', [['path', BENCH_CDA], ['dataAccessId', 'bigQuery']]));
	expect(response.status).toBe(200);
	expect(response.headers.get('transfer-encoding')).toBe('chunked');
	const body = (await response.json()) as CdaJson;
	expect(body.resultset).toHaveLength(ROWS);
	expect(body.queryInfo).toEqual({ totalRows: String(ROWS) });
	expect(body.resultset[ROWS - 1][0]).toBe(ROWS);
});

it('pages a large result without generating more than needed', async () => {
	const body = (await (await call('GET', api('doQuery', [['path', BENCH_CDA], ['dataAccessId', 'bigQuery'], ['pageStart', '1000'], ['pageSize', '10']]))).json()) as CdaJson;
	expect(body.resultset.map((r) => r[0])).toEqual(Array.from({ length: 10 }, (_, i) => 1001 + i));
	expect(body.queryInfo).toEqual({ pageStart: '1000', pageSize: '10', totalRows: String(ROWS) });
});
