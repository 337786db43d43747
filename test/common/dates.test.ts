import { DateInputError, isValidCalendarDate, toDateRange, toYyyyMmDd } from '../../nodes/common/dates';

describe('toYyyyMmDd', () => {
	it.each([
		['20240229', '20240229'],
		['2024-02-29', '20240229'],
		['2024-02-29T00:00:00', '20240229'],
		['2024-02-29T23:30:00.000+05:00', '20240229'],
		['2000-02-29', '20000229'],
		[' 2023-12-31 ', '20231231'],
	])('%p → %p', (input, expected) => expect(toYyyyMmDd(input)).toBe(expected));

	it('reads a Date in UTC', () => expect(toYyyyMmDd(new Date(Date.UTC(2023, 0, 5)))).toBe('20230105'));

	it.each([
		['20239901', /does not exist/],
		['20230230', /2023-02-30 does not exist/],
		['20230229', /does not exist/],
		['19000229', /does not exist/],
		['20230431', /does not exist/],
		['20230001', /does not exist/],
		['20230100', /does not exist/],
		['2023-1-5', /is not a date/],
		['202301015', /is not a date/],
		['yesterday', /is not a date/],
		['', /is empty/],
		[undefined, /is empty/],
		[new Date('x'), /not a valid date/],
	])('refuses %p', (input, message) => {
		expect(() => toYyyyMmDd(input)).toThrow(DateInputError);
		expect(() => toYyyyMmDd(input)).toThrow(message);
	});

	it('names the field in the message', () => expect(() => toYyyyMmDd('20231301', 'Start date')).toThrow(/^Start date 2023-13-01/));
});

describe('isValidCalendarDate', () => {
	it('knows leap years', () => {
		expect(isValidCalendarDate(2024, 2, 29)).toBe(true);
		expect(isValidCalendarDate(2100, 2, 29)).toBe(false);
		expect(isValidCalendarDate(2400, 2, 29)).toBe(true);
	});
	it('refuses non-integers', () => expect(isValidCalendarDate(2024, 1.5, 1)).toBe(false));
});

describe('toDateRange', () => {
	it('accepts a range, including one day', () => {
		expect(toDateRange('2024-01-01', '2024-01-31')).toEqual({ start: '20240101', end: '20240131' });
		expect(toDateRange('20240101', '20240101')).toEqual({ start: '20240101', end: '20240101' });
	});
	it('refuses a reversed range', () => expect(() => toDateRange('2024-02-01', '2024-01-31')).toThrow('End date 2024-01-31 is before start date 2024-02-01'));
	it('refuses an impossible end', () => expect(() => toDateRange('2024-02-01', '2024-02-30')).toThrow(/End date 2024-02-30 does not exist/));
});
