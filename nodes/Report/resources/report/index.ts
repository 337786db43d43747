import type { INodeProperties } from 'n8n-workflow';

import * as getParameters from './getParameters';
import * as render from './render';

export const operations = { getParameters, render };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['report'] } },
		options: [
			{
				name: 'Get Parameters',
				value: 'getParameters',
				action: 'Get parameters of report',
				description:
					"List the parameters of a .prpt report, one item each: name, label, type, default, whether mandatory, list values with labels, multi-select. Call it before 'Render' to know what to pass.",
			},
			{
				name: 'Render',
				value: 'render',
				action: 'Render report to file',
				description:
					'Render a .prpt report with parameter values to PDF, Excel, CSV, HTML, RTF or text, as binary data named after the report; the values are checked against the report first',
			},
		],
		default: 'render',
	},
	...getParameters.description,
	...render.description,
];
