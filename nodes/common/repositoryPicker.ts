/**
 * Repository paths as n8n resource locators, for every node that names a repository file or folder
 * (the Repository node, a Worker job or transformation path, a Scheduler input file or output
 * folder): "From List" browses the repository through `GET /api/repo/files/{pathId}/children`, "By
 * Path" takes a typed path. Typing a folder path ending in "/" (such as /home/admin/) lists that
 * folder; text after the last "/" searches below it by name. Text without "/" searches the root,
 * /public and the user's home folder and their sub-folders by name (bounded: SEARCH_BOUND). Folder
 * pickers list folders only, the user's home folder and /public among them; the job and
 * transformation pickers list only .kjb / .ktr files. A list that cannot be loaded (wrong password or URL, server down, a worker
 * server without a repository) fails with the reason, so the editor shows why instead of "No results".
 *
 * The children answer is a `repositoryFileDtoes` list of `repositoryFileDto`: Jersey 1 (9.x/10.x)
 * writes one entry as a bare object, strings for booleans and leaves an empty list out; Jackson
 * (11.x) writes typed arrays (pentaho-platform:extensions/src/main/java/org/pentaho/platform/web/http/api/resources/JAXBContextResolver.java@9.3.0.0-422,
 * JAXRSApplication.java@HEAD).
 */
import {
	NodeOperationError,
	type IDataObject,
	type IDisplayOptions,
	type IExecuteFunctions,
	type ILoadOptionsFunctions,
	type INodeListSearchItems,
	type INodeListSearchResult,
	type INodeProperties,
} from 'n8n-workflow';

import { normalizePath, pathIdSegment } from './repositoryPath';
import { dataflowRequest, SERVER_CREDENTIAL } from './transport';

const FILES = '/api/repo/files';

export interface PickedFile {
	path: string;
	name: string;
	folder: boolean;
}

function list(value: unknown): IDataObject[] {
	if (value === null || value === undefined || value === '') return [];
	return (Array.isArray(value) ? value : [value]).filter((v): v is IDataObject => v !== null && typeof v === 'object');
}

/** The files of a children answer, whatever the server version's JSON (or XML) style. */
export function childrenFiles(body: unknown): PickedFile[] {
	const root = (body !== null && typeof body === 'object' ? (body as IDataObject) : {}) as IDataObject;
	const wrapper = (root.repositoryFileDtoes ?? root) as IDataObject;
	return list(wrapper && typeof wrapper === 'object' ? wrapper.repositoryFileDto : undefined)
		.map((file) => ({
			path: String(file.path ?? ''),
			name: String(file.name ?? ''),
			folder: file.folder === true || file.folder === 'true',
		}))
		.filter((file) => file.path !== '');
}

async function childrenOf(ctx: ILoadOptionsFunctions, folder: string): Promise<PickedFile[]> {
	const path = folder === '/' ? `${FILES}/children` : `${FILES}/${pathIdSegment(folder)}/children`;
	const response = await dataflowRequest<unknown>(ctx, { method: 'GET', path, qs: { showHidden: 'false' }, expect: 'json' });
	return childrenFiles(response.body);
}

/** How far a search by name walks below its base folders: so a large repository is not walked whole on every key press. */
export const SEARCH_BOUND = { depth: 3, listings: 25 } as const;

export interface SearchOptions {
	/** Only files (a folder is never offered where a file is asked): the job, transformation and report pickers. */
	filesOnly?: boolean;
}

function matchesKind(file: PickedFile, foldersOnly: boolean, extensions: string[] | undefined, filesOnly: boolean): boolean {
	if (file.folder) return !filesOnly;
	if (foldersOnly) return false;
	return !extensions || extensions.some((ext) => file.name.toLowerCase().endsWith(`.${ext}`));
}

/** Whether a folder exists for this user (the server answers a missing and an unreadable folder alike: 204). */
async function folderExists(ctx: ILoadOptionsFunctions, folder: string): Promise<boolean> {
	if (folder === '/') return true;
	const response = await dataflowRequest<unknown>(ctx, { method: 'GET', path: `${FILES}/${pathIdSegment(folder)}/properties`, expect: 'json' });
	const file = response.body !== null && typeof response.body === 'object' ? (response.body as IDataObject) : undefined;
	const dto = (file?.repositoryFileDto ?? file) as IDataObject | undefined;
	return response.status !== 204 && dto !== undefined && (dto.folder === true || dto.folder === 'true');
}

/**
 * The picker's list. `extensions` (lower case, without the dot) keeps only files with one of those
 * extensions. Text without "/" searches by name in the root, /public and the user's home folder and in
 * their sub-folders, breadth first, at most SEARCH_BOUND.depth levels down and SEARCH_BOUND.listings
 * folder listings per search; a folder path ending in "/" lists that folder (and, with text after the
 * last "/", searches below it the same way). A typed folder that does not exist, or that the user may not
 * read, is an error saying so (the server answers both like an empty folder).
 */
export async function searchRepository(
	ctx: ILoadOptionsFunctions,
	filter: string | undefined,
	foldersOnly: boolean,
	extensions?: string[],
	options: SearchOptions = {},
): Promise<INodeListSearchResult> {
	const filesOnly = options.filesOnly === true;
	const text = (filter ?? '').trim();
	let folders: string[];
	let term: string;
	if (text.startsWith('/')) {
		const slash = text.lastIndexOf('/');
		term = text.slice(slash + 1);
		try {
			folders = [normalizePath(text.slice(0, slash) || '/')];
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
	if (!text.startsWith('/') && foldersOnly) {
		// The base folders themselves are choices too (the user's home folder first of all).
		for (const folder of [...folders.slice(2), '/public']) {
			if (needle === '' || folder.toLowerCase().includes(needle)) {
				results.push({ name: `${folder}/`, value: folder });
				seen.add(folder);
			}
		}
	}
	// No catch: a failure (401, unreachable server, no repository) reaches the editor with its reason.
	const found: PickedFile[] = [];
	const typedFolder = text.startsWith('/') ? folders[0] : undefined;
	const first = await Promise.all(folders.map(async (folder) => await childrenOf(ctx, folder)));
	if (typedFolder !== undefined && first[0].length === 0 && !(await folderExists(ctx, typedFolder))) {
		throw new NodeOperationError(ctx.getNode(), `The repository has no folder ${typedFolder}, or you may not read it (the server answers both like an empty folder)`);
	}
	// A typed folder is itself a choice where a folder is an answer (folder pickers, and the generic path picker of
	// operations that take a file or a folder); never in a picker of files.
	if (typedFolder !== undefined && term === '' && !filesOnly && typedFolder !== '/') {
		results.push({ name: `${typedFolder}/ (this folder)`, value: typedFolder });
		seen.add(typedFolder);
	}
	// Breadth first below the base folders while searching by name; a listing of one folder otherwise.
	const queue: Array<{ folder: string; depth: number }> = [];
	const listed = new Set(folders);
	const enqueue = (children: PickedFile[], depth: number) => {
		for (const child of children) {
			if (!child.folder || listed.has(child.path)) continue;
			listed.add(child.path);
			queue.push({ folder: child.path, depth });
		}
	};
	let listings = first.length;
	for (const children of first) {
		found.push(...children);
		if (needle !== '') enqueue(children, 1);
	}
	while (needle !== '' && queue.length > 0 && listings < SEARCH_BOUND.listings) {
		const batch = queue.splice(0, Math.min(4, SEARCH_BOUND.listings - listings));
		listings += batch.length;
		const lists = await Promise.all(batch.map(async (entry) => await childrenOf(ctx, entry.folder)));
		lists.forEach((children, index) => {
			found.push(...children);
			if (batch[index].depth < SEARCH_BOUND.depth) enqueue(children, batch[index].depth + 1);
		});
	}
	const files = found
		.filter((file) => matchesKind(file, foldersOnly, extensions, filesOnly))
		.filter((file) => needle === '' || file.name.toLowerCase().includes(needle))
		.sort((a, b) => (a.folder === b.folder ? a.path.localeCompare(b.path) : a.folder ? -1 : 1));
	for (const file of files) {
		if (seen.has(file.path)) continue;
		seen.add(file.path);
		results.push({ name: file.folder ? `${file.path}/` : file.path, value: file.path });
	}
	return { results };
}

/** listSearch methods of a node that uses `repositoryPathField`. */
export async function searchRepositoryPaths(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return await searchRepository(this, filter, false);
}

export async function searchRepositoryFolders(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return await searchRepository(this, filter, true);
}

/** The Job Path picker: jobs (.kjb) only. */
export async function searchJobPaths(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return await searchRepository(this, filter, false, ['kjb'], { filesOnly: true });
}

/** The Transformation Path picker: transformations (.ktr) only. */
export async function searchTransformationPaths(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return await searchRepository(this, filter, false, ['ktr'], { filesOnly: true });
}

export interface RepositoryPathFieldOptions {
	name: string;
	displayName: string;
	description: string;
	placeholder: string;
	/** The field's own condition (the operation's comes from updateDisplayOptions). */
	show?: NonNullable<IDisplayOptions['show']>;
	/** The list offers folders only. */
	folders?: boolean;
	/** The listSearch method (default: searchRepositoryFolders or searchRepositoryPaths). */
	searchMethod?: string;
	required?: boolean;
	/** The mode a new node starts in (default the list). */
	defaultMode?: 'list' | 'path';
}

/** A repository path field: "From List" browses the repository, "By Path" takes a typed path. */
export function repositoryPathField(options: RepositoryPathFieldOptions): INodeProperties {
	return {
		displayName: options.displayName,
		name: options.name,
		type: 'resourceLocator',
		default: { mode: options.defaultMode ?? 'list', value: '' },
		required: options.required ?? false,
		description: `${options.description}. In the list, type part of a name to search (sub-folders included, ${SEARCH_BOUND.depth} levels deep), or a folder path ending with "/" to list it.`,
		builderHint: {
			propertyHint:
				'A repository path starting with /, such as /public/etl/load_sales. Set it in the path mode (mode path, the value the path); the list mode is the picker of the editor and holds the same path.',
		},
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: {
					searchListMethod: options.searchMethod ?? (options.folders ? 'searchRepositoryFolders' : 'searchRepositoryPaths'),
					searchable: true,
					searchFilterRequired: false,
				},
			},
			{
				displayName: 'By Path',
				name: 'path',
				type: 'string',
				placeholder: options.placeholder,
				validation: [
					{ type: 'regex', properties: { regex: '^/.*', errorMessage: 'A repository path starts with "/", for example /public/sales.ktr' } },
				],
			},
		],
		...(options.show ? { displayOptions: { show: options.show } } : {}),
	};
}

/** The text of a repository path parameter, a resource locator or (older workflows, expressions) a plain string. */
export function repositoryPathText(ctx: IExecuteFunctions, name: string, itemIndex: number): string {
	const value = ctx.getNodeParameter(name, itemIndex, '', { extractValue: true }) as unknown;
	if (value === null || value === undefined) return '';
	if (typeof value === 'object') return String((value as IDataObject).value ?? '').trim();
	return String(value).trim();
}
