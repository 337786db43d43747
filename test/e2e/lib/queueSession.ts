/**
 * A whole queue-mode setup for one run: work folder, Postgres, Redis, the packed package installed
 * into every instance's `~/.n8n/nodes`, the workflows and credentials imported (n8n's CLI against
 * the shared Postgres), one `n8n start` main (owner set up, logged in) and workers. Every process
 * goes through one ProcessGroup: stopped by PID at the end, on failure and on Ctrl+C; the temp
 * folders are removed (the work folder is kept when asked to, or when something failed).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { materialize, type CredentialSpec } from './credentials';
import { startEmulator, type EmulatorHandle, type EmulatorSpec } from './emulator';
import type { N8nServer } from './n8n';
import { buildAndPack, installIntoN8n, type PackedPackage } from './pack';
import { ProcessGroup } from './processes';
import {
	QueueApi,
	QueueN8n,
	startPostgres,
	startRedis,
	startWorker,
	workerExecutions,
	type PostgresHandle,
	type QueueSettings,
	type RedisHandle,
	type WorkerHandle,
} from './queueStack';
import { ensureToolchain, type Toolchain } from './toolchain';

/** name and version from a tarball's package/package.json. */
function readTarballManifest(tarball: string): { name: string; version: string } {
	const text = execFileSync('tar', ['-xOzf', tarball, 'package/package.json'], { encoding: 'utf8' });
	const { name, version } = JSON.parse(text) as { name: string; version: string };
	return { name, version };
}

export function secs(since: number): string {
	return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

export interface QueueSessionOptions {
	workers: number;
	concurrency: number;
	extraEnv?: Record<string, string>;
}

export class QueueSession {
	readonly group = new ProcessGroup();
	readonly workDir = mkdtempSync(path.join(tmpdir(), 'dataflow-queue-'));
	toolchain!: Toolchain;
	pkg!: PackedPackage;
	postgres!: PostgresHandle;
	redis!: RedisHandle;
	queue!: QueueSettings;
	main!: QueueN8n;
	server!: N8nServer;
	api!: QueueApi;
	readonly workers: WorkerHandle[] = [];
	/** Workers that were stopped or killed, kept for their logs. */
	readonly retiredWorkers: WorkerHandle[] = [];
	private workerCount = 0;
	/** Seconds each phase took, for the report. */
	readonly timings: Record<string, number> = {};

	constructor(
		readonly say: (line: string) => void,
		readonly options: QueueSessionOptions,
	) {
		this.group.onInterrupt = () => rmSync(this.workDir, { recursive: true, force: true });
		// Also at exit (after Ctrl+C the run's own code may still write into the folder while the
		// processes stop), unless close() was asked to keep it.
		process.once('exit', () => {
			if (!this.keepWorkDir) rmSync(this.workDir, { recursive: true, force: true });
		});
	}

	private keepWorkDir = false;

	private async timed<T>(label: string, work: () => Promise<T>): Promise<T> {
		const t0 = Date.now();
		const result = await work();
		this.timings[label] = (Date.now() - t0) / 1000;
		this.say(`${label} in ${secs(t0)}`);
		return result;
	}

	/** Everything up to the main instance (no workers yet): database, queue, package, imports, `n8n start`. */
	async prepare(workflowFiles: string[]): Promise<void> {
		this.toolchain = await ensureToolchain(this.say);
		this.postgres = await this.timed('Postgres (throwaway cluster) ready', () => startPostgres(this.group, this.workDir));
		this.say(`      Postgres on 127.0.0.1:${this.postgres.port} (${this.postgres.dataDir})`);
		this.redis = await this.timed('Redis ready', () => startRedis(this.group, this.workDir, this.say));
		this.say(`      Redis on 127.0.0.1:${this.redis.port}`);
		this.queue = {
			postgres: this.postgres,
			redis: this.redis,
			encryptionKey: randomBytes(24).toString('base64url'),
			extraEnv: this.options.extraEnv,
		};
		// DATAFLOW_QUEUE_TARBALL: an `npm pack` tarball made beforehand (e.g. of a clean checkout) instead of building this tree.
		const prebuilt = process.env.DATAFLOW_QUEUE_TARBALL;
		this.pkg = prebuilt
			? { ...readTarballManifest(prebuilt), tarball: path.resolve(prebuilt), files: 0 }
			: await this.timed('Built and packed the package', () => buildAndPack(this.workDir));
		this.main = new QueueN8n(this.toolchain, this.group, this.workDir, this.queue, 'main');
		await this.timed(`Installed ${this.pkg.name} into the main's ~/.n8n/nodes`, () =>
			installIntoN8n(this.pkg, this.main.userFolder, path.join(this.workDir, 'install-main.log')),
		);
		await this.timed(`Imported ${workflowFiles.length} workflow(s) into Postgres (n8n import:workflow, runs the migrations)`, () =>
			this.main.importWorkflows(workflowFiles),
		);
		this.server = await this.timed('n8n main (n8n start, queue mode) ready', async () => {
			const server = await this.main.start();
			await server.setupOwnerAndLogin();
			return server;
		});
		this.say(`      main on ${this.server.url} (PID ${this.server.child.pid})`);
		this.api = new QueueApi(this.server, this.toolchain, this.postgres);
	}

	/** A new worker with its own user folder and the package installed into it (unless `withoutPackage`). */
	async addWorker(concurrency = this.options.concurrency, options: { withoutPackage?: boolean } = {}): Promise<WorkerHandle> {
		const name = `worker${++this.workerCount}`;
		const n8n = new QueueN8n(this.toolchain, this.group, this.workDir, this.queue, name);
		return await this.timed(`n8n ${name} (n8n worker --concurrency=${concurrency}${options.withoutPackage ? ', without the package' : ''}) ready`, async () => {
			if (!options.withoutPackage) await installIntoN8n(this.pkg, n8n.userFolder, path.join(this.workDir, `install-${name}.log`));
			const worker = await startWorker(n8n, name, concurrency);
			this.workers.push(worker);
			return worker;
		});
	}

	/** Stops a worker gracefully (SIGTERM) or kills it (SIGKILL to its process group, as a crash). */
	async removeWorker(worker: WorkerHandle, how: 'stop' | 'kill'): Promise<void> {
		if (how === 'kill') {
			try {
				process.kill(-worker.child.pid, 'SIGKILL');
			} catch {}
			await worker.child.exited;
		}
		await this.group.stop(worker.child);
		this.workers.splice(this.workers.indexOf(worker), 1);
		this.retiredWorkers.push(worker);
	}

	/** Which worker's log says it started each execution: execution id → worker names (more than one would be a duplicate). */
	startedBy(): Map<string, string[]> {
		const map = new Map<string, string[]>();
		for (const worker of [...this.workers, ...this.retiredWorkers]) {
			for (const id of workerExecutions(worker.child.output).started) map.set(id, [...(map.get(id) ?? []), worker.name]);
		}
		return map;
	}

	/** Credentials for emulators, imported through the main's CLI (Postgres is shared: every worker sees them). */
	async importCredentials(specs: CredentialSpec[], emulators: Record<string, EmulatorHandle>, fileName: string): Promise<void> {
		await this.main.importCredentials(materialize(specs, emulators), fileName);
	}

	async startEmulator(key: string, spec: EmulatorSpec): Promise<EmulatorHandle> {
		return await startEmulator(this.group, key, spec, this.workDir);
	}

	async stopEmulator(emulator: EmulatorHandle): Promise<void> {
		const child = this.group.children.find((c) => c.pid === emulator.pid);
		if (child) await this.group.stop(child);
	}

	/** Writes generated workflows into the work folder; returns their files. */
	writeWorkflows(workflows: Array<{ id: string }>): string[] {
		const dir = path.join(this.workDir, 'generated-workflows');
		mkdirSync(dir, { recursive: true });
		return workflows.map((workflow) => {
			const file = path.join(dir, `${workflow.id}.json`);
			writeFileSync(file, JSON.stringify(workflow, null, 2));
			return file;
		});
	}

	async close(keep: boolean): Promise<void> {
		await this.group.stopAll();
		this.group.dispose();
		this.postgres?.remove();
		this.keepWorkDir = keep;
		if (keep) this.say(`Kept the work folder (user folders, logs of every process): ${this.workDir}`);
		else rmSync(this.workDir, { recursive: true, force: true });
	}
}
