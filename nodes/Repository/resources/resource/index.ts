import type { INodeProperties } from 'n8n-workflow';

import * as get from './get';
import * as getDefaultUrl from './getDefaultUrl';
import * as post from './post';

export const operations = { get, getDefaultUrl, post };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['resource'] } },
		options: [
			{ name: 'Get', value: 'get', action: 'Get repository resource', description: 'Get a resource by context and resource ID: JSON becomes items, anything else a file' },
			{ name: 'Get Default URL', value: 'getDefaultUrl', action: 'Get default URL of file', description: 'Get the URL that generates content from a file' },
			{ name: 'Post', value: 'post', action: 'Post properties to repository resource', description: 'Send form properties to a resource' },
		],
		default: 'get',
	},
	...get.description,
	...post.description,
	...getDefaultUrl.description,
];
