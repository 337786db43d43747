/** Reading worker requests: XML bodies (job configurations, slave detections) and the xml=Y switch. */
import { XMLParser } from 'fast-xml-parser';

import type { RequestContext } from '../../core/types';

export const bodyParser = new XMLParser({
	ignoreAttributes: false,
	attributeNamePrefix: '@',
	parseTagValue: false,
	trimValues: true,
	isArray: (_name, jpath) =>
		/(^|\.)(parameters\.parameter|variables\.variable|entries\.entry)$/.test(String(jpath)),
});

export function text(value: unknown): string {
	if (value === undefined || value === null) return '';
	if (typeof value === 'object') return String((value as Record<string, unknown>)['#text'] ?? '');
	return String(value);
}

export function pairs(list: unknown): Record<string, string> {
	const out: Record<string, string> = {};
	for (const entry of Array.isArray(list) ? list : []) {
		const name = text((entry as Record<string, unknown>).name).trim();
		if (name !== '') out[name] = text((entry as Record<string, unknown>).value);
	}
	return out;
}

/** Whether the client asked for XML (`xml=Y`) rather than the HTML page. */
export function wantsXml(ctx: RequestContext): boolean {
	return (ctx.query.get('xml') ?? '').toUpperCase() === 'Y';
}

/** Query and form body together, as request.getParameter reads them (the query first). */
export async function parametersOf(ctx: RequestContext): Promise<URLSearchParams> {
	const out = new URLSearchParams(ctx.query);
	const type = String(ctx.req.headers['content-type'] ?? '');
	if (ctx.method === 'POST' && /application\/x-www-form-urlencoded/i.test(type)) {
		for (const [key, value] of await ctx.form()) out.append(key, value);
	}
	return out;
}

export function restOf(params: URLSearchParams, known: string[]): Record<string, string> {
	const out: Record<string, string> = {};
	for (const [key, value] of params) if (!known.includes(key) && !(key in out)) out[key] = value;
	return out;
}

/** Kettle's `Const.toInt(text, default)`: the default when the text is missing or not an integer. */
export function javaInt(text: string | null | undefined, fallback: number): number {
	if (text === null || text === undefined || !/^[-+]?\d+$/.test(text)) return fallback;
	const value = Number(text);
	return Number.isSafeInteger(value) && Math.abs(value) <= 2147483647 ? value : fallback;
}
