/**
 * The Worker Trigger on an Apache Hop Server: the pipelines and workflows of Hop's status list
 * (GET /hop/status/?xml=Y, GetStatusServlet → HopServerStatus.getXml), keyed by id, with the last
 * status seen; each one that reaches its end emits Pipeline (Workflow) Finished or Failed exactly once
 * (the cursor rules of the Kettle watches, triggerJobs.ts and triggerTrans.ts). With the details, the run's
 * own status is read first (/hop/pipelineStatus/ or /hop/workflowStatus/): its transforms or actions, its
 * result counters and `is_stopped`, so a pipeline stopped (which Hop lists as "Finished") counts as failed.
 *
 * Hop's list writes the time of the request as every entry's `log_date`; the entries' end is
 * `execution_end_date` (apache/hop engine/src/main/java/org/apache/hop/www/GetStatusServlet.java@2.19.0-rc1).
 */
import { NodeApiError, NodeOperationError, type IDataObject, type IPollFunctions } from 'n8n-workflow';

import type { CursorValue, Emission, Watch } from '../../common/polling';
import { latestBy, wildcardMatcher } from '../../common/triggerFields';
import type { HopKind } from './hopDefinition';
import { hopDocument } from './hopServer';
import {
	fetchHopServerStatus,
	pipelineFailureOf,
	pipelineStatusJson,
	readPipelineStatus,
	readWorkflowStatus,
	workflowFailureOf,
	workflowStatusJson,
	type HopServerStatus,
	type PipelineStatus,
	type WorkflowStatus,
} from './hopStatus';
import { isTerminal, text } from './jobStatus';
import { completeEnded, listEntry, NO_LOG_FROM } from './triggerWatch';

export const HOP_EVENTS = ['pipelineFailed', 'pipelineFinished', 'workflowFailed', 'workflowFinished'];

export interface HopTriggerOptions {
	events: string[];
	/** Wildcard patterns for the name; empty for every one. */
	name: string;
	fetchDetails: boolean;
	includeLog: boolean;
}

export interface HopCursor {
	[key: string]: string | number;
	s: string;
	d: number;
}

const NAME_KEY: Record<HopKind, string> = { pipeline: 'pipeline_name', workflow: 'workflowname' };

/** A list entry as the status the failure rules read. */
function statusOf(kind: HopKind, entry: IDataObject): PipelineStatus | WorkflowStatus {
	const common = {
		id: text(entry.id),
		status_desc: text(entry.status_desc),
		error_desc: text(entry.error_desc),
		log: '',
		...(entry.result && typeof entry.result === 'object' ? { result: entry.result as IDataObject } : {}),
	};
	return kind === 'pipeline'
		? { pipeline_name: text(entry.pipeline_name), ...common, steps: Array.isArray(entry.steps) ? (entry.steps as IDataObject[]) : [] }
		: { workflowname: text(entry.workflowname), ...common, actions: Array.isArray(entry.actions) ? (entry.actions as IDataObject[]) : [] };
}

function failureOf(kind: HopKind, entry: IDataObject) {
	const status = statusOf(kind, entry);
	return kind === 'pipeline' ? pipelineFailureOf(status as PipelineStatus) : workflowFailureOf(status as WorkflowStatus);
}

/** The servlets' answer for a run they do not know (GetPipelineStatusServlet, GetWorkflowStatusServlet @2.19.0-rc1). */
const NOT_FOUND = /^The specified (pipeline|workflow) \[.*\] could not be found/i;

/** The run's own status over the list entry, or undefined when the server does not know it any more. */
async function details(ctx: IPollFunctions, kind: HopKind, entry: IDataObject, includeLog: boolean): Promise<IDataObject | undefined> {
	const qs: IDataObject = { name: text(entry[NAME_KEY[kind]]) };
	if (text(entry.id) !== '') qs.id = text(entry.id);
	qs.from = includeLog ? 0 : NO_LOG_FROM;
	let record: IDataObject;
	try {
		record = (await hopDocument(ctx, kind === 'pipeline' ? 'pipelineStatus' : 'workflowStatus', qs, kind === 'pipeline' ? 'pipeline-status' : 'workflow-status', 0)).record;
	} catch (error) {
		if (error instanceof NodeApiError && (String(error.httpCode) === '404' || NOT_FOUND.test(error.message))) return undefined;
		throw error instanceof NodeApiError || error instanceof NodeOperationError ? error : new NodeOperationError(ctx.getNode(), error as Error);
	}
	const full = kind === 'pipeline' ? pipelineStatusJson(readPipelineStatus(record)) : workflowStatusJson(readWorkflowStatus(record));
	// The servlet writes back the name it was asked for: the list's is the one to keep.
	delete full[NAME_KEY[kind]];
	if (!includeLog) {
		delete full.log;
		delete full.first_log_line_nr;
		delete full.last_log_line_nr;
	}
	return { ...entry, ...full };
}

/** One poll's Hop status list, read once for both watches. */
export function hopStatusList(ctx: IPollFunctions): () => Promise<HopServerStatus> {
	let list: Promise<HopServerStatus> | undefined;
	return async () => await (list ??= fetchHopServerStatus(ctx, 0));
}

export function hopWatch(
	ctx: IPollFunctions,
	kind: HopKind,
	options: HopTriggerOptions,
	scope: Record<string, CursorValue>,
	load: () => Promise<HopServerStatus>,
): Watch<IDataObject, HopCursor> {
	const matches = wildcardMatcher(options.name);
	const nameKey = NAME_KEY[kind];
	const finished = kind === 'pipeline' ? 'pipelineFinished' : 'workflowFinished';
	const failed = kind === 'pipeline' ? 'pipelineFailed' : 'workflowFailed';
	const ENDED = `${kind}Ended`;
	const keyOf = (entry: IDataObject) => text(entry.id) || text(entry[nameKey]);
	const ended = (entry: IDataObject, now: string): Emission[] => [{ key: keyOf(entry), event: ENDED, occurredAt: now, data: { [kind]: entry } }];
	const appeared = (entry: IDataObject, now: string) => (isTerminal(text(entry.status_desc)) ? ended(entry, now) : []);

	return {
		section: `${kind}s`,
		scope: { ...scope, [`${kind}Name`]: options.name.trim() },
		async load() {
			const status = await load();
			return (kind === 'pipeline' ? status.pipelines : status.workflows).map(listEntry).filter((entry) => matches(text(entry[nameKey])));
		},
		key: keyOf,
		state(entry, before) {
			const status = text(entry.status_desc);
			return { s: status, d: before?.d === 1 || isTerminal(status) ? 1 : 0 };
		},
		existing: appeared,
		added: appeared,
		changed(entry, before, now) {
			// One end per id.
			return isTerminal(text(entry.status_desc)) && before.d !== 1 ? ended(entry, now) : [];
		},
		removed: () => [],
		sample(list, now) {
			const fits = list.filter((entry) => {
				if (!isTerminal(text(entry.status_desc))) return false;
				return options.events.includes(failureOf(kind, entry) ? failed : finished);
			});
			const entry = latestBy(fits, (e) => text(e.execution_end_date));
			return entry ? ended(entry, now)[0] : undefined;
		},
		complete(emissions) {
			return completeEnded(emissions, {
				ended: ENDED,
				dataKey: kind,
				finished,
				failed,
				failureOf: (entry) => failureOf(kind, entry),
				details: options.fetchDetails ? async (entry) => await details(ctx, kind, entry, options.includeLog) : undefined,
			});
		},
	};
}
