/** Fields several data-source operations share. */
export { limitOf, returnAllFields } from '../../common/fields';
import { NodeOperationError, type IDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

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
