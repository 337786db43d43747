import { type IDataObject, updateDisplayOptions } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { rawResponseOptions, readIncludeRaw } from '../../../common/fields';
import { CONTROL_HEADERS, readControlAnswer } from '../../shared/control';
import { workerEndpoint } from '../../shared/fields';
import { readRunTrans, runTransFields, runTransLogLevel, type RunTransPlan } from '../../shared/runTrans';
import { requireId } from '../../shared/webResult';

const show = { resource: ['transformation'], operation: ['run'] };

export const description = updateDisplayOptions({ show }, [
	...runTransFields(),
	rawResponseOptions([runTransLogLevel()]),
]);

interface Plan extends RunTransPlan {
	includeRaw: boolean;
}

export const execute = requestOperation<Plan>({
	plan(itemIndex) {
		return { ...readRunTrans(this, itemIndex), includeRaw: readIncludeRaw(this, itemIndex) };
	},
	request: async function (plan) {
		return {
			method: 'GET',
			path: await workerEndpoint(this, 'runTrans'),
			qs: { trans: plan.transPath, level: plan.level, ...plan.parameters },
			headers: CONTROL_HEADERS,
			expect: 'text',
		};
	},
	async output(plan, response, itemIndex) {
		const what = `the run of ${plan.transPath}`;
		const request = `GET ${await workerEndpoint(this, 'runTrans')}`;
		const { result, raw } = readControlAnswer(this.getNode(), { status: response.status, raw: String(response.body ?? ''), request }, what, itemIndex);
		const id = requireId(this.getNode(), result, itemIndex, what).trim();
		const json: IDataObject = { id, transName: plan.transName, transPath: plan.transPath, message: result.message };
		if (plan.includeRaw) json.raw = raw;
		return json;
	},
});
