import { NodeOperationError, type INodeProperties } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { yesNo } from '../../shared/answers';
import { schedulerRequest } from '../../shared/request';

const show = { resource: ['schedule'], operation: ['isAllowed'] };

export const description: INodeProperties[] = [
	{
		displayName: 'File ID',
		name: 'fileId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'b5f806b9-9f72-4814-b1e0-aa9e0ece7e1a',
		description: 'Repository ID of the file, as the Repository node returns it',
		displayOptions: { show },
	},
];

export const execute = defineOperation<{ fileId: string }>({
	plan(itemIndex) {
		const fileId = String(this.getNodeParameter('fileId', itemIndex, '') ?? '').trim();
		if (fileId === '') throw new NodeOperationError(this.getNode(), 'No file ID given', { itemIndex });
		return { fileId };
	},
	async run({ fileId }, itemIndex) {
		const { body } = await schedulerRequest(this, { method: 'GET', endpoint: 'isScheduleAllowed', qs: { id: fileId }, expect: 'text', itemIndex });
		return toItems({ fileId, scheduleAllowed: yesNo(this.getNode(), body, itemIndex) });
	},
});
