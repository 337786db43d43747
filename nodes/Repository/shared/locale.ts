/** The locale field of the locale operations. */
import { NodeOperationError, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';


export function localeField(defaultValue = 'default'): INodeProperties {
	return {
		displayName: 'Locale',
		name: 'locale',
		type: 'string',
		default: defaultValue,
		required: true,
		placeholder: 'e.g. de',
		description: 'Locale such as "de" or "en_US"; "default" holds the properties used when no locale matches',
	};
}

export function readLocale(ctx: IExecuteFunctions, itemIndex: number): string {
	const locale = String(ctx.getNodeParameter('locale', itemIndex, '') ?? '').trim();
	if (locale === '') throw new NodeOperationError(ctx.getNode(), 'The locale is empty', { itemIndex });
	if (!/^[A-Za-z0-9_-]+$/.test(locale)) {
		throw new NodeOperationError(ctx.getNode(), `The locale "${locale}" is not a locale name such as "de" or "en_US"`, { itemIndex });
	}
	return locale;
}
