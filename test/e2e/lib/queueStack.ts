/**
 * n8n in queue mode on 127.0.0.1, for real: a throwaway Postgres cluster (the machine's Postgres
 * binaries, in a temp folder), a Redis (`redis-server` from Debian's packages, installed when
 * missing), one n8n main (`n8n start`) and n8n workers (`n8n worker`), all from the pinned
 * toolchain, sharing one encryption key, each with its own user folder, ports and log.
 *
 * The package is installed as the README says for queue mode: into the `~/.n8n/nodes` of every
 * instance (main and each worker), from the `npm pack` tarball, the way n8n installs a community
 * package.
 *
 * Settings, as n8n 2.41.1 reads them (node_modules/@n8n/config/dist/configs/*.config.js and
 * n8n-core/dist/binary-data/binary-data.config.js in the toolchain):
 *   EXECUTIONS_MODE=queue; QUEUE_BULL_REDIS_HOST/PORT; DB_TYPE=postgresdb + DB_POSTGRESDB_*;
 *   N8N_ENCRYPTION_KEY the same everywhere; `n8n worker --concurrency=N`;
 *   QUEUE_HEALTH_CHECK_ACTIVE + QUEUE_HEALTH_CHECK_PORT + N8N_WORKER_SERVER_ADDRESS (worker /healthz);
 *   N8N_RUNNERS_BROKER_PORT per process (each n8n process has its own task broker);
 *   OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS=true: manual runs (POST /rest/workflows/:id/run) go to
 *   the workers too (n8n/dist/workflow-runner.js `shouldEnqueue`); without it they run on the main;
 *   N8N_DEFAULT_BINARY_DATA_MODE: unset, queue mode defaults to `database` (binary data in
 *   Postgres, at most N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE MiB per file, default 512, max 1024).
 *   QUEUE_WORKER_LOCK_DURATION / QUEUE_WORKER_STALLED_INTERVAL (defaults 60 s / 30 s): shortened
 *   so that a killed worker's job is declared stalled sooner (n8n sets Bull's maxStalledCount to 0:
 *   a stalled job is not run again).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { N8n, N8nServer, type TaskData } from './n8n';
import { freePort, sleep, tail, type Child, type ProcessGroup } from './processes';
import type { Toolchain } from './toolchain';

// ---------------------------------------------------------------------------------------------
// Redis

/** `redis-server` on PATH or in /usr/bin; installed from Debian's packages when missing (as root). */
export function ensureRedisServer(say: (line: string) => void): string {
	const find = () => {
		for (const dir of [...(process.env.PATH ?? '').split(path.delimiter), '/usr/bin', '/usr/sbin']) {
			const candidate = path.join(dir, 'redis-server');
			if (dir && existsSync(candidate)) return candidate;
		}
		return undefined;
	};
	const found = find();
	if (found) return found;
	if (process.getuid?.() !== 0) {
		throw new Error('redis-server is missing: install it with `sudo apt-get install -y redis-server` (Debian package) and run again');
	}
	say('redis-server is missing: installing it from Debian\'s packages (apt-get update && apt-get install -y redis-server)');
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'redis-server']]) {
		const result = spawnSync('apt-get', args, { env, encoding: 'utf8', timeout: 900_000 });
		if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (${result.status ?? result.signal}):\n${tail(`${result.stdout}\n${result.stderr}`)}`);
	}
	const installed = find();
	if (!installed) throw new Error('apt-get installed redis-server, but it is not on PATH');
	return installed;
}

export interface RedisHandle {
	port: number;
	child: Child;
}

export async function startRedis(group: ProcessGroup, workDir: string, say: (line: string) => void): Promise<RedisHandle> {
	const binary = ensureRedisServer(say);
	const port = await freePort();
	const dir = path.join(workDir, 'redis');
	mkdirSync(dir, { recursive: true });
	const child = group.start('redis', binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--daemonize', 'no'], {
		logFile: path.join(workDir, 'redis.log'),
	});
	await child.waitFor(/Ready to accept connections/, 120_000);
	return { port, child };
}

// ---------------------------------------------------------------------------------------------
// Postgres

/** The folder with initdb, pg_ctl and postgres: $DATAFLOW_PG_BIN, else the newest /usr/lib/postgresql/<v>/bin (15 preferred). */
export function findPostgresBin(): string {
	if (process.env.DATAFLOW_PG_BIN) return process.env.DATAFLOW_PG_BIN;
	const root = '/usr/lib/postgresql';
	const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(path.join(root, v, 'bin', 'initdb'))) : [];
	versions.sort((a, b) => (a === '15' ? -1 : b === '15' ? 1 : Number(b) - Number(a)));
	if (versions.length === 0) {
		throw new Error('No Postgres binaries found (looked for /usr/lib/postgresql/<version>/bin/initdb); set DATAFLOW_PG_BIN to the folder with initdb and postgres');
	}
	return path.join(root, versions[0], 'bin');
}

export interface PostgresHandle {
	port: number;
	user: string;
	database: string;
	dataDir: string;
	child: Child;
	/** Runs SQL with psql; returns its unaligned, tuples-only output. */
	sql(query: string): string;
	/** Removes the cluster's temp folder (after the postgres process has stopped). */
	remove(): void;
}

/**
 * initdb refuses to run as root, so as root the cluster belongs to a non-root user (the `postgres`
 * system user of Debian's packages, else `nobody`) and every Postgres program runs as that user
 * through `setpriv` (which execs: the PID we stop is the postgres process itself).
 */
function runAs(): { uid: number; gid: number; name: string } | undefined {
	if (process.getuid?.() !== 0) return undefined;
	for (const name of ['postgres', 'nobody']) {
		const result = spawnSync('id', ['-u', name], { encoding: 'utf8' });
		if (result.status === 0) {
			const uid = Number(result.stdout.trim());
			const gid = Number(spawnSync('id', ['-g', name], { encoding: 'utf8' }).stdout.trim());
			return { uid, gid, name };
		}
	}
	throw new Error('Running as root, and neither a `postgres` nor a `nobody` user exists to own the Postgres cluster');
}

function asUser(user: ReturnType<typeof runAs>, command: string, args: string[]): [string, string[]] {
	if (!user) return [command, args];
	return ['setpriv', [`--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', '--', command, ...args]];
}

export async function startPostgres(group: ProcessGroup, workDir: string): Promise<PostgresHandle> {
	const bin = findPostgresBin();
	const user = runAs();
	// Its own temp folder (the work folder is 0700 root): owned by the cluster's user.
	const base = mkdtempSync(path.join(tmpdir(), 'dataflow-queue-pg-'));
	const dataDir = path.join(base, 'data');
	const socketDir = path.join(base, 'socket');
	mkdirSync(socketDir);
	if (user) {
		chownSync(base, user.uid, user.gid);
		chownSync(socketDir, user.uid, user.gid);
	}
	chmodSync(base, 0o700);
	const cleanup = () => rmSync(base, { recursive: true, force: true });
	group.onInterrupt = ((previous) => () => {
		previous?.();
		cleanup();
	})(group.onInterrupt);
	process.once('exit', cleanup);

	const [initCommand, initArgs] = asUser(user, path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'n8n', '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C']);
	const init = spawnSync(initCommand, initArgs, { encoding: 'utf8', cwd: base, timeout: 300_000 });
	if (init.status !== 0) throw new Error(`initdb failed (${init.status ?? init.signal}):\n${tail(`${init.stdout}\n${init.stderr}`)}`);

	const port = await freePort();
	const [command, args] = asUser(user, path.join(bin, 'postgres'), [
		'-D', dataDir,
		'-p', String(port),
		'-k', socketDir,
		'-c', 'listen_addresses=127.0.0.1',
		'-c', 'fsync=off',
		'-c', 'synchronous_commit=off',
		'-c', 'full_page_writes=off',
		'-c', 'max_connections=200',
		'-c', 'shared_buffers=128MB',
	]);
	const child = group.start('postgres', command, args, { cwd: base, logFile: path.join(workDir, 'postgres.log') });
	await child.waitFor(/database system is ready to accept connections/, 180_000);
	const psql = path.join(bin, 'psql');
	const sql = (query: string, database = 'n8n') =>
		execFileSync(psql, ['-h', '127.0.0.1', '-p', String(port), '-U', 'n8n', '-d', database, '-X', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-c', query], {
			encoding: 'utf8',
			maxBuffer: 64 * 1024 * 1024,
		}).trim();
	sql('CREATE DATABASE n8n', 'postgres');
	return { port, user: 'n8n', database: 'n8n', dataDir, child, sql: (query) => sql(query), remove: cleanup };
}

// ---------------------------------------------------------------------------------------------
// n8n in queue mode

export interface QueueSettings {
	postgres: PostgresHandle;
	redis: RedisHandle;
	encryptionKey: string;
	/** Extra environment for every n8n process (e.g. N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE). */
	extraEnv?: Record<string, string>;
}

/** One n8n instance (main or worker) in queue mode: its own user folder, the shared database and queue. */
export class QueueN8n extends N8n {
	constructor(
		toolchain: Toolchain,
		group: ProcessGroup,
		workDir: string,
		readonly queue: QueueSettings,
		readonly label: string,
	) {
		super(toolchain, group, workDir, { encryptionKey: queue.encryptionKey, userFolder: path.join(workDir, `n8n-${label}`) });
	}

	override env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
		const { postgres, redis } = this.queue;
		return super.env({
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: String(postgres.port),
			DB_POSTGRESDB_USER: postgres.user,
			DB_POSTGRESDB_PASSWORD: '',
			DB_POSTGRESDB_DATABASE: postgres.database,
			DB_POSTGRESDB_POOL_SIZE: '4',
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: '127.0.0.1',
			QUEUE_BULL_REDIS_PORT: String(redis.port),
			OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
			QUEUE_WORKER_LOCK_DURATION: '20000',
			QUEUE_WORKER_LOCK_RENEW_TIME: '4000',
			QUEUE_WORKER_STALLED_INTERVAL: '5000',
			N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '5',
			EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
			EXECUTIONS_DATA_SAVE_ON_ERROR: 'all',
			EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: 'true',
			EXECUTIONS_DATA_PRUNE: 'false',
			N8N_LOG_LEVEL: 'info',
			N8N_LOG_OUTPUT: 'console',
			...(this.queue.extraEnv ?? {}),
			...extra,
		});
	}
}

export interface WorkerHandle {
	name: string;
	n8n: QueueN8n;
	child: Child;
	healthUrl: string;
	concurrency: number;
}

/** `n8n worker --concurrency=N`; resolves when its /healthz/readiness answers and it says it is ready. */
export async function startWorker(n8n: QueueN8n, name: string, concurrency: number): Promise<WorkerHandle> {
	const healthPort = await freePort();
	const child = n8n.group.start(`n8n ${name}`, n8n.toolchain.node, [n8n.toolchain.n8nCli, 'worker', `--concurrency=${concurrency}`], {
		cwd: n8n.workDir,
		env: n8n.env({
			N8N_RUNNERS_BROKER_PORT: String(await freePort()),
			QUEUE_HEALTH_CHECK_ACTIVE: 'true',
			QUEUE_HEALTH_CHECK_PORT: String(healthPort),
			N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
			N8N_PORT: String(await freePort()),
		}),
		logFile: path.join(n8n.workDir, `n8n-${name}.log`),
	});
	const healthUrl = `http://127.0.0.1:${healthPort}/healthz/readiness`;
	await child.waitFor(/n8n worker is now ready/, 600_000);
	const deadline = Date.now() + 300_000;
	for (;;) {
		if (!child.running) throw new Error(`${name} exited (${child.exitCode ?? child.signal}):\n${tail(child.output)}`);
		try {
			if ((await fetch(healthUrl)).ok) break;
		} catch {}
		if (Date.now() > deadline) throw new Error(`${name}: ${healthUrl} did not answer 200 within 300 s`);
		await sleep(500);
	}
	return { name, n8n, child, healthUrl, concurrency };
}

/** Execution ids a worker's log says it started / finished ("Worker started execution 12 (job 5)", scaling/job-processor.js). */
export function workerExecutions(output: string): { started: string[]; finished: string[] } {
	const started = [...output.matchAll(/Worker started execution (\d+) \(job /g)].map((m) => m[1]);
	const finished = [...output.matchAll(/Worker finished execution (\d+) \(job /g)].map((m) => m[1]);
	return { started, finished };
}

// ---------------------------------------------------------------------------------------------
// Executions, read back from the main's REST API

export interface ExecutionSummary {
	id: string;
	workflowId: string;
	status: string;
	mode: string;
	startedAt?: string;
	stoppedAt?: string;
}

export interface ExecutionDetail extends ExecutionSummary {
	runData: Record<string, TaskData[]>;
	/** The items waiting for the first node when the execution was saved (a trigger's items, before a worker ran it). */
	startItems: Array<Record<string, unknown>>;
	startNode?: string;
	error?: { message?: string; node?: { name?: string } };
	lastNodeExecuted?: string;
}

function flattedParser(toolchain: Toolchain): (text: string) => unknown {
	const requireFromToolchain = createRequire(path.join(toolchain.dir, 'package.json'));
	return (requireFromToolchain('flatted') as { parse(text: string): unknown }).parse;
}

export class QueueApi {
	private readonly parse: (text: string) => unknown;

	constructor(
		readonly server: N8nServer,
		toolchain: Toolchain,
		private readonly postgres: PostgresHandle,
	) {
		this.parse = flattedParser(toolchain);
	}

	/**
	 * Every execution of a workflow, newest first, read from n8n's execution_entity table in Postgres
	 * (the REST list pages by cursor and merges running with finished executions; a count across
	 * pages is not reliable there).
	 */
	async executions(workflowId: string): Promise<ExecutionSummary[]> {
		const rows = this.postgres.sql(
			`SELECT id, status, mode, to_char("startedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), to_char("stoppedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') ` +
				`FROM execution_entity WHERE "workflowId" = '${workflowId.replace(/'/g, "''")}' AND "deletedAt" IS NULL ORDER BY id DESC`,
		);
		const list = rows
			.split('\n')
			.filter(Boolean)
			.map((row) => {
				const [id, status, mode, startedAt, stoppedAt] = row.split('|');
				return { id, workflowId, status, mode, startedAt: startedAt || undefined, stoppedAt: stoppedAt || undefined };
			});
		// A row can stay "running" when the worker failed before it could save anything (e.g. an
		// unknown node type); the main knows how it ended and says so in GET /rest/executions/:id.
		for (const execution of list) {
			if (!['new', 'running'].includes(execution.status)) continue;
			const answer = await this.server.request<{ data?: { status?: string } }>('GET', `/rest/executions/${execution.id}`);
			const status = answer.body?.data?.status;
			if (answer.status === 200 && status && !['new', 'running', 'waiting', 'unknown'].includes(status)) execution.status = status;
		}
		return list;
	}

	async execution(id: string): Promise<ExecutionDetail> {
		const answer = await this.server.request<{ data?: Record<string, any> }>('GET', `/rest/executions/${id}`);
		const e = answer.body?.data;
		if (answer.status !== 200 || !e) throw new Error(`GET /rest/executions/${id} answered ${answer.status}`);
		const data = (typeof e.data === 'string' ? this.parse(e.data) : e.data) as Record<string, any> | undefined;
		const resultData = (data?.resultData ?? {}) as { runData?: Record<string, TaskData[]>; error?: ExecutionDetail['error']; lastNodeExecuted?: string };
		const stack = (data?.executionData?.nodeExecutionStack ?? []) as Array<{ node?: { name?: string }; data?: { main?: Array<Array<{ json: Record<string, unknown> }> | null> } }>;
		return {
			startItems: (stack[0]?.data?.main?.[0] ?? []).map((item) => item.json),
			startNode: stack[0]?.node?.name,
			id: String(e.id),
			workflowId: String(e.workflowId),
			status: String(e.status),
			mode: String(e.mode),
			startedAt: e.startedAt,
			stoppedAt: e.stoppedAt,
			runData: resultData.runData ?? {},
			error: resultData.error,
			lastNodeExecuted: resultData.lastNodeExecuted,
		};
	}

	/** Waits until a workflow has at least `count` executions and none of them is still new/running/waiting. */
	async waitForExecutions(workflowId: string, count: number, timeoutMs: number, say?: (line: string) => void): Promise<ExecutionSummary[]> {
		const deadline = Date.now() + timeoutMs;
		let lastSaid = Date.now();
		for (;;) {
			const list = await this.executions(workflowId);
			const open = list.filter((e) => ['new', 'running', 'waiting', 'unknown'].includes(e.status));
			if (list.length >= count && open.length === 0) return list;
			if (Date.now() > deadline) {
				throw new Error(`workflow ${workflowId}: ${list.length} of ${count} execution(s) after ${timeoutMs / 1000} s, ${open.length} not ended (${open.map((e) => `${e.id}:${e.status}`).join(', ')})`);
			}
			if (say && Date.now() - lastSaid > 30_000) {
				say(`      ... ${list.length}/${count} executions, ${open.length} not ended yet`);
				lastSaid = Date.now();
			}
			await sleep(1000);
		}
	}

	/**
	 * Publishes (activates) a workflow and waits until its triggers are live (N8nServer.publishWorkflow:
	 * n8n 2.41 activates through its publication outbox, so webhooks and pollers come some seconds
	 * after the activation request has returned).
	 */
	async activate(workflowId: string): Promise<void> {
		await this.server.publishWorkflow(workflowId);
	}

	async deactivate(workflowId: string): Promise<void> {
		await this.server.unpublishWorkflow(workflowId);
	}
}

/** Sizes of a folder tree, for the report. */
export function folderBytes(dir: string): number {
	if (!existsSync(dir)) return 0;
	let total = 0;
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const full = path.join(dir, entry.name);
		total += entry.isDirectory() ? folderBytes(full) : statSync(full).size;
	}
	return total;
}
