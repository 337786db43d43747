import type { INodeProperties } from 'n8n-workflow';

import { requestOperation } from '../../shared/builders';
import { locales } from '../../shared/documents';
import { filesUrl, pathField, readPath, show } from '../../shared/paths';

const showOn = show('localeMetadata', 'getLocales');

export const description: INodeProperties[] = [pathField(showOn)];

export const execute = requestOperation<{ path: string }>({
	plan(itemIndex) {
		return { path: readPath(this, itemIndex) };
	},
	request: (plan) => ({ method: 'GET', path: filesUrl(plan.path, 'locales'), expect: 'json' }),
	output: (plan, response) => locales(response.body).map((entry) => ({ path: plan.path, ...entry })),
});
