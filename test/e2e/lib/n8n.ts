/**
 * A throwaway real n8n: its user folder, the package installed into it the way n8n installs a
 * community package, the CLI (`import:credentials`, `import:workflow`, `execute --id`) and
 * `n8n start` with owner setup, login and REST calls. Every n8n process runs with the toolchain's
 * Node 24 and its own task-broker port, and is started through a ProcessGroup (stopped by PID).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { freePort, sleep, tail, type Child, type ProcessGroup } from './processes';
import type { Toolchain } from './toolchain';

export interface N8nCredential {
	id: string;
	name: string;
	type: string;
	data: Record<string, unknown>;
	/** ISO times; the editor preselects the most recently updated credential of a type. */
	createdAt?: string;
	updatedAt?: string;
}

export interface TaskData {
	startTime: number;
	executionTime: number;
	executionStatus?: string;
	error?: { message?: string; description?: string; name?: string; httpCode?: string; [key: string]: unknown };
	data?: { main?: Array<Array<{ json: Record<string, unknown>; binary?: Record<string, unknown>; pairedItem?: unknown }> | null> };
}

export interface ExecutionResult {
	/** `success`, `error`, ... as n8n reports it; `crashed` when no result could be read. */
	status: string;
	exitCode: number | null;
	durationMs: number;
	runData: Record<string, TaskData[]>;
	/** The workflow error, when the run failed. */
	error?: { message?: string; description?: string; node?: { name?: string }; [key: string]: unknown };
	lastNodeExecuted?: string;
	/** Everything the CLI printed (`n8n execute`), or the execution as the REST API gave it (manual runs). */
	output: string;
	/** How it ran: `n8n execute --id` (`cli`) or from a trigger in a running `n8n start`, as the editor does (`manual`). */
	mode: 'cli' | 'manual' | 'server';
}

/** The run JSON `n8n execute` prints (after its log lines, also on failure). */
export function parseExecutionOutput(output: string): Record<string, any> | undefined {
	// Candidates: every line that is just "{", up to a later line that is just "}" where it parses.
	let from = output.startsWith('{\n') ? 0 : output.indexOf('\n{\n');
	while (from >= 0) {
		const start = output[from] === '{' ? from : from + 1;
		let end = output.indexOf('\n}', start);
		while (end >= 0) {
			let parsed: Record<string, any> | undefined;
			try {
				parsed = JSON.parse(output.slice(start, end + 2)) as Record<string, any>;
			} catch {
				parsed = undefined;
			}
			if (parsed?.data?.resultData) return parsed;
			end = output.indexOf('\n}', end + 2);
		}
		from = output.indexOf('\n{\n', start + 1);
	}
	return undefined;
}

export const OWNER = { email: 'owner@dataflow.example', firstName: 'Dataflow', lastName: 'Owner', password: 'Dataflow-e2e-1' };

export class N8n {
	/** $N8N_USER_FOLDER (n8n keeps its files in `.n8n` under it). */
	readonly userFolder: string;
	/** Where n8n's filesystem binary data mode keeps files (`filesystem-v2:<path>` ids are relative to it). */
	readonly binaryStore: string;

	constructor(
		readonly toolchain: Toolchain,
		readonly group: ProcessGroup,
		/** Work folder: the user folder, logs and generated files live under it. */
		readonly workDir: string,
		readonly options: { encryptionKey?: string; userFolder?: string } = {},
	) {
		this.userFolder = options.userFolder ?? path.join(workDir, 'n8n-home');
		this.binaryStore = path.join(this.userFolder, '.n8n', 'storage');
		mkdirSync(path.join(this.userFolder, '.n8n'), { recursive: true });
	}

	env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
		const env: NodeJS.ProcessEnv = {};
		// Keep the caller's environment minus npm's own variables (they would point nested npm runs at this project).
		for (const [key, value] of Object.entries(process.env)) if (!/^npm_/i.test(key)) env[key] = value;
		return {
			...env,
			PATH: `${this.toolchain.nodeBinDir}${path.delimiter}${process.env.PATH ?? ''}`,
			N8N_USER_FOLDER: this.userFolder,
			N8N_ENCRYPTION_KEY: this.options.encryptionKey ?? 'dataflow-e2e-throwaway-key',
			DB_TYPE: 'sqlite',
			N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'true',
			N8N_DIAGNOSTICS_ENABLED: 'false',
			N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
			N8N_TEMPLATES_ENABLED: 'false',
			N8N_PERSONALIZATION_ENABLED: 'false',
			N8N_HIRING_BANNER_ENABLED: 'false',
			N8N_LOG_LEVEL: 'info',
			N8N_HOST: '127.0.0.1',
			N8N_LISTEN_ADDRESS: '127.0.0.1',
			N8N_SECURE_COOKIE: 'false',
			N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
			...extra,
		};
	}

	/** Runs one n8n CLI command to its end. */
	async cli(args: string[], options: { timeoutMs?: number; logName?: string } = {}) {
		const brokerPort = await freePort();
		const name = `n8n ${args[0]}`;
		return this.group.run(name, this.toolchain.node, [this.toolchain.n8nCli, ...args], {
			cwd: this.workDir,
			env: this.env({ N8N_RUNNERS_BROKER_PORT: String(brokerPort), N8N_PORT: String(await freePort()) }),
			logFile: path.join(this.workDir, `${options.logName ?? args[0].replace(/[^\w]+/g, '-')}.log`),
			timeoutMs: options.timeoutMs ?? 600_000,
		});
	}

	private async cliOrThrow(args: string[], success: RegExp) {
		const result = await this.cli(args);
		if (result.code !== 0 || !success.test(result.output)) {
			throw new Error(`n8n ${args.join(' ')} failed (exit ${result.code}):\n${tail(result.output)}`);
		}
		return result;
	}

	/** `n8n import:credentials` (plain data; n8n encrypts it). Existing ids are overwritten. */
	async importCredentials(credentials: N8nCredential[], fileName = 'credentials.json'): Promise<void> {
		const file = path.join(this.workDir, fileName);
		writeFileSync(file, JSON.stringify(credentials, null, 2));
		await this.cliOrThrow(['import:credentials', `--input=${file}`], /Successfully imported/);
	}

	/** `n8n import:workflow` of workflow files (one CLI run; existing ids are overwritten). */
	async importWorkflows(files: string[]): Promise<void> {
		const dir = path.join(this.workDir, 'workflows');
		rmSync(dir, { recursive: true, force: true });
		mkdirSync(dir, { recursive: true });
		for (const file of files) writeFileSync(path.join(dir, path.basename(file)), readFileSync(file));
		await this.cliOrThrow(['import:workflow', '--separate', `--input=${dir}`], /Successfully imported/);
	}

	/** `n8n execute --id --rawOutput`; the run is read from the JSON it prints (also on failure). */
	async execute(workflowId: string, timeoutMs = 600_000): Promise<ExecutionResult> {
		const t0 = Date.now();
		const result = await this.cli(['execute', `--id=${workflowId}`, '--rawOutput'], { timeoutMs, logName: `execute-${workflowId}` });
		const durationMs = Date.now() - t0;
		const run = parseExecutionOutput(result.output);
		if (!run?.data?.resultData) {
			const why = result.timedOut ? `timed out after ${timeoutMs / 1000} s` : `exit ${result.code ?? result.signal}, no run data printed`;
			return {
				status: 'crashed',
				exitCode: result.code,
				durationMs,
				runData: {},
				error: { message: `n8n execute ${why}:\n${tail(result.output)}` },
				output: result.output,
				mode: 'cli',
			};
		}
		const resultData = run.data.resultData as { runData?: Record<string, TaskData[]>; error?: ExecutionResult['error']; lastNodeExecuted?: string };
		return {
			status: String(run.status ?? (resultData.error ? 'error' : 'success')),
			exitCode: result.code,
			durationMs,
			runData: resultData.runData ?? {},
			error: resultData.error,
			lastNodeExecuted: resultData.lastNodeExecuted,
			output: result.output,
			mode: 'cli',
		};
	}

	/**
	 * Runs a workflow in a running `n8n start` as the editor's "Execute workflow" does from a trigger
	 * (`POST /rest/workflows/:id/run` with `triggerToStartFrom`; for a polling trigger n8n calls its
	 * poll in manual mode, the "Fetch Test Event" path), then reads the saved execution
	 * (`GET /rest/executions/:id`, its data in n8n's `flatted` form) once it has ended.
	 */
	async runManually(server: N8nServer, workflowId: string, trigger: string, timeoutMs = 600_000): Promise<ExecutionResult> {
		const t0 = Date.now();
		const crashed = (message: string, output = ''): ExecutionResult => ({
			status: 'crashed',
			exitCode: null,
			durationMs: Date.now() - t0,
			runData: {},
			error: { message },
			output,
			mode: 'manual',
		});
		const started = await server.request<{ data?: { executionId?: string; waitingForWebhook?: boolean } }>('POST', `/rest/workflows/${workflowId}/run`, {
			triggerToStartFrom: { name: trigger },
		});
		const executionId = started.body?.data?.executionId;
		if (started.status !== 200 || !executionId) {
			return crashed(`POST /rest/workflows/${workflowId}/run answered ${started.status}: ${JSON.stringify(started.body).slice(0, 400)}`);
		}
		const deadline = t0 + timeoutMs;
		for (;;) {
			const answer = await server.request<{ data?: { status?: string; finished?: boolean; data?: string } }>('GET', `/rest/executions/${executionId}`);
			const execution = answer.body?.data;
			const status = execution?.status ?? '';
			if (answer.status === 200 && execution && !['new', 'running', 'waiting', ''].includes(status)) {
				const data = typeof execution.data === 'string' ? (this.parseFlatted(execution.data) as Record<string, any>) : execution.data;
				const resultData = (data?.resultData ?? {}) as { runData?: Record<string, TaskData[]>; error?: ExecutionResult['error']; lastNodeExecuted?: string };
				return {
					status,
					exitCode: null,
					durationMs: Date.now() - t0,
					runData: resultData.runData ?? {},
					error: resultData.error,
					lastNodeExecuted: resultData.lastNodeExecuted,
					output: JSON.stringify({ ...execution, data }, null, 2),
					mode: 'manual',
				};
			}
			if (Date.now() > deadline) {
				return crashed(`execution ${executionId} did not end within ${timeoutMs / 1000} s (last answer ${answer.status}, status "${status}")`, JSON.stringify(answer.body));
			}
			await sleep(250);
		}
	}

	/** n8n stores execution data with `flatted`; its own copy (in the toolchain) reads it. */
	private parseFlatted(text: string): unknown {
		const requireFromToolchain = createRequire(path.join(this.toolchain.dir, 'package.json'));
		return (requireFromToolchain('flatted') as { parse(text: string): unknown }).parse(text);
	}

	/** `n8n start` on 127.0.0.1 (a free port unless given); resolves when it answers /healthz/readiness. */
	async start(port?: number): Promise<N8nServer> {
		const listen = port ?? (await freePort());
		const brokerPort = await freePort();
		const child = this.group.start('n8n start', this.toolchain.node, [this.toolchain.n8nCli, 'start'], {
			cwd: this.workDir,
			env: this.env({ N8N_PORT: String(listen), N8N_RUNNERS_BROKER_PORT: String(brokerPort), N8N_EDITOR_BASE_URL: `http://127.0.0.1:${listen}` }),
			logFile: path.join(this.workDir, 'n8n-start.log'),
		});
		const server = new N8nServer(`http://127.0.0.1:${listen}`, child);
		await server.waitReady(300_000);
		return server;
	}
}

/** A running `n8n start`, with a cookie jar of one session. */
export class N8nServer {
	private cookie = '';

	constructor(
		readonly url: string,
		readonly child: Child,
	) {}

	async waitReady(timeoutMs: number): Promise<void> {
		const deadline = Date.now() + timeoutMs;
		while (Date.now() < deadline) {
			if (!this.child.running) throw new Error(`n8n start exited (${this.child.exitCode ?? this.child.signal}):\n${tail(this.child.output)}`);
			try {
				const response = await fetch(`${this.url}/healthz/readiness`);
				if (response.ok) return;
			} catch {}
			await sleep(500);
		}
		throw new Error(`n8n did not become ready within ${timeoutMs / 1000} s:\n${tail(this.child.output)}`);
	}

	async request<T = any>(method: string, endpoint: string, body?: unknown): Promise<{ status: number; body: T }> {
		const response = await fetch(`${this.url}${endpoint}`, {
			method,
			headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(this.cookie ? { cookie: this.cookie } : {}) },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const setCookie = response.headers.getSetCookie?.() ?? [];
		for (const entry of setCookie) {
			const [pair] = entry.split(';');
			const name = pair.split('=')[0];
			const others = this.cookie.split('; ').filter((c) => c && !c.startsWith(`${name}=`));
			this.cookie = [...others, pair].join('; ');
		}
		const text = await response.text();
		let parsed: unknown = text;
		try {
			parsed = JSON.parse(text);
		} catch {}
		return { status: response.status, body: parsed as T };
	}

	/** Owner setup (when not done yet), then login: later requests carry the session cookie. */
	async setupOwnerAndLogin(owner = OWNER): Promise<void> {
		// A user folder that was set up before answers 400 here; the login below decides.
		await this.request('POST', '/rest/owner/setup', owner);
		const login = await this.request('POST', '/rest/login', { emailOrLdapLoginId: owner.email, password: owner.password });
		if (login.status !== 200) throw new Error(`n8n login failed (${login.status}): ${JSON.stringify(login.body).slice(0, 300)}`);
	}

	/**
	 * Publishes (activates) a workflow, as the editor's Publish button does: its current version
	 * (`GET /rest/workflows/:id` → versionId, then `POST /rest/workflows/:id/activate`), and waits
	 * until its triggers are live: its webhooks then answer on the production URLs (`/webhook/...`,
	 * `/mcp/<path>`). `timeoutMs` is a hang guard.
	 */
	async publishWorkflow(workflowId: string, timeoutMs = 300_000): Promise<void> {
		const workflow = await this.request<{ data?: { versionId?: string } }>('GET', `/rest/workflows/${workflowId}`);
		const versionId = workflow.body?.data?.versionId;
		if (workflow.status !== 200 || !versionId) throw new Error(`GET /rest/workflows/${workflowId} answered ${workflow.status}: ${JSON.stringify(workflow.body).slice(0, 300)}`);
		const activated = await this.request<{ data?: { active?: boolean; activeVersionId?: string } }>('POST', `/rest/workflows/${workflowId}/activate`, { versionId });
		if (activated.status !== 200) throw new Error(`Publishing workflow ${workflowId} failed (${activated.status}): ${JSON.stringify(activated.body).slice(0, 400)}`);
		// n8n 2.41 activates the triggers through its publication outbox, polled every 15 s
		// (dist/workflows/workflow.service.js _publishViaOutbox): wait until they are live.
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const answer = await this.request<{ data?: { status?: string; liveVersionId?: string | null; triggers?: Array<{ status?: string; errorMessage?: string | null }> } }>(
				'GET',
				`/rest/workflows/${workflowId}/publication-status`,
			);
			const status = answer.body?.data;
			if (status?.status === 'published' && status.liveVersionId === versionId) return;
			if (status?.status === 'failed' || status?.status === 'partial') {
				throw new Error(`Publishing workflow ${workflowId}: ${status.status}: ${(status.triggers ?? []).map((t) => t.errorMessage).filter(Boolean).join('; ')}`);
			}
			if (Date.now() > deadline) throw new Error(`Workflow ${workflowId} was not live within ${timeoutMs / 1000} s (last publication status ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)})`);
			await sleep(500);
		}
	}

	/** Unpublishes (deactivates) a workflow. */
	async unpublishWorkflow(workflowId: string): Promise<void> {
		const answer = await this.request('POST', `/rest/workflows/${workflowId}/deactivate`, {});
		if (answer.status !== 200) throw new Error(`Unpublishing workflow ${workflowId} failed (${answer.status}): ${JSON.stringify(answer.body).slice(0, 300)}`);
	}

	get cookieHeader(): string {
		return this.cookie;
	}
}
