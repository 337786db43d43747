/**
 * The emulator's Hop Server flavour as a child process for the real-n8n runs (`startEmulator(..., { server: 'hop' })`
 * in emulator.ts): `startEmulator({ server: 'hop' })` of emulator/index.ts with the options the e2e runner
 * passes (--port, --host, --job-duration, --latency, --data), printing the lines emulator.ts waits for, as
 * `npm run emulator` does. emulator/cli.ts has no option for the flavour yet (asked for in
 * /work/coord/hop-node-disputes.md); once it has, emulator.ts can pass it there instead.
 */
import { readFileSync } from 'node:fs';

import { startEmulator, type EmulatorOptions } from '../../../emulator';

async function main(): Promise<void> {
	const args = process.argv.slice(2);
	const options: EmulatorOptions = { server: 'hop', port: 8081 };
	for (let i = 0; i < args.length; i++) {
		const value = () => {
			const next = args[++i];
			if (next === undefined) throw new Error(`${args[i - 1]} needs a value`);
			return next;
		};
		switch (args[i]) {
			case '--port': options.port = Number(value()); break;
			case '--host': options.host = value(); break;
			case '--job-duration': options.jobDurationMs = Number(value()); break;
			case '--latency': options.latency = Number(value()); break;
			case '--data': options.seed = JSON.parse(readFileSync(value(), 'utf8')) as Record<string, unknown>; break;
			default: throw new Error(`Unknown option ${args[i]} for the Hop Server emulator`);
		}
	}
	const emulator = await startEmulator(options);
	let stopping = false;
	const shutdown = () => {
		if (stopping) process.exit(0);
		stopping = true;
		void emulator.stop().finally(() => process.exit(0));
	};
	process.on('SIGINT', shutdown);
	process.on('SIGTERM', shutdown);
	process.on('SIGHUP', shutdown);
	console.log(`Dataflow emulator (Hop Server) running
  Base URL (Dataflow Server API credential):    ${emulator.url}
  Catalog URL (Dataflow Catalog API credential): ${emulator.catalogUrl}
  Users (username / password): ${emulator.app.users.map((u) => `${u.name} / ${u.password}`).join(', ')}`);
}

main().catch((error: Error) => {
	console.error(error.message);
	process.exit(1);
});
