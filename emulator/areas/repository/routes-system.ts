/**
 * System routes (backup, restore, reserved characters), folder routes under /api/repo/dirs,
 * repository resources under /api/repos, LDAP settings and the user-console session checks.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream, promises as fsp } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

import busboy from 'busboy';

import { EmulatorHttpError } from '../../core/errors';
import type { RequestContext } from '../../core/types';
import { escapeXml } from '../../core/xml';
import { FILES, guarded, loggedBackup, ok, pathParam, sendBoolean, userOf } from './request';
import { manifestXml, parseManifest, type ManifestEntity } from './manifest';
import { createDirPath, zipEntriesOf } from './routes-files';
import { javaUrlEncode, lenientDecode } from './javaDecode';
import { READ, segmentsOf, type RepoNode, type RepositoryArea } from './store';
import { listZip, openZipEntry, readZipEntry, writeZip, ZipReadError } from './zip';

export const LDAP_KEYS = [
	'allAuthoritiesSearch.searchBase',
	'allAuthoritiesSearch.roleAttribute',
	'allAuthoritiesSearch.searchFilter',
	'allUsernamesSearch.searchBase',
	'allUsernamesSearch.usernameAttribute',
	'allUsernamesSearch.searchFilter',
	'userSearch.searchBase',
	'userSearch.searchFilter',
	'securityProvider',
	'populator.groupRoleAttribute',
	'populator.groupSearchBase',
	'populator.groupSearchFilter',
	'populator.searchSubtree',
	'populator.convertToUpperCase',
	'populator.rolePrefix',
	'contextSource.providerUrl',
	'contextSource.userDn',
	'contextSource.password',
	'adminUser',
	'adminRole',
];

export const DEFAULT_LDAP: Record<string, string> = {
	'allAuthoritiesSearch.searchBase': 'ou=roles',
	'allAuthoritiesSearch.roleAttribute': 'cn',
	'allAuthoritiesSearch.searchFilter': '(objectClass=groupOfNames)',
	'allUsernamesSearch.searchBase': 'ou=users',
	'allUsernamesSearch.usernameAttribute': 'uid',
	'allUsernamesSearch.searchFilter': '(objectClass=person)',
	'userSearch.searchBase': 'ou=users',
	'userSearch.searchFilter': '(uid={0})',
	securityProvider: 'jackrabbit',
	'populator.groupRoleAttribute': 'cn',
	'populator.groupSearchBase': 'ou=roles',
	'populator.groupSearchFilter': '(roleOccupant={0})',
	'populator.searchSubtree': 'false',
	'populator.convertToUpperCase': 'false',
	'populator.rolePrefix': '',
	'contextSource.providerUrl': 'ldap://localhost:10389/ou=system',
	'contextSource.userDn': 'uid=admin,ou=system',
	'contextSource.password': 'secret',
	adminUser: 'uid=admin,ou=users',
	adminRole: 'cn=Administrator,ou=roles',
};

const CONTROL_NAMES: Record<string, string> = { '\u0007': '\\u0007', '\b': '\\b', '\t': '\\t', '\n': '\\n', '\u000b': '\\u000B', '\f': '\\f', '\r': '\\r' };

/** A tiny 1×1 PNG for the emulator plugin's static resource. */
const LOGO_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const GENERATORS: Record<string, string> = { prpt: 'viewer', xanalyzer: 'viewer', ktr: 'run', kjb: 'run' };

/**
 * The extension the importer looks the bundle's MIME type up by (NameBaseMimeResolver.extractExtension@10.2.0.10-434):
 * the text after the last ".", or the whole name when there is none; compared case-sensitively.
 */
function importExtension(name: string | undefined): string | undefined {
	if (name === undefined) return undefined;
	const dot = name.lastIndexOf('.');
	return dot === -1 ? name : name.slice(dot + 1);
}

interface RestoreOptions {
	overwriteFile: boolean;
	applyAclSettings: boolean;
	overwriteAclSettings: boolean;
}

/** Reads a backup zip (saved on disk) into the repository with the spec's overwrite semantics. */
async function restoreZip(area: RepositoryArea, file: string, options: RestoreOptions, user: NonNullable<RequestContext['user']>): Promise<void> {
	const { repo } = area;
	let entries;
	try {
		entries = await listZip(file);
	} catch (error) {
		// SolutionImportHandler reads the upload with a ZipInputStream: data that is not a zip yields no entries.
		if (error instanceof ZipReadError) return;
		throw error;
	}
	const manifestEntry = entries.find((e) => e.name === 'exportManifest.xml');
	let entities: ManifestEntity[];
	if (manifestEntry) {
		entities = parseManifest((await readZipEntry(file, manifestEntry)).toString('utf8'));
	} else {
		entities = entries
			.filter((e) => e.name !== 'exportManifest.xml')
			.map((e) => ({
				path: '/' + e.name.replace(/\/$/, ''),
				file: e.name.endsWith('/') ? undefined : e.name,
				folder: e.name.endsWith('/'),
				hidden: false,
				owner: user.name,
				ownerType: 0,
				entriesInheriting: true,
				aces: [],
				locales: {},
				metadata: {},
			}));
	}
	const byName = new Map(entries.map((e) => [e.name, e]));
	const system = { ...user, admin: true };
	for (const entity of entities) {
		if (segmentsOf(entity.path).length === 0) continue;
		const existing = repo.find(entity.path);
		if (existing && !options.overwriteFile) continue;
		let node: RepoNode;
		if (entity.folder) {
			node = existing ?? repo.mkdirs(entity.path, system, false);
		} else {
			const entry = entity.file === undefined ? undefined : byName.get(entity.file);
			const content = entry ? await openZipEntry(file, entry) : Buffer.alloc(0);
			node = await repo.writeFile(entity.path, content, system, { mimeType: entity.mimeType, checkPermissions: false });
		}
		node.hidden = entity.hidden;
		for (const [key, value] of Object.entries(entity.metadata)) node.metadata[key] = value;
		for (const [locale, properties] of Object.entries(entity.locales)) node.locales.set(locale, { ...(node.locales.get(locale) ?? {}), ...properties });
		const applyAcl = options.applyAclSettings && (!existing || options.overwriteAclSettings);
		if (applyAcl) {
			node.acl = { owner: entity.owner, ownerType: entity.ownerType, entriesInheriting: entity.entriesInheriting, aces: entity.aces.map((a) => ({ ...a })) };
		} else if (!existing) {
			node.acl.owner = entity.owner;
		}
	}
}

export function registerSystemRoutes(area: RepositoryArea, tempDir: string): void {
	const { app, repo } = area;
	const add = (method: string, path: string, handler: (ctx: RequestContext) => Promise<void> | void, options = {}) =>
		app.server.add(method, path, guarded(handler), options);

	/* ----- reserved characters ----- */

	add('GET', `${FILES}/reservedCharacters`, (ctx) => ctx.sendText(200, repo.reserved));
	// FileService.doGetReservedCharactersDisplay (9.3.0.0-422 to 11.0.0.3-310): characters 0x07-0x0D Java-escaped
	// (StringEscapeUtils.escapeJava), the others as they are, joined by "," with no space: "/,\,\t,\r,\n".
	add('GET', `${FILES}/reservedCharactersDisplay`, (ctx) =>
		ctx.sendText(200, [...repo.reserved].map((c) => CONTROL_NAMES[c] ?? c).join(',')),
	);

	/* ----- backup and restore ----- */

	// Backup. Before the [BISERVER-15169] change (request.ts `loggedBackup`: 10.2.0.2-290 on the 10.2 line,
	// 10.3.0.0-200 on the main line) it is `GET /backup` with no parameters and the file SystemBackup.zip
	// (pentaho-platform:extensions/.../resources/FileResource.java `systemBackup`@9.3.0.0-422, @10.2.0.0-222,
	// @10.2.0.2-289; a POST there is 405). From then on it is `POST /backup`, @Consumes form-urlencoded (another
	// content type: 415), with logFile, logLevel and outputFile (FileResource@10.2.0.2-290, @10.2.0.10-434,
	// @11.0.0.0-237, @11.0.0.3-310; services/FileService.java `systemBackup`), checked in this order after the
	// administrator check (403): outputFile missing = NullPointerException in makeEncodedFileName (500);
	// logLevel = log4j2 Level.valueOf (trimmed, upper-cased; missing = NullPointerException, 500; unknown =
	// IllegalArgumentException, 400); logFile = validateFilePath (missing = NullPointerException, 500; "..", "//",
	// "\\\\" or not ending in .txt/.log = 400). A GET on /backup is then 405: the literal template "/backup" wins
	// over "{pathId : .+}" and has no GET. The log file is written on the server (recorded in `area.serverLogs`).
	// The answer: application/zip; charset=UTF-8 with Content-Disposition `attachment; filename*=UTF-8''<name>`,
	// the name URL-encoded as java.net.URLEncoder does with "+" as %20
	// (servlet/HttpMimeTypeListener.java `buildContentDispositionValue`, every version).
	const logged = loggedBackup(app.profile);
	const checkLevel = (logLevel: string | undefined): string => {
		if (logLevel === undefined) throw new EmulatorHttpError(500, 'No level name given.');
		const level = logLevel.trim().toUpperCase();
		if (!['OFF', 'FATAL', 'ERROR', 'WARN', 'INFO', 'DEBUG', 'TRACE', 'ALL'].includes(level)) throw new EmulatorHttpError(400, `Unknown level constant [${level}].`);
		return level;
	};
	const checkLogFile = (logFile: string | undefined): string => {
		if (logFile === undefined) throw new EmulatorHttpError(500, '');
		if (logFile.includes('..') || logFile.includes('//') || logFile.includes('\\\\') || !(logFile.endsWith('.txt') || logFile.endsWith('.log'))) {
			throw new EmulatorHttpError(400, `Invalid log file name ${logFile}`);
		}
		return logFile;
	};
	const sendBackup = async (ctx: RequestContext, outputFile: string) => {
		const user = userOf(ctx);
		const canRead = () => true;
		ctx.res.writeHead(200, {
			'Content-Type': 'application/zip; charset=UTF-8',
			'Content-Disposition': `attachment; filename*=UTF-8''${javaUrlEncode(outputFile)}`,
		});
		await writeZip(
			ctx.res,
			(function* () {
				yield { name: 'exportManifest.xml', content: manifestXml(repo, repo.root, user.name, canRead, '/') };
				yield* zipEntriesOf(area, repo.root, '/', canRead);
			})(),
		);
	};
	if (logged) {
		add(
			'POST',
			`${FILES}/backup`,
			async (ctx) => {
				const type = String(ctx.req.headers['content-type'] ?? '').toLowerCase();
				if (type !== '' && !type.startsWith('application/x-www-form-urlencoded')) throw EmulatorHttpError.bare(415);
				const form = await ctx.form();
				const outputFile = form.get('outputFile') ?? undefined;
				if (outputFile === undefined) throw new EmulatorHttpError(500, '');
				const logLevel = checkLevel(form.get('logLevel') ?? undefined);
				const logFile = checkLogFile(form.get('logFile') ?? undefined);
				area.serverLogs.push({ operation: 'backup', logFile, logLevel });
				await sendBackup(ctx, outputFile);
			},
			{ admin: true, format: 'binary' },
		);
		add('GET', `${FILES}/backup`, () => {
			throw new EmulatorHttpError(405, 'Method GET is not allowed on /api/repo/files/backup');
		});
	} else {
		add('GET', `${FILES}/backup`, async (ctx) => await sendBackup(ctx, 'SystemBackup.zip'), { admin: true, format: 'binary' });
	}

	// `POST /systemRestore`, @Consumes multipart/form-data (another content type: 415), parts fileUpload,
	// overwriteFile (imports over existing files unless "false"), applyAclSettings (unless "false"),
	// overwriteAclSettings (only "true") (FileResource/FileService `systemRestore`@9.3.0.0-422 to @11.0.0.3-310).
	// Before the [BISERVER-15169] change the server names the import bundle "SystemBackup.zip" itself and reads no
	// log fields. From then on (loggedBackup) it reads logLevel (as backup: missing 500, unknown 400), then logFile
	// (missing 500, bad name 400), and names the bundle after the part backupBundlePath. The importer picks its
	// handler by that name's extension, looked up CASE-SENSITIVELY among the registered ones
	// (plugin/services/importer/NameBaseMimeResolver.java `extractExtension` + HashMap, every version;
	// system/ImportHandlerMimeTypeDefinitions.xml registers "zip" in lower case only): only a name ending in ".zip"
	// restores the backup. With no name, no extension, or "backup.ZIP"/".Zip" the MIME type is null and
	// PentahoPlatformImporter.importFile returns without importing anything; the call still answers 200
	// (PentahoPlatformImporter.java@10.2.0.2-290). Failures inside the import (no fileUpload part, an upload that is
	// not a zip) are logged to the import log and swallowed while the import logger runs, so they answer 200 too.
	add(
		'POST',
		`${FILES}/systemRestore`,
		async (ctx) => {
			const user = userOf(ctx);
			const type = String(ctx.req.headers['content-type'] ?? '').toLowerCase();
			if (!type.startsWith('multipart/form-data')) throw EmulatorHttpError.bare(415);
			const fields: Record<string, string> = {};
			const upload = join(tempDir, `restore-${randomUUID()}.zip`);
			let received = false;
			try {
				let parser: busboy.Busboy;
				try {
					parser = busboy({ headers: ctx.req.headers });
				} catch {
					throw new EmulatorHttpError(400, 'The multipart body is malformed');
				}
				const writes: Array<Promise<void>> = [];
				await new Promise<void>((resolve, reject) => {
					parser.on('file', (name, stream) => {
						if (name === 'fileUpload' && !received) {
							received = true;
							writes.push(pipeline(stream, createWriteStream(upload)));
						} else {
							stream.resume();
						}
					});
					parser.on('field', (name, value) => (fields[name] = value));
					parser.on('close', () => resolve());
					parser.on('error', (error) => reject(new EmulatorHttpError(400, `The multipart body is malformed: ${(error as Error).message}`)));
					ctx.req.pipe(parser);
				});
				await Promise.all(writes);
				const options = {
					overwriteFile: fields.overwriteFile !== 'false',
					applyAclSettings: fields.applyAclSettings !== 'false',
					overwriteAclSettings: fields.overwriteAclSettings === 'true',
				};
				let bundleName: string | undefined = 'SystemBackup.zip';
				if (logged) {
					const logLevel = checkLevel(fields.logLevel);
					const logFile = checkLogFile(fields.logFile);
					area.serverLogs.push({ operation: 'restore', logFile, logLevel });
					bundleName = fields.backupBundlePath;
				}
				if (received && importExtension(bundleName) === 'zip') await restoreZip(area, upload, options, user);
				ok(ctx);
			} finally {
				await fsp.rm(upload, { force: true });
			}
		},
		{ admin: true },
	);

	/* ----- /api/repo/dirs ----- */

	// pentaho-platform:extensions/.../resources/DirectoryResource.java `createDirs` (9.3.0.0-422 to
	// 727e5c86): a root-level path → 403 couldNotCreateRootLevelFolder; then FileService.doCreateDirSafe:
	// folders are looked up by the path's text but a NEW folder is named after its segment URL-decoded
	// once more (`doCreateDirFor` → `decode`), so a client must send such a segment encoded twice.
	add('PUT', '/api/repo/dirs/:pathId', (ctx) => {
		const path = pathParam(ctx);
		const segments = segmentsOf(path);
		if (segments.length <= 1) {
			for (const segment of segments) repo.checkName(segment);
			throw new EmulatorHttpError(403, 'couldNotCreateRootLevelFolder');
		}
		repo.mkdirs(createDirPath(ctx), userOf(ctx), true, lenientDecode);
		ok(ctx);
	});

	add('GET', '/api/repo/dirs/:pathId/isVisible', (ctx) => {
		try {
			const user = userOf(ctx);
			const node = repo.find(pathParam(ctx));
			sendBoolean(ctx, !!node && node.folder && !node.hidden && repo.permitted(user, node, READ));
		} catch {
			sendBoolean(ctx, false);
		}
	});

	add('GET', '/api/repo/dirs/:pathId/defaultLocation', (ctx) => {
		const user = userOf(ctx);
		try {
			const path = pathParam(ctx);
			// FileService.doGetDefaultLocation@9.3.0.0-422 and @727e5c86: the path itself; "/" when there is
			// nothing there; /public when it lies inside a hidden folder; the path id echoed on an error.
			const node = repo.find(path);
			if (!node || !repo.permitted(user, node, READ)) return ctx.sendText(200, '/');
			let hidden = false;
			for (let n: RepoNode | undefined = node; n; n = n.parent) hidden ||= n.hidden;
			ctx.sendText(200, hidden ? '/public' : repo.pathOf(node));
		} catch {
			ctx.sendText(200, ctx.params.pathId ?? '');
		}
	});

	/* ----- /api/repos ----- */

	// GET /api/repos/{pathId}/default (RepositoryResource `doExecuteDefault`, 9.3.0.0-422 to 11.0.0.3-310): a missing or
	// unreadable file → 404 (empty); the "extension" is the text after the path's last "." (the whole path when there is
	// none, e.g. a folder); its content type's RUN operation gives the perspective, "generatedContent" when it has none; an
	// extension no plugin registers has no content info → NullPointerException → 500. The 303 Location is the request URL
	// up to its last "/" plus the perspective, plus the request's query string.
	add('GET', '/api/repos/:pathId/default', (ctx) => {
		const user = userOf(ctx);
		const path = pathParam(ctx);
		const node = repo.find(path);
		if (!node || !repo.permitted(user, node, READ)) throw EmulatorHttpError.bare(404);
		const extension = path.slice(path.lastIndexOf('.') + 1);
		if (!(extension in GENERATORS)) throw new EmulatorHttpError(500, '');
		const requestPath = new URL(ctx.req.url ?? '/', 'http://x').pathname;
		const query = new URL(ctx.req.url ?? '/', 'http://x').search;
		const location = `${new URL(app.url).origin}${requestPath.slice(0, requestPath.lastIndexOf('/') + 1)}${GENERATORS[extension]}${query}`;
		ctx.send(303, undefined, undefined, { Location: location });
	});

	add('GET', '/api/repos/:contextId/:resourceId', async (ctx) => {
		const user = userOf(ctx);
		const contextId = ctx.params.contextId ?? '';
		const resourceId = ctx.params.resourceId ?? '';
		const parameters = Object.fromEntries(ctx.query);
		const posted = area.resourcePosts.get(`${contextId}/${resourceId}`) ?? {};
		if (contextId.startsWith(':')) {
			const node = repo.readable(user, pathParam(ctx, 'contextId'));
			// {pathId}/content is FileResource.doGetFileOrDir: folders are 404 (RepositoryFileInputStream).
			if (resourceId === 'content') {
				if (node.folder) throw EmulatorHttpError.bare(404);
				ctx.res.writeHead(200, { 'Content-Type': node.mimeType, 'Content-Length': String(node.fileSize) });
				await pipeline(repo.openContent(node), ctx.res);
				return;
			}
			if (!['viewer', 'run', 'report', 'generatedContent', 'editor', 'browse'].includes(resourceId)) {
				throw new EmulatorHttpError(404, `No content generator "${resourceId}" for ${repo.pathOf(node)}`);
			}
			const target = String(parameters['output-target'] ?? parameters.outputType ?? '');
			const result = { file: repo.pathOf(node), id: node.id, generator: resourceId, parameters, properties: posted };
			if (/json/i.test(target) || ctx.wantsJson()) return ctx.sendJson(200, result);
			ctx.send(
				200,
				`<html><head><title>${escapeXml(repo.title(node))}</title></head><body><h1>${escapeXml(repo.title(node))}</h1><p>${escapeXml(resourceId)}</p><pre>${escapeXml(JSON.stringify(parameters))}</pre></body></html>`,
				'text/html;charset=UTF-8',
			);
			return;
		}
		if (contextId === 'dataflow-emulator') {
			if (resourceId === 'info.json') return ctx.sendJson(200, { plugin: contextId, version: '1.0', parameters, properties: posted });
			if (resourceId === 'logo.png') return ctx.send(200, LOGO_PNG, 'image/png');
			if (resourceId === 'readme.txt') return ctx.sendText(200, 'Dataflow emulator plugin\n');
			throw new EmulatorHttpError(404, `Plugin ${contextId} has no resource ${resourceId}`);
		}
		if (/^[a-z0-9]+$/i.test(contextId) && Object.keys(GENERATORS).includes(contextId.toLowerCase())) {
			return ctx.sendJson(200, { extension: contextId, generator: resourceId, parameters, properties: posted });
		}
		throw new EmulatorHttpError(404, `Unknown context "${contextId}"`);
	});

	add('POST', '/api/repos/:contextId/:resourceId', async (ctx) => {
		const user = userOf(ctx);
		const contextId = ctx.params.contextId ?? '';
		if (contextId.startsWith(':')) repo.readable(user, pathParam(ctx, 'contextId'));
		const form = await ctx.form();
		area.resourcePosts.set(`${contextId}/${ctx.params.resourceId ?? ''}`, Object.fromEntries(form));
		ok(ctx);
	});

	/* ----- LDAP ----- */

	add(
		'GET',
		'/api/ldap/config/getAttributeValues',
		(ctx) => {
			const user = userOf(ctx);
			const attributes = LDAP_KEYS.map((key) => ({ key, value: key === 'contextSource.password' && !user.admin ? '' : (area.ldap[key] ?? '') }));
			ctx.sendJson(200, { attributes });
		},
		{ format: 'json' },
	);

	add(
		'PUT',
		'/api/ldap/config/setAttributeValues',
		async (ctx) => {
			let body: { attributes?: unknown };
			try {
				body = ((await ctx.json()) ?? {}) as { attributes?: unknown };
			} catch {
				throw new EmulatorHttpError(400, 'The JSON body is malformed');
			}
			const list = Array.isArray(body.attributes) ? body.attributes : body.attributes === undefined ? undefined : [body.attributes];
			if (!list) throw new EmulatorHttpError(400, 'The body needs an "attributes" list');
			const updates: Record<string, string> = {};
			for (const entry of list as Array<{ key?: unknown; value?: unknown }>) {
				const key = String(entry?.key ?? '');
				if (!LDAP_KEYS.includes(key)) throw new EmulatorHttpError(400, `Unknown LDAP attribute "${key}"`);
				updates[key] = entry.value === undefined || entry.value === null ? '' : String(entry.value);
			}
			Object.assign(area.ldap, updates);
			ok(ctx);
		},
		{ admin: true },
	);

	/* ----- user console ----- */

	add('GET', '/api/mantle/isAdministrator', (ctx) => sendBoolean(ctx, userOf(ctx).admin));
	add('GET', '/api/mantle/isAuthenticated', (ctx) => sendBoolean(ctx, !!ctx.user));
}
