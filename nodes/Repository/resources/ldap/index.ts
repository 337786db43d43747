import type { INodeProperties } from 'n8n-workflow';

import * as getSettings from './getSettings';
import * as updateSettings from './updateSettings';

export const operations = { getSettings, updateSettings };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['ldap'] } },
		options: [
			{ name: 'Get Settings', value: 'getSettings', action: 'Get LDAP settings', description: 'Get the LDAP authentication settings' },
			{ name: 'Update Settings', value: 'updateSettings', action: 'Update LDAP settings all users log in with', description: 'Change LDAP authentication settings (administrators only)' },
		],
		default: 'getSettings',
	},
	...getSettings.description,
	...updateSettings.description,
];
