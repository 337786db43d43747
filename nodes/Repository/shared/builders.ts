/**
 * What repository operations share around their one request (each operation file states its own
 * `requestOperation` and endpoint): the yes/no request and answer, file lists with Return All /
 * Limit, downloads into a binary field, the server-version gate, and the file check behind an
 * empty answer.
 */
import { NodeOperationError, type IDataObject, type IExecuteFunctions, type INodeExecutionData } from 'n8n-workflow';

import { binaryFromResponse } from '../../common/binary';
import { apiError } from '../../common/errors';
import { readBinaryPropertyName } from '../../common/fields';
import { serverVersion } from '../../common/serverVersion';
import { dataflowRequest, type DataflowResponse } from '../../common/transport';
import { booleanAnswer } from '../../common/values';
import { fileList, singleFile } from './documents';
import { filesUrl, readPath as readPathParameter } from './paths';

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

/** A yes/no GET: the answer asked as text (`true`/`false`). */
export const YES_NO = { method: 'GET', headers: { Accept: 'text/plain' }, expect: 'text' } as const;

/** The yes/no answer of a YES_NO request; a status in `falseStatuses` (asked as okStatuses) means false. */
export function yesNoAnswer(ctx: IExecuteFunctions, response: DataflowResponse<unknown>, itemIndex: number, falseStatuses: number[] = []): boolean {
	return falseStatuses.includes(response.status) ? false : booleanAnswer(ctx, response, itemIndex);
}

/** The properties of the file at a path, or undefined when there is none (the server answers 204). */
export async function propertiesOf(ctx: IExecuteFunctions, path: string, itemIndex: number): Promise<IDataObject | undefined> {
	const response = await dataflowRequest<unknown>(ctx, { method: 'GET', path: filesUrl(path, 'properties'), expect: 'json', itemIndex });
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

/**
 * A file list answer as items, one per file, cut at `limit` (Return All / Limit). With `source`, an
 * empty list is checked against that file (see requireFile).
 */
export async function fileListOutput(
	ctx: IExecuteFunctions,
	response: DataflowResponse<unknown>,
	itemIndex: number,
	options: { limit?: number; source?: string } = {},
): Promise<IDataObject[]> {
	const files = fileList(response.body);
	if (files.length === 0 && options.source) await requireFile(ctx, options.source, itemIndex);
	return options.limit === undefined ? files : files.slice(0, options.limit);
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

/** Asked of a download: any content type is an answer (the HTTP client would otherwise ask for JSON first). */
export const ANY_CONTENT = { Accept: '*/*' } as const;

/** The path and output binary field of a download operation. */
export function readDownloadTarget(ctx: IExecuteFunctions, itemIndex: number): { path: string; property: string } {
	return { path: readPathParameter(ctx, itemIndex), property: readBinaryPropertyName(ctx, itemIndex, 'output') };
}
