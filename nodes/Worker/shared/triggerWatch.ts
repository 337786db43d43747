/**
 * What the Worker Trigger's watches of jobs (triggerJobs.ts) and of transformations
 * (triggerTrans.ts) share: reading the worker's status list, reading an ended entry's own status
 * document for the details, and completing an ended entry into its finished or failed event.
 */
import { NodeApiError, NodeOperationError, type IDataObject, type INode, type IPollFunctions } from 'n8n-workflow';

import type { Emission } from '../../common/polling';
import { dataflowRequest } from '../../common/transport';
import { workerEndpoint } from './fields';
import { text, type Failure } from './jobStatus';
import { camelKeys } from './outputKeys';
import { readServerStatus, type ServerStatus } from './serverStatus';

/** `from` that skips the whole log: the worker reads it as a Java int. */
export const NO_LOG_FROM = 2147483647;

/** A status list entry as the item's `job` / `transformation`: without the parser's `kind`. */
export function listEntry(raw: IDataObject): IDataObject {
	const out = { ...raw };
	delete out.kind;
	return out;
}

/** The worker's status list (GET /status?xml=Y). */
export async function loadStatusList(ctx: IPollFunctions): Promise<ServerStatus> {
	const response = await dataflowRequest<IDataObject>(ctx, { method: 'GET', path: await workerEndpoint(ctx, 'status'), qs: { xml: 'Y' }, expect: 'xml' });
	return readServerStatus(ctx.getNode(), response.body, 0);
}

export interface DetailsRequest {
	/** The status endpoint (`jobStatus`, `transStatus`). */
	endpoint: string;
	/** The entry's name field (`jobname`, `transname`). */
	nameKey: string;
	/** With the log (and its line numbers), or without. */
	includeLog: boolean;
	/** Reads the parsed status document into output JSON. */
	toJson(node: INode, doc: IDataObject): IDataObject;
}

/** GetJobStatusServlet / GetTransStatusServlet's answer for an unknown name or id. */
const NOT_FOUND = /^The specified (job|transformation) \[.*\] could not be found/i;

/**
 * The entry's own status document over the list entry, or undefined when the worker does not know
 * the entry any more (it left between the two requests): a 404, or (servers that answer 200) the
 * servlet's webresult ERROR "The specified job [...] could not be found". Any other failure (401,
 * 500, network, another ERROR) is an error of the poll, not "the entry left".
 */
export async function endedDetails(ctx: IPollFunctions, entry: IDataObject, request: DetailsRequest): Promise<IDataObject | undefined> {
	const qs: IDataObject = { name: text(entry[request.nameKey]) };
	if (text(entry.id) !== '') qs.id = text(entry.id);
	qs.xml = 'Y';
	qs.from = request.includeLog ? 0 : NO_LOG_FROM;
	let response;
	try {
		response = await dataflowRequest<IDataObject>(ctx, { method: 'GET', path: await workerEndpoint(ctx, request.endpoint), qs, expect: 'xml' });
	} catch (error) {
		if (error instanceof NodeApiError && (String(error.httpCode) === '404' || NOT_FOUND.test(error.message))) return undefined;
		throw error instanceof NodeApiError || error instanceof NodeOperationError ? error : new NodeOperationError(ctx.getNode(), error as Error);
	}
	const full = request.toJson(ctx.getNode(), response.body);
	if (!request.includeLog) {
		delete full.log;
		delete full.first_log_line_nr;
		delete full.last_log_line_nr;
	}
	return { ...entry, ...full };
}

export interface EndedEvents {
	/** The internal event of an entry that reached its end. */
	ended: string;
	/** The key of the entry in the emission's data: `job`, `transformation`. */
	dataKey: string;
	finished: string;
	failed: string;
	/** Whether the entry failed, and why. */
	failureOf(entry: IDataObject): Failure | undefined;
	/** The entry's details, when the trigger reads them. */
	details?: (entry: IDataObject) => Promise<IDataObject | undefined>;
}

/**
 * Completes the `ended` emissions into the finished or failed event (with the failure's kind and
 * reason), over the entry's details when asked; every emission's data leaves in the output
 * spelling (camelCase keys, outputKeys.ts) — the watches read the server's names before this.
 */
export async function completeEnded(emissions: Emission[], events: EndedEvents): Promise<Emission[]> {
	const out: Emission[] = [];
	for (const emission of emissions) {
		if (emission.event !== events.ended) {
			out.push({ ...emission, data: camelKeys(emission.data) });
			continue;
		}
		const listed = emission.data[events.dataKey] as IDataObject;
		const entry = (events.details ? await events.details(listed) : undefined) ?? listed;
		const failure = events.failureOf(entry);
		const data: IDataObject = { ...emission.data, [events.dataKey]: entry };
		if (failure) data.failure = { kind: failure.kind, reason: failure.reason };
		out.push({ ...emission, event: failure ? events.failed : events.finished, data: camelKeys(data) });
	}
	return out;
}
