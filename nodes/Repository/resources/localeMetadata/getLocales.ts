import { updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, sendPlanned, toItems } from '../../../common/executor';
import { requireFile } from '../../shared/builders';
import { keyValues, locales } from '../../shared/documents';
import { filesUrl, pathField, readPath, show } from '../../shared/paths';

const showOn = show('localeMetadata', 'getLocales');

export const description = updateDisplayOptions({ show: showOn }, [pathField()]);

/**
 * `GET {pathId}/locales`, then `GET {pathId}/localeProperties?locale=` for each locale. The locales
 * answer carries the names only: FileService builds every entry as `new LocaleMapDto(locale.toString(),
 * null)` (pentaho-platform:extensions/.../services/FileService.java `doGetFileLocales`@9.3.0.0-422, the
 * same at 10.2 and 11.x), so the properties each item promises are read one locale at a time. The server
 * answers a missing file with an empty list (FileResource.doGetFileLocales catches FileNotFoundException),
 * so an empty answer is checked against the file.
 */
export const execute = defineOperation<{ path: string }>({
	plan(itemIndex) {
		return { path: readPath(this, itemIndex) };
	},
	async run(plan, itemIndex) {
		const response = await sendPlanned(this, { method: 'GET', path: filesUrl(plan.path, 'locales'), expect: 'json' }, itemIndex);
		const list = locales(response.body);
		if (list.length === 0) await requireFile(this, plan.path, itemIndex);
		const items = [];
		for (const entry of list) {
			const properties =
				Object.keys(entry.properties).length > 0
					? entry.properties
					: keyValues((await sendPlanned(this, { method: 'GET', path: filesUrl(plan.path, 'localeProperties'), qs: { locale: entry.locale }, expect: 'json' }, itemIndex)).body);
			items.push({ path: plan.path, locale: entry.locale, properties });
		}
		return toItems(items);
	},
});
