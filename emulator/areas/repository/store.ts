/**
 * The repository's state: a tree of folders and files, a trash, access control lists, locale
 * properties and metadata. File contents live on disk (one blob file per version) so that large
 * files stream in and out without being held in memory.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, promises as fsp } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { EmulatorHttpError } from '../../core/errors';
import type { EmulatorApp } from '../../core/app';
import type { EmulatorUser } from '../../core/types';
import type { JsonStyle } from './format';

/** Permission codes (RepositoryFilePermission ordinals). */
export const READ = 0;
export const WRITE = 1;
export const DELETE = 2;
export const ACL_MANAGEMENT = 3;
export const ALL = 4;
export const PERMISSION_NAMES = ['READ', 'WRITE', 'DELETE', 'ACL_MANAGEMENT', 'ALL'];

export const USER = 0;
export const ROLE = 1;

export interface Ace {
	recipient: string;
	recipientType: number;
	permissions: number[];
	modifiable?: boolean;
}

export interface Acl {
	owner: string;
	ownerType: number;
	entriesInheriting: boolean;
	aces: Ace[];
}

export interface TrashInfo {
	deletedDate: number;
	originalParentFolderPath: string;
	deletedBy: string;
}

export interface RepoNode {
	id: string;
	name: string;
	folder: boolean;
	parent?: RepoNode;
	children: Map<string, RepoNode>;
	hidden: boolean;
	notSchedulable: boolean;
	createdDate: number;
	lastModifiedDate: number;
	creatorId: string;
	fileSize: number;
	/** Blob file of the content (files only). */
	blob?: string;
	mimeType: string;
	acl: Acl;
	/** locale → key → value; "default" holds file.title / file.description. */
	locales: Map<string, Record<string, string>>;
	metadata: Record<string, string>;
	/** A folder the tree hides unless system folders are asked for. */
	system?: boolean;
	trash?: TrashInfo;
}


export const DEFAULT_RESERVED = '/\\\t\r\n';

const MIME_BY_EXTENSION: Record<string, string> = {
	ktr: 'application/vnd.pentaho.transformation',
	kjb: 'application/vnd.pentaho.job',
	prpt: 'application/zip',
	xml: 'text/xml',
	txt: 'text/plain',
	csv: 'text/csv',
	json: 'application/json',
	pdf: 'application/pdf',
	html: 'text/html',
	zip: 'application/zip',
	png: 'image/png',
};

export function mimeTypeFor(name: string, given?: string): string {
	const clean = (given ?? '').split(';')[0].trim().toLowerCase();
	if (clean && clean !== 'application/octet-stream' && !clean.startsWith('multipart/')) return clean;
	const extension = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
	return MIME_BY_EXTENSION[extension] ?? 'application/octet-stream';
}

/** `:a:b` (leading colon optional) → `/a/b`; `:` → `/`. */
/**
 * The slash path of a (once URL-decoded) path id, as the real FileUtils.idToPath reads it: a "/"
 * counts as a separator too, ":" separates, and a tab is a ":" inside a name
 * (pentaho-platform:extensions/src/main/java/org/pentaho/platform/web/http/api/resources/utils/FileUtils.java@727e5c86,
 * core/.../util/RepositoryPathEncoder.java `decodeRepositoryPath`; same at 9.3.0.0-422).
 */
export function pathFromId(pathId: string): string {
	const path = pathId.replace(/\//g, ':').replace(/:/g, '/').replace(/\t/g, ':');
	return path.startsWith('/') ? path : `/${path}`;
}

export function segmentsOf(path: string): string[] {
	return path.split('/').filter((s) => s !== '');
}

export function joinPath(parent: string, name: string): string {
	return parent === '/' ? `/${name}` : `${parent}/${name}`;
}

export function parentPathOf(path: string): string {
	const segments = segmentsOf(path);
	segments.pop();
	return '/' + segments.join('/');
}

export interface NodeSummary {
	id: string;
	path: string;
	name: string;
	folder: boolean;
}

/**
 * Typed access to the repository from other areas (worker, scheduler) and tests: the repository area
 * publishes these look-ups when it registers (../repository.ts), and these accessors are the only
 * readers. Tests detach the repository (as a worker server without one) or stub it by deleting or
 * replacing `app.state.repositoryLookup` / `app.state.repositoryIndex`; then the accessors answer
 * undefined and the other areas skip their repository checks.
 */
export type RepositoryLookup = (path: string) => boolean;

export interface RepositoryIndex {
	byPath(path: string): NodeSummary | undefined;
	byId(id: string): NodeSummary | undefined;
}

interface AppState {
	state: Record<string, unknown>;
}

/** Whether a live (not trashed) file is at a path; undefined when no repository is attached. */
export function repositoryLookup(app: AppState): RepositoryLookup | undefined {
	const lookup = app.state.repositoryLookup;
	return typeof lookup === 'function' ? (path) => (lookup as RepositoryLookup)(path) === true : undefined;
}

/** `{ id, path, name, folder }` of a live node by path or id; undefined when no repository is attached. */
export function repositoryIndex(app: AppState): RepositoryIndex | undefined {
	const index = app.state.repositoryIndex as Partial<RepositoryIndex> | undefined;
	return index && typeof index.byPath === 'function' && typeof index.byId === 'function' ? (index as RepositoryIndex) : undefined;
}

/** Publishes the look-ups (the repository area, when it registers). */
export function attachRepository(app: AppState, lookup: RepositoryLookup, index: RepositoryIndex): void {
	app.state.repositoryLookup = lookup;
	app.state.repositoryIndex = index;
}

export class Repository {
	readonly root: RepoNode;
	readonly byId = new Map<string, RepoNode>();
	/** Top-level trashed nodes, most recent last. */
	readonly trash: RepoNode[] = [];
	reserved = DEFAULT_RESERVED;

	constructor(
		readonly blobDir: string,
		private readonly now: () => number,
		private readonly users: EmulatorUser[],
	) {
		this.root = this.newNode('', true, 'admin', undefined);
		this.root.acl = { owner: 'admin', ownerType: USER, entriesInheriting: false, aces: [{ recipient: 'Authenticated', recipientType: ROLE, permissions: [READ] }] };
	}

	private newNode(name: string, folder: boolean, creator: string, parent: RepoNode | undefined): RepoNode {
		const time = this.now();
		const node: RepoNode = {
			id: randomUUID(),
			name,
			folder,
			parent,
			children: new Map(),
			hidden: false,
			notSchedulable: false,
			createdDate: time,
			lastModifiedDate: time,
			creatorId: creator,
			fileSize: 0,
			mimeType: folder ? '' : mimeTypeFor(name),
			acl: { owner: creator, ownerType: USER, entriesInheriting: true, aces: [] },
			locales: new Map(),
			metadata: {},
		};
		this.byId.set(node.id, node);
		return node;
	}

	/* ---------- paths ---------- */

	pathOf(node: RepoNode): string {
		if (node.trash) return joinPath(node.trash.originalParentFolderPath, node.name);
		const names: string[] = [];
		let current: RepoNode | undefined = node;
		while (current && current !== this.root) {
			if (current.trash) return joinPath(current.trash.originalParentFolderPath, [current.name, ...names].join('/'));
			names.unshift(current.name);
			current = current.parent;
		}
		return '/' + names.join('/');
	}

	/** A live node by its slash path. */
	find(path: string): RepoNode | undefined {
		let node: RepoNode | undefined = this.root;
		for (const segment of segmentsOf(path)) {
			node = node.children.get(segment);
			if (!node) return undefined;
		}
		return node;
	}

	isLive(node: RepoNode): boolean {
		let current: RepoNode | undefined = node;
		while (current) {
			if (current === this.root) return true;
			if (current.trash) return false;
			current = current.parent;
		}
		return false;
	}

	summary(node: RepoNode): NodeSummary {
		return { id: node.id, path: this.pathOf(node), name: node.name, folder: node.folder };
	}

	/* ---------- names ---------- */

	illegalName(name: string): boolean {
		if (name === '' || name === '.' || name === '..') return true;
		return [...this.reserved].some((c) => name.includes(c));
	}

	checkName(name: string): void {
		if (this.illegalName(name)) throw new EmulatorHttpError(403, 'containsIllegalCharacters');
	}

	/* ---------- users and permissions ---------- */

	user(name: string): EmulatorUser | undefined {
		return this.users.find((u) => u.name === name);
	}

	rolesOf(user: EmulatorUser): string[] {
		// The user/role area's roles when it keeps them (areas/userrole/store.ts), else the repository's defaults.
		if (user.roles) return ['Authenticated', ...user.roles.filter((role) => role !== 'Authenticated')];
		const roles = ['Authenticated'];
		if (user.admin) roles.push('Administrator');
		else if (user.name === 'suzy') roles.push('Power User');
		else roles.push('Business Analyst');
		return roles;
	}

	knownRoles(): string[] {
		return ['Administrator', 'Authenticated', 'Anonymous', 'Business Analyst', 'Power User', 'Report Author'];
	}

	/** The ACL that applies: the node's own, or its nearest non-inheriting ancestor's entries. */
	effectiveAces(node: RepoNode): Ace[] {
		let current: RepoNode | undefined = node;
		while (current) {
			if (!current.acl.entriesInheriting || !current.parent) return current.acl.aces;
			current = current.parent;
		}
		return [];
	}

	/**
	 * Whether the user holds a permission on a node: administrators always; the node's OWNER always (the access
	 * manager adds an "owner" ACE with jcr:all on the fly: repository/.../acl/PentahoEntryCollector.java
	 * `getAcesIncludingMagicAces` → `addOwnerAce`, owner from the node's own ACL metadata, every version); otherwise
	 * an entry of the effective ACL for the user or one of the user's roles.
	 */
	permitted(user: EmulatorUser, node: RepoNode, permission: number): boolean {
		if (user.admin) return true;
		if (node.acl.owner === user.name) return true;
		const roles = this.rolesOf(user);
		return this.effectiveAces(node).some(
			(ace) =>
				((ace.recipientType === USER && ace.recipient === user.name) || (ace.recipientType === ROLE && roles.includes(ace.recipient))) &&
				(ace.permissions.includes(permission) || ace.permissions.includes(ALL)),
		);
	}

	require(user: EmulatorUser, node: RepoNode, permission: number): void {
		if (!this.permitted(user, node, permission)) {
			throw new EmulatorHttpError(403, `Access denied: user ${user.name} does not have ${PERMISSION_NAMES[permission]} permission on ${this.pathOf(node)}`);
		}
	}

	/**
	 * A live node the user may read, else a 404 with no body: the repository's getFile answers null both for a missing
	 * file and for one the user may not read ("file does not exist or is not readable but we can't tell at this point",
	 * services/FileService.java `doGetFileOrDir`/`doGetFileAsInline`/`doGetFileOrDirAsDownload`@9.3.0.0-422 to @11.0.0.3-310).
	 */
	readable(user: EmulatorUser, path: string): RepoNode {
		const node = this.find(path);
		if (!node || !this.permitted(user, node, READ)) throw EmulatorHttpError.bare(404);
		return node;
	}

	visibleChildren(user: EmulatorUser, folder: RepoNode): RepoNode[] {
		return [...folder.children.values()]
			.filter((child) => this.permitted(user, child, READ))
			.sort((a, b) => (a.folder === b.folder ? a.name.localeCompare(b.name) : a.folder ? -1 : 1));
	}

	/* ---------- folders ---------- */

	/**
	 * Creates a folder and any missing parents. `duplicateIsError` makes an existing final folder a
	 * 409; the nearest existing ancestor must be writable.
	 */
	mkdirs(path: string, user: EmulatorUser, duplicateIsError: boolean, nameOf: (segment: string) => string = (s) => s): RepoNode {
		const segments = segmentsOf(path);
		if (segments.length === 0) throw new EmulatorHttpError(409, 'couldNotCreateFolderDuplicate');
		for (const segment of segments) this.checkName(segment);
		let node = this.root;
		let created = false;
		for (const segment of segments) {
			const existing = node.children.get(segment);
			if (existing) {
				if (!existing.folder) throw new EmulatorHttpError(409, `couldNotCreateFolderDuplicate: ${this.pathOf(existing)} is a file`);
				node = existing;
				continue;
			}
			if (!created) this.require(user, node, WRITE);
			// The real createDir looks a segment up by its text but names a new folder after the text
			// decoded once more (FileService.doCreateDirFor); a clash of the two is a repository error.
			const name = nameOf(segment);
			this.checkName(name);
			if (node.children.has(name)) throw new EmulatorHttpError(500, `An item named ${name} already exists in ${this.pathOf(node)}`);
			const folder = this.newNode(name, true, user.name, node);
			node.children.set(name, folder);
			node.lastModifiedDate = this.now();
			node = folder;
			created = true;
		}
		if (!created && duplicateIsError) throw new EmulatorHttpError(409, 'couldNotCreateFolderDuplicate');
		return node;
	}

	/* ---------- files ---------- */

	private newBlobPath(): string {
		return join(this.blobDir, randomUUID());
	}

	/** Writes (streams) content to a new blob; returns its path and size. */
	async writeBlob(source: Readable | Buffer | string): Promise<{ blob: string; size: number }> {
		const blob = this.newBlobPath();
		if (typeof source === 'string' || Buffer.isBuffer(source)) {
			const data = Buffer.isBuffer(source) ? source : Buffer.from(source, 'utf8');
			await fsp.writeFile(blob, data);
			return { blob, size: data.length };
		}
		let size = 0;
		source.on('data', (chunk: Buffer) => (size += chunk.length));
		try {
			await pipeline(source, createWriteStream(blob));
		} catch (error) {
			await fsp.rm(blob, { force: true });
			throw error;
		}
		return { blob, size };
	}

	async removeBlob(blob: string | undefined): Promise<void> {
		if (blob) await fsp.rm(blob, { force: true });
	}

	/**
	 * Creates or replaces the file at `path` with content streamed from `source`. Missing parent
	 * folders are created. Checks names and permissions before reading the content.
	 */
	async writeFile(
		path: string,
		source: Readable | Buffer | string,
		user: EmulatorUser,
		options: { mimeType?: string; checkPermissions?: boolean } = {},
	): Promise<RepoNode> {
		const segments = segmentsOf(path);
		if (segments.length === 0) throw new EmulatorHttpError(403, 'Cannot write content to the root folder');
		for (const segment of segments) this.checkName(segment);
		const name = segments[segments.length - 1];
		const parentPath = '/' + segments.slice(0, -1).join('/');
		const check = options.checkPermissions !== false;
		const existing = this.find(path);
		if (existing?.folder) throw new EmulatorHttpError(500, `${path} is a folder`);
		if (existing && check) this.require(user, existing, WRITE);
		if (!existing && check) {
			const parent = this.find(parentPath) ?? this.nearestAncestor(parentPath);
			this.require(user, parent, WRITE);
		}
		const { blob, size } = await this.writeBlob(source);
		const parent = this.find(parentPath) ?? this.mkdirs(parentPath, user, false);
		const current = parent.children.get(name);
		if (current && !current.folder) {
			const old = current.blob;
			current.blob = blob;
			current.fileSize = size;
			current.lastModifiedDate = this.now();
			if (options.mimeType) current.mimeType = mimeTypeFor(name, options.mimeType);
			await this.removeBlob(old);
			return current;
		}
		if (current?.folder) {
			await this.removeBlob(blob);
			throw new EmulatorHttpError(500, `${path} is a folder`);
		}
		const node = this.newNode(name, false, user.name, parent);
		node.blob = blob;
		node.fileSize = size;
		node.mimeType = mimeTypeFor(name, options.mimeType);
		parent.children.set(name, node);
		parent.lastModifiedDate = this.now();
		return node;
	}

	nearestAncestor(path: string): RepoNode {
		let node = this.root;
		for (const segment of segmentsOf(path)) {
			const child = node.children.get(segment);
			if (!child || !child.folder) break;
			node = child;
		}
		return node;
	}

	openContent(node: RepoNode, start?: number, end?: number): Readable {
		if (!node.blob) throw new EmulatorHttpError(500, `${this.pathOf(node)} has no content`);
		return createReadStream(node.blob, start === undefined ? undefined : { start, end });
	}

	async readContent(node: RepoNode): Promise<Buffer> {
		if (!node.blob) return Buffer.alloc(0);
		return await fsp.readFile(node.blob);
	}

	rename(node: RepoNode, newName: string, user: EmulatorUser): void {
		this.checkName(newName);
		if (node === this.root) throw new EmulatorHttpError(403, 'Cannot rename the root folder');
		this.require(user, node, WRITE);
		const parent = node.parent!;
		if (newName === node.name) return;
		if (parent.children.has(newName)) throw new EmulatorHttpError(500, `A file named ${newName} already exists in ${this.pathOf(parent)}`);
		parent.children.delete(node.name);
		node.name = newName;
		node.lastModifiedDate = this.now();
		parent.children.set(newName, node);
	}

	/* ---------- trash ---------- */

	moveToTrash(node: RepoNode, user: EmulatorUser): void {
		if (node === this.root || node.parent === this.root) throw new EmulatorHttpError(500, `Cannot delete the system folder ${this.pathOf(node)}`);
		this.require(user, node, DELETE);
		const parent = node.parent!;
		const parentPath = this.pathOf(parent);
		parent.children.delete(node.name);
		node.trash = { deletedDate: this.now(), originalParentFolderPath: parentPath, deletedBy: user.name };
		this.trash.push(node);
	}

	/**
	 * The trash a user sees: their own; an administrator sees every user's trash (repository/.../jcr/DefaultDeleteHelper.java
	 * `getAllDeletedFiles`: isAdmin(), since @d76802a2bb "let admin access all trash", before 9.3; from @81da430b78 (10.2.0.0)
	 * also the system setting adminAccessAllUsersTrash, default true).
	 */
	trashOf(user: EmulatorUser): RepoNode[] {
		return this.trash.filter((node) => user.admin || node.trash?.deletedBy === user.name);
	}

	/** A permission on a trashed node: its own entries, or, when it inherits, those of its owner's trash (the user's home). */
	trashPermitted(user: EmulatorUser, node: RepoNode, permission: number): boolean {
		if (user.admin || node.acl.owner === user.name) return true;
		if (node.acl.entriesInheriting) return node.trash?.deletedBy === user.name;
		return this.permitted(user, node, permission);
	}

	/**
	 * Puts a trashed node back where it was (repository/.../jcr/JcrRepositoryFileDao.java `undeleteFile` +
	 * DefaultDeleteHelper.undeleteFile, same at 9.3.0.0-422 … 11.0.0.3-310): answers 'skipped' when the user may not
	 * WRITE the file (the DAO returns without doing anything); recreates missing folders of the original path (default,
	 * inheriting ACLs; creating needs write on the nearest existing folder: 'denied'); 'exists' when the original folder
	 * already holds that name (RepositoryFileDaoFileExistsException); 'denied' without write on the original folder.
	 */
	restoreFromTrash(node: RepoNode, user: EmulatorUser): 'restored' | 'skipped' | 'exists' | 'denied' {
		const info = node.trash!;
		if (!this.trashPermitted(user, node, WRITE)) return 'skipped';
		let parent = this.find(info.originalParentFolderPath);
		if (!parent) {
			const nearest = this.nearestAncestor(info.originalParentFolderPath);
			if (!this.permitted(user, nearest, WRITE)) return 'denied';
			parent = this.mkdirs(info.originalParentFolderPath, { ...user, admin: true }, false);
		}
		if (parent.children.has(node.name)) return 'exists';
		if (!this.permitted(user, parent, WRITE)) return 'denied';
		this.trash.splice(this.trash.indexOf(node), 1);
		delete node.trash;
		node.parent = parent;
		parent.children.set(node.name, node);
		parent.lastModifiedDate = this.now();
		return 'restored';
	}

	/**
	 * A copy of a node (deep for folders) into a folder under a name (operations/CopyFilesOperation.java@10.2.0.10-434):
	 * content, ACL, hidden flag and metadata are copied; locale properties are not, except that a title other than the
	 * name becomes the copy's default title with `titleSuffix` appended.
	 */
	async copyInto(node: RepoNode, folder: RepoNode, name: string, user: EmulatorUser, titleSuffix = ''): Promise<RepoNode> {
		const copy = this.newNode(name, node.folder, user.name, folder);
		copy.acl = { ...node.acl, aces: node.acl.aces.map((ace) => ({ ...ace, permissions: [...ace.permissions] })) };
		copy.hidden = node.hidden;
		copy.notSchedulable = node.notSchedulable;
		copy.metadata = { ...node.metadata };
		copy.mimeType = node.mimeType;
		const title = this.title(node);
		if (title !== node.name) copy.locales.set('default', { 'file.title': title + titleSuffix });
		if (!node.folder) {
			const { blob, size } = await this.writeBlob(await this.readContent(node));
			copy.blob = blob;
			copy.fileSize = size;
		}
		folder.children.set(name, copy);
		folder.lastModifiedDate = this.now();
		for (const child of node.children.values()) await this.copyInto(child, copy, child.name, user);
		return copy;
	}

	/** Moves a node into a folder under its own name (repository moveFile); the caller checks for clashes. */
	moveInto(node: RepoNode, folder: RepoNode): void {
		if (node.trash) {
			this.trash.splice(this.trash.indexOf(node), 1);
			delete node.trash;
		} else {
			node.parent?.children.delete(node.name);
		}
		node.parent = folder;
		folder.children.set(node.name, node);
		folder.lastModifiedDate = this.now();
	}

	async deletePermanently(node: RepoNode, user: EmulatorUser): Promise<void> {
		if (node === this.root || (!node.trash && node.parent === this.root)) throw new EmulatorHttpError(500, `Cannot delete the system folder ${this.pathOf(node)}`);
		if (node.trash) {
			if (!user.admin && node.trash.deletedBy !== user.name) throw new EmulatorHttpError(500, `Access denied: ${node.id} is not in the trash of ${user.name}`);
			this.trash.splice(this.trash.indexOf(node), 1);
		} else {
			this.require(user, node, DELETE);
			node.parent?.children.delete(node.name);
		}
		await this.forget(node);
	}

	private async forget(node: RepoNode): Promise<void> {
		for (const child of node.children.values()) await this.forget(child);
		this.byId.delete(node.id);
		await this.removeBlob(node.blob);
	}

	/* ---------- walking ---------- */

	*walk(node: RepoNode): Generator<RepoNode> {
		yield node;
		for (const child of [...node.children.values()].sort((a, b) => a.name.localeCompare(b.name))) yield* this.walk(child);
	}

	title(node: RepoNode): string {
		return node.locales.get('default')?.['file.title'] ?? node.name;
	}
}

/** What the repository routes share: the store, the JSON style, LDAP settings and records for tests. */
export interface RepositoryArea {
	app: EmulatorApp;
	repo: Repository;
	jsonStyle: JsonStyle;
	ldap: Record<string, string>;
	/** Properties posted to /api/repos/{context}/{resource}, by "context/resource". */
	resourcePosts: Map<string, Record<string, string>>;
	/** Log files the server was asked to write (backup and restore, 10.2.0.3+). */
	serverLogs: Array<{ operation: string; logFile: string; logLevel: string }>;
}
