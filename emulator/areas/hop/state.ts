/**
 * The Hop Server's state: the PipelineMap and WorkflowMap (apache/hop:engine/src/main/java/org/apache/hop/
 * www/PipelineMap.java, WorkflowMap.java @2.19.0-rc1), the central log store, the server's variables and
 * metadata (run configurations, web services), its files, and the shutdown state.
 *
 * Look-ups as the servlets do them:
 * - with an id: `new HopServerObjectEntry(name, id)` and a map get; the entry's equals/hashCode use the id
 *   alone (HopServerObjectEntry.java), so any name (or none) finds the entry with that id;
 * - without an id: the first entry whose name equals the given one exactly (getFirstServerObjectEntry /
 *   getFirstHopServerObjectEntry). The maps are ConcurrentHashMaps, whose order Java decides; the emulator
 *   keeps the order the entries were added (a known difference: with two runs of one name the real server
 *   may find either);
 * - GetWorkflowStatusServlet with an id and no name: WorkflowMap.findWorkflow(id), which compares the
 *   engines' container ids — after a restart by startWorkflow the engine has a new container id while the
 *   map entry keeps the old one, so only this look-up finds the new id.
 */
import { randomUUID } from 'node:crypto';
import { cpus, freemem, loadavg, release, totalmem, type as osType, arch } from 'node:os';

import type { EmulatorApp } from '../../core/app';
import { executionConfigFromNode, parseXml, pipelineFromNode, workflowFromNode, type ExecutionConfig, type PipelineDef, type WorkflowDef } from './defs';
import { LogStore, PipelineEngine, PipelineRun, WorkflowEngine, WorkflowRun, type HopEvent, type PipelineEntry, type WorkflowEntry } from './engine';
import { defaultSeed, type AsyncWebServiceSeed, type HopSeed, type RunConfigurationSeed, type WebServiceSeed } from './seed';
import { hopVersion, type HopVersion } from './version';

/** Engine plugins a Hop Server has (plugins/engines/*): a run configuration naming another fails. */
const KNOWN_ENGINES = new Set(['Local', 'Remote', 'BeamDirectPipelineEngine', 'BeamSparkPipelineEngine', 'BeamFlinkPipelineEngine', 'BeamDataFlowPipelineEngine']);

export class HopServerState {
	readonly version: HopVersion;
	readonly logs: LogStore;
	readonly pipelines: PipelineEntry[] = [];
	readonly workflows: WorkflowEntry[] = [];
	readonly variables: Record<string, string>;
	readonly files: Map<string, PipelineDef | WorkflowDef>;
	readonly pipelineRunConfigurations: RunConfigurationSeed[];
	readonly workflowRunConfigurations: RunConfigurationSeed[];
	readonly webServices: WebServiceSeed[];
	readonly asyncWebServices: AsyncWebServiceSeed[];
	readonly enableAuth: boolean;
	readonly graphics: boolean;
	readonly durationMs: number;
	readonly shutdownTimeoutMs: number;
	readonly startedAt: number;
	/** When `/shutdown` was asked (the shutdown itself starts two seconds later: ShutdownServlet's timer). */
	shutdownRequestedAt?: number;
	/** When the server stopped listening (requests are then cut off). */
	private downAt?: number;
	/** The emulator is stopping: waiting requests give up. */
	closed = false;
	/** Engines that run without a map entry (removed while running, or a web service not listed). */
	readonly orphans: PipelineEngine[] = [];
	/** Uploaded packages (registerPackage / addExport): archive URL → zip bytes. */
	readonly packages = new Map<string, Buffer>();
	/** Servlets that have served a GET (BaseHttpServlet sets supportGraphicEnvironment on GET only). */
	readonly graphicsKnown = new Set<string>();
	/** Names of the servlet holders (Jetty 12 prints them in error pages): class name and a hash. */
	private readonly holderNames = new Map<string, string>();
	private seq = 0;

	constructor(readonly app: EmulatorApp) {
		const seed = { ...defaultSeed(), ...((app.options.seed.hop ?? {}) as HopSeed) };
		this.version = hopVersion(seed.version);
		this.logs = new LogStore(() => app.options.serverTimeZone);
		this.variables = { ...defaultSeed().variables, ...seed.variables };
		this.files = new Map();
		for (const [path, content] of Object.entries(seed.files)) {
			const def = typeof content === 'string' ? this.parseFile(content, path) : { ...content, filename: content.filename ?? path };
			if (def) this.files.set(path, def);
		}
		this.pipelineRunConfigurations = seed.pipelineRunConfigurations;
		this.workflowRunConfigurations = seed.workflowRunConfigurations;
		this.webServices = seed.webServices;
		this.asyncWebServices = seed.asyncWebServices;
		this.enableAuth = seed.enableAuth;
		this.graphics = seed.graphics;
		this.durationMs = seed.durationMs ?? app.options.jobDurationMs;
		this.shutdownTimeoutMs = seed.shutdownTimeoutMs;
		this.startedAt = app.now();
	}

	private parseFile(xml: string, path: string): PipelineDef | WorkflowDef | undefined {
		const doc = parseXml(xml);
		if (doc?.pipeline) return pipelineFromNode(doc.pipeline as Record<string, unknown>, path);
		if (doc?.workflow) return workflowFromNode(doc.workflow as Record<string, unknown>, path);
		return undefined;
	}

	now(): number {
		return this.app.now();
	}

	nextSeq(): number {
		this.seq += 1;
		return this.seq;
	}

	/** IVariables.resolve: ${NAME} and %%NAME%% from the server's variables (unknown ones stay). */
	resolve(text: string, extra: Record<string, string> = {}): string {
		const vars = { ...this.variables, ...extra };
		return text.replace(/\$\{([^}]+)\}|%%([^%]+)%%/g, (whole, a: string | undefined, b: string | undefined) => vars[(a ?? b)!] ?? whole);
	}

	/** The servlet holder's name as Jetty makes it for `new ServletHolder(servlet)`: class name, dash, a hash. */
	holderName(className: string): string {
		let name = this.holderNames.get(className);
		if (!name) {
			name = `${className}-${Math.floor(Math.random() * 0x7fffffff).toString(16)}`;
			this.holderNames.set(className, name);
		}
		return name;
	}

	// -------------------------------------------------------------- time

	/** Runs every log event due up to now, in time order across all runs. */
	settle(now = this.now()): void {
		for (let round = 0; round < 1000; round++) {
			const events: Array<HopEvent & { order: number }> = [];
			let order = 0;
			for (const engine of [...this.pipelines.map((p) => p.engine), ...this.orphans]) for (const e of engine.run?.events(now, this.logs) ?? []) events.push({ ...e, order: order++ });
			for (const entry of this.workflows) for (const e of entry.engine.run?.events(now, this.logs) ?? []) events.push({ ...e, order: order++ });
			if (events.length === 0) return;
			events.sort((a, b) => a.at - b.at || a.order - b.order);
			events[0].run();
		}
	}

	// -------------------------------------------------------------- metadata

	/** The run configuration names a request can use: the server's metadata and the client's. */
	findRunConfiguration(kind: 'pipeline' | 'workflow', name: string, clientNames: string[] = []): RunConfigurationSeed | undefined {
		const list = kind === 'pipeline' ? this.pipelineRunConfigurations : this.workflowRunConfigurations;
		return list.find((r) => r.name === name) ?? (clientNames.includes(name) ? { name, engine: 'Local' } : undefined);
	}

	defaultRunConfiguration(kind: 'pipeline' | 'workflow'): string | undefined {
		return (kind === 'pipeline' ? this.pipelineRunConfigurations : this.workflowRunConfigurations).find((r) => r.default)?.name;
	}

	/**
	 * PipelineEngineFactory.createPipelineEngine / WorkflowEngineFactory.createWorkflowEngine
	 * (engine/src/main/java/org/apache/hop/pipeline/engine/PipelineEngineFactory.java@2.19.0-rc1): an empty
	 * name, an unknown one and a missing engine plugin are errors (the workflow factory's message names the
	 * "pipeline engine plugin" too).
	 */
	checkRunConfiguration(kind: 'pipeline' | 'workflow', name: string | undefined, clientNames: string[] = []): string | undefined {
		if (!name) return `Please specify a run configuration to execute the ${kind} with`;
		const found = this.findRunConfiguration(kind, name, clientNames);
		if (!found) return `Unable to find the specified ${kind} run configuration '${name}' in metadata provider: Multi Metadata Provider`;
		const engine = found.engine ?? 'Local';
		if (!KNOWN_ENGINES.has(engine)) return `Unable to find pipeline engine plugin type with ID '${engine}'`;
		return undefined;
	}

	fileDef(path: string): PipelineDef | WorkflowDef | undefined {
		return this.files.get(path) ?? this.files.get(path.replace(/^file:\/\//, ''));
	}

	// -------------------------------------------------------------- pipelines

	addPipeline(def: PipelineDef, config: ExecutionConfig, clientRunConfigurations: string[] = [], id = randomUUID()): PipelineEntry {
		const engine = new PipelineEngine(def, { ...config, parameters: { ...Object.fromEntries(def.parameters.map((p) => [p.name, p.defaultValue])), ...config.parameters } });
		const entry: PipelineEntry = { name: def.name, id, engine, clientRunConfigurations, seq: this.nextSeq() };
		this.pipelines.push(entry);
		return entry;
	}

	/** The servlets' look-up: by id when given (equality on the id alone), else the first with the name. */
	findPipeline(name: string | null, id: string | null): PipelineEntry | undefined {
		if (id) return this.pipelines.find((e) => e.id === id);
		return this.pipelines.find((e) => e.name === name);
	}

	removePipeline(entry: PipelineEntry): void {
		const index = this.pipelines.indexOf(entry);
		if (index >= 0) this.pipelines.splice(index, 1);
		if (entry.engine.run?.running) this.orphans.push(entry.engine);
	}

	/** Pipeline.prepareExecution: a new log channel, the start date, the first log lines. */
	preparePipeline(engine: PipelineEngine): PipelineRun {
		const now = this.now();
		this.settle(now);
		if (engine.run) this.logs.discard(engine.run.channel);
		const run = new PipelineRun(engine, now, this.durationMs);
		engine.run = run;
		engine.readyToStart = true;
		engine.pausedFlag = false;
		const level = ['Nothing', 'Error', 'Minimal'].includes(engine.config.logLevel) ? 0 : 3;
		if (level >= 3) {
			this.logs.write(run.channel, now, engine.def.name, `Executing this pipeline using the Local Pipeline Engine with run configuration '${engine.config.runConfiguration ?? 'local'}'`);
			this.logs.write(run.channel, now, engine.def.name, `Execution started for pipeline [${engine.def.name}]`);
		}
		return run;
	}

	startPipeline(engine: PipelineEngine): void {
		const now = this.now();
		const run = engine.run ?? this.preparePipeline(engine);
		run.start(now);
		this.settle(now);
	}

	// -------------------------------------------------------------- workflows

	addWorkflow(def: WorkflowDef, config: ExecutionConfig, clientRunConfigurations: string[] = [], name = def.name, id = randomUUID()): WorkflowEntry {
		const engine = new WorkflowEngine(def, { ...config, parameters: { ...Object.fromEntries(def.parameters.map((p) => [p.name, p.defaultValue])), ...config.parameters } }, id);
		const entry: WorkflowEntry = { name, id, engine, clientRunConfigurations, seq: this.nextSeq() };
		this.workflows.push(entry);
		return entry;
	}

	findWorkflow(name: string | null, id: string | null): WorkflowEntry | undefined {
		if (id) return this.workflows.find((e) => e.id === id);
		return this.workflows.find((e) => e.name === name);
	}

	/** WorkflowMap.findWorkflow(id): by the engines' container ids. */
	findWorkflowByContainerId(id: string): WorkflowEntry | undefined {
		return this.workflows.find((e) => e.engine.containerId === id);
	}

	removeWorkflow(entry: WorkflowEntry): void {
		const index = this.workflows.indexOf(entry);
		if (index >= 0) this.workflows.splice(index, 1);
	}

	startWorkflow(engine: WorkflowEngine): WorkflowRun {
		const now = this.now();
		this.settle(now);
		const run = new WorkflowRun(
			engine,
			now,
			{
				baseMs: this.durationMs,
				pipelineFor: (filename) => {
					const def = this.fileDef(this.resolve(filename, engine.config.parameters));
					return def?.kind === 'pipeline' ? def : undefined;
				},
			},
			this.version.atLeast('2.18.0'),
		);
		engine.run = run;
		engine.stoppedBeforeStart = false;
		this.settle(now);
		return run;
	}

	// -------------------------------------------------------------- server

	/** When the shutdown started (HopServer.shutdown: HopServerSingleton's flag), two seconds after `/shutdown`. */
	get shuttingDownSince(): number | undefined {
		return this.shutdownRequestedAt === undefined ? undefined : this.shutdownRequestedAt + 2000;
	}

	get shuttingDown(): boolean {
		const since = this.shuttingDownSince;
		return since !== undefined && this.now() >= since;
	}

	/**
	 * Whether the server has stopped: at once with --shutdown-timeout 0, else when no pipeline or workflow runs
	 * any more or the timeout passed (HopServer.shutdown / waitForRunningExecutions).
	 */
	isDown(now = this.now()): boolean {
		if (this.downAt !== undefined) return now >= this.downAt;
		const since = this.shuttingDownSince;
		if (since === undefined || now < since) return false;
		const running = this.pipelines.some((p) => p.engine.run?.running) || this.workflows.some((w) => w.engine.run?.running);
		if (this.shutdownTimeoutMs <= 0 || !running || now >= since + this.shutdownTimeoutMs) {
			this.downAt = this.shutdownTimeoutMs <= 0 ? since : Math.min(now, since + this.shutdownTimeoutMs);
			return true;
		}
		return false;
	}

	/** The JVM figures the status document reports (GetStatusServlet.getSystemInfo). */
	systemInfo(): { memoryFree: number; memoryTotal: number; cpuCores: number; cpuProcessTime: number; uptime: number; threadCount: number; loadAvg: number; osName: string; osVersion: string; osArch: string } {
		const uptime = Math.max(0, this.now() - this.startedAt);
		const javaArch: Record<string, string> = { x64: 'amd64', arm64: 'aarch64', ia32: 'x86' };
		return {
			memoryFree: Math.min(freemem(), 2 ** 31),
			memoryTotal: Math.min(totalmem(), 2 ** 31 + 2 ** 30),
			cpuCores: cpus().length || 1,
			cpuProcessTime: Math.round(process.cpuUsage().user * 1000),
			uptime,
			threadCount: 40 + this.pipelines.length + this.workflows.length,
			loadAvg: Math.round(loadavg()[0] * 100) / 100,
			osName: osType(),
			osVersion: release(),
			osArch: javaArch[arch()] ?? arch(),
		};
	}
}

/** Builds a pipeline definition and its execution configuration from a `pipeline_configuration` body. */
export function pipelineConfigurationFromXml(xml: string): { def: PipelineDef; config: ExecutionConfig; metastoreJson?: string } | undefined {
	const doc = parseXml(xml);
	const root = doc?.pipeline_configuration as Record<string, unknown> | undefined;
	if (!root || !root.pipeline) return undefined;
	const def = pipelineFromNode(root.pipeline as Record<string, unknown>);
	const config = executionConfigFromNode(root.pipeline_execution_configuration as Record<string, unknown> | undefined);
	const metastoreJson = typeof root.metastore_json === 'string' ? root.metastore_json : undefined;
	return { def, config, metastoreJson };
}

export function workflowConfigurationFromXml(xml: string): { def: WorkflowDef; config: ExecutionConfig; metastoreJson?: string } | undefined {
	const doc = parseXml(xml);
	const root = doc?.workflow_configuration as Record<string, unknown> | undefined;
	if (!root || !root.workflow) return undefined;
	const def = workflowFromNode(root.workflow as Record<string, unknown>);
	const config = executionConfigFromNode(root.workflow_execution_configuration as Record<string, unknown> | undefined);
	const metastoreJson = typeof root.metastore_json === 'string' ? root.metastore_json : undefined;
	return { def, config, metastoreJson };
}
