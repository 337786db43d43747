import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { buildXml } from '../../../common/xml';
import { defineOperation, toItems, sendPlanned } from '../../../common/executor';
import { keyValues } from '../../shared/documents';
import { keyValueField } from '../../shared/fields';
import { optionsCollection, optionsOf, readPairs } from '../../../common/fields';
import { localeField, readLocale } from '../../shared/locale';
import { filesUrl, pathField, readPath, show } from '../../shared/paths';

const showOn = show('localeMetadata', 'updateLocaleProperties');

export const description = updateDisplayOptions({ show: showOn }, [
	pathField(),
	localeField(),
	keyValueField(
		'properties',
		'Properties',
		'Add Property',
		'Properties of this locale to set, such as file.title and file.description',
	),
	optionsCollection([
		{
			displayName: 'Replace All Properties',
			name: 'replaceAll',
			type: 'boolean',
			default: false,
			description: 'Whether the properties given become all the properties of the locale (the others are removed); by default the others are kept',
		},
	]),
]);

interface Plan {
	path: string;
	locale: string;
	properties: Array<{ key: string; value: string }>;
	replaceAll: boolean;
}

/**
 * `PUT {pathId}/localeProperties?locale=` with an XML key/value list. The server REPLACES the locale's
 * properties with the ones sent (pentaho-platform:extensions/.../services/FileService.java
 * `doSetLocaleProperties`@9.3.0.0-422 and @727e5c86), so unless Replace All Properties is on, the
 * current ones are read first and kept. The output is what the server then holds.
 */
export const execute = defineOperation<Plan>({
	plan(itemIndex) {
		const properties = readPairs(this, itemIndex, { name: 'properties', entry: 'entry', pair: 'key', label: 'property' }).map(({ name, value }) => ({ key: name, value }));
		if (properties.length === 0) throw new NodeOperationError(this.getNode(), 'Add at least one property', { itemIndex });
		// Checked while planning so that a value XML cannot carry fails before any request.
		buildXml('stringKeyStringValueDtoes', { stringKeyStringValueDto: properties });
		return { path: readPath(this, itemIndex), locale: readLocale(this, itemIndex), properties, replaceAll: optionsOf(this, itemIndex).replaceAll === true };
	},
	async run(plan, itemIndex) {
		const url = filesUrl(plan.path, 'localeProperties');
		const read = async () => keyValues((await sendPlanned(this, { method: 'GET', path: url, qs: { locale: plan.locale }, expect: 'json' }, itemIndex)).body);
		const merged = { ...(plan.replaceAll ? {} : await read()), ...Object.fromEntries(plan.properties.map((p) => [p.key, p.value])) };
		const body = buildXml('stringKeyStringValueDtoes', { stringKeyStringValueDto: Object.entries(merged).map(([key, value]) => ({ key, value: String(value) })) });
		await sendPlanned(this, { method: 'PUT', path: url, qs: { locale: plan.locale }, headers: { 'Content-Type': 'application/xml' }, body, expect: 'empty' }, itemIndex);
		return toItems({ path: plan.path, locale: plan.locale, properties: await read(), updated: true });
	},
});
