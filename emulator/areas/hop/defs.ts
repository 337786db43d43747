/**
 * Pipelines and workflows as the emulator knows them: read from Hop's own XML (a `.hpl` `<pipeline>`,
 * a `.hwf` `<workflow>`, or the `pipeline_configuration` / `workflow_configuration` that the register
 * servlets receive), or written directly in the seed.
 *
 * Element names as Hop writes them: apache/hop:engine/src/main/java/org/apache/hop/pipeline/PipelineMeta.java
 * (`<pipeline><info><name>`, `<parameters><parameter><name>/<default_value>/<description>`, `<order><hop>
 * <from>/<to>/<enabled>`, `<transform><name>/<type>/<copies>/<GUI><xloc>/<yloc>`),
 * engine/src/main/java/org/apache/hop/workflow/WorkflowMeta.java (`<workflow><name>`, `<parameters>`,
 * `<actions><action><name>/<type>/<xloc>/<yloc>`, `<hops><hop><from>/<to>/<enabled>/<evaluation>/<unconditional>`),
 * PipelineExecutionConfiguration.java / WorkflowExecutionConfiguration.java (`log_level`, `run_configuration`,
 * `parameters/parameter`, `variables/variable`, `start_copy_name`), PipelineConfiguration.java /
 * WorkflowConfiguration.java (`metastore_json`, base64 gzip JSON of the client's metadata) @2.19.0-rc1.
 *
 * What a transform or action does when the emulator runs it is the emulator's own model, read from the
 * settings the real plugins have (engine.ts): RowGenerator `limit`, `never_ending`, `interval_in_ms`
 * and `fields`; Delay `timeout` and `scaletime`; Abort `row_threshold`, `abort_option` and `message`;
 * the actions DELAY (`maximumTimeout`, `scaletime`), ABORT (`message`), WRITE_TO_LOG (`logmessage`),
 * PIPELINE (`filename`) and SUCCESS.
 */
import { gunzipSync } from 'node:zlib';

import { XMLParser } from 'fast-xml-parser';

export interface ParameterDef {
	name: string;
	defaultValue: string;
	description: string;
}

export interface FieldDef {
	name: string;
	type: string;
	value: string;
}

export interface TransformDef {
	name: string;
	type: string;
	copies: number;
	xloc: number;
	yloc: number;
	/** RowGenerator: rows it generates (limit, default 10). */
	limit?: number;
	/** RowGenerator never_ending=Y: rows every intervalMs until stopped. */
	neverEnding?: boolean;
	intervalMs?: number;
	fields?: FieldDef[];
	/** Delay: ms each row is held. */
	delayMs?: number;
	/** Abort: rows let through before aborting, and how. */
	abortThreshold?: number;
	abortOption?: 'ABORT_WITH_ERROR' | 'ABORT' | 'SAFE_STOP';
	message?: string;
	/** Emulator seed only: rows an input transform other than RowGenerator reads (default 10). */
	rows?: number;
}

export interface PipelineHopDef {
	from: string;
	to: string;
	enabled: boolean;
}

export interface PipelineDef {
	kind: 'pipeline';
	name: string;
	filename?: string;
	parameters: ParameterDef[];
	transforms: TransformDef[];
	hops: PipelineHopDef[];
}

export interface ActionDef {
	name: string;
	type: string;
	xloc: number;
	yloc: number;
	/** DELAY: how long it waits. */
	delayMs?: number;
	/** ABORT / WRITE_TO_LOG: the message. */
	message?: string;
	/** PIPELINE: the pipeline file it runs. */
	filename?: string;
	/** Emulator seed only: the action fails (result false, one error). */
	fails?: boolean;
}

export interface WorkflowHopDef {
	from: string;
	to: string;
	enabled: boolean;
	evaluation: boolean;
	unconditional: boolean;
}

export interface WorkflowDef {
	kind: 'workflow';
	name: string;
	filename?: string;
	parameters: ParameterDef[];
	actions: ActionDef[];
	hops: WorkflowHopDef[];
}

export interface ExecutionConfig {
	logLevel: string;
	runConfiguration?: string;
	parameters: Record<string, string>;
	variables: Record<string, string>;
	startActionName?: string;
}

const ARRAYS = new Set(['transform', 'hop', 'parameter', 'action', 'field', 'variable']);

export const xmlParser = new XMLParser({
	ignoreAttributes: true,
	parseTagValue: false,
	trimValues: true,
	htmlEntities: false,
	isArray: (name) => ARRAYS.has(name),
});

type Node = Record<string, unknown>;

const text = (value: unknown): string => (value === undefined || value === null || typeof value === 'object' ? '' : String(value));
const num = (value: unknown, fallback: number): number => {
	const n = Number(text(value));
	return text(value) === '' || !Number.isFinite(n) ? fallback : n;
};
const list = (value: unknown): Node[] => (Array.isArray(value) ? (value as Node[]) : value && typeof value === 'object' ? [value as Node] : []);
const yes = (value: unknown, fallback = false): boolean => (text(value) === '' ? fallback : text(value).toUpperCase() === 'Y');

/** Hop's scaletime codes to milliseconds (Delay transform and action). */
function scale(value: unknown): number {
	const unit = text(value).toLowerCase();
	if (unit === 'milliseconds' || unit === '0') return 1;
	if (unit === 'minutes' || unit === '2') return 60_000;
	if (unit === 'hours' || unit === '3') return 3_600_000;
	return 1000;
}

function parameters(node: unknown): ParameterDef[] {
	return list((node as Node | undefined)?.parameter).map((p) => ({
		name: text(p.name),
		defaultValue: text(p.default_value),
		description: text(p.description),
	}));
}

export function pipelineFromNode(node: Node, filename?: string): PipelineDef {
	const info = (node.info ?? {}) as Node;
	const transforms = list(node.transform).map((t): TransformDef => {
		const gui = (t.GUI ?? {}) as Node;
		const def: TransformDef = { name: text(t.name), type: text(t.type), copies: num(t.copies, 1), xloc: num(gui.xloc, 0), yloc: num(gui.yloc, 0) };
		if (def.type === 'RowGenerator') {
			def.limit = num(t.limit, 10);
			def.neverEnding = yes(t.never_ending);
			def.intervalMs = num(t.interval_in_ms, 5000);
			def.fields = list((t.fields as Node | undefined)?.field).map((f) => ({ name: text(f.name), type: text(f.type) || 'String', value: text(f.nullif) }));
		}
		if (def.type === 'Delay') def.delayMs = num(t.timeout, 1) * scale(t.scaletime);
		if (def.type === 'Abort') {
			def.abortThreshold = num(t.row_threshold, 0);
			const option = text(t.abort_option);
			def.abortOption = option === 'ABORT' || option === 'SAFE_STOP' ? option : 'ABORT_WITH_ERROR';
			def.message = text(t.message);
		}
		return def;
	});
	const hops = list((node.order as Node | undefined)?.hop).map((h) => ({ from: text(h.from), to: text(h.to), enabled: yes(h.enabled, true) }));
	return { kind: 'pipeline', name: text(info.name) || text(node.name), filename, parameters: parameters(info.parameters), transforms, hops };
}

export function workflowFromNode(node: Node, filename?: string): WorkflowDef {
	const actions = list((node.actions as Node | undefined)?.action).map((a): ActionDef => {
		const def: ActionDef = { name: text(a.name), type: text(a.type), xloc: num(a.xloc, 0), yloc: num(a.yloc, 0) };
		if (def.type === 'DELAY') def.delayMs = num(a.maximumTimeout, 0) * scale(a.scaletime);
		if (def.type === 'ABORT') def.message = text(a.message);
		if (def.type === 'WRITE_TO_LOG') def.message = text(a.logmessage);
		if (def.type === 'PIPELINE') def.filename = text(a.filename);
		return def;
	});
	const hops = list((node.hops as Node | undefined)?.hop).map((h) => ({
		from: text(h.from),
		to: text(h.to),
		enabled: yes(h.enabled, true),
		evaluation: yes(h.evaluation, true),
		unconditional: yes(h.unconditional, false),
	}));
	return { kind: 'workflow', name: text(node.name), filename, parameters: parameters(node.parameters), actions, hops };
}

export function executionConfigFromNode(node: Node | undefined): ExecutionConfig {
	const pairs = (group: unknown, item: string): Record<string, string> =>
		Object.fromEntries(list((group as Node | undefined)?.[item]).map((p) => [text(p.name), text(p.value)]));
	return {
		logLevel: text(node?.log_level) || 'Basic',
		runConfiguration: text(node?.run_configuration) || undefined,
		parameters: pairs(node?.parameters, 'parameter'),
		variables: pairs(node?.variables, 'variable'),
		startActionName: text(node?.start_copy_name) || undefined,
	};
}

/** The run configuration names in a client's metadata JSON (`pipeline-run-configuration` / `workflow-run-configuration`). */
export function runConfigurationsInMetadata(metastoreJson: string | undefined, key: 'pipeline-run-configuration' | 'workflow-run-configuration'): string[] {
	if (!metastoreJson) return [];
	try {
		const json = JSON.parse(gunzipSync(Buffer.from(metastoreJson.replace(/\s+/g, ''), 'base64')).toString('utf8')) as Record<string, unknown>;
		const entries = json[key];
		return Array.isArray(entries) ? entries.map((e) => String((e as { name?: unknown }).name ?? '')).filter((n) => n !== '') : [];
	} catch {
		return [];
	}
}

/** Parses a document; undefined when it is not well-formed. */
export function parseXml(xml: string): Node | undefined {
	try {
		return xmlParser.parse(xml) as Node;
	} catch {
		return undefined;
	}
}
