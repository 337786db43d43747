import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { explainRefusal, inputError, schedulerRequest, textAnswer } from '../../shared/request';
import { readScheduleRequest, scheduleFields } from '../../shared/scheduleBuilder';

const show = { resource: ['blockout'], operation: ['create'] };

export const description: INodeProperties[] = [...scheduleFields(show, 'blockout')];

export const execute = defineOperation<{ request: IDataObject }>({
	plan(itemIndex) {
		try {
			return { request: readScheduleRequest(this, itemIndex, 'blockout') };
		} catch (error) {
			throw inputError(this.getNode(), error, itemIndex);
		}
	},
	async run({ request }, itemIndex) {
		let answer: unknown;
		try {
			({ body: answer } = await schedulerRequest(this, { method: 'POST', endpoint: 'blockout/add', body: request, expect: 'text', itemIndex }));
		} catch (error) {
			throw explainRefusal(this.getNode(), error, itemIndex, {
				'401': 'The server refused to create the blockout (401): only administrators may, the request may be invalid, or the username or password is wrong',
			});
		}
		return toItems({ jobId: textAnswer(this.getNode(), answer, itemIndex, 'a blockout id'), scheduleRequest: request });
	},
});
