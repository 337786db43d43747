/** Fields several operations share: binary fields, Return All / Limit, key/value lists, permissions, listing filters. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { normalizePath } from '../../common/repositoryPath';

import { optionsCollection, optionsOf, pairListField } from '../../common/fields';

export { limitOf, returnAllFields } from '../../common/fields';

import { PERMISSION_CODES } from './documents';

export function keyValueField(name: string, displayName: string, placeholder: string, description: string): INodeProperties {
	return pairListField({ name, displayName, placeholder, description, entry: 'entry', pair: 'key' });
}


export const PERMISSION_OPTIONS = [
	{ name: 'ACL Management', value: 'aclManagement' },
	{ name: 'All', value: 'all' },
	{ name: 'Delete', value: 'delete' },
	{ name: 'Read', value: 'read' },
	{ name: 'Write', value: 'write' },
];

export function permissionsField(defaults: string[], description: string): INodeProperties {
	return {
		displayName: 'Permissions',
		name: 'permissions',
		type: 'multiOptions',
		options: PERMISSION_OPTIONS,
		default: [...defaults],
		required: true,
		description,
	};
}

/** Chosen permission names → their codes, in code order. */
export function readPermissions(ctx: IExecuteFunctions, itemIndex: number): Array<{ name: string; code: number }> {
	const names = ctx.getNodeParameter('permissions', itemIndex, []) as string[];
	const chosen = Object.entries(PERMISSION_CODES).filter(([name]) => names.includes(name));
	const unknown = names.filter((n) => !(n in PERMISSION_CODES));
	if (unknown.length) throw new NodeOperationError(ctx.getNode(), `Unknown permission "${unknown[0]}"`, { itemIndex });
	if (chosen.length === 0) throw new NodeOperationError(ctx.getNode(), 'Choose at least one permission', { itemIndex });
	return chosen.map(([name, code]) => ({ name, code }));
}

const MEMBER_NAMES = [
	'aclNode',
	'createdDate',
	'creatorId',
	'deletedDate',
	'description',
	'fileSize',
	'folder',
	'hidden',
	'id',
	'lastModifiedDate',
	'locale',
	'localePropertiesMapEntries',
	'lockDate',
	'locked',
	'lockMessage',
	'lockOwner',
	'name',
	'notSchedulable',
	'originalParentFolderPath',
	'owner',
	'ownerTenantPath',
	'ownerType',
	'path',
	'repositoryFileAclDto',
	'title',
	'versionCommentEnabled',
	'versioned',
	'versionId',
	'versioningEnabled',
];

const MEMBER_OPTIONS = MEMBER_NAMES.map((value) => ({ name: value, value })).sort((a, b) => a.name.localeCompare(b.name));

/** The listing filter of children and tree: file types, name patterns, and members to include or exclude. */
export function listingFilterField(): INodeProperties {
	return {
		displayName: 'Filter',
		name: 'filter',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Exclude Members',
				name: 'excludeMembers',
				type: 'multiOptions',
				options: MEMBER_OPTIONS,
				default: [],
				description: "Fields to leave out of each file (cannot be combined with 'Include Members')",
			},
			{
				displayName: 'Include Members',
				name: 'includeMembers',
				type: 'multiOptions',
				options: MEMBER_OPTIONS,
				default: [],
				description: "The only fields to return for each file (cannot be combined with 'Exclude Members')",
			},
			{
				displayName: 'Name Patterns',
				name: 'namePatterns',
				type: 'string',
				default: '',
				placeholder: 'e.g. *.ktr, sales*',
				description: 'Names to keep, separated by commas; "*" matches any characters',
			},
			{
				displayName: 'Types',
				name: 'types',
				type: 'options',
				options: [
					{ name: 'Files', value: 'FILES' },
					{ name: 'Files and Folders', value: 'FILES_FOLDERS' },
					{ name: 'Folders', value: 'FOLDERS' },
				],
				default: 'FILES_FOLDERS',
				description: 'Which kinds of entries to list',
			},
		],
	};
}

/**
 * The server's filter string `TYPES|name patterns|includeMembers=a,b` from the filter field, or
 * undefined when nothing narrows the listing. Both member lists at once are refused.
 */
export function readListingFilter(ctx: IExecuteFunctions, itemIndex: number): string | undefined {
	return readListing(ctx, itemIndex).filter;
}

export type ListingTypes = 'FILES' | 'FOLDERS' | 'FILES_FOLDERS';

export interface ListingFilter {
	/** The server's filter string, or undefined when nothing narrows the listing. */
	filter?: string;
	types: ListingTypes;
	/** Whether the user's member lists leave `folder` out, so that it was added only to tell files from folders. */
	folderAdded: boolean;
}

/**
 * The filter for Get Children, which must apply the type part itself: the server's child listing reads
 * only the name patterns and members of the filter, never FILES/FOLDERS (see docs/real-servers/repository.md).
 * So the `folder` member is always asked for when a type is chosen, and `folderAdded` says to drop it again.
 */
export function readChildrenFilter(ctx: IExecuteFunctions, itemIndex: number): ListingFilter {
	return readListing(ctx, itemIndex, true);
}

function readListing(ctx: IExecuteFunctions, itemIndex: number, needFolder = false): ListingFilter {
	const filter = ctx.getNodeParameter('filter', itemIndex, {}) as IDataObject;
	const types = (typeof filter.types === 'string' && filter.types !== '' ? filter.types : 'FILES_FOLDERS') as ListingTypes;
	let include = (filter.includeMembers as string[] | undefined) ?? [];
	let exclude = (filter.excludeMembers as string[] | undefined) ?? [];
	if (include.length && exclude.length) {
		throw new NodeOperationError(ctx.getNode(), "Use either 'Include Members' or 'Exclude Members', not both: the server refuses both at once", { itemIndex });
	}
	let folderAdded = false;
	if (needFolder && types !== 'FILES_FOLDERS') {
		if (include.length && !include.includes('folder')) [include, folderAdded] = [[...include, 'folder'], true];
		if (exclude.includes('folder')) [exclude, folderAdded] = [exclude.filter((m) => m !== 'folder'), true];
	}
	const patterns = String(filter.namePatterns ?? '')
		.split(',')
		.map((p) => p.trim())
		.filter(Boolean);
	for (const pattern of patterns) {
		if (pattern.includes('|')) {
			throw new NodeOperationError(ctx.getNode(), `The name pattern "${pattern}" contains "|", which separates the parts of the filter`, { itemIndex });
		}
	}
	if (types === 'FILES_FOLDERS' && patterns.length === 0 && !include.length && !exclude.length) return { types, folderAdded };
	const parts: string[] = [types];
	if (patterns.length || include.length || exclude.length) parts.push(patterns.length ? patterns.join('|') : '*');
	if (include.length) parts.push(`includeMembers=${include.join(',')}`);
	if (exclude.length) parts.push(`excludeMembers=${exclude.join(',')}`);
	return { filter: parts.join('|'), types, folderAdded };
}

/** The Options of Can Upload / Can Download, holding their optional folder (`options.dirPath`). */
export function dirPathOptions(): INodeProperties {
	return optionsCollection([
		{
			displayName: 'Folder Path',
			name: 'dirPath',
			type: 'string',
			default: '',
			placeholder: 'e.g. /public',
			description: 'Folder to check; leave it out to ask in general',
		},
	]);
}

/** The folder of dirPathOptions, normalised; none when left out or empty. */
export function readDirPath(ctx: IExecuteFunctions, itemIndex: number): { dirPath?: string } {
	const dirPath = String(optionsOf(ctx, itemIndex).dirPath ?? '').trim();
	return dirPath === '' ? {} : { dirPath: normalizePath(dirPath, 'Folder Path') };
}
