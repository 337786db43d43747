/**
 * File and folder routes: content up and down (streamed to and from disk), download as zip,
 * rename, create folders, trash, properties, children and tree listings.
 */
import type { Readable } from 'node:stream';

import { EmulatorHttpError } from '../../core/errors';
import type { RequestContext } from '../../core/types';
import { FILES, flag, guarded, mayCreateContent, mayPublish, ok, pathParam, userOf } from './request';
import { byTitle, fileDoc, fileListDoc, nameMatches, parseFilter, sendDoc, type Doc, type Filter } from './format';
import { manifestXml } from './manifest';
import { javaUrlDecode, javaUrlEncode, lenientDecode } from './javaDecode';
import { downloadAllowed } from './routes-access';
import { DELETE, pathFromId, READ, segmentsOf, WRITE, type RepoNode, type RepositoryArea } from './store';
import { writeZip, type ZipSource } from './zip';

/** servlet/HttpMimeTypeListener.buildContentDispositionValue (every version): only the RFC 5987 form. */
function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
	return `${kind}; filename*=UTF-8''${javaUrlEncode(name)}`;
}

/** Streams a file's content from disk. */
function streamContent(area: RepositoryArea, ctx: RequestContext, node: RepoNode, headers: Record<string, string>): Promise<void> {
	ctx.res.writeHead(200, { 'Content-Type': node.mimeType || 'application/octet-stream', 'Content-Length': String(node.fileSize), ...headers });
	const stream = area.repo.openContent(node);
	return new Promise((resolve) => {
		stream.on('error', () => {
			ctx.res.destroy();
			resolve();
		});
		ctx.res.on('close', () => {
			stream.destroy();
			resolve();
		});
		stream.pipe(ctx.res);
	});
}

/** Zip entries of a subtree: names relative to the parent of `top`, folders as `name/`. */
export function* zipEntriesOf(area: RepositoryArea, top: RepoNode, base: string, userCanRead: (n: RepoNode) => boolean): Generator<ZipSource> {
	const { repo } = area;
	const basePath = base === '/' ? '' : base;
	for (const node of repo.walk(top)) {
		if (node === repo.root || !userCanRead(node)) continue;
		const relative = repo.pathOf(node).slice(basePath.length + 1);
		if (node.folder) yield { name: `${relative}/`, content: Buffer.alloc(0), mtime: node.lastModifiedDate };
		else yield { name: relative, content: () => repo.openContent(node), mtime: node.lastModifiedDate };
	}
}

/**
 * GET children (services/FileService.java `doGetChildren` → repository/.../jcr/JcrRepositoryFileUtils.java `getChildren`,
 * same at 9.3.0.0-422, 10.2.0.10-434 and 11.0.0.3-310): the request is built with depth 0, and getChildren applies only the
 * name pattern (JCR getNodes) and the hidden flag — NEVER the type part of the filter (FILES / FOLDERS). A missing or
 * unreadable folder, or a path under /etc or /system (isPathValid), is an empty list; a FILE is not a Pentaho folder:
 * Assert → UnifiedRepositoryException, uncaught → 500. Order: by title (BISERVER-9599 collator), files and folders mixed.
 */
function childrenDocs(area: RepositoryArea, ctx: RequestContext, folder: RepoNode | undefined): Doc[] {
	const user = userOf(ctx);
	const filter = parseFilter(ctx.query.get('filter'), 0);
	if (!folder || !area.repo.permitted(user, folder, READ)) return [];
	const path = area.repo.pathOf(folder);
	if (path.startsWith('/etc') || path.startsWith('/system')) return [];
	if (!folder.folder) throw new EmulatorHttpError(500, 'The specified node must be a Pentaho folder');
	const showHidden = flag(ctx, 'showHidden');
	const includeAcls = flag(ctx, 'includeAcls');
	const children = [...folder.children.values()].filter((child) => nameMatches(filter, child.name) && (showHidden || !child.hidden) && area.repo.permitted(user, child, READ));
	return byTitle(children, (child) => area.repo.title(child)).map((child) => fileDoc(area.repo, child, { includeAcls, filter }));
}

interface TreeOptions {
	filter: Filter;
	showHidden: boolean;
	includeAcls: boolean;
	includeSysDirs: boolean;
	/** The tree's root, whose children are the only ones the system-folder rule looks at. */
	root: RepoNode;
}

interface Tree {
	node: RepoNode;
	title: string;
	/** undefined when the depth ran out (the DTO has no children then). */
	children?: Tree[];
}

/**
 * JcrRepositoryFileUtils.getTreeByNode (same at 9.3.0.0-422, 10.2.0.10-434 and 11.0.0.3-310). A hidden (without
 * showHidden) or unreadable node is no tree. With depth 0 no children at all. Children: those matching the name pattern
 * and the type (FOLDERS leaves files out; FILES, kept only at depth 1, leaves folders out) — system folders right under
 * the tree's root only with includeSysDirs — are taken (`isRootFiltered`); with a real name pattern (not "*") every
 * child folder is also walked, and kept when something below it matched. A folder that matches AND has matches below is
 * therefore listed twice, as the real code adds it from both passes. `found` tells the caller whether anything matched.
 */
function treeOf(area: RepositoryArea, user: NonNullable<RequestContext['user']>, node: RepoNode, depth: number, options: TreeOptions, found: { value: boolean }): Tree | undefined {
	const { repo } = area;
	if ((!options.showHidden && node.hidden) || !repo.permitted(user, node, READ)) return undefined;
	const tree: Tree = { node, title: repo.title(node) };
	if (depth === 0) return tree;
	const { filter } = options;
	const twoPasses = filter.pattern !== null && filter.pattern !== '*';
	const all = [...node.children.values()];
	const filtered = all.filter(
		(child) =>
			nameMatches(filter, child.name) &&
			!(!child.folder && filter.types === 'FOLDERS') &&
			!(child.folder && filter.types === 'FILES') &&
			!(!options.includeSysDirs && node === options.root && child.system),
	);
	const folders = twoPasses && node.folder ? all.filter((child) => child.folder) : [];
	const children: Tree[] = [];
	const check = (child: RepoNode, isRootFiltered: boolean) => {
		if (!repo.permitted(user, child, READ)) return;
		const atomic = { value: !child.folder };
		const sub = treeOf(area, user, child, depth - 1, options, atomic);
		if (sub && (atomic.value || isRootFiltered)) {
			found.value = true;
			children.push(sub);
		}
	};
	for (const child of folders) check(child, false);
	for (const child of filtered) {
		found.value = true;
		check(child, true);
	}
	tree.children = children;
	return tree;
}

function treeDocOf(area: RepositoryArea, tree: Tree, options: TreeOptions): Doc {
	const file = fileDoc(area.repo, tree.node, { includeAcls: options.includeAcls, filter: options.filter });
	if (tree.title !== area.repo.title(tree.node) && 'title' in file) file.title = tree.title;
	const doc: Doc = { file };
	if (tree.children) doc.children = byTitle(tree.children, (child) => child.title).map((child) => treeDocOf(area, child, options));
	return doc;
}

/**
 * GET tree (FileResource `doGetRootTree`/`doGetTree` → FileService `doGetTree`). `depth` is an Integer query parameter
 * (not a number: 404, Jersey's parameter error; absent: -1, unlimited). The root tree has no includeSysDirs parameter
 * (always false); non-administrators never get system folders (DefaultUnifiedRepositoryWebService.getTreeFromRequest).
 * Per version, FileService.doGetTree: at 9.3.0.0 (GA) a missing tree is null → 204. From 9.3.0.1 / 9.4 (@9395c7a4f4,
 * @bfb7828322, BISERVER-13625) it renames the root's "home" and "public" children to "Home" and "Public" by looping over
 * `tree.getChildren()` first, so a missing/unreadable/hidden path (tree null) and depth=0 (children null) are a
 * NullPointerException → 500, on every 10.2 build too; 10.3.0.0-313 (@cb1f79023a) answers null (204) again and
 * 10.3.0.0-314 (@54d4582dea) skips the loop when there are no children, so 11.x answers 204 / the childless tree.
 */
function sendTree(area: RepositoryArea, ctx: RequestContext, path: string, includeSysDirs: boolean): void {
	const user = userOf(ctx);
	const { profile } = area.app;
	const depthText = ctx.query.get('depth');
	const depth = depthText === null ? -1 : Number(depthText);
	if (depthText !== null && (depthText.trim() === '' || !Number.isInteger(depth))) throw EmulatorHttpError.bare(404);
	const filter = parseFilter(ctx.query.get('filter'), depth);
	const node = area.repo.find(path);
	const options: TreeOptions = {
		filter,
		showHidden: flag(ctx, 'showHidden'),
		includeAcls: flag(ctx, 'includeAcls'),
		includeSysDirs: includeSysDirs && user.admin,
		root: node ?? area.repo.root,
	};
	const tree = node ? treeOf(area, user, node, depth, options, { value: false }) : undefined;
	const translates = profile.atLeast('9.3.0.1');
	const fixedNull = profile.atLeast('10.3') && profile.atLeast('10.3.0.0-313');
	const fixedChildren = profile.atLeast('10.3') && profile.atLeast('10.3.0.0-314');
	if (!tree) {
		if (translates && !fixedNull) throw new EmulatorHttpError(500, '');
		ctx.send(204);
		return;
	}
	if (translates && !fixedChildren && !tree.children) throw new EmulatorHttpError(500, '');
	if (translates) {
		for (const child of tree.children ?? []) {
			const childPath = area.repo.pathOf(child.node);
			if (child.node.name === 'home' && childPath === '/home') child.title = 'Home';
			else if (child.node.name === 'public' && childPath === '/public') child.title = 'Public';
		}
	}
	sendDoc(ctx, 'repositoryFileTreeDto', treeDocOf(area, tree, options), area.jsonStyle);
}

/**
 * Ids in a `delete` / `deletepermanent` body: repository FILE IDS, comma-separated. The real server
 * looks each one up by id (FileService.doDeleteFiles → DefaultUnifiedRepositoryWebService.deleteFile(fileId),
 * @9.3.0.0-422 and @727e5c86), so a path or a path id is not found there: 500. An empty body is an
 * IllegalArgumentException (FileUtils.convertCommaSeparatedStringToArray): 500.
 */
function nodesOfIds(area: RepositoryArea, body: string): RepoNode[] {
	const ids = body
		.split(',')
		.map((s) => s.trim())
		.filter(Boolean);
	if (ids.length === 0) throw new EmulatorHttpError(500, 'String cannot be null or empty');
	return ids.map((id) => {
		const node = area.repo.byId.get(id);
		if (!node) throw new EmulatorHttpError(500, `File not found: ${id}`);
		return node;
	});
}

/** FileService.isPathValid: nothing under /etc or /system is served. */
function pathIsValid(path: string): boolean {
	return !(path.startsWith('/etc') || path.startsWith('/system'));
}

/** RepositoryDownloadWhitelist.accept with the default extension list (pentahoServices.spring.xml@10.2.0.10-434). */
const WHITELIST = 'gif,jpg,jpeg,png,bmp,tiff,csv,xls,xlsx,pdf,txt,css,htm,html,js,xml,doc,ppt'.split(',');
function whitelisted(name: string): boolean {
	const dot = name.lastIndexOf('.');
	const extension = (dot === -1 ? name : name.slice(dot + 1)).toLowerCase();
	return WHITELIST.includes(extension);
}

/** Control characters, which the real resources refuse in names. */
const CONTROL_CHARACTERS = { test: (text: string) => [...text].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127) };

/**
 * The path createDir works on, checked as FileService.doCreateDirSafe / isValidFolderName do
 * (9.3.0.0-422 to 727e5c86): the path, decoded once more, must not gain or lose outer spaces and
 * may hold no control characters.
 */
export function createDirPath(ctx: RequestContext): string {
	const path = pathParam(ctx);
	const decoded = lenientDecode(path);
	if (decoded.trim() !== decoded || CONTROL_CHARACTERS.test(decoded) || CONTROL_CHARACTERS.test(path)) throw new EmulatorHttpError(403, 'containsIllegalCharacters');
	return path;
}

export function registerFileRoutes(area: RepositoryArea): void {
	const { app, repo } = area;
	const add = (method: string, path: string, handler: (ctx: RequestContext) => Promise<void> | void, options = {}) =>
		app.server.add(method, path, guarded(handler), options);

	/* ----- fixed paths first (they would otherwise match {pathId}) ----- */

	// PUT /delete and /deletepermanent (FileResource `doDeleteFiles`/`doDeleteFilesPermanent`, 9.3.0.0-422 to 11.0.0.3-310):
	// the ids are handled one after the other (those before a failure stay deleted) and any failure — unknown id, a file
	// the user may not read or delete (the repository's access denial) — is caught: 500 with the exception's message.
	add('PUT', `${FILES}/delete`, async (ctx) => {
		const user = userOf(ctx);
		const nodes = nodesOfIds(area, await ctx.text());
		for (const node of nodes) {
			if (!repo.isLive(node)) throw new EmulatorHttpError(500, `File ${node.id} is already in the trash`);
			if (!repo.permitted(user, node, READ) || !repo.permitted(user, node, DELETE)) throw new EmulatorHttpError(500, `Access denied: ${node.id}`);
			repo.moveToTrash(node, user);
		}
		ok(ctx);
	});

	add('PUT', `${FILES}/deletepermanent`, async (ctx) => {
		const user = userOf(ctx);
		const nodes = nodesOfIds(area, await ctx.text());
		for (const node of nodes) {
			if (!node.trash && repo.isLive(node) && (!repo.permitted(user, node, READ) || !repo.permitted(user, node, DELETE))) throw new EmulatorHttpError(500, `Access denied: ${node.id}`);
			await repo.deletePermanently(node, user);
		}
		ok(ctx);
	});

	// PUT /restore (FileResource `doRestore`, FileService `doRestoreFiles`/`doRestoreFilesInHomeDir`; the same code at
	// 9.3.0.0-422, 10.2.0.0-222, 10.2.0.10-434, 11.0.0.0-237 and 11.0.0.3-310, only reformatted): the body is a
	// comma-separated list of FILE IDS (@Consumes */*); an empty body is an IllegalArgumentException from
	// FileUtils.convertCommaSeparatedStringToArray that nothing catches: 500. The optional query overwriteMode is an
	// Integer (not a number: 404, Jersey's parameter error).
	// - Without overwriteMode each id is put back where it was, in order (JcrRepositoryFileDao.undeleteFile, store.ts
	//   restoreFromTrash): missing original folders are recreated; a file the user may not write is silently skipped;
	//   an id that is not in a trash the user can reach, or a name that already exists in the original folder
	//   (RepositoryFileDaoFileExistsException), ends the loop with InternalError → 500, empty body (ids before it stay
	//   restored). No write right on the original folder (UnifiedRepositoryAccessDeniedException) → 409 when a file of
	//   the same name is in the user's home folder, else 406 (NOT_ACCEPTABLE; the javadoc's "307" is not what the code
	//   sends). Success: 200, empty body.
	// - With overwriteMode the files go to the user's HOME folder instead (values other than 1-3 mean 2):
	//   2 RENAME copies each one there (a clashing name gets "-Copy", then "-Copy(2)", … before the extension; needs the
	//   Create Content right, else 500) and deletes the trashed originals permanently; 3 NO_OVERWRITE restores only the
	//   ids whose name is free in the home folder (copy + permanent delete), leaving the others in the trash; 1 OVERWRITE
	//   deletes the same-named (non-hidden) home files permanently and MOVES the trashed files (same ids) there; a
	//   failure there is 500. Success: 200.
	add('PUT', `${FILES}/restore`, async (ctx) => {
		const user = userOf(ctx);
		const modeText = ctx.query.get('overwriteMode');
		if (modeText !== null && !/^[+-]?\d+$/.test(modeText.trim())) throw EmulatorHttpError.bare(404);
		const body = await ctx.text();
		if (body === '') throw new EmulatorHttpError(500, 'String cannot be null or empty');
		const ids = body.split(',');
		const inReach = (id: string) => {
			const node = repo.byId.get(id);
			return node && node.trash && (user.admin || node.trash.deletedBy === user.name) ? node : undefined;
		};
		const home = repo.find(`/home/${user.name}`);
		const homeNames = () => new Set(home ? [...home.children.values()].filter((c) => !c.hidden).map((c) => c.name) : []);
		if (modeText === null) {
			for (const id of ids) {
				const node = inReach(id);
				if (!node) throw EmulatorHttpError.bare(500);
				const result = repo.restoreFromTrash(node, user);
				if (result === 'exists') throw EmulatorHttpError.bare(500);
				if (result === 'denied') {
					const names = homeNames();
					const clash = ids.some((other) => {
						const n = repo.byId.get(other);
						if (!n) throw EmulatorHttpError.bare(500);
						return names.has(n.name);
					});
					throw EmulatorHttpError.bare(clash ? 409 : 406);
				}
			}
			ok(ctx);
			return;
		}
		let mode = Number(modeText.trim());
		if (mode < 1 || mode > 3) mode = 2;
		if (!home) throw EmulatorHttpError.bare(500);
		// Here the ids are read with getFileById: a LIVE file the user can read is taken too (copied or moved into the
		// home folder, the original deleted permanently).
		const sources = ids.map((id) => {
			const node = repo.byId.get(id);
			if (node && !node.trash && repo.isLive(node) && repo.permitted(user, node, READ)) return node;
			return inReach(id);
		});
		if (mode === 1) {
			const names = new Set(sources.filter((n) => n).map((n) => n!.name));
			for (const child of [...home.children.values()]) if (!child.hidden && names.has(child.name)) await repo.deletePermanently(child, user);
			for (const node of sources) {
				if (!node || home.children.has(node.name)) throw EmulatorHttpError.bare(500);
				repo.moveInto(node, home);
			}
			ok(ctx);
			return;
		}
		if (!mayCreateContent(user)) throw EmulatorHttpError.bare(500);
		if (!repo.permitted(user, home, WRITE)) throw EmulatorHttpError.bare(500);
		const restored: RepoNode[] = [];
		for (const node of sources) {
			if (!node) continue;
			if (mode === 3) {
				if (home.children.has(node.name)) continue;
				await repo.copyInto(node, home, node.name, user);
			} else {
				const dot = node.name.lastIndexOf('.');
				const stem = dot === -1 ? node.name : node.name.slice(0, dot);
				const extension = dot === -1 ? '' : node.name.slice(dot);
				let suffix = '';
				let root = '';
				if (home.children.has(stem + extension) && !stem.endsWith('-Copy')) {
					suffix = root = '-Copy';
				}
				let count = 1;
				while (home.children.has(stem + suffix + extension)) suffix = `${root}(${++count})`;
				await repo.copyInto(node, home, stem + suffix + extension, user, suffix);
			}
			restored.push(node);
		}
		for (const node of restored) await repo.deletePermanently(node, user).catch(() => undefined);
		ok(ctx);
	});

	// GET /exists exists from 10.3 on (pentaho-platform:extensions/.../resources/FileResource.java
	// `doesFileExists`@10.3.0.0-397 and @727e5c86; absent at 9.3.0.0-422 and 10.2.0.10-434, where the
	// request falls through to GET {pathId} with the path id "exists" and answers 404). The query
	// value, already decoded by the container, is URL-decoded a second time (so "+" is a space and a
	// lone "%" is a 500), then read as a path id by FileUtils.idToPath. Answers carry no body.
	if (app.profile.atLeast('10.3')) {
		add('GET', `${FILES}/exists`, (ctx) => {
			const user = userOf(ctx);
			const raw = ctx.query.get('pathId');
			if (raw === null) throw new EmulatorHttpError(500, '');
			let decoded: string;
			try {
				decoded = javaUrlDecode(raw);
			} catch {
				throw EmulatorHttpError.bare(500);
			}
			const node = repo.find(pathFromId(decoded));
			if (!node || !repo.permitted(user, node, READ)) throw EmulatorHttpError.bare(404);
			ok(ctx);
		});
	}

	add('GET', `${FILES}/properties`, (ctx) => sendDoc(ctx, 'repositoryFileDto', fileDoc(repo, repo.root), area.jsonStyle));

	add('GET', `${FILES}/children`, (ctx) => sendDoc(ctx, 'repositoryFileDtoes', fileListDoc(childrenDocs(area, ctx, repo.root)), area.jsonStyle));

	add('GET', `${FILES}/tree`, (ctx) => sendTree(area, ctx, '/', false));

	add('GET', `${FILES}/deleted`, (ctx) => {
		const user = userOf(ctx);
		sendDoc(ctx, 'repositoryFileDtoes', fileListDoc(repo.trashOf(user).map((node) => fileDoc(repo, node))), area.jsonStyle);
	});

	// A literal template ("/properties", "/backup", "/delete", …) wins over "{pathId : .+}" in JAX-RS matching and only its
	// own methods are then considered, so another method on it is 405 (e.g. PUT /properties does not create a file
	// "properties"; GET /delete does not read one). Registered after every literal route of the area (system and access
	// routes come first, area.ts) and before the {pathId} routes.
	const literals = new Set(app.server.routes.filter((route) => route.pattern.startsWith(`${FILES}/`) && !route.pattern.slice(FILES.length + 1).includes('/') && !route.pattern.includes(':')).map((route) => route.pattern));
	for (const pattern of literals) {
		app.server.add('*', pattern, (ctx) => {
			throw new EmulatorHttpError(405, `Method ${ctx.method} is not allowed on ${pattern}`);
		});
	}

	/* ----- {pathId} routes ----- */

	// GET {pathId}/download (FileService `doGetFileOrDirAsDownload`): /etc or /system → 403; missing/unreadable → 404;
	// SystemUtils.canDownload(path) false → 403 (routes-access.ts downloadAllowed). Before [BISERVER-15515] the download
	// check came FIRST (403 even for a missing file: 9.3, 10.2 GA, 11.0 GA); from 10.2.0.9-407 (@d653bee414) and
	// 11.0.0.1-245 (@6225d5d86d) the file is looked up first. withManifest unless "false"; a folder or a manifest means a
	// zip named <name>.zip. Answer application/zip; charset=UTF-8 with Content-Disposition attachment; filename*=UTF-8''….
	add('GET', `${FILES}/:pathId/download`, async (ctx) => {
		const user = userOf(ctx);
		const path = pathParam(ctx);
		const lookupFirst = app.profile.atLeast('11') ? app.profile.atLeast('11.0.0.1-245') : app.profile.atLeast('10.2.0.9-407');
		if (!lookupFirst && !downloadAllowed(area, user, path)) throw EmulatorHttpError.bare(403);
		if (!pathIsValid(path)) throw EmulatorHttpError.bare(403);
		const node = repo.readable(user, path);
		if (lookupFirst && !downloadAllowed(area, user, path)) throw EmulatorHttpError.bare(403);
		const withManifest = ctx.query.get('withManifest') !== 'false';
		if (!node.folder && !withManifest) {
			await streamContent(area, ctx, node, {
				'Content-Type': 'application/zip; charset=UTF-8',
				'Content-Disposition': contentDisposition('attachment', node.name),
			});
			return;
		}
		const name = node === repo.root ? 'repository.zip' : `${node.name}.zip`;
		const canRead = (n: RepoNode) => repo.permitted(user, n, READ);
		const parentPath = node === repo.root ? '/' : repo.pathOf(node.parent!);
		const entries: ZipSource[] = [];
		if (withManifest) entries.push({ name: 'exportManifest.xml', content: manifestXml(repo, node, user.name, canRead, parentPath, ctx.query.get('locale') ?? undefined) });
		ctx.res.writeHead(200, { 'Content-Type': 'application/zip; charset=UTF-8', 'Content-Disposition': contentDisposition('attachment', name) });
		await writeZip(ctx.res, (function* () {
			yield* entries;
			yield* zipEntriesOf(area, node, parentPath, canRead);
		})());
	});

	// GET {pathId}/inline (FileService `doGetFileAsInline`): a path under /etc or /system → 403; missing or unreadable →
	// 404; a name whose extension is not in the download whitelist (pentahoServices.spring.xml RepositoryDownloadWhitelist:
	// gif,jpg,jpeg,png,bmp,tiff,csv,xls,xlsx,pdf,txt,css,htm,html,js,xml,doc,ppt, compared ignoring case; a name without a
	// dot is compared whole) needs Publish Content, else 403; a folder has no data → InternalError → 500. Bodies empty.
	add('GET', `${FILES}/:pathId/inline`, async (ctx) => {
		const user = userOf(ctx);
		const path = pathParam(ctx);
		if (!pathIsValid(path)) throw EmulatorHttpError.bare(403);
		const node = repo.readable(user, path);
		if (!whitelisted(node.name) && !mayPublish(repo, user)) throw EmulatorHttpError.bare(403);
		if (node.folder) throw EmulatorHttpError.bare(500);
		await streamContent(area, ctx, node, { 'Content-Disposition': contentDisposition('inline', node.name) });
	});

	// pentaho-platform:extensions/.../resources/FileResource.java `doRename` + services/FileService.java `doRename`
	// (9.3.0.0-422, 10.2.0.0-222, 10.2.0.10-434, 11.0.0.3-310): control characters in newName → 403 containsIllegalCharacters;
	// then JcrRepositoryFileUtils.checkName (empty, outer spaces, a reserved character, "." or "..") → 500 with the message;
	// a missing file is a NullPointerException → 500 with an empty body; a FILE keeps its extension: the new name is
	// `newName + extensionOf(oldName)` (sales.ktr renamed to "sales_2024.ktr" becomes sales_2024.ktr.ktr); an existing
	// destination or no write right → 500 with the message. After moving a FILE the service rewrites its titles: every
	// locale holding file.title (or title) gets newName — without the extension — and a file without locale properties
	// gets a default locale {file.title, title} = newName.
	add('PUT', `${FILES}/:pathId/rename`, (ctx) => {
		const user = userOf(ctx);
		const path = pathParam(ctx);
		const newName = ctx.query.get('newName') ?? '';
		if (CONTROL_CHARACTERS.test(newName)) throw new EmulatorHttpError(403, 'containsIllegalCharacters');
		if (repo.illegalName(newName) || newName.trim() !== newName) throw new EmulatorHttpError(500, `Illegal name "${newName}"`);
		const node = repo.find(path);
		if (!node || !repo.permitted(user, node, READ)) throw EmulatorHttpError.bare(500);
		const dot = node.name.lastIndexOf('.');
		const finalName = !node.folder && dot >= 0 ? newName + node.name.slice(dot) : newName;
		if (node.parent?.children.has(finalName)) throw new EmulatorHttpError(500, 'Illegal destination path');
		if (!repo.permitted(user, node, WRITE)) throw new EmulatorHttpError(500, `Access denied: ${repo.pathOf(node)}`);
		repo.rename(node, finalName, { ...user, admin: true });
		if (!node.folder) {
			if (node.locales.size === 0) node.locales.set('default', { 'file.title': newName, title: newName });
			for (const properties of node.locales.values()) {
				if ('file.title' in properties) properties['file.title'] = newName;
				if ('title' in properties) properties.title = newName;
			}
		}
		ok(ctx);
	});

	// PUT {pathId}/createDir: FileService.doCreateDirSafe → doCreateDirFor (see the dirs route).
	add('PUT', `${FILES}/:pathId/createDir`, (ctx) => {
		repo.mkdirs(createDirPath(ctx), userOf(ctx), true, lenientDecode);
		ok(ctx);
	});

	add('GET', `${FILES}/:pathId/properties`, (ctx) => {
		const user = userOf(ctx);
		const node = repo.find(pathParam(ctx));
		if (!node || !repo.permitted(user, node, READ)) {
			ctx.send(204);
			return;
		}
		sendDoc(ctx, 'repositoryFileDto', fileDoc(repo, node), area.jsonStyle);
	});

	add('GET', `${FILES}/:pathId/children`, (ctx) => {
		const docs = childrenDocs(area, ctx, repo.find(pathParam(ctx)));
		sendDoc(ctx, 'repositoryFileDtoes', fileListDoc(docs), area.jsonStyle);
	});

	add('GET', `${FILES}/:pathId/tree`, (ctx) => sendTree(area, ctx, pathParam(ctx), flag(ctx, 'includeSysDirs')));

	// FileResource.doGetGeneratedContent(ForUser)@9.3.0.0-422 and @727e5c86: a missing (or unreadable)
	// source file is a FileNotFoundException that the resource turns into an EMPTY list with 200.
	const generated = (ctx: RequestContext, userName: string) => {
		const user = userOf(ctx);
		const node = repo.find(pathParam(ctx));
		const home = repo.find(`/home/${userName}`);
		const docs =
			node && repo.permitted(user, node, READ) && home && repo.permitted(user, home, READ)
				? repo
						.visibleChildren(user, home)
						// FileService.searchGeneratedContent lists the home folder with repository.getChildren(id): hidden files are left out.
						.filter((child) => !child.folder && !child.hidden && child.metadata.contentCreator === node.id)
						.map((child) => fileDoc(repo, child))
				: [];
		sendDoc(ctx, 'repositoryFileDtoes', fileListDoc(docs), area.jsonStyle);
	};
	add('GET', `${FILES}/:pathId/generatedContent`, (ctx) => generated(ctx, userOf(ctx).name));
	add('GET', `${FILES}/:pathId/generatedContentForUser`, (ctx) => {
		generated(ctx, ctx.query.get('user') ?? '');
	});

	// GET {pathId} (FileResource/FileService `doGetFileOrDir`): /etc or /system → 403; missing or unreadable → 404; not in the
	// download whitelist without Publish Content → 403; a folder → RepositoryFileInputStream "is a directory"
	// FileNotFoundException → 404. Error bodies empty.
	add('GET', `${FILES}/:pathId`, async (ctx) => {
		const user = userOf(ctx);
		const path = pathParam(ctx);
		if (!pathIsValid(path)) throw EmulatorHttpError.bare(403);
		const node = repo.readable(user, path);
		if (!whitelisted(node.name) && !mayPublish(repo, user)) throw EmulatorHttpError.bare(403);
		if (node.folder) throw EmulatorHttpError.bare(404);
		await streamContent(area, ctx, node, { 'Content-Disposition': contentDisposition('inline', node.name) });
	});

	add('PUT', `${FILES}/:pathId`, async (ctx) => {
		const user = userOf(ctx);
		const path = pathParam(ctx);
		if (segmentsOf(path).length === 0) throw new EmulatorHttpError(403, 'Cannot write to the root folder');
		await repo.writeFile(path, ctx.req as Readable, user, { mimeType: ctx.req.headers['content-type'] });
		ok(ctx);
	});
}

