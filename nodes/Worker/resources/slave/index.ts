import type { INodeProperties } from 'n8n-workflow';

import * as list from './list';
import * as register from './register';

export const operations = { list, register };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['slave'] } },
		options: [
			{
				name: 'Get Many',
				value: 'list',
				action: 'Get many slave servers',
				description: 'List the slave servers known to this server, one item per slave',
			},
			{
				name: 'Register',
				value: 'register',
				action: 'Register slave server',
				description: 'Add a slave server to this master, or update it',
			},
		],
		default: 'list',
	},
	...list.description,
	...register.description,
];
