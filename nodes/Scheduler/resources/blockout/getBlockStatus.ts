import { updateDisplayOptions } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { apiError } from '../../../common/errors';
import { toBoolean } from '../../../common/values';
import { schedulerRequest } from '../../shared/request';
import { scheduleFields } from '../../shared/scheduleFields';
import { readScheduleRequest, scheduleRequestFor, type PlannedSchedule } from '../../shared/scheduleRequest';

const show = { resource: ['blockout'], operation: ['getBlockStatus'] };

export const description = updateDisplayOptions({ show }, [
	{
		displayName: 'Describe the schedule to check: the answer says whether blockouts block some of its runs or all of them',
		name: 'blockStatusNotice',
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
		const { body } = await schedulerRequest(this, {
			method: 'POST', endpoint: 'blockout/blockstatus', body: request, expect: 'json', itemIndex,
			refusals: {
				401: 'The server could not work out the block status (401): the schedule request may be invalid, or the username or password is wrong',
			},
		});
		const record = (body && typeof body === 'object' ? ((body as IDataObject).blockStatusProxy ?? body) : {}) as IDataObject;
		const totallyBlocked = toBoolean(record.totallyBlocked);
		const partiallyBlocked = toBoolean(record.partiallyBlocked);
		if (totallyBlocked === undefined || partiallyBlocked === undefined) {
			throw apiError(this.getNode(), {
				message: 'The server answered the block status without totallyBlocked and partiallyBlocked',
				description: JSON.stringify(body ?? null).slice(0, 200),
				itemIndex,
			});
		}
		return toItems({ totallyBlocked, partiallyBlocked, ...(summary ? { schedule: summary } : {}) });
	},
});
