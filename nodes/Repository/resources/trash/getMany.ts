import { updateDisplayOptions } from 'n8n-workflow';

import { limitOf, returnAllFields } from '../../../common/fields';
import { requestOperation } from '../../../common/executor';
import { fileListOutput } from '../../shared/builders';
import { FILES, show } from '../../shared/paths';

const showOn = show('trash', 'getMany');

export const description = updateDisplayOptions({ show: showOn }, returnAllFields());

export const execute = requestOperation({
	plan(itemIndex) {
		return { limit: limitOf(this, itemIndex) };
	},
	request: () => ({ method: 'GET', path: `${FILES}/deleted`, expect: 'json' }),
	async output(plan, response, itemIndex) {
		return await fileListOutput(this, response, itemIndex, { limit: plan.limit });
	},
});
