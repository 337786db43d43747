/**
 * The address of a repository resource, `/api/repos/{contextId}/{resourceId}`: the context is a
 * repository file (sent as its path id) or a file extension or plugin ID; the resource is a
 * content generator, a static plugin file or a repository file ID.
 */
import { NodeOperationError, type IDataObject, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { encodePathId, pathIdSegment } from '../../common/repositoryPath';
import { pathField, readPath, REPOS } from './paths';
import { pairListField, readPairs } from '../../common/fields';

export function resourceAddressFields(): INodeProperties[] {
	return [
		{
			displayName: 'Context',
			name: 'contextType',
			type: 'options',
			options: [
				{ name: 'Extension or Plugin ID', value: 'id', description: 'A file extension such as "prpt" or a plugin ID' },
				{ name: 'Repository File', value: 'file', description: 'A file in the repository, such as a report' },
			],
			default: 'file',
			required: true,
		},
		pathField({ show: { contextType: ['file'] }, description: 'Repository path of the file the resource belongs to', placeholder: 'e.g. /public/Sample Reports/Sales Summary.prpt' }),
		{
			displayName: 'Context ID',
			name: 'contextId',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. prpt',
			description: 'File extension or plugin ID',
			displayOptions: { show: { contextType: ['id'] } },
		},
		{
			displayName: 'Resource ID',
			name: 'resourceId',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. viewer',
			description: 'Content generator ID, static plugin file or repository file ID',
		},
	];
}

export function nameValueField(name: string, displayName: string, placeholder: string, description: string): INodeProperties {
	return pairListField({ name, displayName, placeholder, description, entry: 'parameter' });
}

/** A name/value list as a record; a name given twice keeps its last value (query parameters and form fields). */
export function readNameValues(ctx: IExecuteFunctions, itemIndex: number, name: string): Record<string, string> {
	return Object.fromEntries(readPairs(ctx, itemIndex, { name, entry: 'parameter', label: 'parameter', allowDuplicates: true }).map((p) => [p.name, p.value]));
}

export interface ResourceAddress {
	/** `/api/repos/{contextId}/{resourceId}`, encoded. */
	url: string;
	resourceId: string;
	path?: string;
	contextId: string;
}

export function readResourceAddress(ctx: IExecuteFunctions, itemIndex: number): ResourceAddress {
	const node = ctx.getNode();
	const resourceId = String(ctx.getNodeParameter('resourceId', itemIndex, '') ?? '').trim();
	if (resourceId === '') throw new NodeOperationError(node, 'The resource ID is empty', { itemIndex });
	if (resourceId.includes('/')) throw new NodeOperationError(node, `The resource ID "${resourceId}" may not contain "/"`, { itemIndex });
	if (ctx.getNodeParameter('contextType', itemIndex, 'file') === 'file') {
		const path = readPath(ctx, itemIndex);
		const segment = pathIdSegment(path);
		return { url: `${REPOS}/${segment}/${encodeURIComponent(resourceId)}`, resourceId, path, contextId: decodeURIComponent(segment) };
	}
	const contextId = String(ctx.getNodeParameter('contextId', itemIndex, '') ?? '').trim();
	if (contextId === '') throw new NodeOperationError(node, 'The context ID is empty', { itemIndex });
	if (contextId.includes('/')) throw new NodeOperationError(node, `The context ID "${contextId}" may not contain "/"`, { itemIndex });
	return { url: `${REPOS}/${encodePathId(contextId)}/${encodeURIComponent(resourceId)}`, resourceId, contextId };
}

export function addressJson(address: ResourceAddress): IDataObject {
	return { contextId: address.contextId, resourceId: address.resourceId, ...(address.path ? { path: address.path } : {}) };
}
