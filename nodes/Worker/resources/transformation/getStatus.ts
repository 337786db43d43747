import { type IDataObject, updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { readStatusOptions, statusOptionsField } from '../../shared/fields';
import { fetchTransStatus, readTransRef, transRefFields, transStatusJson, type TransRef } from '../../shared/transStatus';

const show = { resource: ['transformation'], operation: ['getStatus'] };

export const description = updateDisplayOptions({ show }, [
	...transRefFields(),
	statusOptionsField(),
]);

interface Plan {
	ref: TransRef;
	from: number;
	includeRaw: boolean;
}

export const execute = defineOperation<Plan>({
	plan(itemIndex) {
		const ref = readTransRef(this, itemIndex);
		return { ref, ...readStatusOptions(this, itemIndex) };
	},
	async run(plan, itemIndex) {
		const { status, raw } = await fetchTransStatus(this, plan.ref, plan.from, itemIndex);
		const json: IDataObject = transStatusJson(status);
		if (plan.includeRaw) json.raw = raw;
		return toItems(json);
	},
});
