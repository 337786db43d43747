/**
 * Long commands (demo, end-to-end runs) never stay silent for more than about half a minute: when
 * nothing has been printed for `quietMs`, a line says what is still going on and for how long.
 */
export interface Heartbeat {
	/** Prints a line (and resets the quiet time). */
	say(line: string): void;
	/** Checks the quiet time now (the timer calls it every few seconds). */
	tick(): void;
	stop(): void;
}

export function heartbeat(write: (line: string) => void, quietMs = 25_000, now: () => number = Date.now): Heartbeat {
	let lastLineAt = now();
	let lastOutputAt = lastLineAt;
	let lastLine = 'starting';
	const tick = () => {
		if (now() - lastOutputAt < quietMs) return;
		lastOutputAt = now();
		write(`      … still working, ${Math.round((now() - lastLineAt) / 1000)} s since: ${lastLine.trim().slice(0, 120)}`);
	};
	const timer = setInterval(tick, Math.min(5_000, quietMs));
	timer.unref();
	return {
		say(line: string) {
			lastLineAt = lastOutputAt = now();
			if (line.trim() !== '') lastLine = line;
			write(line);
		},
		tick,
		stop() {
			clearInterval(timer);
		},
	};
}
