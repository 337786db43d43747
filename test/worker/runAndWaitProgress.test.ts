/**
 * Run and Wait says how far it is while it waits (issue 18): on every status change (and at least
 * every 30 s) a line goes to n8n's log and, in a manual run, to the editor's browser console.
 */
import { DataflowWorker } from '../../nodes/Worker/DataflowWorker.node';
import { run } from '../harness';
import { useEmulator } from '../helpers/emulator';

// Long enough that a loaded machine still sees the job running before it ends (two or more status lines).
const fixture = useEmulator({ jobDurationMs: 2000 });

it('sends a progress line for each status the job goes through, ending with the final one', async () => {
	const messages: string[] = [];
	const result = await run(new DataflowWorker(), {
		parameters: { resource: 'job', operation: 'runAndWait', jobPath: '/public/etl/daily_load', options: { pollInterval: 0.05, timeout: 30 } },
		credentials: { dataflowServerApi: fixture.server() },
		onUiMessage: (type, data) => {
			if (type === 'sendConsoleMessage') messages.push(JSON.stringify(data));
		},
	});
	expect(result.error).toBeUndefined();
	const lines = messages.filter((m) => m.includes('Run and Wait: '));
	expect(lines.length).toBeGreaterThanOrEqual(2);
	// A job the server has just started may still say Waiting (the clean-room Carte: runJob starts it asynchronously).
	expect(lines[0]).toMatch(/daily_load.*: (Waiting|Running) after [\d.]+ s, \d+ log lines? so far/);
	expect(lines[lines.length - 1]).toMatch(/daily_load.*: Finished after [\d.]+ s/);
	// One line per status change, not one per poll.
	const statuses = lines.map((l) => /: (Running|Finished|Waiting)[^ ]* after/.exec(l)?.[1]);
	expect(statuses.filter((s, i) => i > 0 && s === statuses[i - 1])).toEqual([]);
});

it('Poll Interval and Timeout show whole seconds as typed ("5", not "5.00")', () => {
	// Options of the Run and Wait operations' Options collections.
	const fields = new DataflowWorker().description.properties
		.flatMap((p) => (p.type === 'collection' ? ((p.options ?? []) as typeof p[]) : [p]))
		.filter((p) => p.name === 'pollInterval' || p.name === 'timeout');
	expect(fields.length).toBeGreaterThan(0);
	for (const field of fields) expect(field.typeOptions?.numberPrecision).toBeUndefined();
});
