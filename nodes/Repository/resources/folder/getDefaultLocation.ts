import { updateDisplayOptions } from 'n8n-workflow';

import { apiError } from '../../../common/errors';
import { requestOperation } from '../../../common/executor';
import { dirsUrl, pathField, readPath, show } from '../../shared/paths';

const showOn = show('folder', 'getDefaultLocation');

export const description = updateDisplayOptions({ show: showOn }, [
	pathField({ description: 'Repository path of the folder to open or save in', placeholder: 'e.g. /public', folders: true }),
]);

export const execute = requestOperation<{ path: string }>({
	plan(itemIndex) {
		return { path: readPath(this, itemIndex) };
	},
	request: (plan) => ({ method: 'GET', path: dirsUrl(plan.path, 'defaultLocation'), headers: { Accept: 'text/plain' }, expect: 'text' }),
	// DirectoryResource.getDefaultLocation@9.3.0.0-422 and @727e5c86 answers the path id it was given
	// (colon form) when it fails, and "/" for a folder that does not exist.
	output(plan, response, itemIndex) {
		const answer = String(response.body ?? '').trim();
		if (!answer.startsWith('/')) {
			throw apiError(this.getNode(), { message: `The server could not work out a default location for ${plan.path} (it answered "${answer.slice(0, 80)}")`, httpCode: '500', itemIndex });
		}
		return { path: plan.path, defaultLocation: answer };
	},
});
