import type { INodeProperties } from 'n8n-workflow';

import * as createOrUpdate from './createOrUpdate';
import * as deleteConnection from './delete';
import * as get from './get';
import * as getAll from './getAll';

export const operations = { createOrUpdate, delete: deleteConnection, get, getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['jdbcConnection'] } },
		options: [
			{
				name: 'Create or Update',
				value: 'createOrUpdate',
				action: 'Create or update JDBC connection',
				description: 'Add a JDBC connection, or replace the one with this name',
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete JDBC connection for all users',
				description: 'Remove a JDBC connection',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get JDBC connection',
				description: 'Read one JDBC connection',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many JDBC connections',
				description: 'List the names of the JDBC connections',
			},
		],
		default: 'getAll',
	},
	...createOrUpdate.description,
	...deleteConnection.description,
	...get.description,
	...getAll.description,
];
