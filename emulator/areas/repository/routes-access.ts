/** Access routes (ACLs, permission checks) and locale properties and metadata. */
import { XMLParser, XMLValidator } from 'fast-xml-parser';

import { EmulatorHttpError } from '../../core/errors';
import type { EmulatorUser, RequestContext } from '../../core/types';
import { FILES, guarded, mayCreateContent, mayPublish, ok, pathParam, sendBoolean, userOf } from './request';
import { aclDoc, ADMIN_ROLE, isAdminRoleAce, keyValues, sendDoc, type Doc } from './format';
import { ACL_MANAGEMENT, ALL, READ, ROLE, USER, WRITE, type Ace, type RepositoryArea } from './store';

const xmlParser = new XMLParser({
	ignoreAttributes: true,
	parseTagValue: false,
	isArray: (name) => ['aces', 'permissions', 'stringKeyStringValueDto', 'strings', 'attributes'].includes(name),
});

type Raw = Record<string, unknown>;

function asArray<T>(value: T | T[] | undefined | null | ''): T[] {
	if (value === undefined || value === null || value === '') return [];
	return Array.isArray(value) ? value : [value];
}

/** A request body as an object: JSON or XML by content type (XML root element removed). */
export async function readBodyDoc(ctx: RequestContext, badXmlStatus = 500): Promise<Raw> {
	const text = await ctx.text();
	const type = String(ctx.req.headers['content-type'] ?? '').toLowerCase();
	if (text.trim() === '') throw new EmulatorHttpError(400, 'The request body is empty');
	if (type.includes('json') || /^\s*[[{]/.test(text)) {
		try {
			const value = JSON.parse(text) as unknown;
			if (Array.isArray(value)) return { items: value };
			if (value === null || typeof value !== 'object') throw new Error('not an object');
			return value as Raw;
		} catch {
			throw new EmulatorHttpError(400, 'The JSON body is malformed');
		}
	}
	if (XMLValidator.validate(text) !== true) throw new EmulatorHttpError(badXmlStatus, 'The XML body is malformed');
	const doc = xmlParser.parse(text) as Raw;
	const rootName = Object.keys(doc).find((k) => !k.startsWith('?'));
	const root = rootName ? doc[rootName] : undefined;
	return root && typeof root === 'object' ? (root as Raw) : {};
}

function keyValueList(body: Raw): Record<string, string> {
	const list = asArray((body.stringKeyStringValueDto ?? body.stringKeyStringValueDtoes ?? body.items) as Raw | Raw[] | undefined);
	const out: Record<string, string> = {};
	for (const entry of list) {
		if (entry === null || typeof entry !== 'object' || typeof entry.key !== 'string' || entry.key === '') {
			throw new EmulatorHttpError(400, 'Invalid payload: every entry needs a key');
		}
		out[entry.key] = entry.value === undefined || entry.value === null ? '' : String(entry.value);
	}
	return out;
}

function settingsDoc(entries: Array<{ name: string; value: string }>): Doc {
	return entries.length ? { setting: entries } : {};
}

function permissionCodes(text: string | null): number[] {
	const codes = (text ?? '')
		.split('|')
		.map((s) => s.trim())
		.filter(Boolean)
		.map(Number);
	if (codes.length === 0 || codes.some((c) => !Number.isInteger(c) || c < 0 || c > 4)) {
		throw new EmulatorHttpError(500, `Invalid permissions "${text ?? ''}": give codes 0 to 4 separated by "|"`);
	}
	return codes;
}

function canCreateContent(ctx: RequestContext): boolean {
	return mayCreateContent(userOf(ctx));
}

/** Whether the profile's build has a change that shipped in `sp` on the 10.2 service-pack line and in `main` on 11.x. */
function epoch(profile: RepositoryArea['app']['profile'], sp: string, main: string): boolean {
	return profile.atLeast('11') ? profile.atLeast(main) : profile.atLeast(sp);
}

/** SystemUtils.validateAccessToHomeFolder: "contains /home/<user>" before [PPP-5780], equal to or under it from then on. */
function inHomeFolder(profile: RepositoryArea['app']['profile'], user: { name: string }, path: string): boolean {
	if (path === '') return false;
	if (epoch(profile, '10.2.0.6-366', '11.0.0.0-72')) return path === `/home/${user.name}` || path.startsWith(`/home/${user.name}/`);
	return path.includes(`/home/${user.name}`);
}

/**
 * SystemUtils.canDownload(path) in the epochs described at the canDownload route: Read + Create Content; from [PPP-5780]
 * a non-empty path must be readable; then an administrator, a download role (pentaho.xml default: Administrator) or a
 * path in the user's home folder.
 */
export function downloadAllowed(area: RepositoryArea, user: EmulatorUser, path: string): boolean {
	const { repo, app } = area;
	if (!mayCreateContent(user)) return false;
	if (epoch(app.profile, '10.2.0.6-366', '11.0.0.0-72') && path !== '') {
		const node = repo.find(path);
		if (!node || !repo.permitted(user, node, READ)) return false;
	}
	return user.admin || repo.rolesOf(user).includes('Administrator') || inHomeFolder(app.profile, user, path);
}

export function registerAccessRoutes(area: RepositoryArea): void {
	const { app, repo } = area;
	const add = (method: string, path: string, handler: (ctx: RequestContext) => Promise<void> | void) => app.server.add(method, path, guarded(handler));

	add('GET', `${FILES}/canAdminister`, (ctx) => sendBoolean(ctx, userOf(ctx).admin));
	add('GET', `${FILES}/canCreate`, (ctx) => sendBoolean(ctx, canCreateContent(ctx)));
	// GET /canEdit exists from 9.4 on (pentaho-platform:extensions/.../resources/FileResource.java
	// `doGetCanEdit`@9.4.0.0-374, absent @9.3.0.0-422: there it reaches GET {pathId} and answers 404).
	if (app.profile.atLeast('9.4')) add('GET', `${FILES}/canEdit`, (ctx) => sendBoolean(ctx, canCreateContent(ctx)));
	// canDownload / canUpload (FileResource → resources/utils/SystemUtils.java). `dirPath` is a SLASH path (the repository
	// looks it up as given: a colon path id is not found). Three epochs:
	// - up to 10.2.0.6-362 / 11.0.0.0-71 (so 9.3 and 10.2 GA): only actions and the home folder. Download: Read + Create
	//   Content and (Administer Security or one of the download roles, pentaho.xml <download-roles> default
	//   "Administrator"), else true only for a dirPath inside the user's home (validateAccessToHomeFolder: the full path
	//   merely CONTAINS /home/<user>). Upload: the same with Publish Content instead of the download roles.
	// - from 10.2.0.6-366 / 11.0.0.0-72 ([PPP-5780] @e28a3bc075 / @2575d6e476): Read + Create Content first; a non-empty
	//   path must be readable (download) / writable and a folder (upload); then admin, download role / Publish, or a path
	//   equal to or under /home/<user>.
	// - from 10.2.0.7-380 / 11.0.0.0-164 ([BACKLOG-46586] @0921117bef / @b7436229d8): canUpload also takes
	//   ignoreUploadDirExistenceChecks=true, which skips the folder and write checks.
	const aclChecks = epoch(app.profile, '10.2.0.6-366', '11.0.0.0-72');
	const ignoreParam = epoch(app.profile, '10.2.0.7-380', '11.0.0.0-164');
	const inHome = (user: { name: string }, path: string) => inHomeFolder(app.profile, user, path);
	add('GET', `${FILES}/canDownload`, (ctx) => sendBoolean(ctx, downloadAllowed(area, userOf(ctx), ctx.query.get('dirPath') ?? '')));
	add('GET', `${FILES}/canUpload`, (ctx) => {
		const user = userOf(ctx);
		const dirPath = ctx.query.get('dirPath') ?? '';
		if (!canCreateContent(ctx)) return sendBoolean(ctx, false);
		const ignore = ignoreParam && ctx.query.get('ignoreUploadDirExistenceChecks')?.toLowerCase() === 'true';
		if (aclChecks && !ignore && dirPath !== '') {
			const node = repo.find(dirPath);
			if (!node || !node.folder || !repo.permitted(user, node, WRITE)) return sendBoolean(ctx, false);
		}
		sendBoolean(ctx, mayPublish(repo, user) || inHome(user, dirPath));
	});

	add('POST', `${FILES}/pathsAccessList`, async (ctx) => {
		const user = userOf(ctx);
		const body = await readBodyDoc(ctx);
		const paths = asArray((body.strings ?? body.items) as string | string[]).map(String);
		const settings: Array<{ name: string; value: string }> = [];
		for (const path of paths) {
			const node = repo.find(path);
			if (!node) continue;
			for (const code of [READ, WRITE, 2, ACL_MANAGEMENT, ALL]) {
				if (repo.permitted(user, node, code)) settings.push({ name: path, value: String(code) });
			}
		}
		sendDoc(ctx, 'settings', settingsDoc(settings), 'typed');
	});

	// GET {pathId}/acl: FileService.doGetFileAcl (9.3.0.0-422 to 11.0.0.3-310) reads the file with getFile, which is
	// null for a missing OR unreadable file, then calls getId() on it: NullPointerException, 500 for both.
	add('GET', `${FILES}/:pathId/acl`, (ctx) => {
		const user = userOf(ctx);
		const node = repo.find(pathParam(ctx));
		if (!node || !repo.permitted(user, node, READ)) throw EmulatorHttpError.bare(500);
		sendDoc(ctx, 'repositoryFileAclDto', aclDoc(repo, node), area.jsonStyle);
	});

	// PUT {pathId}/acl (pentaho-platform:extensions/.../resources/FileResource.java `setFileAcls`, services/FileService.java
	// `setFileAcls`, repository/.../jcr/JcrRepositoryFileAclDao.java `internalUpdateAcl`):
	// - 9.3.0.0-422: one method @Consumes XML and JSON, the body unmarshalled by Jersey (malformed: 400). From 10.2.0.0-30
	//   (@f214afa977, XXE fix) XML goes to a second method that parses it itself: malformed XML is caught, 500. Any other
	//   content type: 415.
	// - validateUsersAndRoles: a blank owner, or an owner or recipient that is blank or holds one of # , + " \ < > is 403
	//   (empty body); the owner "pentahoRepoAdmin" skips the recipient check. Users and roles are NOT looked up (SAML):
	//   unknown ones are stored (the JCR principal provider skips user verification by default).
	// - a missing or unreadable file (getFile null → FileNotFoundException), a missing/out-of-range ownerType (the owner
	//   becomes null → NullPointerException, or an index error), a recipientType or permission code out of range, an empty
	//   permission list, or no ACL-management right on the file: all caught by the resource → 500, empty body.
	// - entries sent with modifiable=false are dropped (the display-only Administrator entry).
	// - stored: owner and entriesInheriting; when inheriting, NO entries (all are cleared, none added: "force user to start
	//   with clean slate"); when not inheriting, the entries sent, plus an Administrator-role ALL entry if none of them is
	//   for that role. GET never shows Administrator-role entries (format.ts aclDoc), so an ACL sent with no entries and
	//   entriesInheriting=false leaves only that hidden entry; GET then shows just the display-only Administrator entry.
	// - 11.x (Jersey 3 + Jackson): RepositoryFileAclDto has a one-argument setAces(List) that sets entriesInheriting=false,
	//   and Jackson calls it for "aces"; so in JSON an "aces" key turns inheriting off unless "entriesInheriting" comes
	//   after it (JSON fields are applied in document order).
	add('PUT', `${FILES}/:pathId/acl`, async (ctx) => {
		const user = userOf(ctx);
		const path = pathParam(ctx);
		const type = String(ctx.req.headers['content-type'] ?? '').toLowerCase();
		const isJson = /[/+]json/.test(type);
		const isXml = /[/+]xml/.test(type);
		if (!isJson && !isXml) throw EmulatorHttpError.bare(415);
		const text = await ctx.text();
		let body: Raw;
		if (isJson) {
			try {
				body = JSON.parse(text) as Raw;
			} catch {
				throw EmulatorHttpError.bare(400);
			}
			if (body === null || typeof body !== 'object' || Array.isArray(body)) throw EmulatorHttpError.bare(400);
		} else {
			if (text.trim() === '' || XMLValidator.validate(text) !== true) throw EmulatorHttpError.bare(app.profile.before('10.2') ? 400 : 500);
			const doc = xmlParser.parse(text) as Raw;
			const rootName = Object.keys(doc).find((k) => !k.startsWith('?'));
			const root = rootName ? doc[rootName] : undefined;
			body = root && typeof root === 'object' ? (root as Raw) : {};
		}
		const owner = body.owner === undefined || body.owner === null ? '' : String(body.owner);
		let entriesInheriting = body.entriesInheriting === undefined ? true : String(body.entriesInheriting) === 'true';
		if (isJson && app.profile.jsonStyle === 'jackson' && 'aces' in body) {
			const keys = Object.keys(body);
			if (!keys.includes('entriesInheriting') || keys.indexOf('entriesInheriting') < keys.indexOf('aces')) entriesInheriting = false;
		}
		const sent = asArray(body.aces as Raw | Raw[]).map((raw) => ({
			recipient: raw.recipient === undefined || raw.recipient === null ? '' : String(raw.recipient),
			recipientType: raw.recipientType === undefined ? -1 : Number(raw.recipientType),
			permissions: asArray(raw.permissions as unknown).map((p) => Number(p)),
			modifiable: raw.modifiable === undefined ? true : String(raw.modifiable) === 'true',
		}));
		const invalid = (name: string) => name.trim() === '' || /[#,+"\\<>]/.test(name);
		if (owner.trim() === '') throw EmulatorHttpError.bare(403);
		if (owner !== 'pentahoRepoAdmin' && (invalid(owner) || sent.some((ace) => invalid(ace.recipient)))) throw EmulatorHttpError.bare(403);
		const node = repo.find(path);
		if (!node || !repo.permitted(user, node, READ)) throw EmulatorHttpError.bare(500);
		const kept = sent.filter((ace) => ace.modifiable);
		const ownerType = body.ownerType === undefined ? -1 : Number(body.ownerType);
		if (ownerType !== USER && ownerType !== ROLE) throw EmulatorHttpError.bare(500);
		for (const ace of kept) {
			if (ace.recipientType !== USER && ace.recipientType !== ROLE) throw EmulatorHttpError.bare(500);
			if (ace.permissions.length === 0 || ace.permissions.some((p) => !Number.isInteger(p) || p < 0 || p > 4)) throw EmulatorHttpError.bare(500);
		}
		if (!repo.permitted(user, node, ACL_MANAGEMENT)) throw EmulatorHttpError.bare(500);
		const aces: Ace[] = entriesInheriting ? [] : kept.map((ace) => ({ recipient: ace.recipient, recipientType: ace.recipientType, permissions: [...new Set(ace.permissions)].sort() }));
		if (!entriesInheriting && !aces.some(isAdminRoleAce)) aces.push({ recipient: ADMIN_ROLE, recipientType: ROLE, permissions: [ALL] });
		node.acl = { owner, ownerType: USER, entriesInheriting, aces };
		ok(ctx);
	});

	add('GET', `${FILES}/:pathId/canAccess`, (ctx) => {
		const user = userOf(ctx);
		const codes = permissionCodes(ctx.query.get('permissions'));
		const node = repo.find(pathParam(ctx));
		sendBoolean(ctx, !!node && codes.every((code) => repo.permitted(user, node, code)));
	});

	add('GET', `${FILES}/:pathId/canAccessMap`, (ctx) => {
		const user = userOf(ctx);
		const codes = permissionCodes(ctx.query.get('permissions'));
		const node = repo.find(pathParam(ctx));
		sendDoc(ctx, 'settings', settingsDoc(codes.map((code) => ({ name: String(code), value: String(!!node && repo.permitted(user, node, code)) }))), 'typed');
	});

	// GET {pathId}/locales (FileResource/FileService `doGetFileLocales`, 9.3.0.0-422 to 11.0.0.3-310): the NAMES of the
	// file's locales only — each entry is `new LocaleMapDto(locale.toString(), null)`, so there is no properties member
	// (`…/localeProperties?locale=` gives those). A missing or unreadable file is a FileNotFoundException the resource
	// logs: an empty list, 200. Jersey 1 (9.x, 10.x) writes the List<LocaleMapDto> as <localeMapDtoes><localeMapDto>
	// <locale>…</locale></localeMapDto>…; 11.x (@e355e4fae2, 11.0.0.0-42) returns LocaleMapDtoWrapper, root element
	// <localePropertiesMapEntries> with the same <localeMapDto> items. JSON: {"localeMapDto": …} in both.
	add('GET', `${FILES}/:pathId/locales`, (ctx) => {
		const user = userOf(ctx);
		const node = repo.find(pathParam(ctx));
		const entries = node && repo.permitted(user, node, READ) ? [...node.locales.keys()].map((locale) => ({ locale })) : [];
		const root = app.profile.jsonStyle === 'jackson' ? 'localePropertiesMapEntries' : 'localeMapDtoes';
		sendDoc(ctx, root, entries.length ? { localeMapDto: entries } : {}, area.jsonStyle);
	});

	// GET {pathId}/localeProperties (FileService `doGetLocaleProperties`): a missing or unreadable file (getFile null) is an
	// empty list, 200.
	add('GET', `${FILES}/:pathId/localeProperties`, (ctx) => {
		const user = userOf(ctx);
		const node = repo.find(pathParam(ctx));
		const readable = node && repo.permitted(user, node, READ);
		const properties = readable ? (node.locales.get(ctx.query.get('locale') || 'default') ?? {}) : {};
		const entries = keyValues(properties);
		sendDoc(ctx, 'stringKeyStringValueDtoes', entries.length ? { stringKeyStringValueDto: entries } : {}, area.jsonStyle);
	});

	// PUT {pathId}/localeProperties (FileService `doSetLocaleProperties`, 9.3.0.0-422 to 11.0.0.3-310): the locale's
	// properties are REPLACED by the ones sent; a missing/unreadable file (getFile null → NullPointerException), an entry
	// without key or value (java.util.Properties refuses null) or no write right (JCR access denied) are caught by the
	// resource: 500 with the exception's message as the body.
	add('PUT', `${FILES}/:pathId/localeProperties`, async (ctx) => {
		const user = userOf(ctx);
		const node = repo.find(pathParam(ctx));
		const locale = ctx.query.get('locale') || 'default';
		const list = asArray(((b: Raw) => b.stringKeyStringValueDto ?? b.stringKeyStringValueDtoes ?? b.items)(await readBodyDoc(ctx, 400)) as Raw | Raw[] | undefined);
		if (!node || !repo.permitted(user, node, READ)) throw EmulatorHttpError.bare(500);
		const properties: Record<string, string> = {};
		for (const entry of list) {
			if (entry === null || typeof entry !== 'object' || entry.key === undefined || entry.key === null || entry.value === undefined || entry.value === null) {
				throw EmulatorHttpError.bare(500);
			}
			properties[String(entry.key)] = String(entry.value);
		}
		if (!repo.permitted(user, node, WRITE)) throw new EmulatorHttpError(500, `Access denied: ${repo.pathOf(node)}`);
		node.locales.set(locale, properties);
		node.lastModifiedDate = app.now();
		ok(ctx);
	});

	// PUT {pathId}/deleteLocale (FileService `doDeleteLocale`): a missing or unreadable file is skipped (200); no locale
	// (null) or no write right fail in the repository → 500 with the message.
	add('PUT', `${FILES}/:pathId/deleteLocale`, (ctx) => {
		const user = userOf(ctx);
		const node = repo.find(pathParam(ctx));
		if (!node || !repo.permitted(user, node, READ)) return ok(ctx);
		const locale = ctx.query.get('locale') ?? '';
		if (locale === '') throw new EmulatorHttpError(500, 'The locale parameter is empty');
		if (!repo.permitted(user, node, WRITE)) throw new EmulatorHttpError(500, `Access denied: ${repo.pathOf(node)}`);
		node.locales.delete(locale);
		ok(ctx);
	});

	// GET {pathId}/metadata (FileResource/FileService `doGetMetadata`, 9.3.0.0-422 to 11.0.0.3-310): a missing or unreadable
	// file answers null → 204; otherwise the stored keys, "_PERM_SCHEDULABLE" = "true" (a constant) when not stored, and
	// "_PERM_HIDDEN" from the file.
	add('GET', `${FILES}/:pathId/metadata`, (ctx) => {
		const user = userOf(ctx);
		const node = repo.find(pathParam(ctx));
		if (!node || !repo.permitted(user, node, READ)) {
			ctx.send(204);
			return;
		}
		const entries = [
			...keyValues(node.metadata),
			...('_PERM_SCHEDULABLE' in node.metadata ? [] : [{ key: '_PERM_SCHEDULABLE', value: 'true' }]),
			{ key: '_PERM_HIDDEN', value: String(node.hidden) },
		];
		sendDoc(ctx, 'stringKeyStringValueDtoes', { stringKeyStringValueDto: entries }, area.jsonStyle);
	});

	// PUT {pathId}/metadata. Which bodies: 9.3.0.0 (GA) has no @Consumes (JSON or XML); @Consumes(JSON) only from the 9.3.0.7
	// service pack and in 10.1/10.2 GA and 11.0 GA (XML → 415); a second, XML method from [BISERVER-15545] on the 10.2 line at
	// 10.2.0.9-405 (@fd215ae172) and on 11.0 at 11.0.0.2-289 (@4f06a73052): an unparseable XML body → 415 "Invalid or
	// unparseable XML payload.", no list → 400 "Invalid payload.". A missing file → NullPointerException → 500.
	// FileService.doSetMetadata: only the file's owner, an administrator (Read + Create + Administer Security) or a USER entry
	// naming the caller with ACL management or All (own entries, or the effective ones when inheriting) may change it; anyone
	// else → GeneralSecurityException → 401. The keys sent are merged into the metadata (files only); the hidden flag becomes
	// BooleanUtils.toBoolean(_PERM_HIDDEN) ("true", "on", "yes"), or FALSE when the list does not hold it (HIDDEN_BY_DEFAULT),
	// so a hidden file sent without that key is shown again; when the flag changes, "not schedulable" becomes the opposite
	// of _PERM_SCHEDULABLE (default true).
	const { profile } = app;
	const metadataXml = profile.before('9.3.0.7') || (profile.atLeast('11') ? profile.atLeast('11.0.0.2-289') : profile.atLeast('10.2.0.9-405'));
	add('PUT', `${FILES}/:pathId/metadata`, async (ctx) => {
		const user = userOf(ctx);
		const type = String(ctx.req.headers['content-type'] ?? '').toLowerCase();
		const isXml = /[/+]xml/.test(type);
		if (isXml && !metadataXml) throw EmulatorHttpError.bare(415);
		const body = await readBodyDoc(ctx, isXml ? 415 : 400);
		const values = keyValueList(body);
		const node = repo.find(pathParam(ctx));
		if (!node || !repo.permitted(user, node, READ)) throw EmulatorHttpError.bare(500);
		const aces = node.acl.entriesInheriting ? repo.effectiveAces(node) : node.acl.aces;
		const canManage =
			user.admin ||
			node.acl.owner === user.name ||
			aces.some((ace) => ace.recipient === user.name && (ace.permissions.includes(ACL_MANAGEMENT) || ace.permissions.includes(ALL)));
		if (!canManage) throw EmulatorHttpError.bare(401);
		const toBoolean = (value: string) => ['true', 'on', 'yes'].includes(value.toLowerCase());
		let hidden = false;
		let schedulable = true;
		for (const [key, value] of Object.entries(values)) {
			if (key.toLowerCase() === '_perm_hidden') {
				hidden = toBoolean(value);
				continue;
			}
			if (key.toLowerCase() === '_perm_schedulable') schedulable = toBoolean(value);
			if (!node.folder) node.metadata[key] = value;
		}
		if (node.hidden !== hidden) {
			node.hidden = hidden;
			node.notSchedulable = !schedulable;
		}
		ok(ctx);
	});
}
