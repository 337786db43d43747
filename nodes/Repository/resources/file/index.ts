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
			{ name: 'Download', value: 'download', action: 'Download file or folder', description: 'Download a file or folder as an export (a zip unless the manifest is off for a file)' },
			{ name: 'Exists', value: 'exists', action: 'Check whether file exists', description: 'Check whether a file or folder exists' },
			{ name: 'Get Content', value: 'getContent', action: 'Get content of file', description: 'Get the content of a file as binary data' },
			{ name: 'Get Generated Content', value: 'getGeneratedContent', action: 'Get generated content of file', description: "List the output files generated from a file in the current user's home folder" },
			{ name: 'Get Generated Content for User', value: 'getGeneratedContentForUser', action: 'Get generated content of file for user', description: "List the output files generated from a file in a user's home folder" },
			{ name: 'Get Inline', value: 'getInline', action: 'Get file for inline display', description: 'Get the content of a file as served for inline display' },
			{ name: 'Get Properties', value: 'getProperties', action: 'Get properties of file', description: 'Get the properties of a file or folder' },
			{
				name: 'Import',
				value: 'import',
				action: 'Import file or zip into folder',
				description: 'Import a zip (with or without manifest) or a single file into a folder and report what the server now holds. Changes the server.',
			},
			{ name: 'Rename', value: 'rename', action: 'Rename file', description: 'Rename a file or folder' },
			{ name: 'Upload', value: 'upload', action: 'Upload file', description: 'Upload a file from a binary field, creating or replacing it' },
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
