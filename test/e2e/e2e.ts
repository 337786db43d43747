/**
 * npm run test:e2e [-- <scenario>...] [--keep] [--no-server-check]
 *
 * The package in a real n8n (2.41.1 on Node 24, the pinned toolchain): build, pack, install the
 * tarball into a fresh n8n user folder as n8n installs community packages, then for every scenario
 * (examples/<nn>-<name>.json + test/e2e/scenarios/<name>.ts) start its emulators, import its
 * credentials, `n8n execute --id` its workflow and check the outcome. Then `n8n start`: every node
 * and credential type listed, credential tests OK / Error. Ends with `E2E: N passed, N failed`.
 */
import { heartbeat } from './lib/heartbeat';
import { serverChecks } from './lib/serverCheck';
import { discoverScenarios, secs, Session } from './lib/runner';

async function main(): Promise<number> {
	const args = process.argv.slice(2);
	const keep = args.includes('--keep');
	const serverCheck = !args.includes('--no-server-check');
	const only = args.filter((a) => !a.startsWith('--'));
	// A line at least every 25 s, also while n8n installs, starts or runs a workflow.
	const beat = heartbeat((line) => console.log(line));
	const say = (line: string) => beat.say(line);
	const started = Date.now();

	const scenarios = await discoverScenarios(only);
	const session = new Session('e2e');
	session.serverLog = say;
	let passed = 0;
	let failed = 0;
	try {
		await session.prepare(say);
		const { toolchain, pkg } = session;
		say(`E2E: ${pkg.name} ${pkg.version} in n8n ${toolchain.n8nVersion} on Node ${toolchain.nodeVersion} (toolchain ${toolchain.dir})`);
		let t0 = Date.now();
		await session.importWorkflows(scenarios);
		say(`Imported ${scenarios.filter((s) => s.workflow && !s.problem).length} example workflow(s) in ${secs(t0)}`);

		for (const scenario of scenarios) {
			const outcome = await session.runScenario(scenario);
			const label = `${scenario.number}-${scenario.name}`;
			const title = scenario.definition?.title ?? scenario.workflow?.name ?? '';
			const time = `${(outcome.durationMs / 1000).toFixed(1)} s`;
			if (outcome.passed) {
				passed++;
				say(`PASS  ${label}: ${title} (${time}${scenario.definition ? '' : ', no assertion module: run status only'})`);
			} else {
				failed++;
				say(`FAIL  ${label}: ${title} (${time})`);
				for (const line of (outcome.failure ?? '').split('\n')) say(`      ${line}`);
				for (const line of outcome.account) say(`      · ${line}`);
			}
		}

		if (serverCheck) {
			t0 = Date.now();
			for (const result of await serverChecks(session, say)) {
				if (result.passed) passed++;
				else failed++;
			}
			say(`      real-n8n check took ${secs(t0)}`);
		}
	} catch (error) {
		failed++;
		say(`FAIL  setup: ${(error as Error).message}`);
	} finally {
		await session.close(keep || failed > 0, say);
	}
	beat.stop();
	say(`E2E: ${passed} passed, ${failed} failed (${secs(started)})`);
	return failed > 0 || passed === 0 ? 1 : 0;
}

main().then(
	(code) => process.exit(code),
	(error: Error) => {
		console.error(error.stack ?? error.message);
		console.log('E2E: 0 passed, 1 failed');
		process.exit(1);
	},
);
