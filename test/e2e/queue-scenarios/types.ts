/** The result of one queue-mode check, with the figures the report gives. */
export interface QueueOutcome {
	name: string;
	passed: boolean;
	seconds: number;
	failure?: string;
	/** Lines of figures (executions, workers, logins, sizes, times). */
	figures: string[];
}

/** Runs a check; a thrown error (assertion or otherwise) is a failed outcome with its message. */
export async function check(name: string, say: (line: string) => void, body: (figures: string[]) => Promise<void>): Promise<QueueOutcome> {
	const t0 = Date.now();
	const figures: string[] = [];
	let outcome: QueueOutcome;
	try {
		await body(figures);
		outcome = { name, passed: true, seconds: (Date.now() - t0) / 1000, figures };
	} catch (error) {
		outcome = { name, passed: false, seconds: (Date.now() - t0) / 1000, figures, failure: (error as Error).message };
	}
	say(`${outcome.passed ? 'PASS' : 'FAIL'}  ${name} (${outcome.seconds.toFixed(1)} s)`);
	for (const line of figures) say(`      · ${line}`);
	if (outcome.failure) for (const line of outcome.failure.split('\n').slice(0, 30)) say(`      ${line}`);
	return outcome;
}
