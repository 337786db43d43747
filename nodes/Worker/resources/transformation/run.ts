import { type IDataObject, updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { includeRawOptionsField, optionsOf } from '../../shared/fields';
import { readRunTrans, runTransFields, startTrans, type RunTransPlan } from '../../shared/runTrans';

const show = { resource: ['transformation'], operation: ['run'] };

export const description = updateDisplayOptions({ show }, [
	...runTransFields(),
	includeRawOptionsField(),
]);

interface Plan extends RunTransPlan {
	includeRaw: boolean;
}

export const execute = defineOperation<Plan>({
	plan(itemIndex) {
		return { ...readRunTrans(this, itemIndex), includeRaw: optionsOf(this, itemIndex).includeRaw === true };
	},
	async run(plan, itemIndex) {
		const started = await startTrans(this, plan, itemIndex);
		const json: IDataObject = { id: started.id, transName: plan.transName, transPath: plan.transPath, message: started.message };
		if (plan.includeRaw) json.raw = started.raw;
		return toItems(json);
	},
});
