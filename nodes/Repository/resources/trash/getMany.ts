import { updateDisplayOptions } from 'n8n-workflow';

import { limitOf, optionsCollection, returnAllFields } from '../../../common/fields';
import { SIMPLIFY_OPTION } from '../../../common/simplify';
import { requestOperation } from '../../../common/executor';
import { fileListOutput } from '../../shared/builders';
import { FILES, show } from '../../shared/paths';
import { SIMPLE_TRASHED_FILE } from '../../shared/simplify';

const showOn = show('trash', 'getMany');

export const description = updateDisplayOptions({ show: showOn }, [...returnAllFields(), optionsCollection([SIMPLIFY_OPTION])]);

export const execute = requestOperation({
	plan(itemIndex) {
		return { limit: limitOf(this, itemIndex) };
	},
	simplify: SIMPLE_TRASHED_FILE,
	request: () => ({ method: 'GET', path: `${FILES}/deleted`, expect: 'json' }),
	async output(plan, response, itemIndex) {
		return await fileListOutput(this, response, itemIndex, { limit: plan.limit });
	},
});
