/**
 * 2. Large XML: the worker's server status with 5000 jobs (Worker → Server → Get Status) and a
 * scheduler list of 10 000 jobs as XML (Scheduler → Schedule → Get Many, Return All), turned into
 * items by our node through n8n's engine, against parsing the same document with fast-xml-parser
 * alone (same parser options as nodes/common/xml.ts, no validation), against fetching the document
 * with Node's http client and then parsing it, and against fetching, validating and parsing it (the
 * node's own work minus n8n and the conversion into items).
 *
 * The emulator computes each document once and then sends it as is, so that the server's own time
 * to build 10 000 jobs is not billed to the node. The scheduler answers XML although the node asks
 * for JSON, as servers do that ignore Accept (the node then reads the XML).
 */
import http from 'node:http';

import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { IDataObject, INode, INodeType } from 'n8n-workflow';

import { parseXml, XML_PARSER_OPTIONS } from '../nodes/common/xml';
import { DataflowScheduler } from '../nodes/Scheduler/DataflowScheduler.node';
import { jobsFromBody, normalizeJob } from '../nodes/Scheduler/shared/jobs';
import { DataflowWorker } from '../nodes/Worker/DataflowWorker.node';
import { readServerStatus } from '../nodes/Worker/shared/serverStatus';
import { run } from './lib/engine';
import { EmulatorProcess } from './lib/emulator';
import { collectGarbage, MiB, ms, runsOf, summarize, writeSectionResult, type Summary } from './lib/env';

const WORKER_JOBS = 5000;
const SCHEDULES = 10_000;

/** The parser configuration of nodes/common/xml.ts, imported so that it cannot drift. */
const parser = new XMLParser(XML_PARSER_OPTIONS);

const NODE_STUB = { name: 'Bench', type: 'bench', typeVersion: 1, position: [0, 0], parameters: {}, id: 'bench' } as INode;

function scheduleRequests(count: number): Array<{ user: string; request: IDataObject; state?: string }> {
	const past = new Date(Date.now() - 30 * 86_400_000).toISOString();
	const out: Array<{ user: string; request: IDataObject; state?: string }> = [];
	for (let i = 0; i < count; i++) {
		const kind = i % 3;
		const request: IDataObject = {
			jobName: `Report ${String(i).padStart(5, '0')}`,
			inputFile: `/public/reports/report_${i % 250}.prpt`,
			outputFile: `/home/${i % 2 ? 'admin' : 'suzy'}/output`,
			timeZone: ['UTC', 'Europe/Berlin', 'America/New_York'][i % 3],
			jobParameters: [{ name: 'region', type: 'string', stringValue: [['EMEA', 'APAC', 'AMER'][i % 3]] }],
		};
		if (kind === 0) request.simpleJobTrigger = { uiPassParam: 'HOURS', repeatInterval: 3600, repeatCount: -1, startTime: past };
		else if (kind === 1) request.complexJobTrigger = { uiPassParam: 'WEEKLY', daysOfWeek: [1, 3, 5], startTime: past, startHour: 6, startMin: 30 };
		else request.cronJobTrigger = { uiPassParam: 'CRON', cronString: '0 15 10 ? * MON-FRI', startTime: past };
		out.push({ user: i % 2 ? 'admin' : 'suzy', request, ...(i % 10 === 9 ? { state: 'PAUSED' } : {}) });
	}
	return out;
}

function fetchText(url: string, accept: string): Promise<string> {
	return new Promise((resolve, reject) => {
		const authorization = `Basic ${Buffer.from('admin:password').toString('base64')}`;
		http
			.get(url, { agent: new http.Agent(), headers: { Authorization: authorization, Accept: accept } }, (response) => {
				const chunks: Buffer[] = [];
				response.on('data', (chunk: Buffer) => chunks.push(chunk));
				response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
				response.on('error', reject);
			})
			.on('error', reject);
	});
}

interface Document {
	name: 'serverStatus' | 'scheduleList';
	url: string;
	accept: string;
	nodeType: INodeType;
	parameters: INode['parameters'];
	expectedItems: number;
	/** The node's own conversion after parsing (for the breakdown). */
	normalize: (doc: IDataObject) => number;
}

export interface XmlFigures {
	bytes: number;
	items: number;
	times: Record<'node' | 'parse' | 'fetchAndParse' | 'fetchValidateParse' | 'fetch' | 'validate' | 'nodeParseXml' | 'normalize', Summary>;
	ratios: Record<'node_parse' | 'node_fetchAndParse' | 'node_fetchValidateParse', Summary>;
	msPerMiB: Record<'node' | 'parse' | 'fetchAndParse' | 'fetchValidateParse', Summary>;
}

export interface LargeXmlResult {
	runs: number;
	documents: Record<string, XmlFigures>;
}

async function main() {
	const runs = runsOf(5);
	const emu = await EmulatorProcess.start({
		seed: { scheduler: { schedules: scheduleRequests(SCHEDULES), blockouts: [], contentCleaner: false } },
	});
	try {
		await emu.call('seedWorkerJobs', { count: WORKER_JOBS });
		await emu.call('xmlOnly', { path: '/api/scheduler/getJobs' });
		await emu.call('cache', { method: 'GET', path: '/dataflow/status' });
		await emu.call('cache', { method: 'GET', path: '/api/scheduler/getJobs' });
		const documents: Document[] = [
			{
				name: 'serverStatus',
				url: `${emu.url}/dataflow/status?xml=Y`,
				accept: 'application/xml, text/xml;q=0.9, */*;q=0.1',
				nodeType: new DataflowWorker(),
				parameters: { resource: 'server', operation: 'getStatus', output: 'all' },
				expectedItems: 1 + WORKER_JOBS + 2,
				normalize: (doc) => {
					const status = readServerStatus(NODE_STUB, doc, 0);
					return 1 + status.jobs.length + status.transformations.length;
				},
			},
			{
				name: 'scheduleList',
				url: `${emu.url}/api/scheduler/getJobs`,
				accept: 'application/json',
				nodeType: new DataflowScheduler(),
				parameters: { resource: 'schedule', operation: 'getMany', returnAll: true, filters: {} },
				expectedItems: SCHEDULES,
				normalize: (doc) => jobsFromBody(doc).map(normalizeJob).length,
			},
		];
		const result: LargeXmlResult = { runs, documents: {} };
		for (const document of documents) {
			const text = await fetchText(document.url, document.accept);
			if (!/^<\?xml/.test(text)) throw new Error(`${document.name} is not XML: ${text.slice(0, 80)}`);
			const bytes = Buffer.byteLength(text);
			const times: Record<keyof XmlFigures['times'], number[]> = {
				node: [],
				parse: [],
				fetchAndParse: [],
				fetchValidateParse: [],
				fetch: [],
				validate: [],
				nodeParseXml: [],
				normalize: [],
			};
			const credentials = { dataflowServerApi: emu.credentials() };
			let items = 0;
			const once = async (record: boolean) => {
				const keep = (key: keyof typeof times, value: number) => record && times[key].push(value);
				collectGarbage();
				let start = process.hrtime.bigint();
				const output = await run(document.nodeType, { parameters: document.parameters, credentials });
				keep('node', ms(start));
				if (output.error) throw output.error;
				items = output.items.length;
				if (items !== document.expectedItems) throw new Error(`${document.name}: ${items} items, expected ${document.expectedItems}`);

				collectGarbage();
				start = process.hrtime.bigint();
				parser.parse(text);
				keep('parse', ms(start));

				collectGarbage();
				start = process.hrtime.bigint();
				const fetched = await fetchText(document.url, document.accept);
				const fetchMs = ms(start);
				parser.parse(fetched);
				keep('fetchAndParse', ms(start));
				keep('fetch', fetchMs);

				collectGarbage();
				start = process.hrtime.bigint();
				const again = await fetchText(document.url, document.accept);
				if (XMLValidator.validate(again, { allowBooleanAttributes: true }) !== true) throw new Error(`${document.name} is not well-formed`);
				parser.parse(again);
				keep('fetchValidateParse', ms(start));

				collectGarbage();
				start = process.hrtime.bigint();
				XMLValidator.validate(text, { allowBooleanAttributes: true });
				keep('validate', ms(start));

				collectGarbage();
				start = process.hrtime.bigint();
				const doc = parseXml(text);
				keep('nodeParseXml', ms(start));
				start = process.hrtime.bigint();
				const count = document.normalize(doc);
				keep('normalize', ms(start));
				if (count !== document.expectedItems) throw new Error(`${document.name}: normalize gave ${count}`);
			};
			await once(false);
			for (let r = 0; r < runs; r++) {
				await once(true);
				console.log(
					`  ${document.name} run ${r + 1}/${runs}: node ${times.node[r].toFixed(0)} ms, parse ${times.parse[r].toFixed(0)} ms, fetch+parse ${times.fetchAndParse[r].toFixed(0)} ms`,
				);
			}
			const mib = bytes / MiB;
			const per = (key: keyof typeof times) => summarize(times[key].map((t) => t / mib));
			result.documents[document.name] = {
				bytes,
				items,
				times: Object.fromEntries(Object.entries(times).map(([k, v]) => [k, summarize(v)])) as XmlFigures['times'],
				ratios: {
					node_parse: summarize(times.node.map((t, i) => t / times.parse[i])),
					node_fetchAndParse: summarize(times.node.map((t, i) => t / times.fetchAndParse[i])),
					node_fetchValidateParse: summarize(times.node.map((t, i) => t / times.fetchValidateParse[i])),
				},
				msPerMiB: { node: per('node'), parse: per('parse'), fetchAndParse: per('fetchAndParse'), fetchValidateParse: per('fetchValidateParse') },
			};
		}
		console.log(`  results: ${writeSectionResult('largeXml', result)}`);
	} finally {
		await emu.stop();
	}
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
