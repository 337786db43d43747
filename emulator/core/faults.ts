/**
 * Fault injection: per path pattern, the emulator answers with a failure instead of (or before)
 * its normal answer. Switchable from tests (`emulator.faults.add(...)`), over HTTP
 * (`POST /__emulator/faults`) and from the command line (`--fault kind:pattern`).
 */
export const FAULT_KINDS = [
	'error500', // 500 with the server's error document (webresult XML, catalog JSON or platform text)
	'resultError', // 200 whose webresult says result=ERROR
	'html', // 500 with a web container's HTML error page
	'truncated', // a body cut off before its announced length, then the connection closed
	'malformed', // 200 with a broken XML or JSON document
	'unavailable', // 503 with the error document
	'slow', // the normal answer after a delay
	'drop', // the connection closed without an answer
	'unauthorized', // 401
] as const;

export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultRule {
	kind: FaultKind;
	/** A substring of the full request path, or a glob with `*`, or a RegExp. */
	path: string | RegExp;
	/** Only this method (default any). */
	method?: string;
	/** How many requests it applies to (default: all until cleared). */
	times?: number;
	/** Let this many matching requests through before the fault applies (default 0). */
	after?: number;
	/** Delay for `slow` (default 5000 ms). */
	delayMs?: number;
	/** Message for error documents; `{authorization}` and `{password}` echo what the client sent. */
	message?: string;
}

interface ActiveRule extends FaultRule {
	id: number;
	remaining: number;
	skip: number;
	matcher: (path: string) => boolean;
}

function matcherOf(path: string | RegExp): (path: string) => boolean {
	if (path instanceof RegExp) return (p) => path.test(p);
	if (path.includes('*')) {
		const regex = new RegExp(`^${path.split('*').map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
		return (p) => regex.test(p);
	}
	return (p) => p.includes(path);
}

export class Faults {
	private rules: ActiveRule[] = [];
	private nextId = 1;

	add(rule: FaultRule): number {
		if (!FAULT_KINDS.includes(rule.kind)) throw new Error(`Unknown fault kind ${rule.kind}`);
		const id = this.nextId++;
		this.rules.push({ ...rule, id, remaining: rule.times ?? Infinity, skip: rule.after ?? 0, matcher: matcherOf(rule.path) });
		return id;
	}

	remove(id: number): void {
		this.rules = this.rules.filter((r) => r.id !== id);
	}

	clear(): void {
		this.rules = [];
	}

	list(): FaultRule[] {
		return this.rules.map(({ kind, path, method, delayMs, message, remaining }) => ({
			kind,
			path: path instanceof RegExp ? path.source : path,
			method,
			delayMs,
			message,
			times: remaining === Infinity ? undefined : remaining,
		}));
	}

	/** The rule for this request, if any; counts it as used. */
	take(method: string, path: string): FaultRule | undefined {
		const rule = this.rules.find(
			(r) => r.remaining > 0 && (!r.method || r.method.toUpperCase() === method.toUpperCase()) && r.matcher(path),
		);
		if (!rule) return undefined;
		if (rule.skip > 0) {
			rule.skip--;
			return undefined;
		}
		rule.remaining--;
		if (rule.remaining <= 0) this.remove(rule.id);
		return rule;
	}

	/** `kind:pattern[:times]` from the command line. */
	static parse(spec: string): FaultRule {
		const [kind, path, times] = spec.split(':');
		if (!kind || !path) throw new Error(`A fault is kind:pattern[:times], got "${spec}"`);
		return { kind: kind as FaultKind, path, times: times ? Number(times) : undefined };
	}
}
