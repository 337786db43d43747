/**
 * Cron expressions as the scheduler reads them (Quartz): `seconds minutes hours day-of-month month
 * day-of-week [year]`, exactly one of the two day fields being `?`. A five-field Unix expression
 * (`minutes hours day-of-month month day-of-week`, Sunday = 0 or 7) is converted to that form, so
 * that the server does not read its minutes as seconds.
 */
import { ScheduleInputError } from './time';

interface FieldSpec {
	name: string;
	min: number;
	max: number;
	names?: string[];
}

const SECONDS: FieldSpec = { name: 'seconds', min: 0, max: 59 };
const MINUTES: FieldSpec = { name: 'minutes', min: 0, max: 59 };
const HOURS: FieldSpec = { name: 'hours', min: 0, max: 23 };
const DAY_OF_MONTH: FieldSpec = { name: 'day-of-month', min: 1, max: 31 };
const MONTH: FieldSpec = {
	name: 'month',
	min: 1,
	max: 12,
	names: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'],
};
const DAY_OF_WEEK: FieldSpec = { name: 'day-of-week', min: 1, max: 7, names: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] };
const YEAR: FieldSpec = { name: 'year', min: 1970, max: 2099 };

function fail(expression: string, problem: string): never {
	throw new ScheduleInputError(`The cron expression "${expression}" is not valid: ${problem}`);
}

/** A number or a name of the field, as its number; undefined when it is neither. */
function valueOf(token: string, spec: FieldSpec): number | undefined {
	if (/^\d+$/.test(token)) return Number(token);
	const index = spec.names?.indexOf(token.toUpperCase()) ?? -1;
	return index >= 0 ? spec.min + index : undefined;
}

function checkValue(expression: string, token: string, spec: FieldSpec): number {
	const value = valueOf(token, spec);
	if (value === undefined) fail(expression, `"${token}" is not a value of the ${spec.name} field`);
	if (value < spec.min || value > spec.max) {
		fail(expression, `${value} is outside ${spec.min}–${spec.max} in the ${spec.name} field`);
	}
	return value;
}

function checkItem(expression: string, item: string, spec: FieldSpec): void {
	if (item === '') fail(expression, `the ${spec.name} field has an empty list entry`);
	const [range, step, extra] = item.split('/');
	if (extra !== undefined) fail(expression, `"${item}" has more than one "/"`);
	if (step !== undefined) {
		if (!/^\d+$/.test(step) || Number(step) < 1) fail(expression, `the step "${step}" in "${item}" is not a positive number`);
		if (Number(step) > spec.max) fail(expression, `the step ${step} in "${item}" is larger than the ${spec.name} field allows`);
	}
	if (range === '*') return;
	const bounds = range.split('-');
	if (bounds.length > 2) fail(expression, `"${item}" is not a range`);
	const from = checkValue(expression, bounds[0], spec);
	if (bounds.length === 2) {
		const to = checkValue(expression, bounds[1], spec);
		if (spec === YEAR && to < from) fail(expression, `the range "${range}" ends before it starts`);
	}
}

function checkField(expression: string, field: string, spec: FieldSpec): void {
	for (const item of field.split(',')) checkItem(expression, item, spec);
}

function checkDayOfMonth(expression: string, field: string): void {
	if (field === '?') return;
	if (/^L(-\d{1,2})?$/i.test(field)) {
		const offset = Number(field.slice(2) || '0');
		if (offset > 30) fail(expression, `"${field}" goes back more than 30 days`);
		return;
	}
	if (/^LW$/i.test(field)) return;
	if (/^\d{1,2}W$/i.test(field)) {
		checkValue(expression, field.slice(0, -1), DAY_OF_MONTH);
		return;
	}
	if (/[LW]/i.test(field)) fail(expression, `"${field}": L and W stand alone in the day-of-month field (L, L-3, 15W, LW)`);
	checkField(expression, field, DAY_OF_MONTH);
}

function checkDayOfWeek(expression: string, field: string): void {
	if (field === '?') return;
	if (/^L$/i.test(field)) return;
	const last = /^([A-Z]{3}|\d)L$/i.exec(field);
	if (last) {
		checkValue(expression, last[1], DAY_OF_WEEK);
		return;
	}
	const nth = /^([A-Z]{3}|\d)#(\d)$/i.exec(field);
	if (nth) {
		checkValue(expression, nth[1], DAY_OF_WEEK);
		if (Number(nth[2]) < 1 || Number(nth[2]) > 5) fail(expression, `"${field}": the week after "#" is 1 to 5`);
		return;
	}
	if (/[L#]/i.test(field)) fail(expression, `"${field}": L and # stand alone in the day-of-week field (6L, MON#2)`);
	checkField(expression, field, DAY_OF_WEEK);
}

/** Unix day of week (0–7, Sunday 0 and 7) as Quartz's (1–7, Sunday 1). */
function unixDayToQuartz(expression: string, token: string): string {
	if (!/^\d+$/.test(token)) return token;
	const day = Number(token);
	if (day > 7) fail(expression, `${day} is outside 0–7 in the day-of-week field`);
	return String((day % 7) + 1);
}

function convertUnixDayOfWeek(expression: string, field: string): string {
	if (field === '*' || field === '?') return field;
	return field
		.split(',')
		.map((item) => {
			const [range, step] = item.split('/');
			const suffix = step === undefined ? '' : `/${step}`;
			const nth = /^(\d)#(\d)$/.exec(range);
			if (nth) return `${unixDayToQuartz(expression, nth[1])}#${nth[2]}`;
			const last = /^(\d)L$/i.exec(range);
			if (last) return `${unixDayToQuartz(expression, last[1])}L`;
			const bounds = range.split('-');
			if (bounds.length === 2 && /^\d+$/.test(bounds[0]) && /^\d+$/.test(bounds[1])) {
				const from = Number(bounds[0]);
				const to = Number(bounds[1]);
				if (to === 7 && from > 0) {
					// 5-7 (Friday to Sunday) is Quartz 6-7 and 1.
					return step === undefined ? `${from + 1}-7,1` : `${from + 1}-7${suffix}`;
				}
				if (to === 7 && from === 0) return `*${suffix}`;
				return `${unixDayToQuartz(expression, bounds[0])}-${unixDayToQuartz(expression, bounds[1])}${suffix}`;
			}
			if (range === '*') return item;
			return `${bounds.map((b) => unixDayToQuartz(expression, b)).join('-')}${suffix}`;
		})
		.join(',');
}

/**
 * One field in the shapes the scheduler's own re-reading of cron strings accepts
 * (QuartzScheduler.parseRecurrence / parseDayOfWeekRecurrences, then QuartzCronStringFactory:
 * pentaho-scheduler-plugin:core/src/main/java/org/pentaho/platform/scheduler2/quartz/QuartzScheduler.java@00d51c66,
 * pentaho-platform:scheduler/src/main/java/org/pentaho/platform/scheduler2/quartz/QuartzScheduler.java@9.3.0.0-422):
 * numbers, `a-b`, `a/b`, `*` with a step, and `L`, plus `n#k` and `nL` in the day of week. Names must be
 * numbers there: the server counts day names from SUN = 0 (so MON-FRI would run Sunday to
 * Thursday) and refuses month names (500). Ranges with a step, and ranges that wrap (FRI-MON),
 * become lists.
 */
function serverField(expression: string, field: string, spec: FieldSpec): string {
	if (field === '*' || field === '?') return field;
	const out: string[] = [];
	for (const item of field.split(',')) {
		const [range, step] = item.split('/');
		const bounds = range.split('-');
		if (range === '*' || bounds.length === 1) {
			const from = range === '*' ? '*' : String(checkValue(expression, range, spec));
			out.push(step === undefined ? from : `${from}/${step}`);
			continue;
		}
		const from = checkValue(expression, bounds[0], spec);
		const to = checkValue(expression, bounds[1], spec);
		if (step === undefined && from <= to) {
			out.push(`${from}-${to}`);
			continue;
		}
		const values: number[] = [];
		const span = from <= to ? to - from : spec.max - from + 1 + (to - spec.min);
		for (let i = 0; i <= span; i += step === undefined ? 1 : Number(step)) {
			values.push(((from - spec.min + i) % (spec.max - spec.min + 1)) + spec.min);
		}
		out.push(...values.map(String));
	}
	return out.join(',');
}

function serverDayOfMonth(expression: string, field: string): string {
	if (field === '?' || /^L$/i.test(field)) return field.toUpperCase();
	if (/[LW]/i.test(field)) {
		fail(expression, `"${field}" in the day-of-month field is refused by the scheduler (it takes numbers, ranges, steps and L only)`);
	}
	return serverField(expression, field, DAY_OF_MONTH);
}

function serverDayOfWeek(expression: string, field: string): string {
	if (field === '?') return field;
	// L alone means Saturday; the scheduler does not take it.
	if (/^L$/i.test(field)) return '7';
	const last = /^([A-Z]{3}|\d)L$/i.exec(field);
	if (last) return `${checkValue(expression, last[1], DAY_OF_WEEK)}L`;
	const nth = /^([A-Z]{3}|\d)#(\d)$/i.exec(field);
	if (nth) return `${checkValue(expression, nth[1], DAY_OF_WEEK)}#${nth[2]}`;
	return serverField(expression, field, DAY_OF_WEEK);
}

/**
 * Checks a cron expression and returns it in the form the scheduler reads as meant: Quartz
 * fields, numbers for day and month names (see serverField). Throws a ScheduleInputError that
 * says what is wrong.
 */
export function normalizeCron(input: unknown): string {
	if (typeof input !== 'string' || input.trim() === '') {
		throw new ScheduleInputError('The cron expression is empty');
	}
	const expression = input.trim().replace(/\s+/g, ' ');
	let fields = expression.split(' ');
	if (fields.length === 5) {
		const [minutes, hours, unixDayOfMonth, month, unixDayOfWeek] = fields;
		let dayOfMonth = unixDayOfMonth;
		let dayOfWeek = convertUnixDayOfWeek(expression, unixDayOfWeek);
		if (dayOfMonth === '?' || dayOfWeek === '?') {
			// Already says which day field is unused.
		} else if (dayOfWeek === '*') {
			dayOfWeek = '?';
		} else if (dayOfMonth === '*') {
			dayOfMonth = '?';
		} else {
			fail(expression, 'the scheduler cannot combine a day of the month with a day of the week: set one of them to *');
		}
		fields = ['0', minutes, hours, dayOfMonth, month, dayOfWeek];
	} else if (fields.length !== 6 && fields.length !== 7) {
		fail(expression, `it has ${fields.length} fields; give 6 or 7 (seconds minutes hours day-of-month month day-of-week [year]) or 5 (Unix style)`);
	}
	const [seconds, minutes, hours, dayOfMonth, month, dayOfWeek, year] = fields;
	checkField(expression, seconds, SECONDS);
	checkField(expression, minutes, MINUTES);
	checkField(expression, hours, HOURS);
	checkDayOfMonth(expression, dayOfMonth);
	checkField(expression, month, MONTH);
	checkDayOfWeek(expression, dayOfWeek);
	if (year !== undefined) checkField(expression, year, YEAR);
	if (dayOfMonth === '?' && dayOfWeek === '?') fail(expression, 'only one of day-of-month and day-of-week may be "?"');
	if (dayOfMonth !== '?' && dayOfWeek !== '?') {
		fail(expression, 'one of day-of-month and day-of-week must be "?" (for example 0 0 9 ? * MON-FRI or 0 0 9 1 * ?)');
	}
	const server = [
		serverField(expression, seconds, SECONDS),
		serverField(expression, minutes, MINUTES),
		serverField(expression, hours, HOURS),
		serverDayOfMonth(expression, dayOfMonth),
		serverField(expression, month, MONTH),
		serverDayOfWeek(expression, dayOfWeek),
	];
	if (year !== undefined) server.push(serverField(expression, year, YEAR));
	return server.join(' ');
}
