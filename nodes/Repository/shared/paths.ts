/**
 * Repository paths in this node: the resource locator users fill in (a folder browser or a typed
 * path), reading it back as a checked slash path, and the URLs of the endpoints that take a path id.
 */
import type { IDataObject, IDisplayOptions, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { normalizePath, pathIdSegment, RepositoryPathError } from '../../common/repositoryPath';

export const FILES = '/api/repo/files';
export const DIRS = '/api/repo/dirs';
export const REPOS = '/api/repos';

export type Show = NonNullable<IDisplayOptions['show']>;

export function show(resource: string, ...operations: string[]): Show {
	return { resource: [resource], operation: operations };
}

export interface PathFieldOptions {
	name?: string;
	displayName?: string;
	description?: string;
	placeholder?: string;
	/** The list offers folders only (the folder pickers). */
	folders?: boolean;
	/** The field's own condition (a trigger event, a context type); the operation's comes from updateDisplayOptions. */
	show?: Show;
}

/** A repository path: "From List" browses folders (type a folder such as /home/admin/ to open it), "By Path" takes a typed path. */
export function pathField(options: PathFieldOptions = {}): INodeProperties {
	return {
		displayName: options.displayName ?? 'Path',
		name: options.name ?? 'path',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		...(options.show ? { displayOptions: { show: options.show } } : {}),
		description:
			options.description ??
			'Repository path of the file or folder, such as /home/admin/sales.ktr. In the list, type a folder path ending with "/" to browse it.',
		builderHint: {
			propertyHint:
				'A repository path starting with /, such as /home/admin/sales.ktr (a file) or /public/etl (a folder). Set it in the path mode (mode path, the value the path); the list mode is the picker of the editor and holds the same path.',
		},
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: options.folders ? 'searchFolders' : 'searchPaths', searchable: true, searchFilterRequired: false },
			},
			{
				displayName: 'By Path',
				name: 'path',
				type: 'string',
				placeholder: options.placeholder ?? 'e.g. /home/admin/sales.ktr',
				validation: [
					{
						type: 'regex',
						properties: { regex: '^/.*', errorMessage: 'A repository path starts with "/", for example /public/sales.ktr' },
					},
				],
			},
		],
	};
}

/** The value of a path parameter (resource locator or plain string), checked and normalised: `/public/`, `/a//b` and empty paths are handled or refused. */
export function readPath(ctx: IExecuteFunctions, itemIndex: number, name = 'path', label = 'Path'): string {
	const value = ctx.getNodeParameter(name, itemIndex, '', { extractValue: true }) as unknown;
	const text = typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
	return normalizePath(text, label);
}

/** A list of paths or ids given as a multiple-value field, an expression list or one comma/line-separated text. */
export function readList(ctx: IExecuteFunctions, itemIndex: number, name: string, label: string): string[] {
	const raw = ctx.getNodeParameter(name, itemIndex, []) as unknown;
	const flat = (Array.isArray(raw) ? raw : [raw]).flat(3);
	const values: string[] = [];
	for (const entry of flat) {
		if (entry === null || entry === undefined) continue;
		const text = typeof entry === 'object' ? String((entry as IDataObject).value ?? '') : String(entry);
		for (const part of text.split(/\r?\n/)) if (part.trim() !== '') values.push(part.trim());
	}
	if (values.length === 0) throw new RepositoryPathError(`${label} is empty: give at least one`);
	return values;
}

/** `/api/repo/files/:home:admin:x.ktr/<suffix>` for a slash path. */
export function filesUrl(path: string, suffix?: string): string {
	return `${FILES}/${pathIdSegment(path)}${suffix ? `/${suffix}` : ''}`;
}

export function dirsUrl(path: string, suffix?: string): string {
	return `${DIRS}/${pathIdSegment(path)}${suffix ? `/${suffix}` : ''}`;
}

/** The endpoint of a path, or the root endpoint (`/api/repo/files/<suffix>`) for `/`. */
export function filesUrlOrRoot(path: string, suffix: string): string {
	return path === '/' ? `${FILES}/${suffix}` : filesUrl(path, suffix);
}

export function joinPath(folder: string, name: string): string {
	return folder === '/' ? `/${name}` : `${folder}/${name}`;
}
