/**
 * File and folder routes: content up and down (streamed to and from disk), download as zip,
 * rename, create folders, trash, properties, children and tree listings.
 */
import type { Readable } from 'node:stream';

import { EmulatorHttpError } from '../../core/errors';
import type { RequestContext } from '../../core/types';
import { FILES, flag, guarded, ok, pathParam, userOf } from './request';
import { fileDoc, fileListDoc, nameMatches, parseFilter, sendDoc, typeMatches, type Doc, type Filter } from './format';
import { manifestXml } from './manifest';
import { javaUrlDecode, lenientDecode } from './javaDecode';
import { DELETE, pathFromId, READ, segmentsOf, type RepoNode, type RepositoryArea } from './store';
import { writeZip, type ZipSource } from './zip';

function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
	const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
	return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
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

function childrenDocs(area: RepositoryArea, ctx: RequestContext, folder: RepoNode | undefined): Doc[] {
	const user = userOf(ctx);
	const filter = parseFilter(ctx.query.get('filter'));
	if (!folder || !folder.folder || !area.repo.permitted(user, folder, READ)) return [];
	const showHidden = flag(ctx, 'showHidden');
	const includeAcls = flag(ctx, 'includeAcls');
	return area.repo
		.visibleChildren(user, folder)
		.filter((child) => (showHidden || !child.hidden) && typeMatches(filter, child) && nameMatches(filter, child.name))
		.map((child) => fileDoc(area.repo, child, { includeAcls, filter }));
}

interface TreeOptions {
	depth: number;
	filter: Filter;
	showHidden: boolean;
	includeAcls: boolean;
	includeSysDirs: boolean;
}

function treeDoc(area: RepositoryArea, ctx: RequestContext, node: RepoNode, options: TreeOptions, level: number): Doc {
	const user = userOf(ctx);
	const doc: Doc = { file: fileDoc(area.repo, node, { includeAcls: options.includeAcls, filter: options.filter }) };
	if (!node.folder) return doc;
	if (options.depth >= 0 && level >= options.depth) return doc;
	const { filter } = options;
	const children = area.repo
		.visibleChildren(user, node)
		.filter((child) => options.showHidden || !child.hidden)
		.filter((child) => options.includeSysDirs || !child.system)
		.filter((child) => {
			if (filter.types === 'FOLDERS') return child.folder && nameMatches(filter, child.name);
			return child.folder || nameMatches(filter, child.name);
		});
	doc.children = children.map((child) => treeDoc(area, ctx, child, options, level + 1));
	return doc;
}

function sendTree(area: RepositoryArea, ctx: RequestContext, path: string): void {
	const user = userOf(ctx);
	const node = area.repo.find(path);
	if (!node || !area.repo.permitted(user, node, READ)) {
		ctx.send(204);
		return;
	}
	const depthText = ctx.query.get('depth');
	const depth = depthText === null || depthText === '' ? -1 : Number(depthText);
	if (!Number.isInteger(depth)) throw new EmulatorHttpError(400, `Invalid depth "${depthText}"`);
	const options: TreeOptions = {
		depth,
		filter: parseFilter(ctx.query.get('filter')),
		showHidden: flag(ctx, 'showHidden'),
		includeAcls: flag(ctx, 'includeAcls'),
		includeSysDirs: flag(ctx, 'includeSysDirs'),
	};
	sendDoc(ctx, 'repositoryFileTreeDto', treeDoc(area, ctx, node, options, 0), area.jsonStyle);
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

	add('PUT', `${FILES}/delete`, async (ctx) => {
		const user = userOf(ctx);
		const nodes = nodesOfIds(area, await ctx.text());
		for (const node of nodes) if (!repo.isLive(node)) throw new EmulatorHttpError(500, `File ${node.id} is already in the trash`);
		for (const node of nodes) repo.require(user, node, DELETE);
		for (const node of nodes) repo.moveToTrash(node, user);
		ok(ctx);
	});

	add('PUT', `${FILES}/deletepermanent`, async (ctx) => {
		const user = userOf(ctx);
		const nodes = nodesOfIds(area, await ctx.text());
		for (const node of nodes) await repo.deletePermanently(node, user);
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

	add('GET', `${FILES}/tree`, (ctx) => sendTree(area, ctx, '/'));

	add('GET', `${FILES}/deleted`, (ctx) => {
		const user = userOf(ctx);
		sendDoc(ctx, 'repositoryFileDtoes', fileListDoc(repo.trashOf(user).map((node) => fileDoc(repo, node))), area.jsonStyle);
	});

	/* ----- {pathId} routes ----- */

	add('GET', `${FILES}/:pathId/download`, async (ctx) => {
		const user = userOf(ctx);
		const path = pathParam(ctx);
		const node = repo.readable(user, path);
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

	add('GET', `${FILES}/:pathId/inline`, async (ctx) => {
		const node = repo.readable(userOf(ctx), pathParam(ctx));
		if (node.folder) throw new EmulatorHttpError(403, `${repo.pathOf(node)} is a folder`);
		await streamContent(area, ctx, node, { 'Content-Disposition': contentDisposition('inline', node.name) });
	});

	// pentaho-platform:extensions/.../resources/FileResource.java `doRename` + services/FileService.java
	// `doRename` (9.3.0.0-422, 10.2.0.0-222, 727e5c86): control characters → 403
	// containsIllegalCharacters; a missing file is a NullPointerException → 500 with an empty body;
	// a FILE keeps its extension: the new name is `newName + extensionOf(oldName)` (sales.ktr renamed
	// to "sales_2024.ktr" becomes sales_2024.ktr.ktr); an existing destination → 500.
	add('PUT', `${FILES}/:pathId/rename`, (ctx) => {
		const user = userOf(ctx);
		const path = pathParam(ctx);
		const newName = ctx.query.get('newName') ?? '';
		if (CONTROL_CHARACTERS.test(newName)) throw new EmulatorHttpError(403, 'containsIllegalCharacters');
		const node = repo.find(path);
		if (!node) throw EmulatorHttpError.bare(500);
		if (newName.trim() === '' || newName.trim() !== newName) throw new EmulatorHttpError(500, `Illegal name "${newName}"`);
		const dot = node.name.lastIndexOf('.');
		const finalName = !node.folder && dot >= 0 ? newName + node.name.slice(dot) : newName;
		repo.rename(node, finalName, user);
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

	add('GET', `${FILES}/:pathId/tree`, (ctx) => sendTree(area, ctx, pathParam(ctx)));

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
						.filter((child) => !child.folder && child.metadata.contentCreator === node.id)
						.map((child) => fileDoc(repo, child))
				: [];
		sendDoc(ctx, 'repositoryFileDtoes', fileListDoc(docs), area.jsonStyle);
	};
	add('GET', `${FILES}/:pathId/generatedContent`, (ctx) => generated(ctx, userOf(ctx).name));
	add('GET', `${FILES}/:pathId/generatedContentForUser`, (ctx) => {
		generated(ctx, ctx.query.get('user') ?? '');
	});

	add('GET', `${FILES}/:pathId`, async (ctx) => {
		const node = repo.readable(userOf(ctx), pathParam(ctx));
		if (node.folder) throw new EmulatorHttpError(403, `${repo.pathOf(node)} is a folder`);
		await streamContent(area, ctx, node, {});
	});

	add('PUT', `${FILES}/:pathId`, async (ctx) => {
		const user = userOf(ctx);
		const path = pathParam(ctx);
		if (segmentsOf(path).length === 0) throw new EmulatorHttpError(403, 'Cannot write to the root folder');
		await repo.writeFile(path, ctx.req as Readable, user, { mimeType: ctx.req.headers['content-type'] });
		ok(ctx);
	});
}

