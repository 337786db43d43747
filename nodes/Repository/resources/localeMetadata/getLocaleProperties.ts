import { updateDisplayOptions } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { keyValues } from '../../shared/documents';
import { localeField, readLocale } from '../../shared/locale';
import { filesUrl, pathField, readPath, show } from '../../shared/paths';

const showOn = show('localeMetadata', 'getLocaleProperties');

export const description = updateDisplayOptions({ show: showOn }, [pathField(), localeField()]);

export const execute = requestOperation<{ path: string; locale: string }>({
	plan(itemIndex) {
		return { path: readPath(this, itemIndex), locale: readLocale(this, itemIndex) };
	},
	request: (plan) => ({ method: 'GET', path: filesUrl(plan.path, 'localeProperties'), qs: { locale: plan.locale }, expect: 'json' }),
	output: (plan, response) => ({ path: plan.path, locale: plan.locale, properties: keyValues(response.body) }),
});
