/** Starts `bench/emulatorProcess.ts` in a child process and talks to it over IPC. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import type { EmulatorOptions } from '../../emulator';
import { serverCredentials } from '../../test/harness';
import { ROOT } from './env';

export interface RequestCounts {
	[methodAndPath: string]: { count: number; bytes: number };
}

export interface LogStats {
	answers: number;
	lines: number;
	bytes: number;
}

export interface JobTimes {
	createdAt: number;
	durationMs: number;
	finishedAt: number;
	logLines: number;
}

export class EmulatorProcess {
	url = '';
	pid = 0;
	private nextId = 1;
	private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

	private constructor(private readonly child: ChildProcess) {
		child.on('message', (message: { id?: number; result?: unknown; error?: string }) => {
			if (message.id === undefined) return;
			const waiting = this.pending.get(message.id);
			if (!waiting) return;
			this.pending.delete(message.id);
			if (message.error !== undefined) waiting.reject(new Error(message.error));
			else waiting.resolve(message.result);
		});
		child.on('exit', (code) => {
			for (const waiting of this.pending.values()) waiting.reject(new Error(`The emulator process exited (${code})`));
			this.pending.clear();
		});
	}

	static async start(options: EmulatorOptions = {}): Promise<EmulatorProcess> {
		const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'run-ts.js'), 'bench/emulatorProcess.ts'], {
			cwd: ROOT,
			stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
		});
		await new Promise<void>((resolve, reject) => {
			const onMessage = (message: { ready?: boolean }) => {
				if (message.ready) {
					child.off('message', onMessage);
					resolve();
				}
			};
			child.on('message', onMessage);
			child.once('exit', (code) => reject(new Error(`The emulator process exited (${code}) before it was ready`)));
		});
		const emulator = new EmulatorProcess(child);
		const started = await emulator.call<{ url: string; pid: number }>('start', options as Record<string, unknown>);
		emulator.url = started.url;
		emulator.pid = started.pid;
		return emulator;
	}

	async call<T>(cmd: string, args: Record<string, unknown> = {}): Promise<T> {
		const id = this.nextId++;
		return await new Promise<T>((resolve, reject) => {
			this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
			this.child.send({ id, cmd, args });
		});
	}

	/** Credential data for the Dataflow Server API credential, as the emulator's admin. */
	credentials(): ICredentialDataDecryptedObject {
		return serverCredentials(this.url, { username: 'admin', password: 'password' });
	}

	requests(): Promise<RequestCounts> {
		return this.call('requests');
	}

	resetRequests(): Promise<boolean> {
		return this.call('resetRequests');
	}

	async stop(): Promise<void> {
		if (this.child.exitCode !== null) return;
		await this.call('stop').catch(() => undefined);
		const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
		this.child.disconnect();
		await exited;
	}
}
