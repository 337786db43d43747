/** Fields several nodes share. */
import {
	NodeOperationError,
	type IDisplayOptions,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

/** The Return All / Limit pair of a list operation, shown for `show`. */
export function returnAllFields(show: IDisplayOptions['show']): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
			displayOptions: { show },
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { ...show, returnAll: [false] } },
		},
	];
}

/** How many results to keep: undefined for all, else the limit (a whole number of at least 1). */
export function limitOf(ctx: IExecuteFunctions, itemIndex: number): number | undefined {
	if (ctx.getNodeParameter('returnAll', itemIndex, false) as boolean) return undefined;
	const limit = Number(ctx.getNodeParameter('limit', itemIndex, 50));
	if (!Number.isInteger(limit) || limit < 1) {
		throw new NodeOperationError(ctx.getNode(), 'Limit must be a whole number of at least 1', { itemIndex });
	}
	return limit;
}

export interface PairListOptions {
	show: IDisplayOptions['show'];
	/** Parameter name, e.g. `jobParameters`. */
	name: string;
	displayName: string;
	description: string;
	placeholder: string;
	/** Name of one entry in the collection (the parameter path is `<name>.<entry>`). */
	entry: 'entry' | 'parameter';
	/** Field names of a pair: name/value (default) or key/value. */
	pair?: 'name' | 'key';
}

/** A repeatable list of name/value (or key/value) pairs: job parameters, query parameters, metadata. */
export function pairListField(options: PairListOptions): INodeProperties {
	const first = options.pair === 'key' ? { displayName: 'Key', name: 'key' } : { displayName: 'Name', name: 'name' };
	return {
		displayName: options.displayName,
		name: options.name,
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: options.placeholder,
		default: {},
		description: options.description,
		displayOptions: { show: options.show },
		options: [
			{
				name: options.entry,
				displayName: options.entry === 'entry' ? 'Entry' : 'Parameter',
				values: [
					{ ...first, type: 'string', default: '' },
					{ displayName: 'Value', name: 'value', type: 'string', default: '' },
				],
			},
		],
	};
}

/**
 * The node's Request Options (Settings tab), as n8n adds them to declarative nodes
 * (n8n-core dist/nodes-loader/constants.js `commonDeclarativeNodeOptionParameters`, 2.41.1). n8n
 * adds its own only to nodes without `execute` (directory-loader.js
 * `applyDeclarativeNodeOptionParameters`), and our action nodes have `execute` so that they run as
 * AI tools; so they declare the same collection themselves, with the defaults the package really
 * uses: 300 000 ms timeout, 8 requests at once, no pause between batches.
 */
export function requestOptionsField(): INodeProperties {
	return {
		displayName: 'Request Options',
		name: 'requestOptions',
		type: 'collection',
		isNodeSetting: true,
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Batching',
				name: 'batching',
				placeholder: 'Add Batching',
				type: 'fixedCollection',
				typeOptions: { multipleValues: false },
				default: { batch: {} },
				options: [
					{
						displayName: 'Batching',
						name: 'batch',
						values: [
							{
								displayName: 'Items per Batch',
								name: 'batchSize',
								type: 'number',
								typeOptions: { minValue: 1 },
								default: 8,
								description: 'How many items send their requests at the same time (the first item always runs alone)',
							},
							{
								displayName: 'Batch Interval (Ms)',
								name: 'batchInterval',
								type: 'number',
								typeOptions: { minValue: 0 },
								default: 0,
								description: 'Pause between batches, in milliseconds (0 for none)',
							},
						],
					},
				],
			},
			{
				displayName: 'Ignore SSL Issues (Insecure)',
				name: 'allowUnauthorizedCerts',
				type: 'boolean',
				noDataExpression: true,
				default: false,
				description: 'Whether to connect even if SSL certificate validation is not possible',
			},
			{
				displayName: 'Proxy',
				name: 'proxy',
				type: 'string',
				default: '',
				placeholder: 'e.g. http://myproxy:3128',
				description: 'HTTP proxy to use. If authentication is required it can be defined as follow: http://username:password@myproxy:3128.',
			},
			{
				displayName: 'Timeout',
				name: 'timeout',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 300000,
				description: 'Time in ms to wait for the server to answer each request before giving up (default 300 000, five minutes)',
			},
		],
	};
}
