import { updateDisplayOptions } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { CONTROL_HEADERS, readControlAnswer } from '../../shared/control';
import { workerEndpoint } from '../../shared/fields';
import { jobRefFields, readJobRef, type JobRef } from '../../shared/jobStatus';
import { refQuery } from '../../shared/runRef';

const show = { resource: ['job'], operation: ['stop'] };

export const description = updateDisplayOptions({ show }, [...jobRefFields()]);

export const execute = requestOperation<JobRef>({
	plan(itemIndex) {
		return readJobRef(this, itemIndex);
	},
	request: async function (ref) {
		const qs = { ...refQuery(ref), xml: 'Y' };
		return { method: 'GET', path: await workerEndpoint(this, 'stopJob'), qs, headers: CONTROL_HEADERS, expect: 'text' };
	},
	async output(ref, response, itemIndex) {
		const request = `GET ${await workerEndpoint(this, 'stopJob')}`;
		const { result } = readControlAnswer(this.getNode(), { status: response.status, raw: String(response.body ?? ''), request }, `the stop of the job "${ref.name}"`, itemIndex);
		return { jobName: ref.name, ...(ref.id ? { id: ref.id } : {}), stopRequested: true, message: result.message };
	},
});
