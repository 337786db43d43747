import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { fileListOutput } from '../../shared/builders';
import { limitOf, optionsCollection, returnAllFields } from '../../../common/fields';
import { SIMPLIFY_OPTION } from '../../../common/simplify';
import { filesUrl, pathField, readPath, show } from '../../shared/paths';
import { SIMPLE_FILE } from '../../shared/simplify';

const showOn = show('file', 'getGeneratedContentForUser');

export const description = updateDisplayOptions({ show: showOn }, [
	pathField({ description: 'Repository path of the source file, such as a report, whose output files to list' }),
	{
		displayName: 'User',
		name: 'user',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. suzy',
		description: 'User whose generated content to list',
	},
	...returnAllFields(),
	optionsCollection([SIMPLIFY_OPTION]),
]);

interface Plan {
	path: string;
	user: string;
	limit?: number;
}

export const execute = requestOperation<Plan>({
	plan(itemIndex) {
		const user = String(this.getNodeParameter('user', itemIndex, '') ?? '').trim();
		if (user === '') throw new NodeOperationError(this.getNode(), 'The user is empty', { itemIndex });
		return { path: readPath(this, itemIndex), user, limit: limitOf(this, itemIndex) };
	},
	simplify: SIMPLE_FILE,
	request: (plan) => ({ method: 'GET', path: filesUrl(plan.path, 'generatedContentForUser'), qs: { user: plan.user }, expect: 'json' }),
	async output(plan, response, itemIndex) {
		return await fileListOutput(this, response, itemIndex, { limit: plan.limit, source: plan.path });
	},
});
