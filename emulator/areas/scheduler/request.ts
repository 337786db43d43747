/**
 * Reading scheduler requests and writing the plain answers: bodies as JSON or XML by Content-Type,
 * the Accept header (406 when it excludes what an endpoint produces), and how every scheduler route is
 * registered under a base path.
 */
import { XMLParser } from 'fast-xml-parser';

import type { EmulatorApp } from '../../core/app';
import { EmulatorHttpError } from '../../core/errors';
import type { RequestContext } from '../../core/types';
import type { Json } from './store';

const xmlParser = new XMLParser({
	ignoreAttributes: true,
	parseTagValue: false,
	trimValues: true,
	isArray: (name) => ['daysOfWeek', 'daysOfMonth', 'weeksOfMonth', 'monthsOfYear', 'years', 'jobParameters', 'stringValue', 'jobIds'].includes(name),
});

/** The body of a POST/PUT: JSON or XML by Content-Type (415 otherwise), as an object. */
export async function readBody(ctx: RequestContext, root: string): Promise<Json> {
	const type = String(ctx.req.headers['content-type'] ?? '').toLowerCase();
	const text = await ctx.text();
	if (/json/.test(type)) {
		let value: unknown;
		try {
			value = text.trim() === '' ? {} : JSON.parse(text);
		} catch (error) {
			throw new EmulatorHttpError(400, `Unexpected JSON: ${(error as Error).message}`);
		}
		if (!value || typeof value !== 'object' || Array.isArray(value)) throw new EmulatorHttpError(400, 'Expected a JSON object');
		return value as Json;
	}
	if (/xml/.test(type)) {
		let doc: Json;
		try {
			doc = xmlParser.parse(text) as Json;
		} catch (error) {
			throw new EmulatorHttpError(400, `Unexpected XML: ${(error as Error).message}`);
		}
		const value = doc[root];
		if (!value || typeof value !== 'object') throw new EmulatorHttpError(400, `Expected the root element <${root}>`);
		return value as Json;
	}
	throw new EmulatorHttpError(415, `Unsupported Media Type: ${type || 'none'}`);
}

export function accepts(ctx: RequestContext, ...types: string[]): boolean {
	const header = String(ctx.req.headers.accept ?? '').toLowerCase();
	if (header.trim() === '') return true;
	return header
		.split(',')
		.map((part) => part.split(';')[0].trim())
		.some((type) => type === '*/*' || types.some((t) => t === type || type === `${t.split('/')[0]}/*`));
}

/** Registers a scheduler route under a base path; errors are platform text (core/errors.ts). */
export function routeAdder(app: EmulatorApp, base: string) {
	return (method: string, path: string, handler: (ctx: RequestContext) => Promise<void> | void, format: 'text' | 'json' | 'xml'): void =>
		app.server.add(method, `${base}${path}`, handler, { format, errorStyle: 'platform' });
}

/** A text/plain answer (406 when the Accept header excludes it). */
export function sendPlain(ctx: RequestContext, body: string): void {
	if (!accepts(ctx, 'text/plain')) throw new EmulatorHttpError(406, 'Not Acceptable');
	ctx.sendText(200, body);
}

/** 406 unless the Accept header allows JSON or XML. */
export function requireStructured(ctx: RequestContext): void {
	if (!accepts(ctx, 'application/json', 'application/xml', 'text/xml')) throw new EmulatorHttpError(406, 'Not Acceptable');
}

/**
 * JSON or XML for a method that @Produces both, as JAX-RS picks: the client's higher quality wins; on a tie
 * (no Accept header, a wildcard, or both listed alike) the method's first @Produces type. So getJobs, jobinfo,
 * getContentCleanerJob, blockout/blockoutjobs and blockout/blockstatus (@Produces({APPLICATION_JSON,
 * APPLICATION_XML})) answer JSON to a request without Accept, generatedContentForSchedule (@Produces({
 * APPLICATION_XML, APPLICATION_JSON})) XML. 406 when neither is acceptable.
 */
export function negotiate(ctx: RequestContext, first: 'json' | 'xml'): 'json' | 'xml' {
	requireStructured(ctx);
	const header = String(ctx.req.headers.accept ?? '').toLowerCase();
	const quality = (kind: 'json' | 'xml'): number => {
		let best = header.trim() === '' ? 1 : 0;
		for (const part of header.split(',')) {
			const [type, ...params] = part.split(';').map((p) => p.trim());
			const q = Number(params.find((p) => p.startsWith('q='))?.slice(2) ?? '1');
			const matches =
				type === '*/*' ||
				type === 'application/*' ||
				(kind === 'json' ? type === 'application/json' : type === 'application/xml' || type === 'text/xml' || type === 'text/*');
			if (matches && Number.isFinite(q)) best = Math.max(best, q);
		}
		return best;
	};
	const json = quality('json');
	const xml = quality('xml');
	if (json === xml) return first;
	return json > xml ? 'json' : 'xml';
}
