/**
 * Collects a job's log across status polls. Each poll asks only for the lines after the last line
 * number seen (`from`), so every line crosses the network once. A server that ignores `from` (some
 * 9.x builds) answers the whole log again, starting at line 0; the lines already collected are then
 * skipped, so none is kept twice.
 */
import { splitLines } from './jobStatus';

export class LogCollector {
	private lines: string[] = [];
	/** Lines received in all (including those no longer kept). */
	total = 0;

	/** @param keep how many of the last lines to keep; 0 keeps all. */
	constructor(private readonly keep = 0) {}

	/**
	 * Adds the log of one answer.
	 * @param requestedFrom the `from` this answer was asked with
	 * @param firstLineNr the answer's `first_log_line_nr` (where its log starts), if it has one
	 */
	add(text: string, requestedFrom: number, firstLineNr: number | undefined): void {
		let lines = splitLines(text);
		if (requestedFrom > 0 && firstLineNr !== undefined && firstLineNr < requestedFrom) {
			// The server sent the log from its start again: drop what we already have.
			lines = lines.slice(Math.min(this.total, lines.length));
		}
		if (lines.length === 0) return;
		this.total += lines.length;
		if (this.keep > 0 && lines.length >= this.keep) {
			this.lines = lines.slice(lines.length - this.keep);
			return;
		}
		for (const line of lines) this.lines.push(line);
		if (this.keep > 0 && this.lines.length > this.keep) this.lines.splice(0, this.lines.length - this.keep);
	}

	/** The kept lines as text, each ending in a newline. */
	text(): string {
		return this.lines.length === 0 ? '' : `${this.lines.join('\n')}\n`;
	}

	/** The last `count` kept lines. */
	tail(count: number): string[] {
		return this.lines.slice(Math.max(0, this.lines.length - count));
	}
}
