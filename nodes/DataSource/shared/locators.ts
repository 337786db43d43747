/**
 * Resource locators for connections, analysis catalogs and wizard domains: "From List" (searched
 * on the server) or "By Name".
 */
import { NodeOperationError, type IDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

export interface LocatorOptions {
	displayName: string;
	name: string;
	description: string;
	searchListMethod: 'searchConnections' | 'searchCatalogs' | 'searchDomains';
	placeholder: string;
	/** The field's own condition; the operation's comes from updateDisplayOptions. */
	show?: IDisplayOptions['show'];
}

export function locatorField(options: LocatorOptions): INodeProperties {
	return {
		displayName: options.displayName,
		name: options.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: options.description,
		...(options.show ? { displayOptions: { show: options.show } } : {}),
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: `Select a ${options.displayName.toLowerCase()}...`,
				typeOptions: { searchListMethod: options.searchListMethod, searchable: true },
			},
			{
				displayName: 'By Name',
				name: 'name',
				type: 'string',
				placeholder: options.placeholder,
			},
		],
	};
}

/** The chosen name of a resource locator (or of a plain string given by an older workflow); empty is refused. */
export function locatorValue(ctx: IExecuteFunctions, name: string, itemIndex: number, label: string): string {
	const value = ctx.getNodeParameter(name, itemIndex, '', { extractValue: true }) as unknown;
	const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
	if (text === '') {
		throw new NodeOperationError(ctx.getNode(), `${label} is empty: choose one from the list or give its name`, { itemIndex });
	}
	return text;
}
