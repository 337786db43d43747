/**
 * Reading CDA requests:
 * - the request parameters as a multi-valued map (query string for GET; the form for POST, which JAX-RS only accepts
 *   as application/x-www-form-urlencoded: 415 otherwise);
 * - DoQueryParameters as commons-beanutils populates it (webdetails/cda core/src/main/java/pt/webdetails/cda/utils/QueryParameters.java,
 *   DoQueryParameters.java @10.2.0.0-222): the first value of a single-valued property, ints and booleans converted with
 *   the converters' defaults (0/false) when a value does not convert, `param<Name>` parameters and `setting<Name>` settings;
 * - the Content-Type Jersey negotiates from the method's @Produces and the Accept header (it overrides the type the
 *   exporter set on the servlet response when it writes its headers): webdetails/cda pentaho/src/main/java/pt/webdetails/cda/CdaUtils.java@10.2.0.0-222,
 *   @Produces({JSON, XML, CSV, XLS, PLAIN_TEXT, HTML}) of webdetails/cpf cpf-core pt/webdetails/cpf/utils/MimeTypes.java
 *   (XLS = "application/msexcel"); no acceptable type → 406.
 */
import { EmulatorHttpError } from '../../core/errors';
import type { RequestContext } from '../../core/types';

export type Params = Map<string, string[]>;

export const PRODUCES = ['application/json', 'text/xml', 'text/csv', 'application/msexcel', 'text/plain', 'text/html'];

export async function readParams(ctx: RequestContext): Promise<Params> {
	const params: Params = new Map();
	const add = (source: URLSearchParams) => {
		for (const [name, value] of source) params.set(name, [...(params.get(name) ?? []), value]);
	};
	if (ctx.method === 'POST') {
		const type = String(ctx.req.headers['content-type'] ?? '').toLowerCase();
		if (!type.startsWith('application/x-www-form-urlencoded')) {
			ctx.req.resume();
			throw EmulatorHttpError.bare(415);
		}
		add(await ctx.form());
	} else add(ctx.query);
	return params;
}

export function first(params: Params, name: string): string | undefined {
	return params.get(name)?.[0];
}

/** commons-beanutils IntegerConverter (default 0 when the text does not convert). */
export function intOf(params: Params, name: string, fallback: number): number {
	const value = first(params, name);
	if (value === undefined) return fallback;
	const text = value.trim();
	if (!/^[-+]?\d+$/.test(text)) return 0;
	const n = Number(text);
	return n > 2147483647 || n < -2147483648 ? 0 : n;
}

/** commons-beanutils BooleanConverter (default false). */
export function boolOf(params: Params, name: string): boolean {
	const value = first(params, name)?.trim().toLowerCase();
	return value !== undefined && ['true', 'yes', 'y', 'on', '1'].includes(value);
}

interface Range {
	type: string;
	subtype: string;
	q: number;
	index: number;
}

/** Jersey's choice among the @Produces types for the Accept header (undefined: not acceptable, 406). */
export function negotiate(ctx: RequestContext, produces: string[] = PRODUCES): string | undefined {
	const header = String(ctx.req.headers.accept ?? '').trim();
	if (header === '') return produces[0];
	const ranges: Range[] = header
		.split(',')
		.map((part, index) => {
			const [media, ...params] = part.trim().split(';');
			const [type = '*', subtype = '*'] = media.trim().toLowerCase().split('/');
			const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
			return { type, subtype, q: q ? Number(q.slice(2)) : 1, index };
		})
		.filter((r) => Number.isFinite(r.q) && r.q > 0);
	const specificity = (r: Range) => (r.type === '*' ? 0 : r.subtype === '*' ? 1 : 2);
	ranges.sort((a, b) => b.q - a.q || specificity(b) - specificity(a) || a.index - b.index);
	for (const range of ranges) {
		const match = produces.find((p) => {
			const [type, subtype] = p.split('/');
			return (range.type === '*' || range.type === type) && (range.subtype === '*' || range.subtype === subtype);
		});
		if (match) return match;
	}
	return undefined;
}

/** negotiate, or Jersey's 406 (no entity: the plugin servlet's error page). */
export function negotiated(ctx: RequestContext, produces?: string[]): string {
	const type = negotiate(ctx, produces);
	if (type === undefined) throw EmulatorHttpError.bare(406);
	return type;
}
