/**
 * Small re-implementations of what the Java side does to text and maps, so that the reporting and CDA areas write
 * exactly what the real servers write: the iteration order of a java.util.HashMap (org.json's JSONObject and the
 * engine's ValidationResult keep their keys in one), URLEncoder-based encodeURIComponent
 * (pentaho-platform:core/src/main/java/org/pentaho/platform/util/RepositoryPathEncoder.java@10.2.0.0-222), Spring's
 * HtmlUtils.htmlEscape, and the number texts of Java and org.json.
 */
import { offsetMinutes } from '../../core/time';

/** Java's String.hashCode (UTF-16 code units, 32-bit overflow). */
export function javaStringHash(text: string): number {
	let hash = 0;
	for (let i = 0; i < text.length; i++) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0;
	return hash;
}

/**
 * The order in which a java.util.HashMap (default capacity 16, load factor 0.75) iterates the given keys when they
 * were put in this order: by bucket (spread hash & (capacity - 1)), and within a bucket in insertion order.
 */
export function javaHashMapOrder<T extends string>(keys: readonly T[]): T[] {
	const unique = [...new Set(keys)];
	let capacity = 16;
	while (unique.length > capacity * 0.75) capacity *= 2;
	const bucket = (key: string) => {
		const h = javaStringHash(key);
		return (h ^ (h >>> 16)) & (capacity - 1);
	};
	return unique
		.map((key, index) => ({ key, index, bucket: bucket(key) }))
		.sort((a, b) => a.bucket - b.bucket || a.index - b.index)
		.map((entry) => entry.key);
}

/**
 * RepositoryPathEncoder.encodeURIComponent: URLEncoder.encode(value, UTF-8) with "+" → "%20" and !'()~ left as they are
 * (URLEncoder keeps A-Z a-z 0-9 . - * _ and turns a space into "+").
 */
export function javaEncodeUriComponent(value: string): string {
	let out = '';
	for (const byte of Buffer.from(value, 'utf8')) {
		const ch = String.fromCharCode(byte);
		if (/[A-Za-z0-9.\-*_!'()~]/.test(ch)) out += ch;
		else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
	}
	return out;
}

/** RepositoryPathEncoder.encodeRepositoryPath: ":" → tab, "/" → ":". */
export function encodeRepositoryPath(path: string): string {
	return path.replace(/:/g, '\t').replace(/\//g, ':');
}

/** Spring's HtmlUtils.htmlEscape (the five characters, an apostrophe as &#39;). */
export function springHtmlEscape(text: string): string {
	return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Java's Double.toString for the values the emulator writes (integral values keep ".0"; exponents for very large/small). */
export function javaDoubleToString(value: number): string {
	if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity';
	const abs = Math.abs(value);
	if (abs !== 0 && (abs >= 1e7 || abs < 1e-3)) {
		const [mantissa, exponent] = value.toExponential().split('e');
		return `${mantissa.includes('.') ? mantissa : `${mantissa}.0`}E${Number(exponent)}`;
	}
	const text = String(value);
	return text.includes('.') ? text : `${text}.0`;
}

/** org.json's numberToString: a Double without trailing zeros after the point (100.0 → 100, 12.50 → 12.5). */
export function jsonNumber(value: number): string {
	let text = javaDoubleToString(value);
	if (text.includes('.') && !text.includes('E')) {
		text = text.replace(/0+$/, '');
		if (text.endsWith('.')) text = text.slice(0, -1);
	}
	return text;
}

/** org.json's JSONObject.quote (escapes "\", quote, "</" and control characters). */
export function jsonQuote(text: string): string {
	let out = '"';
	let previous = '';
	for (const ch of text) {
		switch (ch) {
			case '\\':
			case '"':
				out += `\\${ch}`;
				break;
			case '/':
				out += previous === '<' ? '\\/' : '/';
				break;
			case '\b':
				out += '\\b';
				break;
			case '\t':
				out += '\\t';
				break;
			case '\n':
				out += '\\n';
				break;
			case '\f':
				out += '\\f';
				break;
			case '\r':
				out += '\\r';
				break;
			default:
				if (ch < ' ' || (ch >= '\u0080' && ch < '\u00a0') || (ch >= '\u2000' && ch < '\u2100')) {
					out += `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
				} else out += ch;
		}
		previous = ch;
	}
	return `${out}"`;
}

/** A Java SimpleDateFormat-like rendering of a date in a fixed offset zone ("+0000" style for Z). */
export function formatJavaDate(date: Date, pattern: 'iso-z' | 'timestamp' | 'date', offsetMinutes = 0): string {
	const shifted = new Date(date.getTime() + offsetMinutes * 60000);
	const pad = (n: number, w = 2) => String(n).padStart(w, '0');
	const y = shifted.getUTCFullYear();
	const d = `${y}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
	const t = `${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}:${pad(shifted.getUTCSeconds())}`;
	const ms = pad(shifted.getUTCMilliseconds(), 3);
	if (pattern === 'date') return d;
	if (pattern === 'timestamp') {
		// java.sql.Timestamp.toString: fraction without trailing zeros, at least one digit.
		const fraction = String(shifted.getUTCMilliseconds()).padStart(3, '0').replace(/0+$/, '') || '0';
		return `${d} ${t}.${fraction}`;
	}
	const sign = offsetMinutes < 0 ? '-' : '+';
	const abs = Math.abs(offsetMinutes);
	return `${d}T${t}.${ms}${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

/** The offset (minutes east of UTC) of an IANA time zone at an instant (0 for a zone Intl does not know). */
export function zoneOffsetMinutes(timeZone: string, at: Date): number {
	try {
		return offsetMinutes(at.getTime(), timeZone);
	} catch {
		return 0;
	}
}
