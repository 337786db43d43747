import { type IDataObject, updateDisplayOptions } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { optionsOf } from '../../../common/fields';
import { CONTROL_HEADERS, readControlAnswer } from '../../shared/control';
import { workerEndpoint } from '../../shared/fields';
import { readTransRef, refQuery, transRefFields, type TransRef } from '../../shared/transStatus';

const show = { resource: ['transformation'], operation: ['stop'] };

export const description = updateDisplayOptions({ show }, [
	...transRefFields({
		options: [
			{
				displayName: 'Safe Stop',
				name: 'safeStop',
				type: 'boolean',
				default: false,
				description: 'Whether to stop only the input steps and let the rows already read flow to the end (the server\'s "inputOnly"), instead of stopping every step at once',
			},
		],
	}),
]);

interface Plan {
	ref: TransRef;
	safe: boolean;
}

export const execute = requestOperation<Plan>({
	plan(itemIndex) {
		return { ref: readTransRef(this, itemIndex), safe: optionsOf(this, itemIndex).safeStop === true };
	},
	request: async function (plan) {
		const qs: IDataObject = { ...refQuery(plan.ref), xml: 'Y' };
		if (plan.safe) qs.inputOnly = 'Y';
		return { method: 'GET', path: await workerEndpoint(this, 'stopTrans'), qs, headers: CONTROL_HEADERS, expect: 'text' };
	},
	async output(plan, response, itemIndex) {
		const request = `GET ${await workerEndpoint(this, 'stopTrans')}`;
		const { result } = readControlAnswer(this.getNode(), { status: response.status, raw: String(response.body ?? ''), request }, `the stop of the transformation "${plan.ref.name}"`, itemIndex);
		return {
			transName: plan.ref.name,
			id: result.id || plan.ref.id,
			stopRequested: true,
			safeStop: plan.safe,
			message: result.message,
		};
	},
});
