/** The demo and end-to-end runs say something at least every quiet period, naming what they wait for. */
import { heartbeat } from '../e2e/lib/heartbeat';

it('prints a reminder after a quiet period, counting from the last real line', () => {
	let clock = 0;
	const lines: string[] = [];
	const beat = heartbeat((line) => lines.push(line), 25_000, () => clock);
	try {
		beat.say('Installing n8n');
		clock = 20_000;
		beat.tick();
		expect(lines).toEqual(['Installing n8n']);
		clock = 26_000;
		beat.tick();
		expect(lines[1]).toBe('      … still working, 26 s since: Installing n8n');
		clock = 40_000;
		beat.tick();
		expect(lines).toHaveLength(2);
		clock = 52_000;
		beat.tick();
		expect(lines[2]).toBe('      … still working, 52 s since: Installing n8n');
		beat.say('done');
		clock = 60_000;
		beat.tick();
		expect(lines).toHaveLength(4);
	} finally {
		beat.stop();
	}
});
