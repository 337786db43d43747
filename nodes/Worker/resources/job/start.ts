import { updateDisplayOptions } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { CONTROL_HEADERS, readControlAnswer } from '../../shared/control';
import { workerEndpoint } from '../../shared/fields';
import { jobRefFields, readJobRef, type JobRef } from '../../shared/jobStatus';
import { refQuery } from '../../shared/runRef';

const show = { resource: ['job'], operation: ['start'] };

export const description = updateDisplayOptions({ show }, [...jobRefFields()]);

export const execute = requestOperation<JobRef>({
	plan(itemIndex) {
		return readJobRef(this, itemIndex);
	},
	request: async function (ref) {
		// startJob starts a job added with Add, or runs an ended job again from its configuration
		// under the same entry; a job still running is refused by the server (HTTP 500).
		const qs = { ...refQuery(ref), xml: 'Y' };
		return { method: 'GET', path: await workerEndpoint(this, 'startJob'), qs, headers: CONTROL_HEADERS, expect: 'text' };
	},
	async output(ref, response, itemIndex) {
		const request = `GET ${await workerEndpoint(this, 'startJob')}`;
		const { result } = readControlAnswer(this.getNode(), { status: response.status, raw: String(response.body ?? ''), request }, `the start of the job "${ref.name}"`, itemIndex);
		return { jobName: ref.name, id: result.id || ref.id, started: true, message: result.message };
	},
});
