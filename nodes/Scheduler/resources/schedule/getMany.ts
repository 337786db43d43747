import { updateDisplayOptions } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { filtersCollection, limitOf, rawResponseOptions, readIncludeRaw, returnAllFields } from '../../../common/fields';
import { normalizePath } from '../../../common/repositoryPath';
import { jobsFromBody, describeJob } from '../../shared/jobs';
import { schedulerCall } from '../../shared/request';
import { SIMPLE_SCHEDULE } from '../../shared/simplify';
import { SIMPLIFY_OPTION } from '../../../common/simplify';

const show = { resource: ['schedule'], operation: ['getMany'] };

export const JOB_STATES = [
	{ name: 'Blocked', value: 'BLOCKED' },
	{ name: 'Complete', value: 'COMPLETE' },
	{ name: 'Error', value: 'ERROR' },
	{ name: 'Normal', value: 'NORMAL' },
	{ name: 'Paused', value: 'PAUSED' },
	{ name: 'Unknown', value: 'UNKNOWN' },
];

export const description = updateDisplayOptions({ show }, [
	...returnAllFields(),
	filtersCollection([
		{
			displayName: 'Input File',
			name: 'inputFile',
			type: 'string',
			default: '',
			placeholder: 'e.g. /home/admin/sales.ktr',
			description: 'Only jobs that run this repository file',
		},
		{
			displayName: 'Name Contains',
			name: 'name',
			type: 'string',
			default: '',
			description: 'Only jobs whose name contains this text (case-insensitive)',
		},
		{
			displayName: 'Owner',
			name: 'owner',
			type: 'string',
			default: '',
			placeholder: 'e.g. admin',
			description: 'Only jobs of this user',
		},
		{
			displayName: 'State',
			name: 'states',
			type: 'multiOptions',
			options: JOB_STATES,
			default: [],
			description: 'Only jobs in one of these states',
		},
	]),
	rawResponseOptions([SIMPLIFY_OPTION]),
]);

interface Plan {
	limit?: number;
	inputFile?: string;
	name?: string;
	owner?: string;
	states: string[];
	includeRaw: boolean;
}

export const execute = requestOperation<Plan>({
	plan(itemIndex) {
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const plan: Plan = { states: Array.isArray(filters.states) ? (filters.states as string[]) : [], includeRaw: readIncludeRaw(this, itemIndex) };
		plan.limit = limitOf(this, itemIndex);
		if (typeof filters.inputFile === 'string' && filters.inputFile.trim() !== '') {
			plan.inputFile = normalizePath(filters.inputFile, 'Input file filter');
		}
		if (typeof filters.name === 'string' && filters.name.trim() !== '') plan.name = filters.name.trim().toLowerCase();
		if (typeof filters.owner === 'string' && filters.owner.trim() !== '') plan.owner = filters.owner.trim();
		return plan;
	},
	simplify: SIMPLE_SCHEDULE,
	async request() {
		return await schedulerCall(this, { method: 'GET', endpoint: 'getJobs', expect: 'json' });
	},
	output(plan, { body }) {
		let jobs = jobsFromBody(body).map((job) => describeJob(job, plan.includeRaw));
		jobs = jobs.filter(
			(job) =>
				(plan.states.length === 0 || plan.states.includes(String(job.state))) &&
				(!plan.owner || job.userName === plan.owner) &&
				(!plan.name || String(job.jobName ?? '').toLowerCase().includes(plan.name)) &&
				(!plan.inputFile || job.inputFile === plan.inputFile),
		);
		if (plan.limit !== undefined) jobs = jobs.slice(0, plan.limit);
		return jobs;
	},
});
