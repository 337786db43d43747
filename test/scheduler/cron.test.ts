import { normalizeCron } from '../../nodes/Scheduler/shared/cron';

describe('cron validator (Quartz, in the form the scheduler re-reads as meant)', () => {
	it.each([
		['0 0 12 * * ?', '0 0 12 * * ?'],
		// Day names become Quartz numbers: the server counts names from SUN = 0 (MON-FRI would run Sunday–Thursday).
		['0 15 10 ? * MON-FRI', '0 15 10 ? * 2-6'],
		['0 15 10 ? * mon-fri', '0 15 10 ? * 2-6'],
		['0 0/5 14,18 * * ?', '0 0/5 14,18 * * ?'],
		['0 15 10 L * ?', '0 15 10 L * ?'],
		['0 15 10 ? * 6L', '0 15 10 ? * 6L'],
		['0 15 10 ? * FRIL', '0 15 10 ? * 6L'],
		['0 15 10 ? * L', '0 15 10 ? * 7'],
		['0 15 10 ? * 6#3', '0 15 10 ? * 6#3'],
		['0 15 10 ? * MON#2', '0 15 10 ? * 2#2'],
		// Month names fail with 500 on the server: numbers.
		['0 0 9 ? JAN-MAR,DEC SAT 2026-2028', '0 0 9 ? 1-3,12 7 2026-2028'],
		// Wrapping ranges and ranges with steps are not token shapes the server reads: lists.
		['0 0 9 ? * FRI-MON', '0 0 9 ? * 6,7,1,2'],
		['0 0 9 ? NOV-FEB *', '0 0 9 ? 11,12,1,2 *'],
		['0 0 9-17/4 * * ?', '0 0 9,13,17 * * ?'],
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
		['0 22 * * MON-FRI', '0 0 22 ? * 2-6'],
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
		// Refused by the server's re-reading (500): say so before sending.
		['0 15 10 L-2 * ?', /refused by the scheduler/],
		['0 15 10 15W * ?', /refused by the scheduler/],
		['0 15 10 LW * ?', /refused by the scheduler/],
		['0 ? 12 * * ?', /"\?" is not a value of the minutes field/],
	])('refuses %p', (input, message) => {
		expect(() => normalizeCron(input)).toThrow(message);
	});
});
