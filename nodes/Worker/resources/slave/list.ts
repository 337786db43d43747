import { type IDataObject, updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { dataflowRequest } from '../../../common/transport';
import { apiError } from '../../../common/errors';
import { includeRawOptionsField, optionsOf, workerEndpoint } from '../../shared/fields';
import { readSlaves } from '../../shared/slaves';

const show = { resource: ['slave'], operation: ['list'] };

export const description = updateDisplayOptions({ show }, [
	includeRawOptionsField(),
]);

export const execute = defineOperation<{ includeRaw: boolean }>({
	plan(itemIndex) {
		return { includeRaw: optionsOf(this, itemIndex).includeRaw === true };
	},
	async run(plan, itemIndex) {
		const response = await dataflowRequest<IDataObject>(this, {
			method: 'GET',
			path: await workerEndpoint(this, 'getSlaves'),
			qs: { xml: 'Y' },
			expect: 'xml',
			itemIndex,
		});
		if (!('SlaveServerDetections' in response.body)) {
			throw apiError(this.getNode(), {
				message: `The server answered a document without a slave list (root element: ${Object.keys(response.body)[0] ?? 'none'})`,
				itemIndex,
			});
		}
		const slaves = readSlaves(response.body);
		if (plan.includeRaw && slaves.length > 0) slaves[0] = { ...slaves[0], raw: response.raw };
		return toItems(slaves);
	},
});
