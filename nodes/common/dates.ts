/**
 * Calendar dates in the servers' `yyyyMMdd` form. Impossible dates (month 99, 30 February) are
 * refused here, before any request, with a message that says what is wrong.
 */

import { InputError } from './inputError';

export class DateInputError extends InputError {}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeapYear(year: number): boolean {
	return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function isValidCalendarDate(year: number, month: number, day: number): boolean {
	if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
	if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
	const max = month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1];
	return day <= max;
}

/**
 * Reads a date given as `yyyyMMdd`, `yyyy-MM-dd`, an ISO date-time (the date part is taken as
 * written, without shifting time zones) or a Date, and returns `yyyyMMdd`.
 */
export function toYyyyMmDd(input: unknown, label = 'Date'): string {
	let year: number;
	let month: number;
	let day: number;
	if (input instanceof Date) {
		if (Number.isNaN(input.getTime())) throw new DateInputError(`${label} is not a valid date`);
		year = input.getUTCFullYear();
		month = input.getUTCMonth() + 1;
		day = input.getUTCDate();
	} else if (typeof input === 'string' && input.trim() !== '') {
		const text = input.trim();
		const match = /^(\d{4})-?(\d{2})-?(\d{2})(?:[T ].*)?$/.exec(text);
		if (!match || (text.length > 8 && !text.includes('-'))) {
			throw new DateInputError(`${label} "${text}" is not a date: use yyyyMMdd or yyyy-MM-dd`);
		}
		year = Number(match[1]);
		month = Number(match[2]);
		day = Number(match[3]);
	} else {
		throw new DateInputError(`${label} is empty: give a date as yyyyMMdd or yyyy-MM-dd`);
	}
	if (!isValidCalendarDate(year, month, day)) {
		throw new DateInputError(
			`${label} ${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')} does not exist in the calendar`,
		);
	}
	return `${String(year).padStart(4, '0')}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}`;
}

/** `yyyyMMdd` as users write it, `yyyy-MM-dd` (for messages). */
export function isoDay(yyyymmdd: string): string {
	return /^\d{8}$/.test(yyyymmdd) ? `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6)}` : yyyymmdd;
}

/** Both dates as `yyyyMMdd`; refuses a range whose end is before its start. */
export function toDateRange(start: unknown, end: unknown): { start: string; end: string } {
	const from = toYyyyMmDd(start, 'Start date');
	const to = toYyyyMmDd(end, 'End date');
	if (to < from) {
		throw new DateInputError(`End date ${isoDay(to)} is before start date ${isoDay(from)}`);
	}
	return { start: from, end: to };
}
