import { updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { schedulerRequest, textAnswer } from '../../shared/request';
import { scheduleFields } from '../../shared/scheduleFields';
import { readScheduleRequest, scheduleRequestFor, type PlannedSchedule } from '../../shared/scheduleRequest';

const show = { resource: ['blockout'], operation: ['create'] };

export const description = updateDisplayOptions({ show }, [...scheduleFields('blockout')]);

export const execute = defineOperation<{ planned: PlannedSchedule }>({
	plan(itemIndex) {
		return { planned: readScheduleRequest(this, itemIndex, 'blockout') };
	},
	async run({ planned }, itemIndex) {
		const { request, summary } = await scheduleRequestFor(this, planned, itemIndex);
		const { body: answer } = await schedulerRequest(this, {
			method: 'POST', endpoint: 'blockout/add', body: request, expect: 'text', itemIndex,
			refusals: {
				401:
					'The server refused to create the blockout (401). It answers 401 for any error here: a schedule it cannot use (for example one that never fires), a user who is not an administrator, or a wrong username or password',
			},
		});
		return toItems({ jobId: textAnswer(this.getNode(), answer, itemIndex, 'a blockout id'), scheduleRequest: request, ...(summary ? { schedule: summary } : {}) });
	},
});
