import { type IDataObject, updateDisplayOptions } from 'n8n-workflow';

import { apiError } from '../../../common/errors';
import { requestOperation } from '../../../common/executor';
import { rawResponseOptions, readIncludeRaw } from '../../../common/fields';
import { workerEndpoint } from '../../shared/fields';
import { camelKeys } from '../../shared/outputKeys';
import { readSlaves } from '../../shared/slaves';
import { SIMPLE_SLAVE } from '../../shared/simplify';
import { SIMPLIFY_OPTION } from '../../../common/simplify';

const show = { resource: ['slave'], operation: ['list'] };

export const description = updateDisplayOptions({ show }, [
	rawResponseOptions([SIMPLIFY_OPTION]),
]);

export const execute = requestOperation<{ includeRaw: boolean }>({
	plan(itemIndex) {
		return { includeRaw: readIncludeRaw(this, itemIndex) };
	},
	simplify: SIMPLE_SLAVE,
	request: async function () {
		return { method: 'GET', path: await workerEndpoint(this, 'getSlaves'), qs: { xml: 'Y' }, expect: 'xml' };
	},
	output(plan, response, itemIndex) {
		const body = response.body as IDataObject;
		if (!('SlaveServerDetections' in body)) {
			throw apiError(this.getNode(), {
				message: `The server answered a document without a slave list (root element: ${Object.keys(body)[0] ?? 'none'})`,
				itemIndex,
			});
		}
		const slaves = camelKeys(readSlaves(body));
		if (plan.includeRaw && slaves.length > 0) slaves[0] = { ...slaves[0], raw: response.raw };
		return slaves;
	},
});
