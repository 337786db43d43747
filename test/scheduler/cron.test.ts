import { normalizeCron } from '../../nodes/Scheduler/shared/cron';

describe('cron validator (Quartz, as the scheduler reads it)', () => {
	it.each([
		['0 0 12 * * ?', '0 0 12 * * ?'],
		['0 15 10 ? * MON-FRI', '0 15 10 ? * MON-FRI'],
		['0 0/5 14,18 * * ?', '0 0/5 14,18 * * ?'],
		['0 15 10 L * ?', '0 15 10 L * ?'],
		['0 15 10 L-2 * ?', '0 15 10 L-2 * ?'],
		['0 15 10 15W * ?', '0 15 10 15W * ?'],
		['0 15 10 LW * ?', '0 15 10 LW * ?'],
		['0 15 10 ? * 6L', '0 15 10 ? * 6L'],
		['0 15 10 ? * 6#3', '0 15 10 ? * 6#3'],
		['0 15 10 ? * MON#2', '0 15 10 ? * MON#2'],
		['0 0 9 ? JAN-MAR,DEC SAT 2026-2028', '0 0 9 ? JAN-MAR,DEC SAT 2026-2028'],
		['  0   0  12 * *  ? ', '0 0 12 * * ?'],
		['*/10 * * * * ?', '*/10 * * * * ?'],
	])('accepts %s', (input, expected) => {
		expect(normalizeCron(input)).toBe(expected);
	});

	it.each([
		['30 9 * * *', '0 30 9 * * ?'],
		['30 9 * * 1-5', '0 30 9 ? * 2-6'],
		['0 22 * * 0', '0 0 22 ? * 1'],
		['0 22 * * 7', '0 0 22 ? * 1'],
		['0 22 * * 5-7', '0 0 22 ? * 6-7,1'],
		['0 22 * * 0-7', '0 0 22 * * ?'],
		['0 22 * * MON-FRI', '0 0 22 ? * MON-FRI'],
		['0 6 1 * *', '0 0 6 1 * ?'],
		['*/15 * * * *', '0 */15 * * * ?'],
	])('converts the Unix expression %s', (input, expected) => {
		expect(normalizeCron(input)).toBe(expected);
	});

	it.each([
		['', /empty/],
		['0 0 12 *', /4 fields/],
		['0 0 12 * * ? 2026 x', /8 fields/],
		['60 0 12 * * ?', /60 is outside 0–59 in the seconds field/],
		['0 0 24 * * ?', /24 is outside 0–23/],
		['0 0 12 32 * ?', /32 is outside 1–31/],
		['0 0 12 ? 13 *', /13 is outside 1–12/],
		['0 0 12 ? * 8', /8 is outside 1–7/],
		['0 0 12 ? FOO *', /"FOO" is not a value of the month field/],
		['0 0 12 * * *', /must be "\?"/],
		['0 0 12 ? * ?', /only one of/],
		['0 0/0 12 * * ?', /step "0"/],
		['0 0 12 ? * MON#6', /week after "#"/],
		['0 0 12 1,,2 * ?', /empty list entry/],
		['0 0 12 ? * * 1969', /1969 is outside 1970–2099/],
		['0 0 12 * * ? 2030-2026', /ends before it starts/],
		['0 9 1 * 1', /cannot combine/],
		['0 ? 12 * * ?', /"\?" is not a value of the minutes field/],
	])('refuses %p', (input, message) => {
		expect(() => normalizeCron(input)).toThrow(message);
	});
});
