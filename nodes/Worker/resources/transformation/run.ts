import { type IDataObject, updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { rawResponseOptions, readIncludeRaw } from '../../../common/fields';
import { readRunTrans, runTransFields, startTrans, type RunTransPlan } from '../../shared/runTrans';

const show = { resource: ['transformation'], operation: ['run'] };

export const description = updateDisplayOptions({ show }, [
	...runTransFields(),
	rawResponseOptions(),
]);

interface Plan extends RunTransPlan {
	includeRaw: boolean;
}

export const execute = defineOperation<Plan>({
	plan(itemIndex) {
		return { ...readRunTrans(this, itemIndex), includeRaw: readIncludeRaw(this, itemIndex) };
	},
	async run(plan, itemIndex) {
		const started = await startTrans(this, plan, itemIndex);
		const json: IDataObject = { id: started.id, transName: plan.transName, transPath: plan.transPath, message: started.message };
		if (plan.includeRaw) json.raw = started.raw;
		return toItems(json);
	},
});
