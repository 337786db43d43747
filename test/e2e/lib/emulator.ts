/**
 * The emulator as a child process (its CLI, as `npm run emulator -- --port 0 ...`): started on
 * a free port of 127.0.0.1, its URLs read from what it prints, its request log read over HTTP.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';

import { buildSync } from 'esbuild';

import { ROOT } from './paths';
import type { ProcessGroup } from './processes';

/** What a scenario may ask of one emulator (all optional; the emulator's own defaults otherwise). */
export interface EmulatorSpec {
	/** Catalog token lifetime in seconds (`--token-ttl`). */
	tokenTtl?: number;
	/** How long a worker job runs, in ms (`--job-duration`). */
	jobDurationMs?: number;
	/** Delay added to every answer, in ms (`--latency`). */
	latencyMs?: number;
	/** Accept the worker's stop operation (`--allow-stop`). */
	allowStop?: boolean;
	/** Faults, as `kind:pattern[:times]` (`--fault`). */
	faults?: string[];
	/** Seed data by area, merged over the built-in fixture (`--data`). */
	seed?: Record<string, unknown>;
	/** A fixed port (default: a free one). */
	port?: number;
	/** Any other command-line options. */
	args?: string[];
	/** 'hop': the emulator's Apache Hop Server flavour (emulator/areas/hop; `npm run emulator -- --server hop`). */
	server?: 'hop';
}

/**
 * What an emulator key stands for when a scenario gives no options: `hop` is a Hop Server (the credential
 * `hopServer01` of credentials.ts points at it). A scenario's own options for the key are added to these.
 */
export const DEFAULT_SPECS: Record<string, EmulatorSpec> = { hop: { server: 'hop' } };

export interface LoggedRequest {
	method: string;
	path: string;
	query: Record<string, string>;
	user?: string;
	time: number;
	status?: number;
	/** Bytes of the answer's body. */
	bytes?: number;
}

/** An answer of the emulator to a request made by a scenario (`EmulatorHandle.call`). */
export interface EmulatorAnswer {
	status: number;
	contentType: string;
	body: Buffer;
	text(): string;
	json<T = any>(): T;
}

export interface EmulatorHandle {
	/** Key of the emulator in the scenario (`main`, `target` ...). */
	key: string;
	pid: number;
	port: number;
	/** Base URL with the context path (Dataflow Server API credential). */
	url: string;
	/** Catalog URL (Dataflow Catalog API credential). */
	catalogUrl: string;
	/** Every request the emulator saw, oldest first (control requests excluded). */
	requests(): Promise<LoggedRequest[]>;
	/** Adds a fault while it runs (`POST /__emulator/faults`). */
	addFault(rule: Record<string, unknown>): Promise<void>;
	clearRequests(): Promise<void>;
	/**
	 * A request of the scenario's own (to prepare or inspect state): `path` under the base URL, such
	 * as `/api/repo/files/:home:admin:x.kjb`, with HTTP Basic for `user` (default admin / password).
	 * It appears in the request log like any other request.
	 */
	call(method: string, path: string, options?: { user?: string; password?: string; body?: string | Buffer; headers?: Record<string, string> }): Promise<EmulatorAnswer>;
}

export function emulatorArgs(spec: EmulatorSpec, seedFile?: string): string[] {
	const args = ['--port', String(spec.port ?? 0), '--host', '127.0.0.1'];
	if (spec.tokenTtl !== undefined) args.push('--token-ttl', String(spec.tokenTtl));
	if (spec.jobDurationMs !== undefined) args.push('--job-duration', String(spec.jobDurationMs));
	if (spec.latencyMs !== undefined) args.push('--latency', String(spec.latencyMs));
	if (spec.allowStop) args.push('--allow-stop');
	for (const fault of spec.faults ?? []) args.push('--fault', fault);
	if (seedFile) args.push('--data', seedFile);
	if (spec.server === 'hop') args.push('--server', 'hop');
	args.push(...(spec.args ?? []));
	return args;
}

/**
 * The emulator CLI bundled into the work folder once per run (what `npm run emulator` runs, but in
 * a file of our own, built once per run: a build elsewhere in the checkout clears .build/ at any time).
 */
const bundled = new Set<string>();

function emulatorBundle(workDir: string): string {
	const outfile = path.join(workDir, 'emulator-cli.js');
	if (!bundled.has(outfile)) {
		buildSync({
			entryPoints: [path.join(ROOT, 'emulator', 'cli.ts')],
			outfile,
			bundle: true,
			platform: 'node',
			target: 'node20',
			format: 'cjs',
			packages: 'external',
			absWorkingDir: ROOT,
			logLevel: 'warning',
		});
		bundled.add(outfile);
	}
	return outfile;
}

/** Starts one emulator; `workDir` receives its log (and its seed file). */
export async function startEmulator(group: ProcessGroup, key: string, given: EmulatorSpec, workDir: string): Promise<EmulatorHandle> {
	const spec: EmulatorSpec = { ...DEFAULT_SPECS[key], ...given };
	let seedFile: string | undefined;
	if (spec.seed) {
		seedFile = path.join(workDir, `emulator-${key}-seed.json`);
		writeFileSync(seedFile, JSON.stringify(spec.seed, null, 2));
	}
	const child = group.start(`emulator ${key}`, process.execPath, [emulatorBundle(workDir), ...emulatorArgs(spec, seedFile)], {
		cwd: ROOT,
		// The bundle lives outside the checkout: its packages (busboy ...) come from the checkout's node_modules.
		env: { ...process.env, NODE_PATH: path.join(ROOT, 'node_modules') },
		logFile: path.join(workDir, `emulator-${key}.log`),
	});
	const base = (await child.waitFor(/Base URL[^\n]*?(http:\/\/\S+)/, 120_000))[1];
	const catalogUrl = (await child.waitFor(/Catalog URL[^\n]*?(http:\/\/\S+)/, 60_000))[1];
	const port = Number(new URL(base).port);
	const control = `http://127.0.0.1:${port}/__emulator`;
	const call = async (method: string, endpoint: string, body?: unknown) => {
		const response = await fetch(`${control}${endpoint}`, {
			method,
			headers: body === undefined ? undefined : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		if (!response.ok) throw new Error(`emulator ${key}: ${method} ${endpoint} answered ${response.status}`);
		return (await response.json()) as unknown;
	};
	return {
		key,
		pid: child.pid,
		port,
		url: base,
		catalogUrl,
		requests: async () => (await call('GET', '/requests')) as LoggedRequest[],
		addFault: async (rule) => {
			await call('POST', '/faults', rule);
		},
		clearRequests: async () => {
			await call('DELETE', '/requests');
		},
		call: async (method, endpoint, options = {}) => {
			// A Hop Server's default user is cluster / cluster (apache/hop HopServer.java).
			const [user, password] = spec.server === 'hop' ? ['cluster', 'cluster'] : ['admin', 'password'];
			const auth = Buffer.from(`${options.user ?? user}:${options.password ?? password}`).toString('base64');
			const response = await fetch(`${base}${endpoint}`, {
				method,
				headers: { authorization: `Basic ${auth}`, ...(options.headers ?? {}) },
				body: options.body,
			});
			const body = Buffer.from(await response.arrayBuffer());
			return {
				status: response.status,
				contentType: response.headers.get('content-type') ?? '',
				body,
				text: () => body.toString('utf8'),
				json: <T>() => JSON.parse(body.toString('utf8')) as T,
			};
		},
	};
}
