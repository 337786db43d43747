import { type IDataObject, updateDisplayOptions } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { readStatusOptions, statusOptions, workerEndpoint } from '../../shared/fields';
import { camelKeys } from '../../shared/outputKeys';
import { simpleStatus } from '../../shared/simplify';
import { refQuery } from '../../shared/runRef';
import { readTransRef, readTransStatus, transRefFields, transStatusJson, type TransRef } from '../../shared/transStatus';

const show = { resource: ['transformation'], operation: ['getStatus'] };

export const description = updateDisplayOptions({ show }, [...transRefFields({ options: statusOptions() })]);

interface Plan {
	ref: TransRef;
	from: number;
	includeRaw: boolean;
}

export const execute = requestOperation<Plan>({
	plan(itemIndex) {
		return { ref: readTransRef(this, itemIndex), ...readStatusOptions(this, itemIndex) };
	},
	simplify: simpleStatus('trans'),
	request: async function (plan) {
		return {
			method: 'GET',
			path: await workerEndpoint(this, 'transStatus'),
			qs: { ...refQuery(plan.ref), xml: 'Y', from: plan.from },
			expect: 'xml',
		};
	},
	output(plan, response, itemIndex) {
		const json = camelKeys(transStatusJson(readTransStatus(this.getNode(), response.body as IDataObject, itemIndex)));
		if (plan.includeRaw) json.raw = response.raw;
		return json;
	},
});
