import { updateDisplayOptions } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { keyValues } from '../../shared/documents';
import { filesUrl, pathField, readPath, show } from '../../shared/paths';

const showOn = show('localeMetadata', 'getMetadata');

export const description = updateDisplayOptions({ show: showOn }, [pathField()]);

export const execute = requestOperation<{ path: string }>({
	plan(itemIndex) {
		return { path: readPath(this, itemIndex) };
	},
	request: (plan) => ({ method: 'GET', path: filesUrl(plan.path, 'metadata'), expect: 'json' }),
	output: (plan, response) => ({ path: plan.path, metadata: keyValues(response.body) }),
});
