/** Fields several nodes share. */
import { NodeOperationError, type IDataObject, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

/**
 * The Return All / Limit pair of a list operation, bare: the operation file wraps its fields with
 * `updateDisplayOptions` (Limit keeps its own `returnAll: [false]`, which the wrapper merges with
 * the operation's).
 */
export function returnAllFields(): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			required: true,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			required: true,
			description: 'Max number of results to return',
			displayOptions: { show: { returnAll: [false] } },
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
 * The entries of a pair list (`pairListField`), trimmed: an entry without a name (or key) is
 * refused, and so is a name given twice unless `allowDuplicates` (query parameters may repeat);
 * `reserved` names are refused with the reason. The one reader for every pair list.
 */
export function readPairs(
	ctx: IExecuteFunctions,
	itemIndex: number,
	options: {
		/** Parameter name, e.g. `jobParameters`. */
		name: string;
		entry: PairListOptions['entry'];
		pair?: PairListOptions['pair'];
		/** How one entry is called in messages, e.g. "job parameter". */
		label: string;
		allowDuplicates?: boolean;
		reserved?: Array<{ name: string; reason: string }>;
	},
): Array<{ name: string; value: string }> {
	const key = options.pair === 'key' ? 'key' : 'name';
	const entries = (ctx.getNodeParameter(`${options.name}.${options.entry}`, itemIndex, []) ?? []) as Array<Record<string, unknown>>;
	const seen = new Set<string>();
	const out: Array<{ name: string; value: string }> = [];
	for (const entry of entries) {
		const name = String(entry[key] ?? '').trim();
		if (name === '') throw new NodeOperationError(ctx.getNode(), `A ${options.label} entry has no ${key}`, { itemIndex });
		const reserved = options.reserved?.find((r) => r.name === name);
		if (reserved) throw new NodeOperationError(ctx.getNode(), `The ${options.label} ${key} "${name}" is reserved: ${reserved.reason}`, { itemIndex });
		if (!options.allowDuplicates && seen.has(name)) {
			throw new NodeOperationError(ctx.getNode(), `The ${options.label} ${key} "${name}" is given twice`, { itemIndex });
		}
		seen.add(name);
		out.push({ name, value: entry.value === undefined || entry.value === null ? '' : String(entry.value) });
	}
	return out;
}

/** "Put Output File in Field": where a downloaded file goes (n8n's usual name and default). */
export function binaryOutputField(hint = 'The name of the output binary field to put the file in'): INodeProperties {
	return { displayName: 'Put Output File in Field', name: 'binaryPropertyName', type: 'string', default: 'data', required: true, hint };
}

/** "Input Binary Field": the input item's binary field that holds the file to send. */
export function binaryInputField(hint = 'The name of the input binary field holding the file'): INodeProperties {
	return { displayName: 'Input Binary Field', name: 'binaryPropertyName', type: 'string', default: 'data', required: true, hint };
}

/** Reads `binaryOutputField` or `binaryInputField`, trimmed; empty is refused before any request. */
export function readBinaryPropertyName(ctx: IExecuteFunctions, itemIndex: number, direction: 'input' | 'output'): string {
	const name = String(ctx.getNodeParameter('binaryPropertyName', itemIndex, 'data') ?? '').trim();
	if (name === '') {
		const field = direction === 'output' ? 'Put Output File in Field' : 'Input Binary Field';
		throw new NodeOperationError(ctx.getNode(), `${field} is empty: give the name of a binary field, for example "data"`, { itemIndex });
	}
	return name;
}

/** The "Include Raw Response" option. */
export const INCLUDE_RAW_OPTION: INodeProperties = {
	displayName: 'Include Raw Response',
	name: 'includeRaw',
	type: 'boolean',
	default: false,
	description: 'Whether to add the document the server answered, as text, in a "raw" field (on the first item of a list)',
};

/** The "Options" collection of an operation (parameter `options`), holding `options`. */
export function optionsCollection(options: INodeProperties[]): INodeProperties {
	return { displayName: 'Options', name: 'options', type: 'collection', placeholder: 'Add Option', default: {}, options };
}

/** The "Filters" collection of a list or a trigger (parameter `filters`): without a filter, everything is listed or watched. */
export function filtersCollection(options: INodeProperties[]): INodeProperties {
	return { displayName: 'Filters', name: 'filters', type: 'collection', placeholder: 'Add Filter', default: {}, options };
}

/** An "Options" collection with Include Raw Response and any `extra` options. */
export function rawResponseOptions(extra: INodeProperties[] = []): INodeProperties {
	return optionsCollection([INCLUDE_RAW_OPTION, ...extra]);
}

/** The "Options" collection's values (empty when the operation has none). */
export function optionsOf(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	return (ctx.getNodeParameter('options', itemIndex, {}) ?? {}) as IDataObject;
}

/** Whether Include Raw Response is on. */
export function readIncludeRaw(ctx: IExecuteFunctions, itemIndex: number): boolean {
	return optionsOf(ctx, itemIndex).includeRaw === true;
}

/**
 * Why every action node declares this: docs/DEVELOPING.md, "Where we differ from n8n's defaults, and why".
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
