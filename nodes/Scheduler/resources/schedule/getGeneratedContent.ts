import { updateDisplayOptions } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';

import { InputError } from '../../../common/inputError';
import { requestOperation } from '../../../common/executor';
import { toPathId } from '../../../common/repositoryPath';
import { toArray, typed } from '../../../common/values';
import { schedulerCall } from '../../shared/request';

const show = { resource: ['schedule'], operation: ['getGeneratedContent'] };

export const description = updateDisplayOptions({ show }, [
	{
		displayName: 'Scheduled File',
		name: 'path',
		type: 'string',
		default: '',
		required: true,
		placeholder: '/home/admin/sales.ktr',
		description:
			'Repository path of the scheduled file; it is sent as its path ID (:home:admin:sales.ktr). A lineage ID taken from the parameters of a job is sent as it is.',
	},
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

/** A lineage id from what the user typed: a repository path becomes its path id; anything else is sent as it is. */
export function lineageIdOf(value: unknown): string {
	const text = typeof value === 'string' ? value.trim() : '';
	if (text === '') throw new InputError('The scheduled file is empty: give its repository path, for example /home/admin/sales.ktr');
	return text.startsWith('/') ? toPathId(text, 'Scheduled file') : text;
}

export const execute = requestOperation<{ lineageId: string }>({
	plan(itemIndex) {
		return { lineageId: lineageIdOf(this.getNodeParameter('path', itemIndex, '')) };
	},
	async request({ lineageId }) {
		return await schedulerCall(this, { method: 'GET', endpoint: 'generatedContentForSchedule', qs: { lineageId }, expect: 'json' });
	},
	output(_plan, { body }) {
		return filesFromBody(body).map((file) => typed(file, FILE_TYPES));
	},
});
