/**
 * The trigger parameters and helpers the three polling triggers share, apart from the cursor engine
 * (polling.ts): the selected events, wildcard name filters, the latest of some things by time, and
 * the server and user a watch's scope is tied to.
 */
import { NodeOperationError, type IPollFunctions } from 'n8n-workflow';

import type { CursorValue } from './polling';
import { SERVER_CREDENTIAL } from './transport';

/** The server and user of the node's server credential, for a watch's scope. */
export async function serverScope(ctx: IPollFunctions): Promise<CursorValue> {
	const credentials = await ctx.getCredentials(SERVER_CREDENTIAL);
	return {
		baseUrl: String(credentials.baseUrl ?? '').trim().replace(/\/+$/, ''),
		user: String(credentials.username ?? ''),
	};
}

/** The selected events of a trigger's `events` parameter. */
export function readEvents(ctx: IPollFunctions, allowed: string[]): string[] {
	const raw = ctx.getNodeParameter('events', []) as unknown;
	// A list from the picker, or a comma-separated text from an expression.
	const list = (Array.isArray(raw) ? raw : String(raw ?? '').split(','))
		.map((e) => String(e ?? '').trim())
		.filter((e) => e !== '');
	for (const event of list) {
		if (!allowed.includes(event)) {
			throw new NodeOperationError(ctx.getNode(), `Unknown event "${event}": use one of ${allowed.join(', ')}`);
		}
	}
	return [...new Set(list)];
}

/**
 * A name filter from wildcard patterns: `*` any characters, `?` one; several patterns separated by
 * commas; case-insensitive; the whole name must match. An empty filter matches every name.
 */
export function wildcardMatcher(patterns: string): (name: string) => boolean {
	const list = patterns
		.split(',')
		.map((p) => p.trim())
		.filter((p) => p !== '');
	if (list.length === 0) return () => true;
	const regexes = list.map(
		(p) =>
			new RegExp(
				`^${p
					.split('')
					.map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
					.join('')}$`,
				'is',
			),
	);
	return (name) => regexes.some((r) => r.test(name));
}

/** The latest of some things by a time (ISO or other sortable text); ties keep the later in the list. */
export function latestBy<T>(things: T[], timeOf: (thing: T) => string | null | undefined): T | undefined {
	let best: T | undefined;
	let bestTime = Number.NEGATIVE_INFINITY;
	for (const thing of things) {
		const value = timeOf(thing);
		const t = value ? Date.parse(value) : Number.NaN;
		const score = Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
		if (best === undefined || score >= bestTime) {
			best = thing;
			bestTime = score;
		}
	}
	return best;
}
