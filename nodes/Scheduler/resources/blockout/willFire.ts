import { updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { booleanAnswer } from '../../../common/values';
import { schedulerRequest } from '../../shared/request';
import { scheduleFields } from '../../shared/scheduleFields';
import { readScheduleRequest, scheduleRequestFor, type PlannedSchedule } from '../../shared/scheduleRequest';

const show = { resource: ['blockout'], operation: ['willFire'] };

export const description = updateDisplayOptions({ show }, [
	{
		displayName: 'Describe the schedule to check: the answer says whether it runs at least once outside the blockouts',
		name: 'willFireNotice',
		type: 'notice',
		default: '',
	},
	...scheduleFields('check'),
]);

export const execute = defineOperation<{ planned: PlannedSchedule }>({
	plan(itemIndex) {
		return { planned: readScheduleRequest(this, itemIndex, 'check') };
	},
	async run({ planned }, itemIndex) {
		const { request, summary } = await scheduleRequestFor(this, planned, itemIndex);
		const { body } = await schedulerRequest(this, { method: 'POST', endpoint: 'blockout/willFire', body: request, expect: 'text', itemIndex });
		return toItems({ willFire: booleanAnswer(this, { body }, itemIndex), ...(summary ? { schedule: summary } : {}) });
	},
});
