/**
 * Running pipelines and workflows on a Hop Server, shared by the Pipeline and Workflow resources:
 *
 * - From a file on the server: `/hop/execPipeline/?pipeline=<file>` and `/hop/execWorkflow/?workflow=<file>`
 *   (ExecPipelineServlet / ExecWorkflowServlet, new in 2.17.0, apache/hop 162457dd03; read at
 *   engine/src/main/java/org/apache/hop/www/ExecPipelineServlet.java@2.19.0-rc1). The file path may hold
 *   variables (`${PROJECT_HOME}`), resolved by the server; `level` is a log level code, `runConfig` a run
 *   configuration of the server's metadata (else its default one, else "local"); every other query parameter
 *   becomes a parameter of that name when the pipeline declares one, else a variable. The servlet registers
 *   the run under a new id, runs it to its end and only then answers, without the id: OK "Pipeline executed
 *   successfully", 500 "Error executing pipeline: <log>" when it ended with errors, 500 "Unexpected error
 *   executing pipeline" (a file that does not exist too), 400 without the file, 404 only for a run
 *   configuration whose engine is not installed.
 * - From a file given to the node (a binary field): `/hop/registerPipeline/` or `/hop/registerWorkflow/`
 *   (POST, a pipeline_configuration / workflow_configuration body, hopDefinition.ts) → the new id; then
 *   `/hop/prepareExec/` + `/hop/startExec/` for a pipeline (as RemotePipelineEngine does: prepareExec
 *   applies the variables, startPipeline does not) or `/hop/startWorkflow/` (its answer's id is the run's
 *   container id). Every 2.x release has them.
 *
 * Run and Wait from a file on the server cannot learn the id from the answer, which comes at the end: it
 * reads the server's status list, sends execPipeline without waiting for its answer, and reads the list
 * again until a run of that name appears that was not there before (the name Hop gives a file's run is its
 * base name without .hpl/.hwf when the file has name_sync_with_filename Y, as Hop GUI saves it:
 * AbstractMeta.extractNameFromFilename; otherwise its <name>, and such a run is taken once the servlet has
 * answered, as the only new run). The items of one execution do this one at a time, so they never take each
 * other's runs.
 */
import {
	NodeOperationError,
	sleep,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { sourceToBuffer, uploadSource } from '../../common/binary';
import { sendPlanned, type ExecutionScope, type RequestPlan } from '../../common/executor';
import { INCLUDE_RAW_OPTION, optionsCollection, optionsOf, readPairs } from '../../common/fields';
import { CONTROL_HEADERS, withoutCancelSignal } from './control';
import { logLevelField, nameValueField, readLogLevel, requiredText, reservedQueryNames } from './fields';
import { buildHopConfiguration, readHopDefinition, type HopKind } from './hopDefinition';
import { hopControl, hopPath, readHopControl, SINCE_2_17 } from './hopServer';
import { fetchHopServerStatus, fetchPipelineStatus, requireHopId } from './hopStatus';
import { NO_LOG_FROM } from './transControl';
import { text } from './jobStatus';
import { refQuery, type RunRef } from './runRef';
import { giveUp, type WaitPolicy, type WaitTarget } from './waitRun';

export interface HopNouns {
	Noun: string;
	noun: string;
	extension: string;
	/** The query parameter of execPipeline/execWorkflow that names the file. */
	fileParameter: string;
	exec: string;
	register: string;
	status: string;
	stop: string;
	remove: string;
	image: string;
	/** The name key of the kind's entries and status documents. */
	nameKey: string;
	/** Where the kind's placeholder files live in a Hop project. */
	folder: string;
}

export const HOP: Record<HopKind, HopNouns> = {
	pipeline: {
		Noun: 'Pipeline',
		noun: 'pipeline',
		extension: '.hpl',
		fileParameter: 'pipeline',
		exec: 'execPipeline',
		register: 'registerPipeline',
		status: 'pipelineStatus',
		stop: 'stopPipeline',
		remove: 'removePipeline',
		image: 'pipelineImage',
		nameKey: 'pipeline_name',
		folder: 'pipelines',
	},
	workflow: {
		Noun: 'Workflow',
		noun: 'workflow',
		extension: '.hwf',
		fileParameter: 'workflow',
		exec: 'execWorkflow',
		register: 'registerWorkflow',
		status: 'workflowStatus',
		stop: 'stopWorkflow',
		remove: 'removeWorkflow',
		image: 'workflowImage',
		nameKey: 'workflowname',
		folder: 'workflows',
	},
};

// ------------------------------------------------------------------ fields

export type HopSource = 'server' | 'binary';

/** The file on the server (`filePath`). */
function filePathField(kind: HopKind): INodeProperties {
	const n = HOP[kind];
	return {
		displayName: `${n.Noun} File`,
		name: 'filePath',
		type: 'string',
		default: '',
		required: true,
		placeholder: `e.g. \${PROJECT_HOME}/${n.folder}/load-customers${n.extension}`,
		description: `Path of the ${n.extension} file on the Hop Server's file system; variables such as \${PROJECT_HOME} are resolved by the server. Needs Hop 2.17 or later.`,
	};
}

function definitionBinaryField(kind: HopKind): INodeProperties {
	const n = HOP[kind];
	return {
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: `The name of the input binary field holding the ${n.extension} file`,
	};
}

/** Parameters and Variables (top level: lists). */
function pairFields(kind: HopKind): INodeProperties[] {
	const n = HOP[kind];
	return [
		nameValueField('hopParameters', 'Parameters', `Named parameters the ${n.noun} declares (the server ignores names the ${n.noun} does not declare)`),
		nameValueField('hopVariables', 'Variables', `Variables set for the ${n.noun}`),
	];
}

/** Run Configuration and Log Level, options of the operation's Options collection. */
export function executionOptions(kind: HopKind, source: HopSource | 'both'): INodeProperties[] {
	const n = HOP[kind];
	const empty =
		source === 'server'
			? "Empty: the server's default run configuration (or \"local\")"
			: source === 'binary'
				? 'Empty: "local"'
				: 'Empty: for a file on the server, its default run configuration (or "local"); for a binary file, "local"';
	return [
		logLevelField(`How much the ${n.noun} writes to its log`),
		{
			displayName: 'Run Configuration',
			name: 'runConfiguration',
			type: 'string',
			default: '',
			placeholder: 'e.g. local',
			description: `Name of a ${n.noun} run configuration in the Hop Server's metadata, which decides the engine that runs the ${n.noun}. ${empty}.`,
		},
	];
}

/** The fields of Execute: a file on the server, its parameters and variables, the Options. */
export function execFields(kind: HopKind): INodeProperties[] {
	return [filePathField(kind), ...pairFields(kind), optionsCollection(executionOptions(kind, 'server'))];
}

/** The fields of Register: the file in a binary field, its parameters and variables, the Options (with Include Raw Response). */
export function registerFields(kind: HopKind): INodeProperties[] {
	return [definitionBinaryField(kind), ...pairFields(kind), optionsCollection([...executionOptions(kind, 'binary'), INCLUDE_RAW_OPTION].sort((a, b) => a.displayName.localeCompare(b.displayName)))];
}

/** The fields of Run and Wait: where the file is (`hopSource`), the file, its parameters and variables (the Options come from the operation). */
export function runFields(kind: HopKind): INodeProperties[] {
	const n = HOP[kind];
	return [
		{
			displayName: 'Source',
			name: 'hopSource',
			type: 'options',
			options: [
				{
					name: 'Binary File',
					value: 'binary',
					description: `A ${n.extension} file in a binary field of the input item, registered on the server and started (every Hop 2.x)`,
				},
				{
					name: 'File on the Server',
					value: 'server',
					description: `A ${n.extension} file on the Hop Server's file system (Hop 2.17 or later)`,
				},
			],
			default: 'server',
			required: true,
		},
		{ ...filePathField(kind), displayOptions: { show: { hopSource: ['server'] } } },
		{ ...definitionBinaryField(kind), displayOptions: { show: { hopSource: ['binary'] } } },
		...pairFields(kind),
	];
}

// ------------------------------------------------------------------ plans

export interface Pair {
	name: string;
	value: string;
}

export interface HopRunPlan {
	kind: HopKind;
	source: HopSource;
	/** The file on the server (source `server`). */
	path: string;
	/** The name the server lists the run under. */
	name: string;
	/** Source `binary`: the binary's file name and the registration body. */
	fileName?: string;
	body?: string;
	level: string;
	/** '' for the server's default (a file on the server). */
	runConfiguration: string;
	parameters: Pair[];
	variables: Pair[];
}

/** The name Hop gives a file's run: its base name without the extension (when the file has name_sync_with_filename Y). */
export function hopNameOf(path: string, kind: HopKind): string {
	const base = path.split(/[/\\]/).pop() ?? '';
	return base.toLowerCase().endsWith(HOP[kind].extension) ? base.slice(0, -HOP[kind].extension.length) : base;
}

function readSettings(ctx: IExecuteFunctions, itemIndex: number, kind: HopKind): Pick<HopRunPlan, 'level' | 'runConfiguration' | 'parameters' | 'variables'> {
	const n = HOP[kind];
	// execPipeline reads these itself; `json` (2.18.0) would switch its answer to JSON.
	const reserved = reservedQueryNames([n.fileParameter, 'level', 'runConfig', 'json']);
	const parameters = readPairs(ctx, itemIndex, { name: 'hopParameters', entry: 'entry', label: 'parameter', reserved });
	const variables = readPairs(ctx, itemIndex, { name: 'hopVariables', entry: 'entry', label: 'variable', reserved });
	const names = new Set(parameters.map((p) => p.name));
	const twice = variables.find((v) => names.has(v.name));
	if (twice) {
		throw new NodeOperationError(ctx.getNode(), `"${twice.name}" is given both as a parameter and as a variable: give it once`, { itemIndex });
	}
	const options = optionsOf(ctx, itemIndex);
	return {
		level: readLogLevel(ctx, itemIndex, options.logLevel ?? 'Basic'),
		runConfiguration: String(options.runConfiguration ?? '').trim(),
		parameters,
		variables,
	};
}

/** Reads the file on the server; a file of the other kind (or a Kettle file) is refused before any request. */
function readServerFile(ctx: IExecuteFunctions, itemIndex: number, kind: HopKind): string {
	const n = HOP[kind];
	const path = requiredText(ctx, 'filePath', itemIndex, `${n.Noun} File`);
	const other = kind === 'pipeline' ? { ext: /\.hwf$/i, use: 'a workflow (.hwf): use the Workflow resource' } : { ext: /\.hpl$/i, use: 'a pipeline (.hpl): use the Pipeline resource' };
	if (other.ext.test(path)) throw new NodeOperationError(ctx.getNode(), `${n.Noun} File "${path}" is ${other.use}`, { itemIndex });
	if (/\.(ktr|kjb)$/i.test(path)) {
		throw new NodeOperationError(ctx.getNode(), `${n.Noun} File "${path}" is a Kettle file: a Hop Server runs Hop ${n.noun}s (${n.extension})`, { itemIndex });
	}
	return path;
}

/** Execute: a file on the server. */
export function readExecPlan(ctx: IExecuteFunctions, itemIndex: number, kind: HopKind): HopRunPlan {
	const path = readServerFile(ctx, itemIndex, kind);
	return { kind, source: 'server', path, name: hopNameOf(path, kind), ...readSettings(ctx, itemIndex, kind) };
}

/** Register: the file of a binary field, its registration body built (and checked) before any request. */
export async function readRegisterPlan(ctx: IExecuteFunctions, itemIndex: number, kind: HopKind): Promise<HopRunPlan> {
	const settings = readSettings(ctx, itemIndex, kind);
	const binaryField = String(ctx.getNodeParameter('binaryPropertyName', itemIndex, 'data') ?? '').trim();
	if (binaryField === '') {
		throw new NodeOperationError(ctx.getNode(), 'Input Binary Field is empty: give the name of a binary field, for example "data"', { itemIndex });
	}
	const upload = await uploadSource(ctx, itemIndex, binaryField);
	const definition = readHopDefinition((await sourceToBuffer(ctx, upload)).toString('utf8'), kind);
	// A registered run needs a run configuration (PipelineEngineFactory: "Please specify a run configuration").
	const runConfiguration = settings.runConfiguration || 'local';
	const body = buildHopConfiguration(definition, { logLevel: settings.level, runConfiguration, parameters: settings.parameters, variables: settings.variables });
	return { kind, source: 'binary', path: '', name: definition.name, fileName: upload.fileName, body, ...settings, runConfiguration };
}

/** Run and Wait: either source. */
export async function readRunPlan(ctx: IExecuteFunctions, itemIndex: number, kind: HopKind): Promise<HopRunPlan> {
	const source = String(ctx.getNodeParameter('hopSource', itemIndex, 'server'));
	if (source === 'binary') return await readRegisterPlan(ctx, itemIndex, kind);
	if (source !== 'server') throw new NodeOperationError(ctx.getNode(), `Source must be "server" or "binary", got "${source}"`, { itemIndex });
	return readExecPlan(ctx, itemIndex, kind);
}

// ------------------------------------------------------------------ requests

/** GET /hop/execPipeline/?pipeline=<file>&level=…[&runConfig=…]&<parameters and variables> (no xml=Y: it would become a variable). */
export function execPlan(plan: HopRunPlan): RequestPlan {
	const n = HOP[plan.kind];
	const qs: IDataObject = { [n.fileParameter]: plan.path, level: plan.level };
	if (plan.runConfiguration !== '') qs.runConfig = plan.runConfiguration;
	for (const { name, value } of [...plan.parameters, ...plan.variables]) qs[name] = value;
	return { method: 'GET', path: hopPath(n.exec), qs, headers: CONTROL_HEADERS, expect: 'text', refusals: { 404: SINCE_2_17(n.exec) } };
}

/** POST /hop/registerPipeline/?xml=Y (or registerWorkflow) with the configuration as UTF-8 XML (the servlet reads the body as UTF-8). */
export function registerPlan(plan: HopRunPlan): RequestPlan {
	return {
		method: 'POST',
		path: hopPath(HOP[plan.kind].register),
		qs: { xml: 'Y' },
		headers: { ...CONTROL_HEADERS, 'Content-Type': 'text/xml;charset=UTF-8' },
		body: plan.body,
		expect: 'text',
	};
}

/** Registers the plan's definition; returns the new id. */
export async function registerRun(ctx: IExecuteFunctions, plan: HopRunPlan, itemIndex: number): Promise<{ id: string; message: string; raw: string }> {
	const request = registerPlan(plan);
	const what = `the registration of the ${plan.kind} "${plan.name}"`;
	const response = await sendPlanned<string>(ctx, request, itemIndex);
	const { result, raw } = readHopControl(ctx.getNode(), { status: response.status, raw: String(response.body ?? '') }, request, what, itemIndex);
	return { id: requireHopId(ctx.getNode(), result.id, result.message, itemIndex, what), message: result.message, raw };
}

/**
 * Starts a registered run: prepareExec then startExec for a pipeline (startExec answers no id: the
 * pipeline keeps its own), startWorkflow for a workflow. startWorkflow answers the run's container id,
 * a new one when the workflow had already run (a new engine replaces the old one under the same list
 * entry: StartWorkflowServlet, WorkflowMap.replaceWorkflow @2.19.0-rc1); the status, stop, remove and
 * image servlets find a workflow given a name by its list entry's id, so `id` stays the entry's id and
 * the new container id is `containerId`.
 */
export async function startRun(ctx: IExecuteFunctions, kind: HopKind, ref: RunRef, itemIndex: number): Promise<{ id: string; containerId?: string; message: string }> {
	const qs = refQuery(ref);
	if (kind === 'pipeline') {
		await hopControl(ctx, { servlet: 'prepareExec', qs, what: `the preparation of the pipeline "${ref.name}"`, itemIndex });
		const { result } = await hopControl(ctx, { servlet: 'startExec', qs, what: `the start of the pipeline "${ref.name}"`, itemIndex });
		// Started by name alone: the servlets took the first pipeline of that name, whose id its status says.
		const id = ref.id || (await fetchPipelineStatus(ctx, ref, NO_LOG_FROM, itemIndex)).status.id;
		return { id, message: result.message };
	}
	const { result } = await hopControl(ctx, { servlet: 'startWorkflow', qs, what: `the start of the workflow "${ref.name}"`, itemIndex });
	const id = ref.id || result.id;
	return { id, ...(result.id && result.id !== id ? { containerId: result.id } : {}), message: result.message };
}

/** Stops a run (stopPipeline's `inputOnly` is read and ignored by Hop: there is no safe stop). */
export async function stopRun(ctx: IExecuteFunctions, kind: HopKind, ref: RunRef, itemIndex: number): Promise<string> {
	const { result } = await hopControl(ctx, { servlet: HOP[kind].stop, qs: refQuery(ref), what: `the stop of the ${kind} "${ref.name}"`, itemIndex });
	return result.message;
}

/** Removes a run and its log from the server (RemovePipelineServlet / RemoveWorkflowServlet remove it running or not). */
export async function removeRun(ctx: IExecuteFunctions, kind: HopKind, ref: RunRef, itemIndex: number): Promise<void> {
	await hopControl(ctx, { servlet: HOP[kind].remove, qs: refQuery(ref), what: `the removal of the ${kind} "${ref.name}"`, itemIndex });
}

// ------------------------------------------------------------------ a file on the server, followed

type ExecOutcome = { ok: true; message: string } | { ok: false; error: unknown };

export interface FileRun {
	/** The run's id; '' when the server answered before the run could be seen in its list. */
	id: string;
	name: string;
	/** Status list requests sent to find it. */
	statusRequests: number;
	/** The execPipeline answer, when it came before the run was seen. */
	outcome?: ExecOutcome;
}

/** How often the status list is read while looking for the new run (or the poll interval, if shorter). */
const DISCOVERY_MS = 500;

const discoveryLocks = new WeakMap<ExecutionScope, Promise<void>>();

/** Runs `work` after the other items of the same execution have found their runs. */
async function oneAtATime<T>(scope: ExecutionScope, work: () => Promise<T>): Promise<T> {
	const previous = discoveryLocks.get(scope) ?? Promise.resolve();
	let release!: () => void;
	const mine = new Promise<void>((resolve) => (release = resolve));
	discoveryLocks.set(scope, previous.then(() => mine));
	await previous;
	try {
		return await work();
	} finally {
		release();
	}
}

/**
 * Sends execPipeline/execWorkflow for a file on the server without waiting for its answer, and finds
 * the run it registered in the server's status list (a run of that name with an id the list did not
 * have before). On a timeout or cancel before the run is seen, the run is looked for once more and
 * stopped or left as the policy says.
 */
export async function startFileRun(
	ctx: IExecuteFunctions,
	plan: HopRunPlan,
	policy: WaitPolicy,
	itemIndex: number,
	startedAt: number,
	scope: ExecutionScope,
): Promise<FileRun> {
	return await oneAtATime(scope, async () => {
		const n = HOP[plan.kind];
		let statusRequests = 0;
		const entries = async (context: IExecuteFunctions) => {
			const status = await fetchHopServerStatus(context, itemIndex);
			statusRequests++;
			return plan.kind === 'pipeline' ? status.pipelines : status.workflows;
		};
		const known = new Set((await entries(ctx)).map((e) => text(e.id)));
		// Set when the servlet answers (at the end of the run); never rejects.
		const exec: { outcome?: ExecOutcome } = {};
		const request = execPlan(plan);
		void sendPlanned<string>(ctx, request, itemIndex).then(
			(response) => {
				try {
					const { result } = readHopControl(ctx.getNode(), { status: response.status, raw: String(response.body ?? '') }, request, `the run of ${plan.path}`, itemIndex);
					exec.outcome = { ok: true, message: result.message };
				} catch (error) {
					exec.outcome = { ok: false, error };
				}
			},
			(error: unknown) => {
				exec.outcome = { ok: false, error };
			},
		);
		/** The new run: a new id with the file's name; once the server has answered, the only new run of any name. */
		const pick = (list: IDataObject[], answered: boolean) => {
			const fresh = list.filter((e) => !known.has(text(e.id)));
			return fresh.find((e) => text(e[n.nameKey]) === plan.name) ?? (answered && fresh.length === 1 ? fresh[0] : undefined);
		};
		const found = (entry: IDataObject): FileRun => ({ id: text(entry.id), name: text(entry[n.nameKey]) || plan.name, statusRequests });
		const signal = ctx.getExecutionCancelSignal();
		const deadline = policy.timeoutMs > 0 ? startedAt + policy.timeoutMs : Infinity;

		const abandon = async (reason: 'cancel' | 'timeout'): Promise<never> => {
			const context = reason === 'cancel' ? withoutCancelSignal(ctx) : ctx;
			let entry: IDataObject | undefined;
			try {
				entry = pick(await entries(context), false);
			} catch {
				entry = undefined;
			}
			const what = `the ${n.noun} ${plan.path}`;
			let sentence = 'Its run was not found in the server\'s list: it may still be running.';
			if (entry) {
				const ref = { name: text(entry[n.nameKey]) || plan.name, id: text(entry.id) };
				const target: WaitTarget<unknown> = {
					what,
					poll: async () => await Promise.reject(new Error('not polled')),
					isTerminal: () => true,
					stop: async (c) => await stopRun(c, plan.kind, ref, itemIndex),
					remove: async () => await removeRun(ctx, plan.kind, ref, itemIndex),
				};
				sentence = `Its run has the id ${ref.id}. ${(await giveUp(context, target, policy)).sentence}`;
			}
			throw new NodeOperationError(
				ctx.getNode(),
				reason === 'cancel'
					? `The n8n execution was cancelled while waiting for ${what} to start. ${sentence}`
					: `${what[0].toUpperCase()}${what.slice(1)} did not start within ${policy.timeoutMs / 1000} s. ${sentence}`,
				{ itemIndex, description: `${statusRequests} status request${statusRequests === 1 ? '' : 's'}.` },
			);
		};

		for (;;) {
			const wait = Math.min(DISCOVERY_MS, policy.intervalMs, Math.max(0, deadline - Date.now()));
			let cancelled = false;
			try {
				await sleep(wait, signal);
			} catch {
				cancelled = true;
			}
			if (cancelled || signal?.aborted) return await abandon('cancel');
			const answered = exec.outcome;
			let list: IDataObject[] | undefined;
			let failure: unknown;
			try {
				list = await entries(ctx);
			} catch (error) {
				failure = error;
			}
			// n8n aborts a request in flight when the execution is cancelled: that is a cancel, not a server fault.
			if (list === undefined) {
				if (signal?.aborted) return await abandon('cancel');
				throw failure;
			}
			const entry = pick(list, answered !== undefined);
			if (entry) return found(entry);
			if (answered) {
				if (!answered.ok) throw answered.error;
				return { id: '', name: plan.name, statusRequests, outcome: answered };
			}
			if (Date.now() >= deadline) return await abandon('timeout');
		}
	});
}
