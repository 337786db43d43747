/**
 * Builders for the shapes most repository operations share, so that each operation file only
 * states its fields, its request and its output: one request per item, a yes/no text answer, a
 * file list with Return All / Limit, and a file download into a binary field.
 */
import { NodeOperationError, type IDataObject, type IExecuteFunctions, type INodeExecutionData } from 'n8n-workflow';

import { binaryFromResponse } from '../../common/binary';
import { requestOperation, sendPlanned, type CustomOperation, type RequestPlan } from '../../common/executor';
import { serverVersion } from '../../common/serverVersion';
import { apiError } from '../../common/errors';
import type { DataflowResponse } from '../../common/transport';
import { fileList, singleFile, textBoolean } from './documents';
import { limitOf } from './fields';
import { filesUrl, readPath as readPathParameter } from './paths';

/** A forwarder kept until the Repository operations call dataflowRequest themselves. */
export async function send<T = unknown>(ctx: IExecuteFunctions, request: RequestPlan, itemIndex: number): Promise<DataflowResponse<T>> {
	return await sendPlanned<T>(ctx, request, itemIndex);
}

/**
 * Refuses an operation the server's version lacks, before anything is done. A server that does not
 * tell its version is tried.
 */
export async function requireVersion(ctx: IExecuteFunctions, itemIndex: number, since: string, operation: string): Promise<void> {
	const version = await serverVersion(ctx, itemIndex);
	if (version && !version.atLeast(since)) {
		throw new NodeOperationError(ctx.getNode(), `${operation} needs server version ${since} or later; this server is ${version.raw}`, { itemIndex });
	}
}

/** The boolean of a `true`/`false` text answer, or a clear error for anything else. */
export function booleanAnswer(ctx: IExecuteFunctions, response: DataflowResponse<unknown>, itemIndex: number): boolean {
	const value = textBoolean(response.body);
	if (value === undefined) {
		throw apiError(ctx.getNode(), {
			message: `The server answered "${String(response.body ?? '').slice(0, 60)}" where "true" or "false" was expected`,
			httpCode: String(response.status),
			itemIndex,
		});
	}
	return value;
}

/** A GET whose answer is the text `true` or `false`, output as `{ [key]: boolean, ...extra }`. */
export function yesNoOperation<P extends IDataObject>(spec: {
	key: string;
	plan: (this: IExecuteFunctions, itemIndex: number) => P;
	path: (plan: P) => string;
	qs?: (plan: P) => IDataObject | undefined;
	/** Statuses that mean "false" rather than a failure. */
	falseStatuses?: number[];
	/** The first server version with this endpoint: older servers are told plainly, before the request. */
	since?: { version: string; operation: string };
}): CustomOperation {
	return requestOperation<P>({
		plan: spec.plan,
		async request(plan, itemIndex) {
			if (spec.since) await requireVersion(this, itemIndex, spec.since.version, spec.since.operation);
			return {
				method: 'GET',
				path: spec.path(plan),
				qs: spec.qs?.(plan),
				headers: { Accept: 'text/plain' },
				expect: 'text',
				okStatuses: spec.falseStatuses,
			};
		},
		output(plan, response, itemIndex) {
			const value = spec.falseStatuses?.includes(response.status) ? false : booleanAnswer(this, response, itemIndex);
			return { ...plan, [spec.key]: value };
		},
	});
}

/** The properties of the file at a path, or undefined when there is none (the server answers 204). */
export async function propertiesOf(ctx: IExecuteFunctions, path: string, itemIndex: number): Promise<IDataObject | undefined> {
	const response = await send<unknown>(ctx, { method: 'GET', path: filesUrl(path, 'properties'), expect: 'json' }, itemIndex);
	if (response.status === 204 || response.body === undefined || response.body === null || response.body === '') return undefined;
	const file = singleFile(response.body);
	return typeof file.path === 'string' ? file : undefined;
}

/**
 * Several endpoints answer a file that does not exist with 200 and an empty list (generatedContent,
 * locales: FileResource catches FileNotFoundException, @9.3.0.0-422 and @727e5c86). An empty answer
 * is therefore checked: a missing file is an error, not "nothing".
 */
export async function requireFile(ctx: IExecuteFunctions, path: string, itemIndex: number): Promise<void> {
	if (!(await propertiesOf(ctx, path, itemIndex))) {
		throw apiError(ctx.getNode(), { message: `The repository has no file or folder ${path} (or you may not read it)`, httpCode: '404', itemIndex });
	}
}

/** A GET of a file list: one item per file, under Return All / Limit. */
export function fileListOperation<P extends { limit?: number }>(spec: {
	plan: (this: IExecuteFunctions, itemIndex: number) => Omit<P, 'limit'>;
	request: (plan: P) => RequestPlan;
	/** Return All / Limit fields are present. */
	limited?: boolean;
	/** The file the list is about: an empty list is checked against it (see requireFile). */
	source?: (plan: P) => string;
}): CustomOperation {
	return requestOperation<P>({
		plan(itemIndex) {
			const base = spec.plan.call(this, itemIndex) as P;
			return spec.limited === false ? base : { ...base, limit: limitOf(this, itemIndex) };
		},
		request: (plan) => spec.request(plan),
		output: async function (plan, response, itemIndex) {
			const files = fileList(response.body);
			if (files.length === 0 && spec.source) await requireFile(this, spec.source(plan), itemIndex);
			return plan.limit === undefined ? files : files.slice(0, plan.limit);
		},
	});
}

const MIME_BY_EXTENSION: Record<string, string> = {
	csv: 'text/csv',
	html: 'text/html',
	json: 'application/json',
	kjb: 'application/xml',
	ktr: 'application/xml',
	pdf: 'application/pdf',
	prpt: 'application/zip',
	txt: 'text/plain',
	xml: 'application/xml',
	zip: 'application/zip',
};

/** A MIME type for a file name when the server's is missing or generic. */
export function mimeTypeOfName(name: string): string | undefined {
	const extension = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
	return MIME_BY_EXTENSION[extension];
}

/** Streams a download into a binary field of one output item. */
export async function binaryItem(
	ctx: IExecuteFunctions,
	response: DataflowResponse<unknown>,
	options: { fileName: string; property: string; json: IDataObject },
): Promise<INodeExecutionData[]> {
	const binary = await binaryFromResponse(ctx, response, { fileName: options.fileName, mimeType: mimeTypeOfName(options.fileName) });
	// The download endpoint labels every answer application/zip, even a single file sent as is.
	if (binary.mimeType === 'application/zip' && binary.fileName && !/\.(zip|prpt)$/i.test(binary.fileName)) {
		binary.mimeType = mimeTypeOfName(binary.fileName) ?? 'application/octet-stream';
	}
	return [
		{
			json: { ...options.json, fileName: binary.fileName, mimeType: binary.mimeType, ...(binary.bytes === undefined ? {} : { fileSize: binary.bytes }) },
			binary: { [options.property]: binary },
		},
	];
}

/** A GET of file content (raw, inline or as a download) into a binary field. */
export function fileDownloadOperation<P extends { path: string; property: string }>(spec: {
	plan: (this: IExecuteFunctions, itemIndex: number) => P;
	request: (plan: P) => RequestPlan;
	fileName: (plan: P) => string;
}): CustomOperation {
	return requestOperation<P>({
		plan: spec.plan,
		// Any content type is an answer here (the HTTP client would otherwise ask for JSON first).
		request: (plan) => {
			const request = spec.request(plan);
			return { ...request, headers: { Accept: '*/*', ...(request.headers ?? {}) } };
		},
		async output(plan, response) {
			return await binaryItem(this, response, { fileName: spec.fileName(plan), property: plan.property, json: { path: plan.path } });
		},
	});
}

/** The path and output binary field of a download operation. */
export function readDownloadTarget(ctx: IExecuteFunctions, itemIndex: number): { path: string; property: string } {
	const path = readPathParameter(ctx, itemIndex);
	const property = String(ctx.getNodeParameter('binaryPropertyName', itemIndex, 'data') ?? '').trim();
	if (property === '') throw new NodeOperationError(ctx.getNode(), 'The output binary field name is empty', { itemIndex });
	return { path, property };
}
