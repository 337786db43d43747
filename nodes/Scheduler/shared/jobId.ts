/**
 * Job ids: `user<TAB>job name<TAB>number`. The tab goes into JSON bodies unchanged and into query
 * strings as %09. Where a job is asked for, a resource locator offers the jobs of the server ("From
 * List", searchable) or an id ("By ID"; typed by hand, `\t` or `%09` stands for the tab).
 */
import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type ILoadOptionsFunctions,
	type INodeListSearchItems,
	type INodeListSearchResult,
	type INodeProperties,
} from 'n8n-workflow';

import { jobsFromBody, normalizeJob } from './jobs';
import { schedulerRequest } from './request';


export function jobIdField(options: { blockout?: boolean } = {}): INodeProperties {
	const what = options.blockout ? 'Blockout' : 'Job';
	return {
		displayName: what,
		name: 'jobId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: options.blockout ? 'The blockout to change' : 'The scheduled job',
		builderHint: {
			propertyHint:
				"The jobId exactly as Schedule 'Get Many', 'Get' or 'Create' returned it (owner, a tab, the name, a tab, a number). Set it in the id mode (mode id, the value the jobId), usually from the output of an earlier Dataflow Scheduler step.",
		},
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: `Select a ${what.toLowerCase()}…`,
				typeOptions: {
					searchListMethod: options.blockout ? 'searchBlockouts' : 'searchJobs',
					searchable: true,
				},
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. admin\\tDaily sales\\t1712345678901',
				hint: 'User, job name and number separated by tabs; type \\t or %09 for a tab',
			},
		],
	};
}

/** A job id as typed: `\t` and `%09` stand for the tab when the id holds no tab itself. */
export function normalizeJobId(value: unknown): string {
	let id = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
	id = id.replace(/^[ \r\n]+|[ \r\n]+$/g, '');
	if (!id.includes('\t')) id = id.replace(/\\t|%09/gi, '\t');
	return id;
}

/** The job id of an item; refuses an empty one before any request. */
export function readJobId(ctx: IExecuteFunctions, itemIndex: number): string {
	const raw = ctx.getNodeParameter('jobId', itemIndex, '', { extractValue: true }) as unknown;
	const value = raw !== null && typeof raw === 'object' && 'value' in (raw as IDataObject) ? (raw as IDataObject).value : raw;
	const id = normalizeJobId(value);
	if (id === '') {
		throw new NodeOperationError(ctx.getNode(), 'No job ID given: pick a job from the list or enter its ID', { itemIndex });
	}
	return id;
}

function describeDuration(ms: number): string {
	if (ms % 86_400_000 === 0) return `${ms / 86_400_000} d`;
	if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
	return `${Math.round(ms / 60_000)} min`;
}

function matches(filter: string | undefined, ...values: unknown[]): boolean {
	if (!filter || filter.trim() === '') return true;
	const needle = filter.trim().toLowerCase();
	return values.some((v) => typeof v === 'string' && v.toLowerCase().includes(needle));
}

async function listJobs(ctx: ILoadOptionsFunctions, endpoint: string): Promise<IDataObject[]> {
	const { body } = await schedulerRequest(ctx, { method: 'GET', endpoint, expect: 'json' });
	return jobsFromBody(body).map(normalizeJob);
}

export async function searchJobs(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const jobs = await listJobs(this, 'getJobs');
	const results: INodeListSearchItems[] = jobs
		.filter((job) => matches(filter, job.jobName, job.userName, job.jobId, job.inputFile))
		.map((job) => ({
			name: `${String(job.jobName ?? job.jobId)} (${String(job.userName ?? '?')}, ${String(job.state ?? '?')})`,
			value: String(job.jobId ?? ''),
		}))
		.filter((item) => item.value !== '')
		.sort((a, b) => a.name.localeCompare(b.name));
	return { results };
}

export async function searchBlockouts(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const jobs = await listJobs(this, 'blockout/blockoutjobs');
	const results: INodeListSearchItems[] = jobs
		.map((job) => {
			const trigger = (job.jobTrigger ?? {}) as IDataObject;
			const params = (job.jobParams ?? {}) as IDataObject;
			const duration = Number(trigger.duration ?? params.DURATION_PARAM);
			const kind = String(trigger.uiPassParam ?? params.uiPassParam ?? 'Blockout');
			const next = job.nextRun ? `next ${String(job.nextRun)}` : 'no next start';
			const length = Number.isFinite(duration) && duration > 0 ? `, ${describeDuration(duration)}` : '';
			return { name: `${kind} blockout (${next}${length})`, value: String(job.jobId ?? ''), job };
		})
		.filter((item) => item.value !== '' && matches(filter, item.name, item.value))
		.map(({ name, value }) => ({ name, value }))
		.sort((a, b) => a.name.localeCompare(b.name));
	return { results };
}
