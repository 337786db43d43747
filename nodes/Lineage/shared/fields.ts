/** Fields both lineage operations have: the date range and the output options. */
import type { INodeProperties } from 'n8n-workflow';

export function dateRangeFields(): INodeProperties[] {
	return [
		{
			displayName: 'Date Range',
			name: 'dateRange',
			type: 'options',
			// A selector (which days, and which date fields show): it always has a value (docs/DEVELOPING.md, "Parameter layout").
			required: true,
			options: [
				{ name: 'All Dates', value: 'all', description: 'Every artifact the server has' },
				{ name: 'Between Two Dates', value: 'between', description: 'Artifacts of runs from the start date to the end date, both included' },
				{ name: 'From a Date', value: 'from', description: 'Artifacts of runs on or after the start date' },
			],
			default: 'all',
			description: 'Which days of lineage to download; days are the server’s day folders',
		},
		{
			displayName: 'Start Date',
			name: 'startDate',
			type: 'string',
			default: '',
			placeholder: 'e.g. 2026-01-31',
			required: true,
			description: 'First day to include, as yyyy-MM-dd (an ISO date-time or yyyyMMdd works too; only the day counts: the server keeps lineage in day folders)',
			displayOptions: { show: { dateRange: ['between', 'from'] } },
		},
		{
			displayName: 'End Date',
			name: 'endDate',
			type: 'string',
			default: '',
			placeholder: 'e.g. 2026-01-31',
			required: true,
			description: 'Last day to include, as yyyy-MM-dd (an ISO date-time or yyyyMMdd works too; only the day counts)',
			displayOptions: { show: { dateRange: ['between'] } },
		},
	];
}

export function optionsField(): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Extract',
				name: 'extract',
				type: 'boolean',
				// Adding the option means wanting it: it starts switched on.
				default: true,
				description:
					'Whether to unpack the zip: one item per file, each file as binary data, GraphML graphs parsed into "nodes" and "edges" and execution profiles into "execution"',
			},
			{
				displayName: 'Put Output File in Field',
				name: 'binaryPropertyName',
				type: 'string',
				default: 'data',
				description: "The name of the output binary field for the zip (or, with 'Extract', for each file)",
			},
		],
	};
}
