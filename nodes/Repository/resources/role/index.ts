import type { INodeProperties } from 'n8n-workflow';

import * as create from './create';
import * as deleteRole from './delete';
import * as getMany from './getMany';
import * as getMembers from './getMembers';

export const operations = { create, delete: deleteRole, getMany, getMembers };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['role'] } },
		options: [
			{ name: 'Create', value: 'create', action: 'Create role', description: 'Create a role. Changes the server.' },
			{ name: 'Delete', value: 'delete', action: 'Delete role', description: 'Delete a role; its members lose it. Changes the server.' },
			{ name: 'Get Many', value: 'getMany', action: 'Get many roles', description: 'List the roles of the server (read-only)' },
			{ name: 'Get Members', value: 'getMembers', action: 'Get members of role', description: 'List the users who hold a role (administrators only; read-only)' },
		],
		default: 'getMany',
	},
	...create.description,
	...deleteRole.description,
	...getMany.description,
	...getMembers.description,
];
