/**
 * One measurement of bench/reports.ts, in a fresh process so that its peak memory growth is its own.
 *
 *   node --expose-gc scripts/run-ts.js bench/reportsWorker.ts '<json task>'
 *
 * Tasks: nodeRender (Report → Render of the emulator's large report as a PDF into n8n's filesystem
 * binary storage, the file checked end to end on the way), plainRender (http GET of the same report
 * URL piped into a file), nodeQuery (Query → Run with Return All: one item per row, typed; with
 * `pageSize`, CDA's paging), plainQuery (a bare http GET of the same doQuery, the answer read and
 * JSON.parse'd). Each first does a small run of the same kind (not measured), then samples memory
 * every 50 ms. The result is printed as one JSON line.
 */
import { createWriteStream, promises as fsp } from 'node:fs';
import http from 'node:http';
import { pipeline } from 'node:stream/promises';

import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';

import { DataflowReport } from '../nodes/Report/DataflowReport.node';
import { serverCredentials } from '../test/harness';
import { run, useFilesystemBinaryData } from './lib/engine';
import { ms } from './lib/env';
import { MemorySampler, type MemoryGrowth } from './lib/memory';

export interface ReportTask {
	kind: 'nodeRender' | 'plainRender' | 'nodeQuery' | 'plainQuery';
	/** The emulator's base URL (with the context path). */
	url: string;
	/** nodeRender / plainRender: the report; nodeQuery / plainQuery: the .cda file. */
	path: string;
	/** nodeQuery / plainQuery: the query, and a small one (in `warmUpPath`) for the warm-up. */
	query?: string;
	warmUpPath?: string;
	warmUpQuery?: string;
	/** nodeQuery: rows per request (0: one request). */
	pageSize?: number;
	/** nodeRender: n8n's binary-data folder. */
	binaryDir?: string;
	/** plainRender: the local file. */
	file?: string;
	/** The warm-up report (nodeRender / plainRender). */
	warmUpReport?: string;
}

export interface ReportResult {
	ms: number;
	/** Bytes of the file (render) or of the JSON answer (plain query). */
	bytes: number;
	/** Rows (query). */
	rows?: number;
	memory: MemoryGrowth;
}

const node = new DataflowReport();
const AUTHORIZATION = `Basic ${Buffer.from('admin:password').toString('base64')}`;
const rl = (value: string) => ({ __rl: true, mode: 'path', value });

function pathId(path: string): string {
	return encodeURIComponent(`:${path.split('/').filter(Boolean).join(':')}`).replace(/%3A/g, ':');
}

async function nodeRender(task: ReportTask, report: string): Promise<{ bytes: number }> {
	const result = await run(node, {
		parameters: { resource: 'report', operation: 'render', report: rl(report), format: 'pageable/pdf', parameterInput: 'json', parametersJson: '{}', binaryPropertyName: 'data' },
		credentials: { dataflowServerApi: serverCredentials(task.url, { password: 'password' }) },
	});
	if (result.error) throw result.error;
	const binary = result.items[0].binary?.data;
	if (!binary?.id?.startsWith('filesystem')) throw new Error(`The file is not in filesystem storage: ${JSON.stringify(binary).slice(0, 200)}`);
	const stored = await fsp.stat(Container.get(BinaryDataService).getPath(binary.id));
	return { bytes: stored.size };
}

async function plainRender(url: string, report: string, file: string): Promise<{ bytes: number }> {
	return await new Promise((resolve, reject) => {
		http
			.get(`${url}/api/repos/${pathId(report)}/report?output-target=pageable%2Fpdf`, { agent: new http.Agent(), headers: { Authorization: AUTHORIZATION } }, (response) => {
				if (response.statusCode !== 200) {
					reject(new Error(`GET answered ${response.statusCode}`));
					response.resume();
					return;
				}
				pipeline(response, createWriteStream(file))
					.then(async () => resolve({ bytes: (await fsp.stat(file)).size }))
					.catch(reject);
			})
			.on('error', reject);
	});
}

async function nodeQuery(task: ReportTask, path: string, query: string, pageSize: number): Promise<{ bytes: number; rows: number }> {
	const result = await run(node, {
		parameters: {
			resource: 'query',
			operation: 'run',
			cdaFile: rl(path),
			query,
			parameterInput: 'json',
			parametersJson: '{}',
			returnAll: true,
			options: pageSize ? { pageSize } : {},
		},
		credentials: { dataflowServerApi: serverCredentials(task.url, { password: 'password' }) },
	});
	if (result.error) throw result.error;
	return { bytes: 0, rows: result.items.length };
}

/** The baseline: the same query as a bare GET of doQuery (CDA answers GET and POST alike), the whole answer read and parsed. */
async function plainQuery(url: string, path: string, query: string): Promise<{ bytes: number; rows: number }> {
	const qs = new URLSearchParams({ path, dataAccessId: query, outputType: 'json' }).toString();
	return await new Promise((resolve, reject) => {
		http
			.get(`${url}/plugin/cda/api/doQuery?${qs}`, { agent: new http.Agent(), headers: { Authorization: AUTHORIZATION, Accept: 'application/json' } }, (response) => {
				const chunks: Buffer[] = [];
				response.on('data', (chunk: Buffer) => chunks.push(chunk));
				response.on('end', () => {
					if (response.statusCode !== 200) return reject(new Error(`doQuery answered ${response.statusCode}`));
					const text = Buffer.concat(chunks).toString('utf8');
					const parsed = JSON.parse(text) as { resultset: unknown[] };
					resolve({ bytes: Buffer.byteLength(text), rows: parsed.resultset.length });
				});
				response.on('error', reject);
			})
			.on('error', reject);
	});
}

async function measure(work: () => Promise<{ bytes: number; rows?: number }>): Promise<ReportResult> {
	const sampler = MemorySampler.start(50);
	const start = process.hrtime.bigint();
	const { bytes, rows } = await work();
	const elapsed = ms(start);
	return { ms: elapsed, bytes, ...(rows === undefined ? {} : { rows }), memory: sampler.stop() };
}

async function main() {
	const task = JSON.parse(process.argv[2]) as ReportTask;
	let result: ReportResult;
	switch (task.kind) {
		case 'nodeRender': {
			await useFilesystemBinaryData(task.binaryDir);
			await nodeRender(task, task.warmUpReport ?? task.path);
			result = await measure(async () => await nodeRender(task, task.path));
			break;
		}
		case 'plainRender': {
			const file = task.file!;
			await plainRender(task.url, task.warmUpReport ?? task.path, `${file}.warm-up`);
			await fsp.rm(`${file}.warm-up`, { force: true });
			result = await measure(async () => await plainRender(task.url, task.path, file));
			break;
		}
		case 'nodeQuery': {
			await nodeQuery(task, task.warmUpPath ?? task.path, task.warmUpQuery ?? task.query!, 0);
			result = await measure(async () => await nodeQuery(task, task.path, task.query!, task.pageSize ?? 0));
			break;
		}
		case 'plainQuery': {
			await plainQuery(task.url, task.warmUpPath ?? task.path, task.warmUpQuery ?? task.query!);
			result = await measure(async () => await plainQuery(task.url, task.path, task.query!));
			break;
		}
	}
	process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
