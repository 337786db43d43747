/**
 * Times of day in a named time zone, with nothing but Intl: the wall clock of an instant in a
 * zone, the instant of a wall clock in a zone, and the server's date format
 * (`yyyy-MM-dd'T'HH:mm:ss.SSSXXX`, the offset being that of the zone at that instant).
 */

import { InputError } from '../../common/inputError';

export class ScheduleInputError extends InputError {}

export interface WallClock {
	year: number;
	/** 1–12 */
	month: number;
	day: number;
	hour: number;
	minute: number;
	second: number;
	millisecond: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
	let formatter = formatters.get(timeZone);
	if (!formatter) {
		formatter = new Intl.DateTimeFormat('en-US', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: 'numeric',
			day: 'numeric',
			hour: 'numeric',
			minute: 'numeric',
			second: 'numeric',
		});
		formatters.set(timeZone, formatter);
	}
	return formatter;
}

/** Whether the runtime knows a time zone name (IANA names such as Europe/Berlin, and UTC). */
export function isValidTimeZone(timeZone: string): boolean {
	if (typeof timeZone !== 'string' || timeZone.trim() === '') return false;
	try {
		formatterFor(timeZone.trim());
		return true;
	} catch {
		return false;
	}
}

/** The wall clock of an instant in a zone. */
export function wallClockOf(instant: number, timeZone: string): WallClock {
	const parts = formatterFor(timeZone).formatToParts(new Date(instant));
	const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? '0');
	return {
		year: get('year'),
		month: get('month'),
		day: get('day'),
		hour: get('hour') % 24,
		minute: get('minute'),
		second: get('second'),
		millisecond: ((instant % 1000) + 1000) % 1000,
	};
}

/** The offset of a zone from UTC at an instant, in minutes (east positive). */
export function offsetMinutesAt(instant: number, timeZone: string): number {
	const wall = wallClockOf(instant, timeZone);
	const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second, wall.millisecond);
	return Math.round((asUtc - instant) / 60000);
}

/**
 * The instant at which a zone's clocks show a wall-clock time. A time shown twice (the hour
 * repeated when clocks go back) is its first occurrence; a time skipped when clocks go forward
 * (02:30 on a spring-forward night) is the instant the clocks would show it one hour later.
 */
export function instantOf(wall: WallClock, timeZone: string): number {
	const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second, wall.millisecond);
	const day = 86_400_000;
	const offsets = [...new Set([asUtc - day, asUtc, asUtc + day].map((t) => offsetMinutesAt(t, timeZone) * 60000))];
	const valid = offsets.map((o) => asUtc - o).filter((t) => offsetMinutesAt(t, timeZone) * 60000 === asUtc - t);
	if (valid.length > 0) return Math.min(...valid);
	return asUtc - Math.min(...offsets);
}

function pad(value: number, length = 2): string {
	return String(Math.abs(value)).padStart(length, '0');
}

/** An instant as the server writes dates: `2026-01-15T09:30:00.000+01:00` (`Z` for UTC). */
export function formatServerDate(instant: number, timeZone: string): string {
	const wall = wallClockOf(instant, timeZone);
	const offset = offsetMinutesAt(instant, timeZone);
	const zone = offset === 0 ? 'Z' : `${offset < 0 ? '-' : '+'}${pad(Math.trunc(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
	return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}.${pad(wall.millisecond, 3)}${zone}`;
}

const DATE_TIME =
	/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

export interface ParsedDateTime {
	/** The instant meant. */
	instant: number;
	/** Whether the text carried its own offset (then it is an instant, not a wall-clock time). */
	hasOffset: boolean;
	/** Whether only a date was given. */
	dateOnly: boolean;
}

function isCalendarDate(year: number, month: number, day: number): boolean {
	if (month < 1 || month > 12 || day < 1) return false;
	return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Reads a date-time as n8n gives it (an ISO string from the date picker or an expression, a Date,
 * a Luxon DateTime, epoch milliseconds). A time without an offset is a wall-clock time in
 * `timeZone`; a time with an offset or `Z` is that instant.
 */
export function parseDateTime(value: unknown, timeZone: string, label: string): ParsedDateTime {
	if (value instanceof Date) {
		if (Number.isNaN(value.getTime())) throw new ScheduleInputError(`${label} is not a valid date`);
		return { instant: value.getTime(), hasOffset: true, dateOnly: false };
	}
	if (typeof value === 'number') {
		if (!Number.isFinite(value)) throw new ScheduleInputError(`${label} is not a valid date`);
		return { instant: value, hasOffset: true, dateOnly: false };
	}
	if (value && typeof value === 'object' && typeof (value as { toISO?: unknown }).toISO === 'function') {
		return parseDateTime((value as { toISO: () => string }).toISO(), timeZone, label);
	}
	if (typeof value !== 'string' || value.trim() === '') {
		throw new ScheduleInputError(`${label} is empty`);
	}
	const text = value.trim();
	const match = DATE_TIME.exec(text);
	if (!match) {
		throw new ScheduleInputError(`${label} "${text}" is not a date-time: use for example 2026-01-15T09:30:00 or 2026-01-15T09:30:00+01:00`);
	}
	const [, y, mo, d, h, mi, s, fraction, zone] = match;
	const wall: WallClock = {
		year: Number(y),
		month: Number(mo),
		day: Number(d),
		hour: h === undefined ? 0 : Number(h),
		minute: mi === undefined ? 0 : Number(mi),
		second: s === undefined ? 0 : Number(s),
		millisecond: fraction === undefined ? 0 : Number(fraction.slice(0, 3).padEnd(3, '0')),
	};
	if (!isCalendarDate(wall.year, wall.month, wall.day) || wall.hour > 23 || wall.minute > 59 || wall.second > 59) {
		throw new ScheduleInputError(`${label} "${text}" does not exist in the calendar`);
	}
	if (zone) {
		let offset = 0;
		if (zone.toUpperCase() !== 'Z') {
			const digits = zone.replace(':', '');
			const sign = digits.startsWith('-') ? -1 : 1;
			offset = sign * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5) || '0'));
		}
		const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second, wall.millisecond);
		return { instant: asUtc - offset * 60000, hasOffset: true, dateOnly: false };
	}
	return { instant: instantOf(wall, timeZone), hasOffset: false, dateOnly: h === undefined };
}
