/**
 * The Hop Server area's fixture (`seed.hop`, merged over these defaults):
 *
 * - `version`: the release played (version.ts), default 2.19.0.
 * - `enableAuth`: Basic authentication on (default; `false` plays `--auth false` / `enable_auth` N,
 *   which releases before 2.17.0 do not have: they always authenticate).
 * - `graphics`: whether the JVM has a graphics environment (default true; false: the image servlets
 *   answer 204).
 * - `durationMs`: how long a pipeline's or an action's work takes (default the emulator's jobDurationMs).
 * - `shutdownTimeoutMs`: `--shutdown-timeout` (default 0: stop at once).
 * - `variables`: the server's variables (hop-config / the project), default PROJECT_HOME=/opt/hop/project.
 * - `files`: the server's file system for execPipeline, execWorkflow, webService and PIPELINE actions:
 *   path → Hop XML (`<pipeline>…` / `<workflow>…`) or a definition (defs.ts).
 * - `pipelineRunConfigurations` / `workflowRunConfigurations`: metadata run configurations
 *   ({ name, engine, default }): "local" (Local engine, the default) by default; an engine other than
 *   Local/Remote/Beam… plays a run configuration whose engine plugin is not installed.
 * - `webServices`: WebService metadata (name, filename, transform, field, contentType, enabled, listStatus):
 *   "hello" runs pipelines/web-hello.hpl and writes its `json` field as application/json.
 * - `asyncWebServices`: AsyncWebService metadata (name, filename, enabled, statusVariables, bodyContentVariable):
 *   "async-main" runs workflows/main.hwf and reports the variable ENV.
 *
 * The seeded files (all under /opt/hop/project):
 *   pipelines/generate-rows.hpl  "generate-rows": 5 rows, parameter PRM_NAME (default "world"), succeeds.
 *   pipelines/fail.hpl           "fail": an Abort transform after the first row: Finished (with errors).
 *   pipelines/long-running.hpl   "long-running": a never-ending row generator (a row a second) until stopped.
 *   pipelines/slow.hpl           "slow": 10 rows through a 1 s Delay: about ten seconds more than the base.
 *   pipelines/web-hello.hpl      "web-hello": one row with a field `json` for the "hello" web service.
 *   workflows/main.hwf           "main": START → generate-rows (PIPELINE) → Success; parameter ENV (default "dev").
 *   workflows/fail.hwf           "fail-workflow": START → fail.hpl (PIPELINE) → Success on success only.
 *   workflows/abort.hwf          "abort-workflow": START → Abort: Stopped (with errors).
 *   workflows/long-running.hwf   "long-running-workflow": START → a one-hour Delay → Success.
 */
import type { ActionDef, PipelineDef, TransformDef, WorkflowDef } from './defs';

export interface RunConfigurationSeed {
	name: string;
	/** The engine plugin id: Local (default), Remote, BeamDirectPipelineEngine …; anything else is not installed. */
	engine?: string;
	/** findDefault picks it when execPipeline/execWorkflow get no runConfig. */
	default?: boolean;
}

export interface WebServiceSeed {
	name: string;
	filename: string;
	transform: string;
	field: string;
	contentType?: string;
	enabled?: boolean;
	listStatus?: boolean;
	runConfiguration?: string;
}

/** AsyncWebService metadata (plugins/misc/async): a workflow run in the background, its status by variables. */
export interface AsyncWebServiceSeed {
	name: string;
	filename: string;
	enabled?: boolean;
	/** Comma-separated variable names reported by asyncStatus. */
	statusVariables?: string;
	bodyContentVariable?: string;
	runConfiguration?: string;
}

export interface HopSeed {
	version?: string;
	enableAuth?: boolean;
	graphics?: boolean;
	durationMs?: number;
	shutdownTimeoutMs?: number;
	variables?: Record<string, string>;
	files?: Record<string, string | PipelineDef | WorkflowDef>;
	pipelineRunConfigurations?: RunConfigurationSeed[];
	workflowRunConfigurations?: RunConfigurationSeed[];
	webServices?: WebServiceSeed[];
	asyncWebServices?: AsyncWebServiceSeed[];
}

export const PROJECT_HOME = '/opt/hop/project';

const transform = (name: string, type: string, extra: Partial<TransformDef> = {}, xloc = 100): TransformDef => ({ name, type, copies: 1, xloc, yloc: 100, ...extra });
const action = (name: string, type: string, extra: Partial<ActionDef> = {}, xloc = 100): ActionDef => ({ name, type, xloc, yloc: 100, ...extra });
const chain = (names: string[]) => names.slice(1).map((to, i) => ({ from: names[i], to, enabled: true }));
const wfChain = (names: string[], evaluation = true, unconditionalFirst = true) =>
	names.slice(1).map((to, i) => ({ from: names[i], to, enabled: true, evaluation, unconditional: unconditionalFirst && i === 0 }));

export function defaultFiles(): Record<string, PipelineDef | WorkflowDef> {
	const p = (rel: string) => `${PROJECT_HOME}/${rel}`;
	const generateRows: PipelineDef = {
		kind: 'pipeline',
		name: 'generate-rows',
		filename: p('pipelines/generate-rows.hpl'),
		parameters: [{ name: 'PRM_NAME', defaultValue: 'world', description: 'Who to greet' }],
		transforms: [
			transform('Generate rows', 'RowGenerator', { limit: 5, fields: [{ name: 'greeting', type: 'String', value: 'Hello' }] }, 100),
			transform('result', 'Dummy', {}, 300),
		],
		hops: chain(['Generate rows', 'result']),
	};
	const fail: PipelineDef = {
		kind: 'pipeline',
		name: 'fail',
		filename: p('pipelines/fail.hpl'),
		parameters: [],
		transforms: [
			transform('Generate rows', 'RowGenerator', { limit: 3, fields: [{ name: 'id', type: 'Integer', value: '1' }] }, 100),
			transform('Abort', 'Abort', { abortThreshold: 0, abortOption: 'ABORT_WITH_ERROR', message: '' }, 300),
		],
		hops: chain(['Generate rows', 'Abort']),
	};
	const longRunning: PipelineDef = {
		kind: 'pipeline',
		name: 'long-running',
		filename: p('pipelines/long-running.hpl'),
		parameters: [],
		transforms: [
			transform('Generate rows', 'RowGenerator', { limit: 10, neverEnding: true, intervalMs: 1000, fields: [{ name: 'tick', type: 'String', value: 'tick' }] }, 100),
			transform('result', 'Dummy', {}, 300),
		],
		hops: chain(['Generate rows', 'result']),
	};
	const slow: PipelineDef = {
		kind: 'pipeline',
		name: 'slow',
		filename: p('pipelines/slow.hpl'),
		parameters: [],
		transforms: [
			transform('Generate rows', 'RowGenerator', { limit: 10, fields: [{ name: 'value', type: 'String', value: 'test' }] }, 100),
			transform('Delay row', 'Delay', { delayMs: 1000 }, 300),
			transform('result', 'Dummy', {}, 500),
		],
		hops: chain(['Generate rows', 'Delay row', 'result']),
	};
	const webHello: PipelineDef = {
		kind: 'pipeline',
		name: 'web-hello',
		filename: p('pipelines/web-hello.hpl'),
		parameters: [{ name: 'NAME', defaultValue: 'world', description: '' }],
		transforms: [
			transform('Generate rows', 'RowGenerator', { limit: 1, fields: [{ name: 'json', type: 'String', value: '{"greeting":"Hello ${NAME}"}' }] }, 100),
			transform('output', 'Dummy', {}, 300),
		],
		hops: chain(['Generate rows', 'output']),
	};
	const main: WorkflowDef = {
		kind: 'workflow',
		name: 'main',
		filename: p('workflows/main.hwf'),
		parameters: [{ name: 'ENV', defaultValue: 'dev', description: 'Environment' }],
		actions: [action('Start', 'SPECIAL', {}, 50), action('generate-rows', 'PIPELINE', { filename: '${PROJECT_HOME}/pipelines/generate-rows.hpl' }, 200), action('Success', 'SUCCESS', {}, 350)],
		hops: wfChain(['Start', 'generate-rows', 'Success']),
	};
	const failWorkflow: WorkflowDef = {
		kind: 'workflow',
		name: 'fail-workflow',
		filename: p('workflows/fail.hwf'),
		parameters: [],
		actions: [action('Start', 'SPECIAL', {}, 50), action('fail', 'PIPELINE', { filename: '${PROJECT_HOME}/pipelines/fail.hpl' }, 200), action('Success', 'SUCCESS', {}, 350)],
		hops: wfChain(['Start', 'fail', 'Success']),
	};
	const abort: WorkflowDef = {
		kind: 'workflow',
		name: 'abort-workflow',
		filename: p('workflows/abort.hwf'),
		parameters: [],
		actions: [action('Start', 'SPECIAL', {}, 50), action('Abort workflow', 'ABORT', { message: 'Stopping here' }, 200)],
		hops: wfChain(['Start', 'Abort workflow']),
	};
	const longWorkflow: WorkflowDef = {
		kind: 'workflow',
		name: 'long-running-workflow',
		filename: p('workflows/long-running.hwf'),
		parameters: [],
		actions: [action('Start', 'SPECIAL', {}, 50), action('Wait an hour', 'DELAY', { delayMs: 3_600_000 }, 200), action('Success', 'SUCCESS', {}, 350)],
		hops: wfChain(['Start', 'Wait an hour', 'Success']),
	};
	const all = [generateRows, fail, longRunning, slow, webHello, main, failWorkflow, abort, longWorkflow];
	return Object.fromEntries(all.map((d) => [d.filename!, d]));
}

export function defaultSeed(): Required<Omit<HopSeed, 'version' | 'durationMs'>> & Pick<HopSeed, 'version' | 'durationMs'> {
	return {
		enableAuth: true,
		graphics: true,
		shutdownTimeoutMs: 0,
		variables: { PROJECT_HOME },
		files: defaultFiles(),
		pipelineRunConfigurations: [{ name: 'local', engine: 'Local', default: true }],
		workflowRunConfigurations: [{ name: 'local', engine: 'Local', default: true }],
		webServices: [
			{
				name: 'hello',
				filename: '${PROJECT_HOME}/pipelines/web-hello.hpl',
				transform: 'output',
				field: 'json',
				contentType: 'application/json',
				enabled: true,
				listStatus: true,
			},
		],
		asyncWebServices: [{ name: 'async-main', filename: '${PROJECT_HOME}/workflows/main.hwf', enabled: true, statusVariables: 'ENV,BODY', bodyContentVariable: 'BODY' }],
	};
}
