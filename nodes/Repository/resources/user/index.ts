import type { INodeProperties } from 'n8n-workflow';

import * as addRoles from './addRoles';
import * as changePassword from './changePassword';
import * as create from './create';
import * as deleteUser from './delete';
import * as getMany from './getMany';
import * as getRoles from './getRoles';
import * as removeRoles from './removeRoles';

export const operations = { addRoles, changePassword, create, delete: deleteUser, getMany, getRoles, removeRoles };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['user'] } },
		options: [
			{ name: 'Add Roles', value: 'addRoles', action: 'Add roles to user', description: 'Give a user more roles and answer the roles they now hold. Changes the server.' },
			{ name: 'Change Password', value: 'changePassword', action: 'Change password of user', description: "Set a user's password as an administrator, or with the current password. Changes the server." },
			{ name: 'Create', value: 'create', action: 'Create user', description: 'Create a user with a password (and roles). Changes the server.' },
			{ name: 'Delete', value: 'delete', action: 'Delete user', description: 'Delete a user (never the one the credential logs in as). Changes the server.' },
			{ name: 'Get Many', value: 'getMany', action: 'Get many users', description: 'List the users of the server (read-only)' },
			{ name: 'Get Roles', value: 'getRoles', action: 'Get roles of user', description: 'List the roles a user holds (administrators only; read-only)' },
			{ name: 'Remove Roles', value: 'removeRoles', action: 'Remove roles from user', description: 'Take roles from a user and answer the roles they still hold. Changes the server.' },
		],
		default: 'getMany',
	},
	...addRoles.description,
	...changePassword.description,
	...create.description,
	...deleteUser.description,
	...getMany.description,
	...getRoles.description,
	...removeRoles.description,
];
