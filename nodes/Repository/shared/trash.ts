/**
 * Which files a trash operation acts on. The server's `delete` and `deletepermanent` take
 * repository file ids, comma-separated; users may give ids (from Get Children or the trash list)
 * or ordinary paths, which are looked up through the file properties (and, for a file already in
 * the trash, through the trash list by its original path).
 */
import { NodeOperationError, type IDataObject, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { normalizePath } from '../../common/repositoryPath';
import { dataflowRequest } from '../../common/transport';
import { apiError } from '../../common/errors';
import { fileList, singleFile } from './documents';
import { FILES, filesUrl, readList } from './paths';

export interface TrashTargets {
	by: 'path' | 'id';
	values: string[];
}

export function trashTargetFields(pathHint: string): INodeProperties[] {
	return [
		{
			displayName: 'Identify Files By',
			name: 'filesBy',
			type: 'options',
			options: [
				{ name: 'ID', value: 'id', description: "Repository file IDs, as 'Get Children' and the trash list return them" },
				{ name: 'Path', value: 'path', description: 'Repository paths such as /home/admin/old.ktr' },
			],
			default: 'path',
			required: true,
		},
		{
			displayName: 'Paths',
			name: 'paths',
			type: 'string',
			typeOptions: { multipleValues: true, multipleValueButtonText: 'Add Path' },
			default: [],
			required: true,
			placeholder: 'e.g. /home/admin/old.ktr',
			description: pathHint,
			displayOptions: { show: { filesBy: ['path'] } },
		},
		{
			displayName: 'IDs',
			name: 'ids',
			type: 'string',
			typeOptions: { multipleValues: true, multipleValueButtonText: 'Add ID' },
			default: [],
			required: true,
			placeholder: 'e.g. c9b6f3a2-1d2e-4f5a-9b8c-7d6e5f4a3b2c',
			description: 'Repository file IDs, all sent in one call',
			displayOptions: { show: { filesBy: ['id'] } },
		},
	];
}

export function readTrashTargets(ctx: IExecuteFunctions, itemIndex: number): TrashTargets {
	const by = ctx.getNodeParameter('filesBy', itemIndex, 'path') === 'id' ? 'id' : 'path';
	if (by === 'path') {
		return { by, values: [...new Set(readList(ctx, itemIndex, 'paths', 'Paths').map((p) => normalizePath(p, 'Path')))] };
	}
	const ids = [...new Set(readList(ctx, itemIndex, 'ids', 'IDs'))];
	for (const id of ids) {
		if (id.includes(',')) throw new NodeOperationError(ctx.getNode(), `The ID "${id}" contains a comma, which separates IDs`, { itemIndex });
	}
	return { by, values: ids };
}

/** The current user's trash (`GET deleted`), one record per trashed file. */
export async function trashList(ctx: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return fileList((await dataflowRequest<unknown>(ctx, { method: 'GET', path: `${FILES}/deleted`, expect: 'json', itemIndex })).body);
}

/** Where a trashed file was deleted from: its original folder and its name. */
export function originalPathOf(file: IDataObject): string {
	const parent = String(file.originalParentFolderPath ?? '');
	return parent === '' ? String(file.path ?? '') : `${parent === '/' ? '' : parent}/${String(file.name ?? '')}`;
}

/** The id of a live file at a path, or undefined when nothing is there (204). */
async function liveId(ctx: IExecuteFunctions, path: string, itemIndex: number): Promise<string | undefined> {
	const response = await dataflowRequest<unknown>(ctx, { method: 'GET', path: filesUrl(path, 'properties'), expect: 'json', itemIndex });
	if (response.status === 204 || response.body === undefined || response.body === null || response.body === '') return undefined;
	const id = singleFile(response.body).id;
	return typeof id === 'string' && id !== '' ? id : undefined;
}

/**
 * Resolves the targets to file ids. With `searchTrash`, a path with no live file is looked up in
 * the trash by its original path (every trashed file with that path).
 */
export async function resolveIds(ctx: IExecuteFunctions, targets: TrashTargets, itemIndex: number, searchTrash: boolean): Promise<Array<{ id: string; path?: string }>> {
	if (targets.by === 'id') return targets.values.map((id) => ({ id }));
	const out: Array<{ id: string; path?: string }> = [];
	let trash: IDataObject[] | undefined;
	for (const path of targets.values) {
		if (path === '/') throw new NodeOperationError(ctx.getNode(), 'The root folder cannot be deleted', { itemIndex });
		const id = await liveId(ctx, path, itemIndex);
		if (id) {
			out.push({ id, path });
			continue;
		}
		if (searchTrash) {
			trash ??= await trashList(ctx, itemIndex);
			const matches = trash.filter((file) => originalPathOf(file) === path && typeof file.id === 'string');
			if (matches.length) {
				for (const match of matches) out.push({ id: String(match.id), path });
				continue;
			}
		}
		throw apiError(ctx.getNode(), {
			message: `The repository has no file or folder ${path}${searchTrash ? ' (neither in place nor in the trash)' : ''}`,
			httpCode: '404',
			itemIndex,
		});
	}
	return out;
}

/**
 * After a `PUT delete` / `PUT deletepermanent`, what the server then holds: the trash is read back.
 * Moved files must be in it (output with their trash dates and original paths), permanently deleted
 * ones in neither place (output as given); anything else is a failure, not a success.
 */
export async function confirmTrash(
	ctx: IExecuteFunctions,
	files: Array<{ id: string; path?: string }>,
	moved: boolean,
	itemIndex: number,
): Promise<IDataObject[]> {
	const trash = await trashList(ctx, itemIndex);
	const inTrash = (id: string) => trash.find((file) => file.id === id);
	if (moved) {
		const missing = files.filter((f) => !inTrash(f.id));
		if (missing.length) {
			throw apiError(ctx.getNode(), {
				message: `The server answered the move to the trash, but its trash does not hold ${missing.map((f) => f.path ?? f.id).join(', ')}`,
				httpCode: '500',
				itemIndex,
			});
		}
		return files.map((f) => ({ ...inTrash(f.id), ...(f.path ? { originalPath: f.path } : {}) }));
	}
	const kept = files.filter((f) => inTrash(f.id));
	if (kept.length) {
		throw apiError(ctx.getNode(), { message: `The server answered the deletion, but its trash still holds ${kept.map((f) => f.path ?? f.id).join(', ')}`, httpCode: '500', itemIndex });
	}
	return files;
}
