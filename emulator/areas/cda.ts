/**
 * The CDA area of the emulator: Community Data Access's REST API under /plugin/cda/api (doQuery with paging, sorting,
 * parameters and every exporter; unwrapQuery; listQueries; listParameters; getCdaList; clearCache), after
 * webdetails/cda (sources cited in cda/*.ts), and the .cda files it reads from the repository.
 *
 * Layout (as every area): cda/area.ts registers (and documents the seed), routes-api.ts answers, store.ts holds the state,
 * model.ts is the fixture and the .cda format, export.ts writes the exporters' outputs, request.ts reads requests.
 */
export { DEFAULT_BENCH_ROWS, register, type CdaSeed } from './cda/area';
export type { CdaColumn, CdaFile, CdaParameter, CdaQuery } from './cda/model';
export { builtInCdaFiles, cdaXml } from './cda/model';
