/**
 * 5. Reports and query results (the Report node):
 * - a large rendered file: Report → Render of the emulator's benchmark report ("/public/bench/Large
 *   Report.prpt", its size set with the seed `reporting.largeReportBytes`) as a PDF into n8n's
 *   filesystem binary storage, checked end to end while it streams, against a bare http GET of the
 *   same report URL piped into a file. Two sizes (25 MiB and 100 MiB): memory that stays flat does
 *   not grow with the size.
 * - a 100 000-row query: Query → Run (Return All, one item per row with typed columns; once in one
 *   answer, once with CDA's paging in pages of 10 000) against a bare http GET of the same doQuery
 *   with JSON.parse of the answer: items per second and memory.
 * Every measurement runs in a fresh process (bench/reportsWorker.ts) that samples its own memory.
 */
import { mkdtempSync, promises as fsp } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { EmulatorProcess } from './lib/emulator';
import { MiB, runsOf, runWorker, summarize, writeSectionResult, type Summary } from './lib/env';
import type { ReportResult, ReportTask } from './reportsWorker';

const RENDER_SIZES = [25 * MiB, 100 * MiB];
const LARGE_REPORT = '/public/bench/Large Report.prpt';
const WARM_UP_REPORT = '/public/Steel Wheels/Product List.prpt';
/** The emulator's benchmark query (`bigQuery`, 100 000 rows by default: seed `cda.benchRows`) and a small query for the warm-up. */
export const BENCH_CDA = { file: '/public/bench/bench.cda', query: 'bigQuery', warmUpFile: '/public/Steel Wheels/sales.cda', warmUp: 'topCustomers', rows: 100_000 };

async function measure(task: ReportTask): Promise<ReportResult> {
	return await runWorker<ReportResult>('bench/reportsWorker.ts', task);
}

export interface RenderFigures {
	bytes: number;
	runs: number;
	seconds: { node: Summary; plain: Summary };
	throughput: { node: Summary; plain: Summary };
	rssGrowthMiB: { node: Summary; plain: Summary };
	heapGrowthMiB: { node: Summary; plain: Summary };
	externalGrowthMiB: { node: Summary; plain: Summary };
	/** Node MiB/s over plain MiB/s, per run. */
	ratio: Summary;
}

type QueryKind = 'node' | 'nodePaged' | 'plain';

export interface QueryFigures {
	rows: number;
	runs: number;
	answerBytes: number;
	seconds: Record<QueryKind, Summary>;
	itemsPerSecond: Record<QueryKind, Summary>;
	rssGrowthMiB: Record<QueryKind, Summary>;
	heapGrowthMiB: Record<QueryKind, Summary>;
}

export interface ReportsResult {
	render: Record<string, RenderFigures>;
	query?: QueryFigures;
	querySkipped?: string;
}

async function renderFigures(size: number, runs: number, binaryDir: string, plainDir: string): Promise<RenderFigures> {
	const emu = await EmulatorProcess.start({ seed: { reporting: { largeReportBytes: size } } });
	const raw: { node: ReportResult[]; plain: ReportResult[] } = { node: [], plain: [] };
	try {
		for (let r = 0; r < runs; r++) {
			const file = path.join(plainDir, `render-${r}.pdf`);
			const ours = () => measure({ kind: 'nodeRender', url: emu.url, path: LARGE_REPORT, warmUpReport: WARM_UP_REPORT, binaryDir });
			const bare = () => measure({ kind: 'plainRender', url: emu.url, path: LARGE_REPORT, warmUpReport: WARM_UP_REPORT, file });
			// Alternate which goes first, so that neither always meets a busier disk cache.
			const [node, plain] = r % 2 === 0 ? [await ours(), await bare()] : (await bare().then(async (p) => [await ours(), p]));
			if (node.bytes !== plain.bytes) throw new Error(`The node stored ${node.bytes} bytes, the plain GET ${plain.bytes}`);
			raw.node.push(node);
			raw.plain.push(plain);
			await fsp.rm(file, { force: true });
			for (const entry of await fsp.readdir(binaryDir)) await fsp.rm(path.join(binaryDir, entry), { recursive: true, force: true });
			console.log(
				`  ${size / MiB} MiB run ${r + 1}/${runs}: node ${(node.ms / 1000).toFixed(2)} s, +${(node.memory.rss / MiB).toFixed(0)} MiB RSS; plain ${(plain.ms / 1000).toFixed(2)} s, +${(plain.memory.rss / MiB).toFixed(0)} MiB RSS`,
			);
		}
	} finally {
		await emu.stop();
	}
	const bytes = raw.node[0].bytes;
	const mibPerS = (t: ReportResult) => bytes / MiB / (t.ms / 1000);
	const of = (pick: (t: ReportResult) => number) => ({ node: summarize(raw.node.map(pick)), plain: summarize(raw.plain.map(pick)) });
	return {
		bytes,
		runs,
		seconds: of((t) => t.ms / 1000),
		throughput: of(mibPerS),
		rssGrowthMiB: of((t) => t.memory.rss / MiB),
		heapGrowthMiB: of((t) => t.memory.heapUsed / MiB),
		externalGrowthMiB: of((t) => t.memory.external / MiB),
		ratio: summarize(raw.node.map((t, i) => mibPerS(t) / mibPerS(raw.plain[i]))),
	};
}

async function queryFigures(runs: number): Promise<QueryFigures | string> {
	const emu = await EmulatorProcess.start({ seed: { cda: { benchRows: BENCH_CDA.rows } } });
	try {
		const base = { url: emu.url, path: BENCH_CDA.file, query: BENCH_CDA.query, warmUpPath: BENCH_CDA.warmUpFile, warmUpQuery: BENCH_CDA.warmUp };
		let probe: ReportResult;
		try {
			probe = await measure({ kind: 'plainQuery', ...base });
		} catch (error) {
			return `the emulator has no benchmark query ${BENCH_CDA.query} in ${BENCH_CDA.file} (${(error as Error).message.slice(0, 200)})`;
		}
		const raw: Record<QueryKind, ReportResult[]> = { node: [], nodePaged: [], plain: [] };
		for (let r = 0; r < runs; r++) {
			const tasks: Array<[QueryKind, ReportTask]> = [
				['node', { kind: 'nodeQuery', ...base }],
				['nodePaged', { kind: 'nodeQuery', ...base, pageSize: 10_000 }],
				['plain', { kind: 'plainQuery', ...base }],
			];
			if (r % 2 === 1) tasks.reverse();
			for (const [kind, task] of tasks) {
				const result = await measure(task);
				if (result.rows !== BENCH_CDA.rows) throw new Error(`${kind} gave ${result.rows} rows, not ${BENCH_CDA.rows}`);
				raw[kind].push(result);
			}
			console.log(`  query run ${r + 1}/${runs}: ${(['node', 'nodePaged', 'plain'] as QueryKind[]).map((k) => `${k} ${(raw[k][r].ms / 1000).toFixed(2)} s, +${(raw[k][r].memory.rss / MiB).toFixed(0)} MiB RSS`).join('; ')}`);
		}
		const kinds: QueryKind[] = ['node', 'nodePaged', 'plain'];
		const of = (pick: (t: ReportResult) => number) => Object.fromEntries(kinds.map((k) => [k, summarize(raw[k].map(pick))])) as Record<QueryKind, Summary>;
		return {
			rows: BENCH_CDA.rows,
			runs,
			answerBytes: probe.bytes,
			seconds: of((t) => t.ms / 1000),
			itemsPerSecond: of((t) => BENCH_CDA.rows / (t.ms / 1000)),
			rssGrowthMiB: of((t) => t.memory.rss / MiB),
			heapGrowthMiB: of((t) => t.memory.heapUsed / MiB),
		};
	} finally {
		await emu.stop();
	}
}

async function main() {
	const runs = runsOf(3);
	const binaryDir = mkdtempSync(path.join(os.tmpdir(), 'bench-n8n-binary-'));
	const plainDir = mkdtempSync(path.join(os.tmpdir(), 'bench-plain-'));
	const result: ReportsResult = { render: {} };
	try {
		for (const size of RENDER_SIZES) result.render[`${size / MiB}MiB`] = await renderFigures(size, runs, binaryDir, plainDir);
		const query = await queryFigures(runs);
		if (typeof query === 'string') {
			result.querySkipped = query;
			console.log(`  query skipped: ${query}`);
		} else {
			result.query = query;
		}
		console.log(`  results: ${writeSectionResult('reports', result)}`);
	} finally {
		await fsp.rm(binaryDir, { recursive: true, force: true });
		await fsp.rm(plainDir, { recursive: true, force: true });
	}
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
