/**
 * The "From List" mode of repository paths: browses folders through `children`. Typing a folder
 * path ending in "/" (such as /home/admin/) lists that folder; text after the last "/" narrows it
 * by name. Text without "/" searches the root, /public and the user's home folder by name.
 * A list that cannot be loaded (wrong password or URL, server down) fails with the reason, so the
 * editor shows why instead of "No results". Folder pickers list folders only, the user's home
 * folder and /public among them.
 */
import { NodeOperationError, type IDataObject, type ILoadOptionsFunctions, type INodeListSearchItems, type INodeListSearchResult } from 'n8n-workflow';

import { normalizePath, pathIdSegment } from '../../common/repositoryPath';
import { dataflowRequest, SERVER_CREDENTIAL } from '../../common/transport';
import { fileList } from './documents';
import { FILES } from './paths';

async function childrenOf(ctx: ILoadOptionsFunctions, folder: string): Promise<IDataObject[]> {
	const path = folder === '/' ? `${FILES}/children` : `${FILES}/${pathIdSegment(folder)}/children`;
	const response = await dataflowRequest<unknown>(ctx, {
		method: 'GET',
		path,
		qs: { showHidden: 'false' },
		expect: 'json',
	});
	return fileList(response.body);
}

function entry(file: IDataObject): INodeListSearchItems | undefined {
	if (typeof file.path !== 'string' || file.path === '') return undefined;
	const folder = file.folder === true;
	return { name: folder ? `${file.path}/` : file.path, value: file.path };
}

async function search(ctx: ILoadOptionsFunctions, filter: string | undefined, foldersOnly: boolean): Promise<INodeListSearchResult> {
	const text = (filter ?? '').trim();
	let folders: string[];
	let term: string;
	if (text.startsWith('/')) {
		const slash = text.lastIndexOf('/');
		term = text.slice(slash + 1);
		const folderText = text.slice(0, slash) || '/';
		try {
			folders = [normalizePath(folderText)];
		} catch (error) {
			throw new NodeOperationError(ctx.getNode(), (error as Error).message);
		}
	} else {
		const credentials = await ctx.getCredentials(SERVER_CREDENTIAL);
		const user = String(credentials.username ?? '').trim();
		folders = ['/', '/public', ...(user && !user.includes('/') ? [`/home/${user}`] : [])];
		term = text;
	}
	const needle = term.toLowerCase();
	const results: INodeListSearchItems[] = [];
	const seen = new Set<string>();
	if (text.startsWith('/') && term === '' && folders[0] !== '/') {
		results.push({ name: `${folders[0]}/ (this folder)`, value: folders[0] });
		seen.add(folders[0]);
	}
	if (!text.startsWith('/') && foldersOnly) {
		// The base folders themselves are choices too (the user's home folder first of all).
		for (const folder of [...folders.slice(2), '/public']) {
			if (needle === '' || folder.toLowerCase().includes(needle)) {
				results.push({ name: `${folder}/`, value: folder });
				seen.add(folder);
			}
		}
	}
	// No catch: a failure (401, unreachable server) reaches the editor with its reason.
	const listings = await Promise.all(folders.map(async (folder) => await childrenOf(ctx, folder)));
	const files = listings
		.flat()
		.filter((file) => !foldersOnly || file.folder === true)
		.filter((file) => needle === '' || String(file.name ?? '').toLowerCase().includes(needle))
		.sort((a, b) => (a.folder === b.folder ? String(a.path).localeCompare(String(b.path)) : a.folder === true ? -1 : 1));
	for (const file of files) {
		const item = entry(file);
		if (!item || seen.has(String(item.value))) continue;
		seen.add(String(item.value));
		results.push(item);
	}
	return { results };
}

export async function searchPaths(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return await search(this, filter, false);
}

export async function searchFolders(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return await search(this, filter, true);
}
