import type { INodeProperties } from 'n8n-workflow';

import * as deleteLocale from './deleteLocale';
import * as getLocaleProperties from './getLocaleProperties';
import * as getLocales from './getLocales';
import * as getMetadata from './getMetadata';
import * as updateLocaleProperties from './updateLocaleProperties';
import * as updateMetadata from './updateMetadata';

export const operations = { deleteLocale, getLocaleProperties, getLocales, getMetadata, updateLocaleProperties, updateMetadata };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['localeMetadata'] } },
		options: [
			{ name: 'Delete Locale', value: 'deleteLocale', action: 'Delete locale of file', description: 'Delete the properties of one locale of a file' },
			{ name: 'Get Locale Properties', value: 'getLocaleProperties', action: 'Get locale properties of file', description: 'Get the properties of one locale of a file' },
			{ name: 'Get Locales', value: 'getLocales', action: 'Get locales of file', description: 'List the locales of a file with their properties, one item each' },
			{ name: 'Get Metadata', value: 'getMetadata', action: 'Get metadata of file', description: 'Get the metadata of a file' },
			{ name: 'Update Locale Properties', value: 'updateLocaleProperties', action: 'Update locale properties of file', description: 'Set the properties of one locale of a file' },
			{ name: 'Update Metadata', value: 'updateMetadata', action: 'Update metadata of file', description: 'Set metadata keys of a file' },
		],
		default: 'getMetadata',
	},
	...getLocales.description,
	...getLocaleProperties.description,
	...updateLocaleProperties.description,
	...deleteLocale.description,
	...getMetadata.description,
	...updateMetadata.description,
];
