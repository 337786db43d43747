/**
 * The Worker Trigger's watch of transformations: the transformations of the worker's status list,
 * keyed by id, with the last status seen; each one that reaches its end emits Transformation
 * Finished or Transformation Failed exactly once (same cursor rules as the jobs' watch). With the
 * details, the transformation's own status is read first: its steps and result counters, so errors
 * counted in a step or a stop make it a failure even where the list says "Finished".
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { CursorValue, Emission, Watch } from '../../common/polling';
import { latestBy, wildcardMatcher } from '../../common/triggerFields';
import { isTransTerminal, readTransStatus, transFailureOf, transStatusJson, type TransStatus } from './transStatus';
import { text } from './jobStatus';
import { completeEnded, endedDetails, listEntry, loadStatusList } from './triggerWatch';

export const TRANS_EVENTS = ['transformationFailed', 'transformationFinished'];

const ENDED = 'transformationEnded';

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

export function transformationsWatch(
	ctx: IPollFunctions,
	options: TransTriggerOptions,
	scope: Record<string, CursorValue>,
): Watch<IDataObject, TransCursor> {
	const matches = wildcardMatcher(options.transName);
	const keyOf = (t: IDataObject) => text(t.id) || text(t.transname);
	const ended = (t: IDataObject, now: string): Emission[] => [{ key: keyOf(t), event: ENDED, occurredAt: now, data: { transformation: t } }];
	const appeared = (t: IDataObject, now: string) => (isTransTerminal(text(t.status_desc)) ? ended(t, now) : []);

	const details = (t: IDataObject) =>
		endedDetails(ctx, t, {
			endpoint: 'transStatus',
			nameKey: 'transname',
			includeLog: options.includeLog,
			toJson: (node, doc) => transStatusJson(readTransStatus(node, doc, 0)),
		});

	return {
		section: 'transformations',
		scope: { ...scope, transName: options.transName.trim() },
		async load() {
			const { transformations } = await loadStatusList(ctx);
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
		complete(emissions) {
			return completeEnded(emissions, {
				ended: ENDED,
				dataKey: 'transformation',
				finished: 'transformationFinished',
				failed: 'transformationFailed',
				failureOf: (entry) => transFailureOf(statusOf(entry)),
				details: options.fetchDetails ? details : undefined,
			});
		},
	};
}
