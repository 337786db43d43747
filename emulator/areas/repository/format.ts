/**
 * How the repository answers: file, tree, ACL and key/value documents as XML (the default) or
 * JSON (when asked with Accept: application/json), in the shapes of the real server. Dates are
 * epoch-millisecond strings. With `jsonStyle: 'strings'` JSON is written the way older servers
 * write it: every scalar a string and one-element lists as bare objects.
 */
import { EmulatorHttpError } from '../../core/errors';
import type { RequestContext } from '../../core/types';
import { escapeXml } from '../../core/xml';
import type { Ace, RepoNode, Repository } from './store';

export type JsonStyle = 'typed' | 'strings';

type Value = string | number | boolean | null | undefined | Value[] | { [key: string]: Value };
export type Doc = { [key: string]: Value };

function xmlElement(name: string, value: Value): string {
	if (value === undefined) return '';
	if (Array.isArray(value)) return value.map((v) => xmlElement(name, v)).join('');
	if (value === null) return `<${name}/>`;
	if (typeof value === 'object') {
		const inner = Object.entries(value)
			.map(([k, v]) => xmlElement(k, v))
			.join('');
		return inner === '' ? `<${name}/>` : `<${name}>${inner}</${name}>`;
	}
	return `<${name}>${escapeXml(String(value))}</${name}>`;
}

export function toXml(root: string, doc: Doc): string {
	return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${xmlElement(root, doc)}`;
}

/** JSON the way Jersey 1 "mapped" notation writes it. */
export function legacyJson(value: Value): Value {
	if (value === null || value === undefined) return value;
	if (Array.isArray(value)) {
		const items = value.map(legacyJson);
		return items.length === 1 ? items[0] : items;
	}
	if (typeof value === 'object') {
		const out: Doc = {};
		for (const [k, v] of Object.entries(value)) {
			if (v === undefined) continue;
			if (Array.isArray(v) && v.length === 0) continue;
			out[k] = legacyJson(v);
		}
		return out;
	}
	return String(value);
}

/** Answers a document in the representation the client asked for. */
export function sendDoc(ctx: RequestContext, root: string, doc: Doc, style: JsonStyle, status = 200): void {
	if (ctx.wantsJson()) {
		ctx.sendJson(status, style === 'strings' ? legacyJson(doc) : doc);
	} else {
		ctx.sendXml(status, toXml(root, doc), 'application/xml');
	}
}

/* ---------- filter ---------- */

/**
 * A listing's `filter` as api/.../unified/RepositoryRequest.java `setLegacyFilter` reads it (same at 9.3.0.0-422,
 * 10.2.0.10-434 and 11.0.0.3-310): parts separated by "|"; a part that is exactly FILES, FOLDERS or FILES_FOLDERS sets the
 * type (FILES only counts when the request's depth is 1, otherwise it becomes FILES_FOLDERS; "PLACEHOLDER" is an
 * IllegalArgumentException → 500); "includeMembers=a,b" / "excludeMembers=a,b" pick the DTO members (both at once:
 * RuntimeException → 500); the remaining parts, joined by "|", are the JCR child-node name pattern (none left: no
 * pattern; no filter at all: "*"). Whether the type is applied depends on the listing (children: never; tree: yes).
 */
export interface Filter {
	types: 'FILES' | 'FOLDERS' | 'FILES_FOLDERS';
	/** The JCR name pattern (`childNodeFilter`), or null when the filter held only types/members. */
	pattern: string | null;
	includeMembers?: string[];
	excludeMembers?: string[];
}

export function parseFilter(text: string | null, depth = 0): Filter {
	const working = text === null || text === '' ? '*' : text;
	const filter: Filter = { types: 'FILES_FOLDERS', pattern: null };
	const rest: string[] = [];
	for (const part of working.split('|')) {
		if (/^(PLACEHOLDER|FILES|FOLDERS|FILES_FOLDERS)$/.test(part)) {
			if (part === 'PLACEHOLDER') throw new EmulatorHttpError(500, 'No enum constant RepositoryRequest.FILES_TYPE_FILTER.PLACEHOLDER');
			filter.types = part === 'FILES' && depth !== 1 ? 'FILES_FOLDERS' : (part as Filter['types']);
			continue;
		}
		const members = /^(includeMembers|excludeMembers)=(.+)$/.exec(part);
		if (members) {
			filter[members[1] as 'includeMembers' | 'excludeMembers'] = members[2].split(',');
			continue;
		}
		rest.push(part);
	}
	// Java's String.split drops trailing empty parts.
	while (rest.length && rest[rest.length - 1] === '') rest.pop();
	if (filter.includeMembers?.length && filter.excludeMembers?.length) {
		throw new EmulatorHttpError(500, 'Cannot include and exclude values in the same Legacy Filter');
	}
	filter.pattern = rest.length ? rest.join('|') : null;
	return filter;
}

/**
 * A JCR name pattern (Jackrabbit ChildrenCollectorFilter): alternatives separated by "|", each trimmed, "*" matching any
 * run of characters, case-sensitive; no pattern matches every name.
 */
export function nameMatches(filter: Filter, name: string): boolean {
	if (filter.pattern === null) return true;
	return filter.pattern
		.split('|')
		.map((token) => token.trim())
		.filter((token) => token !== '')
		.some((token) => new RegExp(`^${token.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`, 's').test(name));
}

/** The order of listings: by title (String.compareTo), then by the server locale's collator at PRIMARY strength. */
const COLLATOR = new Intl.Collator('en', { sensitivity: 'base' });

export function byTitle<T>(items: T[], titleOf: (item: T) => string): T[] {
	const codepoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
	return [...items].sort((a, b) => {
		const ta = titleOf(a);
		const tb = titleOf(b);
		return COLLATOR.compare(ta, tb) || codepoint(ta, tb);
	});
}

export function applyMembers(doc: Doc, filter: Filter | undefined): Doc {
	if (!filter) return doc;
	if (filter.includeMembers) {
		return Object.fromEntries(Object.entries(doc).filter(([k]) => filter.includeMembers!.includes(k)));
	}
	if (filter.excludeMembers) {
		return Object.fromEntries(Object.entries(doc).filter(([k]) => !filter.excludeMembers!.includes(k)));
	}
	return doc;
}

/* ---------- documents ---------- */

export function aceDoc(ace: Ace): Doc {
	return {
		recipient: ace.recipient,
		recipientType: ace.recipientType,
		permissions: [...ace.permissions],
		modifiable: ace.modifiable !== false,
		tenantPath: '/pentaho/tenant0',
	};
}

/** The tenant administrator role (`singleTenantAdminAuthorityName`), whose entries the ACL reader leaves out. */
export const ADMIN_ROLE = 'Administrator';

export function isAdminRoleAce(ace: Ace): boolean {
	return ace.recipientType === 1 && ace.recipient === ADMIN_ROLE;
}

/**
 * The ACL as GET answers it (pentaho-platform:extensions/.../services/FileService.java `doGetFileAcl` + `addAdminRole`,
 * repository/.../jcr/JcrRepositoryFileAclDao.java `toAcl`/`getEffectiveAces`, same at 9.3.0.0-422, 10.2.0.10-434 and
 * 11.0.0.3-310): the file's own entries, or the effective ones of the nearest non-inheriting ancestor when it inherits;
 * entries of the Administrator role are never read back (the reader skips that principal), and a display-only
 * Administrator entry (role, ALL, modifiable false) is appended. The owner is always read back as a user
 * ("for now, just assume all owners are users"): ownerType 0.
 */
export function aclDoc(repo: Repository, node: RepoNode): Doc {
	const aces = (node.acl.entriesInheriting ? repo.effectiveAces(node) : node.acl.aces).filter((ace) => !isAdminRoleAce(ace));
	return {
		aces: [...aces.map(aceDoc), { recipient: ADMIN_ROLE, recipientType: 1, permissions: [4], modifiable: false, tenantPath: '/pentaho/tenant0' }],
		entriesInheriting: node.acl.entriesInheriting,
		id: node.id,
		owner: node.acl.owner,
		ownerType: 0,
		tenantPath: '/pentaho/tenant0',
	};
}

export function keyValues(record: Record<string, string>): Doc[] {
	return Object.entries(record).map(([key, value]) => ({ key, value }));
}

export function localeEntries(node: RepoNode): Doc[] {
	return [...node.locales.entries()].map(([locale, properties]) => ({ locale, properties: keyValues(properties) }));
}

export function fileDoc(repo: Repository, node: RepoNode, options: { includeAcls?: boolean; filter?: Filter } = {}): Doc {
	const defaults = node.locales.get('default') ?? {};
	const doc: Doc = {
		createdDate: String(node.createdDate),
		creatorId: node.creatorId,
		deletedDate: node.trash ? String(node.trash.deletedDate) : undefined,
		description: defaults['file.description'],
		fileSize: node.folder ? 0 : node.fileSize,
		folder: node.folder,
		hidden: node.hidden,
		id: node.id,
		lastModifiedDate: String(node.lastModifiedDate),
		localePropertiesMapEntries: node.locales.size ? localeEntries(node) : undefined,
		locked: false,
		name: node.name,
		notSchedulable: node.notSchedulable,
		originalParentFolderPath: node.trash?.originalParentFolderPath,
		owner: node.acl.owner,
		ownerTenantPath: '/pentaho/tenant0',
		ownerType: node.acl.ownerType,
		path: repo.pathOf(node),
		title: repo.title(node),
		versionCommentEnabled: false,
		versioned: false,
		versioningEnabled: false,
		aclNode: false,
		repositoryFileAclDto: options.includeAcls ? aclDoc(repo, node) : undefined,
	};
	for (const key of Object.keys(doc)) if (doc[key] === undefined) delete doc[key];
	return applyMembers(doc, options.filter);
}

/** The file list wrapper; an empty list is `{}` in JSON, as the real server writes it. */
export function fileListDoc(docs: Doc[]): Doc {
	return docs.length ? { repositoryFileDto: docs } : {};
}
