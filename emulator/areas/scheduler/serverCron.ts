/**
 * How the real scheduler re-reads a cron expression before it hands it to Quartz: it splits every
 * field into recurrences (QuartzScheduler.createComplexTrigger, parseRecurrence,
 * parseDayOfWeekRecurrences) and writes a new expression from them
 * (QuartzCronStringFactory.createCronString). Sources:
 * - pentaho-scheduler-plugin:core/src/main/java/org/pentaho/platform/scheduler2/quartz/QuartzScheduler.java@00d51c66 (11.x)
 * - pentaho-scheduler-plugin:core/src/main/java/org/pentaho/platform/scheduler2/quartz/QuartzCronStringFactory.java@00d51c66
 * - pentaho-platform:scheduler/src/main/java/org/pentaho/platform/scheduler2/quartz/QuartzScheduler.java@9.3.0.0-422 (same rules)
 * - pentaho-platform:api/src/main/java/org/pentaho/platform/scheduler2/recur/QualifiedDayOfWeek.java@727e5c86b9
 *
 * What follows from those rules (and what users trip over):
 * - Day names in the day-of-week field count from SUN = 0 (the ordinal of the server's DayOfWeek
 *   enum), while Quartz counts from 1 = Sunday: `MON-FRI` becomes `1-5`, Sunday to Thursday.
 * - Month names, `L-3`, `15W`, `LW`, `L` alone in day-of-week, `MON#2` and lower-case names are
 *   none of the recognised token shapes: IllegalArgumentException, which the resource answers 500.
 * - Exactly one of day-of-month and day-of-week may carry values; when both or neither do, neither
 *   is used and the job runs every day.
 */

export class ServerCronError extends Error {}

const LIST = /^\d+$/;
const SEQUENCE = /^\d+-\d+$/;
const INTERVAL = /^[\d*]+\/\d+$/;
const QUALIFIED_DAY = /^\d+#\d+$/;
const LAST_DAY = /^\d+L$/;
const DAY_RANGE = /^.*-.*$/;
const DAY_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

function invalid(): never {
	throw new ServerCronError('ComplexJobTrigger.ERROR_0001_InvalidCronExpression');
}

function dayOrdinal(name: string): number {
	// Enum.valueOf: exact, upper-case names only.
	const index = DAY_NAMES.indexOf(name);
	if (index < 0) throw new ServerCronError(`No enum constant QualifiedDayOfWeek.DayOfWeek.${name}`);
	return index;
}

/** The recurrences of one field as the server writes them back, or undefined for "*"/"?". */
function recurrence(field: string): string | undefined {
	const tokens = field.split(',');
	if (tokens.length === 1 && (tokens[0] === '*' || tokens[0] === '?')) return undefined;
	const parts: string[] = [];
	for (const token of tokens) {
		if (LIST.test(token)) parts.push(String(Number(token)));
		else if (SEQUENCE.test(token)) parts.push(token.split('-').map(Number).join('-'));
		else if (INTERVAL.test(token)) parts.push(token);
		else if (token.toUpperCase() === 'L') parts.push('L');
		else invalid();
	}
	return parts.join(',');
}

function dayOfWeekRecurrence(field: string): string | undefined {
	const tokens = field.split(',');
	if (tokens.length === 1 && (tokens[0] === '*' || tokens[0] === '?')) return undefined;
	const parts: string[] = [];
	for (const token of tokens) {
		if (LIST.test(token)) parts.push(String(Number(token)));
		else if (SEQUENCE.test(token)) parts.push(token.split('-').map(Number).join('-'));
		else if (INTERVAL.test(token)) parts.push(token);
		else if (QUALIFIED_DAY.test(token)) {
			const [day, qualifier] = token.split('#').map(Number);
			parts.push(`${((day - 1 + 7) % 7) + 1}#${((qualifier - 1 + 5) % 5) + 1}`);
		} else if (LAST_DAY.test(token)) {
			const day = Number(token.slice(0, -1));
			parts.push(`${((day - 1 + 7) % 7) + 1}L`);
		} else if (DAY_RANGE.test(token)) {
			const [from, to] = token.split('-');
			parts.push(`${dayOrdinal(from)}-${dayOrdinal(to)}`);
		} else parts.push(String(dayOrdinal(token)));
	}
	return parts.join(',');
}

/**
 * The expression Quartz gets for the cron string a request carries (a six-field one gets the
 * year `*` first, as SchedulerResourceUtil does). Throws ServerCronError where the server answers 500.
 */
export function serverCronString(cronString: string): string {
	let expression = String(cronString ?? '').trim();
	if (expression.split(/ +/).length < 7) expression += ' *';
	const fields = expression.split(/ +/);
	if (fields.length < 6) invalid();
	const [sec, min, hour, dom, month, dow, year] = fields;
	const seconds = recurrence(sec) ?? '*';
	const minutes = recurrence(min) ?? '*';
	const hours = recurrence(hour) ?? '*';
	const months = recurrence(month) ?? '*';
	const years = year === undefined ? '*' : (recurrence(year) ?? '*');
	const dayOfWeek = dayOfWeekRecurrence(dow);
	const dayOfMonth = recurrence(dom);
	let domText = '*';
	let dowText = '*';
	if (dayOfWeek !== undefined && dayOfMonth === undefined) dowText = dayOfWeek;
	else if (dayOfWeek === undefined && dayOfMonth !== undefined) domText = dayOfMonth;
	// createCronString: "?" in day-of-week unless only day-of-week carries values.
	if (dowText === '*' && domText === '*') dowText = '?';
	else if (domText !== '*') dowText = '?';
	else domText = '?';
	return [seconds, minutes, hours, domText, months, dowText, years].join(' ');
}
