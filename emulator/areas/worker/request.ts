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
