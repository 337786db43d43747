/**
 * The emulator for the benchmarks, in its own process (started by `bench/lib/emulator.ts` over IPC)
 * so that the server's work never shares the event loop or the heap of the process being measured.
 *
 * Commands (IPC `{ id, cmd, args }` → `{ id, result }` or `{ id, error }`):
 *   start(options)              start the emulator; answers { url, catalogUrl, pid }
 *   seedWorkerJobs({ count })   add jobs to the worker (mostly finished, some running) for the status page
 *   xmlOnly({ path })           the route answers XML even when asked for JSON (as servers that ignore Accept)
 *   cache({ method, path })     the route's answer is computed once and then sent as is (the server's own
 *                               time to build a large document is not what the benchmark measures)
 *   requests() / resetRequests() the request log: count and bytes by "METHOD /path"
 *   lastRequestAt({ key })      when the last "METHOD /path" request arrived (Date.now() of the emulator)
 *   logStats() / resetLogStats() log lines and bytes the worker handed out in jobStatus answers
 *   job({ id })                 when a job started and when it finished (emulator clock = Date.now())
 *   memory()                    the emulator's own memory
 */
import net from 'node:net';

import { startEmulator, type RunningEmulator } from '../emulator';
import type { WorkerState } from '../emulator/areas/worker';
import type { RequestContext } from '../emulator/core/types';

/**
 * A listen backlog of 4096 instead of Node's 511: the n8n HTTP Request node (and the "all at once"
 * variants) open 1000 connections at the same moment, and an overflowing accept queue makes the
 * kernel drop handshakes that are then retried after a second — an artefact of the server's
 * queue, not of the client being measured.
 */
const listen = net.Server.prototype.listen as (...args: unknown[]) => net.Server;
net.Server.prototype.listen = function (this: net.Server, ...args: unknown[]) {
	if (typeof args[0] === 'number' && typeof args[1] === 'string' && typeof args[2] === 'function') {
		return listen.call(this, args[0], args[1], 4096, args[2]);
	}
	return listen.apply(this, args);
} as typeof net.Server.prototype.listen;

interface Message {
	id: number;
	cmd: string;
	args?: Record<string, unknown>;
}

let emulator: RunningEmulator | undefined;
const logStats = { answers: 0, lines: 0, bytes: 0 };

function running(): RunningEmulator {
	if (!emulator) throw new Error('The emulator is not started');
	return emulator;
}

function routeOf(method: string, path: string) {
	const app = running().app;
	const match = app.server.match(method, path);
	if (!match || !('route' in match)) throw new Error(`No route ${method} ${path}`);
	return match.route;
}

function worker(): WorkerState {
	return running().app.state.worker as WorkerState;
}

function countLogs(): void {
	const engine = worker().engine;
	const original = engine.logAfter.bind(engine);
	engine.logAfter = (job, from) => {
		const text = original(job, from);
		logStats.answers++;
		logStats.bytes += Buffer.byteLength(text);
		logStats.lines += text === '' ? 0 : text.split('\n').length - 1;
		return text;
	};
}

const commands: Record<string, (args: Record<string, unknown>) => unknown> = {
	async start(args) {
		emulator = await startEmulator(args as Parameters<typeof startEmulator>[0]);
		countLogs();
		return { url: emulator.url, catalogUrl: emulator.catalogUrl, pid: process.pid };
	},
	seedWorkerJobs(args) {
		const count = Number(args.count);
		const engine = worker().engine;
		for (let i = 0; i < count; i++) {
			// Four in five finished long ago, one in five still running (an hour long).
			const running = i % 5 === 4;
			engine.create({
				name: `load_batch_${String(i).padStart(5, '0')}`,
				source: 'run',
				path: `/public/etl/load_batch_${i}.kjb`,
				parameters: { DURATION_MS: running ? '3600000' : '0', LOG_LINES: '1' },
			});
		}
		engine.advance();
		return { jobs: engine.jobs.length };
	},
	xmlOnly(args) {
		const route = routeOf('GET', String(args.path));
		const original = route.handler;
		route.handler = (ctx: RequestContext) => original({ ...ctx, wantsJson: () => false });
		return true;
	},
	cache(args) {
		const route = routeOf(String(args.method ?? 'GET'), String(args.path));
		const original = route.handler;
		let answer: { status: number; body: string; contentType: string } | undefined;
		route.handler = async (ctx: RequestContext) => {
			if (answer) {
				ctx.send(answer.status, answer.body, answer.contentType);
				return;
			}
			const keep = (status: number, body: string, contentType: string) => {
				answer = { status, body, contentType };
				ctx.send(status, body, contentType);
			};
			await original({
				...ctx,
				sendXml: (status, xml, contentType = 'text/xml;charset=UTF-8') => keep(status, xml, contentType),
				sendJson: (status, value) => keep(status, JSON.stringify(value), 'application/json'),
			});
		};
		return true;
	},
	requests() {
		const out: Record<string, { count: number; bytes: number }> = {};
		for (const entry of running().app.requests) {
			const key = `${entry.method} ${entry.path}`;
			out[key] ??= { count: 0, bytes: 0 };
			out[key].count++;
			out[key].bytes += entry.bytes ?? 0;
		}
		return out;
	},
	lastRequestAt(args) {
		const matching = running().app.requests.filter((entry) => `${entry.method} ${entry.path}` === args.key);
		return matching.length === 0 ? null : matching[matching.length - 1].time;
	},
	resetRequests() {
		running().app.requests.length = 0;
		return true;
	},
	logStats() {
		return { ...logStats };
	},
	resetLogStats() {
		logStats.answers = 0;
		logStats.lines = 0;
		logStats.bytes = 0;
		return true;
	},
	job(args) {
		const job = worker().jobs.find((j) => j.id === args.id);
		if (!job) throw new Error(`No job ${String(args.id)}`);
		return { createdAt: job.createdAt, durationMs: job.durationMs, finishedAt: job.createdAt + job.durationMs, logLines: job.logLineTotal };
	},
	memory() {
		return process.memoryUsage();
	},
	async stop() {
		await emulator?.stop();
		emulator = undefined;
		return true;
	},
};

process.on('message', (message: Message) => {
	const handler = commands[message.cmd];
	Promise.resolve()
		.then(() => {
			if (!handler) throw new Error(`Unknown command ${message.cmd}`);
			return handler(message.args ?? {});
		})
		.then(
			(result) => process.send?.({ id: message.id, result }),
			(error: Error) => process.send?.({ id: message.id, error: error.message }),
		);
});
process.on('disconnect', () => {
	void (emulator?.stop() ?? Promise.resolve()).finally(() => process.exit(0));
});
process.send?.({ ready: true });
