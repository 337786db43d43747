import type { INodeProperties } from 'n8n-workflow';

import * as create from './create';
import * as getBlockStatus from './getBlockStatus';
import * as getMany from './getMany';
import * as hasBlockouts from './hasBlockouts';
import * as shouldFireNow from './shouldFireNow';
import * as update from './update';
import * as willFire from './willFire';

export const operations = { create, getBlockStatus, getMany, hasBlockouts, shouldFireNow, update, willFire };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['blockout'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create blockout',
				description: 'Add a recurring time window in which scheduled jobs do not run',
			},
			{
				name: 'Get Block Status',
				value: 'getBlockStatus',
				action: 'Get block status of schedule',
				description: 'Whether blockouts block some or all runs of a schedule',
			},
			{ name: 'Get Many', value: 'getMany', action: 'Get many blockouts', description: 'List the blockouts, one item per blockout' },
			{
				name: 'Has Blockouts',
				value: 'hasBlockouts',
				action: 'Check whether blockouts exist',
				description: 'Whether the server has any blockout',
			},
			{
				name: 'Should Fire Now',
				value: 'shouldFireNow',
				action: 'Check whether jobs may run now',
				description: 'Whether no blockout is in effect right now',
			},
			{ name: 'Update', value: 'update', action: 'Update blockout', description: 'Replace a blockout with a new schedule' },
			{
				name: 'Will Fire',
				value: 'willFire',
				action: 'Check whether schedule will run',
				description: 'Whether a schedule runs at least once outside the blockouts',
			},
		],
		default: 'getMany',
	},
	...create.description,
	...getBlockStatus.description,
	...getMany.description,
	...hasBlockouts.description,
	...shouldFireNow.description,
	...update.description,
	...willFire.description,
];
