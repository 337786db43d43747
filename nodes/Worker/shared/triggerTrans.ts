/**
 * The Worker Trigger's watch of transformations: the transformations of the worker's status list,
 * keyed by id, with the last status seen; each one that reaches its end emits Transformation
 * Finished or Transformation Failed exactly once (same cursor rules as the jobs' watch). With the
 * details, the transformation's own status is read first: its steps and result counters, so errors
 * counted in a step or a stop make it a failure even where the list says "Finished".
 */
import { NodeApiError, NodeOperationError, type IDataObject, type IPollFunctions } from 'n8n-workflow';

import { latestBy, wildcardMatcher, type CursorValue, type Emission, type Watch } from '../../common/polling';
import { dataflowRequest, serverSettings } from '../../common/transport';
import { readServerStatus } from './serverStatus';
import { isTransTerminal, readTransStatus, transFailureOf, transStatusJson, type TransStatus } from './transStatus';

export const TRANS_EVENTS = ['transformationFailed', 'transformationFinished'];

const ENDED = 'transformationEnded';

/** `from` that skips the whole log: the worker reads it as a Java int. */
const NO_LOG_FROM = 2147483647;

export interface TransTriggerOptions {
	events: string[];
	transName: string;
	fetchDetails: boolean;
	includeLog: boolean;
}

export interface TransCursor {
	[key: string]: string | number;
	s: string;
	d: number;
}

function text(value: unknown): string {
	return value === undefined || value === null ? '' : String(value);
}

function listEntry(raw: IDataObject): IDataObject {
	const out = { ...raw };
	delete out.kind;
	return out;
}

function statusOf(t: IDataObject): TransStatus {
	return {
		transname: text(t.transname),
		id: text(t.id),
		status_desc: text(t.status_desc),
		error_desc: text(t.error_desc),
		steps: Array.isArray(t.steps) ? (t.steps as IDataObject[]) : [],
		log: '',
		...(t.result && typeof t.result === 'object' ? { result: t.result as IDataObject } : {}),
	};
}

function resolveEnd(t: IDataObject, emission: Emission): Emission {
	const failure = transFailureOf(statusOf(t));
	const data: IDataObject = { ...emission.data, transformation: t };
	if (failure) data.failure = { kind: failure.kind, reason: failure.reason };
	return { ...emission, event: failure ? 'transformationFailed' : 'transformationFinished', data };
}

export function transformationsWatch(
	ctx: IPollFunctions,
	options: TransTriggerOptions,
	scope: Record<string, CursorValue>,
): Watch<IDataObject, TransCursor> {
	const matches = wildcardMatcher(options.transName);
	const keyOf = (t: IDataObject) => text(t.id) || text(t.transname);
	const ended = (t: IDataObject, now: string): Emission[] => [{ key: keyOf(t), event: ENDED, occurredAt: now, data: { transformation: t } }];
	const appeared = (t: IDataObject, now: string) => (isTransTerminal(text(t.status_desc)) ? ended(t, now) : []);

	const details = async (t: IDataObject): Promise<IDataObject | undefined> => {
		const { workerPath } = await serverSettings(ctx);
		const qs: IDataObject = { name: text(t.transname) };
		if (text(t.id) !== '') qs.id = text(t.id);
		qs.xml = 'Y';
		qs.from = options.includeLog ? 0 : NO_LOG_FROM;
		try {
			const response = await dataflowRequest<IDataObject>(ctx, { method: 'GET', path: `/${workerPath}/transStatus`, qs, expect: 'xml' });
			const full = transStatusJson(readTransStatus(ctx.getNode(), response.body, 0));
			if (!options.includeLog) {
				delete full.log;
				delete full.first_log_line_nr;
				delete full.last_log_line_nr;
			}
			return { ...t, ...full };
		} catch (error) {
			// The transformation left the worker between the two requests: emit what the list said.
			if (error instanceof NodeApiError) return undefined;
			throw new NodeOperationError(ctx.getNode(), error as Error);
		}
	};

	return {
		section: 'transformations',
		scope: { ...scope, transName: options.transName.trim() },
		async load() {
			const { workerPath } = await serverSettings(ctx);
			const response = await dataflowRequest<IDataObject>(ctx, { method: 'GET', path: `/${workerPath}/status`, qs: { xml: 'Y' }, expect: 'xml' });
			const { transformations } = readServerStatus(ctx.getNode(), response.body, 0);
			return transformations.map(listEntry).filter((t) => matches(text(t.transname)));
		},
		key: keyOf,
		state(t, before) {
			const status = text(t.status_desc);
			return { s: status, d: before?.d === 1 || isTransTerminal(status) ? 1 : 0 };
		},
		existing: appeared,
		added: appeared,
		changed(t, before, now) {
			// One end per transformation id.
			return isTransTerminal(text(t.status_desc)) && before.d !== 1 ? ended(t, now) : [];
		},
		removed: () => [],
		sample(list, now) {
			const fits = list.filter((t) => {
				if (!isTransTerminal(text(t.status_desc))) return false;
				const failed = transFailureOf(statusOf(t)) !== undefined;
				return options.events.includes(failed ? 'transformationFailed' : 'transformationFinished');
			});
			const t = latestBy(fits, (x) => text(x.log_date));
			return t ? ended(t, now)[0] : undefined;
		},
		async complete(emissions) {
			const out: Emission[] = [];
			for (const emission of emissions) {
				if (emission.event !== ENDED) {
					out.push(emission);
					continue;
				}
				const t = emission.data.transformation as IDataObject;
				const full = options.fetchDetails ? await details(t) : undefined;
				out.push(resolveEnd(full ?? t, emission));
			}
			return out;
		},
	};
}
