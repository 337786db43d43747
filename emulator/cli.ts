/**
 * npm run emulator -- [--port 8080] [--host 127.0.0.1] [--context-path /pentaho] [--token-ttl 300]
 *                     [--allow-stop] [--latency 0] [--job-duration 1500] [--data seed.json]
 *                     [--fault kind:pattern[:times]]... [--profile 9.3|10.2|11.0] [--csrf] [--data-dir DIR]
 *                     [--server hop]
 *
 * File contents live in a temporary folder that is removed when the emulator stops, also on Ctrl+C,
 * SIGTERM and SIGHUP (a closed terminal), and as a last resort when the process exits.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

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
  --fault K:PATTERN[:TIMES]   inject a fault (${FAULT_KINDS.join(', ')}) on paths matching PATTERN
  --profile V         server version to play where versions differ: 9.3, 10.2 or 11.0 (default 11.0)
  --csrf              turn the platform's CSRF protection on
  --data-dir DIR      where the temporary folder for file contents is made (default the system temp folder)
  --server hop        play an Apache Hop Server instead of the BI server (root address, user cluster / cluster)`);
	process.exit(0);
}

async function main() {
	const args = process.argv.slice(2);
	const options: EmulatorOptions = { port: 8080 };
	const faults: string[] = [];
	let dataBase = tmpdir();
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
			case '--profile': options.profile = value() as EmulatorOptions['profile']; break;
			case '--csrf': options.csrf = true; break;
			case '--data-dir': dataBase = value(); break;
			case '--server': {
				const server = value();
				if (server !== 'hop') throw new Error(`--server takes hop (the BI server is the default), not ${server}`);
				options.server = server;
				break;
			}
			case '--help':
			case '-h':
				return usage();
			default: throw new Error(`Unknown option ${arg} (see --help)`);
		}
	}
	const dataDir = mkdtempSync(path.join(dataBase, 'dataflow-emulator-'));
	// Synchronous, so it also runs when the process ends without the shutdown below (a second Ctrl+C).
	process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
	const emulator = await startEmulator({ ...options, dataDir });
	for (const spec of faults) emulator.app.faults.add(Faults.parse(spec));
	// Handlers first: whoever waits for the line below may stop us at once.
	let stopping = false;
	const shutdown = () => {
		if (stopping) process.exit(0);
		stopping = true;
		void emulator.stop().finally(() => process.exit(0));
	};
	process.on('SIGINT', shutdown);
	process.on('SIGTERM', shutdown);
	process.on('SIGHUP', shutdown);
	console.log(`Dataflow emulator${options.server === 'hop' ? ' (Hop Server)' : ''} running
  Base URL (Dataflow Server API credential):    ${emulator.url}
  Catalog URL (Dataflow Catalog API credential): ${emulator.catalogUrl}
  Users (username / password / role):
${emulator.app.users.map((u) => `    ${u.name} / ${u.password} / ${u.admin ? 'administrator' : 'user'}`).join('\n')}
  Control: http://${emulator.app.options.host}:${emulator.app.port}/__emulator/{faults,requests,info}
Press Ctrl+C to stop.`);
}

main().catch((error: Error) => {
	console.error(error.message);
	process.exit(1);
});
