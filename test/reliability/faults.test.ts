/**
 * Faults: for each node and a representative operation of each resource, the emulator answers the
 * operation's request with each kind of failure in turn. Each ends as a NodeApiError whose message
 * carries the server's own words where there are any — or, for the catalog's expired token, as
 * an automatic log-in and success.
 */
import { FAULT_KINDS, type FaultKind } from '../../emulator';
import { enumerateOperations, type OperationRef } from './catalogue';
import { CATALOG_LOGIN, escapeRegExp, hasBinary, isClearMessage, onHop, reliabilityEmulator, runSample, SHARED_LOOKUP } from './runner';

const fixture = reliabilityEmulator();

/**
 * The first operation of every resource of every node. The Hop Server samples (`server: 'hop'`) are left
 * out: the emulator's Hop flavour answers every request itself and the fault injection does not reach it
 * (/work/coord/hop-findings.md); their failures are tested with exact answers (test/worker/pipeline.nock.test.ts).
 */
const representatives: OperationRef[] = [];
for (const ref of enumerateOperations()) {
	if (onHop(ref)) continue;
	if (!representatives.some((r) => r.node === ref.node && r.resource === ref.resource)) representatives.push(ref);
}

const SLOW_MS = 1500;
const TIMEOUT_MS = 250;

describe.each(representatives.map((r) => [r.key, r] as const))('%s', (key, ref) => {
	let target = '';
	let binary = false;
	let emptyAnswer = false;
	const catalogLogin = ref.node === 'dataflowCatalog' && ref.resource === 'token';

	beforeAll(async () => {
		const dry = await runSample(fixture, ref);
		expect(dry.result.error?.message).toBeUndefined();
		target = dry.paths.find((p) => !CATALOG_LOGIN.test(p) && !SHARED_LOOKUP.test(p)) ?? dry.paths.find((p) => !CATALOG_LOGIN.test(p)) ?? dry.paths[0];
		binary = hasBinary(dry.result.items);
		emptyAnswer = dry.requests.find((r) => r.path === target)?.bytes === 0;
	});

	it.each(FAULT_KINDS.map((k) => [k]))('%s', async (kind: FaultKind) => {
		const message = `Injected ${kind} for ${key}: disk 7 is full`;
		const tokenCall = ref.credential === 'dataflowCatalogApi' && !CATALOG_LOGIN.test(target);
		const { result } = await runSample(fixture, ref, {
			timeoutMs: kind === 'slow' ? TIMEOUT_MS : undefined,
			beforeRun: () =>
				fixture.emulator.app.faults.add({
					kind,
					path: new RegExp(`^${escapeRegExp(target)}$`),
					message,
					delayMs: SLOW_MS,
					times: kind === 'unauthorized' && tokenCall ? 1 : undefined,
				}),
		});
		const error = result.error;

		if (kind === 'unauthorized' && tokenCall) {
			// An expired or refused token: n8n logs in again once and the call succeeds.
			expect(error?.message).toBeUndefined();
			expect(result.credentialsHelper.preAuthCalls).toBe(2);
			return;
		}
		if (binary && (kind === 'malformed' || kind === 'resultError')) {
			// For a download the 200 body is the file: it is handed on as the file, not parsed.
			expect(error?.message).toBeUndefined();
			expect(hasBinary(result.items)).toBe(true);
			return;
		}
		if (emptyAnswer && kind === 'malformed') {
			// The operation's answer has no body (a 200 is all it needs): a garbled body is ignored.
			expect(error?.message).toBeUndefined();
			return;
		}

		expect(error).toBeDefined();
		expect(error?.name).toBe('NodeApiError');
		expect(isClearMessage(error?.message)).toBe(true);
		expect(error?.context?.itemIndex).toBe(0);
		const text = `${error?.message} ${error?.description ?? ''}`;
		switch (kind) {
			case 'error500':
			case 'html':
				expect(text).toContain(message);
				expect(error?.httpCode).toBe('500');
				break;
			case 'unavailable':
				expect(text).toContain(message);
				expect(error?.httpCode).toBe('503');
				break;
			case 'resultError':
				// The catalog login is JSON: a worker document there is simply not a token.
				if (catalogLogin) expect(error?.message).toMatch(/without an access token/);
				else expect(text).toContain(message);
				break;
			case 'unauthorized':
				expect(error?.httpCode).toBe('401');
				break;
			case 'slow':
				expect(error?.message).toMatch(/did not answer (the login )?in time/);
				break;
			case 'drop':
				expect(error?.message).toMatch(catalogLogin ? /catalog is unavailable.*ECONNRESET/ : /closed the connection|broke off/);
				break;
			case 'truncated':
				expect(error?.message).toMatch(catalogLogin ? /catalog is unavailable/ : /broke off|closed the connection/);
				break;
			case 'malformed':
				// A broken document: said to be broken, or not what the operation expects.
				expect(error?.message).toMatch(/malformed|not a|without an access token|could not be read|unexpected|instead of|was expected/i);
				break;
		}
	});
});
