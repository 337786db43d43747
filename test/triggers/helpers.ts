/** Helpers of the trigger tests: what a poll emitted, in a form tests compare exactly. */
import type { IDataObject } from 'n8n-workflow';

import type { PollOutcome } from '../harness/poll';

export const MINUTE = 60_000;
export const HOUR = 3_600_000;

/** `event key` pairs of a poll's items (null when it emitted nothing); a failed poll throws its error. */
export function emitted(outcome: PollOutcome, keyOf: (item: IDataObject) => unknown): string[] | null {
	if (outcome.error) throw outcome.error;
	if (outcome.items === null) return null;
	return outcome.items.map((item) => `${String(item.event)} ${String(keyOf(item))}`);
}

/** Whether a value is an ISO 8601 UTC time within a window (inclusive, with a little slack). */
export function isIsoBetween(value: unknown, from: number, to: number): boolean {
	if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value)) return false;
	const t = Date.parse(value);
	return t >= from - 5 && t <= to + 5;
}

/** The entries the trigger keeps for a watch in its static data. */
export function cursorEntries(staticData: IDataObject, section: string): Record<string, unknown> {
	const cursor = staticData.dataflowCursor as { sections?: Record<string, { entries?: Record<string, unknown> }> } | undefined;
	return cursor?.sections?.[section]?.entries ?? {};
}
