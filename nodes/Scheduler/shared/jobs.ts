/**
 * Jobs as the scheduler answers them, made into one shape. Servers from 11.0 answer typed JSON
 * (`{"job":[…]}`, `jobParams` as `{"jobParams":[{name, value}]}`, the trigger kind in `@type`);
 * older ones answer every scalar as a string and a one-element list as a bare object; any of them
 * may answer XML (`<jobs><job>…`, the trigger kind in `xsi:type`). The output is one object per
 * job with typed values, ISO 8601 dates, the parameters as a name → value object, and the input
 * file and output folder read from the parameters.
 */
import type { IDataObject } from 'n8n-workflow';

import { toArray, toIsoDate, toNumber, typed } from '../../common/values';
import { isValidTimeZone, wallClockOf } from './time';

const TRIGGER_NUMBERS = [
	'duration',
	'repeatCount',
	'repeatInterval',
	'startHour',
	'startMin',
	'startYear',
	'startMonth',
	'startDay',
	'startAmPm',
] as const;

const STREAM_PROVIDER = 'ActionAdapterQuartzJob-StreamProvider';
const STREAM_PROVIDER_INPUT = 'ActionAdapterQuartzJob-StreamProvider-InputFile';

function isObject(value: unknown): value is IDataObject {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
	if (value === undefined || value === null) return undefined;
	if (typeof value === 'string') return value;
	if (typeof value === 'number' || typeof value === 'boolean') return String(value);
	if (isObject(value) && typeof value['#text'] === 'string') return value['#text'];
	return undefined;
}

/** The job objects of a job list answer, whatever its shape. */
export function jobsFromBody(body: unknown): IDataObject[] {
	if (body === undefined || body === null || body === '') return [];
	if (Array.isArray(body)) return body.filter(isObject);
	if (!isObject(body)) return [];
	if ('jobs' in body) return jobsFromBody(body.jobs);
	if ('job' in body) return toArray(body.job as IDataObject | IDataObject[]).filter(isObject);
	if ('jobId' in body) return [body];
	return [];
}

/** The job of a one-job answer (`{…}` in JSON, `<job>…</job>` in XML); undefined when there is none. */
export function jobFromBody(body: unknown): IDataObject | undefined {
	if (!isObject(body)) return undefined;
	if ('jobId' in body || 'jobName' in body) return body;
	if (isObject(body.job)) return body.job;
	return jobsFromBody(body)[0];
}

/** The parameters of a job as a name → value object (a name given twice keeps every value). */
export function jobParamsOf(raw: unknown): IDataObject {
	let list: unknown[] = [];
	if (Array.isArray(raw)) list = raw;
	else if (isObject(raw)) {
		if ('jobParams' in raw) list = toArray(raw.jobParams as unknown[]);
		else if ('entry' in raw) list = toArray(raw.entry as unknown[]);
		else if ('name' in raw) list = [raw];
		else {
			// Already a name → value map.
			return { ...raw };
		}
	}
	const out: IDataObject = {};
	for (const entry of list) {
		if (!isObject(entry)) continue;
		const name = text(entry.name ?? entry.key);
		if (name === undefined) continue;
		const value = Array.isArray(entry.value) ? (entry.value as IDataObject[]) : (text(entry.value) ?? '');
		if (name in out) {
			const previous = out[name];
			out[name] = [...(Array.isArray(previous) ? previous : [previous]), value] as IDataObject[];
		} else {
			out[name] = value as string;
		}
	}
	return out;
}

function numbered(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(numbered);
	if (isObject(value)) {
		const copy: IDataObject = {};
		for (const [key, inner] of Object.entries(value)) copy[key] = numbered(inner) as IDataObject[string];
		return copy;
	}
	return toNumber(value) ?? value;
}

/**
 * A recurrence group (`dayOfWeekRecurrences` …): a `recurrenceList` of values becomes the list of
 * numbers; an empty group an empty list; other recurrences (incremental, qualified) keep their
 * shape with numbers typed.
 */
function recurrenceValues(group: unknown): unknown {
	if (group === '' || group === null || group === undefined) return [];
	if (!isObject(group)) return numbered(group);
	if (Object.keys(group).length === 0 || group.recurrenceList === '') return [];
	// The nested form (11.x with Jackson, and what the plugin's own UI reads, JsJobTrigger.java
	// getDayOfWeekRecurrencesRaw@11.1.0.0-345): {"recurrences":[{"recurrenceList":{"values":[…]}} |
	// {"sequentialRecurrence":{"firstValue","lastValue"}} | {"qualifiedDayOfWeek":{…}} | {"incrementalRecurrence":{…}}]}.
	if ('recurrences' in group) {
		const values: unknown[] = [];
		for (const entry of toArray(group.recurrences as IDataObject | IDataObject[])) {
			if (!isObject(entry)) continue;
			if (isObject(entry.recurrenceList)) values.push(...(recurrenceValues({ recurrenceList: entry.recurrenceList }) as unknown[]));
			else if (isObject(entry.sequentialRecurrence)) {
				const first = toNumber(entry.sequentialRecurrence.firstValue);
				const last = toNumber(entry.sequentialRecurrence.lastValue);
				if (first !== undefined && last !== undefined && last >= first && last - first < 400) for (let v = first; v <= last; v++) values.push(v);
			} else if (isObject(entry.qualifiedDayOfWeek)) values.push({ qualifiedDayOfWeek: numbered(entry.qualifiedDayOfWeek) });
			else values.push(numbered(entry));
		}
		return values;
	}
	if ('recurrenceList' in group) {
		const lists = toArray(group.recurrenceList as IDataObject | IDataObject[]);
		const values: unknown[] = [];
		for (const list of lists) {
			if (isObject(list)) values.push(...toArray(list.values as unknown[]));
		}
		return values.map((v) => toNumber(v) ?? v);
	}
	return numbered(group);
}

/** The trigger of a job: kind in `type`, numbers as numbers, dates ISO, recurrences as lists of numbers. */
export function normalizeTrigger(raw: unknown): IDataObject | undefined {
	if (!isObject(raw)) return undefined;
	const out: IDataObject = {};
	const kind = text(raw['@type'] ?? raw['@xsi:type'] ?? raw['@type:type']);
	if (kind) out.type = kind.replace(/^[A-Za-z0-9]+:/, '');
	for (const [key, value] of Object.entries(raw)) {
		if (key.startsWith('@')) continue;
		if (key.endsWith('Recurrences')) {
			out[key] = recurrenceValues(value) as IDataObject;
		} else {
			out[key] = value;
		}
	}
	if (out.endTime === '') out.endTime = null;
	const result = typed(out, { numbers: TRIGGER_NUMBERS, dates: ['startTime', 'endTime'] });
	return result;
}

/** `input file = /a/b.ktr:outputFile = /c/b.*` → the input path and the output folder. */
function streamProviderPaths(value: unknown): { input?: string; outputFolder?: string } {
	const textValue = text(value);
	if (!textValue) return {};
	const separator = /:\s*output\s*file\s*=/i;
	const [inputPart, outputPart] = textValue.split(separator);
	const inputMatch = /input\s*file\s*=\s*(.*)$/i.exec(inputPart ?? '');
	const result: { input?: string; outputFolder?: string } = {};
	if (inputMatch && inputMatch[1].trim() !== '') result.input = inputMatch[1].trim();
	if (outputPart !== undefined && outputPart.trim() !== '') {
		const output = outputPart.trim();
		const slash = output.lastIndexOf('/');
		result.outputFolder = slash > 0 ? output.slice(0, slash) : slash === 0 ? '/' : output;
	}
	return result;
}

/** One job in the node's output shape. */
export function normalizeJob(raw: IDataObject): IDataObject {
	const jobParams = jobParamsOf(raw.jobParams);
	const stream = streamProviderPaths(jobParams[STREAM_PROVIDER]);
	const inputFile = text(jobParams[STREAM_PROVIDER_INPUT]) || stream.input;
	const out: IDataObject = {};
	for (const key of ['jobId', 'jobName', 'state', 'userName', 'groupName'] as const) {
		const value = text(raw[key]);
		if (value !== undefined) out[key] = value;
	}
	for (const key of ['nextRun', 'lastRun'] as const) {
		if (!(key in raw)) continue;
		const value = raw[key];
		const iso = value === '' || value === null ? null : (toIsoDate(value) ?? (value as string));
		// A date before 1970 is a placeholder, not a run.
		out[key] = iso !== null && Date.parse(iso) < 0 ? null : iso;
	}
	if (inputFile) out.inputFile = inputFile;
	if (stream.outputFolder) out.outputFolder = stream.outputFolder;
	const trigger = normalizeTrigger(raw.jobTrigger);
	if (trigger) out.jobTrigger = trigger;
	out.jobParams = jobParams;
	for (const [key, value] of Object.entries(raw)) {
		if (key.startsWith('@') || key in out || key === 'jobTrigger' || key === 'jobParams') continue;
		out[key] = value;
	}
	return out;
}


const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const QUALIFIER_WORDS: Record<string, string> = { FIRST: 'first', SECOND: 'second', THIRD: 'third', FOURTH: 'fourth', FIFTH: 'fifth', LAST: 'last' };
const QUARTZ_DAY: Record<string, number> = { SUN: 0, MON: 1, TUE: 2, WED: 3, THU: 4, FRI: 5, SAT: 6 };

function pad2(value: number): string {
	return String(value).padStart(2, '0');
}

/** Quartz day numbers (1 = Sunday) and qualified days ("last Friday") as words. */
function dayWords(value: unknown): string[] {
	const out: string[] = [];
	for (const entry of toArray(value as unknown[])) {
		if (typeof entry === 'number' && entry >= 1 && entry <= 7) out.push(DAY_NAMES[entry - 1]);
		else if (isObject(entry) && 'qualifiedDayOfWeek' in entry) out.push(...dayWords(entry.qualifiedDayOfWeek));
		else if (isObject(entry) && typeof entry.dayOfWeek === 'string') {
			const day = DAY_NAMES[QUARTZ_DAY[entry.dayOfWeek.toUpperCase()] ?? -1];
			const qualifier = QUALIFIER_WORDS[String(entry.qualifier ?? '').toUpperCase()];
			if (day) out.push(qualifier ? `${qualifier} ${day}` : day);
		}
	}
	return out;
}

/**
 * A job as the node outputs it from Get, Get Many and the content cleaner: what the job is and when
 * it runs, in words and ISO dates, without the fields that carry nothing (-1 start fields, empty
 * recurrences, a duration of -1); the server's own answer, complete, under `raw` with Include Raw Response.
 */
export function describeJob(raw: IDataObject, includeRaw = false): IDataObject {
	const job = normalizeJob(raw);
	const trigger = (job.jobTrigger ?? {}) as IDataObject;
	const compact: IDataObject = {};
	if (trigger.type) compact.type = String(trigger.type).replace(/JobTrigger$/, '');
	if (trigger.uiPassParam) compact.uiPassParam = trigger.uiPassParam;
	const interval = toNumber(trigger.repeatInterval);
	if (interval !== undefined && interval > 0) compact.repeatIntervalSeconds = interval;
	const count = toNumber(trigger.repeatCount);
	if (count !== undefined && count >= 0 && compact.type === 'simple') compact.repeatCount = count;
	// The start fields: the year since 1900 (java.util.Date), the month from 0.
	const hour = toNumber(trigger.startHour);
	const minute = toNumber(trigger.startMin);
	const year = toNumber(trigger.startYear);
	const month = toNumber(trigger.startMonth);
	const day = toNumber(trigger.startDay);
	const zone = typeof trigger.timeZone === 'string' && isValidTimeZone(trigger.timeZone) ? trigger.timeZone : 'UTC';
	const startInstant = typeof trigger.startTime === 'string' ? Date.parse(trigger.startTime) : Number.NaN;
	const startWall = Number.isNaN(startInstant) ? undefined : wallClockOf(startInstant, zone);
	// Servers before 10.3 have no start fields: the cron's hour and minute, else the start time in the zone.
	const cronTime = /^\S+ (\d+) (\d+) /.exec(String(trigger.cronString ?? ''));
	// A simple trigger runs from its startTime (servers from the 10.3 rewrite on also write start fields for it).
	const simple = compact.type === 'simple';
	if (!simple && hour !== undefined && hour >= 0 && minute !== undefined && minute >= 0) compact.timeOfDay = `${pad2(hour)}:${pad2(minute)}`;
	else if (cronTime) compact.timeOfDay = `${pad2(Number(cronTime[2]))}:${pad2(Number(cronTime[1]))}`;
	else if (startWall && compact.type !== 'simple') compact.timeOfDay = `${pad2(startWall.hour)}:${pad2(startWall.minute)}`;
	if (!simple && year !== undefined && year >= 0 && month !== undefined && month >= 0 && day !== undefined && day > 0) {
		compact.startDate = `${year < 1000 ? year + 1900 : year}-${pad2(month + 1)}-${pad2(day)}`;
	}
	// The 10.3 scheduler keeps a complex trigger's startTime as a placeholder (the start fields are the real
	// start; Calendar.set(0, 0, 0, …) gives 1899-12-31, 1898-11-29 in some zones): no date before 1970 is shown.
	const real = (value: unknown) => typeof value === 'string' && Date.parse(value) >= 0;
	if (real(trigger.startTime)) compact.startTime = trigger.startTime;
	if (real(trigger.endTime)) compact.endTime = trigger.endTime;
	if (trigger.timeZone) compact.timeZone = trigger.timeZone;
	if (trigger.cronString) compact.cronString = trigger.cronString;
	const days = dayWords(trigger.dayOfWeekRecurrences);
	if (days.length) compact.daysOfWeek = days;
	const daysOfMonth = toArray(trigger.dayOfMonthRecurrences as unknown[]).filter((d) => typeof d === 'number');
	if (daysOfMonth.length) compact.daysOfMonth = daysOfMonth as number[];
	const months = toArray(trigger.monthlyRecurrences as unknown[])
		.filter((m): m is number => typeof m === 'number' && m >= 1 && m <= 12)
		.map((m) => MONTH_NAMES[m - 1]);
	if (months.length) compact.months = months;
	const years = toArray(trigger.yearlyRecurrences as unknown[]).filter((y) => typeof y === 'number');
	if (years.length) compact.years = years as number[];
	const duration = toNumber(trigger.duration);
	if (duration !== undefined && duration > 0) compact.durationMs = duration;
	const out: IDataObject = {};
	for (const [key, value] of Object.entries(job)) {
		if (key === 'jobTrigger') out.jobTrigger = compact;
		else if (value !== undefined && value !== null && value !== '') out[key] = value;
	}
	if (includeRaw) out.raw = raw;
	return out;
}
