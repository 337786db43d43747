/** Options shared by Get Children and Get Tree: hidden files, permissions, system folders. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';


export interface ListingOptions {
	showHidden: boolean;
	includePermissions: boolean;
	includeSystemFolders?: boolean;
}

/** The Options of Get Children / Get Tree; `extra` options (such as Get Tree's Depth) join them, sorted by display name. */
export function listingOptionsField(tree: boolean, extra: INodeProperties[] = []): INodeProperties {
	const options: INodeProperties[] = [
		{
			displayName: 'Include Permissions',
			name: 'includePermissions',
			type: 'boolean',
			default: false,
			description: 'Whether to add each entry\'s access control list (in "repositoryFileAclDto")',
		},
		{
			displayName: 'Show Hidden',
			name: 'showHidden',
			type: 'boolean',
			default: false,
			description: 'Whether to list hidden files and folders too',
		},
	];
	if (tree) {
		options.splice(1, 0, {
			displayName: 'Include System Folders',
			name: 'includeSystemFolders',
			type: 'boolean',
			default: false,
			description: 'Whether to list system folders such as /etc too',
		});
	}
	options.push(...extra);
	options.sort((a, b) => a.displayName.localeCompare(b.displayName, 'en', { sensitivity: 'base' }));
	return { displayName: 'Options', name: 'options', type: 'collection', placeholder: 'Add Option', default: {}, options };
}

export function readListingOptions(ctx: IExecuteFunctions, itemIndex: number): ListingOptions {
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	return {
		showHidden: options.showHidden === true,
		includePermissions: options.includePermissions === true,
		includeSystemFolders: options.includeSystemFolders === true,
	};
}

export function listingQuery(filter: string | undefined, options: ListingOptions): IDataObject {
	return {
		...(filter ? { filter } : {}),
		showHidden: String(options.showHidden),
		includeAcls: String(options.includePermissions),
	};
}
