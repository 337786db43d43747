/**
 * Wall clocks in named time zones (Intl only), for computing when triggers fire.
 *
 * The wall clock itself is emulator/core/time.ts (deliberately not shared with the node's time-zone code,
 * nodes/Scheduler/shared/time.ts: the emulator must not share the code it tests).
 */

import { offsetMs, wallOf, type Wall } from '../../core/time';

export { knownTimeZone, wallOf, type Wall } from '../../core/time';

/** The instant a zone's clocks show a wall time (first occurrence; skipped times move forward). */
export function instantAt(wall: Wall, timeZone: string): number {
	const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
	const offsets = [...new Set([asUtc - 86_400_000, asUtc, asUtc + 86_400_000].map((t) => offsetMs(t, timeZone)))];
	const valid = offsets.map((o) => asUtc - o).filter((t) => offsetMs(t, timeZone) === asUtc - t);
	return valid.length > 0 ? Math.min(...valid) : asUtc - Math.min(...offsets);
}

export function daysInMonth(year: number, month: number): number {
	return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The calendar day after a given one. */
export function nextDay(year: number, month: number, day: number): { year: number; month: number; day: number } {
	const d = new Date(Date.UTC(year, month - 1, day + 1));
	return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

export function weekdayOf(year: number, month: number, day: number): number {
	return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

const SERVER_DATE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.(\d{3})(Z|[+-]\d{2}:?\d{2})$/;

/**
 * A date as the scheduler reads it (`yyyy-MM-dd'T'HH:mm:ss.SSSXXX`, `.SSSZ` or `.SSS'Z'`);
 * null/'' → undefined; anything else throws.
 */
export function parseServerDate(value: unknown, field: string): number | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	if (typeof value === 'number') return value;
	const text = String(value).trim();
	const match = SERVER_DATE.exec(text);
	if (!match) throw new Error(`Cannot parse ${field} "${text}": expected yyyy-MM-dd'T'HH:mm:ss.SSSXXX`);
	const zone = match[8] === 'Z' ? 'Z' : match[8].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
	const instant = Date.parse(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}.${match[7]}${zone}`);
	if (Number.isNaN(instant)) throw new Error(`Cannot parse ${field} "${text}"`);
	return instant;
}

/** An instant as the server writes it (UTC server clock): `2026-01-15T08:30:00.000Z`. */
export function formatServerDate(instant: number | undefined): string | undefined {
	return instant === undefined ? undefined : new Date(instant).toISOString();
}

function two(n: number): string {
	return String(n).padStart(2, '0');
}

/** An instant as java's SimpleDateFormat("yyyy-MM-dd'T'HH:mm:ss.SSSXXX") writes it in a zone (`Z` for UTC). */
export function formatInZone(instant: number, timeZone: string): string {
	const wall = wallOf(instant, timeZone);
	const offset = Math.round(offsetMs(instant, timeZone) / 60000);
	const zone = offset === 0 ? 'Z' : `${offset < 0 ? '-' : '+'}${two(Math.trunc(Math.abs(offset) / 60))}:${two(Math.abs(offset) % 60)}`;
	const ms = String(((instant % 1000) + 1000) % 1000).padStart(3, '0');
	return `${wall.year}-${two(wall.month)}-${two(wall.day)}T${two(wall.hour)}:${two(wall.minute)}:${two(wall.second)}.${ms}${zone}`;
}
