/** The worker's `serverstatus` document as typed items: the server, then each job and transformation. */
import type { IDataObject, INode } from 'n8n-workflow';

import { apiError } from '../../common/errors';
import { toArray, toIsoDate, typed } from '../../common/values';
import { typedResult } from './jobStatus';

export const SERVER_NUMBERS = [
	'memory_free',
	'memory_total',
	'cpu_cores',
	'cpu_process_time',
	'uptime',
	'thread_count',
	'load_avg',
] as const;

/** A worker date as ISO 8601; '' is null (never), absent stays undefined. */
export function date(value: unknown): string | null | undefined {
	if (value === undefined) return undefined;
	if (value === '' || value === null) return null;
	return toIsoDate(value) ?? String(value);
}

/** A job or transformation of the status lists, without the empty log fields the lists carry. */
function entry(kind: 'job' | 'transformation', raw: IDataObject): IDataObject {
	const out: IDataObject = { kind };
	for (const [key, value] of Object.entries(raw)) {
		if (key === 'logging_string' || key === 'first_log_line_nr' || key === 'last_log_line_nr') continue;
		if (key === 'stepstatuslist' && (value === '' || value === null)) continue;
		if (key === 'log_date') out.log_date = date(value);
		else if (key === 'paused') out.paused = typed({ paused: value } as IDataObject, { booleans: ['paused'] }).paused;
		else if (key === 'result') out.result = typedResult(value) ?? value;
		else out[key] = value;
	}
	return out;
}

export interface ServerStatus {
	server: IDataObject;
	jobs: IDataObject[];
	transformations: IDataObject[];
}

export function readServerStatus(node: INode, doc: IDataObject, itemIndex: number): ServerStatus {
	const root = doc.serverstatus;
	if (root === null || typeof root !== 'object' || Array.isArray(root)) {
		throw apiError(node, {
			message: `The server answered a document without a server status (root element: ${Object.keys(doc)[0] ?? 'none'})`,
			itemIndex,
		});
	}
	const record = { ...(root as IDataObject) };
	const jobList = record.jobstatuslist as IDataObject | '' | undefined;
	const transList = record.transstatuslist as IDataObject | '' | undefined;
	delete record.jobstatuslist;
	delete record.transstatuslist;
	const jobs = toArray((jobList && typeof jobList === 'object' ? jobList.jobstatus : undefined) as IDataObject | IDataObject[] | undefined).map(
		(j) => entry('job', j),
	);
	const transformations = toArray(
		(transList && typeof transList === 'object' ? transList.transstatus : undefined) as IDataObject | IDataObject[] | undefined,
	).map((t) => entry('transformation', t));
	const server: IDataObject = {
		kind: 'server',
		...typed(record, { numbers: SERVER_NUMBERS }),
		jobCount: jobs.length,
		transformationCount: transformations.length,
	};
	return { server, jobs, transformations };
}
