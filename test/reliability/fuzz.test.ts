/**
 * Property-based tests of the shared layer (fast-check): thousands of generated inputs per
 * property, each a promise the nodes rely on.
 */
import fc from 'fast-check';
import { XMLParser } from 'fast-xml-parser';

import { DateInputError, isValidCalendarDate, toDateRange, toYyyyMmDd } from '../../nodes/common/dates';
import { extractServerMessage, redact } from '../../nodes/common/errors';
import { encodePathId, pathSegments, RepositoryPathError, toPathId } from '../../nodes/common/repositoryPath';
import { fromPathId } from '../helpers/pathIds';
import { toArray, toBoolean, toIsoDate, toNumber } from '../../nodes/common/values';
import { buildXml, parseXml, XmlError } from '../../nodes/common/xml';

const RUNS = { numRuns: 3000 };

/** Any single character, surrogates and control characters included. */
const anyChar = fc.string({ minLength: 1, maxLength: 1, unit: 'binary' });

/** A repository name: any text without "/", ":" or a tab (the path id's stand-in for ":", so refused in names) and not "." or "..". */
const nameArb = fc
	.string({ minLength: 1, maxLength: 20, unit: fc.oneof(fc.constantFrom('a', 'Z', '0', ' ', '.', '-', '_', '&', '%', '#', '?', 'é', '東', '😀', '<', '>', '"', "'"), anyChar) })
	.filter((s) => !s.includes('/') && !s.includes(':') && !s.includes('\t') && s !== '.' && s !== '..' && s.trim() === s && s.trim() !== '');

describe('repository paths', () => {
	it('path → path id → path is the identity for valid paths', () => {
		fc.assert(
			fc.property(fc.array(nameArb, { minLength: 1, maxLength: 6 }), (names) => {
				const path = `/${names.join('/')}`;
				const id = toPathId(path);
				expect(id).toBe(`:${names.join(':')}`);
				expect(fromPathId(id)).toBe(path);
				expect(decodeURIComponent(encodePathId(id))).toBe(id);
				expect(encodePathId(id)).not.toMatch(/[/?#\s]/);
			}),
			RUNS,
		);
	});

	it('any string either is refused with a RepositoryPathError or gives segments without "/" or a tab', () => {
		fc.assert(
			fc.property(fc.string({ maxLength: 40 }), (input) => {
				try {
					const segments = pathSegments(input);
					for (const s of segments) {
						expect(s).not.toBe('');
						expect(s).not.toMatch(/[/\t]/);
						expect(['.', '..']).not.toContain(s);
					}
				} catch (error) {
					expect(error).toBeInstanceOf(RepositoryPathError);
				}
			}),
			RUNS,
		);
	});
});

describe('yyyyMMdd dates', () => {
	it('every real calendar date round-trips, in both input forms', () => {
		fc.assert(
			fc.property(fc.date({ min: new Date(Date.UTC(1, 0, 1)), max: new Date(Date.UTC(9999, 11, 31)), noInvalidDate: true }), (date) => {
				const iso = date.toISOString().slice(0, 10);
				const compact = iso.replace(/-/g, '');
				expect(toYyyyMmDd(iso)).toBe(compact);
				expect(toYyyyMmDd(compact)).toBe(compact);
				expect(toYyyyMmDd(date)).toBe(compact);
			}),
			RUNS,
		);
	});

	it('every 8-digit string is accepted exactly when it is a calendar date', () => {
		fc.assert(
			fc.property(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), (y, m, d) => {
				const text = `${String(y).padStart(4, '0')}${String(m).padStart(2, '0')}${String(d).padStart(2, '0')}`;
				if (isValidCalendarDate(y, m, d)) expect(toYyyyMmDd(text)).toBe(text);
				else expect(() => toYyyyMmDd(text)).toThrow(DateInputError);
			}),
			RUNS,
		);
	});

	it('a range is accepted exactly when its end is not before its start', () => {
		const day = fc.date({ min: new Date(Date.UTC(1990, 0, 1)), max: new Date(Date.UTC(2100, 0, 1)), noInvalidDate: true });
		fc.assert(
			fc.property(day, day, (a, b) => {
				const start = a.toISOString().slice(0, 10);
				const end = b.toISOString().slice(0, 10);
				if (end >= start) expect(toDateRange(start, end)).toEqual({ start: start.replace(/-/g, ''), end: end.replace(/-/g, '') });
				else expect(() => toDateRange(start, end)).toThrow(/before start date/);
			}),
			RUNS,
		);
	});
});

describe('XML', () => {
	const exactParser = new XMLParser({ parseTagValue: false, trimValues: false, processEntities: true, htmlEntities: true, ignoreDeclaration: true });
	const text = fc.string({ maxLength: 30, unit: fc.oneof(fc.constantFrom('<', '>', '&', ']]>', '"', "'", 'é', '東', ';', '#x27', ' '), anyChar) });
	const tag = fc.stringMatching(/^[a-z][a-zA-Z0-9_]{0,10}$/);

	// eslint-disable-next-line no-control-regex
	const notInXml = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

	it('build → parse gives back every value XML can carry, and refuses the others clearly', () => {
		fc.assert(
			fc.property(fc.dictionary(tag, text, { maxKeys: 6 }), (record) => {
				if (Object.values(record).some((v) => notInXml.test(v))) {
					expect(() => buildXml('root', record)).toThrow(/which XML cannot carry/);
					return;
				}
				const xml = buildXml('root', record);
				// Read back without trimming, as a server does, so that every character is compared.
				const parsed = exactParser.parse(xml).root as Record<string, string> | string;
				if (Object.keys(record).length === 0) expect(parsed).toBe('');
				else expect(parsed).toEqual(record);
			}),
			RUNS,
		);
	});

	it('parse either returns an object or throws an XmlError, never anything else', () => {
		fc.assert(
			fc.property(fc.string({ maxLength: 60, unit: fc.oneof(fc.constantFrom('<', '>', '/', 'a', '=', '"', '!', '?', '[', ']', '&', ';'), anyChar) }), (input) => {
				try {
					expect(typeof parseXml(input)).toBe('object');
				} catch (error) {
					expect(error).toBeInstanceOf(XmlError);
				}
			}),
			RUNS,
		);
	});
});

describe('value normalisers', () => {
	it('numbers survive as numbers and as their strings', () => {
		fc.assert(
			fc.property(fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })), (n) => {
				expect(toNumber(n)).toBe(n);
				if (Number.isFinite(n)) expect(toNumber(String(n))).toBe(Number(String(n)));
			}),
			RUNS,
		);
	});

	it('booleans and their server spellings map to the same value; anything else is undefined', () => {
		fc.assert(
			fc.property(fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', 'Y', 'N', 'y', 'n', 'yes', 'no', '1', '0'), fc.string()), (value) => {
				const result = toBoolean(value);
				expect(result === undefined || typeof result === 'boolean').toBe(true);
				if (typeof value === 'boolean') expect(result).toBe(value);
			}),
			RUNS,
		);
	});

	it('epoch milliseconds as strings become the same instant in ISO 8601', () => {
		fc.assert(
			fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (ms) => {
				expect(toIsoDate(String(ms))).toBe(new Date(ms).toISOString());
			}),
			RUNS,
		);
	});

	it('toArray always gives a list, and a list is kept as is', () => {
		fc.assert(
			fc.property(fc.anything(), (value) => {
				const list = toArray(value as never);
				expect(Array.isArray(list)).toBe(true);
				if (Array.isArray(value)) expect(list).toBe(value);
			}),
			RUNS,
		);
	});
});

describe('error messages', () => {
	it('a server message is never "undefined" or "[object Object]", and never holds a redacted secret', () => {
		const secret = 'Pa55-w0rd!secret';
		fc.assert(
			fc.property(
				fc.oneof(fc.string(), fc.json(), fc.constantFrom('<html><title>x</title></html>', '<webresult><message>m</message></webresult>')),
				fc.constantFrom('text/plain', 'application/json', 'text/html', 'text/xml', undefined),
				(body, type) => {
					const message = extractServerMessage(`${body} ${secret}`, type);
					if (message !== undefined) {
						expect(message).not.toMatch(/^(undefined|\[object Object\])$/);
						expect(redact(message, [secret])).not.toContain(secret);
					}
				},
			),
			RUNS,
		);
	});
});
