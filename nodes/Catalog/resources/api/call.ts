import { NodeOperationError, type IDataObject, type IHttpRequestMethods, updateDisplayOptions } from 'n8n-workflow';

import { requestOperation, toItems } from '../../../common/executor';
import { pairListField, readPairs } from '../../../common/fields';
import { InputError } from '../../../common/inputError';

const show = { resource: ['api'], operation: ['call'] };

export const API_PREFIX = '/api/public/v1';

export const description = updateDisplayOptions({ show }, [
	{
		displayName: 'Method',
		name: 'method',
		type: 'options',
		required: true,
		options: [
			{ name: 'DELETE', value: 'DELETE' },
			{ name: 'GET', value: 'GET' },
			{ name: 'PATCH', value: 'PATCH' },
			{ name: 'POST', value: 'POST' },
			{ name: 'PUT', value: 'PUT' },
		],
		default: 'GET',
	},
	{
		displayName: 'Path',
		name: 'path',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. notifications',
		description: 'Path under /api/public/v1/ of the catalog, for example "notifications" or "assets/123"',
	},
	pairListField({
		name: 'queryParameters',
		displayName: 'Query Parameters',
		placeholder: 'Add Parameter',
		description: 'Query parameters to send',
		entry: 'parameter',
	}),
	{
		displayName: 'Body',
		name: 'body',
		type: 'json',
		default: '{}',
		// Shown and required only for the methods that carry a body, as n8n's HTTP Request node shows its JSON body only when a body is sent.
		required: true,
		description: 'JSON body to send',
		displayOptions: { show: { method: ['PATCH', 'POST', 'PUT'] } },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Split Arrays Into Items',
				name: 'splitArrays',
				type: 'boolean',
				default: true,
				description: 'Whether an answer that is a list (or the catalog\'s {"status", "data": [...]} around a list) becomes one item per element',
			},
		],
	},
]);

/** A path under /api/public/v1 from what a user typed: the prefix and slashes trimmed, each segment encoded once. */
export function apiPath(input: string): string {
	let path = input.trim();
	if (/^[a-z]+:\/\//i.test(path)) throw new InputError('Give the path under /api/public/v1/, not a full URL');
	if (path.includes('?')) throw new InputError('Put query parameters in "Query Parameters", not in the path');
	path = path.replace(/^\/+/, '');
	if (path.startsWith(API_PREFIX.slice(1))) path = path.slice(API_PREFIX.length - 1).replace(/^\/+/, '');
	path = path.replace(/\/+$/, '');
	if (path === '') throw new InputError('The path is empty: give the path under /api/public/v1/, for example "notifications"');
	const segments = path.split('/');
	if (segments.some((s) => s === '' || s === '.' || s === '..')) {
		throw new InputError(`The path "${input}" has an empty, "." or ".." segment`);
	}
	return `${API_PREFIX}/${segments
		.map((segment) => {
			let decoded = segment;
			try {
				decoded = decodeURIComponent(segment);
			} catch {
				decoded = segment;
			}
			return encodeURIComponent(decoded);
		})
		.join('/')}`;
}

/** `{ status?, message?, data: [...] }` and nothing else: the catalog's wrapper around a list. */
function isDataWrapper(value: unknown): boolean {
	if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
	const record = value as IDataObject;
	if (!Array.isArray(record.data)) return false;
	return Object.keys(record).every((key) => key === 'data' || ((key === 'status' || key === 'message') && typeof record[key] !== 'object'));
}

interface Plan {
	method: IHttpRequestMethods;
	path: string;
	qs: IDataObject;
	body?: string;
	splitArrays: boolean;
}

export const execute = requestOperation<Plan>({
	plan(itemIndex) {
		const node = this.getNode();
		const method = this.getNodeParameter('method', itemIndex) as IHttpRequestMethods;
		const path = apiPath(this.getNodeParameter('path', itemIndex) as string);
		const qs: IDataObject = {};
		for (const { name, value } of readPairs(this, itemIndex, { name: 'queryParameters', entry: 'parameter', label: 'query parameter', allowDuplicates: true })) {
			qs[name] = value;
		}
		let body: string | undefined;
		if (['PATCH', 'POST', 'PUT'].includes(method)) {
			const raw = this.getNodeParameter('body', itemIndex, '{}') as unknown;
			if (typeof raw === 'string') {
				try {
					JSON.parse(raw === '' ? '{}' : raw);
				} catch {
					throw new NodeOperationError(node, 'The body is not valid JSON', { itemIndex });
				}
				body = raw === '' ? '{}' : raw;
			} else {
				body = JSON.stringify(raw ?? {});
			}
		}
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		return { method, path, qs, body, splitArrays: options.splitArrays !== false };
	},
	request(plan) {
		return {
			credential: 'catalog',
			method: plan.method,
			path: plan.path,
			qs: Object.keys(plan.qs).length ? plan.qs : undefined,
			headers: plan.body === undefined ? undefined : { 'Content-Type': 'application/json' },
			body: plan.body,
			expect: 'json',
		};
	},
	// Items built here: an answer's own objects may hold a key named "json".
	output(plan, response) {
		let data = response.body;
		if (data === undefined || data === null) return toItems({ success: true, statusCode: response.status });
		// The real catalog wraps lists as {status, data: [...]} (docs.pentaho.com/pdc-api-docs, e.g. the
		// notifications reference): the list is the answer's data.
		if (plan.splitArrays && isDataWrapper(data)) data = (data as IDataObject).data;
		if (Array.isArray(data)) {
			if (!plan.splitArrays) return toItems({ data: data as IDataObject[] });
			return toItems(data.map((entry) => (entry !== null && typeof entry === 'object' ? (entry as IDataObject) : { value: entry as string })));
		}
		if (typeof data !== 'object') return toItems({ value: data as string });
		return toItems(data as IDataObject);
	},
});
