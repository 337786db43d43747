/** Fields several data-source operations share. */
import { NodeOperationError, type IDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

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

/** How many names to keep: all, or the limit. */
export function limitOf(ctx: IExecuteFunctions, itemIndex: number): number | undefined {
	const returnAll = ctx.getNodeParameter('returnAll', itemIndex, false) as boolean;
	if (returnAll) return undefined;
	const limit = Number(ctx.getNodeParameter('limit', itemIndex, 50));
	return Number.isFinite(limit) && limit > 0 ? Math.floor(limit) : 50;
}

export function outputBinaryField(show: IDisplayOptions['show']): INodeProperties {
	return {
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: 'The name of the output binary field to put the file in',
		displayOptions: { show },
	};
}

export function binaryFieldName(ctx: IExecuteFunctions, itemIndex: number): string {
	const name = String(ctx.getNodeParameter('binaryPropertyName', itemIndex, 'data') ?? '').trim();
	if (name === '') {
		throw new NodeOperationError(ctx.getNode(), 'The binary field name is empty: give the name of the field to put the file in', { itemIndex });
	}
	return name;
}
