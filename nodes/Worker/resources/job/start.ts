import { updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { controlRequest } from '../../shared/control';
import { jobRefFields, readJobRef, type JobRef } from '../../shared/jobStatus';
import { refQuery } from '../../shared/runRef';

const show = { resource: ['job'], operation: ['start'] };

export const description = updateDisplayOptions({ show }, [...jobRefFields()]);

export const execute = defineOperation<JobRef>({
	plan(itemIndex) {
		return readJobRef(this, itemIndex);
	},
	async run(ref, itemIndex) {
		// startJob starts a job added with Add, or runs an ended job again from its configuration
		// under the same entry; a job still running is refused by the server (HTTP 500).
		const { result } = await controlRequest(this, {
			endpoint: 'startJob',
			params: { ...refQuery(ref), xml: 'Y' },
			what: `the start of the job "${ref.name}"`,
			itemIndex,
		});
		return toItems({ jobName: ref.name, id: result.id || ref.id, started: true, message: result.message });
	},
});
