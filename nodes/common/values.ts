/**
 * Normalisers for the values real servers send. Older servers write every scalar as a string
 * ("true", "12"), a one-element list as a bare object, booleans as Y/N and dates as epoch
 * milliseconds. Every function here accepts what the servers send and returns the typed value,
 * or `undefined` when the input carries no value or cannot be read as that type.
 */

import type { IDataObject, INode } from 'n8n-workflow';

import { apiError } from './errors';

const TRUE_WORDS = new Set(['true', 'y', 'yes', '1']);
const FALSE_WORDS = new Set(['false', 'n', 'no', '0']);

/** true / "true" / "Y" / "yes" / 1 → true; false / "false" / "N" / "no" / 0 → false; anything else → undefined. */
export function toBoolean(value: unknown): boolean | undefined {
	if (typeof value === 'boolean') return value;
	if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : undefined;
	if (typeof value !== 'string') return undefined;
	const word = value.trim().toLowerCase();
	if (TRUE_WORDS.has(word)) return true;
	if (FALSE_WORDS.has(word)) return false;
	return undefined;
}

/**
 * The answer of a yes/no endpoint (`true`/`false` as text, quoted text or a JSON boolean) as a
 * boolean; anything else fails with what the server said. The one reader of yes/no answers.
 */
export function booleanAnswer(ctx: { getNode(): INode }, response: { body: unknown; status?: number }, itemIndex: number): boolean {
	const body = response.body;
	const value = toBoolean(typeof body === 'string' ? body.trim().replace(/^"|"$/g, '') : body);
	if (value === undefined) {
		const text = typeof body === 'string' ? body : JSON.stringify(body ?? '');
		throw apiError(ctx.getNode(), {
			message: `The server answered "${text.slice(0, 60)}" where "true" or "false" was expected`,
			httpCode: response.status === undefined ? undefined : String(response.status),
			itemIndex,
		});
	}
	return value;
}

/** 12 / "12" / " 12.5 " → number; "", null, "abc", NaN, Infinity → undefined. */
export function toNumber(value: unknown): number | undefined {
	if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
	if (typeof value !== 'string') return undefined;
	const text = value.trim();
	if (text === '' || !/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) return undefined;
	const number = Number(text);
	return Number.isFinite(number) ? number : undefined;
}

/** A list as the servers mean it: undefined / null / "" → [], a bare value → [value], a list → the list. */
export function toArray<T>(value: T | T[] | null | undefined | ''): T[] {
	if (value === undefined || value === null || value === '') return [];
	return Array.isArray(value) ? value : [value];
}

const CARTE_DATE = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?$/;

/**
 * A date as ISO 8601. Accepts epoch milliseconds (number or digit string, as the repository
 * writes them), an ISO 8601 string (returned in UTC form), a Date, and the worker's
 * `yyyy/MM/dd HH:mm:ss.SSS` (which has no zone and is returned as a local ISO time without offset).
 * Anything else → undefined.
 */
export function toIsoDate(value: unknown): string | undefined {
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
	if (typeof value === 'number') return epochToIso(value);
	if (typeof value !== 'string') return undefined;
	const text = value.trim();
	if (text === '') return undefined;
	if (/^-?\d+$/.test(text)) return epochToIso(Number(text));
	const carte = CARTE_DATE.exec(text);
	if (carte) {
		const [, y, mo, d, h, mi, s, ms = '0'] = carte;
		return `${y}-${mo}-${d}T${h}:${mi}:${s}.${ms.padEnd(3, '0')}`;
	}
	if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(text)) {
		return undefined;
	}
	const parsed = new Date(text);
	return Number.isNaN(parsed.getTime()) ? undefined : parsed.toISOString();
}

function epochToIso(ms: number): string | undefined {
	if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return undefined;
	return new Date(ms).toISOString();
}

export interface FieldTypes {
	booleans?: readonly string[];
	numbers?: readonly string[];
	dates?: readonly string[];
	lists?: readonly string[];
}

/**
 * A copy of `record` with the named fields typed. Fields that are absent stay absent; a field
 * whose value cannot be read as its type is kept as the server sent it, so nothing is lost.
 */
export function typed(record: IDataObject, types: FieldTypes): IDataObject {
	const out: IDataObject = { ...record };
	const apply = (names: readonly string[] | undefined, convert: (v: unknown) => unknown) => {
		for (const name of names ?? []) {
			if (!(name in out)) continue;
			const converted = convert(out[name]);
			if (converted !== undefined) out[name] = converted as IDataObject[string];
		}
	};
	apply(types.booleans, toBoolean);
	apply(types.numbers, toNumber);
	apply(types.dates, (v) => (v === '' || v === null ? null : toIsoDate(v)));
	apply(types.lists, (v) => toArray(v as unknown[]));
	return out;
}
