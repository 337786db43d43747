import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';

import { InputError } from '../../../common/inputError';
import { defineOperation, toItems } from '../../../common/executor';
import { toArray, typed } from '../../../common/values';
import { jobIdField, readJobId } from '../../shared/jobId';
import { jobFromBody, jobParamsOf } from '../../shared/jobs';
import { schedulerRequest } from '../../shared/request';
import { SIMPLE_GENERATED_FILE } from '../../shared/simplify';
import { optionsCollection } from '../../../common/fields';
import { SIMPLIFY_OPTION } from '../../../common/simplify';

const show = { resource: ['schedule'], operation: ['getGeneratedContent'] };

export const description = updateDisplayOptions({ show }, [
	{
		displayName: 'Find Content By',
		name: 'contentBy',
		type: 'options',
		options: [
			{ name: 'Lineage ID', value: 'lineageId', description: 'The lineage ID of a schedule, from its job parameters (it outlives a schedule that has ended)' },
			{ name: 'Schedule', value: 'job', description: "The schedule's lineage ID is read from the job, then its files are listed" },
		],
		default: 'job',
		required: true,
	},
	{ ...jobIdField(), displayName: 'Schedule', description: 'The schedule whose generated files to list', displayOptions: { show: { contentBy: ['job'] } } },
	{
		displayName: 'Lineage ID',
		name: 'lineageId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 0f9e0c9a-5b4f-4d42-9a0e-3c1f7a2b6d55',
		description: "The lineage ID of the schedule, as 'Get' or 'Get Many' show it in jobParams",
		displayOptions: { show: { contentBy: ['lineageId'] } },
	},
	{
		displayName: "The server lists only the generated files in the logged-in user's workspace folder (/home/<user>/workspace) whose lineage ID is the schedule's.",
		name: 'generatedContentNotice',
		type: 'notice',
		default: '',
	},
	optionsCollection([SIMPLIFY_OPTION]),
]);

const FILE_TYPES = {
	booleans: ['folder', 'hidden', 'versioned', 'locked', 'aclNode', 'notSchedulable'],
	numbers: ['fileSize', 'ownerType'],
	dates: ['createdDate', 'lastModifiedDate', 'deletedDate'],
} as const;

/** The file objects of a list answer: a JSON array, `{repositoryFileDto: …}`, or an XML list of them. */
export function filesFromBody(body: unknown): IDataObject[] {
	if (body === undefined || body === null || body === '') return [];
	if (Array.isArray(body)) return body.filter((f): f is IDataObject => f !== null && typeof f === 'object');
	if (typeof body !== 'object') return [];
	const record = body as IDataObject;
	if ('repositoryFileDto' in record) return toArray(record.repositoryFileDto as IDataObject | IDataObject[]);
	if ('id' in record && 'path' in record) return [record];
	const values = Object.values(record);
	if (values.length === 1) return filesFromBody(values[0]);
	return [];
}

const LINEAGE_KEY = 'lineage-id';

/** A lineage ID as given: a UUID the scheduler set; a repository path is not one (the server never compares paths). */
export function lineageIdOf(value: unknown): string {
	const text = typeof value === 'string' ? value.trim() : '';
	if (text === '') throw new InputError('The lineage ID is empty: give the "lineage-id" of the schedule (Get or Get Many show it in jobParams)');
	if (text.startsWith('/')) {
		throw new InputError(
			`"${text}" is a repository path, not a lineage ID: the server finds generated content by the schedule's lineage-id, never by the scheduled file. Choose Find Content By: Schedule.`,
		);
	}
	return text;
}

interface Plan {
	jobId?: string;
	lineageId?: string;
}

/**
 * `GET …/generatedContentForSchedule?lineageId=`: the scheduler lists the files in the current user's
 * workspace folder whose `lineage-id` metadata equals the given value (pentaho-scheduler-plugin
 * core/src/main/java/org/pentaho/platform/web/http/api/resources/services/SchedulerService.java
 * `doGetGeneratedContentForSchedule` → pentaho-platform FileService.searchGeneratedContent(SessionResource.doGetCurrentUserDir() = /home/<user>/workspace, lineageId,
 * "lineage-id")@11.1.0.0-345/@11.1.0.0-381). The value is the UUID QuartzScheduler puts into every job's
 * parameters as `lineage-id` (QuartzScheduler.java createJob@11.1.0.0-345), so the schedule is read first.
 */
export const execute = defineOperation<Plan>({
	plan(itemIndex) {
		if (this.getNodeParameter('contentBy', itemIndex, 'job') === 'lineageId') return { lineageId: lineageIdOf(this.getNodeParameter('lineageId', itemIndex, '')) };
		return { jobId: readJobId(this, itemIndex) };
	},
	simplify: SIMPLE_GENERATED_FILE,
	async run(plan, itemIndex) {
		let lineageId = plan.lineageId;
		if (plan.jobId !== undefined) {
			const { body } = await schedulerRequest(this, { method: 'GET', endpoint: 'jobinfo', qs: { jobId: plan.jobId }, expect: 'json', itemIndex });
			const job = jobFromBody(body);
			if (!job) throw new NodeOperationError(this.getNode(), `No job "${plan.jobId.replace(/\t/g, '\\t')}": it has finished or does not exist. Give its lineage ID instead.`, { itemIndex });
			const value = jobParamsOf(job.jobParams)[LINEAGE_KEY];
			if (typeof value !== 'string' || value.trim() === '') {
				throw new NodeOperationError(this.getNode(), `The job "${plan.jobId.replace(/\t/g, '\\t')}" has no lineage-id parameter, so the server cannot find what it generated`, { itemIndex });
			}
			lineageId = value.trim();
		}
		const { body } = await schedulerRequest(this, { method: 'GET', endpoint: 'generatedContentForSchedule', qs: { lineageId }, expect: 'json', itemIndex });
		return toItems(filesFromBody(body).map((file) => ({ ...typed(file, FILE_TYPES), lineageId })));
	},
});
