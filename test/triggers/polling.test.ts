/**
 * The shared polling layer (nodes/common/polling.ts) on its own: baseline, changes, one emission
 * per key and event, time order, scope changes, size bounds, cursor versions and manual mode.
 */
import type { IDataObject, INode, IPollFunctions } from 'n8n-workflow';

import { CURSOR_KEY, runPoll, scopeHash, type Emission, type PollSpec, type Watch } from '../../nodes/common/polling';
import { latestBy, readEvents, wildcardMatcher } from '../../nodes/common/triggerFields';

interface Thing {
	id: string;
	v: number;
	at?: string;
}

const NODE = { name: 'Trigger' } as INode;

function context(staticData: IDataObject, mode: 'trigger' | 'manual' = 'trigger', parameters: IDataObject = {}) {
	let reads = 0;
	const ctx = {
		getMode: () => mode,
		getNode: () => NODE,
		getWorkflowStaticData: () => {
			reads++;
			return staticData;
		},
		getNodeParameter: (name: string, fallback: unknown) => parameters[name] ?? fallback,
	} as unknown as IPollFunctions;
	return { ctx, reads: () => reads };
}

function watch(things: () => Thing[], overrides: Partial<Watch<Thing, number>> = {}): Watch<Thing, number> {
	const emission = (event: string, t: Thing, now: string): Emission => ({ key: t.id, event, occurredAt: t.at ?? now, data: { thing: { ...t } } });
	return {
		section: 'things',
		scope: { folder: '/a' },
		load: async () => things(),
		key: (t) => t.id,
		state: (t) => t.v,
		existing: (t, now) => [emission('existing', t, now)],
		added: (t, now) => [emission('added', t, now)],
		changed: (t, before, now) => (t.v !== before ? [emission('changed', t, now)] : []),
		removed: (key, before, now) => [{ key, event: 'removed', occurredAt: now, data: { thing: { id: key, v: before } } }],
		sample: (list, now) => (list.length ? emission('added', list[list.length - 1], now) : undefined),
		...overrides,
	};
}

const EVENTS = ['existing', 'added', 'changed', 'removed'];

async function poll(staticData: IDataObject, spec: Partial<PollSpec> & Pick<PollSpec, 'watches'>, mode: 'trigger' | 'manual' = 'trigger') {
	const { ctx } = context(staticData, mode);
	const result = await runPoll(ctx, { events: EVENTS, emitExisting: false, ...spec });
	return result === null ? null : result[0].map((item) => `${String(item.json.event)} ${String((item.json.thing as IDataObject).id)}`);
}

describe('runPoll', () => {
	it('records a baseline first, then emits additions, changes and removals once', async () => {
		let things: Thing[] = [
			{ id: 'a', v: 1 },
			{ id: 'b', v: 1 },
		];
		const data: IDataObject = {};
		const spec = { watches: [watch(() => things)] };
		expect(await poll(data, spec)).toBeNull();
		expect(data[CURSOR_KEY]).toMatchObject({ v: 1, sections: { things: { entries: { a: 1, b: 1 } } } });
		expect(await poll(data, spec)).toBeNull();
		things = [
			{ id: 'a', v: 2 },
			{ id: 'c', v: 1 },
		];
		expect(await poll(data, spec)).toEqual(['changed a', 'added c', 'removed b']);
		expect(await poll(data, spec)).toBeNull();
		expect((data[CURSOR_KEY] as IDataObject).sections).toMatchObject({ things: { entries: { a: 2, c: 1 } } });
	});

	it('emits what exists at the baseline when asked', async () => {
		const data: IDataObject = {};
		const spec = { emitExisting: true, watches: [watch(() => [{ id: 'a', v: 1 }])] };
		expect(await poll(data, spec)).toEqual(['existing a']);
		expect(await poll(data, spec)).toBeNull();
	});

	it('emits only the selected events', async () => {
		let things: Thing[] = [{ id: 'a', v: 1 }];
		const data: IDataObject = {};
		const spec = { events: ['removed'], watches: [watch(() => things)] };
		await poll(data, spec);
		things = [{ id: 'b', v: 1 }];
		expect(await poll(data, spec)).toEqual(['removed a']);
	});

	it('emits one item per key and event, in time order', async () => {
		let things: Thing[] = [];
		const data: IDataObject = {};
		const twice = watch(() => things, {
			added: (t, now) => [
				{ key: t.id, event: 'added', occurredAt: t.at ?? now, data: { thing: { ...t } } },
				{ key: t.id, event: 'added', occurredAt: t.at ?? now, data: { thing: { ...t } } },
			],
		});
		const spec = { watches: [twice] };
		await poll(data, spec);
		things = [
			{ id: 'late', v: 1, at: '2024-01-02T00:00:00.000Z' },
			{ id: 'early', v: 1, at: '2024-01-01T00:00:00.000Z' },
		];
		expect(await poll(data, spec)).toEqual(['added early', 'added late']);
	});

	it('starts a new baseline when the scope changes, without emitting', async () => {
		const data: IDataObject = {};
		await poll(data, { watches: [watch(() => [{ id: 'a', v: 1 }])] });
		const moved = watch(() => [{ id: 'b', v: 1 }], { scope: { folder: '/b' } });
		expect(await poll(data, { watches: [moved] })).toBeNull();
		expect(await poll(data, { watches: [moved] })).toBeNull();
		expect(scopeHash({ x: 1, y: [1, 'a'] })).toBe(scopeHash({ y: [1, 'a'], x: 1 }));
		expect(scopeHash({ x: 1 })).not.toBe(scopeHash({ x: 2 }));
	});

	it('treats a cursor of another version or shape as none', async () => {
		for (const cursor of [{ v: 99, sections: {} }, 'broken', { v: 1, sections: { things: { scope: 5 } } }]) {
			const data: IDataObject = { [CURSOR_KEY]: cursor as IDataObject };
			expect(await poll(data, { watches: [watch(() => [{ id: 'a', v: 1 }])] })).toBeNull();
			expect(data[CURSOR_KEY]).toMatchObject({ v: 1, sections: { things: { entries: { a: 1 } } } });
		}
	});

	it('keeps other static data and drops the sections no watch uses any more', async () => {
		const data: IDataObject = { other: 'kept' };
		const second = watch(() => [{ id: 'x', v: 1 }], { section: 'second' });
		await poll(data, { watches: [watch(() => []), second] });
		expect(Object.keys((data[CURSOR_KEY] as IDataObject).sections as IDataObject)).toEqual(['things', 'second']);
		await poll(data, { watches: [watch(() => [])] });
		expect(Object.keys((data[CURSOR_KEY] as IDataObject).sections as IDataObject)).toEqual(['things']);
		expect(data.other).toBe('kept');
	});

	it('refuses to watch more things than the cursor may keep, and leaves the cursor as it was', async () => {
		const data: IDataObject = {};
		let things: Thing[] = [{ id: 'a', v: 1 }];
		const spec = { maxEntries: 2, watches: [watch(() => things)] };
		await poll(data, spec);
		const before = JSON.stringify(data);
		things = ['a', 'b', 'c'].map((id) => ({ id, v: 1 }));
		await expect(poll(data, spec)).rejects.toThrow('The trigger watches 3 things, more than the 2 it can keep track of');
		expect(JSON.stringify(data)).toBe(before);
	});

	it('writes nothing when a later watch fails', async () => {
		const data: IDataObject = {};
		let fail = false;
		const failing = watch(() => [], {
			section: 'second',
			load: async () => {
				if (fail) throw new Error('down');
				return [];
			},
		});
		let things: Thing[] = [];
		const spec = { watches: [watch(() => things), failing] };
		await poll(data, spec);
		const before = JSON.stringify(data);
		things = [{ id: 'a', v: 1 }];
		fail = true;
		await expect(poll(data, spec)).rejects.toThrow('down');
		expect(JSON.stringify(data)).toBe(before);
		fail = false;
		expect(await poll(data, spec)).toEqual(['added a']);
	});

	it('answers manual mode with one sample and never reads the static data', async () => {
		const data: IDataObject = {};
		const { ctx, reads } = context(data, 'manual');
		const result = await runPoll(ctx, {
			events: EVENTS,
			emitExisting: false,
			watches: [
				watch(() => [{ id: 'old', v: 1, at: '2024-01-01T00:00:00.000Z' }]),
				watch(() => [{ id: 'new', v: 1, at: '2024-02-01T00:00:00.000Z' }], { section: 'second' }),
			],
		});
		expect(result![0].map((i) => (i.json.thing as IDataObject).id)).toEqual(['new']);
		expect(reads()).toBe(0);
		expect(data).toEqual({});
		expect(await poll({}, { watches: [watch(() => [])] }, 'manual')).toBeNull();
	});

	it('refuses a poll without events', async () => {
		const { ctx } = context({});
		await expect(runPoll(ctx, { events: [], emitExisting: false, watches: [] })).rejects.toThrow(/No event selected/);
	});
});

describe('readEvents', () => {
	it('reads the selected events and refuses unknown ones', () => {
		expect(readEvents(context({}, 'trigger', { events: ['a', 'b', 'a'] }).ctx, ['a', 'b'])).toEqual(['a', 'b']);
		expect(() => readEvents(context({}, 'trigger', { events: ['x'] }).ctx, ['a'])).toThrow('Unknown event "x": use one of a');
		expect(readEvents(context({}, 'trigger', { events: 'a, b' }).ctx, ['a', 'b'])).toEqual(['a', 'b']);
	});
});

describe('wildcardMatcher', () => {
	it('matches whole names with * and ?, several patterns, any case', () => {
		const match = wildcardMatcher('*.ktr, report-??.pdf');
		expect(['a.ktr', 'A.KTR', '.ktr', 'report-01.pdf']).toEqual(['a.ktr', 'A.KTR', '.ktr', 'report-01.pdf'].filter(match));
		expect(['a.ktr.bak', 'report-1.pdf', 'report-100.pdf', 'xa.kjb'].filter(match)).toEqual([]);
		expect(wildcardMatcher('a+b(1).txt')('a+b(1).txt')).toBe(true);
		expect(wildcardMatcher('a+b(1).txt')('aab(1).txt')).toBe(false);
		expect(wildcardMatcher(' ')('anything')).toBe(true);
	});
});

describe('latestBy', () => {
	it('picks the latest by time, the later one on ties, and things without a time last', () => {
		const list = [
			{ n: 1, t: '2024-01-02T00:00:00.000Z' },
			{ n: 2, t: '2024-01-03T00:00:00.000Z' },
			{ n: 3, t: '2024-01-03T00:00:00.000Z' },
			{ n: 4, t: undefined },
		];
		expect(latestBy(list, (x) => x.t)?.n).toBe(3);
		expect(latestBy([{ n: 1, t: undefined }], (x) => x.t)?.n).toBe(1);
		expect(latestBy([], () => undefined)).toBeUndefined();
	});
});
