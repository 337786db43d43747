/**
 * Imported first by tests that inspect log output: turns n8n's logging on (debug) and, while
 * capturing, keeps every line written to stdout, stderr or the console instead of printing it.
 */
process.env.N8N_LOG_LEVEL = 'debug';

export const capturedLog: string[] = [];
let capturing = false;

export function startCapture(): void {
	capturedLog.length = 0;
	capturing = true;
}

export function stopCapture(): void {
	capturing = false;
}

for (const stream of [process.stdout, process.stderr]) {
	const original = stream.write.bind(stream) as (...args: unknown[]) => boolean;
	stream.write = ((chunk: unknown, ...rest: unknown[]) => {
		if (!capturing) return original(chunk, ...rest);
		capturedLog.push(typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk));
		const callback = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
		callback?.();
		return true;
	}) as typeof stream.write;
}
for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
	const original = console[method].bind(console);
	console[method] = (...args: unknown[]) => {
		if (capturing) capturedLog.push(args.map(String).join(' '));
		else original(...args);
	};
}
