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
		placeholder: 'b5f806b9-9f72-4814-b1e0-aa9e0ece7e1a',
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
		return await schedulerCall(this, { method: 'GET', endpoint: 'isScheduleAllowed', qs: { id: fileId }, expect: 'text' });
	},
	output({ fileId }, { body }, itemIndex) {
		return { fileId, scheduleAllowed: booleanAnswer(this, { body }, itemIndex) };
	},
});
