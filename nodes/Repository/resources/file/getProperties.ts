import { updateDisplayOptions } from 'n8n-workflow';

import { apiError } from '../../../common/errors';
import { requestOperation } from '../../../common/executor';
import { optionsCollection } from '../../../common/fields';
import { SIMPLIFY_OPTION } from '../../../common/simplify';
import { singleFile } from '../../shared/documents';
import { filesUrlOrRoot, pathField, readPath, show } from '../../shared/paths';
import { SIMPLE_FILE } from '../../shared/simplify';

const showOn = show('file', 'getProperties');

export const description = updateDisplayOptions({ show: showOn }, [
	pathField({ description: 'Repository path of the file or folder; "/" gives the root folder' }),
	optionsCollection([SIMPLIFY_OPTION]),
]);

export const execute = requestOperation<{ path: string }>({
	plan(itemIndex) {
		return { path: readPath(this, itemIndex) };
	},
	simplify: SIMPLE_FILE,
	request: (plan) => ({ method: 'GET', path: filesUrlOrRoot(plan.path, 'properties'), expect: 'json' }),
	output(plan, response, itemIndex) {
		if (response.status === 204 || response.body === undefined || response.body === null || response.body === '') {
			throw apiError(this.getNode(), {
				message: `The repository has no file or folder ${plan.path} (or this user may not read it)`,
				httpCode: '404',
				itemIndex,
			});
		}
		return singleFile(response.body);
	},
});
