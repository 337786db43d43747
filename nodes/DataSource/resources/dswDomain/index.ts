import type { INodeProperties } from 'n8n-workflow';

import * as deleteDomain from './delete';
import * as download from './download';
import * as getAll from './getAll';

export const operations = { delete: deleteDomain, download, getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['dswDomain'] } },
		options: [
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete data source wizard domain for all users',
				description: 'Remove a data source wizard domain',
			},
			{
				name: 'Download',
				value: 'download',
				action: 'Download data source wizard domain',
				description: 'Download the domain: its XMI file, or a zip with the XMI and its analysis schema',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many data source wizard domains',
				description: 'List the IDs of the data source wizard domains',
			},
		],
		default: 'getAll',
	},
	...deleteDomain.description,
	...download.description,
	...getAll.description,
];
