/**
 * What the polling triggers share: the cursor in the node's workflow static data, the first poll's
 * baseline (and the option to emit what already exists), change detection against the cursor,
 * one emission per thing and event, manual mode ("Fetch Test Event"), and size bounds.
 *
 * A trigger describes one or more *watches*. A watch lists the things it watches (jobs, schedules,
 * files), gives each a key and a small state to keep between polls, and says which events a new,
 * changed or vanished thing makes. A poll then:
 *
 * 1. reads the cursor (`getWorkflowStaticData('node')`) without changing it;
 * 2. lists every watch's things (requests; a failure throws and leaves the cursor as it was);
 * 3. compares them with the cursor: the first poll for a watch, or the first after what it watches
 *    changed (folder, filters, server, user), only records a baseline — unless "emit existing"
 *    is on — and later polls emit each change once;
 * 4. completes the emissions (a watch may read details) and only then writes the new cursor, in
 *    place, into the static data object n8n handed out, and returns the items (or null).
 *
 * In n8n 2.41 that object is a per-poll staged copy: n8n commits it together with the execution
 * the items start (or alone when the poll returns null), and drops it when the poll throws. So a
 * change is emitted exactly once across restarts: the cursor that records it is persisted with the
 * execution that carries it; if n8n stops before that commit, neither is persisted and the next
 * poll emits the change again. Writing only at the end also keeps the cursor whole on n8n versions
 * that hand out the live static data.
 *
 * The cursor holds one compact state per watched thing (a status, a date); things that are no
 * longer listed are pruned on every poll, and a watch with more than `maxEntries` things fails with
 * a message asking to narrow it rather than growing the workflow without bound.
 */
import { NodeOperationError, type IDataObject, type INodeExecutionData, type IPollFunctions } from 'n8n-workflow';

/** A JSON value, as static data stores it. */
export type CursorValue = string | number | boolean | null | CursorValue[] | { [key: string]: CursorValue };

/** One item to emit: what happened to which thing, and when. */
export interface Emission {
	/** The watched thing's key (job id, schedule id, file id). */
	key: string;
	/** The event's value, such as `jobFinished`. */
	event: string;
	/** When it happened (ISO 8601): the server's time when it says, else when the poll saw it. */
	occurredAt: string;
	/** The item's other fields: the thing under its name (`job`, `schedule`, `file`), `previous`, … */
	data: IDataObject;
}

export interface Watch<T, S extends CursorValue> {
	/** The watch's name in the cursor. */
	section: string;
	/** What defines the watched set (folder, filters, server …): when it changes, a new baseline starts. */
	scope: CursorValue;
	/** The things watched now (already filtered). */
	load(): Promise<T[]>;
	key(thing: T): string;
	/** The compact state kept for a thing until the next poll. */
	state(thing: T, before: S | undefined): S;
	/** Emissions for a thing that exists at the baseline, when "emit existing" is on. */
	existing(thing: T, now: string): Emission[];
	/** Emissions for a thing that appeared since the last poll. */
	added(thing: T, now: string): Emission[];
	/** Emissions for a thing the last poll saw too (compare with `before`). */
	changed(thing: T, before: S, now: string): Emission[];
	/** Emissions for a thing the last poll saw that is not listed any more. */
	removed(key: string, before: S, now: string): Emission[];
	/** Manual mode: an emission for the most recent thing that fits a selected event. */
	sample(things: T[], now: string): Emission | undefined | Promise<Emission | undefined>;
	/** Completes emissions before they go out (details read from the server, events resolved). */
	complete?(emissions: Emission[], now: string): Promise<Emission[]>;
}

export interface PollSpec {
	/** The selected events: only these are emitted. */
	events: string[];
	/** Emit what exists at the baseline. */
	emitExisting: boolean;
	// eslint-disable-next-line @typescript-eslint/no-explicit-any
	watches: Array<Watch<any, any>>;
	/** Most things one watch may keep in the cursor. */
	maxEntries?: number;
	/** The poll's time (tests); default now. */
	now?: Date;
}

export const CURSOR_KEY = 'dataflowCursor';
export const CURSOR_VERSION = 1;
export const DEFAULT_MAX_ENTRIES = 10_000;

interface SectionCursor {
	/** Hash of the watch's scope. */
	scope: string;
	/** When the baseline was taken. */
	since: string;
	entries: Record<string, CursorValue>;
}

interface Cursor {
	v: number;
	sections: Record<string, SectionCursor>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A short, stable hash of a JSON value (FNV-1a, two lanes): the cursor keeps no filter or server text. */
export function scopeHash(value: CursorValue): string {
	const text = stableJson(value);
	let h1 = 0x811c9dc5;
	let h2 = 0x01000193 ^ text.length;
	for (let i = 0; i < text.length; i++) {
		const c = text.charCodeAt(i);
		h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
		h2 = Math.imul(h2 ^ c, 0x5bd1e995) >>> 0;
	}
	return h1.toString(36).padStart(7, '0') + h2.toString(36).padStart(7, '0');
}

function stableJson(value: CursorValue): string {
	if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
	if (isRecord(value)) {
		return `{${Object.keys(value)
			.sort()
			.map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, CursorValue>)[k])}`)
			.join(',')}}`;
	}
	return JSON.stringify(value) ?? 'null';
}

/** The cursor as the static data holds it; anything unreadable counts as no cursor (a new baseline). */
export function readCursor(staticData: IDataObject): Cursor {
	const raw = staticData[CURSOR_KEY];
	if (!isRecord(raw) || raw.v !== CURSOR_VERSION || !isRecord(raw.sections)) return { v: CURSOR_VERSION, sections: {} };
	const sections: Record<string, SectionCursor> = {};
	for (const [name, section] of Object.entries(raw.sections)) {
		if (!isRecord(section) || typeof section.scope !== 'string' || !isRecord(section.entries)) continue;
		sections[name] = {
			scope: section.scope,
			since: typeof section.since === 'string' ? section.since : '',
			entries: section.entries as Record<string, CursorValue>,
		};
	}
	return { v: CURSOR_VERSION, sections };
}

/** Replaces the cursor inside the static data object n8n handed out (never a new object). */
function writeCursor(staticData: IDataObject, cursor: Cursor): void {
	staticData[CURSOR_KEY] = JSON.parse(JSON.stringify(cursor)) as IDataObject;
}

function time(iso: string): number {
	const parsed = Date.parse(iso);
	return Number.isNaN(parsed) ? 0 : parsed;
}

/** Items in time order (then in the order found), one per key and event. */
function emissionsToItems(emissions: Emission[]): INodeExecutionData[] {
	const seen = new Set<string>();
	const unique = emissions.filter((e) => {
		const id = `${e.key}\u0000${e.event}`;
		if (seen.has(id)) return false;
		seen.add(id);
		return true;
	});
	return unique
		.map((e, index) => ({ e, index }))
		.sort((a, b) => time(a.e.occurredAt) - time(b.e.occurredAt) || a.index - b.index)
		.map(({ e }) => ({ json: { event: e.event, occurredAt: e.occurredAt, ...e.data } }));
}

/** Runs one poll of a trigger; see the top of this file. */
export async function runPoll(ctx: IPollFunctions, spec: PollSpec): Promise<INodeExecutionData[][] | null> {
	if (spec.events.length === 0) {
		throw new NodeOperationError(ctx.getNode(), 'No event selected: choose at least one event to trigger on');
	}
	const selected = new Set(spec.events);
	const now = (spec.now ?? new Date()).toISOString();

	if (ctx.getMode() === 'manual') return await manualPoll(spec, selected, now);

	const staticData = ctx.getWorkflowStaticData('node');
	const previous = readCursor(staticData);
	const next: Cursor = { v: CURSOR_VERSION, sections: {} };
	const out: Emission[] = [];
	const max = spec.maxEntries ?? DEFAULT_MAX_ENTRIES;

	for (const watch of spec.watches) {
		const things = await watch.load();
		const current = new Map<string, unknown>();
		for (const thing of things) {
			const key = watch.key(thing);
			if (key !== '' && !current.has(key)) current.set(key, thing);
		}
		if (current.size > max) {
			throw new NodeOperationError(
				ctx.getNode(),
				`The trigger watches ${current.size} ${watch.section}, more than the ${max} it can keep track of`,
				{ description: 'Narrow what it watches (a folder without subfolders, a name pattern or a filter), so that each change can be emitted exactly once.' },
			);
		}
		const scope = scopeHash(watch.scope);
		const before = previous.sections[watch.section];
		const baseline = before === undefined || before.scope !== scope;
		const entries: Record<string, CursorValue> = {};
		let emissions: Emission[] = [];
		for (const [key, thing] of current) {
			const old = baseline ? undefined : before.entries[key];
			entries[key] = watch.state(thing, old);
			if (baseline) {
				if (spec.emitExisting) emissions.push(...watch.existing(thing, now));
			} else if (old === undefined) {
				emissions.push(...watch.added(thing, now));
			} else {
				emissions.push(...watch.changed(thing, old, now));
			}
		}
		if (!baseline) {
			for (const [key, old] of Object.entries(before.entries)) {
				if (!current.has(key)) emissions.push(...watch.removed(key, old, now));
			}
		}
		if (watch.complete && emissions.length > 0) emissions = await watch.complete(emissions, now);
		out.push(...emissions.filter((e) => selected.has(e.event)));
		next.sections[watch.section] = { scope, since: baseline ? now : before.since, entries };
	}

	// Every request has succeeded: stage the new cursor with what it emits.
	writeCursor(staticData, next);
	const items = emissionsToItems(out);
	return items.length > 0 ? [items] : null;
}

async function manualPoll(spec: PollSpec, selected: Set<string>, now: string): Promise<INodeExecutionData[][] | null> {
	let best: { emission: Emission; watch: Watch<unknown, CursorValue> } | undefined;
	for (const watch of spec.watches as Array<Watch<unknown, CursorValue>>) {
		const sample = await watch.sample(await watch.load(), now);
		if (sample && (!best || time(sample.occurredAt) > time(best.emission.occurredAt))) best = { emission: sample, watch };
	}
	if (!best) return null;
	const completed = best.watch.complete ? await best.watch.complete([best.emission], now) : [best.emission];
	const items = emissionsToItems(completed.filter((e) => selected.has(e.event)).slice(0, 1));
	return items.length > 0 ? [items] : null;
}
