import { updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { controlRequest } from '../../shared/control';
import { jobRefFields, readJobRef, type JobRef } from '../../shared/jobStatus';
import { refQuery } from '../../shared/runRef';

const show = { resource: ['job'], operation: ['stop'] };

export const description = updateDisplayOptions({ show }, [...jobRefFields()]);

export const execute = defineOperation<JobRef>({
	plan(itemIndex) {
		return readJobRef(this, itemIndex);
	},
	async run(ref, itemIndex) {
		const { result } = await controlRequest(this, {
			endpoint: 'stopJob',
			params: { ...refQuery(ref), xml: 'Y' },
			what: `the stop of the job "${ref.name}"`,
			itemIndex,
		});
		return toItems({ jobName: ref.name, ...(ref.id ? { id: ref.id } : {}), stopRequested: true, message: result.message });
	},
});
