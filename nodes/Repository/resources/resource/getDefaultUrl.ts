import { updateDisplayOptions } from 'n8n-workflow';

import { pathIdSegment } from '../../../common/repositoryPath';
import { apiError } from '../../../common/errors';
import { requestOperation } from '../../../common/executor';
import { pathField, readPath, REPOS, show } from '../../shared/paths';

const showOn = show('resource', 'getDefaultUrl');

export const description = updateDisplayOptions({ show: showOn }, [
	pathField({ description: 'Repository path of the file whose default content URL to get', placeholder: 'e.g. /public/Sample Reports/Sales Summary.prpt' }),
]);

export const execute = requestOperation<{ path: string }>({
	plan(itemIndex) {
		return { path: readPath(this, itemIndex) };
	},
	// The server answers 303 with the URL in Location; it is read, not followed.
	request: (plan) => ({ method: 'GET', path: `${REPOS}/${pathIdSegment(plan.path)}/default`, expect: 'empty', noRedirects: true, okStatuses: [301, 302, 303, 307] }),
	output(plan, response, itemIndex) {
		const location = response.headers.location ?? response.headers.Location;
		const url = Array.isArray(location) ? String(location[0] ?? '') : String(location ?? '');
		if (url === '') {
			throw apiError(this.getNode(), { message: `The server answered HTTP ${response.status} without a Location for ${plan.path}`, httpCode: String(response.status), itemIndex });
		}
		return { path: plan.path, url, statusCode: response.status };
	},
});
