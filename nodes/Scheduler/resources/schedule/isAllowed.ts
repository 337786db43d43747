import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { booleanAnswer } from '../../../common/values';
import { schedulerCall } from '../../shared/request';

const show = { resource: ['schedule'], operation: ['isAllowed'] };

export const description = updateDisplayOptions({ show }, [
	{
		displayName: 'File ID',
		name: 'fileId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. b5f806b9-9f72-4814-b1e0-aa9e0ece7e1a',
		description: 'Repository ID of the file, as the Repository node returns it',
	},
]);

export const execute = requestOperation<{ fileId: string }>({
	plan(itemIndex) {
		const fileId = String(this.getNodeParameter('fileId', itemIndex, '') ?? '').trim();
		if (fileId === '') throw new NodeOperationError(this.getNode(), 'No file ID given', { itemIndex });
		return { fileId };
	},
	async request({ fileId }) {
		// An id the repository does not know is a 500 (the server's "Invalid repository file id" survives only where the
		// container does not replace it with its error page, see docs/real-servers/scheduler.md).
		return await schedulerCall(this, {
			method: 'GET',
			endpoint: 'isScheduleAllowed',
			qs: { id: fileId },
			expect: 'text',
			refusals: { 500: `Invalid repository file id: the repository has no file with the ID ${fileId}, or it could not be read` },
		});
	},
	output({ fileId }, { body }, itemIndex) {
		return { fileId, scheduleAllowed: booleanAnswer(this, { body }, itemIndex) };
	},
});
