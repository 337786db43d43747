/**
 * Finds the scenarios (examples/<nn>-<name>.json paired with test/e2e/scenarios/<name>.ts) and runs
 * them in a real n8n: per scenario its emulators, its credentials imported with their URLs, then
 * `n8n execute --id`, the request logs read, the expectations checked. Shared by test:e2e, the
 * demo, dev and the screenshots.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { credentialsFor, KNOWN_CREDENTIALS, materialize, type CredentialSpec } from './credentials';
import { startEmulator, type EmulatorHandle, type EmulatorSpec } from './emulator';
import { N8n, type ExecutionResult, type N8nServer } from './n8n';
import { buildAndPack, installIntoN8n, type PackedPackage } from './pack';
import { EXAMPLES_DIR, SCENARIOS_DIR } from './paths';
import { ProcessGroup } from './processes';
import { defaultAccount, ScenarioRun, type ExampleWorkflow, type ScenarioDefinition } from './scenario';
import { ensureToolchain, type Toolchain } from './toolchain';

export interface Scenario {
	/** `<name>` of examples/<nn>-<name>.json and test/e2e/scenarios/<name>.ts */
	name: string;
	/** `<nn>` */
	number: string;
	exampleFile?: string;
	workflow?: ExampleWorkflow;
	definition?: ScenarioDefinition;
	/** Why the pair is incomplete, if it is. */
	problem?: string;
}

async function loadDefinition(name: string): Promise<ScenarioDefinition> {
	// esbuild bundles every file of test/e2e/scenarios/ for this pattern (a glob import).
	const module = (await import(`../scenarios/${name}.ts`)) as { default?: ScenarioDefinition; scenario?: ScenarioDefinition };
	const definition = module.default ?? module.scenario;
	if (!definition) throw new Error(`test/e2e/scenarios/${name}.ts exports no scenario (use export default defineScenario({...}))`);
	return definition;
}

/** Every example and every scenario module, paired by name, in example order. */
export async function discoverScenarios(only: string[] = []): Promise<Scenario[]> {
	const byName = new Map<string, Scenario>();
	for (const file of readdirSync(EXAMPLES_DIR).sort()) {
		const match = /^(\d+)-(.+)\.json$/.exec(file);
		if (!match) continue;
		const exampleFile = path.join(EXAMPLES_DIR, file);
		const scenario: Scenario = { name: match[2], number: match[1], exampleFile };
		try {
			scenario.workflow = JSON.parse(readFileSync(exampleFile, 'utf8')) as ExampleWorkflow;
			if (!scenario.workflow.id) scenario.problem = `examples/${file} has no fixed "id"`;
		} catch (error) {
			scenario.problem = `examples/${file} is not valid JSON: ${(error as Error).message}`;
		}
		byName.set(scenario.name, scenario);
	}
	for (const file of readdirSync(SCENARIOS_DIR).sort()) {
		const match = /^(.+)\.ts$/.exec(file);
		if (!match) continue;
		const scenario = byName.get(match[1]) ?? { name: match[1], number: '??', problem: `test/e2e/scenarios/${file} has no example examples/<nn>-${match[1]}.json` };
		try {
			scenario.definition = await loadDefinition(match[1]);
			if (scenario.definition.prepare && scenario.workflow) {
				// The run imports a changed copy; examples/ keeps what users get.
				scenario.definition.prepare(scenario.workflow);
				const copy = path.join(mkdtempSync(path.join(tmpdir(), 'dataflow-example-')), path.basename(scenario.exampleFile!));
				writeFileSync(copy, JSON.stringify(scenario.workflow, null, 2));
				scenario.exampleFile = copy;
			}
		} catch (error) {
			scenario.problem ??= (error as Error).message;
		}
		byName.set(scenario.name, scenario);
	}
	const all = [...byName.values()].sort((a, b) => `${a.number}-${a.name}`.localeCompare(`${b.number}-${b.name}`));
	if (only.length === 0) return all;
	const unknown = only.filter((name) => !all.some((s) => s.name === name || `${s.number}-${s.name}` === name || s.number === name));
	if (unknown.length) throw new Error(`Unknown scenario(s): ${unknown.join(', ')} (known: ${all.map((s) => s.name).join(', ')})`);
	return all.filter((s) => only.some((name) => s.name === name || `${s.number}-${s.name}` === name || s.number === name));
}

/** The emulators a scenario needs: the ones it lists, plus every one its credentials point at. */
export function emulatorSpecs(definition: ScenarioDefinition | undefined, credentials: CredentialSpec[]): Record<string, EmulatorSpec> {
	const specs: Record<string, EmulatorSpec> = { ...(definition?.emulators ?? {}) };
	for (const credential of credentials) if (credential.emulator !== undefined) specs[credential.emulator] ??= {};
	return specs;
}

export interface ScenarioOutcome {
	scenario: Scenario;
	passed: boolean;
	/** Why it failed (assertion message or error). */
	failure?: string;
	run?: ScenarioRun;
	account: string[];
	durationMs: number;
}

/** A work folder, the toolchain, the packed package installed into a fresh n8n user folder. */
export class Session {
	readonly group = new ProcessGroup();
	readonly workDir: string;
	toolchain!: Toolchain;
	pkg!: PackedPackage;
	n8n!: N8n;
	/** `n8n start`, once something needed it (manual runs, the server check), logged in as the owner. */
	private server?: Promise<N8nServer>;
	/** Where to say that `n8n start` is ready when a scenario starts it (test:e2e prints it). */
	serverLog?: (line: string) => void;

	/** A new temporary work folder named after `label`, or the folder given (kept between runs: dev). */
	constructor(label: string, workDir?: string) {
		if (workDir) mkdirSync(workDir, { recursive: true });
		this.workDir = workDir ?? mkdtempSync(path.join(tmpdir(), `dataflow-${label}-`));
		if (!workDir) this.group.onInterrupt = () => rmSync(this.workDir, { recursive: true, force: true });
	}

	async prepare(say: (line: string) => void, options: { userFolder?: string; encryptionKey?: string } = {}): Promise<void> {
		this.toolchain = await ensureToolchain(say);
		let t0 = Date.now();
		this.pkg = await buildAndPack(this.workDir);
		say(`Built and packed ${path.basename(this.pkg.tarball)} (${this.pkg.files} files) in ${secs(t0)}`);
		this.n8n = new N8n(this.toolchain, this.group, this.workDir, options);
		t0 = Date.now();
		await installIntoN8n(this.pkg, this.n8n.userFolder, path.join(this.workDir, 'install.log'));
		say(`Installed it into ${path.join(this.n8n.userFolder, '.n8n', 'nodes', 'node_modules', this.pkg.name)} in ${secs(t0)}`);
	}

	async startEmulators(specs: Record<string, EmulatorSpec>): Promise<Record<string, EmulatorHandle>> {
		const emulators: Record<string, EmulatorHandle> = {};
		for (const [key, spec] of Object.entries(specs)) emulators[key] = await startEmulator(this.group, key, spec, this.workDir);
		return emulators;
	}

	async stopEmulators(emulators: Record<string, EmulatorHandle>): Promise<void> {
		for (const emulator of Object.values(emulators)) {
			const child = this.group.children.find((c) => c.pid === emulator.pid);
			if (child) await this.group.stop(child);
		}
	}

	/**
	 * The session's `n8n start` (started on first use, owner set up and logged in). Credentials
	 * imported with the CLI while it runs are read by it at execution time.
	 */
	async ensureServer(say?: (line: string) => void): Promise<N8nServer> {
		if (!this.server) {
			const t0 = Date.now();
			this.server = (async () => {
				const server = await this.n8n.start();
				await server.setupOwnerAndLogin();
				say?.(`      n8n start ready on ${server.url} in ${secs(t0)} (PID ${server.child.pid})`);
				return server;
			})();
			void this.server.catch(() => (this.server = undefined));
		}
		return await this.server;
	}

	/** Stops the session's `n8n start`, if it runs; returns how it ended. */
	async stopServer(): Promise<string | undefined> {
		if (!this.server) return undefined;
		const server = await this.server.catch(() => undefined);
		this.server = undefined;
		if (!server) return undefined;
		await this.group.stop(server.child);
		return `stopped n8n (PID ${server.child.pid}, ${server.child.signal ?? `exit ${server.child.exitCode}`})`;
	}

	/** Stops everything; removes the work folder unless asked to keep it (then says where it is). */
	async close(keep: boolean, say: (line: string) => void): Promise<void> {
		await this.group.stopAll();
		this.group.dispose();
		if (keep) say(`Kept the work folder (n8n user folder, logs, tarball): ${this.workDir}`);
		else rmSync(this.workDir, { recursive: true, force: true });
	}

	/** Imports the example workflows of these scenarios (one CLI run). */
	async importWorkflows(scenarios: Scenario[]): Promise<void> {
		const files = scenarios.filter((s) => s.exampleFile && s.workflow && !s.problem).map((s) => s.exampleFile!);
		if (files.length) await this.n8n.importWorkflows(files);
	}

	/**
	 * For an interactive n8n (dev, screenshots): one set of emulators for all these scenarios (each
	 * key once, with the emulator's defaults — as `npm run emulator` starts it, which the examples are
	 * written for; the scenarios' own options, such as 3-second catalog tokens, are for their tests
	 * only), every credential their workflows reference pointing at them, and the workflows imported.
	 */
	async provision(
		scenarios: Scenario[],
		options: { ports?: Record<string, number>; allKnownCredentials?: boolean } = {},
	): Promise<{ emulators: Record<string, EmulatorHandle>; specs: Record<string, EmulatorSpec>; credentials: CredentialSpec[] }> {
		const usable = scenarios.filter((s) => s.workflow && !s.problem);
		const credentials = new Map<string, CredentialSpec>();
		const specs: Record<string, EmulatorSpec> = {};
		for (const scenario of usable) {
			const needed = credentialsFor(scenario.workflow!, scenario.definition?.credentials);
			for (const credential of needed) credentials.set(credential.id, credential);
			for (const key of Object.keys(emulatorSpecs(scenario.definition, needed))) specs[key] ??= {};
		}
		specs.main ??= {};
		// Also the standard credentials of the main emulator, for workflows of your own.
		if (options.allKnownCredentials) for (const known of KNOWN_CREDENTIALS) if ((known.emulator === undefined || known.emulator in specs) && !credentials.has(known.id)) credentials.set(known.id, known);
		for (const [key, port] of Object.entries(options.ports ?? {})) if (specs[key]) specs[key] = { ...specs[key], port };
		const emulators = await this.startEmulators(specs);
		// The editor preselects the most recently updated credential of a type when a node is added,
		// so the main emulator's credentials get the latest times (the second emulator's are older).
		const ordered = [...credentials.values()].sort((a, b) => Number(a.emulator === 'main') - Number(b.emulator === 'main'));
		const base = Date.now() - ordered.length * 60_000;
		if (ordered.length) {
			await this.n8n.importCredentials(
				materialize(ordered, emulators).map((credential, index) => {
					const at = new Date(base + index * 60_000).toISOString();
					return { ...credential, createdAt: at, updatedAt: at };
				}),
			);
		}
		await this.importWorkflows(usable);
		return { emulators, specs, credentials: [...credentials.values()] };
	}

	/**
	 * `execution: 'server'`: publishes the workflow in the session's `n8n start`, runs the
	 * scenario's `drive` against it (hang guard: the scenario's timeoutMs, default 10 minutes),
	 * unpublishes it. Failures of `drive` fail the scenario.
	 */
	private async driveOnServer(workflow: ExampleWorkflow, definition: ScenarioDefinition, emulators: Record<string, EmulatorHandle>, facts: Record<string, unknown>): Promise<ExecutionResult> {
		if (!definition.drive) throw new Error(`The scenario "${definition.title}" runs with execution 'server' but has no drive()`);
		const server = await this.ensureServer(this.serverLog);
		const t0 = Date.now();
		await server.publishWorkflow(workflow.id);
		try {
			const say = (line: string) => this.serverLog?.(`      ${line}`);
			await within(definition.drive({ server, workflow, emulators, facts, say }), definition.timeoutMs ?? 600_000, `The scenario's drive()`);
		} finally {
			await server.unpublishWorkflow(workflow.id).catch(() => undefined);
		}
		return { status: 'success', exitCode: null, durationMs: Date.now() - t0, runData: {}, output: '', mode: 'server' };
	}

	/** Runs one scenario (its workflow must be imported). Never throws: failures are in the outcome. */
	async runScenario(scenario: Scenario): Promise<ScenarioOutcome> {
		const t0 = Date.now();
		const outcome = (passed: boolean, failure?: string, run?: ScenarioRun, account: string[] = []): ScenarioOutcome => ({
			scenario,
			passed,
			failure,
			run,
			account,
			durationMs: Date.now() - t0,
		});
		if (scenario.problem || !scenario.workflow) return outcome(false, scenario.problem ?? 'no workflow');
		const definition = scenario.definition;
		let emulators: Record<string, EmulatorHandle> = {};
		try {
			const credentials = credentialsFor(scenario.workflow, definition?.credentials);
			emulators = await this.startEmulators(emulatorSpecs(definition, credentials));
			if (credentials.length) await this.n8n.importCredentials(materialize(credentials, emulators), `credentials-${scenario.name}.json`);
			await definition?.before?.({ workflow: scenario.workflow, emulators });
			const facts: Record<string, unknown> = {};
			const execution =
				definition?.execution === 'manual'
					? await this.n8n.runManually(await this.ensureServer(this.serverLog), scenario.workflow.id, startTrigger(scenario.workflow, definition.trigger), definition.timeoutMs)
					: definition?.execution === 'server'
						? await this.driveOnServer(scenario.workflow, definition, emulators, facts)
						: await this.n8n.execute(scenario.workflow.id, definition?.timeoutMs);
			const run = new ScenarioRun(scenario.workflow, emulators, execution, this.n8n.binaryStore);
			Object.assign(run.facts, facts);
			await run.loadRequests();
			let afterFailure: string | undefined;
			if (definition?.after) {
				try {
					await definition.after(run);
				} catch (error) {
					afterFailure = `The scenario's after hook failed: ${(error as Error).message}`;
				}
			}
			await this.stopEmulators(emulators);
			emulators = {};

			let account: string[] = [];
			try {
				account = definition?.account ? await definition.account(run) : defaultAccount(run);
			} catch (error) {
				account = [`(no account: ${(error as Error).message})`];
			}
			const failure = checkOutcome(definition, run) ?? afterFailure;
			if (failure) return outcome(false, failure, run, account);
			try {
				await definition?.check?.(run);
			} catch (error) {
				return outcome(false, `${(error as Error).name === 'AssertionError' ? 'Assertion failed' : 'Check failed'}: ${(error as Error).message}`, run, account);
			}
			return outcome(true, undefined, run, account);
		} catch (error) {
			return outcome(false, (error as Error).message);
		} finally {
			await this.stopEmulators(emulators);
		}
	}
}

/** Rejects when a promise has not settled within `ms` (a hang guard, not a budget). */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
	let timer: NodeJS.Timeout | undefined;
	const guard = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new Error(`${what} did not end within ${ms / 1000} s`)), ms);
	});
	try {
		return await Promise.race([promise, guard]);
	} finally {
		clearTimeout(timer);
	}
}

/** The trigger a manual run starts from: the one named, or the workflow's first trigger node. */
export function startTrigger(workflow: ExampleWorkflow, name?: string): string {
	if (name) {
		if (!workflow.nodes.some((n) => n.name === name)) throw new Error(`The workflow has no node "${name}" to start from`);
		return name;
	}
	const trigger = workflow.nodes.find((n) => /trigger$/i.test(n.type));
	if (!trigger) throw new Error(`The workflow "${workflow.name}" has no trigger node to start a manual run from`);
	return trigger.name;
}

/** The run's status against the expectation; a message when it does not match. */
export function checkOutcome(definition: ScenarioDefinition | undefined, run: ScenarioRun): string | undefined {
	const expected = definition?.expect?.status ?? 'success';
	const { execution } = run;
	if (execution.status !== expected) {
		const where = execution.error?.node?.name ?? execution.lastNodeExecuted;
		const why = execution.error ? `: ${where ? `node "${where}": ` : ''}${execution.error.message ?? ''}${execution.error.description ? ` (${execution.error.description})` : ''}` : '';
		return `Expected status ${expected}, the run ended ${execution.status}${why}`;
	}
	if (expected === 'error') {
		const { errorNode, errorMessage } = definition?.expect ?? {};
		const node = execution.error?.node?.name ?? execution.lastNodeExecuted;
		if (errorNode && node !== errorNode) return `Expected node "${errorNode}" to fail, but the failing node was "${node}"`;
		const message = String(execution.error?.message ?? '');
		if (errorMessage !== undefined && !(typeof errorMessage === 'string' ? message.includes(errorMessage) : errorMessage.test(message))) {
			return `Expected the error message to match ${String(errorMessage)}, got "${message}"`;
		}
	}
	return undefined;
}

export function secs(since: number): string {
	return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}
