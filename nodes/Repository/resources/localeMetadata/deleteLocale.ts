import { updateDisplayOptions } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { localeField, readLocale } from '../../shared/locale';
import { filesUrl, pathField, readPath, show } from '../../shared/paths';

const showOn = show('localeMetadata', 'deleteLocale');

export const description = updateDisplayOptions({ show: showOn }, [pathField(), localeField('')]);

export const execute = requestOperation<{ path: string; locale: string }>({
	plan(itemIndex) {
		return { path: readPath(this, itemIndex), locale: readLocale(this, itemIndex) };
	},
	request: (plan) => ({ method: 'PUT', path: filesUrl(plan.path, 'deleteLocale'), qs: { locale: plan.locale }, expect: 'empty' }),
	output: (plan) => ({ path: plan.path, locale: plan.locale, deleted: true }),
});
