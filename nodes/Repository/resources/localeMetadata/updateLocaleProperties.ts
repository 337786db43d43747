import { NodeOperationError, type INodeProperties } from 'n8n-workflow';

import { buildXml } from '../../../common/xml';
import { requestOperation } from '../../shared/builders';
import { keyValueField, readKeyValues } from '../../shared/fields';
import { localeField, readLocale } from '../../shared/locale';
import { filesUrl, pathField, readPath, show } from '../../shared/paths';

const showOn = show('localeMetadata', 'updateLocaleProperties');

export const description: INodeProperties[] = [
	pathField(showOn),
	localeField(showOn),
	keyValueField(
		showOn,
		'properties',
		'Properties',
		'Add Property',
		'The properties of this locale, such as file.title and file.description; they replace the ones the locale has',
	),
];

interface Plan {
	path: string;
	locale: string;
	properties: Array<{ key: string; value: string }>;
	/** The XML body, built while planning so that a value XML cannot carry fails before any request. */
	body: string;
}

export const execute = requestOperation<Plan>({
	plan(itemIndex) {
		const properties = readKeyValues(this, itemIndex, 'properties', 'property');
		if (properties.length === 0) throw new NodeOperationError(this.getNode(), 'Add at least one property', { itemIndex });
		const body = buildXml('stringKeyStringValueDtoes', { stringKeyStringValueDto: properties });
		return { path: readPath(this, itemIndex), locale: readLocale(this, itemIndex), properties, body };
	},
	request: (plan) => ({
		method: 'PUT',
		path: filesUrl(plan.path, 'localeProperties'),
		qs: { locale: plan.locale },
		headers: { 'Content-Type': 'application/xml' },
		body: plan.body,
		expect: 'empty',
	}),
	output: (plan) => ({ path: plan.path, locale: plan.locale, properties: Object.fromEntries(plan.properties.map((p) => [p.key, p.value])), updated: true }),
});
