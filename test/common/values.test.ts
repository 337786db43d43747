import { toArray, toBoolean, toIsoDate, toNumber, typed } from '../../nodes/common/values';

describe('toBoolean', () => {
	it.each([
		[true, true], [false, false], ['true', true], ['TRUE', true], ['false', false], ['Y', true], ['y', true],
		['N', false], ['yes', true], ['no', false], ['1', true], ['0', false], [1, true], [0, false], [' true ', true],
	])('%p → %p', (input, expected) => expect(toBoolean(input)).toBe(expected));
	it.each([['maybe'], [''], [null], [undefined], [2], [{}], [[]]])('%p → undefined', (input) => expect(toBoolean(input)).toBeUndefined());
});

describe('toNumber', () => {
	it.each([[12, 12], ['12', 12], [' 12.5 ', 12.5], ['-3', -3], ['1e3', 1000], ['0', 0], ['.5', 0.5]])('%p → %p', (input, expected) =>
		expect(toNumber(input)).toBe(expected),
	);
	it.each([['abc'], [''], ['12abc'], ['0x10'], [NaN], [Infinity], [null], [undefined], [true], ['1,5']])('%p → undefined', (input) =>
		expect(toNumber(input)).toBeUndefined(),
	);
});

describe('toArray', () => {
	it('wraps a single object that stands for a one-element list', () => expect(toArray({ a: 1 })).toEqual([{ a: 1 }]));
	it('keeps a list', () => expect(toArray([1, 2])).toEqual([1, 2]));
	it.each([[undefined], [null], ['']])('%p is an empty list', (input) => expect(toArray(input as never)).toEqual([]));
});

describe('toIsoDate', () => {
	it('reads epoch milliseconds as a string (the repository) and as a number', () => {
		expect(toIsoDate('1700000000000')).toBe('2023-11-14T22:13:20.000Z');
		expect(toIsoDate(1700000000000)).toBe('2023-11-14T22:13:20.000Z');
	});
	it('normalises ISO 8601 with an offset to UTC', () => {
		expect(toIsoDate('2024-03-05T10:00:00.000+01:00')).toBe('2024-03-05T09:00:00.000Z');
		expect(toIsoDate('2024-03-05')).toBe('2024-03-05T00:00:00.000Z');
	});
	it("reads the worker's yyyy/MM/dd HH:mm:ss.SSS as a local time without inventing an offset", () => {
		expect(toIsoDate('2014/11/17 06:42:28.043')).toBe('2014-11-17T06:42:28.043');
		expect(toIsoDate('2014/11/17 06:42:28')).toBe('2014-11-17T06:42:28.000');
	});
	it.each([['not a date'], [''], ['2024-13-45T99:00'], [null], [{}], [9e15], ['12/31/2024']])('%p → undefined', (input) =>
		expect(toIsoDate(input)).toBeUndefined(),
	);
	it('reads a Date', () => expect(toIsoDate(new Date(0))).toBe('1970-01-01T00:00:00.000Z'));
});

describe('typed', () => {
	it('types the named fields and keeps what cannot be read', () => {
		const out = typed(
			{ folder: 'true', hidden: 'N', fileSize: '1234', createdDate: '1700000000000', list: { a: 1 }, odd: 'x', name: 'a.ktr', bad: 'maybe' },
			{ booleans: ['folder', 'hidden', 'bad'], numbers: ['fileSize', 'odd'], dates: ['createdDate', 'missing'], lists: ['list'] },
		);
		expect(out).toEqual({
			folder: true,
			hidden: false,
			fileSize: 1234,
			createdDate: '2023-11-14T22:13:20.000Z',
			list: [{ a: 1 }],
			odd: 'x',
			name: 'a.ktr',
			bad: 'maybe',
		});
		expect('missing' in out).toBe(false);
	});
	it('turns an empty date into null', () => expect(typed({ deletedDate: '' }, { dates: ['deletedDate'] })).toEqual({ deletedDate: null }));
});
