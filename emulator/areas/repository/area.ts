/**
 * Registers the repository area (its store on disk, seed.ts, and the routes of routes-system.ts,
 * routes-access.ts and routes-files.ts), and the helpers other areas and tests use to reach it.
 */
import { mkdtempSync, promises as fsp } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { EmulatorApp } from '../../core/app';
import { registerAccessRoutes } from './routes-access';
import { registerFileRoutes } from './routes-files';
import { registerImportRoutes } from './routes-import';
import { DEFAULT_LDAP, registerSystemRoutes } from './routes-system';
import { seedRepository, type RepositorySeed } from './seed';
import { attachRepository, Repository, type NodeSummary, type RepoNode, type RepositoryArea, type RepositoryIndex } from './store';

/** The repository store of a running emulator. */
export function repositoryOf(app: EmulatorApp): Repository {
	const area = app.state.repositoryArea as RepositoryArea | undefined;
	if (!area) throw new Error('The repository area is not registered');
	return area.repo;
}

function systemUser(app: EmulatorApp, owner?: string) {
	const user = app.users.find((u) => u.name === owner) ?? app.users.find((u) => u.admin) ?? { name: owner ?? 'admin', password: '', admin: true };
	return { ...user, name: owner ?? user.name, admin: true };
}

/** Creates or replaces a file (parents created), bypassing permissions; returns its summary. */
export async function putRepositoryFile(
	app: EmulatorApp,
	path: string,
	content: string | Buffer,
	options: { owner?: string; mimeType?: string; metadata?: Record<string, string>; hidden?: boolean } = {},
): Promise<NodeSummary> {
	const repo = repositoryOf(app);
	const node = await repo.writeFile(path, content, systemUser(app, options.owner), { mimeType: options.mimeType, checkPermissions: false });
	if (options.owner) node.acl.owner = options.owner;
	if (options.metadata) Object.assign(node.metadata, options.metadata);
	if (options.hidden !== undefined) node.hidden = options.hidden;
	return repo.summary(node);
}

/** The bytes of a live file, or undefined. */
export async function readRepositoryFile(app: EmulatorApp, path: string): Promise<Buffer | undefined> {
	const repo = repositoryOf(app);
	const node = repo.find(path);
	if (!node || node.folder) return undefined;
	return await repo.readContent(node);
}

/**
 * Adds generated content for a source file: a file in `/home/<user>` whose `contentCreator`
 * metadata names the source file's id (what `generatedContent` lists).
 */
export async function addGeneratedContent(app: EmulatorApp, sourcePath: string, user: string, name: string, content: string | Buffer, mimeType?: string): Promise<NodeSummary> {
	const repo = repositoryOf(app);
	const source = repo.find(sourcePath);
	if (!source) throw new Error(`No repository file ${sourcePath}`);
	return await putRepositoryFile(app, `/home/${user}/${name}`, content, { owner: user, mimeType, metadata: { contentCreator: source.id, lineage_id: source.id } });
}

/** Removes a live file or folder permanently (no trash). */
export async function deleteRepositoryPath(app: EmulatorApp, path: string): Promise<boolean> {
	const repo = repositoryOf(app);
	const node = repo.find(path);
	if (!node || node === repo.root) return false;
	await repo.deletePermanently(node, systemUser(app));
	return true;
}

export async function register(app: EmulatorApp): Promise<void> {
	const seed = (app.options.seed.repository ?? {}) as RepositorySeed;
	const baseDir = app.options.dataDir ?? tmpdir();
	await fsp.mkdir(baseDir, { recursive: true });
	const dir = mkdtempSync(join(baseDir, 'dataflow-repository-'));
	const blobs = join(dir, 'blobs');
	const temp = join(dir, 'tmp');
	await fsp.mkdir(blobs, { recursive: true });
	await fsp.mkdir(temp, { recursive: true });
	app.onClose(() => fsp.rm(dir, { recursive: true, force: true }));

	const repo = new Repository(blobs, () => app.now(), app.users);
	if (typeof seed.reservedCharacters === 'string') repo.reserved = seed.reservedCharacters;
	await seedRepository(repo, app.users, seed);

	const area: RepositoryArea = {
		app,
		repo,
		// Jersey 1 "mapped" JSON on 9.x/10.x, Jackson on 11.x (app.profile; emulator/core/profiles.ts).
		jsonStyle: seed.jsonStyle ?? (app.profile.jsonStyle === 'jersey1' ? 'strings' : 'typed'),
		ldap: { ...DEFAULT_LDAP, ...(seed.ldap ?? {}) },
		resourcePosts: new Map(),
		serverLogs: [],
	};
	app.state.repositoryArea = area;
	app.state.repository = repo;
	const lookup = (path: string): boolean => {
		const node = repo.find(path);
		return !!node && !node.folder;
	};
	const index: RepositoryIndex = {
		byPath: (path) => {
			const node = repo.find(path);
			return node ? repo.summary(node) : undefined;
		},
		byId: (id) => {
			const node: RepoNode | undefined = repo.byId.get(id);
			return node && repo.isLive(node) ? repo.summary(node) : undefined;
		},
	};
	attachRepository(app, lookup, index);

	// Fixed paths before {pathId} patterns: system, then access, then files.
	registerImportRoutes(area, temp);
	registerSystemRoutes(area, temp);
	registerAccessRoutes(area);
	registerFileRoutes(area);
}
