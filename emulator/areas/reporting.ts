/**
 * The reporting area of the emulator: the reporting plugin's content generators on .prpt files (`/api/repos/{pathId}/report`,
 * `generatedContent`, `parameter`, `reportjob`) and its job API (`/plugin/reporting/api/jobs/…`), after
 * pentaho-platform-plugin-reporting and the reporting engine (sources cited in reporting/*.ts).
 *
 * Layout (as every area): reporting/area.ts registers, routes-render.ts and routes-jobs.ts answer, store.ts holds the
 * state, seed.ts and model.ts are the fixture, format.ts writes the parameter document, params.ts and request.ts read
 * requests, render.ts and files.ts write the outputs (PDF, XLSX, XLS, CSV, HTML ...), java.ts and routing.ts are helpers.
 */
export { register } from './reporting/area';
export type { ReportingSeed } from './reporting/seed';
export { DEFAULT_LARGE_REPORT_BYTES } from './reporting/seed';
export type { ReportDefinition, ReportParameter, ReportColumn } from './reporting/model';
export { builtInReports, REGIONS, PRODUCT_LINES } from './reporting/model';
export { pdfOf, xlsOf, xlsxOf } from './reporting/files';
