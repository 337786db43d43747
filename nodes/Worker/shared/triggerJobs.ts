/**
 * The Worker Trigger's watch: the jobs of the worker's status list, keyed by job id, with the last
 * status seen. A job that ends between two polls is still seen, since the worker keeps it in the
 * list until it is cleaned up. A job that leaves the list before any poll saw it end is dropped from
 * the cursor without an event: the worker no longer knows how it ended.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { CursorValue, Emission, Watch } from '../../common/polling';
import { latestBy, wildcardMatcher } from '../../common/triggerFields';
import { failureOf, isTerminal, type JobStatus, jobStatusJson, readJobStatus, text } from './jobStatus';
import { completeEnded, endedDetails, listEntry, loadStatusList } from './triggerWatch';

export const WORKER_EVENTS = ['jobFailed', 'jobFinished', 'jobStatusChanged'];

/** Internal event of a job that reached its end; completed into jobFinished or jobFailed. */
const ENDED = 'jobEnded';

export interface WorkerTriggerOptions {
	events: string[];
	/** Wildcard patterns for the job name; empty for every job. */
	jobName: string;
	/** Read each ended job's own status (result counters, error description). */
	fetchDetails: boolean;
	/** With the details, the job's log too. */
	includeLog: boolean;
}

/** The state kept per job: its status, and whether its end was already seen (`d`). */
export interface JobCursor {
	[key: string]: string | number;
	s: string;
	d: number;
}

function statusOf(job: IDataObject): JobStatus {
	return {
		jobname: text(job.jobname),
		id: text(job.id),
		status_desc: text(job.status_desc),
		error_desc: text(job.error_desc),
		log: '',
		...(job.result && typeof job.result === 'object' ? { result: job.result as IDataObject } : {}),
	};
}

export function jobsWatch(ctx: IPollFunctions, options: WorkerTriggerOptions, scope: Record<string, CursorValue>): Watch<IDataObject, JobCursor> {
	const matches = wildcardMatcher(options.jobName);
	const wantsStatus = options.events.includes('jobStatusChanged');
	const wantsEnd = options.events.includes('jobFinished') || options.events.includes('jobFailed');
	const keyOf = (job: IDataObject) => text(job.id) || text(job.jobname);

	const statusChanged = (job: IDataObject, previous: string | null, now: string): Emission[] =>
		wantsStatus ? [{ key: keyOf(job), event: 'jobStatusChanged', occurredAt: now, data: { job, previous: { status_desc: previous } } }] : [];
	const ended = (job: IDataObject, now: string): Emission[] =>
		wantsEnd ? [{ key: keyOf(job), event: ENDED, occurredAt: now, data: { job } }] : [];
	const appeared = (job: IDataObject, now: string) => [
		...statusChanged(job, null, now),
		...(isTerminal(text(job.status_desc)) ? ended(job, now) : []),
	];

	/** The job's own status document, or undefined when the worker cannot answer it any more. */
	const details = (job: IDataObject) =>
		endedDetails(ctx, job, {
			endpoint: 'jobStatus',
			nameKey: 'jobname',
			includeLog: options.includeLog,
			toJson: (node, doc) => jobStatusJson(readJobStatus(node, doc, 0)),
		});

	return {
		section: 'jobs',
		scope: { ...scope, jobName: options.jobName.trim() },
		async load() {
			const { jobs } = await loadStatusList(ctx);
			return jobs.map(listEntry).filter((job) => matches(text(job.jobname)));
		},
		key: keyOf,
		state(job, before) {
			const status = text(job.status_desc);
			return { s: status, d: before?.d === 1 || isTerminal(status) ? 1 : 0 };
		},
		existing: appeared,
		added: appeared,
		changed(job, before, now) {
			const status = text(job.status_desc);
			const out: Emission[] = [];
			if (status !== before.s) out.push(...statusChanged(job, before.s, now));
			// One end per job id: a job the worker runs again under the same id does not end twice.
			if (isTerminal(status) && before.d !== 1) out.push(...ended(job, now));
			return out;
		},
		removed: () => [],
		sample(jobs, now) {
			const fits = jobs.filter((job) => {
				if (wantsStatus) return true;
				if (!isTerminal(text(job.status_desc))) return false;
				const failed = failureOf(statusOf(job)) !== undefined;
				return failed ? options.events.includes('jobFailed') : options.events.includes('jobFinished');
			});
			const job = latestBy(fits, (j) => text(j.log_date));
			if (!job) return undefined;
			if (isTerminal(text(job.status_desc))) {
				const failed = failureOf(statusOf(job)) !== undefined;
				if (options.events.includes(failed ? 'jobFailed' : 'jobFinished')) return ended(job, now)[0];
			}
			return statusChanged(job, null, now)[0];
		},
		complete(emissions) {
			return completeEnded(emissions, {
				ended: ENDED,
				dataKey: 'job',
				finished: 'jobFinished',
				failed: 'jobFailed',
				failureOf: (entry) => failureOf(statusOf(entry)),
				details: options.fetchDetails ? details : undefined,
			});
		},
	};
}
