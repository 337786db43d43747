/** Where things are, what machine this is, and the small statistics every section uses. */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function findRoot(): string {
	let dir = __dirname;
	for (;;) {
		if (existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, 'bench'))) return dir;
		const parent = path.dirname(dir);
		if (parent === dir) return process.cwd();
		dir = parent;
	}
}

export const ROOT = findRoot();
/** Scratch folder for section results (git-ignored). */
export const WORK_DIR = path.join(ROOT, 'bench', '.work');
export const RESULTS_FILE = path.join(ROOT, 'bench', 'RESULTS.md');

export function packageVersion(name: string, from = ROOT): string {
	try {
		return (JSON.parse(readFileSync(path.join(from, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
	} catch {
		return 'missing';
	}
}

export interface MachineInfo {
	cpu: string;
	cores: number;
	memoryGiB: number;
	os: string;
	kernel: string;
	node: string;
	loadBefore: number[];
	otherBusyProcesses: string[];
}

/** CPU time (clock ticks) used so far by every process, with its parent and command line. */
export interface CpuSnapshot {
	at: number;
	processes: Map<number, { ppid: number; ticks: number; command: string }>;
}

export function cpuSnapshot(): CpuSnapshot {
	const processes: CpuSnapshot['processes'] = new Map();
	let entries: string[] = [];
	try {
		entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
	} catch {
		entries = [];
	}
	for (const entry of entries) {
		try {
			const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
			// Fields after the command (which is in parentheses and may contain spaces).
			const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
			const ticks = Number(fields[11]) + Number(fields[12]);
			const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim() || stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
			processes.set(Number(entry), { ppid: Number(fields[1]), ticks, command });
		} catch {
			// The process ended meanwhile.
		}
	}
	return { at: Date.now(), processes };
}

/**
 * Processes other than this benchmark that used 10 % or more of a CPU between two snapshots. This
 * process, its ancestors (npm) and its descendants (the sections, the emulator) are left out.
 */
export function busyBetween(before: CpuSnapshot, after: CpuSnapshot, ticksPerSecond = 100): { busy: string[]; cores: number } {
	const seconds = (after.at - before.at) / 1000;
	if (seconds <= 0) return { busy: [], cores: 0 };
	const parentOf = (pid: number) => after.processes.get(pid)?.ppid ?? before.processes.get(pid)?.ppid;
	const ancestors = new Set<number>();
	for (let pid: number | undefined = process.pid; pid && !ancestors.has(pid); pid = parentOf(pid)) ancestors.add(pid);
	const isOurs = (pid: number): boolean => {
		for (let current: number | undefined = pid, depth = 0; current && depth < 50; current = parentOf(current), depth++) {
			if (current === process.pid) return true;
		}
		return ancestors.has(pid);
	};
	const busy: string[] = [];
	let cores = 0;
	for (const [pid, now] of after.processes) {
		if (isOurs(pid)) continue;
		const then = before.processes.get(pid);
		const used = (now.ticks - (then?.ticks ?? 0)) / ticksPerSecond / seconds;
		cores += used;
		if (used >= 0.1) busy.push(`${now.command.slice(0, 90)} (${Math.round(used * 100)} % CPU)`);
	}
	return { busy, cores };
}

/** Processes other than this benchmark busy during the next second. */
export async function busyProcesses(): Promise<string[]> {
	const before = cpuSnapshot();
	await new Promise((resolve) => setTimeout(resolve, 1000));
	return busyBetween(before, cpuSnapshot()).busy;
}

export async function machineInfo(): Promise<MachineInfo> {
	let osName = `${os.type()} ${os.release()}`;
	try {
		const release = readFileSync('/etc/os-release', 'utf8');
		const pretty = /^PRETTY_NAME="?([^"\n]+)"?/m.exec(release);
		if (pretty) osName = pretty[1];
	} catch {}
	return {
		cpu: os.cpus()[0]?.model ?? 'unknown',
		cores: os.cpus().length,
		memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
		os: osName,
		kernel: os.release(),
		node: process.version,
		loadBefore: os.loadavg().map((n) => Math.round(n * 100) / 100),
		otherBusyProcesses: await busyProcesses(),
	};
}

export interface Summary {
	median: number;
	min: number;
	max: number;
	runs: number[];
}

export function summarize(values: number[]): Summary {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	const median = sorted.length === 0 ? NaN : sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
	return { median, min: sorted[0] ?? NaN, max: sorted[sorted.length - 1] ?? NaN, runs: values };
}

/** Writes a section's results for bench/run.ts to collect. */
export function writeSectionResult(name: string, result: unknown): string {
	mkdirSync(WORK_DIR, { recursive: true });
	const file = path.join(WORK_DIR, `${name}.json`);
	writeFileSync(file, JSON.stringify(result, null, 2));
	return file;
}

/** Number of runs per figure, overridable with BENCH_RUNS (for quick trials). */
export function runsOf(fallback: number): number {
	const value = Number(process.env.BENCH_RUNS);
	return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** Runs a collection when Node was started with --expose-gc, so one figure's garbage is not billed to the next. */
export function collectGarbage(): void {
	const gc = (globalThis as { gc?: () => void }).gc;
	if (gc) {
		gc();
		gc();
	}
}

export function ms(start: bigint): number {
	return Number(process.hrtime.bigint() - start) / 1e6;
}

export const MiB = 1024 * 1024;

/**
 * Runs one measurement in a fresh process (`node --expose-gc scripts/run-ts.js <worker> <task as JSON>`),
 * after `sync` so that no measurement pays for the previous one's writeback, and returns what the worker
 * printed on its `RESULT <json>` line (the workers sample their own memory).
 */
export async function runWorker<T>(worker: string, task: { kind: string }): Promise<T> {
	execFileSync('sync');
	const child = spawn(process.execPath, ['--expose-gc', path.join(ROOT, 'scripts', 'run-ts.js'), worker, JSON.stringify(task)], {
		cwd: ROOT,
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	let out = '';
	child.stdout.setEncoding('utf8');
	child.stdout.on('data', (chunk: string) => (out += chunk));
	const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
	const line = out.split('\n').find((l) => l.startsWith('RESULT '));
	if (code !== 0 || !line) throw new Error(`${task.kind} failed (exit ${code}): ${out.slice(-500)}`);
	return JSON.parse(line.slice('RESULT '.length)) as T;
}
