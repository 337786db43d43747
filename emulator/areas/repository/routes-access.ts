/** Access routes (ACLs, permission checks) and locale properties and metadata. */
import { XMLParser, XMLValidator } from 'fast-xml-parser';

import { EmulatorHttpError } from '../../core/errors';
import type { RequestContext } from '../../core/types';
import { FILES, guarded, ok, pathParam, sendBoolean, userOf } from './request';
import { aclDoc, keyValues, localeEntries, sendDoc, type Doc } from './format';
import { ACL_MANAGEMENT, ALL, READ, ROLE, USER, WRITE, type Ace, type RepoNode, type RepositoryArea } from './store';

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

/** Users who may create content (the emulator's "Create Content" action). */
function canCreateContent(ctx: RequestContext): boolean {
	const user = userOf(ctx);
	return user.admin || user.name !== 'analyst';
}

export function registerAccessRoutes(area: RepositoryArea): void {
	const { app, repo } = area;
	const add = (method: string, path: string, handler: (ctx: RequestContext) => Promise<void> | void) => app.server.add(method, path, guarded(handler));

	const fileAt = (ctx: RequestContext): RepoNode => {
		const path = pathParam(ctx);
		const node = repo.find(path);
		if (!node) throw new EmulatorHttpError(500, `File not found: ${path}`);
		return node;
	};

	add('GET', `${FILES}/canAdminister`, (ctx) => sendBoolean(ctx, userOf(ctx).admin));
	add('GET', `${FILES}/canCreate`, (ctx) => sendBoolean(ctx, canCreateContent(ctx)));
	// GET /canEdit exists from 9.4 on (pentaho-platform:extensions/.../resources/FileResource.java
	// `doGetCanEdit`@9.4.0.0-374, absent @9.3.0.0-422: there it reaches GET {pathId} and answers 404).
	if (app.profile.atLeast('9.4')) add('GET', `${FILES}/canEdit`, (ctx) => sendBoolean(ctx, canCreateContent(ctx)));
	add('GET', `${FILES}/canDownload`, (ctx) => {
		const user = userOf(ctx);
		const dirPath = ctx.query.get('dirPath') ?? '';
		if (!canCreateContent(ctx)) return sendBoolean(ctx, false);
		if (dirPath === '') return sendBoolean(ctx, true);
		const node = repo.find(dirPath.replace(/^:/, '/').replace(/:/g, '/'));
		sendBoolean(ctx, !!node && repo.permitted(user, node, READ));
	});
	add('GET', `${FILES}/canUpload`, (ctx) => {
		const user = userOf(ctx);
		const dirPath = ctx.query.get('dirPath') ?? '';
		if (!canCreateContent(ctx)) return sendBoolean(ctx, false);
		if (dirPath === '') return sendBoolean(ctx, true);
		const path = dirPath.replace(/^:/, '/').replace(/:/g, '/');
		const node = repo.find(path);
		if (!node) return sendBoolean(ctx, ctx.query.get('ignoreUploadDirExistenceChecks') === 'true');
		sendBoolean(ctx, node.folder && repo.permitted(user, node, WRITE));
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

	add('GET', `${FILES}/:pathId/acl`, (ctx) => {
		const user = userOf(ctx);
		const node = fileAt(ctx);
		repo.require(user, node, READ);
		sendDoc(ctx, 'repositoryFileAclDto', aclDoc(repo, node), area.jsonStyle);
	});

	add('PUT', `${FILES}/:pathId/acl`, async (ctx) => {
		const user = userOf(ctx);
		const node = fileAt(ctx);
		const body = await readBodyDoc(ctx, 500);
		const owner = String(body.owner ?? '');
		const ownerType = Number(body.ownerType ?? USER);
		const entriesInheriting = String(body.entriesInheriting ?? 'true') !== 'false';
		const aces: Ace[] = asArray(body.aces as Raw | Raw[]).map((raw) => ({
			recipient: String(raw.recipient ?? ''),
			recipientType: Number(raw.recipientType ?? USER),
			permissions: asArray(raw.permissions as unknown).map((p) => Number(p)),
		}));
		const known = (name: string, type: number) => (type === ROLE ? repo.knownRoles().includes(name) : !!repo.user(name));
		if (owner === '' || !known(owner, ownerType)) throw new EmulatorHttpError(403, `Invalid owner "${owner}"`);
		for (const ace of aces) {
			if (!known(ace.recipient, ace.recipientType)) throw new EmulatorHttpError(403, `Invalid user or role name "${ace.recipient}"`);
			if (ace.permissions.some((p) => !Number.isInteger(p) || p < 0 || p > 4)) throw new EmulatorHttpError(500, `Invalid permissions for ${ace.recipient}`);
		}
		repo.require(user, node, ACL_MANAGEMENT);
		node.acl = {
			owner,
			ownerType,
			entriesInheriting,
			// The fixed Administrator entry that GET adds is not stored.
			aces: aces.filter((ace) => !(ace.recipient === 'Administrator' && ace.recipientType === ROLE && ace.permissions.length === 1 && ace.permissions[0] === ALL)),
		};
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

	add('GET', `${FILES}/:pathId/locales`, (ctx) => {
		const user = userOf(ctx);
		const node = repo.find(pathParam(ctx));
		const entries = node && repo.permitted(user, node, READ) ? localeEntries(node) : [];
		sendDoc(ctx, 'localePropertiesMapEntries', entries.length ? { localeMapDto: entries } : {}, area.jsonStyle);
	});

	add('GET', `${FILES}/:pathId/localeProperties`, (ctx) => {
		const user = userOf(ctx);
		const node = fileAt(ctx);
		repo.require(user, node, READ);
		const properties = node.locales.get(ctx.query.get('locale') || 'default') ?? {};
		const entries = keyValues(properties);
		sendDoc(ctx, 'stringKeyStringValueDtoes', entries.length ? { stringKeyStringValueDto: entries } : {}, area.jsonStyle);
	});

	add('PUT', `${FILES}/:pathId/localeProperties`, async (ctx) => {
		const user = userOf(ctx);
		const node = fileAt(ctx);
		const locale = ctx.query.get('locale') || 'default';
		const properties = keyValueList(await readBodyDoc(ctx, 500));
		repo.require(user, node, WRITE);
		// FileService.doSetLocaleProperties@9.3.0.0-422 and @727e5c86: the locale's properties are REPLACED
		// by the ones sent (setLocalePropertiesForFileByFileId with only those).
		node.locales.set(locale, properties);
		node.lastModifiedDate = app.now();
		ok(ctx);
	});

	add('PUT', `${FILES}/:pathId/deleteLocale`, (ctx) => {
		const user = userOf(ctx);
		const node = fileAt(ctx);
		const locale = ctx.query.get('locale') ?? '';
		if (locale === '') throw new EmulatorHttpError(500, 'The locale parameter is empty');
		repo.require(user, node, WRITE);
		node.locales.delete(locale);
		ok(ctx);
	});

	add('GET', `${FILES}/:pathId/metadata`, (ctx) => {
		const user = userOf(ctx);
		const node = fileAt(ctx);
		repo.require(user, node, READ);
		// FileService.doGetMetadata: the stored keys, _PERM_SCHEDULABLE added when not stored, _PERM_HIDDEN from the file.
		const entries = [
			...keyValues(node.metadata),
			...('_PERM_SCHEDULABLE' in node.metadata ? [] : [{ key: '_PERM_SCHEDULABLE', value: String(!node.notSchedulable) }]),
			{ key: '_PERM_HIDDEN', value: String(node.hidden) },
		];
		sendDoc(ctx, 'stringKeyStringValueDtoes', { stringKeyStringValueDto: entries }, area.jsonStyle);
	});

	add('PUT', `${FILES}/:pathId/metadata`, async (ctx) => {
		const user = userOf(ctx);
		const path = pathParam(ctx);
		const node = repo.find(path);
		if (!node) throw new EmulatorHttpError(400, `Invalid path: ${path}`);
		const type = String(ctx.req.headers['content-type'] ?? '');
		const body = await readBodyDoc(ctx, /xml/i.test(type) ? 415 : 400);
		const values = keyValueList(body);
		repo.require(user, node, WRITE);
		// pentaho-platform:extensions/.../services/FileService.java `doSetMetadata`@9.3.0.0-422 and @727e5c86:
		// the keys sent are merged into the metadata (files only); the hidden flag becomes the value of
		// _PERM_HIDDEN, or FALSE when the list does not hold it (HIDDEN_BY_DEFAULT), so a hidden file
		// sent without that key is shown again; when the flag changes, "not schedulable" becomes the
		// opposite of _PERM_SCHEDULABLE (default true).
		let hidden = false;
		let schedulable = true;
		for (const [key, value] of Object.entries(values)) {
			if (key.toLowerCase() === '_perm_hidden') {
				hidden = value.toLowerCase() === 'true';
				continue;
			}
			if (key.toLowerCase() === '_perm_schedulable') schedulable = value.toLowerCase() === 'true';
			if (!node.folder) node.metadata[key] = value;
		}
		if (node.hidden !== hidden) {
			node.hidden = hidden;
			node.notSchedulable = !schedulable;
		}
		ok(ctx);
	});
}
