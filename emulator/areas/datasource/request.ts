/** Reading data-source requests: multipart uploads. */
import busboy from 'busboy';

import type { RequestContext } from '../../core/types';

export interface MultipartFile {
	fieldName: string;
	fileName: string;
	mimeType: string;
	content: Buffer;
}

/** A multipart/form-data body, read as it streams in. */
export function readMultipart(ctx: RequestContext): Promise<{ fields: Record<string, string>; files: MultipartFile[] }> {
	return new Promise((resolve, reject) => {
		let parser: busboy.Busboy;
		try {
			parser = busboy({ headers: ctx.req.headers });
		} catch (error) {
			reject(error as Error);
			return;
		}
		const fields: Record<string, string> = {};
		const files: MultipartFile[] = [];
		parser.on('file', (fieldName, stream, info) => {
			const chunks: Buffer[] = [];
			stream.on('data', (chunk: Buffer) => chunks.push(chunk));
			stream.on('end', () => files.push({ fieldName, fileName: info.filename, mimeType: info.mimeType, content: Buffer.concat(chunks) }));
		});
		parser.on('field', (name, value) => {
			fields[name] = value;
		});
		parser.on('close', () => resolve({ fields, files }));
		parser.on('error', (error) => reject(error as Error));
		ctx.req.pipe(parser);
	});
}
