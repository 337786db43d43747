/**
 * CDA query parameters as CDA reads them (webdetails/cda core/src/main/java/pt/webdetails/cda/dataaccess/Parameter.java
 * getValueFromString @10.2.0.0-222, same @9.3.0.0-422 and @11.0.0.0-237): Integer and Numeric as
 * number text, a Date with a `pattern` in that SimpleDateFormat pattern, a Date without one as epoch
 * milliseconds; a list type takes the form parameter repeated (QueryParameters.getParam turns several
 * values into an array). A query ignores parameters it does not declare, and a `private` parameter
 * cannot be set from outside, so both are refused here rather than silently dropped.
 */
import type { CdaParameter } from './cda';
import { cdaKind } from './cda';
import { toNumber } from '../../common/values';
import { listOf, plainText, type DateLike, type GivenValue, type Scalar } from './parameterValues';
import { ReportInputError } from './paths';

interface Parts {
	y: number;
	M: number;
	d: number;
	H: number;
	m: number;
	s: number;
	S: number;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

function partsOf(value: Scalar | Date | DateLike): Parts | undefined {
	if (value instanceof Date) {
		return { y: value.getUTCFullYear(), M: value.getUTCMonth() + 1, d: value.getUTCDate(), H: value.getUTCHours(), m: value.getUTCMinutes(), s: value.getUTCSeconds(), S: value.getUTCMilliseconds() };
	}
	const text = typeof value === 'object' ? value.toFormat("yyyy-MM-dd'T'HH:mm:ss.SSS") : String(value).trim();
	const match = ISO.exec(text);
	if (!match) return undefined;
	const [, y, M, d, H = '0', m = '0', s = '0', S = '0'] = match;
	return { y: +y, M: +M, d: +d, H: +H, m: +m, s: +s, S: +S.padEnd(3, '0') };
}

/**
 * A date in a Java SimpleDateFormat pattern, for the letters a date parameter uses (y M d H h m s S a
 * and quoted text); `undefined` for a pattern with other letters (then the value is sent as given).
 */
export function formatJavaDate(parts: Parts, pattern: string): string | undefined {
	let out = '';
	for (let i = 0; i < pattern.length; ) {
		const ch = pattern[i];
		if (ch === "'") {
			if (pattern[i + 1] === "'") {
				out += "'";
				i += 2;
				continue;
			}
			// Quoted text, where '' stands for one quote.
			let j = i + 1;
			while (j < pattern.length) {
				if (pattern[j] === "'" && pattern[j + 1] === "'") {
					out += "'";
					j += 2;
				} else if (pattern[j] === "'") {
					break;
				} else {
					out += pattern[j++];
				}
			}
			i = j + 1;
			continue;
		}
		if (!/[A-Za-z]/.test(ch)) {
			out += ch;
			i++;
			continue;
		}
		let run = 1;
		while (pattern[i + run] === ch) run++;
		const num = (n: number) => String(n).padStart(run, '0');
		switch (ch) {
			case 'y':
				out += run === 2 ? String(parts.y % 100).padStart(2, '0') : String(parts.y).padStart(run, '0');
				break;
			case 'M':
				if (run > 2) return undefined;
				out += num(parts.M);
				break;
			case 'd':
				out += num(parts.d);
				break;
			case 'H':
				out += num(parts.H);
				break;
			case 'h':
				out += num(parts.H % 12 === 0 ? 12 : parts.H % 12);
				break;
			case 'a':
				out += parts.H < 12 ? 'AM' : 'PM';
				break;
			case 'm':
				out += num(parts.m);
				break;
			case 's':
				out += num(parts.s);
				break;
			case 'S':
				out += String(parts.S).padStart(3, '0').slice(0, Math.max(run, 3)).padEnd(run, '0');
				break;
			default:
				return undefined;
		}
		i += run;
	}
	return out;
}

/** A date value for a CDA Date parameter: in its pattern, or epoch milliseconds without one. */
export function cdaDate(value: Scalar | Date | DateLike, pattern: string | undefined): string {
	if (pattern) {
		const parts = partsOf(value);
		const formatted = parts ? formatJavaDate(parts, pattern) : undefined;
		return formatted ?? plainText(value);
	}
	if (value instanceof Date) return String(value.getTime());
	if (typeof value === 'object') return String(value.toMillis());
	const text = String(value).trim();
	if (/^-?\d+$/.test(text)) return text;
	const match = ISO.exec(text);
	if (match) {
		// A date or local time without zone is taken as UTC (CDA reads a bare instant).
		const ms = Date.parse(match[8] || !match[4] ? text.replace(' ', 'T') : `${text.replace(' ', 'T')}Z`);
		if (Number.isFinite(ms)) return String(ms);
	}
	return text;
}

/**
 * The query's parameters as form pairs (`param<name>`), checked against what the query declares:
 * an undeclared or private parameter is refused, a list value for a single-value parameter too.
 */
export function cdaPairs(values: Map<string, GivenValue>, declared: CdaParameter[], query: string): Array<[string, string]> {
	const byName = new Map(declared.map((p) => [p.name, p]));
	const pairs: Array<[string, string]> = [];
	for (const [name, value] of values) {
		const parameter = byName.get(name);
		if (!parameter) {
			const known = declared.filter((p) => p.access !== 'private').map((p) => p.name);
			throw new ReportInputError(`Query "${query}" has no parameter "${name}" (its parameters: ${known.length ? known.join(', ') : 'none'})`);
		}
		if (parameter.access === 'private') throw new ReportInputError(`Parameter "${name}" of query "${query}" is private: the .cda file sets it, it cannot be given`);
		const { kind, list } = cdaKind(parameter.type);
		const items = listOf(value);
		if (!list && items.length > 1) throw new ReportInputError(`Parameter "${name}" of query "${query}" takes one value (${parameter.type}), ${items.length} were given`);
		for (const item of items) {
			if ((kind === 'integer' || kind === 'number') && toNumber(typeof item === 'object' ? undefined : item) === undefined) {
				throw new ReportInputError(`Parameter "${name}" of query "${query}" is ${parameter.type}: ${JSON.stringify(plainText(item))} is not a number`);
			}
			pairs.push([`param${name}`, kind === 'date' ? cdaDate(item, parameter.pattern) : plainText(item)]);
		}
	}
	return pairs;
}
