import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { jobIdField, readJobId } from '../../shared/jobId';
import { schedulerRequest, textAnswer } from '../../shared/request';
import { scheduleFields } from '../../shared/scheduleFields';
import { readScheduleRequest, scheduleRequestFor, type PlannedSchedule } from '../../shared/scheduleRequest';

const show = { resource: ['blockout'], operation: ['update'] };

export const description = updateDisplayOptions({ show }, [
	{
		displayName: 'The server replaces the blockout: the updated blockout gets a new ID, returned as "jobId"',
		name: 'updateNotice',
		type: 'notice',
		default: '',
	},
	jobIdField({ blockout: true }),
	{
		displayName: 'Replace the Whole Blockout',
		name: 'replaceBlockout',
		type: 'boolean',
		default: false,
		// A confirmation the user must give (the node refuses to send anything without it).
		required: true,
		description:
			'Whether to replace the blockout with the schedule and duration below. The server keeps nothing of the old blockout: every field left at its default replaces what the blockout had. Off, the node refuses to send anything.',
	},
	...scheduleFields('blockout'),
]);

/** The server replaces a blockout whole, so a default never replaces one: the user confirms it. */
const CONFIRM =
	'Update Blockout replaces the whole blockout with the schedule and duration given here (its trigger type, start, recurrence and duration, each at its default unless you set it): turn on "Replace the Whole Blockout" to confirm. Nothing was sent.';

export const execute = defineOperation<{ jobId: string; planned: PlannedSchedule }>({
	plan(itemIndex) {
		const jobId = readJobId(this, itemIndex);
		if (this.getNodeParameter('replaceBlockout', itemIndex, false) !== true) {
			throw new NodeOperationError(this.getNode(), CONFIRM, { itemIndex });
		}
		return { jobId, planned: readScheduleRequest(this, itemIndex, 'blockout') };
	},
	async run({ jobId, planned }, itemIndex) {
		const { request, summary } = await scheduleRequestFor(this, planned, itemIndex);
		const { body: answer } = await schedulerRequest(this, {
			method: 'POST',
			endpoint: 'blockout/update',
			qs: { jobid: jobId },
			body: request,
			expect: 'text',
			itemIndex,
			refusals: {
				401:
					'The server refused to update the blockout (401). It answers 401 for any error here: a blockout that does not exist, a schedule it cannot use (for example one that never fires), a user who is not an administrator, or a wrong username or password',
			},
		});
		return toItems({ jobId: textAnswer(this.getNode(), answer, itemIndex, 'a blockout id'), previousJobId: jobId, scheduleRequest: request, ...(summary ? { schedule: summary } : {}) });
	},
});
