/**
 * npm run demo [-- <scenario>...] [--keep]
 *
 * Builds the package, installs it into a throwaway real n8n, starts the emulator(s), runs every
 * example workflow with `n8n execute` and prints a short account of what each step did. Exits
 * non-zero if any workflow fails (or does not do what its scenario expects).
 */
import { heartbeat } from './lib/heartbeat';
import { discoverScenarios, Session } from './lib/runner';

async function main(): Promise<number> {
	const args = process.argv.slice(2);
	const keep = args.includes('--keep');
	const only = args.filter((a) => !a.startsWith('--'));
	// A line at least every 25 s, also while n8n installs, starts or runs a workflow.
	const beat = heartbeat((line) => console.log(line));
	const say = (line: string) => beat.say(line);
	const setupLine = (line: string) => beat.say(`  ${line}`);

	const scenarios = await discoverScenarios(only);
	const session = new Session('demo');
	let failed = 0;
	try {
		say('Setting up:');
		await session.prepare(setupLine);
		await session.importWorkflows(scenarios);
		const { toolchain, pkg } = session;
		say('');
		say(`${pkg.name} ${pkg.version} in real n8n ${toolchain.n8nVersion} (Node ${toolchain.nodeVersion}), against the built-in emulator`);
		for (const scenario of scenarios) {
			say('');
			say(`▶ ${scenario.workflow?.name ?? scenario.name}   (examples/${scenario.number}-${scenario.name}.json)`);
			const outcome = await session.runScenario(scenario);
			outcome.account.forEach((line, index) => say(`  ${index + 1}. ${line}`));
			const seconds = (outcome.durationMs / 1000).toFixed(1);
			const status = outcome.run?.execution.status;
			if (outcome.passed) {
				say(`  ✔ ${status === 'error' ? 'failed as expected' : 'succeeded'} (${seconds} s with n8n's start-up)`);
			} else {
				failed++;
				say(`  ✘ ${outcome.failure ?? 'failed'}`.split('\n').join('\n    '));
			}
		}
		say('');
		say(failed ? `${failed} of ${scenarios.length} workflow(s) failed.` : `All ${scenarios.length} workflow(s) ran as expected.`);
	} catch (error) {
		failed++;
		say(`Demo failed: ${(error as Error).message}`);
	} finally {
		await session.close(keep || failed > 0, say);
		beat.stop();
	}
	return failed ? 1 : 0;
}

main().then(
	(code) => process.exit(code),
	(error: Error) => {
		console.error(error.stack ?? error.message);
		process.exit(1);
	},
);
