/**
 * What Simplify keeps of the Repository's items (nodes/common/simplify.ts): the fields users chain on
 * first (a file's name and path, then its id, kind, size and dates), at most 10.
 */
import type { IDataObject } from 'n8n-workflow';

import { simplify, type SimplifiedField, type SimplifiedFields } from '../../common/simplify';

/** A repository file or folder: name, path, id, folder, fileSize, lastModifiedDate, createdDate, title, hidden, owner. */
const FILE_FIELDS = ['name', 'path', 'id', 'folder', 'fileSize', 'lastModifiedDate', 'createdDate', 'title', 'hidden', 'owner'] as const;

/** A file with the operation's own fields after its name and path (they take the places of the last file fields). */
function fileWith(...own: SimplifiedField[]): SimplifiedFields {
	return [FILE_FIELDS[0], FILE_FIELDS[1], ...own, ...FILE_FIELDS.slice(2)];
}

/** Get Properties, Get Children, Get Generated Content (for User). */
export const SIMPLE_FILE: SimplifiedFields = FILE_FIELDS;

/** Rename: the file as the server now holds it, with whether it was renamed and from where. */
export const SIMPLE_RENAMED_FILE = fileWith('renamed', 'previousPath');

/** Upload: the stored file, with the type it was sent as. */
export const SIMPLE_UPLOADED_FILE = fileWith('uploaded', 'mimeType');

/** Trash Get Many: a deleted file, with where it was and when it was deleted. */
export const SIMPLE_TRASHED_FILE = fileWith('originalParentFolderPath', 'deletedDate');

/** Get Tree, One Item per Entry: a file with its depth and parent folder. */
export const SIMPLE_TREE_ENTRY = fileWith('depth', 'parentPath');

/** Get Tree, Nested Tree: a folder's children simplified in turn (a file has none and keeps one more field). */
export const SIMPLE_TREE: SimplifiedFields = [
	'name',
	'path',
	'id',
	'folder',
	{ as: 'children', compute: (record: IDataObject) => (Array.isArray(record.children) ? (record.children as IDataObject[]).map((child) => simplify(child, SIMPLE_TREE)) : undefined) },
	...FILE_FIELDS.slice(4),
];

/** Import: whether everything arrived, where, and how many files did what; the per-file list after the counts. */
export const SIMPLE_IMPORT: SimplifiedFields = ['complete', 'folder', 'fileName', 'created', 'replaced', 'kept', 'missing', 'serverErrors', 'serverLog', 'files', 'archive'];

/**
 * LDAP Get Settings: the directory, how users and groups are found, the administrator mapping (the password
 * only when Include Password asks for it: it then takes the place of the last field).
 */
export const SIMPLE_LDAP_SETTINGS: SimplifiedFields = [
	'securityProvider',
	'contextSource.providerUrl',
	'contextSource.userDn',
	'contextSource.password',
	'userSearch.searchBase',
	'userSearch.searchFilter',
	'populator.groupSearchBase',
	'populator.groupSearchFilter',
	'adminUser',
	'adminRole',
	'populator.groupRoleAttribute',
];
