import { type IDataObject, updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { readStatusOptions, statusOptionsField } from '../../shared/fields';
import { fetchJobStatus, jobRefFields, jobStatusJson, readJobRef, type JobRef } from '../../shared/jobStatus';

const show = { resource: ['job'], operation: ['getStatus'] };

export const description = updateDisplayOptions({ show }, [
	...jobRefFields(),
	statusOptionsField(),
]);

interface Plan {
	ref: JobRef;
	from: number;
	includeRaw: boolean;
}

export const execute = defineOperation<Plan>({
	plan(itemIndex) {
		const ref = readJobRef(this, itemIndex);
		return { ref, ...readStatusOptions(this, itemIndex) };
	},
	async run(plan, itemIndex) {
		const { status, raw } = await fetchJobStatus(this, plan.ref, plan.from, itemIndex);
		const json: IDataObject = jobStatusJson(status);
		if (plan.includeRaw) json.raw = raw;
		return toItems(json);
	},
});
