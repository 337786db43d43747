/**
 * How the scheduler writes its documents: jobs and generated files as JAXB XML (the default) or JSON
 * (Accept: application/json), per build:
 *
 * - 9.x/10.x JSON is Jersey 1 "mapped" JAXB JSON through the resolver the resource uses
 *   (pentaho-platform:extensions/src/main/java/org/pentaho/platform/web/http/api/resources/JAXBContextResolver.java@9.3.0.0-R,
 *   pentaho-scheduler-plugin:core/src/main/java/org/pentaho/platform/JaxbContextResolver.java@10.2.0.0-222 / @10.2.0.10-422):
 *   every scalar a string, a one-element list bare EXCEPT the names the resolver keeps as arrays: "list", "values",
 *   "setting" always, and the decapitalised name of the class it is asked for ("job" for List<Job>,
 *   "repositoryFileDto" for List<RepositoryFileDto>), so `{"job":[…]}` and `"values":["2"]` stay arrays.
 * - 11.x JSON is Jackson with JAXB annotations as the secondary introspector (Jersey's JacksonFeature,
 *   pentaho-platform:extensions/src/main/java/org/pentaho/platform/web/servlet/jersey/JAXRSPluginApplication.java@HEAD):
 *   the @XmlElementRefs list of a recurrence wrapper is the property "recurrences", each element wrapped in an
 *   object named after its @XmlRootElement: `{"recurrences":[{"recurrenceList":{"values":["2","4"]}}]}`
 *   (what the plugin's own UI reads from 11.0.0.0-173 on: ui/src/main/java/org/pentaho/mantle/client/workspace/JsJobTrigger.java,
 *   commit 83f32e7d). From 11.0.0.0-42 (pentaho-scheduler-plugin a336ccd5/ef98e5bf, pentaho-platform 9fbfd2f909,
 *   BACKLOG-44147) duration, the start fields, repeatCount, repeatInterval and the recurrence values are strings.
 * - XML (every version): the same element names; a wrapper holds its recurrences as `<recurrenceList>`,
 *   `<sequentialRecurrence>`, `<incrementalRecurrence>`, `<qualifiedDayOfWeek>`, `<qualifiedDayOfMonth>` children.
 *
 * A job's trigger is written as the server reads it back from Quartz (QuartzScheduler.setJobTrigger), not as the
 * request was: the recurrences are re-parsed from the stored cron string (createComplexTrigger → parseRecurrence /
 * parseDayOfWeekRecurrences), duration is JobTrigger's -1 (blockouts: their DURATION_PARAM, set back by
 * PentahoBlockoutManager.getBlockOutJobs), and on modern builds (10.2.0.2-270+, 10.3+) the start fields and dates
 * come from setPentahoTriggerDates: the start's wall clock in the trigger's zone (startYear − 1900, startMonth 0-based),
 * and startTime/endTime are that wall clock as a java.util.Date of the server's zone; simple triggers are
 * CalendarIntervalTriggers read back with repeatCount -1 and repeatInterval = amount × unit (RUN_ONCE: -1).
 * 9.3 and 10.2 GA JobTrigger has no start fields and no timeZone (pentaho-platform:scheduler/src/main/java/org/pentaho/platform/api/scheduler2/JobTrigger.java@9.3.0.0-R,
 * pentaho-scheduler-plugin:core/src/main/java/org/pentaho/platform/api/scheduler2/JobTrigger.java@10.2.0.0-222).
 * Not modelled: cronDescription (a cron-utils English description of the cron string).
 */
import type { EmulatorApp } from '../../core/app';
import { jersey1Json } from '../../core/jsonStyle';
import type { RequestContext } from '../../core/types';
import { escapeXml } from '../../core/xml';
import { negotiate } from './request';
import { nextRunOf, schedulerRules, serverDate, stateOf, type GeneratedFile, type Json, type SchedulerJob } from './store';
import { formatInZone, instantAt, wallOf } from './time';
import type { Trigger } from './triggers';

export type DocStyle = 'xml' | 'jersey1' | 'jackson';

/** The names Jersey 1 keeps as arrays for the scheduler's documents (see the header). */
const JERSEY1_ARRAYS = ['list', 'values', 'setting', 'job', 'repositoryFileDto'];

export function jsonStyleOf(app: EmulatorApp): 'jersey1' | 'jackson' {
	return stateOf(app).jsonStyle;
}

// ------------------------------------------------------------------------------------------------
// Recurrences

interface Recurrence {
	kind: 'recurrenceList' | 'sequentialRecurrence' | 'incrementalRecurrence' | 'qualifiedDayOfWeek' | 'qualifiedDayOfMonth';
	body: Json;
}

const DAY_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
const QUALIFIERS = ['FIRST', 'SECOND', 'THIRD', 'FOURTH', 'FIFTH', 'LAST'];

/**
 * QuartzScheduler.parseRecurrence / parseDayOfWeekRecurrences on one field of a stored cron string: runs of
 * plain numbers become one RecurrenceList, `a-b` a SequentialRecurrence, `x/y` an IncrementalRecurrence, `L`
 * (day of month) a QualifiedDayOfMonth, `d#q` and `dL` (day of week) a QualifiedDayOfWeek; `*`/`?` nothing.
 * pentaho-scheduler-plugin:core/src/main/java/org/pentaho/platform/scheduler2/quartz/QuartzScheduler.java@11.0.0.0-237
 * (same in pentaho-platform:scheduler/…/QuartzScheduler.java@9.3.0.0-R).
 */
function parseField(field: string | undefined, dayOfWeek: boolean): Recurrence[] {
	if (field === undefined) return [];
	const tokens = field.split(',');
	if (tokens.length === 1 && (tokens[0] === '*' || tokens[0] === '?')) return [];
	const out: Recurrence[] = [];
	let list: number[] | undefined;
	const flush = () => {
		if (list) out.push({ kind: 'recurrenceList', body: { values: list } });
		list = undefined;
	};
	for (const token of tokens) {
		if (/^\d+$/.test(token)) {
			(list ??= []).push(Number(token));
			continue;
		}
		flush();
		let match: RegExpExecArray | null;
		if ((match = /^(\d+)-(\d+)$/.exec(token))) {
			out.push({ kind: 'sequentialRecurrence', body: { firstValue: Number(match[1]), lastValue: Number(match[2]) } });
		} else if ((match = /^([\d*]+)\/(\d+)$/.exec(token))) {
			out.push({ kind: 'incrementalRecurrence', body: { increment: Number(match[2]), startingValue: match[1] } });
		} else if (dayOfWeek && (match = /^(\d+)#(\d+)$/.exec(token))) {
			out.push({ kind: 'qualifiedDayOfWeek', body: { dayOfWeek: DAY_NAMES[(Number(match[1]) - 1) % 7], qualifier: QUALIFIERS[(Number(match[2]) - 1) % 5] } });
		} else if (dayOfWeek && (match = /^(\d+)L$/.exec(token))) {
			out.push({ kind: 'qualifiedDayOfWeek', body: { dayOfWeek: DAY_NAMES[(Number(match[1]) - 1) % 7], qualifier: 'LAST' } });
		} else if (!dayOfWeek && token.toUpperCase() === 'L') {
			out.push({ kind: 'qualifiedDayOfMonth', body: {} });
		}
	}
	flush();
	return out;
}

/** One recurrence wrapper (YearlyWrapper, DayOfWeekWrapper, …) in the document style. */
function wrapper(recurrences: Recurrence[], style: DocStyle, strings: boolean): Json {
	if (style === 'jackson') {
		return {
			recurrences: recurrences.map((r) => ({
				[r.kind]: r.kind === 'recurrenceList' && strings ? { values: (r.body.values as number[]).map(String) } : r.body,
			})),
		};
	}
	// JAXB: the element refs as children, named after their root elements (repeated when several).
	const out: Json = {};
	for (const r of recurrences) {
		const existing = out[r.kind];
		out[r.kind] = existing === undefined ? r.body : [...(Array.isArray(existing) ? existing : [existing]), r.body];
	}
	return out;
}

// ------------------------------------------------------------------------------------------------
// Triggers and jobs

/** setPentahoTriggerDates: a zone's wall clock (to the minute) as a java.util.Date of the server's zone. */
function zoneWallAsServerDate(instant: number, zone: string, serverZone: string): number {
	const wall = wallOf(instant, zone);
	return instantAt({ ...wall, second: 0 }, serverZone);
}

function calendarIntervalSeconds(trigger: Trigger): number {
	if (trigger.kind !== 'simple' || trigger.calendarUnit === undefined) return trigger.repeatInterval;
	const amount = trigger.calendarAmount ?? 0;
	if (trigger.calendarUnit === 'SECOND') return amount;
	if (trigger.calendarUnit === 'MINUTE') return amount * 60;
	if (trigger.calendarUnit === 'HOUR') return amount * 3600;
	if (trigger.calendarUnit === 'DAY') return amount * 86400;
	return -1;
}

/** The job's trigger as the server writes it back (see the header). */
function triggerDoc(app: EmulatorApp, job: SchedulerJob, style: DocStyle): Json {
	const trigger = job.trigger;
	const rules = schedulerRules(app);
	const serverZone = rules.serverTimeZone;
	// Typed numbers before 11.0.0.0-42 (and in XML/Jersey 1, which write text anyway); strings after.
	const strings = style === 'jackson' && app.profile.atLeast('11.0.0.0-42');
	const num = (n: number): string | number => (strings ? String(n) : n);
	const date = (instant: number) => formatInZone(instant, serverZone);
	const duration = job.blockout ? (job.duration ?? 0) : -1;
	const doc: Json = { '@type': trigger.kind === 'simple' ? 'simpleJobTrigger' : 'complexJobTrigger' };

	const modernDates = rules.modern && (trigger.kind === 'simple' || trigger.availability === true);
	const zone = trigger.kind === 'simple' ? trigger.timeZone : trigger.runsIn;
	if (!rules.modern) {
		// SimpleTrigger start/end, or the QuartzSchedulerAvailability of a cron trigger (legacy complex triggers always carry startTime).
		doc.startTime = date(trigger.start);
		if (trigger.end !== undefined) doc.endTime = date(trigger.end);
	} else if (modernDates) {
		doc.startTime = date(zoneWallAsServerDate(trigger.start, zone, serverZone));
		if (trigger.end !== undefined) doc.endTime = date(zoneWallAsServerDate(trigger.end, zone, serverZone));
	}
	if (trigger.uiPassParam !== '') doc.uiPassParam = trigger.uiPassParam;
	if (trigger.kind !== 'simple') doc.cronString = trigger.cronString;
	doc.duration = num(duration);
	if (rules.modern) {
		const wall = modernDates ? wallOf(trigger.start, zone) : undefined;
		doc.startHour = num(wall ? wall.hour : -1);
		doc.startMin = num(wall ? wall.minute : -1);
		doc.startYear = num(wall ? wall.year - 1900 : -1);
		doc.startMonth = num(wall ? wall.month - 1 : -1);
		doc.startDay = num(wall ? wall.day : -1);
		doc.startAmPm = num(-1);
		doc.timeZone = zone;
	}
	if (trigger.kind === 'simple') {
		doc.repeatCount = num(rules.modern ? -1 : trigger.repeatCount);
		doc.repeatInterval = num(rules.modern ? calendarIntervalSeconds(trigger) : trigger.repeatInterval);
		return doc;
	}
	const [sec, min, hour, dom, month, dow, year] = trigger.cronString.split(' ');
	const dayOfWeek = parseField(dow, true);
	const dayOfMonth = parseField(dom, false);
	doc.yearlyRecurrences = wrapper(parseField(year, false), style, strings);
	doc.monthlyRecurrences = wrapper(parseField(month, false), style, strings);
	// createComplexTrigger keeps day-of-week or day-of-month recurrences only when the other field has none.
	doc.dayOfMonthRecurrences = wrapper(dayOfWeek.length === 0 ? dayOfMonth : [], style, strings);
	doc.dayOfWeekRecurrences = wrapper(dayOfMonth.length === 0 ? dayOfWeek : [], style, strings);
	doc.hourlyRecurrences = wrapper(parseField(hour, false), style, strings);
	doc.minuteRecurrences = wrapper(parseField(min, false), style, strings);
	doc.secondRecurrences = wrapper(parseField(sec, false), style, strings);
	// setJobTrigger: an IncrementalRecurrence in day-of-month gives increment × 86400; modern builds also give
	// 86400 to a DAILY job whose day-of-month is empty.
	const first = dayOfMonth[0];
	const interval =
		first?.kind === 'incrementalRecurrence'
			? (first.body.increment as number) * 86400
			: rules.modern && dayOfMonth.length === 0 && trigger.uiPassParam === 'DAILY'
				? 86400
				: 0;
	doc.repeatInterval = num(interval);
	if (style === 'jackson' && strings) doc.repeatCount = '0';
	return doc;
}

/** A job document (Job: JAXB element order) in a style. */
export function jobDoc(app: EmulatorApp, job: SchedulerJob, style: DocStyle): Json {
	const next = nextRunOf(app, job);
	return {
		groupName: job.userName,
		jobId: job.jobId,
		jobName: job.jobName,
		jobParams: { jobParams: job.jobParams.map((p) => ({ ...p })) },
		jobTrigger: triggerDoc(app, job, style),
		...(job.lastRun !== undefined ? { lastRun: serverDate(app, job.lastRun) } : {}),
		...(next !== undefined ? { nextRun: serverDate(app, next) } : {}),
		state: job.state,
		userName: job.userName,
	};
}

/** Jersey 1 "mapped" JSON through the scheduler's JAXB context resolver (see the header). */
export function jersey1(value: unknown): unknown {
	return jersey1Json(value, { arrays: JERSEY1_ARRAYS });
}

export function xmlElement(name: string, value: unknown): string {
	if (value === undefined) return '';
	if (Array.isArray(value)) return value.map((v) => xmlElement(name, v)).join('');
	if (value === null || value === '') return `<${name}/>`;
	if (typeof value === 'object') {
		const entries = Object.entries(value as Json);
		const type = (value as Json)['@type'];
		const attributes =
			typeof type === 'string' ? ` xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="${escapeXml(type, 'noApostrophe')}"` : '';
		const children = entries
			.filter(([k]) => !k.startsWith('@'))
			.map(([k, v]) => xmlElement(k, v))
			.join('');
		return children === '' ? `<${name}${attributes}/>` : `<${name}${attributes}>${children}</${name}>`;
	}
	return `<${name}>${escapeXml(String(value), 'noApostrophe')}</${name}>`;
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

/**
 * A job list: XML `<jobs><job>…` (9.3/10.2 List<Job>; 11.x JobWrapper @XmlRootElement(name = "jobs")),
 * JSON `{"job":[…]}` (Jersey 1 keeps "job" an array; 11.x JobWrapper's field `@XmlElement(name = "job")`).
 */
export function sendJobs(app: EmulatorApp, ctx: RequestContext, jobs: SchedulerJob[]): void {
	if (negotiate(ctx, 'json') === 'json') {
		const style = jsonStyleOf(app);
		const body = { job: jobs.map((job) => jobDoc(app, job, style)) };
		ctx.sendJson(200, style === 'jersey1' ? jersey1(body) : body);
	} else {
		ctx.sendXml(200, `${XML_DECLARATION}<jobs>${jobs.map((job) => xmlElement('job', jobDoc(app, job, 'xml'))).join('')}</jobs>`, 'application/xml');
	}
}

export function sendJob(app: EmulatorApp, ctx: RequestContext, job: SchedulerJob): void {
	if (negotiate(ctx, 'json') === 'json') {
		const style = jsonStyleOf(app);
		const json = jobDoc(app, job, style);
		ctx.sendJson(200, style === 'jersey1' ? jersey1(json) : json);
	} else ctx.sendXml(200, `${XML_DECLARATION}${xmlElement('job', jobDoc(app, job, 'xml'))}`, 'application/xml');
}

/** A generated file as a RepositoryFileDto (typed; Jersey 1 writes the scalars as text). */
export function fileJson(file: GeneratedFile): Json {
	return {
		createdDate: String(file.createdDate),
		fileSize: file.fileSize,
		folder: false,
		hidden: false,
		id: file.id,
		lastModifiedDate: String(file.createdDate),
		locale: 'en',
		locked: false,
		name: file.name,
		owner: file.owner,
		ownerType: 0,
		path: file.path,
		title: file.name.replace(/\.[^.]+$/, ''),
		versioned: false,
	};
}

/** A job in the JSON shape of the profile's server (for tests and other areas). */
export function schedulerJobJson(app: EmulatorApp, jobId: string): Json | undefined {
	const job = stateOf(app).jobs.get(jobId);
	if (!job) return undefined;
	const style = jsonStyleOf(app);
	const json = jobDoc(app, job, style);
	return style === 'jersey1' ? (jersey1(json) as Json) : json;
}
