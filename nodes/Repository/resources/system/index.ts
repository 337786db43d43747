import type { INodeProperties } from 'n8n-workflow';

import * as backUp from './backUp';
import * as getReservedCharacters from './getReservedCharacters';
import * as getReservedCharactersForDisplay from './getReservedCharactersForDisplay';
import * as restore from './restore';

export const operations = { backUp, getReservedCharacters, getReservedCharactersForDisplay, restore };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['system'] } },
		options: [
			{ name: 'Back Up', value: 'backUp', action: 'Back up system', description: 'Download a backup of the whole repository as a zip (administrators only)' },
			{ name: 'Get Reserved Characters', value: 'getReservedCharacters', action: 'Get reserved characters', description: 'Get the characters the repository refuses in names' },
			{
				name: 'Get Reserved Characters for Display',
				value: 'getReservedCharactersForDisplay',
				action: 'Get reserved characters for display',
				description: 'Get the reserved characters as a readable, comma-separated list',
			},
			{ name: 'Restore', value: 'restore', action: 'Restore system from backup overwriting repository', description: 'Restore the repository from a backup zip (administrators only)' },
		],
		default: 'getReservedCharacters',
	},
	...backUp.description,
	...restore.description,
];
