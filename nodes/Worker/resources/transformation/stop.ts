import { type IDataObject, updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { controlRequest } from '../../shared/control';
import { readTransRef, refQuery, transRefFields, type TransRef } from '../../shared/transStatus';

const show = { resource: ['transformation'], operation: ['stop'] };

export const description = updateDisplayOptions({ show }, [
	...transRefFields(),
	{
		displayName: 'Safe Stop',
		name: 'safeStop',
		type: 'boolean',
		default: false,
		description: 'Whether to stop only the input steps and let the rows already read flow to the end (the server\'s "inputOnly"), instead of stopping every step at once',
	},
]);

interface Plan {
	ref: TransRef;
	safe: boolean;
}

export const execute = defineOperation<Plan>({
	plan(itemIndex) {
		return { ref: readTransRef(this, itemIndex), safe: this.getNodeParameter('safeStop', itemIndex, false) === true };
	},
	async run(plan, itemIndex) {
		const params: IDataObject = { ...refQuery(plan.ref), xml: 'Y' };
		if (plan.safe) params.inputOnly = 'Y';
		const { result } = await controlRequest(this, { endpoint: 'stopTrans', params, what: `the stop of the transformation "${plan.ref.name}"`, itemIndex });
		return toItems({
			transName: plan.ref.name,
			id: result.id || plan.ref.id,
			stopRequested: true,
			safeStop: plan.safe,
			message: result.message,
		});
	},
});
