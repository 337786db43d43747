/**
 * npm run dev [-- --port 5678] [--emulator-port 8080] [--fresh]
 *
 * The emulator(s), with `npm run emulator`'s defaults (the examples are written for those; scenario
 * options such as 3-second catalog tokens are for the tests only), plus the n8n editor on
 * http://127.0.0.1:5678 with the package built and installed
 * (as n8n installs community packages), credentials pre-created for the emulator, the example
 * workflows imported and an owner account set up. The n8n user folder is .e2e/dev/n8n-home and is
 * kept between runs (your own workflows stay); `--fresh` starts from an empty one. Ctrl+C stops
 * everything.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';

import { MCP_BEARER_TOKEN } from './lib/credentials';
import { OWNER } from './lib/n8n';
import { ROOT } from './lib/paths';
import { portIsFree } from './lib/processes';
import { discoverScenarios, Session } from './lib/runner';

function option(args: string[], name: string, fallback: number): number {
	const index = args.indexOf(name);
	if (index < 0) return fallback;
	const value = Number(args[index + 1]);
	if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} needs a port number`);
	return value;
}

async function main(): Promise<void> {
	const args = process.argv.slice(2);
	const port = option(args, '--port', 5678);
	const emulatorPort = option(args, '--emulator-port', 8080);
	const workDir = path.join(ROOT, '.e2e', 'dev');
	if (args.includes('--fresh')) rmSync(workDir, { recursive: true, force: true });
	if (!(await portIsFree(port))) throw new Error(`Port ${port} on 127.0.0.1 is in use; stop what runs there or use npm run dev -- --port N`);

	const say = (line: string) => console.log(line);
	const session = new Session('dev', workDir);
	let exitCode = 0;
	try {
		await session.prepare(say, { userFolder: path.join(workDir, 'n8n-home'), encryptionKey: 'dataflow-dev-not-secret' });
		const scenarios = await discoverScenarios();
		const ports: Record<string, number> = (await portIsFree(emulatorPort)) ? { main: emulatorPort } : {};
		const { emulators, credentials } = await session.provision(scenarios, { ports, allKnownCredentials: true });
		say(`Imported ${credentials.length} credential(s) and ${scenarios.filter((s) => s.workflow).length} example workflow(s)`);
		const server = await session.n8n.start(port);
		await server.setupOwnerAndLogin();
		const { toolchain, pkg } = session;
		say('');
		say(`n8n ${toolchain.n8nVersion} (Node ${toolchain.nodeVersion}) with ${pkg.name} ${pkg.version} is running:`);
		say(`  Editor:    ${server.url}`);
		say(`  Login:     ${OWNER.email} / ${OWNER.password}`);
		for (const [key, emulator] of Object.entries(emulators)) {
			say(`  Emulator ${key}: ${emulator.url}, catalog ${emulator.catalogUrl} (npm run emulator's defaults); users admin, suzy, analyst / password`);
		}
		say(`  Credentials: ${credentials.map((c) => `"${c.name}"`).join(', ')}`);
		if (credentials.some((c) => c.id === 'mcpBearer01')) {
			say(`  MCP (example 08, once published): ${server.url}/mcp/dataflow-tools, header Authorization: Bearer ${MCP_BEARER_TOKEN} (made up for this run)`);
		}
		say(`  Examples:  ${scenarios.map((s) => `${s.number}-${s.name}`).join(', ')} (Overview → Workflows)`);
		say(`  User folder: ${session.n8n.userFolder} (kept; npm run dev -- --fresh to start over)`);
		say('Press Ctrl+C to stop.');
		await server.child.exited;
		if (session.group.stopping) return;
		say(`n8n stopped by itself (${server.child.exitCode ?? server.child.signal}); see ${path.join(workDir, 'n8n-start.log')}`);
		exitCode = 1;
	} finally {
		await session.close(true, () => undefined);
	}
	process.exit(exitCode);
}

main().catch((error: Error) => {
	console.error(`npm run dev failed: ${error.message}`);
	process.exit(1);
});
