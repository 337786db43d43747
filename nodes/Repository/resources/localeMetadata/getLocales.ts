import { updateDisplayOptions } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { requireFile } from '../../shared/builders';
import { locales } from '../../shared/documents';
import { filesUrl, pathField, readPath, show } from '../../shared/paths';

const showOn = show('localeMetadata', 'getLocales');

export const description = updateDisplayOptions({ show: showOn }, [pathField()]);

export const execute = requestOperation<{ path: string }>({
	plan(itemIndex) {
		return { path: readPath(this, itemIndex) };
	},
	request: (plan) => ({ method: 'GET', path: filesUrl(plan.path, 'locales'), expect: 'json' }),
	// The server answers a missing file with an empty list (FileResource.doGetFileLocales@727e5c86).
	async output(plan, response, itemIndex) {
		const list = locales(response.body);
		if (list.length === 0) await requireFile(this, plan.path, itemIndex);
		return list.map((entry) => ({ path: plan.path, ...entry }));
	},
});
