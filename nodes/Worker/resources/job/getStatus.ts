import { type IDataObject, updateDisplayOptions } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { readStatusOptions, statusOptions, workerEndpoint } from '../../shared/fields';
import { jobRefFields, jobStatusJson, readJobRef, readJobStatus, type JobRef } from '../../shared/jobStatus';
import { camelKeys } from '../../shared/outputKeys';
import { refQuery } from '../../shared/runRef';
import { simpleStatus } from '../../shared/simplify';

const show = { resource: ['job'], operation: ['getStatus'] };

export const description = updateDisplayOptions({ show }, [...jobRefFields({ options: statusOptions() })]);

interface Plan {
	ref: JobRef;
	from: number;
	includeRaw: boolean;
}

export const execute = requestOperation<Plan>({
	plan(itemIndex) {
		return { ref: readJobRef(this, itemIndex), ...readStatusOptions(this, itemIndex) };
	},
	simplify: simpleStatus('job'),
	request: async function (plan) {
		return {
			method: 'GET',
			path: await workerEndpoint(this, 'jobStatus'),
			qs: { ...refQuery(plan.ref), xml: 'Y', from: plan.from },
			expect: 'xml',
		};
	},
	output(plan, response, itemIndex) {
		const json = camelKeys(jobStatusJson(readJobStatus(this.getNode(), response.body as IDataObject, itemIndex)));
		if (plan.includeRaw) json.raw = response.raw;
		return json;
	},
});
