import { updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { schedulerRequest, textAnswer } from '../../shared/request';
import { scheduleFields } from '../../shared/scheduleFields';
import { readScheduleRequest, scheduleRequestFor, type PlannedSchedule } from '../../shared/scheduleRequest';

const show = { resource: ['schedule'], operation: ['create'] };

export const description = updateDisplayOptions({ show }, [...scheduleFields('job')]);

export const execute = defineOperation<{ planned: PlannedSchedule }>({
	plan(itemIndex) {
		return { planned: readScheduleRequest(this, itemIndex, 'job') };
	},
	async run({ planned }, itemIndex) {
		const { request, summary } = await scheduleRequestFor(this, planned, itemIndex);
		const { body: answer } = await schedulerRequest(this, {
			method: 'POST', endpoint: 'job', body: request, expect: 'text', itemIndex,
			refusals: {
				401: 'The server refused to create the schedule (401): this user may not schedule, or the username or password is wrong',
				403: 'The server refused to schedule this file (403): it cannot be scheduled, or this user may not schedule it',
			},
		});
		return toItems({ jobId: textAnswer(this.getNode(), answer, itemIndex, 'a job id'), scheduleRequest: request, ...(summary ? { schedule: summary } : {}) });
	},
});
