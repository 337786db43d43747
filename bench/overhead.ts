/**
 * 1. Per-item overhead: 1000 input items, each one small request (Repository → File → Get
 * Properties of /home/admin/sales.ktr), through n8n's engine with our node; the same 1000
 * requests through n8n's own HTTP Request node in the same engine; and a bare loop of the same
 * requests with Node's http client. Every variant runs once per run, in a rotating order, so the
 * ratios of a run come from one run.
 */
import http from 'node:http';

import type { INode, INodeExecutionData } from 'n8n-workflow';

import { DataflowRepository } from '../nodes/Repository/DataflowRepository.node';
import { credentialTypes, loadHttpRequestNode, run, runWorkflow, type HttpRequestNode } from './lib/engine';
import { EmulatorProcess } from './lib/emulator';
import { collectGarbage, ms, runsOf, summarize, writeSectionResult, type Summary } from './lib/env';

const ITEMS = 1000;
const FILE = '/home/admin/sales.ktr';
const PATH_ID = ':home:admin:sales.ktr';

type Variant =
	| 'oursDefault'
	| 'oursAllAtOnce'
	| 'oursBatch128'
	| 'httpRequestDefault'
	| 'bareNewConnection8'
	| 'bareNewConnectionAll'
	| 'bareKeepAlive8'
	| 'bareKeepAliveAll';

const VARIANTS: Variant[] = [
	'oursDefault',
	'oursAllAtOnce',
	'oursBatch128',
	'httpRequestDefault',
	'bareNewConnection8',
	'bareNewConnectionAll',
	'bareKeepAlive8',
	'bareKeepAliveAll',
];

const repository = new DataflowRepository();

function inputItems(): INodeExecutionData[] {
	return Array.from({ length: ITEMS }, (_, i) => ({ json: { i } }));
}

/** Our node; `batchSize` sets Request Options → Batching → Batch Size (undefined: the default, 8 at a time). */
async function ours(emu: EmulatorProcess, batchSize?: number): Promise<number> {
	const parameters: INode['parameters'] = {
		resource: 'file',
		operation: 'getProperties',
		path: { __rl: true, mode: 'path', value: FILE },
	};
	if (batchSize !== undefined) parameters.requestOptions = { batching: { batch: { batchSize, batchInterval: 0 } } };
	const input = inputItems();
	const start = process.hrtime.bigint();
	const result = await run(repository, { parameters, credentials: { dataflowServerApi: emu.credentials() }, input });
	const elapsed = ms(start);
	if (result.error) throw result.error;
	if (result.items.length !== ITEMS || result.items[ITEMS - 1].json.name !== 'sales.ktr') {
		throw new Error(`Our node gave ${result.items.length} items, the last ${JSON.stringify(result.items[ITEMS - 1]?.json)}`);
	}
	return elapsed;
}

async function httpRequestNode(emu: EmulatorProcess, node: HttpRequestNode): Promise<number> {
	const httpNode: INode = {
		id: 'http-request',
		name: 'HTTP Request',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: node.defaultVersion,
		position: [200, 0],
		parameters: {
			method: 'GET',
			url: `${emu.url}/api/repo/files/${PATH_ID}/properties`,
			authentication: 'genericCredentialType',
			genericAuthType: 'httpBasicAuth',
			sendHeaders: true,
			headerParameters: { parameters: [{ name: 'Accept', value: 'application/json' }] },
			options: {},
		},
		credentials: { httpBasicAuth: { id: 'basic-1', name: 'Emulator admin' } },
	};
	const start: INode = { id: 'start', name: 'Start', type: 'start', typeVersion: 1, position: [0, 0], parameters: {} };
	const input = inputItems();
	const begin = process.hrtime.bigint();
	const result = await runWorkflow({
		nodeTypes: { 'n8n-nodes-base.httpRequest': node.nodeType },
		credentialTypes: { ...credentialTypes, httpBasicAuth: node.basicAuth },
		credentials: { httpBasicAuth: { user: 'admin', password: 'password' } },
		nodes: [start, httpNode],
		connections: { Start: { main: [[{ node: 'HTTP Request', type: 'main', index: 0 }]] } },
		startNodeName: 'Start',
		input,
	});
	const elapsed = ms(begin);
	const error = result.errorOf('HTTP Request');
	if (error) throw error;
	const items = result.outputOf('HTTP Request');
	if (items.length !== ITEMS || items[ITEMS - 1].json.name !== 'sales.ktr') {
		throw new Error(`The HTTP Request node gave ${items.length} items, the last ${JSON.stringify(items[ITEMS - 1]?.json)}`);
	}
	return elapsed;
}

function getJson(url: string, agent: http.Agent, authorization: string): Promise<unknown> {
	return new Promise((resolve, reject) => {
		const request = http.get(url, { agent, headers: { Authorization: authorization, Accept: 'application/json' } }, (response) => {
			const chunks: Buffer[] = [];
			response.on('data', (chunk: Buffer) => chunks.push(chunk));
			response.on('end', () => {
				if (response.statusCode !== 200) reject(new Error(`HTTP ${response.statusCode}`));
				else resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
			});
			response.on('error', reject);
		});
		request.on('error', reject);
	});
}

/** The same requests with Node's http client: `concurrency` at a time, a new connection per request or one keep-alive pool. */
async function bare(emu: EmulatorProcess, concurrency: number, connection: 'new' | 'keepAlive'): Promise<number> {
	const url = `${emu.url}/api/repo/files/${PATH_ID}/properties`;
	const authorization = `Basic ${Buffer.from('admin:password').toString('base64')}`;
	const pool = new http.Agent({ keepAlive: true });
	const results: unknown[] = new Array(ITEMS);
	let next = 0;
	const start = process.hrtime.bigint();
	const worker = async () => {
		while (next < ITEMS) {
			const index = next++;
			// n8n-core builds a new http.Agent for every request (so every request opens a connection).
			results[index] = await getJson(url, connection === 'new' ? new http.Agent() : pool, authorization);
		}
	};
	await Promise.all(Array.from({ length: Math.min(concurrency, ITEMS) }, worker));
	const elapsed = ms(start);
	pool.destroy();
	if ((results[ITEMS - 1] as { name?: string }).name !== 'sales.ktr') throw new Error('The bare loop got a wrong answer');
	return elapsed;
}

/** Wall time of one variant, and the CPU time this process used meanwhile (user + system). */
async function measure(variant: Variant, emu: EmulatorProcess, node: HttpRequestNode): Promise<{ wall: number; cpu: number }> {
	const before = process.cpuUsage();
	const wall = await measureWall(variant, emu, node);
	const used = process.cpuUsage(before);
	return { wall, cpu: (used.user + used.system) / 1000 };
}

async function measureWall(variant: Variant, emu: EmulatorProcess, node: HttpRequestNode): Promise<number> {
	switch (variant) {
		case 'oursDefault':
			return await ours(emu);
		case 'oursAllAtOnce':
			return await ours(emu, ITEMS);
		case 'oursBatch128':
			return await ours(emu, 128);
		case 'httpRequestDefault':
			return await httpRequestNode(emu, node);
		case 'bareNewConnection8':
			return await bare(emu, 8, 'new');
		case 'bareNewConnectionAll':
			return await bare(emu, ITEMS, 'new');
		case 'bareKeepAlive8':
			return await bare(emu, 8, 'keepAlive');
		case 'bareKeepAliveAll':
			return await bare(emu, ITEMS, 'keepAlive');
	}
}

export interface OverheadResult {
	items: number;
	runs: number;
	httpRequest: { nodesBaseVersion: string; typeVersion: number; toolchain: string; toolchainVersions: Record<string, string> };
	/** Requests the emulator saw per variant in the first run (each must be `items`). */
	requestsSeen: Record<string, number>;
	times: Record<Variant, Summary>;
	/** CPU time of the measuring process (user + system) per variant, ms; the emulator's is not included. */
	cpu: Record<Variant, Summary>;
	ratios: Record<string, Summary>;
	cpuRatios: Record<string, Summary>;
}

async function main() {
	const runs = runsOf(5);
	const node = await loadHttpRequestNode((line) => console.log(`  ${line}`));
	const emu = await EmulatorProcess.start();
	try {
		// Warm-up: load and compile everything once (not measured).
		const requestsSeen: Record<string, number> = {};
		for (const variant of VARIANTS) {
			await emu.resetRequests();
			await measure(variant, emu, node);
			const seen = await emu.requests();
			requestsSeen[variant] = seen[`GET /pentaho/api/repo/files/${PATH_ID}/properties`]?.count ?? 0;
			if (requestsSeen[variant] !== ITEMS) throw new Error(`${variant} sent ${requestsSeen[variant]} requests, not ${ITEMS}`);
		}
		const times = Object.fromEntries(VARIANTS.map((v) => [v, [] as number[]])) as Record<Variant, number[]>;
		const cpu = Object.fromEntries(VARIANTS.map((v) => [v, [] as number[]])) as Record<Variant, number[]>;
		for (let r = 0; r < runs; r++) {
			const order = VARIANTS.map((_, i) => VARIANTS[(i + r) % VARIANTS.length]);
			for (const variant of order) {
				collectGarbage();
				await new Promise((resolve) => setTimeout(resolve, 200));
				const measured = await measure(variant, emu, node);
				times[variant].push(measured.wall);
				cpu[variant].push(measured.cpu);
			}
			await emu.resetRequests();
			console.log(`  run ${r + 1}/${runs}: ${VARIANTS.map((v) => `${v} ${times[v][r].toFixed(0)} ms`).join(', ')}`);
		}
		const ratio = (a: Variant, b: Variant) => summarize(times[a].map((t, i) => t / times[b][i]));
		const cpuRatio = (a: Variant, b: Variant) => summarize(cpu[a].map((t, i) => t / cpu[b][i]));
		const result: OverheadResult = {
			items: ITEMS,
			runs,
			httpRequest: {
				nodesBaseVersion: node.nodesBaseVersion,
				typeVersion: node.defaultVersion,
				toolchain: node.toolchain,
				toolchainVersions: node.toolchainVersions,
			},
			requestsSeen,
			times: Object.fromEntries(VARIANTS.map((v) => [v, summarize(times[v])])) as Record<Variant, Summary>,
			cpu: Object.fromEntries(VARIANTS.map((v) => [v, summarize(cpu[v])])) as Record<Variant, Summary>,
			cpuRatios: {
				oursDefault_httpRequestDefault: cpuRatio('oursDefault', 'httpRequestDefault'),
				oursAllAtOnce_httpRequestDefault: cpuRatio('oursAllAtOnce', 'httpRequestDefault'),
			},
			ratios: {
				oursDefault_httpRequestDefault: ratio('oursDefault', 'httpRequestDefault'),
				oursAllAtOnce_httpRequestDefault: ratio('oursAllAtOnce', 'httpRequestDefault'),
				oursDefault_bareNewConnection8: ratio('oursDefault', 'bareNewConnection8'),
				oursAllAtOnce_bareNewConnectionAll: ratio('oursAllAtOnce', 'bareNewConnectionAll'),
				httpRequestDefault_bareNewConnectionAll: ratio('httpRequestDefault', 'bareNewConnectionAll'),
				oursDefault_bareKeepAlive8: ratio('oursDefault', 'bareKeepAlive8'),
				oursAllAtOnce_bareKeepAliveAll: ratio('oursAllAtOnce', 'bareKeepAliveAll'),
			},
		};
		console.log(`  results: ${writeSectionResult('overhead', result)}`);
	} finally {
		await emu.stop();
	}
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
