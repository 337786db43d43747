/**
 * Wall clocks in named time zones (Intl only), for every area of the emulator: the wall time and weekday of an
 * instant in a zone, and the zone's offset then. Deliberately not shared with the nodes' time-zone code
 * (nodes/Scheduler/shared/time.ts): the emulator must not share the code it tests.
 */

export interface Wall {
	year: number;
	/** 1–12 */
	month: number;
	day: number;
	hour: number;
	minute: number;
	second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
	let f = formatters.get(timeZone);
	if (!f) {
		f = new Intl.DateTimeFormat('en-US', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: 'numeric',
			day: 'numeric',
			hour: 'numeric',
			minute: 'numeric',
			second: 'numeric',
			weekday: 'short',
		});
		formatters.set(timeZone, f);
	}
	return f;
}

export function knownTimeZone(timeZone: unknown): timeZone is string {
	if (typeof timeZone !== 'string' || timeZone === '') return false;
	try {
		formatter(timeZone);
		return true;
	} catch {
		return false;
	}
}

export function wallOf(instant: number, timeZone: string): Wall & { weekday: number } {
	const parts = formatter(timeZone).formatToParts(new Date(instant));
	const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '0';
	const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'));
	return {
		year: Number(get('year')),
		month: Number(get('month')),
		day: Number(get('day')),
		hour: Number(get('hour')) % 24,
		minute: Number(get('minute')),
		second: Number(get('second')),
		weekday,
	};
}

/** How far (ms) a zone's clocks are ahead of UTC at an instant (whole seconds). */
export function offsetMs(instant: number, timeZone: string): number {
	const w = wallOf(instant, timeZone);
	const whole = Math.floor(instant / 1000) * 1000;
	return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - whole;
}

/** How far (minutes) a zone's clocks are ahead of UTC at an instant. */
export function offsetMinutes(instant: number, timeZone: string): number {
	return Math.round(offsetMs(instant, timeZone) / 60000);
}
