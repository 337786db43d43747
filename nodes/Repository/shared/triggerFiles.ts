/**
 * The Repository Trigger's watches.
 *
 * Files: the files under a folder (its children, or its whole tree with subfolders), whose names
 * match a pattern, keyed by repository file id, with `lastModifiedDate` and path kept. A new id is
 * a created file, a moved `lastModifiedDate` an updated one, an id no longer listed a deleted one:
 * moved to the trash (then the item carries the trash entry), deleted for good, or moved or
 * renamed out of what the trigger watches. The folder is read with `tree` (depth 1 without
 * subfolders), which answers 204 for a folder that is not there, so a folder that disappears fails
 * the poll instead of reporting every file deleted.
 *
 * Generated content: the output files of one source file (`generatedContent`), keyed by id; a new
 * id is an added output.
 */
import { NodeOperationError, type IDataObject, type IPollFunctions } from 'n8n-workflow';

import type { CursorValue, Emission, Watch } from '../../common/polling';
import { latestBy, wildcardMatcher } from '../../common/triggerFields';
import { dataflowRequest } from '../../common/transport';
import { apiError } from '../../common/errors';
import { fileList, flatTree, treeOf } from './documents';
import { FILES, filesUrl } from './paths';
import { baseName } from '../../common/repositoryPath';

export const REPOSITORY_EVENTS = ['fileCreated', 'fileDeleted', 'fileUpdated', 'generatedContentAdded'];
export const FILE_EVENTS = ['fileCreated', 'fileDeleted', 'fileUpdated'];

export interface FilesWatchOptions {
	events: string[];
	folder: string;
	/** Wildcard patterns for file names, comma-separated; empty for every name. */
	namePattern: string;
	includeSubfolders: boolean;
	includeFolders: boolean;
	includeHidden: boolean;
}

/** The state kept per file: last modified date and path. */
export interface FileCursor {
	[key: string]: string | null;
	m: string | null;
	p: string;
}

function text(value: unknown): string {
	return value === undefined || value === null ? '' : String(value);
}

function dateOf(file: IDataObject, key: string): string | null {
	const value = file[key];
	return typeof value === 'string' && value !== '' ? value : null;
}

/** A file's own fields, without the tree's bookkeeping. */
function fileOf(entry: IDataObject): IDataObject {
	const file = { ...entry };
	delete file.depth;
	return file;
}

/** The original path of a trash entry. */
function originalPath(file: IDataObject): string {
	const parent = text(file.originalParentFolderPath);
	if (parent === '') return text(file.path);
	return `${parent === '/' ? '' : parent}/${text(file.name)}`;
}

function isUnder(path: string, folder: string, subfolders: boolean): boolean {
	const prefix = folder === '/' ? '/' : `${folder}/`;
	if (!path.startsWith(prefix)) return false;
	return subfolders || !path.slice(prefix.length).includes('/');
}

export function filesWatch(ctx: IPollFunctions, options: FilesWatchOptions, scope: Record<string, CursorValue>): Watch<IDataObject, FileCursor> {
	const matches = wildcardMatcher(options.namePattern);
	const wants = (event: string) => options.events.includes(event);
	const keyOf = (file: IDataObject) => text(file.id) || text(file.path);
	const fits = (file: IDataObject) => (options.includeFolders || file.folder !== true) && matches(text(file.name));

	const created = (file: IDataObject, now: string): Emission[] =>
		wants('fileCreated') ? [{ key: keyOf(file), event: 'fileCreated', occurredAt: dateOf(file, 'createdDate') ?? now, data: { file } }] : [];

	/** The trash of the trigger's user (it lists only what that user deleted). */
	const trash = async (): Promise<IDataObject[]> => {
		const response = await dataflowRequest<unknown>(ctx, { method: 'GET', path: `${FILES}/deleted`, expect: 'json' });
		return fileList(response.body);
	};

	return {
		section: 'files',
		scope: {
			...scope,
			folder: options.folder,
			namePattern: options.namePattern.trim(),
			includeSubfolders: options.includeSubfolders,
			includeFolders: options.includeFolders,
			includeHidden: options.includeHidden,
		},
		async load() {
			const path = options.folder === '/' ? `${FILES}/tree` : filesUrl(options.folder, 'tree');
			const response = await dataflowRequest<unknown>(ctx, {
				method: 'GET',
				path,
				qs: {
					depth: options.includeSubfolders ? -1 : 1,
					showHidden: String(options.includeHidden),
					includeAcls: 'false',
					includeSysDirs: 'false',
				},
				expect: 'json',
			});
			if (response.status === 204 || response.body === undefined || response.body === null || response.body === '') {
				throw apiError(ctx.getNode(), {
					message: `The repository has no folder ${options.folder} (or this user may not read it)`,
					httpCode: '404',
				});
			}
			const tree = treeOf(response.body);
			if (tree.file.folder === false) {
				throw new NodeOperationError(ctx.getNode(), `${options.folder} is a file, not a folder: give the folder to watch`);
			}
			return flatTree(tree)
				.filter((entry) => entry.depth !== 0)
				.map(fileOf)
				.filter(fits);
		},
		key: keyOf,
		state(file) {
			return { m: dateOf(file, 'lastModifiedDate'), p: text(file.path) };
		},
		existing: created,
		added: created,
		changed(file, before) {
			const modified = dateOf(file, 'lastModifiedDate');
			if (!wants('fileUpdated') || modified === null || modified === before.m) return [];
			return [{ key: keyOf(file), event: 'fileUpdated', occurredAt: modified, data: { file, previous: { lastModifiedDate: before.m } } }];
		},
		removed(key, before, now) {
			if (!wants('fileDeleted')) return [];
			const file: IDataObject = { id: key, name: baseName(before.p), path: before.p, lastModifiedDate: before.m };
			return [{ key, event: 'fileDeleted', occurredAt: now, data: { file, trashed: false } }];
		},
		async sample(files, now) {
			const candidates: Emission[] = [];
			if (wants('fileCreated')) {
				const file = latestBy(files, (f) => dateOf(f, 'createdDate'));
				if (file) candidates.push(...created(file, now));
			}
			if (wants('fileUpdated')) {
				const file = latestBy(files, (f) => dateOf(f, 'lastModifiedDate'));
				if (file) {
					candidates.push({
						key: keyOf(file),
						event: 'fileUpdated',
						occurredAt: dateOf(file, 'lastModifiedDate') ?? now,
						data: { file, previous: { lastModifiedDate: null } },
					});
				}
			}
			if (wants('fileDeleted')) {
				const deleted = (await trash()).filter((f) => isUnder(originalPath(f), options.folder, options.includeSubfolders) && fits(f));
				const file = latestBy(deleted, (f) => dateOf(f, 'deletedDate'));
				if (file) {
					candidates.push({ key: keyOf(file), event: 'fileDeleted', occurredAt: dateOf(file, 'deletedDate') ?? now, data: { file, trashed: true } });
				}
			}
			// On equal times the earlier candidate wins: a file never changed since it was created
			// (lastModifiedDate = createdDate) is a created file, not an update.
			return latestBy([...candidates].reverse(), (c) => c.occurredAt);
		},
		async complete(emissions) {
			if (!emissions.some((e) => e.event === 'fileDeleted' && e.data.trashed === false)) return emissions;
			const byId = new Map((await trash()).map((f) => [text(f.id), f]));
			return emissions.map((emission) => {
				const found = emission.event === 'fileDeleted' && emission.data.trashed === false ? byId.get(emission.key) : undefined;
				if (!found) return emission;
				return { ...emission, occurredAt: dateOf(found, 'deletedDate') ?? emission.occurredAt, data: { file: found, trashed: true } };
			});
		},
	};
}

export interface GeneratedWatchOptions {
	sourceFile: string;
}

export function generatedContentWatch(
	ctx: IPollFunctions,
	options: GeneratedWatchOptions,
	scope: Record<string, CursorValue>,
): Watch<IDataObject, number> {
	const added = (file: IDataObject, now: string): Emission[] => [
		{
			key: text(file.id) || text(file.path),
			event: 'generatedContentAdded',
			occurredAt: dateOf(file, 'createdDate') ?? now,
			data: { file, sourceFile: options.sourceFile },
		},
	];
	return {
		section: 'generatedContent',
		scope: { ...scope, sourceFile: options.sourceFile },
		async load() {
			const response = await dataflowRequest<unknown>(ctx, { method: 'GET', path: filesUrl(options.sourceFile, 'generatedContent'), expect: 'json' });
			return fileList(response.body);
		},
		key: (file) => text(file.id) || text(file.path),
		state: () => 1,
		existing: added,
		added,
		changed: () => [],
		removed: () => [],
		sample(files, now) {
			const file = latestBy(files, (f) => dateOf(f, 'createdDate'));
			return file ? added(file, now)[0] : undefined;
		},
	};
}
