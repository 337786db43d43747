/**
 * 4. Run and Wait: a job that runs for a while and writes 10 000 log lines (the emulator's job
 * controls LOG_LINES and DURATION_MS), through Worker → Job → Run and Wait, against a poll loop
 * with Node's http client that re-reads the whole log every time (`from=0`), at the same poll
 * interval. Reported: status requests, bytes of the status answers, log lines the server handed
 * out (counted inside the emulator), and the delay from the job's end (emulator clock) to the
 * moment the node (or the loop) returned.
 */
import http from 'node:http';
import { gunzipSync } from 'node:zlib';

import { XMLParser } from 'fast-xml-parser';

import { DataflowWorker } from '../nodes/Worker/DataflowWorker.node';
import { run } from './lib/engine';
import { EmulatorProcess, type JobTimes, type LogStats } from './lib/emulator';
import { runsOf, summarize, writeSectionResult, type Summary } from './lib/env';

const LOG_LINES = 10_000;
const DURATION_MS = 5_000;
const POLL_SECONDS = 1;
const JOB_PATH = '/public/etl/daily_load';
const JOB_NAME = 'daily_load';
const AUTHORIZATION = `Basic ${Buffer.from('admin:password').toString('base64')}`;
const TERMINAL = /^(finished|finished \(with errors\)|stopped|stopped \(with errors\))$/i;

const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, processEntities: true, htmlEntities: true });

interface Outcome {
	jobId: string;
	returnedAt: number;
	logLinesReturned: number;
}

async function ours(emu: EmulatorProcess): Promise<Outcome> {
	const result = await run(new DataflowWorker(), {
		parameters: {
			resource: 'job',
			operation: 'runAndWait',
			jobPath: JOB_PATH,
			jobParameters: {
				entry: [
					{ name: 'LOG_LINES', value: String(LOG_LINES) },
					{ name: 'DURATION_MS', value: String(DURATION_MS) },
				],
			},
			options: { pollInterval: POLL_SECONDS, timeout: 120 },
		},
		credentials: { dataflowServerApi: emu.credentials() },
	});
	const returnedAt = Date.now();
	if (result.error) throw result.error;
	const json = result.items[0].json;
	const lines = String(json.log ?? '').split('\n').filter(Boolean).length;
	if (json.logLineCount !== LOG_LINES || lines !== LOG_LINES) throw new Error(`Our node returned ${String(json.logLineCount)} log lines (${lines} in the text)`);
	return { jobId: String(json.id), returnedAt, logLinesReturned: lines };
}

function get(url: string): Promise<string> {
	return new Promise((resolve, reject) => {
		http
			.get(url, { agent: new http.Agent(), headers: { Authorization: AUTHORIZATION, Accept: 'application/xml' } }, (response) => {
				const chunks: Buffer[] = [];
				response.on('data', (chunk: Buffer) => chunks.push(chunk));
				response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
				response.on('error', reject);
			})
			.on('error', reject);
	});
}

/** The naive client: start the job, then every interval read its status with the whole log. */
async function rereadLoop(emu: EmulatorProcess): Promise<Outcome> {
	const started = parser.parse(await get(`${emu.url}/dataflow/runJob?job=${encodeURIComponent(JOB_PATH)}&level=Basic&LOG_LINES=${LOG_LINES}&DURATION_MS=${DURATION_MS}`)) as {
		webresult: { id: string };
	};
	const id = started.webresult.id;
	let lines = 0;
	for (;;) {
		await new Promise((resolve) => setTimeout(resolve, POLL_SECONDS * 1000));
		const doc = parser.parse(await get(`${emu.url}/dataflow/jobStatus?name=${JOB_NAME}&id=${id}&xml=Y&from=0`)) as {
			jobstatus: { status_desc: string; logging_string: string };
		};
		const encoded = String(doc.jobstatus.logging_string ?? '').replace(/^<!\[CDATA\[|\]\]>$/g, '');
		const log = encoded === '' ? '' : gunzipSync(Buffer.from(encoded, 'base64')).toString('utf8');
		lines = log.split('\n').filter(Boolean).length;
		if (TERMINAL.test(doc.jobstatus.status_desc)) break;
	}
	const returnedAt = Date.now();
	if (lines !== LOG_LINES) throw new Error(`The re-read loop ended with ${lines} log lines`);
	return { jobId: id, returnedAt, logLinesReturned: lines };
}

export interface RunAndWaitFigures {
	statusRequests: Summary;
	statusBytes: Summary;
	logLinesServed: Summary;
	logBytesServed: Summary;
	/** Log lines served / lines the job wrote. */
	linesServedPerLine: Summary;
	delayMs: Summary;
	/** From the last status request reaching the server to the return: the client's own time after the final answer. */
	afterLastAnswerMs: Summary;
	jobSeconds: Summary;
}

export interface RunAndWaitResult {
	runs: number;
	logLines: number;
	durationMs: number;
	pollSeconds: number;
	ours: RunAndWaitFigures;
	reread: RunAndWaitFigures;
	/** Re-read / ours, per run. */
	ratios: { statusBytes: Summary; logLinesServed: Summary };
}

async function main() {
	const runs = runsOf(5);
	const emu = await EmulatorProcess.start();
	try {
		type Raw = Record<keyof RunAndWaitFigures, number[]>;
		const blank = (): Raw => ({ statusRequests: [], statusBytes: [], logLinesServed: [], logBytesServed: [], linesServedPerLine: [], delayMs: [], afterLastAnswerMs: [], jobSeconds: [] });
		const raw = { ours: blank(), reread: blank() };
		const once = async (who: 'ours' | 'reread') => {
			await emu.resetRequests();
			await emu.call('resetLogStats');
			const outcome = who === 'ours' ? await ours(emu) : await rereadLoop(emu);
			const job = await emu.call<JobTimes>('job', { id: outcome.jobId });
			const requests = await emu.requests();
			const stats = await emu.call<LogStats>('logStats');
			const lastStatusAt = await emu.call<number>('lastRequestAt', { key: 'GET /pentaho/dataflow/jobStatus' });
			const status = requests['GET /pentaho/dataflow/jobStatus'] ?? { count: 0, bytes: 0 };
			const figures = raw[who];
			figures.statusRequests.push(status.count);
			figures.statusBytes.push(status.bytes);
			figures.logLinesServed.push(stats.lines);
			figures.logBytesServed.push(stats.bytes);
			figures.linesServedPerLine.push(stats.lines / job.logLines);
			figures.delayMs.push(outcome.returnedAt - job.finishedAt);
			figures.afterLastAnswerMs.push(outcome.returnedAt - lastStatusAt);
			figures.jobSeconds.push(job.durationMs / 1000);
			return { status, stats, delay: outcome.returnedAt - job.finishedAt };
		};
		for (let r = 0; r < runs; r++) {
			const order: Array<'ours' | 'reread'> = r % 2 === 0 ? ['ours', 'reread'] : ['reread', 'ours'];
			const line: string[] = [];
			for (const who of order) {
				const { status, stats, delay } = await once(who);
				line.push(`${who}: ${status.count} status requests, ${(status.bytes / 1024).toFixed(0)} KiB, ${stats.lines} log lines served, returned ${delay} ms after the end`);
			}
			console.log(`  run ${r + 1}/${runs}: ${line.join('; ')}`);
		}
		const summaryOf = (figures: Raw) =>
			Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, summarize(v)])) as unknown as RunAndWaitFigures;
		const result: RunAndWaitResult = {
			runs,
			logLines: LOG_LINES,
			durationMs: DURATION_MS,
			pollSeconds: POLL_SECONDS,
			ours: summaryOf(raw.ours),
			reread: summaryOf(raw.reread),
			ratios: {
				statusBytes: summarize(raw.reread.statusBytes.map((b, i) => b / raw.ours.statusBytes[i])),
				logLinesServed: summarize(raw.reread.logLinesServed.map((b, i) => b / raw.ours.logLinesServed[i])),
			},
		};
		console.log(`  results: ${writeSectionResult('runAndWait', result)}`);
	} finally {
		await emu.stop();
	}
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
