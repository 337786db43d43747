/**
 * Reading the repository's documents into output items. The server answers JSON (newer servers:
 * typed; older: every scalar a string, one-element lists as bare objects) or XML when it ignores
 * Accept; these readers take all of them. Dates (epoch-millisecond strings) become ISO 8601.
 */
import type { IDataObject } from 'n8n-workflow';

import { toArray, toBoolean, toNumber, typed } from '../../common/values';

/** The content of a document whose XML root is `root` (JSON has no root element). */
export function unwrap(body: unknown, root: string): IDataObject {
	if (body === null || body === undefined || typeof body !== 'object' || Array.isArray(body)) return {};
	const record = body as IDataObject;
	const keys = Object.keys(record);
	if (keys.length === 1 && keys[0] === root) {
		const inner = record[root];
		// A list under the root's name is JSON that uses that name as its key, not an XML wrapper.
		if (Array.isArray(inner)) return record;
		return inner !== null && typeof inner === 'object' ? (inner as IDataObject) : {};
	}
	return record;
}

function objects(value: unknown): IDataObject[] {
	return toArray(value as IDataObject | IDataObject[]).filter((v): v is IDataObject => v !== null && typeof v === 'object');
}

/** `[{key, value}]` → `{ key: value }`. */
export function keyValueMap(list: unknown): IDataObject {
	const out: IDataObject = {};
	for (const entry of objects(list)) {
		if (entry.key === undefined || entry.key === null) continue;
		out[String(entry.key)] = entry.value === undefined || entry.value === null ? '' : String(entry.value);
	}
	return out;
}

export const PERMISSION_CODES: Record<string, number> = { read: 0, write: 1, delete: 2, aclManagement: 3, all: 4 };
export const PERMISSION_KEYS = ['read', 'write', 'delete', 'aclManagement', 'all'];

/** RepositoryFileSid.Type codes (pentaho-platform:api/.../RepositoryFileSid.java: USER = 0, ROLE = 1; −1 unset). */
export function sidTypeWord(code: unknown): string | undefined {
	const value = toNumber(code as string);
	if (value === 0) return 'user';
	if (value === 1) return 'role';
	return undefined;
}

/** RepositoryFilePermission ordinals (api/.../RepositoryFilePermission.java) as the names Update ACL takes. */
export function permissionWord(code: unknown): string {
	const value = toNumber(code as string);
	const word = PERMISSION_KEYS[value ?? -1];
	return word ?? String(code);
}

/** An ACL with the server's codes: what Update ACL reads before it changes an ACL. */
export interface AclCodes {
	owner: string;
	ownerType: number;
	entriesInheriting: boolean;
	aces: Array<{ recipient: string; recipientType: number; permissions: number[]; modifiable: boolean }>;
}

export function aclCodes(body: unknown): AclCodes {
	const raw = unwrap(body, 'repositoryFileAclDto');
	return {
		owner: raw.owner === undefined || raw.owner === null ? '' : String(raw.owner),
		ownerType: toNumber(raw.ownerType as string) ?? 0,
		entriesInheriting: toBoolean(raw.entriesInheriting as string) ?? true,
		aces: objects(raw.aces).map((ace) => ({
			recipient: String(ace.recipient ?? ''),
			recipientType: toNumber(ace.recipientType as string) ?? 0,
			permissions: toArray(ace.permissions as string | string[])
				.map((p) => toNumber(p))
				.filter((p): p is number => p !== undefined),
			modifiable: toBoolean(ace.modifiable as string) !== false,
		})),
	};
}

/** An entry in words: `{ recipient, recipientType: 'user' | 'role', permissions: ['read', ...], modifiable }`. */
export function aceRecord(raw: IDataObject): IDataObject {
	const ace = typed(raw, { booleans: ['modifiable'] });
	ace.recipientType = sidTypeWord(raw.recipientType) ?? 'unset';
	ace.permissions = toArray(raw.permissions as string | string[]).map(permissionWord);
	return ace;
}

/** The ACL in words: owner types and recipient types as user/role, permissions by name. */
export function aclRecord(body: unknown): IDataObject {
	const raw = unwrap(body, 'repositoryFileAclDto');
	const acl = typed(raw, { booleans: ['entriesInheriting'] });
	if ('ownerType' in raw) acl.ownerType = sidTypeWord(raw.ownerType) ?? 'unset';
	acl.aces = objects(raw.aces).map(aceRecord);
	return acl;
}

const FILE_TYPES = {
	booleans: ['folder', 'hidden', 'versioned', 'locked', 'notSchedulable', 'aclNode', 'versioningEnabled', 'versionCommentEnabled'],
	numbers: ['fileSize'],
	dates: ['createdDate', 'lastModifiedDate', 'deletedDate', 'lockDate'],
};

export function fileRecord(raw: IDataObject): IDataObject {
	const file = typed(raw, FILE_TYPES);
	if ('ownerType' in raw) file.ownerType = sidTypeWord(raw.ownerType) ?? 'unset';
	if ('localePropertiesMapEntries' in raw) {
		file.localePropertiesMapEntries = objects(raw.localePropertiesMapEntries).map((entry) => ({
			locale: entry.locale === undefined ? '' : String(entry.locale),
			properties: keyValueMap(entry.properties),
		}));
	}
	if (raw.repositoryFileAclDto !== undefined && raw.repositoryFileAclDto !== null && typeof raw.repositoryFileAclDto === 'object') {
		file.repositoryFileAclDto = aclRecord(raw.repositoryFileAclDto);
	}
	return file;
}

/** A file list wrapper (`{repositoryFileDto: [...]}`, possibly `{}` or empty) → typed files. */
export function fileList(body: unknown): IDataObject[] {
	return objects(unwrap(body, 'repositoryFileDtoes').repositoryFileDto).map(fileRecord);
}

export function singleFile(body: unknown): IDataObject {
	return fileRecord(unwrap(body, 'repositoryFileDto'));
}

export interface TreeNode {
	file: IDataObject;
	children: TreeNode[];
	hasChildren: boolean;
}

export function treeOf(body: unknown): TreeNode {
	const raw = unwrap(body, 'repositoryFileTreeDto');
	const file = raw.file !== null && typeof raw.file === 'object' ? fileRecord(raw.file as IDataObject) : {};
	return { file, children: objects(raw.children).map(treeOf), hasChildren: raw.children !== undefined };
}

/** The tree as one nested object: the root file's fields with `children` (folders only). */
export function nestedTree(node: TreeNode): IDataObject {
	const out: IDataObject = { ...node.file };
	if (node.hasChildren || node.file.folder === true) out.children = node.children.map(nestedTree);
	return out;
}

/** The tree as a list of files in depth-first order, each with its `depth` (root 0) and `parentPath`. */
export function flatTree(node: TreeNode, depth = 0, parentPath?: string): IDataObject[] {
	const own: IDataObject = { ...node.file, depth };
	if (parentPath !== undefined) own.parentPath = parentPath;
	const path = typeof node.file.path === 'string' ? node.file.path : undefined;
	return [own, ...node.children.flatMap((child) => flatTree(child, depth + 1, path))];
}

/** Locale properties and metadata lists: the XML wrapper, the real JSON key and the spec's key are all read. */
export function keyValues(body: unknown): IDataObject {
	const raw = unwrap(body, 'stringKeyStringValueDtoes');
	return keyValueMap(raw.stringKeyStringValueDto ?? raw.stringKeyStringValueDtoes);
}

export function locales(body: unknown): Array<{ locale: string; properties: IDataObject }> {
	const raw = unwrap(body, 'localePropertiesMapEntries');
	return objects(raw.localeMapDto).map((entry) => ({
		locale: entry.locale === undefined ? '' : String(entry.locale),
		properties: keyValueMap(entry.properties),
	}));
}

/** A `settings` answer (canAccessMap, pathsAccessList) as `{name, value}` string pairs. */
export function settings(body: unknown): Array<{ name: string; value: string }> {
	const raw = unwrap(body, 'settings');
	return objects(raw.setting).map((s) => ({ name: String(s.name ?? ''), value: String(s.value ?? '') }));
}
