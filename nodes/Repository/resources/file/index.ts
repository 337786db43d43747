import type { INodeProperties } from 'n8n-workflow';

import * as download from './download';
import * as exists from './exists';
import * as getContent from './getContent';
import * as getGeneratedContent from './getGeneratedContent';
import * as getGeneratedContentForUser from './getGeneratedContentForUser';
import * as getInline from './getInline';
import * as getProperties from './getProperties';
import * as importFile from './import';
import * as rename from './rename';
import * as upload from './upload';

export const operations = { download, exists, getContent, getGeneratedContent, getGeneratedContentForUser, getInline, getProperties, import: importFile, rename, upload };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['file'] } },
		options: [
			{ name: 'Download', value: 'download', action: 'Download a file or folder', description: 'Download a file or folder as an export (a zip unless the manifest is off for a file)' },
			{ name: 'Exists', value: 'exists', action: 'Check whether a file exists', description: 'Check whether a file or folder exists' },
			{ name: 'Get Content', value: 'getContent', action: 'Get the content of a file', description: 'Get the content of a file as binary data' },
			{ name: 'Get Generated Content', value: 'getGeneratedContent', action: 'Get the generated content of a file', description: "List the output files generated from a file in the current user's home folder" },
			{ name: 'Get Generated Content For User', value: 'getGeneratedContentForUser', action: 'Get the generated content of a file for a user', description: "List the output files generated from a file in a user's home folder" },
			{ name: 'Get Inline', value: 'getInline', action: 'Get a file for inline display', description: 'Get the content of a file as served for inline display' },
			{ name: 'Get Properties', value: 'getProperties', action: 'Get the properties of a file', description: 'Get the properties of a file or folder' },
			{
				name: 'Import',
				value: 'import',
				action: 'Import a file or zip into a folder',
				description: 'Import a zip (with or without manifest) or a single file into a folder and report what the server now holds. Changes the server.',
			},
			{ name: 'Rename', value: 'rename', action: 'Rename a file', description: 'Rename a file or folder' },
			{ name: 'Upload', value: 'upload', action: 'Upload a file', description: 'Upload a file from a binary field, creating or replacing it' },
		],
		default: 'getContent',
	},
	...upload.description,
	...getContent.description,
	...download.description,
	...getInline.description,
	...exists.description,
	...rename.description,
	...getProperties.description,
	...getGeneratedContent.description,
	...getGeneratedContentForUser.description,
	...importFile.description,
];
