import type { INodeProperties } from 'n8n-workflow';

import * as getAllArtifacts from './getAllArtifacts';
import * as getForFile from './getForFile';

export const operations = { getAllArtifacts, getForFile };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['lineage'] } },
		options: [
			{
				name: 'Get for All Files',
				value: 'getAllArtifacts',
				action: 'Get lineage for all files',
				description: 'Download the lineage artifacts of every transformation and job, optionally limited to dates',
			},
			{
				name: 'Get for File',
				value: 'getForFile',
				action: 'Get lineage for file',
				description: 'Download the lineage artifacts of one transformation or job in the repository',
			},
		],
		default: 'getAllArtifacts',
	},
	...getAllArtifacts.description,
	...getForFile.description,
];
