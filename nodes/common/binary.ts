/**
 * Files between n8n binary data and the servers, streamed: a download goes from the response
 * stream into n8n's binary storage, an upload streams out of it. Nothing here holds a whole file
 * in memory unless n8n itself keeps binary data in memory.
 */
import {
	BINARY_ENCODING,
	NodeOperationError,
	type IBinaryData,
	type IExecuteFunctions,
} from 'n8n-workflow';

import { apiError, networkFailureMessage } from './errors';
import type { DataflowResponse } from './transport';

/** The stream type n8n's binary helpers take and give (typed through n8n so that no Node module is imported). */
export type ByteStream = Exclude<Parameters<IExecuteFunctions['helpers']['prepareBinaryData']>[0], Buffer>;

/** The file name in a Content-Disposition header: RFC 5987 `filename*=` first, then `filename=` quoted or not (unquoted: up to `;`, spaces kept). */
export function fileNameFromContentDisposition(header: unknown): string | undefined {
	if (typeof header !== 'string' || header.trim() === '') return undefined;
	const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
	if (extended) {
		try {
			const name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
			if (name !== '') return baseFileName(name);
		} catch {
			// A badly encoded extended name: fall back to the plain one.
		}
	}
	const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
	if (quoted && quoted[1] !== '') return baseFileName(quoted[1].replace(/\\(.)/g, '$1'));
	// Unquoted, the name runs to the next `;` or the end, spaces included: the lineage service writes
	// `inline; filename=Sales Report.ktr_lineage_….zip` (see docs/real-servers/worker-lineage-catalog.md).
	const plain = /filename\s*=\s*([^;]+)/i.exec(header);
	if (plain && plain[1].trim() !== '') return baseFileName(plain[1].trim());
	return undefined;
}

/** The last part of a name that may carry a path: a server must not make us write `../x`. */
function baseFileName(name: string): string {
	const parts = name.split(/[\\/]/);
	return parts[parts.length - 1] || name;
}

/** The MIME type of a Content-Type header without parameters; `application/octet-stream` when absent. */
export function mimeTypeOf(contentType: unknown): string {
	if (typeof contentType !== 'string' || contentType.trim() === '') return 'application/octet-stream';
	return contentType.split(';')[0].trim().toLowerCase() || 'application/octet-stream';
}

export interface DownloadOptions {
	/** File name when the server gives none. */
	fileName: string;
	/** MIME type when the server gives none or a generic one. */
	mimeType?: string;
}

/**
 * Stores a streamed (or buffered) answer as n8n binary data with the server's file name and MIME
 * type. The MIME type is always passed on so that n8n does not sniff the content.
 */
export async function binaryFromResponse(
	ctx: IExecuteFunctions,
	response: DataflowResponse<unknown>,
	options: DownloadOptions,
): Promise<IBinaryData> {
	const disposition = response.headers['content-disposition'];
	const fileName = fileNameFromContentDisposition(disposition) ?? options.fileName;
	let mimeType = mimeTypeOf(response.contentType);
	if (options.mimeType && (mimeType === 'application/octet-stream' || mimeType === 'text/plain')) {
		mimeType = options.mimeType;
	}
	const body = response.body as Buffer | ByteStream;
	let failure: { code?: string; message?: string } | undefined;
	try {
		return await ctx.helpers.prepareBinaryData(body, fileName, mimeType);
	} catch (error) {
		failure = error as { code?: string; message?: string };
	}
	// The connection broke while the file was arriving (a cut-off or dropped answer).
	throw apiError(ctx.getNode(), {
		message: `The download of ${fileName} broke off: ${networkFailureMessage(failure.code, failure.message)}`,
		description: failure.code ? `${failure.code}: ${failure.message ?? ''}` : failure.message,
		httpCode: String(response.status),
	});
}

export interface UploadSource {
	/** A stream when n8n stores the binary data outside memory, else a Buffer. */
	body: Buffer | ByteStream;
	fileName: string;
	mimeType: string;
	/** Size in bytes when known. */
	size?: number;
}

/** The binary property of an item as an upload body, streamed from n8n's storage where it can be. */
export async function uploadSource(
	ctx: IExecuteFunctions,
	itemIndex: number,
	propertyName: string,
): Promise<UploadSource> {
	if (typeof propertyName !== 'string' || propertyName.trim() === '') {
		throw new NodeOperationError(ctx.getNode(), 'The input binary field name is empty', { itemIndex });
	}
	const binary = ctx.helpers.assertBinaryData(itemIndex, propertyName.trim());
	const fileName = binary.fileName ?? `${propertyName}${binary.fileExtension ? `.${binary.fileExtension}` : ''}`;
	const mimeType = binary.mimeType || 'application/octet-stream';
	if (binary.id) {
		const stream = await ctx.helpers.getBinaryStream(binary.id);
		let size: number | undefined;
		try {
			const metadata = await ctx.helpers.getBinaryMetadata(binary.id);
			size = typeof metadata.fileSize === 'number' ? metadata.fileSize : undefined;
		} catch {
			size = undefined;
		}
		return { body: stream, fileName, mimeType, size };
	}
	const buffer = Buffer.from(binary.data, BINARY_ENCODING);
	return { body: buffer, fileName, mimeType, size: buffer.length };
}

/** Reads a whole upload source into memory: only for small files the server needs inline (job definitions). */
export async function sourceToBuffer(ctx: IExecuteFunctions, source: UploadSource): Promise<Buffer> {
	return Buffer.isBuffer(source.body) ? source.body : await ctx.helpers.binaryToBuffer(source.body);
}

export type MultipartPart =
	| { name: string; value: string }
	| { name: string; fileName: string; contentType: string; content: Buffer | ByteStream };

export interface ReadableClass {
	from(iterable: AsyncIterable<Buffer>, options?: { objectMode?: boolean }): ByteStream;
	name: string;
}

/** The Readable class of a stream, found through its prototype chain (node code may not import 'stream'). */
export function readableClassOf(stream: ByteStream): ReadableClass | undefined {
	let current: unknown = (stream as { constructor?: unknown }).constructor;
	while (typeof current === 'function') {
		const candidate = current as unknown as ReadableClass;
		if (candidate.name === 'Readable' && typeof candidate.from === 'function') return candidate;
		current = Object.getPrototypeOf(current);
	}
	return undefined;
}

function quote(value: string): string {
	return value.replace(/\r|\n/g, ' ').replace(/"/g, '%22');
}

/**
 * A multipart/form-data body. With only in-memory parts it is one Buffer; with a streamed file it
 * is a stream that sends the file as it is read, never the whole file at once. Written by hand, not
 * with form-data: docs/DEVELOPING.md, "Where we differ from n8n's defaults, and why".
 */
export function multipartBody(parts: MultipartPart[]): { body: Buffer | ByteStream; contentType: string } {
	const boundary = `----n8nDataflowBoundary${Date.now().toString(16)}${Math.random().toString(16).slice(2)}`;
	const segments: Array<Buffer | ByteStream> = [];
	for (const part of parts) {
		if ('value' in part) {
			segments.push(
				Buffer.from(
					`--${boundary}\r\nContent-Disposition: form-data; name="${quote(part.name)}"\r\n\r\n${part.value}\r\n`,
					'utf8',
				),
			);
		} else {
			segments.push(
				Buffer.from(
					`--${boundary}\r\nContent-Disposition: form-data; name="${quote(part.name)}"; filename="${quote(part.fileName)}"\r\nContent-Type: ${part.contentType || 'application/octet-stream'}\r\n\r\n`,
					'utf8',
				),
			);
			segments.push(part.content);
			segments.push(Buffer.from('\r\n', 'utf8'));
		}
	}
	segments.push(Buffer.from(`--${boundary}--\r\n`, 'utf8'));
	const contentType = `multipart/form-data; boundary=${boundary}`;
	const stream = segments.find((s): s is ByteStream => !Buffer.isBuffer(s));
	if (!stream) return { body: Buffer.concat(segments as Buffer[]), contentType };
	const Readable = readableClassOf(stream);
	if (!Readable) {
		throw new Error('The binary data stream is not a readable stream');
	}
	async function* generate(): AsyncGenerator<Buffer> {
		for (const segment of segments) {
			if (Buffer.isBuffer(segment)) {
				yield segment;
			} else {
				for await (const chunk of segment as AsyncIterable<Buffer | string>) {
					yield Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
				}
			}
		}
	}
	return { body: Readable.from(generate(), { objectMode: false }), contentType };
}
