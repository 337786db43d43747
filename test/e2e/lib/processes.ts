/**
 * Child processes of an end-to-end run (emulators, n8n): each started in its own process group,
 * its PID recorded, its output kept (and written to a log file), and every one of them stopped by
 * PID when the run ends: normally, on an error, or on Ctrl+C / SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { createServer } from 'node:net';

export interface StartOptions {
	cwd?: string;
	env?: NodeJS.ProcessEnv;
	/** File that receives the process's stdout and stderr. */
	logFile?: string;
}

export class Child {
	readonly pid: number;
	output = '';
	exitCode: number | null = null;
	signal: NodeJS.Signals | null = null;
	readonly exited: Promise<void>;
	private readonly log?: WriteStream;
	private readonly listeners = new Set<() => void>();

	constructor(
		readonly name: string,
		readonly proc: ChildProcess,
		logFile?: string,
	) {
		if (proc.pid === undefined) throw new Error(`Could not start ${name}`);
		this.pid = proc.pid;
		if (logFile) this.log = createWriteStream(logFile, { flags: 'a' });
		const onData = (chunk: Buffer) => {
			const text = chunk.toString('utf8');
			this.output += text;
			if (this.output.length > 4_000_000) this.output = this.output.slice(-2_000_000);
			this.log?.write(text);
			for (const listener of this.listeners) listener();
		};
		proc.stdout?.on('data', onData);
		proc.stderr?.on('data', onData);
		this.exited = new Promise((resolve) => {
			proc.on('close', (code, signal) => {
				this.exitCode = code;
				this.signal = signal;
				this.log?.end();
				for (const listener of this.listeners) listener();
				resolve();
			});
			proc.on('error', (error) => {
				this.output += `\n${error.message}\n`;
			});
		});
	}

	get running(): boolean {
		return this.exitCode === null && this.signal === null;
	}

	/** Waits until the output matches (returns the match); fails if the process exits or time runs out. */
	waitFor(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
		return new Promise((resolve, reject) => {
			const check = () => {
				const match = pattern.exec(this.output);
				if (match) return done(() => resolve(match));
				if (!this.running) {
					return done(() => reject(new Error(`${this.name} exited (${this.exitCode ?? this.signal}) before printing ${pattern}:\n${tail(this.output)}`)));
				}
			};
			const timer = setTimeout(
				() => done(() => reject(new Error(`${this.name} did not print ${pattern} within ${timeoutMs / 1000} s:\n${tail(this.output)}`))),
				timeoutMs,
			);
			const done = (finish: () => void) => {
				clearTimeout(timer);
				this.listeners.delete(check);
				finish();
			};
			this.listeners.add(check);
			check();
		});
	}
}

/** The last lines of some output, for error messages. */
export function tail(text: string, lines = 25): string {
	return text.trimEnd().split('\n').slice(-lines).join('\n');
}

const groups = new Set<ProcessGroup>();
let handlersInstalled = false;

function installHandlers() {
	if (handlersInstalled) return;
	handlersInstalled = true;
	const onSignal = (signal: NodeJS.Signals) => {
		process.stderr.write(`\n${signal}: stopping the processes this run started...\n`);
		void Promise.all([...groups].map((g) => g.stopAll()))
			.then(() => {
				for (const group of groups) group.onInterrupt?.();
			})
			.finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
	};
	process.on('SIGINT', onSignal);
	process.on('SIGTERM', onSignal);
	process.on('SIGHUP', onSignal);
	// Last resort (synchronous): whatever is still running when Node exits gets SIGKILL.
	process.on('exit', () => {
		for (const group of groups) group.killAllNow();
	});
}

/** The processes one run started; `stopAll()` stops them newest first. */
export class ProcessGroup {
	readonly children: Child[] = [];
	/** Set once stopAll() has begun (a child that ends after that was stopped by us). */
	stopping = false;
	/** Runs after Ctrl+C / SIGTERM has stopped the processes, before exiting (e.g. remove temporary files). */
	onInterrupt?: () => void;

	constructor() {
		groups.add(this);
		installHandlers();
	}

	start(name: string, command: string, args: string[], options: StartOptions = {}): Child {
		const proc = spawn(command, args, {
			cwd: options.cwd,
			env: options.env ?? process.env,
			stdio: ['ignore', 'pipe', 'pipe'],
			detached: true, // its own process group: Ctrl+C reaches us, and we stop it in order
		});
		const child = new Child(name, proc, options.logFile);
		this.children.push(child);
		return child;
	}

	/** Runs a command to its end and returns its exit code and output (stopped by stopAll like any other). */
	async run(name: string, command: string, args: string[], options: StartOptions & { timeoutMs?: number } = {}) {
		const child = this.start(name, command, args, options);
		let timedOut = false;
		const timer = options.timeoutMs
			? setTimeout(() => {
					timedOut = true;
					void this.stop(child);
				}, options.timeoutMs)
			: undefined;
		await child.exited;
		if (timer) clearTimeout(timer);
		this.children.splice(this.children.indexOf(child), 1);
		return { code: child.exitCode, signal: child.signal, output: child.output, timedOut };
	}

	/** SIGTERM to the PID; after the grace period SIGKILL to its process group. */
	async stop(child: Child, graceMs = 10_000): Promise<void> {
		if (child.running) {
			try {
				process.kill(child.pid, 'SIGTERM');
			} catch {}
			const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), graceMs).unref());
			if ((await Promise.race([child.exited.then(() => 'exited' as const), timer])) === 'timeout') {
				try {
					process.kill(-child.pid, 'SIGKILL');
				} catch {}
				await child.exited;
			}
		}
		// Helpers it started itself (n8n's task runner) share its process group.
		try {
			process.kill(-child.pid, 'SIGKILL');
		} catch {}
		const index = this.children.indexOf(child);
		if (index >= 0) this.children.splice(index, 1);
	}

	async stopAll(): Promise<void> {
		this.stopping = true;
		for (const child of [...this.children].reverse()) await this.stop(child);
	}

	killAllNow(): void {
		for (const child of this.children) {
			for (const pid of [child.pid, -child.pid]) {
				try {
					process.kill(pid, 'SIGKILL');
				} catch {}
			}
		}
	}

	dispose(): void {
		groups.delete(this);
	}
}

/** A free TCP port on 127.0.0.1 (asked of the OS; used right away). */
export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			const port = typeof address === 'object' && address ? address.port : 0;
			server.close(() => resolve(port));
		});
	});
}

/** Whether a port on 127.0.0.1 can be listened on. */
export function portIsFree(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const server = createServer();
		server.once('error', () => resolve(false));
		server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
	});
}

export function sleep(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}
