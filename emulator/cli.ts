/**
 * npm run emulator -- [--port 8080] [--host 127.0.0.1] [--context-path /pentaho] [--token-ttl 300]
 *                     [--allow-stop] [--latency 0] [--job-duration 1500] [--data seed.json]
 *                     [--fault kind:pattern[:times]]...
 */
import { readFileSync } from 'node:fs';

import { FAULT_KINDS, startEmulator, type EmulatorOptions } from './index';
import { Faults } from './core/faults';

function usage(): never {
	console.log(`Usage: npm run emulator -- [options]
  --port N            port to listen on (default 8080; 0 for a free one)
  --host H            address to listen on (default 127.0.0.1)
  --context-path P    context path of the server (default /pentaho)
  --token-ttl S       catalog token lifetime in seconds (default 300)
  --allow-stop        accept the worker's stop operation
  --latency MS        delay every answer by MS milliseconds
  --job-duration MS   how long a worker job runs (default 1500)
  --data FILE         seed data (JSON, by area) merged over the built-in fixture
  --fault K:PATTERN[:TIMES]   inject a fault (${FAULT_KINDS.join(', ')}) on paths matching PATTERN`);
	process.exit(0);
}

async function main() {
	const args = process.argv.slice(2);
	const options: EmulatorOptions = { port: 8080 };
	const faults: string[] = [];
	for (let i = 0; i < args.length; i++) {
		const arg = args[i];
		const value = () => {
			const next = args[++i];
			if (next === undefined) throw new Error(`${arg} needs a value`);
			return next;
		};
		switch (arg) {
			case '--port': options.port = Number(value()); break;
			case '--host': options.host = value(); break;
			case '--context-path': options.contextPath = value(); break;
			case '--token-ttl': options.tokenTtl = Number(value()); break;
			case '--allow-stop': options.allowStop = true; break;
			case '--latency': options.latency = Number(value()); break;
			case '--job-duration': options.jobDurationMs = Number(value()); break;
			case '--data': options.seed = JSON.parse(readFileSync(value(), 'utf8')) as Record<string, unknown>; break;
			case '--fault': faults.push(value()); break;
			case '--help':
			case '-h':
				return usage();
			default: throw new Error(`Unknown option ${arg} (see --help)`);
		}
	}
	const emulator = await startEmulator(options);
	for (const spec of faults) emulator.app.faults.add(Faults.parse(spec));
	console.log(`Dataflow emulator running
  Base URL (Dataflow Server API credential):    ${emulator.url}
  Catalog URL (Dataflow Catalog API credential): ${emulator.catalogUrl}
  Users (username / password / role):
${emulator.app.users.map((u) => `    ${u.name} / ${u.password} / ${u.admin ? 'administrator' : 'user'}`).join('\n')}
  Control: http://${emulator.app.options.host}:${emulator.app.port}/__emulator/{faults,requests,info}
Press Ctrl+C to stop.`);
	const shutdown = () => {
		void emulator.stop().then(() => process.exit(0));
	};
	process.on('SIGINT', shutdown);
	process.on('SIGTERM', shutdown);
}

main().catch((error: Error) => {
	console.error(error.message);
	process.exit(1);
});
