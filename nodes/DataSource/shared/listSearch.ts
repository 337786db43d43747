/** "From List" searches of the resource locators: the server's name lists, filtered as the user types. */
import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { dataflowRequest } from '../../common/transport';
import { LIST_REFUSED } from './jdbc';
import { namesFromList } from './nameList';
import { ANALYSIS_PATH, DSW_PATH, JDBC_PATH } from './paths';
import { refusals } from './request';

async function search(ctx: ILoadOptionsFunctions, path: string, filter?: string): Promise<INodeListSearchResult> {
	// The connection list answers a user who may not manage data sources with an empty 500.
	const { body } = await dataflowRequest<IDataObject>(ctx, { method: 'GET', path, expect: 'json', refusals: refusals(path === JDBC_PATH ? { 500: LIST_REFUSED } : {}) });
	const needle = (filter ?? '').trim().toLowerCase();
	const names = namesFromList(body)
		.filter((name) => needle === '' || name.toLowerCase().includes(needle))
		.sort((a, b) => a.localeCompare(b));
	return { results: names.map((name) => ({ name, value: name })) };
}

export async function searchConnections(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return await search(this, JDBC_PATH, filter);
}

export async function searchCatalogs(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return await search(this, ANALYSIS_PATH, filter);
}

export async function searchDomains(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return await search(this, DSW_PATH, filter);
}
