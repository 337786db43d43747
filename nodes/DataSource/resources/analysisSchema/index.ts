import type { INodeProperties } from 'n8n-workflow';

import * as deleteSchema from './delete';
import * as download from './download';
import * as getAll from './getAll';
import * as upload from './upload';

export const operations = { delete: deleteSchema, download, getAll, upload };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['analysisSchema'] } },
		options: [
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete analysis schema for all users',
				description: 'Remove an analysis catalog and its schema',
			},
			{
				name: 'Download',
				value: 'download',
				action: 'Download analysis schema',
				description: 'Download the schema file of an analysis catalog (a zip when it has several files)',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many analysis schemas',
				description: 'List the IDs of the analysis catalogs',
			},
			{
				name: 'Upload',
				value: 'upload',
				action: 'Upload analysis schema',
				description: 'Publish a Mondrian schema file as an analysis catalog',
			},
		],
		default: 'getAll',
	},
	...deleteSchema.description,
	...download.description,
	...getAll.description,
	...upload.description,
];
