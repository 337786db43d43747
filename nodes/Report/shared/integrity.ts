/**
 * A rendered file is only output when it is whole. The reporting plugin streams the file as it is
 * rendered (staging mode THRU by default: ExecuteReportContentHandler.getStagingMode,
 * staging/ThruStagingHandler.java, pentaho-platform-plugin-reporting@10.2.0.0-222), so a report that
 * fails after the first bytes cannot change the status any more: the answer is HTTP 200 with a cut-off
 * file. A failure before the report starts is written into the body with HTTP 200 as well
 * (ReportContentGenerator.createContent catches the exception and writes its message to the output
 * stream, same file @9.3.0.0-422 and @11.1.0.0-345). Both are caught here, while the file streams
 * through: the first bytes must be the format's signature and the last ones its end, else the item
 * fails instead of carrying half a file. Text formats (CSV, text, the e-mail message) have no
 * signature: there the plugin's own failure texts are caught, as the whole answer or at its end
 * (after partial output): "Report validation failed." (ExecuteReportContentHandler.sendErrorResponse,
 * messages.properties ReportPlugin.ReportValidationFailed), "The parameters provided for this report
 * are not valid." (pentaho-reporting engine/core …/states/process/ProcessState.java@10.2.0.0-222) and
 * "Failed to execute query." (…/modules/misc/datafactory/sql/SimpleSQLReportDataFactory.java@10.2.0.0-222).
 */
import type { ByteStream } from '../../common/binary';
import { readableClassOf } from '../../common/binary';
import type { ReportFormat } from './formats';

const HEAD = 8;
const TAIL = 1024;
const MESSAGE_LIMIT = 64 * 1024;

export class RenderFailure extends Error {}

const SIGNATURES: Record<NonNullable<ReportFormat['check']>, (head: Buffer) => boolean> = {
	pdf: (head) => head.subarray(0, 5).toString('latin1') === '%PDF-',
	zip: (head) => head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])),
	ole: (head) => head.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])),
	rtf: (head) => head.subarray(0, 5).toString('latin1') === '{\\rtf',
	html: (head) => /^(\uFEFF)?\s*</.test(head.toString('utf8')),
};

const ENDINGS: Record<NonNullable<ReportFormat['check']>, (tail: Buffer, size: number) => boolean> = {
	// The trailer's end-of-file marker (a PDF may carry whitespace after it).
	pdf: (tail) => tail.includes('%%EOF', 0, 'latin1'),
	// The zip's end-of-central-directory record (POI writes no archive comment after it).
	zip: (tail) => tail.includes(Buffer.from([0x50, 0x4b, 0x05, 0x06])),
	// A compound document is whole sectors of 512 bytes.
	ole: (_tail, size) => size % 512 === 0,
	rtf: (tail) => /\}\s*\0*$/.test(tail.toString('latin1')),
	html: (tail) => /<\/html>\s*$/i.test(tail.toString('utf8')),
};

const FAILURE_TEXTS = ['Report validation failed.', 'The parameters provided for this report are not valid.', 'Failed to execute query.'];

/** The failure text a text file ends with, if any. */
function failureAtEnd(tail: Buffer): string | undefined {
	const text = tail.toString('utf8').trimEnd();
	return FAILURE_TEXTS.find((message) => text.endsWith(message));
}

/** Readable text of a body that is not the file: the server's own message. */
function messageOf(bytes: Buffer): string {
	const text = bytes.toString('utf8').replace(/\s+/g, ' ').trim();
	return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}

/** "a PDF file", "an HTML (Single Page) file", "an Excel (XLSX) file". */
function aFile(format: ReportFormat): string {
	return `${/^(?:[AEIO]|HTML)/.test(format.name) ? 'an' : 'a'} ${format.name} file`;
}

function printable(bytes: Buffer): boolean {
	if (bytes.length === 0) return false;
	let text = 0;
	for (const byte of bytes) if (byte === 9 || byte === 10 || byte === 13 || (byte >= 32 && byte < 127) || byte >= 160) text++;
	return text / bytes.length > 0.95;
}

function wrongStart(format: ReportFormat, body: Buffer): RenderFailure {
	const message = printable(body) ? messageOf(body) : '';
	return new RenderFailure(
		body.length === 0
			? `The server answered an empty file where ${aFile(format)} was expected: the report did not render`
			: `The report did not render: the server answered ${message ? `"${message}"` : 'data'} instead of ${aFile(format)}`,
	);
}

function cutOff(format: ReportFormat, size: number, tail: Buffer): RenderFailure {
	// Text written after the file's bytes is the failure's message (ReportContentGenerator writes it last).
	const end = tail.subarray(Math.max(0, tail.length - 400));
	const lastBinary = [...end].map((byte, index) => (byte < 9 || (byte > 13 && byte < 32) ? index : -1)).reduce((a, b) => Math.max(a, b), -1);
	const trailing = end.subarray(lastBinary + 1);
	const message = trailing.length >= 8 && printable(trailing) ? messageOf(trailing) : '';
	return new RenderFailure(
		`The ${format.name} file the server sent is incomplete (${size} bytes, no proper end): the report failed while rendering${message ? `: "${message}"` : ''}`,
	);
}

/** A text format's answer that ends with one of the plugin's failure texts. */
function textFailure(format: ReportFormat, size: number, tail: Buffer): RenderFailure | undefined {
	const message = failureAtEnd(tail);
	if (!message) return undefined;
	const whole = size <= tail.length && tail.toString('utf8').trim() === message;
	return whole
		? new RenderFailure(`The report did not render: the server answered "${message}" instead of ${aFile(format)}`)
		: new RenderFailure(`The ${format.name} file the server sent is incomplete (${size} bytes): the report failed while rendering: "${message}"`);
}

/** Checks a whole body held in memory. */
export function checkBuffer(format: ReportFormat, body: Buffer): void {
	if (!format.check) {
		const failure = textFailure(format, body.length, body.subarray(Math.max(0, body.length - TAIL)));
		if (failure) throw failure;
		return;
	}
	if (!SIGNATURES[format.check](body.subarray(0, HEAD))) throw wrongStart(format, body.subarray(0, MESSAGE_LIMIT));
	if (!ENDINGS[format.check](body.subarray(Math.max(0, body.length - TAIL)), body.length)) throw cutOff(format, body.length, body.subarray(Math.max(0, body.length - TAIL)));
}

export interface CheckedBody {
	body: Buffer | ByteStream;
	/** The reason the body was refused, once it has been (read after the consumer failed). */
	failure(): RenderFailure | undefined;
}

/**
 * The body as it will be stored, checked on the way through: a stream stays a stream (nothing more
 * than the first bytes and the last kilobyte is held), and fails, with the reason in `failure()`,
 * when the file does not start or end as its format must.
 */
export function checkedBody(format: ReportFormat, body: Buffer | ByteStream): CheckedBody {
	let failure: RenderFailure | undefined;
	if (Buffer.isBuffer(body)) {
		try {
			checkBuffer(format, body);
		} catch (error) {
			failure = error as RenderFailure;
		}
		return { body, failure: () => failure };
	}
	const Readable = readableClassOf(body);
	if (!Readable) return { body, failure: () => undefined };
	const check = format.check;
	const signature = check ? SIGNATURES[check] : () => true;
	const ending = check ? ENDINGS[check] : () => true;
	const source = body as unknown as AsyncIterable<Buffer | string>;
	async function* generate(): AsyncGenerator<Buffer> {
		const pending: Buffer[] = [];
		let head = Buffer.alloc(0);
		let started = false;
		let tail = Buffer.alloc(0);
		let size = 0;
		const iterator = source[Symbol.asyncIterator]();
		for (;;) {
			const next = await iterator.next();
			if (next.done) break;
			const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
			size += chunk.length;
			tail = tail.length + chunk.length > TAIL ? Buffer.concat([tail, chunk]).subarray(-TAIL) : Buffer.concat([tail, chunk]);
			if (!started) {
				pending.push(chunk);
				head = Buffer.concat(pending);
				if (head.length < HEAD) continue;
				if (!signature(head)) {
					// Not the file: what came is the server's message; read a little more of it, then stop.
					let text = head;
					while (text.length < MESSAGE_LIMIT) {
						const more = await iterator.next();
						if (more.done) break;
						text = Buffer.concat([text, Buffer.isBuffer(more.value) ? more.value : Buffer.from(more.value)]);
					}
					await iterator.return?.();
					failure = wrongStart(format, text.subarray(0, MESSAGE_LIMIT));
					throw failure;
				}
				started = true;
				for (const part of pending.splice(0)) yield part;
				continue;
			}
			yield chunk;
		}
		if (!started && check) {
			failure = wrongStart(format, Buffer.concat(pending));
			throw failure;
		}
		if (!check) {
			failure = textFailure(format, size, tail);
			if (failure) throw failure;
			for (const part of pending.splice(0)) yield part;
			return;
		}
		if (!ending(tail, size)) {
			failure = cutOff(format, size, tail);
			throw failure;
		}
	}
	return { body: Readable.from(generate(), { objectMode: false }), failure: () => failure };
}
