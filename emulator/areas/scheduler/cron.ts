/**
 * Quartz cron expressions for the emulator: `sec min hour day-of-month month day-of-week [year]`,
 * with `*`, `?`, lists, ranges, steps, names, `L`, `L-n`, `nW`, `LW` (day of month) and `nL`, `n#k`
 * (day of week, 1 = Sunday). Computes the next fire time in a time zone.
 */
import { daysInMonth, instantAt, nextDay, wallOf, weekdayOf } from './time';

export interface CronSchedule {
	seconds: number[];
	minutes: number[];
	hours: number[];
	months: Set<number>;
	years?: Set<number>;
	dayOfMonth: (year: number, month: number, day: number) => boolean;
	dayOfWeek: (year: number, month: number, day: number) => boolean;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

function value(token: string, min: number, max: number, names?: string[]): number {
	let n: number;
	if (/^\d+$/.test(token)) n = Number(token);
	else {
		const index = names?.indexOf(token.toUpperCase()) ?? -1;
		if (index < 0) throw new Error(`Illegal characters for this position: '${token}'`);
		n = min + index;
	}
	if (n < min || n > max) throw new Error(`Value ${n} out of range ${min}-${max}`);
	return n;
}

function set(field: string, min: number, max: number, names?: string[]): number[] {
	const out = new Set<number>();
	for (const item of field.split(',')) {
		const [range, stepText] = item.split('/');
		const step = stepText === undefined ? 1 : Number(stepText);
		if (!Number.isInteger(step) || step < 1) throw new Error(`Illegal step '${stepText}'`);
		let from: number;
		let to: number;
		if (range === '*') {
			from = min;
			to = max;
		} else if (range.includes('-')) {
			const [a, b] = range.split('-');
			from = value(a, min, max, names);
			to = value(b, min, max, names);
		} else {
			from = value(range, min, max, names);
			to = stepText === undefined ? from : max;
		}
		if (to < from) {
			// A wrapping range (FRI-MON).
			for (let v = from; v <= max; v += step) out.add(v);
			for (let v = min; v <= to; v += step) out.add(v);
		} else {
			for (let v = from; v <= to; v += step) out.add(v);
		}
	}
	return [...out].sort((a, b) => a - b);
}

function nearestWeekday(year: number, month: number, day: number): number {
	const last = daysInMonth(year, month);
	const target = Math.min(day, last);
	const weekday = weekdayOf(year, month, target);
	if (weekday === 6) return target === 1 ? 3 : target - 1;
	if (weekday === 0) return target === last ? target - 2 : target + 1;
	return target;
}

function dayOfMonthMatcher(field: string): CronSchedule['dayOfMonth'] {
	if (field === '?') return () => true;
	if (/^L(-\d+)?$/i.test(field)) {
		const back = Number(field.slice(2) || '0');
		return (y, m, d) => d === daysInMonth(y, m) - back;
	}
	if (/^LW$/i.test(field)) {
		return (y, m, d) => d === nearestWeekday(y, m, daysInMonth(y, m));
	}
	if (/^\d+W$/i.test(field)) {
		const target = value(field.slice(0, -1), 1, 31);
		return (y, m, d) => d === nearestWeekday(y, m, target);
	}
	const days = new Set(set(field, 1, 31));
	return (_y, _m, d) => days.has(d);
}

function dayOfWeekMatcher(field: string): CronSchedule['dayOfWeek'] {
	if (field === '?') return () => true;
	if (/^L$/i.test(field)) return (y, m, d) => weekdayOf(y, m, d) === 6;
	const last = /^(\w+)L$/i.exec(field);
	if (last) {
		const wd = value(last[1], 1, 7, DAYS) - 1;
		return (y, m, d) => weekdayOf(y, m, d) === wd && d + 7 > daysInMonth(y, m);
	}
	const nth = /^(\w+)#(\d)$/.exec(field);
	if (nth) {
		const wd = value(nth[1], 1, 7, DAYS) - 1;
		const n = Number(nth[2]);
		return (y, m, d) => weekdayOf(y, m, d) === wd && Math.ceil(d / 7) === n;
	}
	const days = new Set(set(field, 1, 7, DAYS).map((v) => v - 1));
	return (y, m, d) => days.has(weekdayOf(y, m, d));
}

/** Parses a Quartz expression (a 6-field one gets the year `*`, as the server does); throws with Quartz-like messages. */
export function parseCron(expression: string): CronSchedule {
	const fields = String(expression ?? '').trim().split(/\s+/);
	if (fields.length < 6 || fields.length > 7) throw new Error(`Unexpected end of expression: "${expression}"`);
	const [sec, min, hour, dom, month, dow, year] = fields;
	if ((dom === '?') === (dow === '?')) {
		throw new Error("Support for specifying both a day-of-week AND a day-of-month parameter is not implemented.");
	}
	return {
		seconds: set(sec, 0, 59),
		minutes: set(min, 0, 59),
		hours: set(hour, 0, 23),
		months: new Set(set(month, 1, 12, MONTHS)),
		years: year === undefined || year === '*' ? undefined : new Set(set(year, 1970, 2099)),
		dayOfMonth: dayOfMonthMatcher(dom),
		dayOfWeek: dayOfWeekMatcher(dow),
	};
}

/** The first fire time at or after `after`, within about five years. */
export function nextCronFire(cron: CronSchedule, after: number, timeZone: string): number | undefined {
	const start = wallOf(after, timeZone);
	let date = { year: start.year, month: start.month, day: start.day };
	for (let i = 0; i < 366 * 5; i++, date = nextDay(date.year, date.month, date.day)) {
		const { year, month, day } = date;
		if (cron.years && !cron.years.has(year)) continue;
		if (!cron.months.has(month)) continue;
		if (!cron.dayOfMonth(year, month, day) || !cron.dayOfWeek(year, month, day)) continue;
		const first = i === 0;
		for (const hour of cron.hours) {
			// On the first day, times well before `after` need not be tried (an hour of slack for DST).
			if (first && hour < start.hour - 1) continue;
			for (const minute of cron.minutes) {
				if (first && hour === start.hour && minute < start.minute) continue;
				for (const second of cron.seconds) {
					const instant = instantAt({ year, month, day, hour, minute, second }, timeZone);
					if (instant >= after) return instant;
				}
			}
		}
	}
	return undefined;
}
